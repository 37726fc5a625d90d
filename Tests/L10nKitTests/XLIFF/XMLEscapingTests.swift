import XCTest
@testable import L10nTestSupport
@testable import L10nXLIFF

/// `XLIFFOutput`'s escaping, which skips eight clean bytes at a time, writes what the loop over
/// every byte wrote and flags the same texts for a closer look.
final class XMLEscapingTests: XCTestCase {
    /// The byte loop it replaced: escapes per byte, and whether a byte needs the closer look.
    private static func byteLoop(_ text: String, attribute: Bool) -> (bytes: [UInt8], plain: Bool) {
        var out: [UInt8] = []
        var plain = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case 0x0D: out += Array("&#13;".utf8)
            case UInt8(ascii: "\"") where attribute: out += Array("&quot;".utf8)
            case 0x0A where attribute: out += Array("&#10;".utf8)
            case 0x09 where attribute: out += Array("&#9;".utf8)
            default:
                if (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0xEF { plain = false }
                out.append(byte)
            }
        }
        return (out, plain)
    }

    func testWordScanEqualsTheByteLoop() {
        let pieces = ["a", "text of some length ", "&", "<", ">", "\"", "\r", "\n", "\t", "\u{1}", "\u{1F}", "\u{7F}", "é", "日本",
                      "\u{FFFE}", "\u{FEFF}", "😀", "%@", "&amp;", "        ", "0123456789"]
        var random = SeededRandom(seed: 24)
        var escaped = 0, flagged = 0
        for _ in 0..<30_000 {
            let text = (0..<Int(random.next() % 10)).map { _ in random.pick(pieces) }.joined()
            for attribute in [false, true] {
                let output = XLIFFOutput()
                let plain = attribute ? output.appendAttribute(text) : output.appendText(text)
                let expected = Self.byteLoop(text, attribute: attribute)
                XCTAssertEqual(output.bytes, expected.bytes, text.debugDescription)
                XCTAssertEqual(plain, expected.plain, text.debugDescription)
                if output.bytes.count != text.utf8.count { escaped += 1 }
                if !plain { flagged += 1 }
            }
        }
        XCTAssertGreaterThan(escaped, 20_000)
        XCTAssertGreaterThan(flagged, 5_000)
    }

    /// `appendTarget`, which writes a standard state's start tag whole, writes what
    /// `appendElement(.target, …)` writes, for every state, a custom one, no state and empty text.
    func testTargetWithStateIsTheElementWritten() {
        for state in XLIFFTargetState.standard + [.custom("x-mine"), .custom("a\"b"), nil] as [XLIFFTargetState?] {
            for text in ["", "Sichern", "a < b & c\r", "\u{1}"] {
                let whole = XLIFFOutput(), pieces = XLIFFOutput()
                let plain = whole.appendTarget(state: state, text: text)
                XCTAssertEqual(plain, pieces.appendElement(.target, state: state, text: text), "\(String(describing: state)) \(text.debugDescription)")
                XCTAssertEqual(whole.string, pieces.string)
            }
        }
    }
}
