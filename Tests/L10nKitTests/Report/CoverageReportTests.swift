import Foundation
@testable import L10nCommandLine
import L10nKit
import XCTest

/// The release report on Samples/BrandedEditor: its figures, its renderings, its JSON schema, and
/// the HTML page as a real browser shows it.
final class CoverageReportTests: XCTestCase {
    static func sampleReport() throws -> CoverageReport {
        try ReportJob().run(on: ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover())
    }

    /// The files `report --out` writes, rendered side by side: each format's bytes under its
    /// file name, in the order asked, with the path prefix everywhere but in HTML.
    func testFilesAreTheRenderingsInOrder() throws {
        let report = try Self.sampleReport()
        let formats: [ReportFormat] = [.json, .html, .text, .junit, .md]
        let files = report.files(formats, pathPrefix: "App/")
        XCTAssertEqual(files.map(\.name), ["report.json", "report.html", "report.txt", "report.junit.xml", "report.md"])
        for (format, file) in zip(formats, files) {
            XCTAssertEqual(file.data, Data(report.render(format, pathPrefix: format == .html ? "" : "App/").utf8), format.rawValue)
        }
        XCTAssertTrue(String(decoding: files[0].data, as: UTF8.self).contains("App/"), "the prefix reaches the JSON paths")
    }

    func testCustomLabelsPart() throws {
        let report = try Self.sampleReport()
        XCTAssertEqual(report.customLabels.count, 10)
        XCTAssertEqual(report.copies, 22, "the app's IMGLYEditor entries with the SDK's English add translations, they rename nothing")
        let first = try XCTUnwrap(report.customLabels.first)
        XCTAssertEqual(first.key, "ly_img_editor_canvas_menu_button_duplicate", "the shadowed label is the first row")
        XCTAssertEqual(first.surface, "canvas menu")
        let german = try XCTUnwrap(first.cells.first { $0.locale == "de" })
        XCTAssertTrue(german.shadowed)
        XCTAssertEqual(german.shows, "Copy")
        XCTAssertEqual(german.replaces, "Duplizieren")
        XCTAssertEqual(first.cells.first { $0.locale == "fr" }?.replaces, "Dupliquer")
        let stickers = try XCTUnwrap(report.customLabels.first { $0.key == "ly_img_editor_dock_button_stickers" })
        let wide = try XCTUnwrap(stickers.cells.first { $0.locale == "de" })
        XCTAssertEqual(wide.columns, 17)
        XCTAssertEqual(wide.budget, 14)
        XCTAssertTrue(wide.overBudget)
        XCTAssertEqual(report.customLabels.filter { $0.surface == "dock" }.count, 5)
    }

    func testLabelsSetInCodePart() throws {
        let report = try Self.sampleReport()
        XCTAssertEqual(report.codeLabels.map { "\($0.file):\($0.line) [\($0.surface)] \($0.call) \($0.kind) \($0.text) \($0.isDefined)" }, [
            "BrandedEditor/EditorConfiguration.swift:14 [dock] Dock.Buttons.imagesLibrary(title:) key Pictures false",
            "BrandedEditor/EditorConfiguration.swift:18 [dock] Dock.Buttons.elementsLibrary(title:) editor key ly_img_editor_dock_button_elements true",
            "BrandedEditor/EditorConfiguration.swift:23 [dock] Dock.Buttons.textLibrary(title:) verbatim Brand Headlines true",
            "BrandedEditor/EditorConfiguration.swift:39 [navigation bar] NavigationBar.Buttons.undo(label:) key Revert false",
            "BrandedEditor/EditorConfiguration.swift:50 [navigation bar] NavigationBar.Buttons.export(label:) key Brand Studio true",
        ])
        XCTAssertEqual(report.codeLabels.map(\.localizedLocales), [["en"], ["en", "de", "fr"], [], ["en"], ["en", "de", "fr", "ja"]],
                       "untranslated text reads right only in English; the chain has no ja; a shouldTranslate: false key counts everywhere")
        XCTAssertEqual(report.codeLabels[1].cells.map(\.shows), ["Graphics", "Grafiken", "Graphismes", "Graphics"])
        XCTAssertEqual(report.codeLabels[2].cells.map { "\($0.columns)/\($0.budget ?? 0) \($0.overBudget)" }, Array(repeating: "15/14 true", count: 4))
        XCTAssertEqual(report.codeLabels[3].cells.first?.budget, 16, "the navigation bar's budget")
        XCTAssertEqual(report.codeLabels.map(\.isFullyLocalized), [false, false, true, false, true])
    }

