import Foundation
import L10nCore
import L10nFormats

/// What changes for an app when it bumps the editor SDK: the keys and locales of the old SDK
/// catalog against the new one, and (with the project) the app's overrides the upgrade breaks.
public struct SDKDiff: Sendable, Equatable {
    /// A key with its English (source-language) text.
    public struct Key: Sendable, Equatable {
        public var key: String
        public var source: String
    }

    /// A key whose source-language text changed.
    public struct SourceChange: Sendable, Equatable {
        public var key: String
        public var old: String
        public var new: String
        /// The app catalog whose override of the key wins (its rename may no longer fit); nil
        /// without a project or when the app does not override the key.
        public var overriddenIn: String?
    }

    /// The added key most likely to replace a removed one.
    public struct Rename: Sendable, Equatable {
        public var key: String
        public var source: String
        /// Similarity of the English texts in percent (100: the same text).
        public var score: Int
    }

    /// An app override of a key the new SDK no longer has: it does nothing after the upgrade.
    public struct RemovedOverride: Sendable, Equatable {
        public var key: String
        /// The app catalog that defines it and where.
        public var file: String
        public var line: Int?
        public var column: Int?
        /// The override's own source-language text (the app's rename).
        public var value: String
        /// The old SDK's English text for the key.
        public var oldSource: String
        public var likelyRename: Rename?
    }

    public var oldKeyCount: Int
    public var newKeyCount: Int
    public var added: [Key]
    public var removed: [Key]
    public var sourceChanged: [SourceChange]
    public var localesAdded: [String]
    public var localesRemoved: [String]
    /// Only when compared with a project.
    public var overrides: [RemovedOverride]?
    /// The added keys' English, folded and split into grapheme clusters once for `likelyRename`.
    private var addedFolded: [[Character]] = []

    /// The lowest English-text similarity for a likely rename, in percent.
    public static let renameThreshold = 50

    /// Compares two SDK catalogs; keys in Xcode's key order.
    public init(old: StringCatalog, new: StringCatalog) {
        oldKeyCount = old.entries.count
        newKeyCount = new.entries.count
        added = new.orderedKeys.filter { old.entries[$0] == nil }.map { Key(key: $0, source: Self.sourceText(of: $0, in: new)) }
        removed = old.orderedKeys.filter { new.entries[$0] == nil }.map { Key(key: $0, source: Self.sourceText(of: $0, in: old)) }
        sourceChanged = new.orderedKeys.compactMap { key in
            guard let before = old.entries[key] else { return nil }
            let oldSource = before.localizations?[old.sourceLanguage]
            let newSource = new.entries[key]?.localizations?[new.sourceLanguage]
            guard oldSource != newSource else { return nil }
            return SourceChange(key: key, old: Self.sourceText(of: key, in: old), new: Self.sourceText(of: key, in: new), overriddenIn: nil)
        }
        let oldLocales = Set(old.locales), newLocales = Set(new.locales)
        localesAdded = new.locales.filter { !oldLocales.contains($0) }.sorted()
        localesRemoved = old.locales.filter { !newLocales.contains($0) }.sorted()
        overrides = nil
        addedFolded = added.map { Array(TextFolding.fold($0.source)) }
    }

    /// The comparison with the app's overrides in `project`: each override of a removed key with
    /// its likely rename, and which source changes fall under an override.
    public init(old: StringCatalog, new: StringCatalog, project: Project) throws {
        self.init(old: old, new: new)
        let removedKeys = Set(removed.map(\.key))
        var found: [RemovedOverride] = []
        var overriding: [String: String] = [:]
        for layer in project.lookupChain.appLayers {
            guard let file = project.catalogs.first(where: { $0.path == layer.catalogPath }) else { continue }
            let catalog = file.catalog
            var here: [RemovedOverride] = []
            for key in catalog.orderedKeys {
                if overriding[key] == nil, new.entries[key] != nil { overriding[key] = file.path }
                guard removedKeys.contains(key), !found.contains(where: { $0.key == key }) else { continue }
                here.append(RemovedOverride(key: key, file: file.path, line: nil, column: nil,
                                            value: Self.sourceText(of: key, in: catalog), oldSource: Self.sourceText(of: key, in: old),
                                            likelyRename: likelyRename(of: key, oldSource: Self.sourceText(of: key, in: old))))
            }
            if !here.isEmpty {
                let data = try AtomicFile.read(project.url(forPath: file.path))
                let locations = try StringCatalogLocations(data, file: file.path, only: Set(here.map(\.key)))
                for index in here.indices {
                    let location = locations.location(key: here[index].key, locale: nil)
                    here[index].line = location?.line
                    here[index].column = location?.column
                }
            }
            found += here
        }
        overrides = found
        for index in sourceChanged.indices { sourceChanged[index].overriddenIn = overriding[sourceChanged[index].key] }
    }

    /// The added key whose English text is the same as `oldSource` or nearest to it (at least
    /// `renameThreshold`); among equals, the one whose key is nearest to the removed key.
    public func likelyRename(of key: String, oldSource: String) -> Rename? {
        let folded = Array(TextFolding.fold(oldSource))
        var best: (rename: Rename, keyDistance: Int)?
        for (candidate, text) in zip(added, addedFolded) {
            // A length difference alone can rule a text out.
            let longer = max(folded.count, text.count)
            guard longer == 0 || 100 * (longer - abs(folded.count - text.count)) / longer >= Self.renameThreshold else { continue }
            let score = TextSimilarity.percent(folded, text)
            guard score >= Self.renameThreshold else { continue }
            if let current = best, current.rename.score > score { continue }
            let keyDistance = TextSimilarity.distance(Array(key), Array(candidate.key))
            if let current = best, (current.rename.score, -current.keyDistance) >= (score, -keyDistance) { continue }
            best = (Rename(key: candidate.key, source: candidate.source, score: score), keyDistance)
        }
        return best?.rename
    }

    /// A key's source-language text: its string, else its plural `other` (or first) form, else the
    /// key itself (a catalog whose keys are their English text).
    public static func sourceText(of key: String, in catalog: StringCatalog) -> String {
        guard let localization = catalog.entries[key]?.localizations?[catalog.sourceLanguage] else { return key }
        if let value = localization.stringUnit?.value { return value }
        let leaves = localization.stringUnits
        return leaves.first { $0.path.components.last == "other" }?.unit.value ?? leaves.first?.unit.value ?? key
    }
}

/// Similarity of short texts: Levenshtein distance over grapheme clusters.
public enum TextSimilarity {
    /// The edit distance of two texts' grapheme clusters.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// 100 × (1 − distance ÷ the longer length), rounded down; 100 only for equal texts.
    public static func percent(_ a: [Character], _ b: [Character]) -> Int {
        if a == b { return 100 }
        let longer = max(a.count, b.count)
        return min(99, 100 * (longer - distance(a, b)) / longer)
    }
}
