import XCTest
@testable import L10nExchange
@testable import L10nCore
@testable import L10nTestSupport

/// The outcome's compact fields (states as codes, message and source edit boxed) read and
/// compare exactly as the plain `String?` fields they replaced.
final class ImportOutcomeLayoutTests: XCTestCase {
    /// An import holds one outcome per unit until the report is printed.
    func testOutcomeStaysSmall() {
        XCTAssertEqual(MemoryLayout<ImportUnitOutcome>.stride, 208)
    }

    func testStatesKeepEveryText() {
        var random = SeededRandom(seed: 5)
        var texts: [String?] = ImportUnitOutcome.StateText.knownTexts + [nil, "", "Translated", "x-custom", "needs-review-translation ", "\u{212A}", "ñ"]
        for _ in 0..<200 { texts.append(String((0..<random.below(12)).map { _ in random.pick(Array("abc-_xK\u{212A}é")) })) }
        for text in texts {
            var outcome = ImportUnitOutcome(status: .applied, input: "fr.xliff", location: nil, original: "a", id: "k", locale: "fr",
                                            xliffState: text, oldState: text, newState: text)
            XCTAssertEqual(outcome.xliffState.map { Array($0.utf8) }, text.map { Array($0.utf8) })
            XCTAssertEqual(outcome.oldState.map { Array($0.utf8) }, text.map { Array($0.utf8) })
            XCTAssertEqual(outcome.newState.map { Array($0.utf8) }, text.map { Array($0.utf8) })
            outcome.newState = "final"
            XCTAssertEqual(outcome.newState, "final")
            XCTAssertEqual(outcome.oldState.map { Array($0.utf8) }, text.map { Array($0.utf8) })
        }
        for _ in 0..<3_000 {
            let (a, b) = (random.pick(texts), random.pick(texts))
            let left = ImportUnitOutcome(status: .applied, input: "fr.xliff", location: nil, original: "a", id: "k", locale: "fr", xliffState: a)
            let right = ImportUnitOutcome(status: .applied, input: "fr.xliff", location: nil, original: "a", id: "k", locale: "fr", xliffState: b)
            XCTAssertEqual(left == right, a == b, "\(String(describing: a)) vs \(String(describing: b))")
        }
    }

    func testMessageAndSourceEditAreFieldsOfTheirOwn() {
        var outcome = ImportUnitOutcome(status: .refused, input: "fr.xliff", location: SourceLocation(file: "fr.xliff", line: 3, column: 7),
                                        original: "a", id: "k", locale: "fr", message: "why")
        let edit = ImportUnitOutcome.SourceEdit(translations: [.init(path: "L.xcstrings", locale: "de", id: "k", value: "v",
                                                                     oldState: "translated", newState: "needs_review")])
        let original = outcome
        outcome.sourceEdit = edit
        XCTAssertEqual(outcome.message, "why", "setting the source edit lost the message")
        XCTAssertNil(original.sourceEdit)
        XCTAssertNotEqual(outcome, original)
        outcome.message = nil
        XCTAssertEqual(outcome.sourceEdit, edit)
        outcome.sourceEdit = nil
        XCTAssertEqual(outcome, ImportUnitOutcome(status: .refused, input: "fr.xliff", location: SourceLocation(file: "fr.xliff", line: 3, column: 7),
                                                  original: "a", id: "k", locale: "fr"))
    }
}
