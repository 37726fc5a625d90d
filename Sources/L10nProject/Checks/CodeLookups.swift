import L10nFormats

/// The keys the project's Swift code looks up, in any table: whole keys, and interpolated ones
/// by shape (`"\(count) files"` matches `%lld files` and `%d files`). What `key-unused` and
/// `translation-only-key` ask of the code.
struct CodeLookups {
    private var keys = Set<String>()
    private var shapes: [KeyShape: [CodeKey]] = [:]

    /// The lookups of every Swift file's references, and the editor keys of its labels.
    init(_ sources: [SwiftSource]) {
        var patterns: [CodeKey] = []
        for file in sources {
            for reference in file.references {
                if reference.key.hasArguments { patterns.append(reference.key) } else { keys.insert(reference.key.text) }
            }
            for label in file.labels {
                if case .editorKey(let key) = label.content { keys.insert(key) }
            }
        }
        shapes = Dictionary(grouping: patterns, by: KeyShape.init)
    }

    /// Adds a key something else looks up (a storyboard's `stbLocKey`).
    mutating func insert(_ key: String) { keys.insert(key) }

    func contains(_ key: String) -> Bool {
        if keys.contains(key) { return true }
        guard let shape = KeyShape(key) else { return false }
        return shapes[shape]?.contains { $0.matches(key) } ?? false
    }
}
