import XCTest
@testable import L10nCore

/// `MessageText.quoted` escapes on UTF-8 bytes; the scalar-by-scalar loop it replaced is the
/// oracle while the byte version is young.
final class MessageTextTests: XCTestCase {
    private static func reference(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    func testEscapes() {
        XCTAssertEqual(MessageText.quoted(""), #""""#)
        XCTAssertEqual(MessageText.quoted("Fertig"), #""Fertig""#)
        XCTAssertEqual(MessageText.quoted("a\"b\\c\nd\re\tf\r\n]^"), #""a\"b\\c\nd\re\tf\r\n]^""#)
        XCTAssertEqual(MessageText.quoted("é 👍🏽 \u{7}"), "\"é 👍🏽 \u{7}\"")
    }

    func testMatchesTheScalarLoopOnRandomTexts() {
        let pieces = ["\\", "\"", "\n", "\r", "\t", "\r\n", "a", "Z", "]", "[", "%@", " ", "é", "ß", "日本", "👍🏽", "🇩🇪", "\u{0}", "\u{7F}", "\u{301}", "ก่"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(MessageText.quoted(text), Self.reference(text), text.debugDescription)
        }
        let long = String(repeating: "Wert \"mit\" Zeilen\n", count: 2_000)
        XCTAssertEqual(MessageText.quoted(long), Self.reference(long))
    }

    /// The report's byte writer gives `quoted`'s bytes, after whatever the buffer held. The texts
    /// run over several eight-byte words (read whole when nothing in them is escaped), with
    /// escaped bytes and look-alikes (other control bytes, `!`, `#`, `[`, `]`) at every offset.
    func testAppendQuotedGivesTheQuotedBytes() {
        let pieces = ["\\", "\"", "\n", "\r", "\t", "a", "]", "[", "!", "#", "é", "👍🏽", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "ก่",
                      "abcdefgh", "Zeilenumbruch "]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            // A small sink, so long texts also make it grow.
            let bytes = ByteSink(capacity: 16)
            bytes.append("x: ")
            MessageText.appendQuoted(text, to: bytes)
            XCTAssertEqual(String(decoding: bytes.bytes, as: UTF8.self), "x: " + Self.reference(text), text.debugDescription)
        }
    }

    func testAppendDecimalWritesWhatStringDoes() {
        // Every count of digits, at both ends, and numbers from the whole range.
        var powers: [Int] = []
        var power = 1
        for _ in 0..<19 {
            powers += [power - 1, power, power + 1, -power, -(power - 1)]
            power = power.multipliedReportingOverflow(by: 10).partialValue
        }
        for number in [0, 1, 9, 10, 42, 1_000, 65_535, -1, -908, Int.max, Int.min, Int.min + 1] + powers
            + (0..<200).map({ _ in Int.random(in: -1_000_000...1_000_000) }) + (0..<200).map({ _ in Int.random(in: Int.min...Int.max) }) {
            let bytes = ByteSink(capacity: 16)
            bytes.append(0x3A)
            MessageText.appendDecimal(number, to: bytes)
            XCTAssertEqual(String(decoding: bytes.bytes, as: UTF8.self), ":" + String(number))
        }
    }
}
