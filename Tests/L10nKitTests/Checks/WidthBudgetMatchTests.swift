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

    /// `WidthBudget.Surfaces`, which keeps ASCII prefixes as bytes for the checks' walks over
    /// every key, finds the surface `surface(of:in:)` finds: prefixes of every kind (ASCII,
    /// empty, non-ASCII, globs), overlapping ones in both orders, keys shorter than them.
    func testSurfacesFindWhatTheBudgetsFind() {
        let pieces = ["ly_img_editor_", "dock_", "dock", "_", "a", "é", "e\u{301}", "e", "日本", "😀", "*", "?", ""]
        var random = SeededRandom(seed: 19)
        func text(_ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        var found = 0, none = 0, notFirst = 0
        for _ in 0..<2_000 {
            let budgets = (0..<Int.random(in: 0...4, using: &random)).map { index in
                WidthBudget(name: "s\(index)", keys: text(0...3), budget: 10 + index)
            }
            let surfaces = WidthBudget.Surfaces(budgets)
            for _ in 0..<10 {
                let key = Bool.random(using: &random) && !budgets.isEmpty
                    ? budgets.randomElement(using: &random)!.keys.replacingOccurrences(of: "*", with: "x") + text(0...2) : text(0...5)
                let expected = WidthBudget.surface(of: key, in: budgets)
                XCTAssertEqual(surfaces.surface(of: key), expected, "\(key.debugDescription) in \(budgets.map(\.keys))")
                XCTAssertEqual(surfaces.index(of: key).map { budgets[$0] }, expected)
                if let expected {
                    found += 1
                    if expected != budgets[0] { notFirst += 1 }
                } else {
                    none += 1
                }
            }
        }
        XCTAssertGreaterThan(found, 3_000)
        XCTAssertGreaterThan(none, 3_000)
        XCTAssertGreaterThan(notFirst, 1_000)
    }
}
