import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// Export against the real CE.SDK catalog (../shared/fixtures/imgly) as the SDK layer.
final class ExportRealSDKTests: XCTestCase {
    /// `ly_img_editor_navigation_bar_button_pages_mode %lld` has one English string and German
    /// plural variations: German has it, so `missing` does not hand it to translators again (it
    /// did, as a unit without a target). A locale the SDK does not ship still gets it.
    func testASDKEntryTranslatedInAnotherFormIsNotMissing() throws {
        let sdk = try Data(contentsOf: Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        let root = try ExchangeFixtures.project(self, files: [
            "Vendor/IMGLYEditor/IMGLYEditor.xcstrings": sdk,
            "App/Info.plist": ExampleFile.infoPlist(declared: ["en", "de", "nb"]).data,
            "App/Localizable.xcstrings": Data(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#.utf8),
        ])
        let exporter = XLIFFExporter(project: try ProjectDiscovery(root: root).discover())
        let key = "ly_img_editor_navigation_bar_button_pages_mode %lld"
        let catalog = try StringCatalogReader.read(sdk, file: "sdk")
        XCTAssertNil(catalog.entries[key]?.localizations?["de"]?.stringUnit)
        XCTAssertNotNil(catalog.entries[key]?.localizations?["de"]?.variations, "the fixture's shape changed")

        let german = exporter.export(locale: "de", scope: .missing).document.allUnits.map(\.unit.id)
        XCTAssertFalse(german.contains { $0.hasPrefix(key) }, german.filter { $0.contains("pages_mode") }.description)
        let norwegian = exporter.export(locale: "nb", scope: .missing).document.allUnits.map(\.unit.id)
        XCTAssertTrue(norwegian.contains(key), "a locale the SDK does not ship lacks it")
    }

    func testAnotherFormIsTheOtherShapeOnly() throws {
        let flat = CatalogLocalization(stringUnit: StringUnit(state: "translated", value: "x"))
        let plural = CatalogLocalization(variations: CatalogVariations(kinds: ["plural": ["other": flat]]))
        XCTAssertTrue(plural.holdsOtherForm(than: []))
        XCTAssertFalse(flat.holdsOtherForm(than: []))
        XCTAssertTrue(flat.holdsOtherForm(than: ["plural", "one"]))
        XCTAssertFalse(plural.holdsOtherForm(than: ["plural", "one"]), "a plural gap is missing, not another form")
        XCTAssertFalse(CatalogLocalization().holdsOtherForm(than: []), "no value at all is missing")
        let unreviewed = CatalogLocalization(stringUnit: StringUnit(state: "needs_review", value: "x"))
        XCTAssertFalse(unreviewed.holdsOtherForm(than: ["plural", "one"]), "an unfinished value in the other form is still missing")
        let empty = CatalogLocalization(stringUnit: StringUnit(state: "translated", value: ""))
        XCTAssertFalse(empty.holdsOtherForm(than: ["plural", "one"]), "an empty value is missing")
        let naming = CatalogLocalization(stringUnit: StringUnit(state: "translated", value: "%#@count@ Fotos"))
        XCTAssertFalse(naming.holdsOtherForm(than: ["substitutions", "count", "plural", "one"]), "a string naming the substitution lacks it: missing")
        XCTAssertTrue(flat.holdsOtherForm(than: ["substitutions", "count", "plural", "one"]), "one string without the substitution is another form")
    }
}
