import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nCore
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

final class PluralRulesTests: XCTestCase {
    func testCategoryOrderIsCanonical() {
        XCTAssertEqual(PluralCategory.allCases.map(\.rawValue), ["zero", "one", "two", "few", "many", "other"])
        XCTAssertEqual([PluralCategory.other, .few, .zero, .many, .one, .two].sorted(), PluralCategory.allCases)
        XCTAssertLessThan(PluralCategory.few, .many)
    }

    func testCardinalCategoriesPerLocale() throws {
        // CLDR 42 as ICU 72 ships it. fr, es, it and pt have `many` for 1000000 ("1 000 000 de fichiers").
        let table: [(String, [PluralCategory])] = [
            ("en", [.one, .other]),
            ("de", [.one, .other]),
            ("fr", [.one, .many, .other]),
            ("ru", [.one, .few, .many, .other]),
            ("pl", [.one, .few, .many, .other]),
            ("cs", [.one, .few, .many, .other]),
            ("ar", [.zero, .one, .two, .few, .many, .other]),
            ("cy", [.zero, .one, .two, .few, .many, .other]),
            ("lt", [.one, .few, .many, .other]),
            ("he", [.one, .two, .other]),
            ("ja", [.other]),
            ("zh", [.other]),
            ("ko", [.other]),
            ("zh-Hant", [.other]),
            ("zh-HK", [.other]),
            ("pt", [.one, .many, .other]),
            ("pt-BR", [.one, .many, .other]),
            ("pt-PT", [.one, .many, .other]),
            ("sr-Latn", [.one, .few, .other]),
            ("en_GB", [.one, .other]),
            ("es-419", [.one, .many, .other]),
        ]
        for (locale, expected) in table {
            XCTAssertEqual(try PluralRules(locale: locale).categories, expected, locale)
        }
    }

    /// `integers(below:)` selects with the rules opened once; it must give what selecting each
    /// number on its own gives, for cardinals and ordinals of locales with every category.
    func testIntegersBelowEqualSelectingEachNumber() throws {
        for locale in ["en", "fr", "ru", "pl", "ar", "cy", "lt", "he", "ja", "pt", "pt-PT", "sr-Latn", "ga", "sl", "mt", "br", "kw"] {
            for type in [PluralRuleType.cardinal, .ordinal] {
                let rules = try PluralRules(locale: locale, type: type)
                let oneByOne = Dictionary(grouping: 0..<200, by: { rules.select($0) })
                XCTAssertEqual(rules.integers(below: 200), oneByOne, "\(locale) \(type)")
            }
        }
        XCTAssertEqual(try PluralRules(locale: "ru").integers(below: 0), [:])
        XCTAssertEqual(ICUPluralRules.selectIntegers(locale: "ru", count: 6), ["many", "one", "few", "few", "few", "many"])
        XCTAssertEqual(ICUPluralRules.selectIntegers(locale: "en", count: 4, ordinal: true), ["other", "one", "two", "few"])
    }

    func testSelectIntegers() throws {
        let table: [(String, Int, PluralCategory)] = [
            ("en", 0, .other), ("en", 1, .one), ("en", 2, .other), ("en", -1, .one),
            ("fr", 0, .one), ("fr", 1, .one), ("fr", 2, .other), ("fr", 1_000_000, .many), ("fr", 2_000_000, .many),
            ("fr", 1_000_001, .other),
            ("ru", 1, .one), ("ru", 2, .few), ("ru", 4, .few), ("ru", 5, .many), ("ru", 11, .many), ("ru", 12, .many),
            ("ru", 21, .one), ("ru", 22, .few), ("ru", 0, .many), ("ru", 111, .many),
            ("pl", 1, .one), ("pl", 2, .few), ("pl", 5, .many), ("pl", 12, .many), ("pl", 22, .few), ("pl", 21, .many), ("pl", 0, .many),
            ("ar", 0, .zero), ("ar", 1, .one), ("ar", 2, .two), ("ar", 3, .few), ("ar", 10, .few), ("ar", 11, .many),
            ("ar", 99, .many), ("ar", 100, .other), ("ar", 102, .other), ("ar", 103, .few),
            ("cy", 0, .zero), ("cy", 1, .one), ("cy", 2, .two), ("cy", 3, .few), ("cy", 4, .other), ("cy", 6, .many), ("cy", 7, .other),
            ("lt", 1, .one), ("lt", 2, .few), ("lt", 9, .few), ("lt", 10, .other), ("lt", 11, .other), ("lt", 21, .one),
            ("he", 1, .one), ("he", 2, .two), ("he", 3, .other), ("he", 20, .other),
            ("ja", 0, .other), ("ja", 1, .other), ("zh-Hant", 1, .other), ("ko", 1, .other),
            ("pt", 0, .one), ("pt", 1, .one), ("pt", 2, .other),
            ("pt-PT", 0, .other), ("pt-PT", 1, .one), ("pt-PT", 2, .other),
            ("sr-Latn", 1, .one), ("sr-Latn", 3, .few), ("sr-Latn", 5, .other),
        ]
        for (locale, number, expected) in table {
            XCTAssertEqual(try PluralRules(locale: locale).select(number), expected, "\(locale) \(number)")
        }
    }