    func testCoverageParts() throws {
        let report = try Self.sampleReport()
        XCTAssertEqual(report.fullLocalization.map(\.locale), ["fr", "ja"])
        XCTAssertEqual(report.appLocales.map(\.locale), ["de"])
        let french = try XCTUnwrap(report.fullLocalization.first)
        XCTAssertEqual(french.reachable, 110)
        XCTAssertEqual(french.finished, 30)
        XCTAssertEqual(french.needsReview, 1, "the search placeholder")
        XCTAssertEqual(french.pluralGaps, 1, "%lld drafts lacks many")
        XCTAssertEqual(french.tables.map(\.table), ["BrandedEditor/Localizable", "BrandedEditor/IMGLYEditor", "OnboardingKit/Localizable"])
        XCTAssertEqual(french.tables[1].missing, 70)
        XCTAssertFalse(french.passes)
        let japanese = report.fullLocalization[1]
        XCTAssertEqual(japanese.tables[1].finished, 0, "0 of the SDK keys in Japanese")
        XCTAssertEqual(report.appLocales[0].tables.last?.missing, 6, "OnboardingKit has no German (trap 15)")
        XCTAssertEqual(report.appLocales[0].widthOverruns, 1)
        XCTAssertFalse(report.passes)
    }

    func testDevicesPart() throws {
        let report = try Self.sampleReport()
        XCTAssertEqual(report.devices.map(\.device), ReportJob.deviceLanguages)
        let austrian = try XCTUnwrap(report.devices.first { $0.device == "de-AT" })
        XCTAssertEqual(austrian.bundles.map(\.localization), ["de", "de", "en"])
        XCTAssertEqual(austrian.fallbacks, 1, "the shadowed Copy")
        XCTAssertEqual(report.devices.first { $0.device == "pt-PT" }?.fallbacks, 0, "English is the source language")
        XCTAssertEqual(report.devices.first { $0.device == "fr-CA" }?.fallbacks, 73, "29 of the 102 SDK keys are French")
        XCTAssertEqual(report.devices.first { $0.device == "ja-JP" }?.fallbacks, 102, "all 102 SDK keys")
    }

    func testThresholdsFromTheManifest() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("BrandedEditor")
        try FileManager.default.copyItem(at: Fixtures.sample("BrandedEditor"), to: root)
        try Data(#"{ "release": { "minCoverage": { "fr": 25, "*": 0 } } }"#.utf8).write(to: root.appendingPathComponent("l10n.json"))
        let report = try ReportJob(checkOptions: CheckOptions(skip: BuiltInChecks.ids)).run(on: ProjectDiscovery(root: root).discover())
        XCTAssertEqual(report.failingLocales.map(\.locale), [])
        XCTAssertTrue(report.passes)
    }

