import XCTest
@testable import L10nProject
@testable import L10nTestSupport

/// `DisplayText.withoutMarkup` over random mixes of markup and text: it only drops characters
/// (where no entity or autolink can start), and the characters it drops are markup ones.
final class DisplayTextMarkupTests: XCTestCase {
    func testMarkupIsOnlyDropped() {
        let pieces = ["[", "]", "(", ")", "^", "^[", "](", "*", "**", "_", "__", "`", "``", "~", "~~", "\\", "&", "&amp;", "<", ">",
                      "<https://a.b>", "text", " ", "é", "e\u{301}", "日本", "😀", "👩‍👩‍👧", "%lld", "inflect: true", "\n"]
        let markup = Set("*_~`\\[]^ ".unicodeScalars)
        var random = SeededRandom(seed: 25)
        var changed = 0
        for _ in 0..<40_000 {
            let text = (0..<Int(random.next() % 9)).map { _ in random.pick(pieces) }.joined()
            let visible = DisplayText.withoutMarkup(text)
            if visible != text { changed += 1 }
            guard !text.unicodeScalars.contains(where: { "&<(\n".unicodeScalars.contains($0) }) else { continue }
            // A subsequence of the text's scalars, which keeps every scalar that is not markup.
            var rest = visible.unicodeScalars[...]
            for scalar in text.unicodeScalars where rest.first == scalar { rest.removeFirst() }
            XCTAssertTrue(rest.isEmpty, "\(text.debugDescription): \(visible.debugDescription)")
            XCTAssertEqual(visible.unicodeScalars.filter { !markup.contains($0) }, text.unicodeScalars.filter { !markup.contains($0) },
                           text.debugDescription)
        }
        XCTAssertGreaterThan(changed, 10_000)
        XCTAssertEqual(DisplayText.withoutMarkup("^[%lld Seite](inflect: true) **fett** [Link](https://x.y) ~~alt~~"), "%lld Seite fett Link alt")
    }
}
