import XCTest
@testable import L10nFormats
@testable import L10nTestSupport

/// The JSON writer's escaping, which skips clean words before and after each escape and writes
/// escapes byte by byte, writes what the loop it replaced wrote.
final class JSONEscapingTests: XCTestCase {
    /// The escaping loop as it was, kept as the oracle: a quoted JSON string.
    private static func reference(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        let hex = Array("0123456789abcdef".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case ..<0x20: out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    func testEscapesAsTheByteLoop() {
        let pieces = ["a", "plain text of a label ", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
                      "é", "日本", "😀", "\u{2028}", "12345678", "\"quoted\""]
        var random = SeededRandom(seed: 27)
        var escaped = 0
        for _ in 0..<30_000 {
            let text = (0..<Int(random.next() % 10)).map { _ in random.pick(pieces) }.joined()
            let written = Array(JSONWriter(keyOrder: .asGiven).data(for: .string(text)))
            let expected = Self.reference(text)
            XCTAssertEqual(written, expected, text.debugDescription)
            if expected.count != text.utf8.count + 2 { escaped += 1 }
        }
        XCTAssertGreaterThan(escaped, 20_000)
    }
}
