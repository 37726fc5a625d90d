import Foundation
import L10nKit
import XCTest

/// Export of Samples/BrandedEditor: goldens, scopes, SDK keys, `.xcloc`.
final class ExportSampleTests: XCTestCase {
    private func exporter(_ root: URL = Fixtures.sample("BrandedEditor")) throws -> XLIFFExporter {
        XLIFFExporter(project: try ProjectDiscovery(root: root).discover())
    }

    private func data(_ export: LocaleExport) throws -> Data {
        try XLIFFWriter(tool: ExchangeFixtures.tool).data(export.document)
    }

    func testDefaultLocalesAreTheDeclaredOnesWithoutTheSourceLanguage() throws {
        XCTAssertEqual(try exporter().defaultLocales, ["de", "fr", "ja"])
    }

    /// French, scope missing: the SDK keys without an app-side value (70 keys, the plural one as
    /// fr's one/many/other) under the app's IMGLYEditor catalog, the unreviewed placeholder with its
    /// target, the custom labels without French and the plural case fr lacks, the onboarding
    /// storyboard's texts (no `fr.lproj/Onboarding.strings`) and the onboarding table.
    func testFrenchMissingGolden() throws {
        let export = try exporter().export(locale: "fr", scope: .missing)
        LegacyGolden.assertMatches(try data(export), "exchange/BrandedEditor.fr.missing.xliff")
        XCTAssertEqual(export.document.files.map(\.original), [
            "BrandedEditor/IMGLYEditor.xcstrings", "BrandedEditor/Localizable.xcstrings",
            "OnboardingKit/Base.lproj/Onboarding.storyboard", "OnboardingKit/en.lproj/Localizable.strings",
        ])
        let editor = export.document.files[0].units
        XCTAssertEqual(editor.count, 70 + 2 + 1)
        let review = try XCTUnwrap(editor.first { $0.id == "ly_img_editor_asset_library_label_search_placeholder %@" })
        XCTAssertEqual(review.target, "Rechercher %@…")
        XCTAssertEqual(review.targetState, .needsReviewL10n)
        XCTAssertEqual(editor.filter { $0.id.hasPrefix("ly_img_editor_navigation_bar_button_pages_mode %lld|==|") }.map(\.id).map { String($0.split(separator: ".").last!) },
                       ["many", "one", "other"])
        XCTAssertEqual(editor.first { $0.id.hasPrefix("ly_img_editor_asset_library_label_credits_artist_on_source") }?.note,
                       "Credits line under a stock image. 1: artist name, 2: name of the image service")
        XCTAssertEqual(export.document.files[1].units.map(\.id), [
            "%lld drafts|==|plural.many", "ly_img_editor_canvas_menu_button_duplicate",
            "ly_img_editor_inspector_bar_button_delete", "ly_img_editor_navigation_bar_button_undo",
        ])
        XCTAssertEqual(export.document.files[2].units.count, 10, "labels and buttons ibtool extracts; stbLocKey sets them at run time, but Xcode exports them too")
        XCTAssertEqual(export.document.files[3].units.count, 6)
        XCTAssertTrue(export.document.files[2...].flatMap(\.units).allSatisfy { $0.target == nil && $0.targetState == nil })
    }

    /// German, scope overrides: every custom label under the app catalog whose definition wins.
    func testGermanOverridesGolden() throws {
        let project = try ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover()
        let export = XLIFFExporter(project: project).export(locale: "de", scope: .overrides)
        LegacyGolden.assertMatches(try data(export), "exchange/BrandedEditor.de.overrides.xliff")
        var expected: [String: [String]] = [:]
        for label in project.customLabels { expected[label.layer.catalogPath!, default: []].append(label.key) }
        for file in export.document.files {
            XCTAssertEqual(Set(file.units.map(\.id)), Set(expected[file.original] ?? []), file.original)
        }
        let duplicate = export.document.files.first { $0.original == "BrandedEditor/Localizable.xcstrings" }?
            .units.first { $0.id == "ly_img_editor_canvas_menu_button_duplicate" }
        XCTAssertEqual(duplicate?.source, "Copy")
        XCTAssertNil(duplicate?.target, "the English-only label that shadows the SDK's German")
    }

