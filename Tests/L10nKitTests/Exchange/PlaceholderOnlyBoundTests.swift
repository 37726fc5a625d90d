import Foundation
import L10nTestSupport
import XCTest
@testable import L10nExchange

/// `ImportPolicy.mayHoldOnlyPlaceholders` settles most targets on their bytes before
/// `holdsOnlyPlaceholders` parses them: it must never say no where the parse says yes.
final class PlaceholderOnlyBoundTests: XCTestCase {
    func testTheByteBoundNeverContradictsTheParse() {
        let pieces = ["%@", "%1$@", "%2$@", "%d", "%lld", "%hhd", "%llx", "%5.2f", "%-8s", "%+d", "%%", "%#@files@", "% ", "%",
                      " ", "\t", "\n", "\u{00A0}", "\u{3000}", "\u{2028}", "a", "Von", "löschen", "ж", "日本", "?", "$", "1", "@", "l", "é"]
        var random = SeededRandom(seed: 37)
        var placeholderOnly = 0
        for _ in 0..<20_000 {
            let text = (0..<(1 + random.below(5))).map { _ in pieces[random.below(pieces.count)] }.joined()
            let parsed = ImportPolicy.holdsOnlyPlaceholdersByParse(text)
            if parsed {
                placeholderOnly += 1
                XCTAssertTrue(ImportPolicy.mayHoldOnlyPlaceholders(text), "the bound refused \(text.debugDescription)")
            }
            XCTAssertEqual(ImportPolicy.holdsOnlyPlaceholders(text), parsed, text.debugDescription)
        }
        XCTAssertGreaterThan(placeholderOnly, 500, "the texts reach the case the bound must not refuse")
        // What it settles on the bytes alone.
        XCTAssertFalse(ImportPolicy.mayHoldOnlyPlaceholders("Von %lld"))
        XCTAssertFalse(ImportPolicy.mayHoldOnlyPlaceholders("%@ löschen?"))
        XCTAssertTrue(ImportPolicy.mayHoldOnlyPlaceholders("%1$lld\u{3000}%2$@"))
    }
}
