import XCTest
@testable import L10nProject
@testable import L10nTestSupport

/// `DisplayText.withoutMarkup`, which reads and cuts the UTF-8 bytes, gives what the walk over
/// the unicode scalars it replaced gave.
final class DisplayTextMarkupTests: XCTestCase {
    /// The scalar walk, kept as the oracle.
    private static func scalarWalk(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: { "*~`[^".unicodeScalars.contains($0) }) else { return value }
        let scalars = Array(value.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "[" || (scalar == "^" && index + 1 < scalars.count && scalars[index + 1] == "[") {
                let open = scalar == "^" ? index + 1 : index
                if let close = scalars[(open + 1)...].firstIndex(of: "]"), close + 1 < scalars.count, scalars[close + 1] == "(",
                   let end = scalars[(close + 2)...].firstIndex(of: ")") {
                    result.append(contentsOf: scalarWalk(String(String.UnicodeScalarView(scalars[(open + 1)..<close]))).unicodeScalars)
                    index = end + 1
                    continue
                }
            }
            if scalar == "*" || scalar == "`" || (scalar == "~" && index + 1 < scalars.count && scalars[index + 1] == "~") {
                index += scalar == "~" ? 2 : 1
                continue
            }
            result.append(scalar)
            index += 1
        }
        return String(result)
    }

    func testByteWalkEqualsTheScalarWalk() {
        let pieces = ["[", "]", "(", ")", "^", "^[", "](", "*", "**", "`", "~", "~~", "text", " ", "é", "e\u{301}", "日本", "😀",
                      "👩‍👩‍👧", "%lld", "inflect: true", "\n"]
        var random = SeededRandom(seed: 25)
        var changed = 0
        for _ in 0..<40_000 {
            let text = (0..<Int(random.next() % 9)).map { _ in random.pick(pieces) }.joined()
            let expected = Self.scalarWalk(text)
            let visible = DisplayText.withoutMarkup(text)
            XCTAssertTrue(visible.utf8.elementsEqual(expected.utf8), "\(text.debugDescription): \(visible.debugDescription) vs \(expected.debugDescription)")
            if expected != text { changed += 1 }
        }
        XCTAssertGreaterThan(changed, 15_000)
        XCTAssertEqual(DisplayText.withoutMarkup("^[%lld Seite](inflect: true) **fett** [Link](https://x.y) ~~alt~~"), "%lld Seite fett Link alt")
    }
}
