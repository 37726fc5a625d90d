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
        XCTAssertEqual(MemoryLayout<CatalogLocalizations?>.size, 8)
    }

    /// An entry's localizations, kept as a sorted array, behave as the dictionary they replaced:
    /// random edits (set, remove, edit through optional chaining and `default:`, update, filter,
    /// merge) leave the same pairs as a `Dictionary` given the same edits, canonically equivalent
    /// locale ids included.
    func testLocalizationsBehaveLikeADictionary() {
        var random = SeededRandom(seed: 11)
        let locales = ["de", "en", "fr", "ja", "zh-Hans", "zh-Hant", "pt-BR", "pt", "es-419", "sr-Latn", "\u{E9}", "e\u{301}", "Z", "a", ""]
        func unit(_ value: String) -> CatalogLocalization { CatalogLocalization(stringUnit: StringUnit(state: .translated, value: value)) }
        var map = CatalogLocalizations()
        var oracle: [String: CatalogLocalization] = [:]
        for step in 0..<6_000 {
            let locale = random.pick(locales)
            switch random.below(9) {
            case 0, 1:
                map[locale] = unit("v\(step)")
                oracle[locale] = unit("v\(step)")
            case 2:
                map[locale] = nil
                oracle[locale] = nil
            case 3:
                map[locale]?.stringUnit?.value += "!"
                oracle[locale]?.stringUnit?.value += "!"
            case 4:
                map[locale, default: unit("new")].stringUnit?.state = .needsReview
                oracle[locale, default: unit("new")].stringUnit?.state = .needsReview
            case 5:
                XCTAssertEqual(map.updateValue(unit("u\(step)"), forKey: locale), oracle.updateValue(unit("u\(step)"), forKey: locale))
            case 6:
                XCTAssertEqual(map.removeValue(forKey: locale), oracle.removeValue(forKey: locale))
            case 7:
                let other = random.pick(locales)
                map = map.filter { $0.key != other }
                oracle = oracle.filter { $0.key != other }
            default:
                let extra = CatalogLocalizations(uniqueKeysWithValues: [(locale, unit("m\(step)"))])
                map.merge(extra) { old, _ in old }
                oracle.merge([locale: unit("m\(step)")]) { old, _ in old }
            }
            XCTAssertEqual(map.dictionary, oracle, "after step \(step)")
            XCTAssertEqual(map.count, oracle.count)
            XCTAssertEqual(map[locale], oracle[locale])
            XCTAssertEqual(Array(map.keys), map.keys.sorted(), "the locales stay sorted")
            // `==` takes canonically equivalent ids as one: the bytes kept must be the dictionary's too.
            for key in map.keys {
                XCTAssertTrue(oracle.keys.contains { $0.utf8.elementsEqual(key.utf8) }, "after step \(step): \(key.debugDescription) kept in other bytes")
            }
        }
        let shuffled = CatalogLocalizations(uniqueKeysWithValues: oracle.map { ($0.key, $0.value) }.shuffled(using: &random))
        XCTAssertEqual(shuffled, map)
        XCTAssertEqual(shuffled.hashValue, map.hashValue)
        XCTAssertEqual(CatalogLocalizations(oracle), map)
        XCTAssertEqual(map.mapValues { _ in unit("x") }.dictionary, oracle.mapValues { _ in unit("x") })
    }

    /// Editing one locale in place leaves copies of the map, and of the localization, as they were.
    func testLocalizationsAreValues() {
        var map: CatalogLocalizations = ["de": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "Hallo"),
                                                                   variations: CatalogVariations(kinds: ["plural": ["one": CatalogLocalization()]]))]
        let copy = map
        let german = map["de"]!
        map["de"]?.variations?.plural?["other"] = CatalogLocalization(stringUnit: StringUnit(state: .new, value: "x"))
        map["de"]?.stringUnit?.value = "Hi"
        XCTAssertEqual(copy["de"], german)
        XCTAssertEqual(copy["de"]?.variations?.plural?.count, 1)
        XCTAssertEqual(map["de"]?.variations?.plural?.count, 2)
        XCTAssertEqual(map["de"]?.stringUnit?.value, "Hi")
        XCTAssertNotEqual(map, copy)
    }

    func testStateKeepsEveryTextAndComparesAsItsText() {
        var random = SeededRandom(seed: 7)
        let named = ["new", "translated", "needs_review", "stale", "machine_translated", "Translated", "new ", "", "needs-review",
                     "tr\u{E4}nslated", "tra\u{308}nslated", "\u{212A}", "K", "custom_state"]
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
