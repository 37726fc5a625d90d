import XCTest
@testable import L10nExchange
@testable import L10nCore
@testable import L10nTestSupport
@testable import L10nXLIFF
@testable import L10nProject
@testable import L10nFormats

/// The outcome's compact fields (states as codes, message and source edit boxed) read and
/// compare exactly as the plain `String?` fields they replaced.
final class ImportOutcomeLayoutTests: XCTestCase {
    /// An import holds one outcome per unit until the report is printed (the translator file,
    /// `original` and locale in one shared box: 160 bytes, from 200).
    func testOutcomeStaysSmall() {
        XCTAssertEqual(MemoryLayout<ImportUnitOutcome>.stride, 160)
    }

    /// Outcomes sharing one `Origin` read, change and compare as if each held the three strings.
    func testSharedOriginReadsAndComparesAsFields() {
        let origin = ImportUnitOutcome.Origin(input: "fr.xliff", original: "App/Localizable.xcstrings", locale: "fr")
        let shared = ImportUnitOutcome(status: .skipped, origin: origin, location: nil, id: "k")
        XCTAssertEqual(shared.input, "fr.xliff")
        XCTAssertEqual(shared.original, "App/Localizable.xcstrings")
        XCTAssertEqual(shared.locale, "fr")
        let own = ImportUnitOutcome(status: .skipped, input: "fr.xliff", location: nil, original: "App/Localizable.xcstrings", id: "k", locale: "fr")
        XCTAssertEqual(shared, own, "the same texts in two boxes compare equal")
        var changed = shared
        changed.locale = "fr-CA"
        XCTAssertEqual(changed.locale, "fr-CA")
        XCTAssertEqual(changed.input, "fr.xliff")
        XCTAssertEqual(shared.locale, "fr", "changing a copy changed the outcome it was copied from")
        XCTAssertNotEqual(changed, shared)
        changed.locale = "fr"
        XCTAssertEqual(changed, shared)
        changed.input = "other.xliff"
        changed.original = "App/Other.xcstrings"
        XCTAssertEqual([changed.input, changed.original, changed.locale], ["other.xliff", "App/Other.xcstrings", "fr"])
        XCTAssertNotEqual(changed, shared)
    }

    /// The export's shortcut for the common catalog states gives what `ExchangeStates.rows` gives,
    /// for every state Xcode writes and for others.
    func testExportedStatesAreTheTables() {
        let states: [StringUnitState] = ["translated", "needs_review", "new", "stale", "machine_translated", "reviewed", "Translated", "", "x-new"]
        for state in states {
            XCTAssertEqual(ExchangeStates.exported(state), ExchangeStates.fromTable(state), state.rawValue)
        }
    }

    /// Every unit read and every outcome holds one; line and column in 32 bits, read and
    /// compared as the `Int`s they were (clamped beyond).
    func testLocationIsTwentyFourBytes() {
        XCTAssertEqual(MemoryLayout<SourceLocation>.size, 24)
        XCTAssertEqual(MemoryLayout<SourceLocation?>.size, 24)
        XCTAssertEqual(MemoryLayout<TransUnit>.stride, 144)
        var location = SourceLocation(file: "fr.xliff", line: 12, column: 40)
        XCTAssertEqual(location.description, "fr.xliff:12:40")
        location.line += 1
        XCTAssertEqual(location, SourceLocation(file: "fr.xliff", line: 13, column: 40))
        XCTAssertNotEqual(location, SourceLocation(file: "fr.xliff", line: 13, column: 41))
        XCTAssertEqual(SourceLocation(file: "x", line: Int.max, column: -5).line, Int(Int32.max))
        XCTAssertEqual(SourceLocation(file: "x", line: Int.max, column: -5).column, -5)
        XCTAssertTrue(SourceLocation(file: "x").isWholeFile)
    }

    func testStatesKeepEveryText() {
        var random = SeededRandom(seed: 5)
        var texts: [String?] = ImportUnitOutcome.StateTexts.texts + [nil, "", "Translated", "x-custom", "needs-review-translation ", "\u{212A}", "ñ"]
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

    /// An outcome keeps the project's id string, one for every locale's unit, instead of the
    /// translator file's copy, but only when the bytes are the same: an id that matches a key
    /// only canonically (decomposed `é` for a composed one) is reported as the file wrote it.
    func testOutcomesShareTheProjectsIDOnlyWhenItIsTheSameBytes() throws {
        let root = try Fixtures.temporaryFolder(self)
        let composed = "Caf\u{E9} settings for the whole editor"
        let decomposed = "Cafe\u{301} settings for the whole editor"
        let catalog = StringCatalog(sourceLanguage: "en", entries: [composed: CatalogEntry(), "Another rather long key of the project": CatalogEntry()])
        let url = root.appendingPathComponent("App/Localizable.xcstrings")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try StringCatalogWriter().data(for: catalog).write(to: url)
        var inputs: [ImportInput] = []
        for locale in ["de", "fr"] {
            let text = ReliabilityFixtures.xliff(target: locale, [("App/Localizable.xcstrings", [
                (decomposed, decomposed, "x"), ("Another rather long key of the project", "Another rather long key of the project", "y"),
            ])])
            inputs.append(try ImportInput.read(contentsOf: try ReliabilityFixtures.write(text, "\(locale).xliff", in: root)))
        }
        let plan = try XLIFFImporter(project: ProjectDiscovery(root: root).discover()).plan(inputs)
        XCTAssertEqual(plan.outcomes.count, 4)
        let canonical = plan.outcomes.filter { $0.id == composed }
        XCTAssertEqual(canonical.map(\.status), [.applied, .applied], "the decomposed id no longer finds the composed key")
        for outcome in canonical {
            XCTAssertEqual(Array(outcome.id.utf8), Array(decomposed.utf8), "the decomposed id was reported with the catalog's bytes")
        }
        func storage(_ text: String) -> UnsafePointer<UInt8>? {
            var text = text
            return text.withUTF8 { $0.baseAddress }
        }
        let long = plan.outcomes.filter { $0.id == "Another rather long key of the project" }
        XCTAssertEqual(long.count, 2)
        XCTAssertEqual(long.map { $0.status }, [.applied, .applied])
        XCTAssertEqual(storage(long[0].id), storage(long[1].id), "each locale's outcome holds its own copy of the id")
        XCTAssertEqual(storage(long[0].key ?? ""), storage(long[0].id))
    }
}
