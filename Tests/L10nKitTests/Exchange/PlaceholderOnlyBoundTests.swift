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

    /// The bound as it was written first, a `switch` per byte of the text's `UTF8View`: the
    /// oracle of the branch-free count.
    private static func referenceBound(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return true }
        if first > 0x20, first < 0x80, first != UInt8(ascii: "%") { return false }
        if first >= 0x80, let scalar = text.unicodeScalars.first, !scalar.properties.isWhitespace { return false }
        var letters = 0, percents = 0, beyondASCII = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "%"): percents += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): letters += 1
            case 0x80...: beyondASCII = true
            default: break
            }
        }
        guard letters <= 3 * percents else { return false }
        return !beyondASCII || text.unicodeScalars.allSatisfy { $0.isASCII || $0.properties.isWhitespace }
    }

    func testTheBoundAnswersAsTheByteSwitchDid() throws {
        // Every byte value once, after a `%` (so the count runs), and the generated texts above.
        for byte in UInt8(0)...UInt8(0x7F) {
            for text in ["%" + String(UnicodeScalar(byte)), "%@%d" + String(repeating: String(UnicodeScalar(byte)), count: 7), " %" + String(UnicodeScalar(byte))] {
                XCTAssertEqual(ImportPolicy.mayHoldOnlyPlaceholders(text), Self.referenceBound(text), text.debugDescription)
            }
        }
        let pieces = ["%@", "%1$@", "%lld", "%%", "%#@files@", "%", " ", "\t", "\u{00A0}", "\u{3000}", "a", "Z", "[", "`", "{", "@",
                      "löschen", "ж", "日本", "\u{1F600}", "é", "Å"]
        var random = SeededRandom(seed: 41)
        for _ in 0..<20_000 {
            let text = (0..<(1 + random.below(8))).map { _ in pieces[random.below(pieces.count)] }.joined()
            XCTAssertEqual(ImportPolicy.mayHoldOnlyPlaceholders(text), Self.referenceBound(text), text.debugDescription)
        }
        // Real translations, and each with a `%` in front (the texts the bound reads to their end).
        var files = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        files.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        var compared = 0
        for unit in try Fixtures.translations(in: files) {
            for text in [unit.leaf.unit.value, "%" + unit.leaf.unit.value, "%@ " + unit.leaf.unit.value] {
                XCTAssertEqual(ImportPolicy.mayHoldOnlyPlaceholders(text), Self.referenceBound(text), unit.place)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 1_000)
    }
}
