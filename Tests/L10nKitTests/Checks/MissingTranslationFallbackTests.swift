import Foundation
@testable import L10nProject
import L10nKit
import XCTest

/// `missing-translation` names the localization a device reads a legacy table from when its own
/// has no file: the first of its search list that has one (Genshin-Pizza-Helper's zh-HK devices
/// read zh-Hant's `Localizable.strings`), as `match` and `resolve` say.
final class MissingTranslationFallbackTests: XCTestCase {
    func testARegionalLocalizationWithoutTheTableReadsItsNeighbours() throws {
        let example = CheckExample.app("", declared: ["en", "zh-Hant", "zh-HK"], localizable: ["x": ["en": "x", "zh-Hant": "x", "zh-HK": "x"]], more: [
            "App/en.lproj/Settings.strings": .text("\"home\" = \"Home\";\n"),
            "App/zh-Hant.lproj/Settings.strings": .text("\"home\" = \"主頁\";\n"),
            "App/en.lproj/Other.strings": .text("\"a\" = \"A\";\n\"b\" = \"B\";\n"),
            "App/zh-Hant.lproj/Other.strings": .text("\"a\" = \"甲\";\n"),
            "App/zh-HK.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"披薩\";\n"),
        ])
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try example.write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        let findings = try CheckJob(options: CheckOptions(only: ["missing-translation"])).run(on: project).findings
        // A key the file read instead lacks shows raw: Foundation reads no further file for it.
        XCTAssertEqual(findings.map(\.message).sorted(), ["1 key of App/Other has no 'zh-HK': zh-HK devices see the raw key (\"b\")",
                                                          "1 key of App/Other has no 'zh-HK': zh-HK devices see them in 'zh-Hant' (\"a\")",
                                                          "1 key of App/Other has no 'zh-Hant': zh-Hant devices see the raw key (\"b\")",
                                                          "1 key of App/Settings has no 'zh-HK': zh-HK devices see them in 'zh-Hant' (\"home\")"])
    }

    /// An intent definition kept in a language's folder (Genshin-Pizza-Helper's
    /// `zh-Hans.lproj/AccountIntents.intentdefinition`) makes that language one of its extension's
    /// localizations: English devices of an extension translated only into French read the
    /// definition's Chinese. The table's keys are the definition's string ids, which export hands
    /// translators (they were its translations', so a stale id counted and a new one did not), and a
    /// key the French file lacks shows the definition's text, not the raw id.
    func testAnIntentDefinitionsFolderIsALocalizationOfItsBundle() throws {
        func plist(_ body: String) -> ExampleFile {
            .text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(body)</dict></plist>\n")
        }
        let files: [String: ExampleFile] = [
            "App/Info.plist": plist("<key>CFBundleDevelopmentRegion</key><string>zh-Hans</string><key>CFBundleLocalizations</key>"
                                    + "<array><string>zh-Hans</string><string>fr</string><string>en</string></array>"),
            "App/zh-Hans.lproj/Localizable.strings": .text("\"home\" = \"主页\";\n"),
            "App/fr.lproj/Localizable.strings": .text("\"home\" = \"Accueil\";\n"),
            "App/en.lproj/Localizable.strings": .text("\"home\" = \"Home\";\n"),
            "AccountIntent/Info.plist": plist("<key>CFBundleDevelopmentRegion</key><string>zh-Hans</string><key>NSExtension</key><dict>"
                                              + "<key>NSExtensionPointIdentifier</key><string>com.apple.intents-service</string></dict>"),
            "AccountIntent/zh-Hans.lproj/AccountIntents.intentdefinition": plist(
                "<key>INEnums</key><array><dict><key>INEnumDisplayName</key><string>通知方式</string><key>INEnumDisplayNameID</key>"
                + "<string>fYQAf4</string><key>INEnumName</key><string>NoticeMethod</string><key>INEnumValues</key><array>"
                + "<dict><key>INEnumValueDisplayName</key><string>（未知）</string><key>INEnumValueDisplayNameID</key><string>2yWIH0</string>"
                + "<key>INEnumValueName</key><string>unknown</string></dict>"
                + "<dict><key>INEnumValueDisplayName</key><string>全部完成时</string><key>INEnumValueDisplayNameID</key><string>81ss5Y</string>"
                + "<key>INEnumValueIndex</key><integer>1</integer><key>INEnumValueName</key><string>allCompleted</string></dict>"
                + "</array></dict></array>"),
            "AccountIntent/fr.lproj/AccountIntents.strings": .text("\"81ss5Y\" = \"Terminé\";\n\n\"2yWIH0\" = \"(Inconnu)\";\n"),
        ]
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Intents", isDirectory: true)
        try CheckExample("", files: files).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.localizations(ofBundle: "AccountIntent"), ["fr", "zh-Hans"])
        let findings = try CheckJob(options: CheckOptions(only: ["missing-translation"])).run(on: project).findings
        XCTAssertEqual(findings.map(\.message).sorted(), ["1 key of AccountIntent/AccountIntents has no 'fr': fr devices see them in 'zh-Hans' (\"fYQAf4\")",
                                                          "2 keys of AccountIntent/AccountIntents have no 'en': en devices see them in 'zh-Hans' (\"fYQAf4\", \"81ss5Y\")"])
        // In the app's own bundle too, a key the French file lacks shows the definition's text.
        let appIntents = try Fixtures.temporaryFolder(self).appendingPathComponent("AppIntents", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": plist("<key>CFBundleDevelopmentRegion</key><string>en</string><key>CFBundleLocalizations</key><array><string>en</string><string>fr</string></array>"),
            "App/en.lproj/Localizable.strings": .text("\"home\" = \"Home\";\n"),
            "App/fr.lproj/Localizable.strings": .text("\"home\" = \"Accueil\";\n"),
            "App/en.lproj/AccountIntents.intentdefinition": files["AccountIntent/zh-Hans.lproj/AccountIntents.intentdefinition"]!,
            "App/fr.lproj/AccountIntents.strings": .text("\"81ss5Y\" = \"Terminé\";\n"),
        ]).write(to: appIntents)
        let appFindings = try CheckJob(options: CheckOptions(only: ["missing-translation"])).run(on: ProjectDiscovery(root: appIntents).discover()).findings
        XCTAssertEqual(appFindings.map(\.message), ["1 key of App/AccountIntents has no 'fr': fr devices see them in 'en' (\"fYQAf4\")"])
        // Export hands the same units: the definition kept in the development language's folder is the table's source.
        let exporter = XLIFFExporter(project: project)
        XCTAssertEqual(exporter.export(locale: "en", scope: .missing).document.allUnits.map(\.unit.id), ["81ss5Y", "fYQAf4"])
        XCTAssertEqual(exporter.export(locale: "fr", scope: .missing).document.files.map(\.original),
                       ["AccountIntent/zh-Hans.lproj/AccountIntents.intentdefinition"])
    }

    /// A Settings bundle's table holds the titles its `Root.plist` shows (`Title`, `FooterText`,
    /// `Titles`): the Settings app looks them up there and shows one the table lacks as written.
    /// A key of `Root.strings` no specifier names (the template's "none given") is none of them.
    func testASettingsBundlesKeysAreItsPlistsTitles() throws {
        let rootPlist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>StringsTable</key><string>Root</string><key>PreferenceSpecifiers</key><array>
            <dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Group</string></dict>
            <dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Theme</string><key>Key</key><string>theme</string>
            <key>Titles</key><array><string>Light</string><string>Dark</string></array><key>Values</key><array><integer>0</integer><integer>1</integer></array></dict>
            </array></dict></plist>

            """
        let example = CheckExample.app("", localizable: ["x": ["en": "x", "de": "x"]], more: [
            "App/Settings.bundle/Root.plist": .text(rootPlist),
            "App/Settings.bundle/en.lproj/Root.strings": .text("\"Group\" = \"Group\";\n\"none given\" = \"none given\";\n"),
            "App/Settings.bundle/de.lproj/Root.strings": .text("\"Group\" = \"Gruppe\";\n\"Theme\" = \"Design\";\n"),
        ])
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Settings", isDirectory: true)
        try example.write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        let findings = try CheckJob(options: CheckOptions(only: ["missing-translation"])).run(on: project).findings
        XCTAssertEqual(findings.map(\.message), ["2 keys of Settings/Root have no 'de': de devices see them in 'en' (\"Light\", \"Dark\")"])
        let report = try ReportJob().run(on: project)
        let row = try XCTUnwrap((report.appLocales + report.fullLocalization).first { $0.locale == "de" }?.tables.first { $0.table == "Settings/Root" })
        XCTAssertEqual([row.reachable, row.finished], [4, 2])
        // Export hands the same titles (it handed "none given" alone, so the table never got
        // done), and a translated title is no translation-only key.
        let exporter = XLIFFExporter(project: project)
        XCTAssertEqual(exporter.export(locale: "de", scope: .missing).document.allUnits.map(\.unit.id), ["Dark", "Light"])
        XCTAssertEqual(exporter.export(locale: "de", scope: .all).document.allUnits.filter { $0.file.original.contains("Settings.bundle") }.map(\.unit.id),
                       ["Dark", "Group", "Light", "Theme"])
        let others = try CheckJob(options: CheckOptions(only: ["translation-only-key"])).run(on: project).findings
        XCTAssertEqual(others.map(\.message), [])
        // Without an English Root.strings the titles are still the table's source (export handed nothing).
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Settings.bundle/en.lproj"))
        let withoutEnglish = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(XLIFFExporter(project: withoutEnglish).export(locale: "de", scope: .missing).document.allUnits
            .filter { $0.file.original.contains("Settings.bundle") }.map(\.unit.id), ["Dark", "Light"])
    }

    /// An app offering de-AT beside an SDK that ships de: the SDK's bundle follows the app's de-AT
    /// to its German, so de-AT is no full-localization locale, and neither check, report nor export
    /// asks a de-AT value of an SDK key (all three did, while resolve said the German shows).
    func testARegionalLocaleTheSDKServesInItsLanguageIsNotFullLocalization() throws {
        let example = CheckExample.editor("", declared: ["en", "de", "de-AT", "fr", "en-GB"],
                                          sdk: ["ly_img_editor_dock_button_shapes": ["en": "Shapes", "de": "Formen"]],
                                          localizable: ["Month": ["en": "January", "de": "Januar", "de-AT": "Jänner", "fr": "Janvier", "en-GB": "January"]])
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Regional", isDirectory: true)
        try example.write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.fullLocalizationLocales, ["fr"])
        XCTAssertEqual(project.sdkTranslation(forAppLocale: "de-AT"), "de")
        XCTAssertEqual(project.sdkTranslation(forAppLocale: "en-GB"), "en", "the SDK's English is an en-GB device's language")
        XCTAssertNil(project.sdkTranslation(forAppLocale: "fr"))
        let findings = try CheckJob(options: CheckOptions(only: ["missing-translation"])).run(on: project).findings
        XCTAssertEqual(findings.compactMap(\.locale), ["fr"], findings.map(\.message).joined(separator: "\n"))
        let exporter = XLIFFExporter(project: project)
        XCTAssertEqual(exporter.export(locale: "de-AT", scope: .missing).document.allUnits.count, 0)
        XCTAssertEqual(exporter.export(locale: "fr", scope: .missing).document.allUnits.map(\.unit.id), ["ly_img_editor_dock_button_shapes"])
        let report = try ReportJob().run(on: project)
        XCTAssertEqual(report.fullLocalization.map(\.locale), ["fr"])
        XCTAssertEqual(report.appLocales.first { $0.locale == "de-AT" }?.coverage, 100)
        // The devices part counts the SDK's German on de-AT devices as German (it said 1 of 2
        // labels in another language).
        XCTAssertEqual(report.devices.first { $0.device == "de-AT" }?.fallbacks, 0)
    }

    /// An app on the SDK without an `IMGLYEditor.xcstrings` of its own: export hands the SDK keys
    /// French lacks under `App/IMGLYEditor.xcstrings`, which the import creates; check and report
    /// name that catalog too (they counted those keys under `App/Localizable`, a catalog without
    /// them, so its row said 1 of 3 where the app's own key was done).
    func testSDKKeysAnAppHasNoEditorCatalogForAreCountedWhereExportHandsThem() throws {
        let example = CheckExample.editor("", declared: ["en", "de", "fr"],
                                          sdk: ["ly_img_editor_dock_button_shapes": ["en": "Shapes", "de": "Formen"],
                                                "ly_img_editor_dock_button_text": ["en": "Text", "de": "Text"]],
                                          localizable: ["Month": ["en": "January", "de": "Januar", "fr": "Janvier"]])
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("NoEditorCatalog", isDirectory: true)
        try example.write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.editorCatalogToCreate?.catalogPath, "App/IMGLYEditor.xcstrings")
        let exported = XLIFFExporter(project: project).export(locale: "fr", scope: .missing).document
        XCTAssertEqual(exported.files.map(\.original), ["App/IMGLYEditor.xcstrings"])
        let exportedKeys = exported.allUnits.map(\.unit.id)
        let findings = try CheckJob(options: CheckOptions(only: ["missing-translation"])).run(on: project).findings
        XCTAssertEqual(findings.map(\.file), ["App/IMGLYEditor.xcstrings"])
        XCTAssertEqual(findings.map(\.message), ["2 keys of App/IMGLYEditor (no such catalog yet) have no 'fr': fr devices see them in 'en' "
                                                 + "(\"ly_img_editor_dock_button_shapes\", \"ly_img_editor_dock_button_text\")"])
        XCTAssertEqual(findings.first?.keys.sorted(), exportedKeys.sorted())
        let report = try ReportJob().run(on: project)
        let rows = try XCTUnwrap(report.fullLocalization.first { $0.locale == "fr" }).tables
        XCTAssertEqual(Set(rows.map(\.table)), ["App/Localizable", "App/IMGLYEditor"])
        let editorRow = try XCTUnwrap(rows.first { $0.table == "App/IMGLYEditor" })
        let localizableRow = try XCTUnwrap(rows.first { $0.table == "App/Localizable" })
        XCTAssertEqual(editorRow.file, "App/IMGLYEditor.xcstrings")
        XCTAssertEqual([localizableRow.reachable, localizableRow.finished], [1, 1])
        XCTAssertEqual(editorRow.missingKeys.sorted(), exportedKeys.sorted())
        // With the app's own editor catalog the keys are counted there, as before.
        try CheckExample.editor("", declared: ["en", "de", "fr"], sdk: ["ly_img_editor_dock_button_shapes": ["en": "Shapes", "de": "Formen"]],
                                localizable: ["Month": ["en": "January", "de": "Januar", "fr": "Janvier"]],
                                editorTable: ["ly_img_editor_dock_button_text": ["en": "Words"]]).write(to: root.appendingPathComponent("../WithEditorCatalog"))
        let withCatalog = try ProjectDiscovery(root: root.appendingPathComponent("../WithEditorCatalog").standardizedFileURL).discover()
        XCTAssertNil(withCatalog.editorCatalogToCreate)
        let withFindings = try CheckJob(options: CheckOptions(only: ["missing-translation"])).run(on: withCatalog).findings
        XCTAssertEqual(Set(withFindings.compactMap(\.file)), ["App/IMGLYEditor.xcstrings"])
        XCTAssertFalse(withFindings.contains { $0.message.contains("no such catalog yet") })
    }

    /// A framework's storyboard table with only a French file beside its Base storyboard: a German
    /// device's framework runs in its development language (the bundle's choice, made over all
    /// its localizations), so it shows the storyboard's own English, not the French file.
    func testAFrameworkTableIsReadWhereItsBundleChose() throws {
        let example = CheckExample.app("", declared: ["en", "de", "fr"], localizable: ["x": ["en": "x", "de": "x", "fr": "x"]], more: [
            "Kit/en.lproj/Localizable.strings": .text("\"hello\" = \"Hello\";\n"),
            "Kit/de.lproj/Localizable.strings": .text("\"hello\" = \"Hallo\";\n"),
            "Kit/Base.lproj/Onboarding.storyboard": MissingTranslationCheck.storyboard(["abc-de-fgh": "Welcome"]),
            "Kit/fr.lproj/Onboarding.strings": .text("/* Class = \"UILabel\"; text = \"Welcome\"; ObjectID = \"abc-de-fgh\"; */\n\"abc-de-fgh.text\" = \"Bienvenue\";\n"),
        ])
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Kit", isDirectory: true)
        try example.write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        let findings = try CheckJob(options: CheckOptions(only: ["missing-translation"])).run(on: project).findings
        let onboarding = findings.filter { $0.message.contains("Kit/Onboarding") }.map(\.message)
        XCTAssertEqual(onboarding, ["1 key of Kit/Onboarding has no 'de': de devices see them in 'en' (\"abc-de-fgh.text\")"])
    }

    /// A device the app serves from `Base.lproj` reads the development language: none of its
    /// labels is in another language (counting by language first took `Base` for one).
    func testADeviceReadingBaseSeesTheDevelopmentLanguage() throws {
        let example = CheckExample("", files: [
            "App/Base.lproj/Localizable.strings": .text("\"hello\" = \"Hello\";\n"),
            "App/de.lproj/Localizable.strings": .text("\"hello\" = \"Hallo\";\n"),
        ])
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Base", isDirectory: true)
        try example.write(to: root)
        let report = try ReportJob().run(on: ProjectDiscovery(root: root).discover())
        let english = try XCTUnwrap(report.devices.first { $0.device == "fr-CA" })
        XCTAssertEqual(english.bundles.first?.localization, "Base")
        XCTAssertEqual(english.fallbacks, 0, "\(english.bundles)")
        XCTAssertEqual(report.devices.first { $0.device == "de-AT" }?.fallbacks, 0)
    }
}
