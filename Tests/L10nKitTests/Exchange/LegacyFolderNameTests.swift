import XCTest
import L10nFormats
import L10nProject
import L10nXLIFF
import L10nJobs

/// Older projects name `.lproj` folders as CFBundle still reads them: by the language's old
/// English name (`English.lproj`, `Italian.lproj`), with `_` (`pt_BR.lproj`), and keep
/// `CFBundleDevelopmentRegion = English` after their folders moved to `en.lproj`. l10n reads
/// them as the languages they are: one localization each, exported as a language id, imported
/// back into the folder that exists.
final class LegacyFolderNameTests: XCTestCase {
    private func project(_ files: [String: String]) throws -> URL {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("App", isDirectory: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// The copy editors' round trip: exports the `en` file (scope all) into `edits/`, changes
    /// the target `old` to `new` and imports it with `--source-edits`; the export's run, the
    /// exported text and the import's run.
    private func copyEdit(_ root: URL, target old: String, to new: String) throws -> (export: CLIRun, exported: String, import: CLIRun) {
        let export = CLIRun(["export", "--xliff", "--locale", "en", "--scope", "all", "--out", "edits", "--project", "."], in: root)
        let exported = try String(contentsOf: root.appendingPathComponent("edits/en.xliff"), encoding: .utf8)
        try Data(exported.replacingOccurrences(of: "<target>\(old)</target>", with: "<target>\(new)</target>").utf8)
            .write(to: root.appendingPathComponent("edits/en.xliff"))
        return (export, exported, CLIRun(["import", "edits/en.xliff", "--source-edits", "--project", "."], in: root))
    }

    private static func infoPlist(developmentRegion: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>\(developmentRegion)</string>
        </dict>
        </plist>

        """
    }

    /// `English` (Xcode 3's template), `en_US` and `en-US` beside `en.lproj`: the source is `en`,
    /// German is a translation, and its missing key is exported.
    func testADevelopmentRegionSpelledAnotherWayIsTheEnglishFolder() throws {
        for region in ["English", "en_US", "en-US"] {
            let root = try project(["Info.plist": Self.infoPlist(developmentRegion: region),
                                    "en.lproj/Localizable.strings": "\"Open\" = \"Open\";\n\"Quit\" = \"Quit\";\n",
                                    "de.lproj/Localizable.strings": "\"Quit\" = \"Beenden\";\n"])
            let project = try ProjectDiscovery(root: root).discover()
            XCTAssertEqual(project.sourceLanguage, "en", region)
            let export = CLIRun(["export", "--xliff", "--out", "out", "--project", "."], in: root)
            XCTAssertEqual(export.status, 0, export.stderr)
            XCTAssertEqual(export.stdout, "wrote out/de.xliff: 1 unit, 1 source word, in 1 file (scope missing)\n", region)
        }
    }

    /// `English.lproj` and `Italian.lproj`: the export writes `en` and `it` (and `it.xliff`),
    /// its own file imports back unchanged, a file a tool returns as `it` edits
    /// `Italian.lproj` (no `it.lproj` beside it), and the copy editors' `en` file holds the
    /// English texts and goes back into `English.lproj`.
    func testOldEnglishNamesAreTheirLanguages() throws {
        let root = try project(["English.lproj/Localizable.strings": "\"Quit\" = \"Quit\";\n",
                                "Italian.lproj/Localizable.strings": "\"Quit\" = \"Esci\";\n"])
        XCTAssertEqual(try ProjectDiscovery(root: root).discover().sourceLanguage, "English")
        let export = CLIRun(["export", "--xliff", "--scope", "all", "--out", "out", "--project", "."], in: root)
        XCTAssertEqual(export.stdout, "wrote out/it.xliff: 1 unit, 1 source word, in 1 file (scope all)\n", export.stderr)
        let file = try XCTUnwrap(XLIFFReader().read(contentsOf: root.appendingPathComponent("out/it.xliff")).files.first)
        XCTAssertEqual(file.sourceLanguage, "en")
        XCTAssertEqual(file.targetLanguage, "it")
        XCTAssertEqual(file.original, "English.lproj/Localizable.strings")

        let roundTrip = CLIRun(["import", "out/it.xliff", "--project", "."], in: root)
        XCTAssertEqual(roundTrip.status, 0, roundTrip.stderr)
        XCTAssertTrue(roundTrip.stdout.contains("unchanged: Italian.lproj/Localizable.strings \"Quit\" [it]: \"Esci\""), roundTrip.stdout)

        let edited = try String(contentsOf: root.appendingPathComponent("out/it.xliff"), encoding: .utf8)
            .replacingOccurrences(of: "<target>Esci</target>", with: "<target>Esci ora</target>")
        try Data(edited.utf8).write(to: root.appendingPathComponent("returned.xliff"))
        let applied = CLIRun(["import", "returned.xliff", "--project", "."], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("Italian.lproj/Localizable.strings"), encoding: .utf8),
                       "\"Quit\" = \"Esci ora\";\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("it.lproj").path))

        let (copyEdit, edits, sourceEdit) = try copyEdit(root, target: "Quit", to: "Quit App")
        XCTAssertEqual(copyEdit.stdout, "wrote edits/en.xliff: 1 unit, 1 source word, in 1 file (scope all)\n", copyEdit.stderr)
        XCTAssertTrue(edits.contains("<target>Quit</target>"), edits)
        XCTAssertEqual(sourceEdit.status, 0, sourceEdit.stderr)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("English.lproj/Localizable.strings"), encoding: .utf8),
                       "\"Quit\" = \"Quit App\";\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("en.lproj").path))
    }

    /// A table whose development-language texts live only in `Base.lproj` (no `en.lproj`):
    /// the copy editors' `en` file holds them as targets, and their edits go back into
    /// `Base.lproj` with the translations listed to re-check, not into a new `en.lproj`.
    func testCopyEditsOfATableKeptInBase() throws {
        let root = try project(["Base.lproj/Localizable.strings": "\"Logout\" = \"Logout\";\n",
                                "zh-Hans.lproj/Localizable.strings": "\"Logout\" = \"登出\";\n"])
        let (export, text, run) = try copyEdit(root, target: "Logout", to: "Log out")
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(text.contains("<target>Logout</target>"), text)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("re-check: zh-Hans.lproj/Localizable.strings \"Logout\" [zh-Hans]"), run.stdout)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("Base.lproj/Localizable.strings"), encoding: .utf8),
                       "\"Logout\" = \"Log out\";\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("en.lproj").path))
    }

    /// `iw.lproj` and `in.lproj`, Hebrew and Indonesian under the legacy codes Android-style
    /// exporters write (element-x-ios ships both): CFLocale canonicalizes them, so Hebrew devices
    /// read `iw.lproj`. The model takes them for `he` and `id`: check names the key a Hebrew
    /// device sees raw, the report counts Hebrew, export hands `he.xliff` and its import goes back
    /// into `iw.lproj` (check said nothing, the report left Hebrew out, export refused 'iw').
    func testALegacyLanguageCodeFolderIsItsReplacement() throws {
        let root = try project(["en.lproj/Localizable.strings": "\"hello\" = \"Hello\";\n\"bye\" = \"Bye\";\n",
                                "iw.lproj/Localizable.strings": "\"hello\" = \"שלום\";\n",
                                "in.lproj/Localizable.strings": "\"hello\" = \"Halo\";\n\"bye\" = \"Dah\";\n"])
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.stringsTables.first?.locales.sorted(), ["en", "he", "id"])
        let check = CLIRun(["check", "--project", "."], in: root)
        XCTAssertEqual(check.stdout.components(separatedBy: "\n").filter { $0.contains("warning:") },
                       ["iw.lproj/Localizable.strings: warning: 1 key of App/Localizable has no 'he': he devices see the raw key (\"bye\") [missing-translation]"])
        let report = try ReportJob().run(on: project)
        XCTAssertEqual(report.appLocales.map(\.locale), ["he", "id"])
        let export = CLIRun(["export", "--xliff", "--out", "out", "--project", "."], in: root)
        XCTAssertEqual(export.stdout, "wrote out/he.xliff: 1 unit, 1 source word, in 1 file (scope missing)\nid: nothing to export (scope missing); no file written\n", export.stderr)
        let returned = try String(contentsOf: root.appendingPathComponent("out/he.xliff"), encoding: .utf8)
            .replacingOccurrences(of: "<source>Bye</source>", with: "<source>Bye</source>\n        <target state=\"translated\">להתראות</target>")
        try Data(returned.utf8).write(to: root.appendingPathComponent("returned.xliff"))
        let imported = CLIRun(["import", "returned.xliff", "--project", "."], in: root)
        XCTAssertEqual(imported.status, 0, imported.stderr + imported.stdout)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("iw.lproj/Localizable.strings"), encoding: .utf8),
                       "\"hello\" = \"שלום\";\n\"bye\" = \"להתראות\";\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("he.lproj").path))
        // Declared so in CFBundleLocalizations, it is exported by default too (the export said
        // the project declared no locale while the report failed Hebrew).
        try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleLocalizations</key><array><string>en</string><string>iw</string></array></dict></plist>"#.utf8)
            .write(to: root.appendingPathComponent("Info.plist"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("out"))
        try Data("\"hello\" = \"שלום\";\n".utf8).write(to: root.appendingPathComponent("iw.lproj/Localizable.strings"))
        let declared = CLIRun(["export", "--xliff", "--out", "out", "--project", "."], in: root)
        XCTAssertEqual(declared.stdout, "wrote out/he.xliff: 1 unit, 1 source word, in 1 file (scope missing)\n", declared.stderr)
        XCTAssertTrue(try ReportJob().run(on: ProjectDiscovery(root: root).discover()).appLocales.map(\.locale).contains("he"))
    }

    /// A catalog's `pt-BR` and a table's `pt_BR.lproj` are one locale: one `pt-BR.xliff` holds
    /// both files, every `target-language` a language id (it used to write the file twice, the
    /// second overwriting the first).
    func testOneFileForTwoSpellingsOfALocale() throws {
        let catalog = StringCatalog(sourceLanguage: "en", entries: [
            "Hello": CatalogEntry(localizations: ["en": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "Hello"))]),
        ])
        let root = try project(["Info.plist": #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleLocalizations</key><array><string>en</string><string>pt-BR</string><string>../../escaped</string></array></dict></plist>"#,
                                "Localizable.xcstrings": String(decoding: StringCatalogWriter().data(for: catalog), as: UTF8.self),
                                "en.lproj/Main.strings": "\"Quit\" = \"Quit\";\n",
                                "pt_BR.lproj/Main.strings": "\"Other\" = \"Outro\";\n"])
        let export = CLIRun(["export", "--xliff", "--out", "out", "--project", "."], in: root)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(export.stdout, "wrote out/pt-BR.xliff: 2 units, 2 source words, in 2 files (scope missing)\n")
        XCTAssertFalse(export.stderr.contains("does not declare"), export.stderr)
        let document = try XLIFFReader().read(contentsOf: root.appendingPathComponent("out/pt-BR.xliff"))
        XCTAssertEqual(Set(document.files.map(\.targetLanguage)), ["pt-BR"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path), ["pt-BR.xliff"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("escaped.xliff").path),
                       "a declared 'locale' that is a path names no file")
    }

    /// An old-named folder has its language's plural rules: `Italian.lproj` lacks `many` as
    /// `it.lproj` would, and its export offers the form.
    func testAnOldNamedFolderHasItsLanguagesPluralRules() throws {
        var english = Stringsdict(), italian = Stringsdict()
        english.setFormat("%#@files@", forKey: "%d files")
        italian.setFormat("%#@files@", forKey: "%d files")
        for (category, text) in [("one", "%d file"), ("other", "%d files")] {
            english.setValue(text, forKey: "%d files", variable: "files", category: category, valueType: "d")
        }
        for (category, text) in [("one", "%d file"), ("other", "%d file")] {
            italian.setValue(text, forKey: "%d files", variable: "files", category: category, valueType: "d")
        }
        let root = try project(["English.lproj/Files.stringsdict": String(decoding: StringsdictWriter.data(for: english), as: UTF8.self),
                                "Italian.lproj/Files.stringsdict": String(decoding: StringsdictWriter.data(for: italian), as: UTF8.self)])
        let check = CLIRun(["check", "--only", "plural-categories", "--project", "."], in: root)
        XCTAssertTrue(check.stdout.contains("[Italian] lacks 'many'"), check.stdout)
        let export = CLIRun(["export", "--xliff", "--scope", "all", "--out", "out", "--project", "."], in: root)
        XCTAssertEqual(export.status, 0, export.stderr)
        let ids = try XLIFFReader().read(contentsOf: root.appendingPathComponent("out/it.xliff")).allUnits.map(\.unit.id)
        XCTAssertTrue(ids.contains("/%d files:dict/files:dict/many:dict/:string"), "\(ids)")
    }

    /// `Base` and `mul` are folders, not languages: no translator file is written for them.
    func testBaseAndMulAreNoExportLocales() throws {
        let root = try project(["Base.lproj/Localizable.strings": "\"Logout\" = \"Logout\";\n",
                                "de.lproj/Localizable.strings": "\"Logout\" = \"Abmelden\";\n"])
        for locale in ["Base", "mul"] {
            let run = CLIRun(["export", "--xliff", "--locale", locale, "--out", "out", "--project", "."], in: root)
            XCTAssertEqual(run.status, 2, locale)
            XCTAssertTrue(run.stderr.contains("'\(locale)' is no language a translator can translate into"), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path), locale)
        }
    }

    /// `pt_BR.lproj` asked for as `pt-BR`: check and export find the folder's translations.
    func testAnUnderscoreFolderAnsweredByItsLanguageID() throws {
        let root = try project(["en.lproj/Localizable.strings": "\"Open\" = \"Open\";\n\"Quit\" = \"Quit\";\n",
                                "pt_BR.lproj/Localizable.strings": "\"Quit\" = \"Sair\";\n"])
        let check = CLIRun(["check", "--locale", "pt-BR", "--project", "."], in: root)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stdout.contains("1 warning (missing-translation 1)"), check.stdout)
        let export = CLIRun(["export", "--xliff", "--locale", "pt-BR", "--out", "out", "--project", "."], in: root)
        XCTAssertEqual(export.stderr, "")
        XCTAssertEqual(export.stdout, "wrote out/pt-BR.xliff: 1 unit, 1 source word, in 1 file (scope missing)\n")
        let units = try XLIFFReader().read(contentsOf: root.appendingPathComponent("out/pt-BR.xliff")).allUnits
        XCTAssertEqual(units.map(\.unit.id), ["Open"], "Quit is translated in pt_BR.lproj")
    }

    /// Info.plist declares `pt-BR`, the texts are in `pt_BR.lproj` (an older project): one
    /// locale, as `resolve` already said. `check` gave two missing-translation warnings at a
    /// `pt-BR.lproj` that does not exist, and the report offered pt-BR and pt_BR.
    func testADeclaredLocaleWhoseFolderIsSpelledAnotherWayIsOneLocale() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleDevelopmentRegion</key><string>en</string>
            <key>CFBundleLocalizations</key><array><string>en</string><string>pt-BR</string></array></dict></plist>

            """
        let root = try project(["Info.plist": plist,
                                "en.lproj/Localizable.strings": "\"Quit\" = \"Quit\";\n\"Open\" = \"Open\";\n",
                                "pt_BR.lproj/Localizable.strings": "\"Quit\" = \"Sair\";\n\"Open\" = \"Abrir\";\n"])
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.app.availableLocalizations, ["en", "pt_BR"])
        let check = CLIRun(["check", "--project", "."], in: root)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.hasPrefix("0 errors\n0 warnings\n"), check.stdout)
        let report = CLIRun(["report", "--project", "."], in: root)
        XCTAssertTrue(report.stdout.hasPrefix("l10n report: App (source en; offers en, pt_BR)\n"), report.stdout)
        XCTAssertTrue(report.stdout.contains("pt-BR: App pt-BR; 0 of 2 labels in another language"), report.stdout)
        XCTAssertEqual(report.status, 0, report.stdout)
    }
}