    /// A threshold for a locale the report does not count (`fr-FR` where it counts `fr`, `de` the
    /// app does not offer; an id that is no locale is refused when l10n.json is read) checks nothing: `l10n report` fails on it (exit 1) as a pipeline's gate does, with the
    /// gate's message, in every rendering that carries a shortfall. Before, the report passed.
    func testAThresholdForALocaleTheReportDoesNotCountFailsTheRelease() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Uncounted", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": .infoPlist(declared: ["en", "fr"]),
            "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "fr": "Bonjour"]]),
            "l10n.json": .text(#"{ "release": { "minCoverage": { "fr-FR": 100, "de": 50, "*": 0 } } }"#),
        ]).write(to: root)
        let reason = "minCoverage names 'de', which the report does not count (it counts fr); "
            + "minCoverage names 'fr-FR', which the report does not count (it counts fr)"
        let text = run(["report", "--project", root.path])
        XCTAssertEqual(text.status, 1, text.out + text.err)
        XCTAssertTrue(text.out.hasSuffix("release: FAIL (\(reason))\n"), text.out)
        let markdown = run(["report", "--project", root.path, "--format", "md"])
        XCTAssertEqual(markdown.status, 1)
        XCTAssertTrue(markdown.out.contains("**Release: fail** — \(reason).\n"), markdown.out)
        let json = run(["report", "--project", root.path, "--format", "json"])
        XCTAssertEqual(json.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["passes"] as? Bool, false)
        XCTAssertEqual(object["reasons"] as? [String], reason.components(separatedBy: "; "))
        let junit = run(["report", "--project", root.path, "--format", "junit"])
        XCTAssertTrue(junit.out.contains("<testcase classname=\"coverage\" name=\"minCoverage fr-FR\">\n      <failure type=\"coverage\""), junit.out)
        // Spelled as the report counts it, the threshold checks the locale and the release passes.
        // The source language, which a manifest listing every locale names, is no typo.
        try Data(#"{ "release": { "minCoverage": { "FR": 100, "en": 100, "*": 0 } } }"#.utf8).write(to: root.appendingPathComponent("l10n.json"))
        let fixed = run(["report", "--project", root.path])
        XCTAssertEqual(fixed.status, 0, fixed.out)
        XCTAssertTrue(fixed.out.hasSuffix("release: pass\n"), fixed.out)
    }

    /// Strict, a release that fails on warnings alone says so: "0 check errors or warnings" read as no finding at all.
    func testStrictReasonsCountWhatFails() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Strict", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": .infoPlist(declared: ["en", "de"]),
            "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "de": "Hallo"], "Bye": ["en": "Bye"]]),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        var options = CheckOptions(only: [MissingTranslationCheck.id])
        options.strict = true
        let strict = try ReportJob(checkOptions: options, thresholds: CoverageThresholds(fallback: 0)).run(on: project)
        XCTAssertEqual(strict.verdictReasons, ["1 warning (strict)"])
        var both = CheckOptions(only: [MissingTranslationCheck.id, KeyMissingCheck.id])
        both.strict = true
        try Data("let a = NSLocalizedString(\"missing.key\", comment: \"\")\n".utf8).write(to: root.appendingPathComponent("App/Code.swift"))
        let failing = try ReportJob(checkOptions: both, thresholds: CoverageThresholds(fallback: 0)).run(on: ProjectDiscovery(root: root).discover())
        XCTAssertEqual(failing.verdictReasons, ["1 check error and 1 warning (strict)"])
        options.strict = false
        XCTAssertEqual(try ReportJob(checkOptions: options, thresholds: CoverageThresholds(fallback: 0)).run(on: project).verdictReasons, [])
    }

    func run(_ arguments: [String], in folder: URL = Fixtures.packageRoot) -> (status: Int32, out: String, err: String) {
        var out = "", err = ""
        let context = CommandContext(currentDirectory: folder, environment: [:], stdout: { out += $0 }, stderr: { err += $0 })
        return (L10nTool.run(arguments, context: context), out, err)
    }

    /// A value counts as finished only when every string unit it has is `translated`: a
    /// machine translation or a stale one is to review (Solstice's catalog was 100 % and passed),
    /// and so is a plural or substitution whose other forms still need review, whichever form
    /// was read before.
    func testCoverageCountsEveryUnitAndOnlyTranslatedFinishes() throws {
        func unit(_ state: String?, _ value: String) -> String {
            "{ \"stringUnit\" : { " + (state.map { "\"state\" : \"\($0)\", " } ?? "") + "\"value\" : \"\(value)\" } }"
        }
        func plural(_ one: String, _ other: String) -> String { "{ \"variations\" : { \"plural\" : { \"one\" : \(one), \"other\" : \(other) } } }" }
        let catalog = """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "machine" : { "localizations" : { "en" : \(unit("translated", "Machine")), "de" : \(unit("machine_translated", "Maschine")) } },
              "plural" : { "localizations" : { "en" : \(plural(unit("translated", "%lld item"), unit("translated", "%lld items"))),
                                              "de" : \(plural(unit("needs_review", "%lld Ding"), unit("translated", "%lld Dinge"))) } },
              "stale" : { "localizations" : { "en" : \(unit("translated", "Stale")), "de" : \(unit("stale", "Alt")) } },
              "subst" : { "localizations" : { "en" : \(unit("translated", "%#@n@ left")),
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@n@ übrig" },
                         "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "lld",
                           "variations" : { "plural" : { "one" : \(unit("translated", "%arg")), "other" : \(unit("new", "%arg")) } } } } } } },
              "done" : { "localizations" : { "en" : \(unit("translated", "Done")), "de" : \(unit("translated", "Fertig")) } }
            } }
            """
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("States", isDirectory: true)
        try CheckExample("", files: ["App/Localizable.xcstrings": .text(catalog), "App/Info.plist": .infoPlist(declared: ["en", "de"])]).write(to: root)
        let report = try ReportJob().run(on: try ProjectDiscovery(root: root).discover())
        let de = try XCTUnwrap(report.appLocales.first { $0.locale == "de" })
        XCTAssertEqual([de.reachable, de.finished, de.needsReview, de.missing], [5, 1, 4, 0], "done finishes; machine, plural, stale, subst are to review")
        let check = try CheckJob(options: CheckOptions(only: [NeedsReviewCheck.id])).run(on: try ProjectDiscovery(root: root).discover())
        XCTAssertEqual(check.findings.compactMap(\.key).sorted(), ["machine", "plural", "stale", "subst"])
    }

    /// An override of an SDK key that Xcode marks `stale` (no app code looks it up) still wins on
    /// devices: it counts, and its missing locales are named. A catalog without any value in a
    /// declared de-AT compiles no table for it: de-AT devices read de.
    func testStaleOverridesCountAndRegionsReadTheirLanguage() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Chain", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": .infoPlist(declared: ["en", "de", "de-AT"]),
            "App/Localizable.xcstrings": .catalog(["title": ["en": "Title", "de": "Titel"]]),
            "App/IMGLYEditor.xcstrings": .text("""
                { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
                  "ly_img_editor_crop" : { "extractionState" : "stale", "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Trim" } } } }
                } }
                """),
            "Vendor/IMGLYEditor/IMGLYEditor.xcstrings": .catalog(["ly_img_editor_crop": ["en": "Crop", "de": "Zuschneiden"]]),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        let report = try ReportJob().run(on: project)
        let de = try XCTUnwrap(report.appLocales.first { $0.locale == "de" })
        XCTAssertTrue(de.tables.contains { $0.missingKeys.contains("ly_img_editor_crop") }, "\(de.tables)")
        // The export hands it to translators, so the gate it fails can be met.
        let exported = XLIFFExporter(project: project).export(locale: "de", scope: .missing).document
        XCTAssertTrue(exported.files.contains { $0.original == "App/IMGLYEditor.xcstrings" && $0.units.map(\.id) == ["ly_img_editor_crop"] }, "\(exported.files.map(\.original))")
        let messages = report.findings.findings.filter { $0.check == MissingTranslationCheck.id || $0.check == UndeclaredLocaleCheck.id }.map(\.message)
        XCTAssertTrue(messages.contains("1 key of App/Localizable has no 'de-AT': de-AT devices see them in 'de' (\"title\")"), "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("Info.plist declares 'de-AT', but no catalog or table translates anything into it: de-AT devices get the app in de") }, "\(messages)")
    }

    func testGoldenMarkdownAndJSON() throws {
        for (format, name) in [("md", "BrandedEditor.report.md"), ("json", "BrandedEditor.report.json"), ("text", "BrandedEditor.report.txt")] {
            let result = run(["report", "--project", "Samples/BrandedEditor", "--format", format])
            XCTAssertEqual(result.status, 1, result.err)
            let golden = Fixtures.golden("report/\(name)")
            if ProcessInfo.processInfo.environment["L10N_UPDATE_GOLDEN"] == "1" { try Data(result.out.utf8).write(to: golden) }
            XCTAssertEqual(result.out, try String(contentsOf: golden, encoding: .utf8), "\(format) differs from \(name)")
        }
    }

    /// The JSON report against the schema docs/report.md documents (required fields and types).
    func testJSONMatchesTheDocumentedSchema() throws {
        let result = run(["report", "--project", "Samples/BrandedEditor", "--format", "json"])
        let document = try JSONReader.parse(Data(result.out.utf8), file: "report.json")
        let problems = ReportSchema.validate(document)
        XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
        XCTAssertFalse(ReportSchema.validate(.object([("version", .number("1"))])).isEmpty, "the checker finds missing fields")
    }

    /// One key of 2,500 moves coverage by 0.04 points: a change (a locale that drops below 100 %
    /// fails), not "unchanged"; a difference only the JSON's two decimals made is none.
    func testCompareNamesSmallChanges() {
        func line(_ before: Double, _ after: Double) -> String? {
            ReportComparison(coverage: [.init(locale: "de", before: before, after: after)], newFindings: [], fixedFindings: [],
                             newCustomLabels: [], removedCustomLabels: []).lines.first
        }
        XCTAssertEqual(line(100, 2499.0 / 2500 * 100), "de: 100% → 99.9% (down 0.04 points)")
        XCTAssertEqual(line(27.27, 3.0 / 11 * 100), "de: 27.2% → 27.2% (unchanged)")
        XCTAssertEqual(line(50, 62.5), "de: 50.0% → 62.5% (up 12.5 points)")
    }

    func testCompareShowsWhatChanged() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let root = folder.appendingPathComponent("BrandedEditor")
        try FileManager.default.copyItem(at: Fixtures.sample("BrandedEditor"), to: root)
        XCTAssertEqual(run(["report", "--project", "BrandedEditor", "--format", "json", "--out", "before"], in: folder).status, 1)
        // Fix the shadowed label in German and French, add a new rename in English and French only.
        let url = root.appendingPathComponent("BrandedEditor/Localizable.xcstrings")
        var catalog = try StringCatalogReader.read(contentsOf: url)
        try catalog.setStringUnit(value: "Kopieren", state: .translated, key: "ly_img_editor_canvas_menu_button_duplicate", locale: "de")
        try catalog.setStringUnit(value: "Copier", state: .translated, key: "ly_img_editor_canvas_menu_button_duplicate", locale: "fr")
        catalog.entries["ly_img_editor_dock_button_crop"] = CatalogEntry(localizations: [
            "en": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "Cut")),
            "fr": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "Couper")),
        ])
        try StringCatalogWriter().data(for: catalog).write(to: url)
        let after = run(["report", "--project", "BrandedEditor", "--compare", "before/report.json"], in: folder)
        XCTAssertTrue(after.out.contains("Since the previous report"), after.out)
        XCTAssertTrue(after.out.contains("fr: 27.2% → 28.1% (up 0.9 points)"), after.out)
        XCTAssertTrue(after.out.contains("new custom labels: ly_img_editor_dock_button_crop"), after.out)
        XCTAssertTrue(after.out.contains("  fixed: shadowed-locale ly_img_editor_canvas_menu_button_duplicate de BrandedEditor/BrandedEditor/Localizable.xcstrings"), after.out)
        XCTAssertTrue(after.out.contains("1 new finding, 2 fixed"), after.out)
        XCTAssertTrue(after.out.contains("  new: shadowed-locale ly_img_editor_dock_button_crop de BrandedEditor/BrandedEditor/Localizable.xcstrings"), after.out)
        // Compared with itself, nothing moved: the new coverage is cut as the report cuts it (ja's
        // 1.818 was rounded to 1.82 against the report's 1.81: "up 0.01 points").
        XCTAssertEqual(run(["report", "--project", "BrandedEditor", "--format", "json", "--out", "again"], in: folder).status, 1)
        let same = run(["report", "--project", "BrandedEditor", "--compare", "again/report.json"], in: folder)
        XCTAssertFalse(same.out.contains(" points)"), same.out)
        let notAReport = run(["report", "--project", "BrandedEditor", "--compare", "BrandedEditor/BrandedEditor/Localizable.xcstrings"], in: folder)
        XCTAssertEqual(notAReport.status, 2)
        XCTAssertTrue(notAReport.err.contains("not an l10n report"), notAReport.err)
    }

    /// The HTML page in headless Chromium: both parts' headings, the shadowed label and every
    /// offered locale are in the DOM; a screenshot is kept in .build/report-screenshot.png.
    func testHTMLInAHeadlessBrowser() throws {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("Chromium is not installed (apt-get install chromium); skipping the browser check of the HTML report")
        }
        let folder = try Fixtures.temporaryFolder(self)
        XCTAssertEqual(run(["report", "--project", "Samples/BrandedEditor", "--format", "html", "--out", folder.path]).status, 1)
        let page = folder.appendingPathComponent("report.html")
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--user-data-dir=\(folder.appendingPathComponent("profile").path)"]
        let dom = try Self.runProcess(chromium, common + ["--dump-dom", page.absoluteString])
        for text in ["<h2>Custom labels</h2>", "<h2>Full-localization locales</h2>", "ly_img_editor_canvas_menu_button_duplicate",
                     "shadows “Duplizieren”", "<th>en</th>", "<th>de</th>", "<th>fr</th>", "<th>ja</th>"] {
            XCTAssertTrue(dom.contains(text), "the rendered DOM lacks \(text)")
        }
        XCTAssertTrue(dom.contains("class=\"shadowed\""), "the shadowed row is marked")
        let screenshot = Fixtures.packageRoot.appendingPathComponent(".build/report-screenshot.png")
        _ = try Self.runProcess(chromium, common + ["--window-size=1300,1800", "--screenshot=\(screenshot.path)", page.absoluteString])
        let png = try Data(contentsOf: screenshot)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG screenshot")
        XCTAssertGreaterThan(png.count, 20_000, "the screenshot shows a rendered page")
    }

    static func runProcess(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// A small checker for docs/report.md's schema: required fields and their JSON types.
enum ReportSchema {
    enum Kind { case string, int, number, bool, array, object, stringOrNull, intOrNull, objectOrNull }

    static let top: [(String, Kind)] = [
        ("version", .int), ("project", .string), ("sourceLanguage", .string), ("offeredLocales", .array), ("sdkLocales", .array),
        ("passes", .bool), ("reasons", .array), ("customLabels", .object), ("codeLabels", .array), ("fullLocalization", .array), ("appLocales", .array),
        ("devices", .array), ("findings", .object), ("pseudo", .objectOrNull), ("comparison", .objectOrNull),
    ]
    static let pseudo: [(String, Kind)] = [("locale", .string), ("overflows", .array)]
    static let overflow: [(String, Kind)] = [("key", .stringOrNull), ("file", .stringOrNull), ("line", .intOrNull), ("shows", .stringOrNull), ("message", .string)]
    static let label: [(String, Kind)] = [("key", .string), ("surface", .string), ("layer", .string), ("file", .string), ("shadows", .bool), ("locales", .array)]
    static let cell: [(String, Kind)] = [("locale", .string), ("shows", .string), ("replaces", .stringOrNull), ("from", .string),
                                         ("fromLocale", .stringOrNull), ("shadowed", .bool), ("columns", .int), ("budget", .intOrNull)]
    static let codeLabel: [(String, Kind)] = [("file", .string), ("line", .int), ("surface", .string), ("call", .string), ("kind", .string),
                                              ("text", .string), ("defined", .bool), ("localizedLocales", .array), ("locales", .array)]
    static let codeCell: [(String, Kind)] = [("locale", .string), ("shows", .string), ("columns", .int), ("budget", .intOrNull)]
    static let locale: [(String, Kind)] = [("locale", .string), ("coverage", .number), ("reachable", .int), ("finished", .int), ("missing", .int),
                                           ("needsReview", .int), ("pluralGaps", .int), ("widthOverruns", .int), ("threshold", .number),
                                           ("passes", .bool), ("tables", .array)]
    static let table: [(String, Kind)] = [("table", .string), ("file", .stringOrNull), ("coverage", .number), ("reachable", .int), ("finished", .int),
                                          ("missing", .int), ("needsReview", .int), ("pluralGaps", .int), ("widthOverruns", .int), ("missingKeys", .array)]
    static let device: [(String, Kind)] = [("device", .string), ("bundles", .array), ("fallbacks", .int), ("reachable", .int)]
    static let findings: [(String, Kind)] = [("version", .int), ("summary", .object), ("checks", .array), ("findings", .array)]
    static let finding: [(String, Kind)] = [("check", .string), ("severity", .string), ("file", .stringOrNull), ("line", .intOrNull),
                                            ("key", .stringOrNull), ("locale", .stringOrNull), ("message", .string), ("hint", .stringOrNull)]

    static func validate(_ document: JSONValue) -> [String] {
        var problems: [String] = []
        func matches(_ value: JSONValue?, _ kind: Kind) -> Bool {
            switch (kind, value) {
            case (.string, .string?), (.array, .array?), (.object, .object?), (.bool, .bool?): return true
            case (.int, .number(let text)?): return Int(text) != nil
            case (.number, .number?): return true
            case (.stringOrNull, .string?), (.stringOrNull, .null?), (.intOrNull, .null?), (.objectOrNull, .null?), (.objectOrNull, .object?): return true
            case (.intOrNull, .number(let text)?): return Int(text) != nil
            default: return false
            }
        }
        func check(_ object: JSONValue?, _ fields: [(String, Kind)], _ path: String) {
            guard let object, object.objectMembers != nil else { problems.append("\(path) is not an object"); return }
            for (name, kind) in fields where !matches(object[name], kind) { problems.append("\(path).\(name) is missing or not \(kind)") }
        }
        func items(_ value: JSONValue?) -> [JSONValue] {
            if case .array(let items)? = value { return items }
            return []
        }
        check(document, top, "$")
        guard problems.isEmpty else { return problems }
        for (index, row) in items(document["customLabels"]?["labels"]).enumerated() {
            check(row, label, "$.customLabels.labels[\(index)]")
            for (n, item) in items(row["locales"]).enumerated() { check(item, cell, "$.customLabels.labels[\(index)].locales[\(n)]") }
        }
        for (index, row) in items(document["codeLabels"]).enumerated() {
            check(row, codeLabel, "$.codeLabels[\(index)]")
            for (n, item) in items(row["locales"]).enumerated() { check(item, codeCell, "$.codeLabels[\(index)].locales[\(n)]") }
        }
        if !matches(document["customLabels"]?["copies"], .int) { problems.append("$.customLabels.copies is not an integer") }
        for part in ["fullLocalization", "appLocales"] {
            for (index, item) in items(document[part]).enumerated() {
                check(item, locale, "$.\(part)[\(index)]")
                for (n, table) in items(item["tables"]).enumerated() { check(table, self.table, "$.\(part)[\(index)].tables[\(n)]") }
            }
        }
        for (index, item) in items(document["devices"]).enumerated() { check(item, device, "$.devices[\(index)]") }
        check(document["findings"], findings, "$.findings")
        if case .object? = document["pseudo"] {
            check(document["pseudo"], pseudo, "$.pseudo")
            for (index, item) in items(document["pseudo"]?["overflows"]).enumerated() { check(item, overflow, "$.pseudo.overflows[\(index)]") }
        }
        for (index, item) in items(document["findings"]?["findings"]).enumerated() { check(item, finding, "$.findings.findings[\(index)]") }
        return problems
    }
}

extension CoverageReportTests {
    /// A shortfall at the threshold's edge shows the decimals that tell the two apart: the gate
    /// said "fr coverage 27.2% is below 27.2%" for 3/11 against 27.273.
    func testAShortfallShowsTheDecimalsThatDiffer() {
        XCTAssertEqual(CoverageReport.shortfall(100.0 * 3 / 11, below: 90), "27.2% is below 90.0%")
        XCTAssertEqual(CoverageReport.shortfall(100.0 * 3 / 11, below: 27.273), "27.272% is below 27.273%")
        XCTAssertEqual(CoverageReport.shortfall(82.5, below: 82.51), "82.50% is below 82.51%")
    }
}
