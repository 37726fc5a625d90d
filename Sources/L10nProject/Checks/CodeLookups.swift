import L10nFormats

/// The keys the project's Swift code looks up, by table: whole keys, and interpolated ones by
/// shape (`"\(count) files"` matches `%lld files` and `%d files`). A call names its table
/// (`tableName:`), else reads `Localizable`; a lookup through the editor SDK's chain reads the
/// app's `Localizable` and `IMGLYEditor` tables. Bundles are not told apart. What `key-unused`,
/// `translation-only-key` and the import of keys Xcode extracts from code ask of the code.
package struct CodeLookups: Sendable {
    private var keys: [String: Set<String>] = [:]
    private var shapes: [String: [KeyShape: [CodeKey]]] = [:]

    /// The lookups of every Swift file's references, and the editor keys of its labels.
    package init(_ sources: [SwiftSource]) {
        var patterns: [String: [CodeKey]] = [:]
        for file in sources {
            for reference in file.references {
                for table in Self.tables(reference.readsEditorChain ? nil : reference.table ?? "Localizable") {
                    if reference.key.hasArguments { patterns[table, default: []].append(reference.key) } else { keys[table, default: []].insert(reference.key.text) }
                }
            }
            for label in file.labels {
                guard case .editorKey(let key) = label.content else { continue }
                for table in Self.tables(nil) { keys[table, default: []].insert(key) }
            }
        }
        shapes = patterns.mapValues { Dictionary(grouping: $0, by: KeyShape.init) }
    }

    /// The tables a lookup reads: the one it names, or (nil) the editor chain's two.
    private static func tables(_ named: String?) -> [String] {
        named.map { [$0] } ?? ["Localizable", ProjectDiscovery.editorTable]
    }

    /// Adds a key something else looks up in a table (a storyboard's `stbLocKey`, in `Localizable`).
    mutating func insert(_ key: String, table: String) { keys[table, default: []].insert(key) }

    /// Whether code looks the key up in the table.
    package func contains(_ key: String, table: String) -> Bool {
        if keys[table]?.contains(key) == true { return true }
        guard let tableShapes = shapes[table], let shape = KeyShape(key) else { return false }
        return Self.matches(key, shape, tableShapes)
    }

    /// Whether code looks the key up in any table.
    func contains(_ key: String) -> Bool {
        if keys.values.contains(where: { $0.contains(key) }) { return true }
        guard let shape = KeyShape(key) else { return false }
        return shapes.values.contains { Self.matches(key, shape, $0) }
    }

    private static func matches(_ key: String, _ shape: KeyShape, _ tableShapes: [KeyShape: [CodeKey]]) -> Bool {
        tableShapes[shape]?.contains { $0.matches(key) } ?? false
    }
}
