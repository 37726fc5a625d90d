import Foundation
import L10nKit
import XCTest
@testable import L10nProject
@testable import L10nExchange

/// Keys of the app's legacy tables outside the lookup chain (a second table, `InfoPlist`, a
/// storyboard's strings, `.stringsdict`-only keys) count for `missing-translation` and coverage,
/// as they do for export; a storyboard migrated to a `mul.lproj` catalog is the catalog's.
final class LegacyTableCoverageTests: XCTestCase {
    static let storyboard = ExampleFile.text("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s"><objects>
        <label id="abc-de-fgh" text="Hello"/><label id="xyz-uv-wst" text="Goodbye"/></objects></scene></scenes></document>
        """)

    private func project(_ files: [String: ExampleFile], declared: [String] = ["en", "ru"]) throws -> Project {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Tables", isDirectory: true)
        var all = files
        all["App/Info.plist"] = .infoPlist(declared: declared)
        try CheckExample("", files: all).write(to: root)
        return try ProjectDiscovery(root: root).discover()
    }

    private func missing(_ project: Project) throws -> [(file: String?, keys: [String]?, message: String)] {
        try CheckJob(options: CheckOptions(only: [MissingTranslationCheck.id])).run(on: project).findings.map { ($0.file, $0.keys, $0.message) }
    }

    func testASecondTableAndInfoPlistAreCheckedAndCounted() throws {
        let model = try project([
            "App/Localizable.xcstrings": .catalog(["x": ["en": "x", "ru": "x"]]),
            "App/en.lproj/Foo.strings": .text("\"a\" = \"A\";\n\"b\" = \"B\";\n"),
            "App/ru.lproj/Foo.strings": .text("\"a\" = \"А\";\n"),
            "App/en.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"App\";\n\"NSCameraUsageDescription\" = \"Camera\";\n"),
            "App/ru.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"Прил\";\n"),
            // No Russian file at all: a Russian device reads the English one.
            "App/en.lproj/Credits.strings": .text("\"c\" = \"C\";\n"),
        ])
        let found = try missing(model)
        XCTAssertEqual(found.map(\.file), ["App/ru.lproj/Credits.strings", "App/ru.lproj/Foo.strings", "App/ru.lproj/InfoPlist.strings"])
        XCTAssertEqual(found.map(\.keys), [["c"], ["b"], ["NSCameraUsageDescription"]])
        XCTAssertEqual(found.map(\.message), [
            "1 key of App/Credits has no 'ru': ru devices see them in 'en' (\"c\")",
            // Foundation takes no other .lproj's value for one key of a file the locale has.
            "1 key of App/Foo has no 'ru': ru devices see the raw key (\"b\")",
            // An Info.plist key falls back to the Info.plist's value.
            "1 key of App/InfoPlist has no 'ru': ru devices see them in 'en' (\"NSCameraUsageDescription\")",
        ])

        let report = try ReportJob().run(on: model)
        let ru = try XCTUnwrap((report.fullLocalization + report.appLocales).first { $0.locale == "ru" })
        XCTAssertEqual(ru.tables.map(\.table), ["App/Localizable", "App/Credits", "App/Foo", "App/InfoPlist"])
        XCTAssertEqual(ru.tables.map(\.reachable), [1, 1, 2, 2])
        XCTAssertEqual(ru.tables.map(\.missingKeys), [[], ["c"], ["b"], ["NSCameraUsageDescription"]])
        XCTAssertEqual(ru.tables.map(\.file), ["App/Localizable.xcstrings", "App/ru.lproj/Credits.strings", "App/ru.lproj/Foo.strings",
                                                "App/ru.lproj/InfoPlist.strings"])
    }

    /// A key only a translation of the chain's legacy `Localizable.strings` has (a leftover in
    /// `zh_CN.lproj`, as in gfxCardStatus) is no key the app asks for: no other locale is
    /// blamed for lacking it, and coverage counts the development language's keys.
    func testAKeyOnlyATranslationHasIsNoMissingKey() throws {
        let model = try project([
            "App/en.lproj/Localizable.strings": .text("\"Quit\" = \"Quit\";\n"),
            "App/ru.lproj/Localizable.strings": .text("\"Quit\" = \"Выход\";\n\"OK\" = \"ОК\";\n"),
            "App/de.lproj/Localizable.strings": .text("\"Quit\" = \"Beenden\";\n"),
        ], declared: ["en", "ru", "de"])
        XCTAssertEqual(try missing(model).map(\.message), [])
        let report = try ReportJob().run(on: model)
        XCTAssertEqual((report.appLocales + report.fullLocalization).map { "\($0.locale) \($0.finished)/\($0.reachable)" }.sorted(), ["de 1/1", "ru 1/1"])
    }

    func testAStoryboardTableCountsTheTextsOfItsDocument() throws {
        let model = try project([
            "App/Base.lproj/Main.storyboard": Self.storyboard,
            "App/ru.lproj/Main.strings": .text("\"abc-de-fgh.text\" = \"Привет\";\n"),
            // An English file of the storyboard does not make its keys: the document does.
            "App/en.lproj/Main.strings": .text("\"abc-de-fgh.text\" = \"Hello\";\n"),
        ])
        let found = try missing(model)
        XCTAssertEqual(found.map(\.file), ["App/ru.lproj/Main.strings"])
        XCTAssertEqual(found.map(\.keys), [["xyz-uv-wst.text"]])
        XCTAssertEqual(found.first?.message, "1 key of App/Main has no 'ru': ru devices see them in 'en' (\"xyz-uv-wst.text\")",
                       "a storyboard shows its own text for a key its strings file lacks")
        XCTAssertEqual(model.app.availableLocalizations.filter { $0 != "Base" }.sorted(), ["en", "ru"])

        // Texts set at run time through stbLocKey: no locale has the storyboard's strings.
        let runtime = try project(["App/Base.lproj/Main.storyboard": Self.storyboard, "App/Localizable.xcstrings": .catalog(["x": ["en": "x", "ru": "x"]])])
        XCTAssertTrue(try missing(runtime).isEmpty)
    }

    /// A locale with a storyboard of its own (`fr.lproj/Main.storyboard`) shows its own texts.
    func testALocalesOwnStoryboardCopyHasEveryKey() throws {
        let model = try project([
            "App/Base.lproj/Main.storyboard": Self.storyboard,
            "App/fr.lproj/Main.storyboard": Self.storyboard,
            "App/ru.lproj/Main.strings": .text("\"abc-de-fgh.text\" = \"Привет\";\n"),
        ], declared: ["en", "fr", "ru"])
        XCTAssertEqual(try missing(model).map(\.file), ["App/ru.lproj/Main.strings"])
    }

    /// SDK keys of an app without an `IMGLYEditor` table of its own show the SDK's text, and their
    /// translations land in the `IMGLYEditor.xcstrings` an import creates (as export hands them),
    /// so their group names that catalog and is not said to show raw keys; a group of the app's
    /// own keys in its legacy `Localizable` is.
    func testSDKKeysOfAnAppWithoutAnEditorTableShowTheSDKsText() throws {
        let model = try project([
            "App/en.lproj/Localizable.strings": .text("\"own\" = \"Own\";\n\"both\" = \"Both\";\n"),
            "App/de.lproj/Localizable.strings": .text("\"both\" = \"Beide\";\n"),
            "Vendor/IMGLYEditor/IMGLYEditor.xcstrings": .catalog(["ly_img_editor_x": ["en": "Crop"]]),
        ], declared: ["en", "de"])
        let found = try missing(model)
        XCTAssertEqual(found.map(\.keys), [["ly_img_editor_x"], ["own"]])
        XCTAssertEqual(found.map(\.message), ["1 key of App/IMGLYEditor (no such catalog yet) has no 'de': de devices see them in 'en' (\"ly_img_editor_x\")",
                                              "1 key of App/Localizable has no 'de': de devices see the raw key (\"own\")"])
        XCTAssertEqual(XLIFFExporter(project: model).export(locale: "de", scope: .missing).document.files.map(\.original),
                       ["App/en.lproj/Localizable.strings", "App/IMGLYEditor.xcstrings"])
        // An app whose editor table is a legacy `IMGLYEditor.strings` has the keys counted there,
        // not in `Localizable` (a table without them).
        let legacyEditor = try project([
            "App/en.lproj/Localizable.strings": .text("\"own\" = \"Own\";\n"),
            "App/de.lproj/Localizable.strings": .text("\"own\" = \"Eigen\";\n"),
            "App/en.lproj/IMGLYEditor.strings": .text("\"ly_img_editor_y\" = \"Crop\";\n"),
            "App/de.lproj/IMGLYEditor.strings": .text("\"ly_img_editor_y\" = \"Zuschneiden\";\n"),
            "Vendor/IMGLYEditor/IMGLYEditor.xcstrings": .catalog(["ly_img_editor_x": ["en": "Cut"], "ly_img_editor_y": ["en": "Crop"]]),
        ], declared: ["en", "de"])
        XCTAssertEqual(try missing(legacyEditor).map(\.message), ["1 key of App/IMGLYEditor has no 'de': de devices see them in 'en' (\"ly_img_editor_x\")"])
        let own = try project([
            "App/en.lproj/Localizable.strings": .text("\"own\" = \"Own\";\n\"both\" = \"Both\";\n"),
            "App/de.lproj/Localizable.strings": .text("\"both\" = \"Beide\";\n"),
        ], declared: ["en", "de"])
        XCTAssertEqual(try missing(own).map(\.message), ["1 key of App/Localizable has no 'de': de devices see the raw key (\"own\")"])
    }

    /// A `.stringsdict`-only table's plural gaps are counted on its row (the `.strings` path).
    func testAStringsdictOnlyTablesPluralGapsAreOnItsRow() throws {
        let model = try project([
            "App/Localizable.xcstrings": .catalog(["x": ["en": "x", "ru": "x"]]),
            "App/en.lproj/Files.stringsdict": .plurals(key: "%d files", variable: "files", valueType: "d",
                                                      forms: ["one": "%d file", "other": "%d files"]),
            "App/ru.lproj/Files.stringsdict": .plurals(key: "%d files", variable: "files", valueType: "d",
                                                      forms: ["one": "%d файл", "few": "%d файла", "many": "%d файлов"]),
        ])
        let report = try ReportJob().run(on: model)
        let row = try XCTUnwrap((report.fullLocalization + report.appLocales).first { $0.locale == "ru" }?.tables.first { $0.table == "App/Files" })
        XCTAssertEqual(row.file, "App/ru.lproj/Files.strings")
        XCTAssertEqual(row.pluralGaps, 1)
        XCTAssertEqual(row.missing, 0)
    }

    func testStringsdictOnlyKeysOfTheChainsTable() throws {
        let model = try project([
            "App/en.lproj/Localizable.strings": .text("\"title\" = \"Title\";\n"),
            "App/en.lproj/Localizable.stringsdict": .plurals(key: "%d files", variable: "files", valueType: "d",
                                                              forms: ["one": "%d file", "other": "%d files"]),
            "App/ru.lproj/Localizable.strings": .text("\"title\" = \"Заголовок\";\n"),
        ])
        let found = try missing(model)
        XCTAssertEqual(found.map(\.file), ["App/ru.lproj/Localizable.stringsdict"])
        XCTAssertEqual(found.map(\.keys), [["%d files"]])
        XCTAssertEqual(found.first?.message, "1 key of App/Localizable has no 'ru': ru devices see them in 'en' (\"%d files\")",
                       "no Russian .stringsdict: the English one is read")
    }

    func testAStoryboardMigratedToAMulCatalogIsTheCatalogs() throws {
        let model = try project([
            "App/Base.lproj/Main.storyboard": Self.storyboard,
            "App/mul.lproj/Main.xcstrings": .catalog(["abc-de-fgh.text": ["en": "Hello", "ru": "Привет"],
                                                      "xyz-uv-wst.text": ["en": "Goodbye", "ru": "Пока"]]),
        ])
        XCTAssertFalse(model.app.availableLocalizations.contains("mul"), "mul.lproj holds a catalog, not a localization")
        XCTAssertTrue(try missing(model).isEmpty)
        let files = ExchangeFiles(project: model)
        XCTAssertTrue(files.interfaceTables.isEmpty, "the catalog is exchanged, not the storyboard a second time")
        XCTAssertEqual(files.catalogs.map(\.path), ["App/mul.lproj/Main.xcstrings"])

        // A translator file from before the migration names the storyboard: refused, pointing at the catalog.
        let xliff = model.root.deletingLastPathComponent().appendingPathComponent("old.xliff")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/Base.lproj/Main.storyboard" source-language="en" target-language="ru" datatype="plaintext"><body>
                <trans-unit id="abc-de-fgh.text"><source>Hello</source><target state="translated">Привет!</target></trans-unit>
              </body></file>
            </xliff>
            """.utf8).write(to: xliff)
        let run = CLIRun(["import", xliff.path, "--project", model.root.path])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("the texts of App/Base.lproj/Main.storyboard are in the String Catalog App/mul.lproj/Main.xcstrings now")
                      || run.stderr.contains("the texts of App/Base.lproj/Main.storyboard are in the String Catalog App/mul.lproj/Main.xcstrings now"),
                      run.stdout + run.stderr)
    }

    func testARegionalLocaleIsNamedByItsOwnDevices() throws {
        let model = try project(["App/Localizable.xcstrings": .catalog(["x": ["en": "x"]])], declared: ["en", "pt-BR"])
        XCTAssertEqual(try missing(model).map(\.message), ["1 key of App/Localizable has no 'pt-BR': pt-BR devices see them in 'en' (\"x\")"])
        XCTAssertEqual(CheckContext.region(of: "es-419"), "419")
        XCTAssertEqual(CheckContext.region(of: "zh-Hant-TW"), "TW")
        XCTAssertNil(CheckContext.region(of: "zh-Hans"))
    }

    /// A locale's file of the chain's table exists but lacks a key: Foundation reads no other
    /// file for it, so the device shows the raw key. `check` said so; `resolve` said the
    /// English text shows (a real Spark360 table), and the two commands disagreed.
    func testResolveAgreesThatALocalesFileWithoutTheKeyShowsTheRawKey() throws {
        let model = try project([
            "App/en.lproj/Localizable.strings": .text("\"LoginInfo\" = \"Login Settings\";\n\"Quit\" = \"Quit\";\n"),
            "App/ru.lproj/Localizable.strings": .text("\"Quit\" = \"Выход\";\n"),
        ])
        XCTAssertEqual(try missing(model).map(\.message), ["1 key of App/Localizable has no 'ru': ru devices see the raw key (\"LoginInfo\")"])
        let raw = model.resolve("LoginInfo", localizations: ["ru", "en"])
        XCTAssertEqual(raw.value, "LoginInfo")
        XCTAssertNil(raw.locale)
        XCTAssertEqual(model.resolve("Quit", localizations: ["ru", "en"]).value, "Выход")
        // Without a Russian file, the English one is read.
        XCTAssertEqual(model.resolve("LoginInfo", localizations: ["de", "en"]).value, "Login Settings")

        let explained = KeyResolution.explain(["LoginInfo"], in: model, preferred: ["ru-RU"])
        XCTAssertEqual(explained.keys.first?.shows, "LoginInfo")
        XCTAssertTrue(explained.text.contains("has the key, wins, but its 'ru' file lacks it, and Foundation reads no other file for it: the raw key shows"), explained.text)
        XCTAssertTrue(explained.text.contains("shows 'LoginInfo' (the raw key, 9 columns)"), explained.text)
    }

    /// ThinMP: a key only in the table's `.stringsdict` (Apple's plural pattern) is the table's:
    /// `resolve` said no layer had it and the raw key showed, while `check` and `export` knew it.
    func testResolveReadsAKeyOnlyInTheStringsdict() throws {
        let model = try project([
            "App/en.lproj/Localizable.strings": .text("\"Title\" = \"Title\";\n"),
            "App/en.lproj/Localizable.stringsdict": .plurals(key: "AlbumsCount", variable: "albums", valueType: "d",
                                                              forms: ["one": "%d album", "other": "%d albums"]),
            "App/ja.lproj/Localizable.strings": .text("\"Title\" = \"タイトル\";\n"),
        ], declared: ["en", "ja"])
        let english = model.resolve("AlbumsCount", localizations: ["en"])
        XCTAssertEqual(english.value, "%#@albums@")
        XCTAssertEqual(english.locale, "en")
        // Japanese devices read ja.lproj's files alone: the key is not there, so the raw key shows.
        XCTAssertEqual(model.resolve("AlbumsCount", localizations: ["ja", "en"]).value, "AlbumsCount")
        let explained = KeyResolution.explain(["AlbumsCount"], in: model, preferred: ["en"])
        XCTAssertEqual(explained.keys.first?.winner, 0, explained.text)
        XCTAssertTrue(explained.text.contains("has the key, wins with 'en' '%#@albums@'"), explained.text)
    }
}

/// bitwarden/ios's Info.plist declares `dk` and `cz`, Denmark's and Czechia's country codes, for
/// Danish and Czech: no device prefers them. `undeclared-locale` names them as such with the
/// language meant; `missing-translation` and the coverage report do not count them as locales.
final class DeclaredCountryCodeTests: XCTestCase {
    func testACountryCodeDeclaredAsALanguage() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Codes", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": .infoPlist(declared: ["en", "da", "dk"]),
            "App/en.lproj/Localizable.strings": .text("\"Save\" = \"Save\";\n"),
            "App/da.lproj/Localizable.strings": .text("\"Save\" = \"Gem\";\n"),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        let findings = try CheckJob().run(on: project).findings
        XCTAssertEqual(findings.map(\.message), ["Info.plist declares 'dk', which is no ISO 639 language code: no device prefers it (did you mean 'da'?)"])
        XCTAssertEqual(findings.first?.hint, "replace 'dk' by 'da' in CFBundleLocalizations")
        XCTAssertEqual(try ReportJob().run(on: project).appLocales.map(\.locale), ["da"])
    }
}
