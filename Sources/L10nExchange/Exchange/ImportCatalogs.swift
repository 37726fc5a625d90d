import L10nFormats

/// The working copies of the catalogs an import edits, by path. An import edits a handful of
/// catalogs but reads and edits one for every unit: a path is found by comparing it with the
/// few known ones (the last one found first), not by hashing it each time.
struct ImportCatalogs: Sequence {
    private var paths: [String] = []
    /// Nil for a path that was asked for but has no catalog (yet).
    private var catalogs: [StringCatalog?] = []
    private var last = 0

    private func slot(of path: String) -> Int? {
        if last < paths.count, paths[last] == path { return last }
        return paths.firstIndex(of: path)
    }

    /// The catalog at `path`; set, or edited in place through optional chaining, like a dictionary's value.
    subscript(path: String) -> StringCatalog? {
        // Read in place: a `get` returned a copy of the catalog (a reference per field) for every read.
        _read {
            if let index = slot(of: path) { yield catalogs[index] } else { yield nil }
        }
        _modify {
            let index: Int
            let isNew: Bool
            if let found = slot(of: path) {
                index = found
                isNew = false
            } else {
                paths.append(path)
                catalogs.append(nil)
                index = paths.count - 1
                isNew = true
            }
            last = index
            yield &catalogs[index]
            // A path only asked about, never set, takes no place in the order.
            if isNew, catalogs[index] == nil {
                paths.removeLast()
                catalogs.removeLast()
                last = 0
            }
        }
    }

    /// Whether a catalog is set at `path`, asked without copying it (`self[path] == nil` copied
    /// the whole catalog value, a reference per field, for every unit).
    func holds(_ path: String) -> Bool {
        guard let index = slot(of: path), case .some = catalogs[index] else { return false }
        return true
    }

    /// The source language of the catalog at `path`, read in place.
    func sourceLanguage(at path: String) -> String? {
        guard let index = slot(of: path) else { return nil }
        return catalogs[index]?.sourceLanguage
    }

    /// The catalogs in the order they were first set.
    func makeIterator() -> some IteratorProtocol<(path: String, catalog: StringCatalog)> {
        zip(paths, catalogs).lazy.compactMap { path, catalog in catalog.map { (path: path, catalog: $0) } }.makeIterator()
    }
}

/// Counts by file path (the values an import applied to each file): a handful of paths, one
/// count raised for nearly every unit, so a path is found by comparing it with the few known
/// ones (the last one first; the import's paths are shared strings, compared by identity
/// first), not by hashing it each time.
struct PathCounts: Equatable {
    private var paths: [String] = []
    private var counts: [Int] = []
    private var last = 0

    private mutating func slot(of path: String) -> Int {
        if last < paths.count, paths[last] == path { return last }
        if let found = paths.firstIndex(of: path) {
            last = found
        } else {
            paths.append(path)
            counts.append(0)
            last = paths.count - 1
        }
        return last
    }

    /// The count of `path`; nil when it was never counted.
    subscript(path: String) -> Int? {
        guard let index = paths.firstIndex(of: path) else { return nil }
        return counts[index]
    }

    subscript(path: String, default value: Int) -> Int {
        get { self[path] ?? value }
        set {
            let index = slot(of: path)
            counts[index] = newValue
        }
    }

    /// Adds another run's counts to these.
    mutating func merge(_ other: PathCounts) {
        for (path, count) in zip(other.paths, other.counts) { self[path, default: 0] += count }
    }

    static func == (lhs: PathCounts, rhs: PathCounts) -> Bool {
        Dictionary(zip(lhs.paths, lhs.counts), uniquingKeysWith: +) == Dictionary(zip(rhs.paths, rhs.counts), uniquingKeysWith: +)
    }
}
