import XCTest
@testable import L10nProject
@testable import L10nCore

/// `withoutPlaceholders` returns a key without a space or a `%` as it is; the split and join it
/// skips there is the oracle, on keys with and without placeholder words. `startsWithin2Edits`
/// answers as a bounded edit distance to each beginning of the key did.
final class SDKKeyIndexTests: XCTestCase {
    private func reference(_ key: String) -> String {
        var parts = key.split(separator: " ", omittingEmptySubsequences: false)
        while parts.count > 1, let last = parts.last, last.hasPrefix("%") { parts.removeLast() }
        return parts.joined(separator: " ")
    }

    func testTrailingPlaceholdersAsBefore() {
        let keys = ["ly_img_editor_dock_button_crop", "title %@ %lld", "title %@", "%@", "a %", "a  %@", " %@", "% a", "a %@ b",
                    "100%", "a b", "", "a \u{301}%@", "a %\u{301}", "ly_img_editor_navigation_bar_button_pages_mode %lld", "Hello, %@!"]
        for key in keys { XCTAssertEqual(SDKKeyIndex.withoutPlaceholders(key), reference(key), key.debugDescription) }
    }


    func testBeginningsWithin2EditsAsEachDistance() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ly_imgedtorb%é ".unicodeScalars)
        let prefixes = ["ly_img_editor_", "ab_", "a", "", "ly_", "x_y_z_w_"].map { Array($0.unicodeScalars) }
        var agreed = 0, within = 0
        for _ in 0..<60_000 {
            let prefix = prefixes.randomElement(using: &generator)!
            var key: [Unicode.Scalar]
            if Bool.random(using: &generator) {
                // The prefix with up to four random edits, then a tail.
                key = prefix
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    let position = Int.random(in: 0...key.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: key.insert(alphabet.randomElement(using: &generator)!, at: position)
                    case 1 where position < key.count: key.remove(at: position)
                    default: if position < key.count { key[position] = alphabet.randomElement(using: &generator)! }
                    }
                }
            } else {
                key = []
            }
            key += (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let expected = startedWithin2Edits(prefix, key)
            XCTAssertEqual(SDKKeyIndex.startsWithin2Edits(of: prefix, key), expected, "\(String(String.UnicodeScalarView(prefix))) \(String(String.UnicodeScalarView(key)))")
            agreed += 1
            if expected { within += 1 }
        }
        XCTAssertGreaterThan(within, 10_000)
        XCTAssertLessThan(within, agreed - 10_000)
    }

    /// A key's scalars read from its bytes when it is ASCII are its scalar view's, and other keys
    /// (accents, combining marks, emoji, a DEL byte) take the view.
    func testKeyScalarsAsTheScalarView() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ly_img %@\u{7F}é\u{301}漢👍🏽".unicodeScalars)
        for length in 0..<3_000 {
            let key = String(String.UnicodeScalarView((0..<(length % 50)).map { _ in alphabet.randomElement(using: &generator)! }))
            XCTAssertEqual(SDKKeyIndex.scalars(of: key), Array(key.unicodeScalars), key.debugDescription)
        }
    }

    /// The unsorted index names the key the sorted one named: the same nearest key, the same
    /// tie between equally near keys (the shorter, then the smaller), the same word match.
    func testUnsortedKeysNameTheKeyTheSortedIndexNamed() {
        var generator = SystemRandomNumberGenerator()
        let words = ["button", "buton", "crop", "cropp", "title", "tile", "text", "next", "a", "b", "ab", "ba"]
        var named = 0
        for _ in 0..<40 {
            var keys = Set<String>()
            let prefix = ["ly_img_editor_", "ab_", ""].randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                let parts = (0..<Int.random(in: 1...3, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                var key = prefix + parts.joined(separator: "_")
                if Bool.random(using: &generator) { key += [" %@", " %lld", " %1$@ %2$@"].randomElement(using: &generator)! }
                keys.insert(key)
            }
            let shuffled = Array(keys).shuffled(using: &generator)
            let index = SDKKeyIndex(shuffled), sorted = SortedSDKKeyIndex(shuffled)
            XCTAssertEqual(index.prefix, sorted.prefix)
            for _ in 0..<200 {
                let parts = (0..<Int.random(in: 1...3, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                var key = [prefix, "ly_img_", "x"].randomElement(using: &generator)! + parts.joined(separator: "_")
                if Bool.random(using: &generator) { key += [" %@", " %lld", "_x"].randomElement(using: &generator)! }
                let expected = sorted.intendedKey(for: key)
                XCTAssertEqual(index.intendedKey(for: key), expected, key)
                if expected != nil { named += 1 }
            }
        }
        XCTAssertGreaterThan(named, 1_000)
    }
}

/// The index as it was before it kept its keys unsorted (the oracle).
private struct SortedSDKKeyIndex {
    let keys: [String]
    /// The shared prefix of the SDK's keys up to an underscore (`ly_img_editor_`), when there is one.
    let prefix: String
    private let prefixScalars: [Unicode.Scalar]
    private let bySuffixless: [String: String]
    private let keySet: Set<String>
    /// Keys by length in scalars, so a search for distance 2 looks at five lengths only.
    private let byLength: [Int: [(scalars: [Unicode.Scalar], key: String)]]

    init(_ keys: [String]) {
        self.keys = keys.sorted()
        keySet = Set(keys)
        var common = self.keys.first ?? ""
        for key in self.keys where !key.hasPrefix(common) {
            common = String(zip(common, key).prefix { $0 == $1 }.map(\.0))
        }
        if let underscore = common.lastIndex(of: "_") { common = String(common[...underscore]) } else { common = "" }
        prefix = common.count >= 3 ? common : ""
        prefixScalars = Array(prefix.unicodeScalars)
        var table: [String: String] = [:]
        var lengths: [Int: [(scalars: [Unicode.Scalar], key: String)]] = [:]
        for key in self.keys {
            let stripped = SDKKeyIndex.withoutPlaceholders(key)
            if stripped != key, table[stripped] == nil { table[stripped] = key }
            let scalars = Array(key.unicodeScalars)
            lengths[scalars.count, default: []].append((scalars, key))
        }
        bySuffixless = table
        byLength = lengths
    }

    /// The key `key` most likely meant: one equal up to a placeholder suffix, else the nearest
    /// within an edit distance of 2, else (for a key with the SDK's prefix) the one sharing most
    /// words; nil when `key` looks like the app's own string.
    func intendedKey(for key: String) -> String? {
        let stripped = SDKKeyIndex.withoutPlaceholders(key)
        if let match = bySuffixless[stripped] ?? bySuffixless[key] { return match }
        if stripped != key, keySet.contains(stripped) { return stripped }
        let candidates = Array(key.unicodeScalars)
        guard mayRename(candidates) else { return nil }
        var best: (distance: Int, key: String)?
        for length in (candidates.count - 2)...(candidates.count + 2) {
            for other in byLength[length] ?? [] {
                let limit = best.map { $0.distance - 1 } ?? 2
                if limit < 0 { break }
                if let distance = EditDistance.bounded(candidates, other.scalars, limit: limit) { best = (distance, other.key) }
            }
        }
        if let best { return best.key }
        guard !prefix.isEmpty, key.hasPrefix(prefix) else { return nil }
        return nearestByWords(key)
    }

    /// Whether the key starts like the SDK's keys (within 2 edits of the shared prefix): only
    /// such a key can be 2 edits from one of them, so the app's own strings are not searched.
    private func mayRename(_ key: [Unicode.Scalar]) -> Bool {
        startedWithin2Edits(prefixScalars, key)
    }

    /// For a key with the SDK's prefix but no near match: the key sharing the most words.
    private func nearestByWords(_ key: String) -> String {
        let words = Set(key.split(separator: "_"))
        var best = (score: -1, key: keys.first ?? key)
        for other in keys {
            let score = Set(other.split(separator: "_")).intersection(words).count
            if score > best.score { best = (score, other) }
        }
        return best.key
    }

    /// The key without trailing placeholders (`title %@ %lld` → `title`).
    static func unusedWithoutPlaceholders(_ key: String) -> String {
        // Without a space and a `%` there is no trailing placeholder word: most SDK keys.
        guard key.containsASCII(0x20), key.containsASCII(UInt8(ascii: "%")) else { return key }
        var parts = key.split(separator: " ", omittingEmptySubsequences: false)
        while parts.count > 1, let last = parts.last, last.hasPrefix("%") { parts.removeLast() }
        return parts.joined(separator: " ")
    }
}

/// The old `mayRename`: a bounded edit distance from the prefix to each of five beginnings.
private func startedWithin2Edits(_ prefix: [Unicode.Scalar], _ key: [Unicode.Scalar]) -> Bool {
    guard !prefix.isEmpty else { return true }
    let n = prefix.count
    guard key.count >= n - 2 else { return false }
    for length in max(0, n - 2)...min(key.count, n + 2) where EditDistance.bounded(prefix, Array(key[0..<length]), limit: 2) != nil {
        return true
    }
    return false
}
