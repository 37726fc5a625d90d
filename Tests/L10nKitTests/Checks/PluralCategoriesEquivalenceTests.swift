import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nProject
@testable import L10nTestSupport

/// `plural-categories` keeps categories as bits and makes a variation's path only for a
/// finding: it reports what the straightforward code reports (kept below as the oracle, with
/// the rule as it is now: a count shown by the source's `other` counts too), on the sample,
/// on a generated project and on that project with cases dropped and counts written out.
final class PluralCategoriesEquivalenceTests: XCTestCase {
    /// The check as it was: a set of categories, the place and the paths made for every variation.
    private struct Reference {
        let check = PluralCategoriesCheck()

        func findings(in context: CheckContext) -> [Finding] {
            var result: [Finding] = []
            var rulesByLocale: [String: PluralCategoriesCheck.LocaleRules?] = [:]
            for file in context.appCatalogFiles {
                for (key, entry) in file.catalog.entries {
                    guard let localizations = entry.localizations else { continue }
                    for (locale, localization) in localizations where localization.variations != nil || localization.substitutions != nil {
                        let variations = Self.pluralVariations(in: localization, prefix: StringUnitPath())
                        guard !variations.isEmpty else { continue }
                        if rulesByLocale[locale] == nil { rulesByLocale[locale] = .some(PluralCategoriesCheck.LocaleRules(locale)) }
                        guard let rules = rulesByLocale[locale] ?? nil else { continue }
                        for (prefix, cases) in variations {
                            let sourceOther = CheckContext.sourceText(in: file.catalog, key: key, path: prefix.appending("plural", "other")).text
                            result += check(cases, prefix: prefix, rules: rules, file: file.path, key: key, locale: locale, sourceOther: sourceOther)
                        }
                    }
                }
            }
            return result
        }

        private func check(_ cases: CatalogLocalizations, prefix: StringUnitPath, rules localeRules: PluralCategoriesCheck.LocaleRules,
                           file: String, key: String, locale: String, sourceOther: String) -> [Finding] {
            var result: [Finding] = []
            let rules = localeRules.rules
            let present = Set(cases.keys.compactMap(PluralCategory.init(rawValue:)))
            let place = prefix.isRoot ? "\"\(key)\"" : "\"\(key)\" \(prefix.components.joined(separator: "."))"
            // An explicit zero form takes 0 in every language (Foundation), whatever CLDR says.
            var integersBelow100 = localeRules.integersBelow100
            if present.contains(.zero) {
                for (category, numbers) in integersBelow100 { integersBelow100[category] = numbers.filter { $0 != 0 } }
            }
            let showsCount = FormatString.hasSpecifiers(cases["other"]?.stringUnit?.value ?? "") || FormatString.hasSpecifiers(sourceOther)
            for category in rules.categories where !present.contains(category) {
                let numbers = integersBelow100[category] ?? []
                if category == .other {
                    result.append(check.finding(.error, file: file, key: key, locale: locale,
                                                message: "\(place) [\(locale)] has no 'other' form: every number without its own form shows nothing"))
                } else if !numbers.isEmpty && !showsCount {
                    result.append(check.finding(.warning, file: file, key: key, locale: locale,
                                                message: "\(place) [\(locale)] lacks '\(category.rawValue)': \(PluralCategoriesCheck.list(numbers)) use the 'other' form's words (no form shows the count)"))
                } else if !numbers.isEmpty {
                    result.append(check.finding(.error, file: file, key: key, locale: locale,
                                                message: "\(place) [\(locale)] lacks '\(category.rawValue)': \(PluralCategoriesCheck.list(numbers)) use the 'other' form and read wrong"))
                } else {
                    let samples = (localeRules.samples[category] ?? []).prefix(3).joined(separator: ", ")
                    result.append(check.finding(.warning, file: file, key: key, locale: locale,
                                                message: "\(place) [\(locale)] lacks '\(category.rawValue)': numbers such as \(samples) use the 'other' form"))
                }
            }
            // The variation shows a count when its `other` or the source's `other` does; then
            // every form (its `other` too) whose category covers several integers must.
            guard let other = cases["other"]?.stringUnit,
                  FormatString.hasSpecifiers(other.value) || FormatString.hasSpecifiers(sourceOther) else { return result }
            for (category, localization) in cases {
                guard let form = localization.stringUnit, let plural = PluralCategory(rawValue: category),
                      plural != .zero, !FormatString.hasSpecifiers(form.value) else { continue }
                let numbers = integersBelow100[plural] ?? []
                guard numbers.count > 1 else { continue }
                result.append(check.finding(.error, file: file, key: key, locale: locale,
                                            message: "\(place) [\(locale)] '\(category)' form \(CheckContext.quoted(form.value)) states no count, but '\(category)' covers \(PluralCategoriesCheck.list(numbers)): all of them read as that text",
                                            hint: "keep the count placeholder in this form; only a category that covers a single number may state it in words"))
            }
            return result
        }