    /// German, scope missing: the SDK ships German, so only the shadowing custom label and the
    /// onboarding storyboard and table are missing; the stray MyBrand catalog (never read) is left out.
    func testGermanMissingIsSmall() throws {
        let export = try exporter().export(locale: "de", scope: .missing)
        XCTAssertEqual(export.document.allUnits.map { "\($0.file.original) \($0.unit.id)" }, [
            "BrandedEditor/Localizable.xcstrings ly_img_editor_canvas_menu_button_duplicate",
            "OnboardingKit/Base.lproj/Onboarding.storyboard Hd3-pQ-w1L.text",
            "OnboardingKit/Base.lproj/Onboarding.storyboard Q9v-Lm-4sE.configuration.title",
            "OnboardingKit/Base.lproj/Onboarding.storyboard Q9v-Lm-4sE.normalTitle",
            "OnboardingKit/Base.lproj/Onboarding.storyboard Xq2-Ab-7Kd.configuration.title",
            "OnboardingKit/Base.lproj/Onboarding.storyboard Xq2-Ab-7Kd.normalTitle",
            "OnboardingKit/Base.lproj/Onboarding.storyboard a7T-kM-x0R.text",
            "OnboardingKit/Base.lproj/Onboarding.storyboard ju9-fj-dox.text",
            "OnboardingKit/Base.lproj/Onboarding.storyboard kCO-9u-5kw.text",
            "OnboardingKit/Base.lproj/Onboarding.storyboard nG5-2c-Yb8.configuration.title",
            "OnboardingKit/Base.lproj/Onboarding.storyboard nG5-2c-Yb8.normalTitle",
            "OnboardingKit/en.lproj/Localizable.strings onboarding_button_allow",
            "OnboardingKit/en.lproj/Localizable.strings onboarding_button_continue",
            "OnboardingKit/en.lproj/Localizable.strings onboarding_photos_body",
            "OnboardingKit/en.lproj/Localizable.strings onboarding_photos_title",
            "OnboardingKit/en.lproj/Localizable.strings onboarding_welcome_body",
            "OnboardingKit/en.lproj/Localizable.strings onboarding_welcome_title",
        ])
    }

    /// `all` is what Xcode exports from the app's files (MyBrand and translate="no" included,
    /// the SDK's catalog never) and always contains `missing`.
    func testAllContainsMissingAndNeverTheSDKCatalog() throws {
        let exporter = try exporter()
        for locale in ["de", "fr", "ja"] {
            let all = exporter.export(locale: locale, scope: .all).document
            let missing = exporter.export(locale: locale, scope: .missing).document
            let ids = { (document: XLIFFDocument) in Set(document.allUnits.map { $0.file.original + "\u{0}" + $0.unit.id }) }
            XCTAssertTrue(ids(missing).isSubset(of: ids(all)), locale)
            XCTAssertTrue(all.files.contains { $0.original == "BrandedEditor/MyBrand.xcstrings" }, locale)
            XCTAssertFalse(all.files.contains { $0.original.hasPrefix("Vendor/") }, locale)
            XCTAssertEqual(all.allUnits.first { $0.unit.id == "Brand Studio" }?.unit.translate, false, locale)
        }
    }