    func testSelectKeepsVisibleFractionDigits() throws {
        let table: [(String, String, PluralCategory?)] = [
            ("en", "1", .one), ("en", "1.0", .other), ("en", "1.5", .other), ("en", "1.00", .other), ("en", "0.0", .other),
            ("fr", "1.0", .one), ("fr", "1.5", .one), ("fr", "0.5", .one), ("fr", "2.0", .other),
            ("ru", "1.0", .other), ("ru", "1.5", .other), ("ru", "21", .one),
            ("pl", "1.5", .other),
            ("lt", "1.0", .one), ("lt", "1.5", .many), ("lt", "0.5", .many),
            ("pt", "1.5", .one), ("pt-PT", "1.5", .other), ("pt-PT", "1.0", .other),
            ("he", "0.5", .one), ("he", "2.0", .other),
            ("cy", "0.0", .zero), ("cy", "0.5", .other), ("ar", "0.0", .zero),
            ("en", "-1", .one), ("en", "-1.0", .other),
            ("en", "1e3", nil), ("en", "", nil), ("en", "1.", nil), ("en", ".5", nil), ("en", "one", nil), ("en", "1,5", nil),
        ]
        for (locale, number, expected) in table {
            XCTAssertEqual(try PluralRules(locale: locale).select(number), expected, "\(locale) \(number)")
        }
    }

