import L10nFormats

/// A handful of file paths, each found by comparing it with the few known ones (the last one
/// found first; the import's paths are shared strings, so most comparisons stop at identity),
/// not by hashing it: an import asks for one with nearly every unit.
struct PathSlots {
    private(set) var paths: [String] = []
    private var last = 0

    func index(of path: String) -> Int? {
        if last < paths.count, paths[last] == path { return last }
        return paths.firstIndex(of: path)
    }

    /// The path's index, the path added at the end when new; it is looked for first next time.
    mutating func index(adding path: String) -> (index: Int, isNew: Bool) {
        if let found = index(of: path) {
            last = found
            return (found, false)
        }
        paths.append(path)
        last = paths.count - 1
        return (last, true)
    }

    mutating func removeLast() {
        paths.removeLast()
        last = 0
    }
}

/// Answers worked out once per key and remembered, the last one asked looked at first: an
/// import asks per unit, and units come file by file, so most ask what the one before asked
/// and find it without hashing the key.
struct RememberedAnswers<Value>: Sendable where Value: Sendable {
    private var answers: [String: Value] = [:]
    private var last: (key: String, value: Value)?

    /// The answer for `key`, made by `make` the first time it is asked.
    mutating func answer(for key: String, _ make: () -> Value) -> Value {
        if let last, last.key == key { return last.value }
        let value: Value
        if let known = answers[key] {
            value = known
        } else {
            value = make()
            answers[key] = value
        }
        last = (key, value)
        return value
    }
}

/// The working copies of the catalogs an import edits, by path. An import edits a handful of
/// catalogs but reads and edits one for every unit, so paths are `PathSlots`.
struct ImportCatalogs: Sequence {
    private var slots = PathSlots()
    /// Nil for a path that was asked for but has no catalog (yet).
    private var catalogs: [StringCatalog?] = []

    /// The catalog at `path`; set, or edited in place through optional chaining, like a dictionary's value.
    subscript(path: String) -> StringCatalog? {
        // Read in place: a `get` returned a copy of the catalog (a reference per field) for every read.
        _read {
            if let index = slots.index(of: path) { yield catalogs[index] } else { yield nil }
        }
        _modify {
            let (index, isNew) = slots.index(adding: path)
            if isNew { catalogs.append(nil) }
            yield &catalogs[index]
            // A path only asked about, never set, takes no place in the order.
            if isNew, case .none = catalogs[index] {
                slots.removeLast()
                catalogs.removeLast()
            }
        }
    }

    /// Where the catalog at `path` is kept, nil when none is set: an import finds its file's
    /// catalog once and reads and edits it by slot (each `self[path]` access found the path
    /// again and allocated its accessor's frame). A slot stays valid: paths are only appended,
    /// the one removed is a path just added and left unset, and a set catalog is never unset.
    func slot(of path: String) -> Int? {
        guard let index = slots.index(of: path), case .some = catalogs[index] else { return nil }
        return index
    }

    /// Runs `body` on the catalog in `slot` (from `slot(of:)`), in place: neither copied nor found again.
    mutating func edit<Result, Failure: Error>(_ slot: Int, _ body: (inout StringCatalog) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(&catalogs[slot]!)
    }

    /// The catalogs in the order they were first set.
    func makeIterator() -> some IteratorProtocol<(path: String, catalog: StringCatalog)> {
        zip(slots.paths, catalogs).lazy.compactMap { path, catalog in catalog.map { (path: path, catalog: $0) } }.makeIterator()
    }
}

/// Counts by file path (the values an import applied to each file): one count raised for
/// nearly every unit, so paths are `PathSlots`.
struct PathCounts: Equatable {
    private var slots = PathSlots()
    private var counts: [Int] = []

    /// The count of `path`; nil when it was never counted.
    subscript(path: String) -> Int? {
        slots.index(of: path).map { counts[$0] }
    }

    subscript(path: String, default value: Int) -> Int {
        get { self[path] ?? value }
        set {
            let (index, isNew) = slots.index(adding: path)
            if isNew { counts.append(0) }
            counts[index] = newValue
        }
    }

    /// Adds another run's counts to these.
    mutating func merge(_ other: PathCounts) {
        for (path, count) in zip(other.slots.paths, other.counts) { self[path, default: 0] += count }
    }

    static func == (lhs: PathCounts, rhs: PathCounts) -> Bool {
        Dictionary(zip(lhs.slots.paths, lhs.counts), uniquingKeysWith: +) == Dictionary(zip(rhs.slots.paths, rhs.counts), uniquingKeysWith: +)
    }
}
