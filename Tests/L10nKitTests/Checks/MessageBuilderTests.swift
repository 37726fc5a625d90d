import XCTest
@testable import L10nCore
@testable import L10nFormats
@testable import L10nProject

/// Messages built in one buffer read as the interpolated strings they replace, which stay here
/// as the oracle: quoting (short, long, multi-line, non-ASCII), key descriptions, numbers, lists.
final class MessageBuilderTests: XCTestCase {
    func testPiecesReadAsTheInterpolation() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab %@\n\"'\\é漢👍🏽") + ["\u{301}"]
        var texts = ["", "a", String(repeating: "x", count: 60), String(repeating: "x", count: 61), String(repeating: "é", count: 31),
                     "line\nbreak", "👍🏽" + String(repeating: "y", count: 70)]
        for _ in 0..<2_000 {
            texts.append(String((0..<Int.random(in: 0...90, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        let paths = [StringUnitPath(), StringUnitPath(["plural", "one"]), StringUnitPath(["device", "iphone", "plural", "other"])]
        for (index, text) in texts.enumerated() {
            var quoted = MessageBuilder()
            quoted.append("[")
            CheckContext.appendQuoted(text, to: &quoted)
            XCTAssertEqual(quoted.text, "[" + CheckContext.quoted(text), text.debugDescription)

            let path = paths[index % paths.count]
            var described = MessageBuilder(capacity: 4)
            PlaceholderMismatchCheck.appendDescription(text, path, to: &described)
            described.append(index - 1_000)
            XCTAssertEqual(described.text, PlaceholderMismatchCheck.describe(text, path) + String(index - 1_000), text.debugDescription)
        }
        var list = MessageBuilder()
        list.append(texts.prefix(5), separator: ", ")
        list.append([String](), separator: ", ")
        list.append(Int.min)
        XCTAssertEqual(list.text, texts.prefix(5).joined(separator: ", ") + String(Int.min))
    }

    /// The quoting before it counted characters in place (and Latin text by its bytes): the
    /// old one, which collected the characters in an array, is the oracle, on texts around the
    /// 60-character cut of every kind the fast paths must tell apart (scalars on both sides of
    /// U+0300, combining marks, CR, CR LF, line breaks, emoji sequences, Hangul jamo, Thai).
    func testQuotedCountsCharactersAsTheCharacterArrayDid() {
        func referenceQuoted(_ text: String) -> String {
            if CheckContext.quotesAsItIs(text) { return "'" + text + "'" }
            var characters: [Character] = []
            for character in text {
                characters.append(character)
                if characters.count > 60 { break }
            }
            if characters.count > 60 { characters = Array(characters.prefix(59)) + ["…"] }
            var flat = ""
            for character in characters {
                if character == "\n" { flat += "\\n" } else { flat.append(character) }
            }
            return "'" + flat + "'"
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "\n", "\r", "\r\n", "é", "e\u{301}", "👍🏽", "🇩", "🇪", "\u{200D}", "ก", "ั", "한", "ᄀ", "ᅡ", "ᆨ", "'", "…",
                      " ", "\u{0}", "\u{AD}", "ß", "\u{308}", "\u{2FF}", "\u{300}", "\u{CB}", "\u{85}", "©", "\u{2B0}", "漢"]
        var texts = [String(repeating: "x", count: 61), String(repeating: "é", count: 61), String(repeating: "é", count: 60) + "\u{301}",
                     String(repeating: "é", count: 60) + "\u{301}x", String(repeating: "a", count: 59) + "\r\n" + "b",
                     String(repeating: "a", count: 60) + "\r\n"]
        for _ in 0..<20_000 {
            let count = Int.random(in: 30...90, using: &generator)
            if Bool.random(using: &generator) {
                texts.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
            } else {
                // Mostly scalars below U+0300, sometimes a combining mark, a CR or a line break.
                var scalars = String.UnicodeScalarView()
                for _ in 0..<count {
                    let roll = Int.random(in: 0..<100, using: &generator)
                    let value: UInt32 = roll < 2 ? 0x300 + UInt32.random(in: 0..<0x70, using: &generator)
                        : roll < 4 ? 0x0D : roll < 5 ? 0x0A : UInt32.random(in: 0..<0x300, using: &generator)
                    scalars.append(Unicode.Scalar(value)!)
                }
                texts.append(String(scalars))
            }
        }
        for text in texts {
            XCTAssertEqual(Array(CheckContext.quoted(text).utf8), Array(referenceQuoted(text).utf8), text.debugDescription)
        }
    }
}
