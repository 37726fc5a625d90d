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

    private func startedWithin2Edits(_ prefix: [Unicode.Scalar], _ key: [Unicode.Scalar]) -> Bool {
        guard !prefix.isEmpty else { return true }
        let n = prefix.count
        guard key.count >= n - 2 else { return false }
        for length in max(0, n - 2)...min(key.count, n + 2) where EditDistance.bounded(prefix, Array(key[0..<length]), limit: 2) != nil {
            return true
        }
        return false
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
}