extension LegacyFolderNameTests {
    /// A project moved to String Catalogs that kept its old folders: the catalog says `en` and
    /// `pt-BR`, the tables are in `English.lproj` and `pt_BR.lproj`. CFBundle finds a
    /// localization's texts under any of its spellings, so each is one locale. The report
    /// offered `English` and failed the release on its 0% coverage, and devices were told
    /// they read the English labels "in another language".
    func testCatalogLocalesSpelledAnotherWayByTheTablesFoldersAreOneLocale() throws {
        let catalog = StringCatalog(sourceLanguage: "en", entries: [
            "Hello": CatalogEntry(localizations: ["en": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "Hello")),
                                                  "pt-BR": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "Olá"))]),
        ])
        let root = try project(["Info.plist": Self.infoPlist(developmentRegion: "en"),
                                "Localizable.xcstrings": String(decoding: StringCatalogWriter().data(for: catalog), as: UTF8.self),
                                "English.lproj/InfoPlist.strings": "/* Name */\n\"CFBundleName\" = \"Photos\";\n",
                                "pt_BR.lproj/InfoPlist.strings": "\"CFBundleName\" = \"Fotos\";\n"])
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.app.availableLocalizations, ["en", "pt-BR"])
        let table = try XCTUnwrap(project.stringsTables.first { $0.table == "InfoPlist" })
        XCTAssertEqual(table.locales, ["en", "pt-BR"])
        XCTAssertEqual(table.path(locale: "en"), "English.lproj/InfoPlist.strings")
        XCTAssertEqual(table.path(locale: "pt-BR"), "pt_BR.lproj/InfoPlist.strings")
        XCTAssertEqual(table.path(locale: "fr"), "fr.lproj/InfoPlist.strings")
        XCTAssertEqual(project.locale(ofLprojFileAt: "English.lproj/InfoPlist.strings"), "en")

        let check = CLIRun(["check", "--project", "."], in: root)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.hasPrefix("0 errors\n0 warnings\n"), check.stdout)
        let report = CLIRun(["report", "--project", "."], in: root)
        XCTAssertEqual(report.status, 0, report.stdout)
        XCTAssertTrue(report.stdout.hasPrefix("l10n report: App (source en; offers en, pt-BR)\n"), report.stdout)
        XCTAssertTrue(report.stdout.contains("\nLocales (the app's own strings)\n  pt-BR: 100% (2/2)"), "no SDK, so no 'Locales the SDK ships': " + report.stdout)
        XCTAssertTrue(report.stdout.contains("en-GB: App en; 0 of 1 labels in another language"), report.stdout)
        XCTAssertTrue(report.stdout.contains("pt-BR: App pt-BR; 0 of 1 labels in another language"), report.stdout)

        // The copy editors' round trip edits the file in English.lproj, creating no en.lproj.
        let edit = try copyEdit(root, target: "Photos", to: "My Photos")
        XCTAssertEqual(edit.export.status, 0, edit.export.stderr)
        XCTAssertTrue(edit.exported.contains(#"<file original="English.lproj/InfoPlist.strings" source-language="en" target-language="en""#), edit.exported)
        XCTAssertEqual(edit.import.status, 0, edit.import.stderr + edit.import.stdout)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("English.lproj/InfoPlist.strings"), encoding: .utf8),
                       "/* Name */\n\"CFBundleName\" = \"My Photos\";\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("en.lproj").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("pt-BR.lproj").path))
    }

    /// Each table takes its own folders as they are spelled: `Old` in `English.lproj` is `en`,
    /// `New` in `en.lproj` stays there (a review found its path, its findings and its export
    /// named `English.lproj/New.strings`, which does not exist, and `format` failed on it); a
    /// `.stringsdict` in `en.lproj` beside `.strings` in `English.lproj` keeps its own folder;
    /// a table with a file under both spellings keeps both files apart rather than pick one.
    func testEachTableKeepsTheFoldersItsFilesAreIn() throws {
        let catalog = StringCatalog(sourceLanguage: "en", entries: [
            "Hello": CatalogEntry(localizations: ["en": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "Hello"))]),
        ])
        var english = Stringsdict()
        english.setFormat("%#@files@", forKey: "%d files")
        for (category, text) in [("one", "%d file"), ("other", "%d files")] {
            english.setValue(text, forKey: "%d files", variable: "files", category: category, valueType: "d")
        }
        let root = try project(["Localizable.xcstrings": String(decoding: StringCatalogWriter().data(for: catalog), as: UTF8.self),
                                "English.lproj/Old.strings": "\"a\" = \"A\";\n",
                                "en.lproj/New.strings": "\"b\" = \"B\";\n",
                                "English.lproj/Split.strings": "\"c\" = \"C\";\n",
                                "en.lproj/Split.stringsdict": String(decoding: StringsdictWriter.data(for: english), as: UTF8.self),
                                "English.lproj/InfoPlist.strings": "\"CFBundleName\" = \"Old\";\n",
                                "en.lproj/InfoPlist.strings": "\"CFBundleName\" = \"New\";\n"])
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.lprojNames, ["en": "English"], "where a new file of en goes")
        let tables = Dictionary(uniqueKeysWithValues: project.stringsTables.map { ($0.table, $0) })
        XCTAssertEqual(tables["Old"]?.locales, ["en"])
        XCTAssertEqual(tables["Old"]?.path(locale: "en"), "English.lproj/Old.strings")
        XCTAssertEqual(tables["New"]?.locales, ["en"])
        XCTAssertEqual(tables["New"]?.path(locale: "en"), "en.lproj/New.strings")
        XCTAssertEqual(tables["Split"]?.path(locale: "en"), "English.lproj/Split.strings")
        XCTAssertEqual(tables["Split"]?.pluralPath(locale: "en"), "en.lproj/Split.stringsdict")
        XCTAssertEqual(tables["Split"].map { Array($0.pluralFiles.keys) }, ["en"])
        XCTAssertEqual(tables["InfoPlist"]?.locales, ["English", "en"])
        XCTAssertEqual(tables["InfoPlist"]?.path(locale: "English"), "English.lproj/InfoPlist.strings")
        XCTAssertEqual(tables["InfoPlist"]?.path(locale: "en"), "en.lproj/InfoPlist.strings")
        XCTAssertEqual(tables["New"]?.path(locale: "fr"), "fr.lproj/New.strings")

        // Every path the export names exists, and formatting the project writes where the files are.
        let export = CLIRun(["export", "--xliff", "--locale", "de", "--scope", "all", "--out", "out", "--project", "."], in: root)
        XCTAssertEqual(export.status, 0, export.stderr)
        let document = try XLIFFReader().read(contentsOf: root.appendingPathComponent("out/de.xliff"))
        for file in document.files {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(file.original).path), file.original)
        }
        let format = try FormatJob(options: FormatOptions(rewrite: true)).run(on: project)
        XCTAssertFalse(format.written.isEmpty, "the tables are re-laid out in genstrings' layout")
        XCTAssertTrue(format.written.allSatisfy { FileManager.default.fileExists(atPath: root.appendingPathComponent($0.path).path) })
    }

}
