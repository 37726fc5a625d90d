import Foundation
import L10nTestSupport
import XCTest
@testable import L10nFormats

/// `StringsFile.lastCommentText(in:)` reads the note of an appended entry in the trivia's own
/// bytes; the oracle is what it replaced, the last of `comments(in:)` over the trivia's scalars.
final class StringsLastCommentTests: XCTestCase {
    private static func reference(_ text: String) -> String? {
        StringsFile.comments(in: Array(text.unicodeScalars)).last?.text
    }

    func testTheLastCommentIsTheOneTheScalarParseFinds() throws {
        // The trivia of every golden and sample table (comments of both kinds, blank lines,
        // braced and XML forms, UTF-16 files read as text).
        let folders = [Fixtures.golden("strings"), Fixtures.sample("")]
        var compared = 0
        for folder in folders {
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "strings", let file = try? StringsReader.read(contentsOf: url) else { continue }
                for trivia in file.trivia {
                    XCTAssertEqual(StringsFile.lastCommentText(in: trivia), Self.reference(trivia), "\(url.lastPathComponent): \(trivia.debugDescription)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 20)
        // Generated trivia: comments closed and not, nested openings, separators, non-ASCII text,
        // text that is no trivia at all.
        let pieces = ["/* note */", "// line note", "\n", "\r\n", " ", "\t", "/*", "*/", "/", "//", "*", "\u{2028}", "é", "日本",
                      "/* a */ /* b */", "/*\n two lines \n*/", "x", "\"", ";", "/* No comment provided by engineer. */", "\u{FEFF}"]
        var random = SeededRandom(seed: 53)
        for _ in 0..<20_000 {
            let text = (0..<random.below(7)).map { _ in pieces[random.below(pieces.count)] }.joined()
            XCTAssertEqual(StringsFile.lastCommentText(in: text), Self.reference(text), text.debugDescription)
        }
    }
}