        static func pluralVariations(in localization: CatalogLocalization, prefix: StringUnitPath) -> [(StringUnitPath, CatalogLocalizations)] {
            var result: [(StringUnitPath, CatalogLocalizations)] = []
            if let plural = localization.variations?.plural { result.append((prefix, plural)) }
            for (kind, cases) in localization.variations?.kinds ?? [:] where kind != "plural" {
                for (name, variation) in cases {
                    result += pluralVariations(in: variation, prefix: prefix.appending(kind, name))
                }
            }
            for name in (localization.substitutions ?? [:]).keys.sorted() {
                if let plural = localization.substitutions?[name]?.variations?.plural {
                    result.append((prefix.appending("substitutions", name), plural))
                }
            }
            return result
        }
    }

    private func assertSameFindings(_ root: URL, atLeast count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let context = try CheckContext(project: ProjectDiscovery(root: root).discover())
        let order = { (finding: Finding) in "\(finding.file ?? "") \(finding.key ?? "") \(finding.locale ?? "") \(finding.message)" }
        let expected = Reference().findings(in: context).sorted { order($0) < order($1) }
        let found = PluralCategoriesCheck().findings(in: context).sorted { order($0) < order($1) }
        XCTAssertEqual(found.count, expected.count, file: file, line: line)
        if let first = zip(found, expected).first(where: { $0 != $1 }) { XCTFail("found \(first.0)\nexpected \(first.1)", file: file, line: line) }
        XCTAssertGreaterThanOrEqual(expected.count, count, file: file, line: line)
    }

    func testTheSample() throws {
        try assertSameFindings(Fixtures.sample("BrandedEditor"), atLeast: 1)
    }

    /// Every plural variation of the generated app catalog (its own, under devices and in
    /// substitutions) loses random cases, and random forms lose their count.
    func testAGeneratedProjectWithCasesDroppedAndCountsWrittenOut() throws {
        var size = ProjectGenerator.Size.small
        size.appStrings = 300
        size.locales = 14  // up to pl, with ar and ru: zero, two, few and many
        let output = try ProjectGenerator(size: size, seed: 23).write(to: try Fixtures.temporaryFolder(self))
        try assertSameFindings(output.root, atLeast: 0)
        var random = SeededRandom(seed: 23)
        func mutate(_ cases: inout CatalogLocalizations) {
            for name in Array(cases.keys) {
                switch random.below(5) {
                case 0: cases[name] = nil
                case 1: cases[name]?.stringUnit?.value = "written out"
                default: break
                }
            }
        }
        func mutate(_ localization: inout CatalogLocalization) {
            if var variations = localization.variations {
                for kind in Array(variations.kinds.keys) {
                    if kind == "plural" {
                        mutate(&variations.kinds[kind]!)
                    } else {
                        for name in Array(variations.kinds[kind]!.keys) {
                            // Some device cases become plural variations of random categories.
                            if random.below(3) == 0 {
                                var plural = CatalogLocalizations()
                                for category in ["zero", "one", "two", "few", "many", "other"] where random.below(2) == 0 {
                                    plural[category] = CatalogLocalization(stringUnit: StringUnit(state: .translated, value: random.below(2) == 0 ? "%lld x" : "x"))
                                }
                                variations.kinds[kind]![name] = CatalogLocalization(variations: CatalogVariations(kinds: ["plural": plural]))
                            }
                            mutate(&variations.kinds[kind]![name]!)
                        }
                    }
                }
                localization.variations = variations
            }
            if var substitutions = localization.substitutions {
                for name in Array(substitutions.keys) where substitutions[name]?.variations?.plural != nil {
                    mutate(&substitutions[name]!.variations!.kinds["plural"]!)
                }
                localization.substitutions = substitutions
            }
        }
        let url = output.root.appendingPathComponent("\(ProjectGenerator.appName)/Localizable.xcstrings")
        var catalog = try StringCatalogReader.read(contentsOf: url)
        var variations = 0, nested = 0, substituted = 0
        for key in Array(catalog.entries.keys) {
            guard var localizations = catalog.entries[key]?.localizations else { continue }
            for locale in Array(localizations.keys) where localizations[locale]?.variations != nil || localizations[locale]?.substitutions != nil {
                variations += 1
                if localizations[locale]?.variations?.kinds.keys.contains(where: { $0 != "plural" }) ?? false { nested += 1 }
                if localizations[locale]?.substitutions != nil { substituted += 1 }
                mutate(&localizations[locale]!)
            }
            catalog.entries[key]?.localizations = localizations
        }
        XCTAssertGreaterThan(variations, 300)
        XCTAssertGreaterThan(nested, 30)
        XCTAssertGreaterThan(substituted, 30)
        try StringCatalogWriter().data(for: catalog).write(to: url)
        try assertSameFindings(output.root, atLeast: 200)
    }

