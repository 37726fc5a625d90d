import XCTest
@testable import L10nProject
@testable import L10nTestSupport

/// A surface named by an ASCII prefix holds a key when the key's UTF-8 starts with the prefix's
/// bytes: `matches` compares them with `memcmp`, against `utf8.starts(with:)`, which it replaced.
final class WidthBudgetMatchTests: XCTestCase {
    func testAnASCIIPrefixMatchesAsTheBytesStart() {
        let pieces = ["ly_img_editor_", "dock_", "dock", "_", "a", "é", "e\u{301}", "e", "日本", "😀", ""]
        var random = SeededRandom(seed: 12)
        func text(_ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        var matched = 0
        for _ in 0..<20_000 {
            let prefix = String(text(0...3).unicodeScalars.filter(\.isASCII))
            let key = Bool.random(using: &random) ? prefix + text(0...3) : text(0...5)
            let budget = WidthBudget(name: "s", keys: prefix, budget: 10)
            let expected = key.utf8.starts(with: prefix.utf8)
            if expected { matched += 1 }
            XCTAssertEqual(budget.matches(key), expected, "\(key.debugDescription) / \(prefix.debugDescription)")
        }
        XCTAssertGreaterThan(matched, 5_000, "the texts hold enough matches to tell")
    }
}