    func testOrdinalRules() throws {
        let en = try PluralRules(locale: "en", type: .ordinal)
        XCTAssertEqual(en.categories, [.one, .two, .few, .other])
        XCTAssertEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(en.select), [.one, .two, .few, .other, .other, .other, .other, .one, .two, .few, .one])
        XCTAssertEqual(try PluralRules(locale: "fr", type: .ordinal).categories, [.one, .other])
        XCTAssertEqual(try PluralRules(locale: "ja", type: .ordinal).categories, [.other])
    }

    func testLocaleIdentifiersConvertToICU() throws {
        let table: [(String, String, String?)] = [
            ("zh-Hant", "zh_Hant", "zh"),
            ("zh_Hant_TW", "zh_Hant_TW", "zh"),
            ("pt-BR", "pt_BR", "pt"),
            ("pt-PT", "pt_PT", "pt_PT"),
            ("pt_PT", "pt_PT", "pt_PT"),
            ("sr-Latn", "sr_Latn", "sr"),
            ("en_GB", "en_GB", "en"),
            ("EN-gb", "en_GB", "en"),
            ("es-419", "es_419", "es"),
            ("zh-Hans-CN", "zh_Hans_CN", "zh"),
            ("iw", "iw", "iw"),
            ("mul", "mul", nil),
            ("english", "english", nil),
        ]
        for (id, icu, rulesLocale) in table {
            let rules = try PluralRules(locale: id)
            XCTAssertEqual(rules.locale, id)
            XCTAssertEqual(rules.icuLocale, icu, id)
            XCTAssertEqual(rules.rulesLocale, rulesLocale, id)
            XCTAssertEqual(rules.hasLocaleData, rulesLocale != nil, id)
        }
        XCTAssertEqual(try PluralRules(locale: "mul").categories, [.other])
    }

    func testInvalidLocaleIdentifiersThrow() {
        for id in ["", "Base", "base", "e", "en-", "-en", "en GB", "en--GB", "en-GB-abcdefghi", "1en", "en-G?", "x-private", "deutsch-de!"] {
            XCTAssertThrowsError(try PluralRules(locale: id), id) { error in
                XCTAssertTrue(error is InvalidLocaleIdentifier, "\(id): \(error)")
            }
        }
        do {
            _ = try PluralRules(locale: "Base")
        } catch let error as InvalidLocaleIdentifier {
            XCTAssertEqual(error.message, "'Base' is not a locale identifier: 'Base' is not a language subtag (2, 3 or 5 to 8 letters)")
            XCTAssertTrue(error.hint?.contains("Base.lproj") == true)
        } catch {
            XCTFail("\(error)")
        }
    }

    func testRulesCarryCLDRConditionAndSamples() throws {
        let ru = try PluralRules(locale: "ru")
        let few = try XCTUnwrap(ru.rule(for: .few))
        XCTAssertEqual(few.condition, "v = 0 and i % 10 = 2..4 and i % 100 != 12..14")
        XCTAssertEqual(few.integerSamples.prefix(3), ["2~4", "22~24", "32~34"])
        XCTAssertTrue(few.decimalSamples.isEmpty)
        XCTAssertTrue(few.appliesToIntegers)
        let other = try XCTUnwrap(ru.rule(for: .other))
        XCTAssertEqual(other.condition, "")
        XCTAssertFalse(other.appliesToIntegers, "in Russian every integer is one, few or many")
        XCTAssertEqual(other.decimalSamples.first, "0.0~1.5")
        XCTAssertNil(ru.rule(for: .two))

        let frMany = try XCTUnwrap(PluralRules(locale: "fr").rule(for: .many))
        XCTAssertEqual(frMany.integerSamples.first, "1000000")
        XCTAssertNil(try PluralRules(locale: "mul").rule(for: .other))
    }

    func testCoverageNamesMissingAndExtraCategories() throws {
        let ru = try PluralRules(locale: "ru").coverage(of: [.one, .many, .other])
        XCTAssertEqual(ru.missing, [.few])
        XCTAssertEqual(ru.extra, [])
        XCTAssertFalse(ru.isComplete)
        XCTAssertEqual(ru.summary, "`ru` needs one, few, many, other; this entry lacks few")

        let ja = try PluralRules(locale: "ja").coverage(of: [.other, .one])
        XCTAssertEqual(ja.missing, [])
        XCTAssertEqual(ja.extra, [.one])
        XCTAssertEqual(ja.present, [.one, .other])
        XCTAssertEqual(ja.summary, "`ja` uses only other; it has one, which `ja` never selects")

        let en = try PluralRules(locale: "en").coverage(of: [.one, .other])
        XCTAssertTrue(en.isComplete)
        XCTAssertEqual(en.summary, "`en` needs one, other; this entry has all of them")

        let noOther = try PluralRules(locale: "de").coverage(of: [.one])
        XCTAssertEqual(noOther.missing, [.other])
    }

    func testExplicitZeroIsAllowedAndReportedSeparately() throws {
        let en = try PluralRules(locale: "en").coverage(of: [.zero, .one, .other])
        XCTAssertTrue(en.isComplete)
        XCTAssertTrue(en.explicitZero)
        XCTAssertEqual(en.extra, [])
        XCTAssertEqual(en.summary, "`en` needs one, other; this entry has all of them (its zero case is shown for exactly 0)")

        let ja = try PluralRules(locale: "ja").coverage(of: [.zero, .other])
        XCTAssertTrue(ja.isComplete)
        XCTAssertTrue(ja.explicitZero)

        let ar = try PluralRules(locale: "ar").coverage(of: [.zero, .one, .two, .few, .many, .other])
        XCTAssertTrue(ar.isComplete)
        XCTAssertFalse(ar.explicitZero, "zero is one of Arabic's own categories")
        let arWithoutZero = try PluralRules(locale: "ar").coverage(of: [.one, .two, .few, .many, .other])
        XCTAssertEqual(arWithoutZero.missing, [.zero])
    }

    /// Every plural variation in a real catalog, compared with its locale's CLDR categories.
    func testRealCatalogPluralVariations() throws {
        let url = try Fixtures.shared("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings")
        let catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let strings = try XCTUnwrap(catalog["strings"] as? [String: Any])
        var gaps: [String: Set<[PluralCategory]>] = [:]
        var variations = 0
        func walk(_ value: Any, locale: String) throws {
            guard let object = value as? [String: Any] else { return }
            for (key, child) in object {
                if key == "plural", let cases = child as? [String: Any] {
                    variations += 1
                    let present = cases.keys.compactMap(PluralCategory.init(rawValue:))
                    XCTAssertEqual(present.count, cases.count, "unknown plural case in \(cases.keys)")
                    let coverage = try PluralRules(locale: locale).coverage(of: present)
                    XCTAssertEqual(coverage.extra, [], locale)
                    gaps[locale, default: []].insert(coverage.missing)
                }
                try walk(child, locale: locale)
            }
        }
        for (_, entry) in strings {
            let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            for (locale, localization) in localizations { try walk(localization, locale: locale) }
        }
        XCTAssertEqual(variations, 52)
        // Only the `many` of 1000000 in French, Spanish and Portuguese is absent; the catalog covers
        // Czech and Russian fully and uses only `other` for Chinese, Korean and Vietnamese.
        XCTAssertEqual(gaps["fr"], [[.many]])
        XCTAssertEqual(gaps["es"], [[.many]])
        XCTAssertEqual(gaps["pt-BR"], [[.many]])
        for locale in ["cs", "ru", "de", "en", "tr", "ko", "vi", "zh-HK", "zh-Hans", "zh-Hant"] {
            XCTAssertEqual(gaps[locale], [[]], locale)
        }
        XCTAssertEqual(Set(gaps.keys).count, 13)
        XCTAssertTrue(try PluralRules(locale: "fr").rule(for: .many)?.integerSamples.allSatisfy { $0.hasPrefix("1000000") || $0.contains("c") } == true)
    }
}
