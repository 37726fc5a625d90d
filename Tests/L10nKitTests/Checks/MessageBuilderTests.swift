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
}
