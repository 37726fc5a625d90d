import L10nCore

/// A key in an app layer that no lower layer has but that is meant to rename one: a typo or a
/// dropped placeholder suffix, so the rename never shows.
public struct UnknownKeyCheck: Check {
    public static let id = "unknown-key"
    public static let defaultSeverity = Severity.error
    public static let summary = "An override's key matches no key below it (a typo or a dropped placeholder suffix), so the rename never shows"
    public static let hint = "rename the key to the SDK's exact key"

    public static let triggeringExamples: [CheckExample] = [
        .editor("A typo: buton for button",
                sdk: ["ly_img_editor_inspector_bar_button_crop": ["en": "Crop"]],
                localizable: ["ly_img_editor_inspector_bar_buton_crop": ["en": "Trim"]]),
        .editor("The key lost its placeholder suffix",
                sdk: ["ly_img_editor_asset_library_label_credits_artist %@": ["en": "By %@"]],
                editorTable: ["ly_img_editor_asset_library_label_credits_artist": ["en": "By %@"]]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .editor("The override names the SDK key exactly",
                sdk: ["ly_img_editor_inspector_bar_button_crop": ["en": "Crop"]],
                localizable: ["ly_img_editor_inspector_bar_button_crop": ["en": "Trim"]]),
        .editor("The app's own strings are not renames",
                sdk: ["ly_img_editor_inspector_bar_button_crop": ["en": "Crop"]],
                localizable: ["Open Editor": ["de": "Editor öffnen"], "home_title": ["en": "Home"]]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        for (position, layer) in context.chain.enumerated() where layer.layer.role == .app {
            guard let catalog = layer.catalog else { continue }
            for key in catalog.orderedKeys {
                guard let nearest = context.misnamedOverride(key, layer: position) else { continue }
                result.append(finding(
                    file: layer.layer.catalogPath, key: key,
                    message: "\(layer.layer.name) defines \"\(key)\", which no layer below has; did you mean \"\(nearest)\"? Devices keep showing the SDK's text",
                    hint: "rename the key to \"\(nearest)\""))
            }
        }
        return result
    }
}

/// The SDK's keys, searchable for the one an app key most likely meant.
package struct SDKKeyIndex: Sendable {
    let keys: [String]
    /// The shared prefix of the SDK's keys up to an underscore (`ly_img_editor_`), when there is one.
    let prefix: String
    private let prefixScalars: [Unicode.Scalar]
    private let bySuffixless: [String: String]
    private let keySet: Set<String>
    /// Keys by length in scalars, so a search for distance 2 looks at five lengths only.
    private let byLength: [Int: [(scalars: [Unicode.Scalar], key: String)]]

    /// `keys` in any order: ties are broken by the smaller key, so no sort is needed.
    package init(_ keys: [String]) {
        self.keys = keys
        keySet = Set(keys)
        // The common prefix of every key, whichever comes first.
        var common = keys.first ?? ""
        for key in keys where !key.hasPrefix(common) {
            common = String(zip(common, key).prefix { $0 == $1 }.map(\.0))
        }
        if let underscore = common.lastIndex(of: "_") { common = String(common[...underscore]) } else { common = "" }
        prefix = common.count >= 3 ? common : ""
        prefixScalars = Array(prefix.unicodeScalars)
        var table: [String: String] = [:]
        var lengths: [Int: [(scalars: [Unicode.Scalar], key: String)]] = [:]
        for key in self.keys {
            let stripped = Self.withoutPlaceholders(key)
            if stripped != key, table[stripped].map({ key < $0 }) ?? true { table[stripped] = key }
            let scalars = Self.scalars(of: key)
            lengths[scalars.count, default: []].append((scalars, key))
        }
        bySuffixless = table
        byLength = lengths
    }

    /// The key's Unicode scalars; an ASCII key's (every SDK key) straight from its bytes, where
    /// the scalar view decoded each and counted them first (most of building the index).
    static func scalars(of key: String) -> [Unicode.Scalar] {
        let ascii: [Unicode.Scalar]? = key.utf8.withContiguousStorageIfAvailable { bytes in
            var scalars: [Unicode.Scalar] = []
            scalars.reserveCapacity(bytes.count)
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                scalars.append(Unicode.Scalar(byte))
            }
            return scalars
        } ?? nil
        return ascii ?? Array(key.unicodeScalars)
    }

    /// The key `key` most likely meant: one equal up to a placeholder suffix, else the nearest
    /// within an edit distance of 2, else (for a key with the SDK's prefix) the one sharing most
    /// words; nil when `key` looks like the app's own string.
    package func intendedKey(for key: String) -> String? {
        let stripped = Self.withoutPlaceholders(key)
        if let match = bySuffixless[stripped] ?? bySuffixless[key] { return match }
        if stripped != key, keySet.contains(stripped) { return stripped }
        let candidates = Self.scalars(of: key)
        // Only a key that starts like the SDK's keys (within 2 edits of their shared prefix)
        // can be 2 edits from one of them, so the app's own strings are not searched.
        guard Self.startsWithin2Edits(of: prefixScalars, candidates) else { return nil }
        // The nearest; of equally near keys, the shortest, then the smallest.
        var best: (distance: Int, length: Int, key: String)?
        search: for length in (candidates.count - 2)...(candidates.count + 2) {
            for other in byLength[length] ?? [] {
                if best?.distance == 0 { break search }
                guard let distance = EditDistance.bounded(candidates, other.scalars, limit: best?.distance ?? 2) else { continue }
                if let found = best, distance == found.distance, found.length != length || found.key < other.key { continue }
                best = (distance, length, other.key)
            }
        }
        if let best { return best.key }
        guard !prefix.isEmpty, key.hasPrefix(prefix) else { return nil }
        return nearestByWords(key)
    }

    /// Whether some beginning of `key` is within 2 edits of `prefix` (an empty prefix: always).
    /// One table of the prefix against the key's first scalars holds the distance to each
    /// beginning, where a search per beginning length built five.
    static func startsWithin2Edits(of prefix: [Unicode.Scalar], _ key: [Unicode.Scalar]) -> Bool {
        guard !prefix.isEmpty else { return true }
        let n = prefix.count
        guard key.count >= n - 2 else { return false }
        let width = min(key.count, n + 2)
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (width + 1)) { buffer in
            var previous = buffer.baseAddress!, current = previous + (width + 1)
            for j in 0...width { previous[j] = j }
            for i in 1...n {
                current[0] = i
                var rowMinimum = i
                let scalar = prefix[i - 1]
                if width > 0 {
                    for j in 1...width {
                        let cost = scalar == key[j - 1] ? 0 : 1
                        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                        rowMinimum = Swift.min(rowMinimum, current[j])
                    }
                }
                // No row has a smaller minimum than the one above it.
                if rowMinimum > 2 { return false }
                swap(&previous, &current)
            }
            for length in max(0, n - 2)...width where previous[length] <= 2 { return true }
            return false
        }
    }

    /// For a key with the SDK's prefix but no near match: the key sharing the most words.
    private func nearestByWords(_ key: String) -> String {
        let words = Set(key.split(separator: "_"))
        var best = (score: -1, key: key)
        for other in keys {
            let score = Set(other.split(separator: "_")).intersection(words).count
            if score > best.score || (score == best.score && other < best.key) { best = (score, other) }
        }
        return best.key
    }

    /// The key without trailing placeholders (`title %@ %lld` → `title`).
    static func withoutPlaceholders(_ key: String) -> String {
        // Without a space and a `%` there is no trailing placeholder word: most SDK keys.
        guard key.containsASCII(0x20), key.containsASCII(UInt8(ascii: "%")) else { return key }
        var parts = key.split(separator: " ", omittingEmptySubsequences: false)
        while parts.count > 1, let last = parts.last, last.hasPrefix("%") { parts.removeLast() }
        return parts.joined(separator: " ")
    }
}
