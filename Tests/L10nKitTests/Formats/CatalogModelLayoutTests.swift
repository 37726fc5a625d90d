import XCTest
@testable import L10nFormats
@testable import L10nTestSupport

/// The catalog model's compact forms: a state as a code, a localization's rarely used fields in
/// one copy-on-write box. They must behave exactly like the plain fields they replaced.
final class CatalogModelLayoutTests: XCTestCase {
    /// A catalog holds one localization per key and locale: these sizes are what keeps the
    /// bench project's model (and every command's peak memory) where docs/benchmark.md says.
    func testModelValuesStaySmall() {
        XCTAssertEqual(MemoryLayout<StringUnitState>.size, 8)
        XCTAssertEqual(MemoryLayout<StringUnit>.size, 24)
        XCTAssertEqual(MemoryLayout<StringUnit?>.size, 24)
        XCTAssertEqual(MemoryLayout<CatalogLocalization>.size, 32)
    }

    func testStateKeepsEveryTextAndComparesAsItsText() {
        var random = SeededRandom(seed: 7)
        let named = ["new", "translated", "needs_review", "stale", "machine_translated", "Translated", "new ", "", "needs-review",
                     "tr\u{E4}nslated", "\u{212A}", "K", "custom_state"]
        var texts = named
        for _ in 0..<300 { texts.append(XCStringsRandomCatalog.string(&random, maxPieces: 3)) }
        let states = texts.map(StringUnitState.init(rawValue:))
        for (text, state) in zip(texts, states) {
            XCTAssertTrue(state.rawValue.utf8.elementsEqual(text.utf8), "\(text.debugDescription) came back as \(state.rawValue.debugDescription)")
            XCTAssertEqual(state.description, text)
        }
        for _ in 0..<5_000 {
            let (a, b) = (random.below(states.count), random.below(states.count))
            XCTAssertEqual(states[a] == states[b], texts[a] == texts[b], "\(texts[a].debugDescription) vs \(texts[b].debugDescription)")
            if states[a] == states[b] { XCTAssertEqual(states[a].hashValue, states[b].hashValue) }
        }
        XCTAssertEqual(StringUnitState.needsReview, "needs_review")
        XCTAssertNotEqual(StringUnitState.translated, "Translated")
    }

    func testStringUnitFieldsAreValuesOfTheirOwn() {
        var unit = StringUnit(state: .translated, value: "Hallo", unknownFields: ["x-note": .string("n")])
        let original = unit
        unit.state = .needsReview
        XCTAssertEqual(original.state, .translated)
        XCTAssertEqual(unit.unknownFields, ["x-note": .string("n")], "changing the state lost the unknown fields")
        unit.unknownFields = [:]
        XCTAssertEqual(unit, StringUnit(state: .needsReview, value: "Hallo"))
        XCTAssertEqual(unit.hashValue, StringUnit(state: .needsReview, value: "Hallo").hashValue)
        XCTAssertNotEqual(unit, StringUnit(state: .needsReview, value: "Hallo", unknownFields: ["x-note": .string("n")]))
        XCTAssertEqual(original.unknownFields, ["x-note": .string("n")])
    }

    func testLocalizationFieldsAreValuesOfTheirOwn() {
        let plural = CatalogVariations(kinds: ["plural": ["one": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "1 item")),
                                                         "other": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "%lld items"))]])
        let original = CatalogLocalization(variations: plural)
        var copy = original
        copy.variations?.kinds["plural"]?["one"]?.stringUnit?.value = "one item"
        XCTAssertEqual(original.variations?.plural?["one"]?.stringUnit?.value, "1 item", "a copy's change leaks into the original")
        XCTAssertEqual(copy.variations?.plural?["one"]?.stringUnit?.value, "one item")
        XCTAssertNotEqual(original, copy)

        copy.variations = plural
        XCTAssertEqual(original, copy)
        XCTAssertEqual(original.hashValue, copy.hashValue)

        // Emptying every boxed field gives the localization that never had them.
        var emptied = CatalogLocalization(stringUnit: StringUnit(state: .new, value: "x"), unknownFields: ["x-note": .string("n")])
        emptied.unknownFields = [:]
        XCTAssertEqual(emptied, CatalogLocalization(stringUnit: StringUnit(state: .new, value: "x")))
        XCTAssertEqual(emptied.hashValue, CatalogLocalization(stringUnit: StringUnit(state: .new, value: "x")).hashValue)
        // An empty `variations` object is not an absent one.
        XCTAssertNotEqual(CatalogLocalization(variations: CatalogVariations()), CatalogLocalization())
        XCTAssertNotEqual(CatalogLocalization(substitutions: [:]), CatalogLocalization())
    }

    /// Random localizations, rebuilt field by field through `init`: the same value and hash, and
    /// a change through one copy never shows in the other.
    func testRandomLocalizationsRebuildEqual() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<2_000 {
            let localization = XCStringsRandomCatalog.localization(&random, depth: 0)
            let rebuilt = CatalogLocalization(stringUnit: localization.stringUnit, variations: localization.variations,
                                              substitutions: localization.substitutions, unknownFields: localization.unknownFields)
            XCTAssertEqual(rebuilt, localization)
            XCTAssertEqual(rebuilt.hashValue, localization.hashValue)
            if let unit = localization.stringUnit {
                let rebuiltUnit = StringUnit(state: unit.state, value: unit.value, unknownFields: unit.unknownFields)
                XCTAssertEqual(rebuiltUnit, unit)
                XCTAssertEqual(rebuiltUnit.hashValue, unit.hashValue)
            }
            var changed = localization
            changed.unknownFields["x-l10n-test"] = .bool(true)
            XCTAssertNotEqual(changed, localization)
            XCTAssertNil(localization.unknownFields["x-l10n-test"])
            changed.unknownFields["x-l10n-test"] = nil
            XCTAssertEqual(changed, localization)
        }
    }
}