    /// Without an app IMGLYEditor catalog the SDK keys go to `<app folder>/IMGLYEditor.xcstrings`.
    func testSDKKeysGoToTheAppFolderWhenTheAppHasNoEditorCatalog() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        try FileManager.default.removeItem(at: root.appendingPathComponent("BrandedEditor/IMGLYEditor.xcstrings"))
        let export = try exporter(root).export(locale: "ja", scope: .missing)
        let editor = try XCTUnwrap(export.document.files.first { $0.original == "BrandedEditor/IMGLYEditor.xcstrings" })
        // 102 SDK keys, 9 of them defined in the app's Localizable; the plural key gives ja one unit.
        XCTAssertEqual(editor.units.count, 102 - 9)
        XCTAssertEqual(editor.sourceLanguage, "en")
        let source = try XCTUnwrap(export.sourceContents.first { $0.path == "BrandedEditor/IMGLYEditor.xcstrings" })
        let reduced = try StringCatalogReader.read(source.data, file: "reduced")
        XCTAssertEqual(reduced.entries.count, 93)
        XCTAssertEqual(reduced.locales, ["en"])
    }

    /// Every file the exporter writes re-parses with libxml2 into the same units; `.xcloc`
    /// bundles have Xcode's layout and read back with `XclocBundle`.
    func testWrittenFilesReparseAndBundlesHaveXcodesLayout() throws {
        let exporter = try exporter()
        let out = try Fixtures.temporaryFolder(self)
        for scope in ExportScope.allCases {
            for locale in ["de", "fr", "ja"] {
                let export = exporter.export(locale: locale, scope: scope)
                let folder = out.appendingPathComponent(scope.rawValue)
                let xliff = try export.write(to: folder, format: .xliff, tool: ExchangeFixtures.tool)
                XCTAssertEqual(xliff.lastPathComponent, "\(locale).xliff")
                let reread = try XLIFFReader().read(contentsOf: xliff)
                XCTAssertEqual(XLIFFFixtureTests.stripped(reread), XLIFFFixtureTests.stripped(export.document), "\(scope) \(locale)")
                let bundle = try export.write(to: folder, format: .xcloc, tool: ExchangeFixtures.tool)
                let read = try XclocBundle.read(at: bundle)
                XCTAssertEqual(XLIFFFixtureTests.stripped(read.document), XLIFFFixtureTests.stripped(export.document))
                XCTAssertEqual(read.contents?.targetLocale, locale)
                XCTAssertEqual(read.contents?.developmentRegion, "en")
                XCTAssertEqual(read.contents?.toolInfo?.toolID, "l10n")
                var isFolder: ObjCBool = false
                XCTAssertTrue(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("Notes").path, isDirectory: &isFolder) && isFolder.boolValue)
                for file in export.document.files {
                    XCTAssertTrue(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("Source Contents/" + file.original).path), file.original)
                }
            }
        }
    }

    func testXclocBundleGolden() throws {
        let export = try exporter().export(locale: "fr", scope: .missing)
        let bundle = try export.write(to: Fixtures.temporaryFolder(self), format: .xcloc, tool: ExchangeFixtures.tool)
        let files = try ExchangeFixtures.snapshot(bundle)
        XCTAssertEqual(files.keys.sorted(), [
            "Localized Contents/fr.xliff",
            "Source Contents/BrandedEditor/IMGLYEditor.xcstrings",
            "Source Contents/BrandedEditor/Localizable.xcstrings",
            "Source Contents/OnboardingKit/Base.lproj/Onboarding.storyboard",
            "Source Contents/OnboardingKit/en.lproj/Localizable.strings",
            "contents.json",
        ])
        XCTAssertEqual(files["Source Contents/OnboardingKit/Base.lproj/Onboarding.storyboard"],
                       try Data(contentsOf: Fixtures.sample("BrandedEditor/OnboardingKit/Base.lproj/Onboarding.storyboard")))
        LegacyGolden.assertMatches(files["contents.json"]!, "exchange/BrandedEditor.fr.xcloc.contents.json")
        XCTAssertEqual(files["Localized Contents/fr.xliff"], try data(export))
        XCTAssertEqual(files["Source Contents/OnboardingKit/en.lproj/Localizable.strings"],
                       try Data(contentsOf: Fixtures.sample("BrandedEditor/OnboardingKit/en.lproj/Localizable.strings")))
        let editor = try StringCatalogReader.read(files["Source Contents/BrandedEditor/IMGLYEditor.xcstrings"]!, file: "editor")
        XCTAssertEqual(editor.locales, ["en"])
        XCTAssertEqual(editor.entries.count, 25 + 70, "the app's entries and the SDK keys exported under it")
        XCTAssertEqual(editor.stringUnit(key: "ly_img_editor_sheet_reorder_label_info", locale: "en")?.value, "Touch and hold a clip to move it.")
    }
}
