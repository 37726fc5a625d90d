import XCTest
import L10nFormats
@testable import L10nProject
@testable import L10nTestSupport

/// `CheckContext.plainUnit`, which takes a localization's own string unit in place, and
/// `hasPlainUnit` and `plainState` answer as the copy of the whole localization did, on real catalogs (plural,
/// device and substitution variations among them) and on locales an entry lacks.
final class PlainUnitTests: XCTestCase {
    /// The lookup before it read in place: the oracle.
    private func copiedPlainUnit(_ entry: CatalogEntry?, locale: String) -> StringUnit? {
        guard let localization = entry?.localizations?[locale] else { return nil }
        return localization.stringUnit ?? localization.variations?.plural?["other"]?.stringUnit ?? localization.firstStringUnit
    }

    func testAnswersAsTheCopiedLocalization() throws {
        var asked = 0, found = 0, fromVariations = 0
        for name in ["fixtures/xcstrings/MacMouseFix.Localizable.xcstrings", "fixtures/xcstrings/KeepingYouAwake.Localizable.xcstrings",
                     "fixtures/imgly/IMGLYEditor.xcstrings"] {
            let catalog = try StringCatalogReader.read(contentsOf: Fixtures.shared(name))
            let locales = Set(catalog.entries.values.flatMap { $0.localizations.map { Array($0.keys) } ?? [] }).sorted() + ["xx", ""]
            for entry in catalog.entries.values.map(Optional.some) + [nil, CatalogEntry()] {
                for locale in locales {
                    let expected = copiedPlainUnit(entry, locale: locale)
                    let unit = CheckContext.plainUnit(entry, locale: locale)
                    XCTAssertEqual(unit, expected, "\(name) \(locale)")
                    XCTAssertEqual(unit.map { Array($0.value.utf8) }, expected.map { Array($0.value.utf8) })
                    XCTAssertEqual(CheckContext.hasPlainUnit(entry, locale: locale), expected != nil, "\(name) \(locale)")
                    XCTAssertEqual(CheckContext.plainState(entry, locale: locale), expected?.state, "\(name) \(locale)")
                    asked += 1
                    if expected != nil { found += 1 }
                    if expected != nil, entry?.localizations?[locale]?.stringUnit == nil { fromVariations += 1 }
                }
            }
        }
        XCTAssertGreaterThan(found, 1_000)
        XCTAssertGreaterThan(asked - found, 1_000)
        XCTAssertGreaterThan(fromVariations, 0, "a real catalog has a localization made of variations only")
    }
}