    /// `device-without-other` reads the context's units by localization; the reference walks every
    /// entry's variations (its own, under plural forms, in substitutions), as its first version did.
    func testDeviceWithoutOtherMatchesAWalkOfTheCatalogs() throws {
        var size = ProjectGenerator.Size.small
        size.appStrings = 300
        let output = try ProjectGenerator(size: size, seed: 29).write(to: try Fixtures.temporaryFolder(self))
        let url = output.root.appendingPathComponent("\(ProjectGenerator.appName)/Localizable.xcstrings")
        var catalog = try StringCatalogReader.read(contentsOf: url)
        var random = SeededRandom(seed: 29)
        var devices = 0
        func mutate(_ localization: inout CatalogLocalization) {
            guard var variations = localization.variations else { return }
            for kind in Array(variations.kinds.keys) {
                if kind == "device" {
                    devices += 1
                    for name in Array(variations.kinds[kind]!.keys) where random.below(3) == 0 { variations.kinds[kind]![name] = nil }
                    if variations.kinds[kind]!.isEmpty { variations.kinds[kind] = nil; continue }
                }
                guard let names = variations.kinds[kind]?.keys else { continue }
                for name in Array(names) { mutate(&variations.kinds[kind]![name]!) }
            }
            localization.variations = variations
        }
        for key in Array(catalog.entries.keys) {
            guard var localizations = catalog.entries[key]?.localizations else { continue }
            for locale in Array(localizations.keys) { mutate(&localizations[locale]!) }
            catalog.entries[key]?.localizations = localizations
        }
        XCTAssertGreaterThan(devices, 30)
        try StringCatalogWriter().data(for: catalog).write(to: url)

        let context = try CheckContext(project: ProjectDiscovery(root: output.root).discover())
        func walk(_ localization: CatalogLocalization, _ prefix: [String], _ body: ([String], CatalogLocalizations) -> Void) {
            for (kind, cases) in localization.variations?.kinds ?? [:] {
                if kind == "device" { body(prefix, cases) }
                for (name, variation) in cases { walk(variation, prefix + [kind, name], body) }
            }
            for (name, substitution) in localization.substitutions ?? [:] {
                walk(CatalogLocalization(variations: substitution.variations), prefix + ["substitutions", name], body)
            }
        }
        var expected: [String] = []
        for file in context.appCatalogFiles {
            for (key, entry) in file.catalog.entries where entry.isToTranslate {
                for (locale, localization) in entry.localizations ?? [:] {
                    walk(localization, []) { prefix, cases in
                        guard cases["other"] == nil, cases.count < CatalogVariations.deviceNames.count,
                              cases.values.contains(where: { !$0.stringUnits.isEmpty }) else { return }
                        expected.append("\(file.path) \(locale) \(PlaceholderMismatchCheck.describe(key, StringUnitPath(prefix + ["device"])))")
                    }
                }
            }
        }
        let found = DeviceWithoutOtherCheck().findings(in: context).map { finding in
            "\(finding.file ?? "") \(finding.locale ?? "") \(finding.message.components(separatedBy: " [\(finding.locale ?? "")] ")[0])"
        }
        XCTAssertGreaterThan(expected.count, 10)
        XCTAssertEqual(found.sorted(), expected.sorted())
    }
}
