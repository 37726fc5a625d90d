import XCTest
@testable import L10nLocale
import L10nTestSupport

/// Identifiers taken apart once and remembered are the identifiers taken apart anew, also for
/// strings `==` takes as one (canonically equivalent) but that differ in their bytes.
final class LocaleMatcherIdentifierCacheTests: XCTestCase {
    func testRememberedIdentifiersEqualFreshOnes() {
        var random = SeededRandom(seed: 18)
        var strings = ["e\u{301}n", "\u{E9}n", "en-\u{C5}X", "en-A\u{30A}X", "zh-Hant-TW", "zh_Hant_TW", "", "x", String(repeating: "a", count: 70)]
        for _ in 0..<500 { strings.append(LocaleMatcherPropertyTests.identifier(&random)) }
        for _ in 0..<2 {
            for string in strings {
                let taken = LocaleMatcher.Identifier.taken(string)
                XCTAssertEqual(taken, LocaleMatcher.Identifier(string), string.debugDescription)
                XCTAssertEqual(Array(taken.original.utf8), Array(string.utf8), string.debugDescription)
            }
        }
    }
}
