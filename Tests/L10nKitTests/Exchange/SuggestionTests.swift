import Foundation
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
import L10nTestSupport
@testable import L10nReport
@testable import L10nJobs
import XCTest

/// `export --suggestions` and `l10n fill`: the project's own translations offered as
/// `<alt-trans>`, on the sample and on the real catalogs of `../shared/fixtures`.
final class SuggestionTests: XCTestCase {
    private let tool = ExchangeFixtures.tool

    private func export(_ root: URL, locale: String, scope: ExportScope = .missing) throws -> (plain: LocaleExport, suggested: LocaleExport) {
        let project = try ProjectDiscovery(root: root).discover()
        let exporter = XLIFFExporter(project: project)
        var memory = TranslationMemory(project: project)
        let plain = exporter.export(locale: locale, scope: scope)
        return (plain, exporter.withSuggestions(plain, memory: &memory))
    }

    private func alternatives(_ export: LocaleExport, _ id: String) -> [AltTrans] {
        export.document.allUnits.first { $0.unit.id == id }?.unit.alternatives ?? []
    }

    /// Every `<alt-trans>` element removed: what is left must be the plain export, byte for byte.
    private func withoutAltTrans(_ text: String) -> String {
        var lines: [Substring] = []
        var inside = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("        <alt-trans ") { inside = true }
            if !inside { lines.append(line) }
            if line == "        </alt-trans>" { inside = false }
        }
        return lines.joined(separator: "\n")
    }

    /// The sample's French hand-off: exact matches under other keys, the plural case fr needs from
    /// the catalog's own `other`, a near match with its score; never a target, and the plain
    /// export is unchanged.
    func testSampleFrenchSuggestionsOnRealText() throws {
        let (plain, suggested) = try export(Fixtures.sample("BrandedEditor"), locale: "fr")
        XCTAssertEqual(alternatives(suggested, "ly_img_editor_inspector_bar_button_adjustments"), [
            AltTrans(matchQuality: 100, origin: "exact:BrandedEditor/IMGLYEditor.xcstrings#ly_img_editor_dock_button_adjustments",
                     source: "Adjust", target: "Ajuster"),
        ])
        XCTAssertEqual(alternatives(suggested, "%lld drafts|==|plural.many"), [
            AltTrans(matchQuality: 100, origin: "exact:BrandedEditor/Localizable.xcstrings#%lld drafts|==|plural.other",
                     source: "%lld drafts", target: "%lld brouillons"),
            AltTrans(matchQuality: 90, origin: "near:BrandedEditor/Localizable.xcstrings#%lld drafts|==|plural.one",
                     source: "%lld draft", target: "%lld brouillon"),
        ])
        // "Shape" / "Shapes": 1 − 1/6 = 83%.
        XCTAssertEqual(alternatives(suggested, "ly_img_editor_inspector_bar_button_shape").first,
                       AltTrans(matchQuality: 83, origin: "near:BrandedEditor/IMGLYEditor.xcstrings#ly_img_editor_dock_button_shapes",
                                source: "Shapes", target: "Formes"))
        // The rename "Copy" of the canvas menu: the app's own "Copier" for the inspector bar's "Copy".
        XCTAssertEqual(alternatives(suggested, "ly_img_editor_canvas_menu_button_duplicate").first?.target, "Copier")
        // The unreviewed search placeholder has a target already: it keeps it and gets suggestions beside it.
        for (_, unit) in suggested.document.allUnits {
            let original = plain.document.allUnits.first { $0.unit.id == unit.id }!.unit
            XCTAssertEqual(unit.target, original.target, unit.id)
            XCTAssertFalse(unit.alternatives.contains { $0.matchQuality < 75 || $0.matchQuality > 100 }, unit.id)
        }

        let plainText = try XLIFFWriter(tool: tool).string(plain.document)
        let suggestedText = try XLIFFWriter(tool: tool).string(suggested.document)
        XCTAssertNotEqual(plainText, suggestedText)
        XCTAssertEqual(withoutAltTrans(suggestedText), plainText, "only <alt-trans> elements are added")
        LegacyGolden.assertMatches(Data(suggestedText.utf8), "exchange/BrandedEditor.fr.suggestions.xliff")

        // The project's reader reads the file, and no suggestion becomes a target.
        let read = try XLIFFReader().read(Data(suggestedText.utf8), path: "fr.xliff")
        XCTAssertEqual(read.allUnits.map(\.unit.target), plain.document.allUnits.map(\.unit.target))
        XCTAssertEqual(read.allUnits.map(\.unit.id), plain.document.allUnits.map(\.unit.id))
    }

    /// Importing a hand-off with suggestions unchanged applies nothing: an alt-trans is not a target.
    func testImportingSuggestionsAppliesNothing() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let out = try Fixtures.temporaryFolder(self)
        let result = CLIRun(["export", "--project", root.path, "--locale", "fr", "--suggestions", "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("fr.xliff: 93 units, 174 source words, in 4 files (scope missing), 7 with suggestions"), result.stdout)
        let before = try ExchangeFixtures.snapshot(root)
        let imported = CLIRun(["import", out.appendingPathComponent("fr.xliff").path, "--project", root.path])
        XCTAssertTrue(imported.stdout.contains(" 0 applied"), imported.stdout)
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    /// A project on the real CE.SDK catalog: an app entry that copies the SDK's English gets the
    /// SDK's German as an `sdk` suggestion; a similar app string gets a near match with its score.
    func testRealSDKCatalogGivesSDKAndNearSuggestions() throws {
        let sdk = try Data(contentsOf: Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        let copy = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "ly_img_editor_dock_button_crop" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Crop" } }
              }
            }
          },
          "version" : "1.0"
        }
        """#
        let app = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "ly_img_editor_inspector_bar_button_duplicate" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Duplicates" } }
              }
            }
          },
          "version" : "1.0"
        }
        """#
        let root = try ExchangeFixtures.project(self, files: [
            "App/Info.plist": try Data(contentsOf: Fixtures.sample("BrandedEditor/BrandedEditor/Info.plist")),
            "App/IMGLYEditor.xcstrings": Data(copy.utf8),
            "App/Localizable.xcstrings": Data(app.utf8),
            "Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings": sdk,
        ])
        let (_, suggested) = try export(root, locale: "de")
        XCTAssertEqual(alternatives(suggested, "ly_img_editor_dock_button_crop").first,
                       AltTrans(matchQuality: 100, origin: "sdk:Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings#ly_img_editor_dock_button_crop",
                                source: "Crop", target: "Zuschneiden"))
        // "Duplicates" against the SDK's "Duplicate": 1 − 1/10 = 90%.
        XCTAssertEqual(alternatives(suggested, "ly_img_editor_inspector_bar_button_duplicate").first,
                       AltTrans(matchQuality: 90, origin: "near:Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings#ly_img_editor_canvas_menu_button_duplicate",
                                source: "Duplicate", target: "Duplizieren"))
    }

    /// Mac Mouse Fix's real catalog (13 locales): its Brazilian Portuguese gaps get near matches
    /// from sibling strings with their scores, and exact ones across plural cases.
    func testRealCatalogNearAndExactMatches() throws {
        let catalog = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings"))
        let root = try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": catalog])
        let (plain, suggested) = try export(root, locale: "pt-BR")
        let toast = alternatives(suggested, "already-using-defaults-toast.5")
        XCTAssertEqual(toast.first?.matchQuality, 98)
        XCTAssertEqual(toast.first?.origin, "near:App/Localizable.xcstrings#already-using-defaults-toast.3")
        XCTAssertEqual(toast.first?.target, "Você **já está usando** a configuração padrão para mouses com **3 botões**")
        let many = alternatives(suggested, "capture-toast.buttons.uncaptured.body|==|substitutions.pluralizable.plural.many")
        XCTAssertEqual(many.map(\.matchQuality), [100, 92, 82, 75])
        XCTAssertEqual(many.first?.target, "%2$@ não são mais capturados pelo Mac Mouse Fix.")
        let counted = suggested.document.allUnits.filter { !$0.unit.alternatives.isEmpty }.count
        XCTAssertEqual(counted, 6)
        let text = try XLIFFWriter(tool: tool).string(suggested.document)
        XCTAssertEqual(withoutAltTrans(text), try XLIFFWriter(tool: tool).string(plain.document))
        XCTAssertEqual(try XLIFFReader().read(Data(text.utf8), path: "pt-BR.xliff").allUnits.map(\.unit.target),
                       plain.document.allUnits.map(\.unit.target))
    }

    /// A suggestion whose specifiers do not fit the source is dropped, as an import would refuse it.
    func testMisfittingSpecifiersAreDropped() throws {
        XCTAssertTrue(TranslationMemory.fits("Par %@", source: "By %@", pluralCase: false))
        XCTAssertFalse(TranslationMemory.fits("%@ Dateien", source: "%lld files", pluralCase: false))
        XCTAssertTrue(TranslationMemory.isPluralCase("k|==|plural.one") && TranslationMemory.fits("Eine Datei", source: "%lld file", pluralCase: true), "a plural case may say its count in words")
        let catalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : { "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%@ Dateien löschen" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Delete %@ files" } } } },
            "b" : { "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Delete %lld files" } } } },
            "c" : { "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Delete %@ file" } } } }
          },
          "version" : "1.0"
        }
        """#
        let root = try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": Data(catalog.utf8)])
        let (_, suggested) = try export(root, locale: "de")
        XCTAssertEqual(alternatives(suggested, "b"), [], "%@ does not fit %lld")
        XCTAssertEqual(alternatives(suggested, "c").map(\.target), ["%@ Dateien löschen"])
    }

    func testFoldingAndScores() {
        XCTAssertEqual(TextFolding.fold("  Export…  Design! "), "export design")
        XCTAssertEqual(TextFolding.fold("Cafe\u{301}"), "café")
    }

    /// `fill --dry-run` changes nothing byte for byte; `fill` writes the exact matches as
    /// needs_review and says where each came from; a second fill has nothing left to do.
    func testFillDryRunChangesNothingAndFillWritesNeedsReview() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let before = try ExchangeFixtures.snapshot(root)
        let dry = CLIRun(["fill", "--project", root.path, "--locale", "fr", "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before, "--dry-run writes nothing")
        XCTAssertTrue(dry.stdout.contains("BrandedEditor/IMGLYEditor.xcstrings: 'ly_img_editor_inspector_bar_button_adjustments' [fr] = 'Ajuster': exact 100% from BrandedEditor/IMGLYEditor.xcstrings 'ly_img_editor_dock_button_adjustments'"), dry.stdout)
        XCTAssertTrue(dry.stdout.hasSuffix("fr: would fill 6 values as needs_review; nothing written (--dry-run)\n"), dry.stdout)

        let filled = CLIRun(["fill", "--project", root.path, "--locale", "fr"])
        XCTAssertEqual(filled.status, 0, filled.stderr)
        XCTAssertTrue(filled.stdout.hasSuffix("fr: filled 6 values as needs_review\n"), filled.stdout)
        let project = try ProjectDiscovery(root: root).discover()
        let editor = try XCTUnwrap(project.catalog(atPath: "BrandedEditor/IMGLYEditor.xcstrings")).catalog
        XCTAssertEqual(editor.stringUnit(key: "ly_img_editor_inspector_bar_button_adjustments", locale: "fr"),
                       StringUnit(state: .needsReview, value: "Ajuster"))
        let localizable = try XCTUnwrap(project.catalog(atPath: "BrandedEditor/Localizable.xcstrings")).catalog
        XCTAssertEqual(localizable.stringUnit(key: "%lld drafts", locale: "fr", path: ["plural", "many"]),
                       StringUnit(state: .needsReview, value: "%lld brouillons"))
        // The unreviewed placeholder value was not replaced.
        XCTAssertEqual(editor.stringUnit(key: "ly_img_editor_asset_library_label_search_placeholder %@", locale: "fr")?.value, "Rechercher %@…")

        // A table's value is named with the file it goes to, not the export's development-language original.
        let russian = CLIRun(["fill", "--project", root.path, "--locale", "ru", "--dry-run"])
        XCTAssertTrue(russian.stdout.hasPrefix("OnboardingKit/ru.lproj/Onboarding.strings: 'Xq2-Ab-7Kd.configuration.title' [ru] = 'Продолжить'"), russian.stdout)

        let again = CLIRun(["fill", "--project", root.path, "--locale", "fr"])
        XCTAssertTrue(again.stdout.hasSuffix("fr: filled 0 values as needs_review\n"), again.stdout)

        for (arguments, message) in [(["--locale", "fr", "--min-quality", "50"], "--min-quality"), ([String](), "--locale is required"),
                                     (["--locale", "en"], "source language")] {
            let result = CLIRun(["fill", "--project", root.path] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }

    /// A plural is filled whole or not at all, each form from its own category (or the same
    /// key's `other`, which devices show for a missing `many` already), and `other` must show the
    /// count: a lone `other` ("1 Dateien"), another key's Russian `other` for `many` ("5 файла")
    /// and a count-less "Fotos" were written before.
    func testFillKeepsPluralsWholeAndEachFormInItsCategory() throws {
        func plural(_ forms: [(String, String)]) -> String {
            "{ \"variations\" : { \"plural\" : { " + forms.map { "\"\($0.0)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\($0.1)\" } }" }.joined(separator: ", ") + " } } }"
        }
        func plain(_ value: String) -> String { "{ \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(value)\" } }" }
        let catalog = """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "%lld files" : { "localizations" : { "en" : \(plain("%lld files")), "de" : \(plain("%lld Dateien")) } },
              "%lld photos" : { "localizations" : { "en" : \(plain("%lld photos")), "de" : \(plain("Fotos")) } },
              "files.in.folder" : { "localizations" : { "en" : \(plural([("one", "%lld file"), ("other", "%lld files")])),
                "ru" : \(plural([("one", "%lld файл"), ("few", "%lld файла"), ("many", "%lld файлов"), ("other", "%lld файла")])) } },
              "files.selected" : { "localizations" : { "en" : \(plural([("one", "%lld file"), ("other", "%lld files")])) } },
              "photos.selected" : { "localizations" : { "en" : \(plural([("one", "%lld photo"), ("other", "%lld photos")])) } }
            } }
            """
        let root = try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": Data(catalog.utf8)])
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(try TranslationFill(locale: "de").plan(project).filled.map(\.id), [], "no de 'one' anywhere: neither plural is filled")
        XCTAssertEqual(try TranslationFill(locale: "ru").plan(project).filled.map(\.id), ["%lld files"],
                       "ru 'many' and 'few' have no match of their own; a plain key takes a plural's 'other', as it is one form for every count")
        XCTAssertEqual(TranslationFill.pluralGroup(of: "k|==|substitutions.n.plural.few"), "k|==|substitutions.n.plural.*")
        XCTAssertEqual(TranslationMemory.pluralCategory(of: "k|==|device.ipad.plural.one"), "one")
        XCTAssertNil(TranslationMemory.pluralCategory(of: "plural.one"))
        XCTAssertFalse(TranslationMemory.fits("Fotos", source: "%lld photos", pluralCase: TranslationMemory.isPluralCase("k|==|plural.other")))
    }

    /// Translate Toolkit (the CAT tools' Python library) reads the hand-off with suggestions: the
    /// same targets as ours (an alt-trans is never the target) and every alt-trans with its
    /// source, target, match-quality and origin.
    func testTranslateToolkitReadsSuggestions() throws {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import translate"]
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else {
            throw XCTSkip("Translate Toolkit is not installed (python3 -c 'import translate' failed); .ci/run installs it with pip3 install translate-toolkit")
        }
        let (_, suggested) = try export(Fixtures.sample("BrandedEditor"), locale: "fr")
        let url = try Fixtures.temporaryFolder(self).appendingPathComponent("fr.xliff")
        try XLIFFWriter(tool: tool).write(suggested.document, to: url)
        let script = """
        import json, sys
        from translate.storage import factory
        store = factory.getobject(sys.argv[1])
        out = []
        for unit in store.units:
            if unit.isheader():
                continue
            alts = [[a.source, a.target, a.xmlelement.get("match-quality"), a.xmlelement.get("origin")] for a in unit.getalttrans()]
            out.append([unit.getid().split("\\x04")[-1], unit.target or None, alts])
        print(json.dumps(out))
        """
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, url.path]
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[Any]])
        let ours = suggested.document.allUnits
        XCTAssertEqual(rows.count, ours.count)
        for (row, (_, unit)) in zip(rows, ours) {
            XCTAssertTrue((row[0] as? String)?.hasSuffix(unit.id) == true, "\(row[0]) vs \(unit.id)")
            XCTAssertEqual(row[1] as? String, unit.target, unit.id)
            let alternatives = (row[2] as? [[Any]] ?? []).map { item in
                AltTrans(matchQuality: Int(item[2] as? String ?? "") ?? -1, origin: item[3] as? String ?? "",
                         source: item[0] as? String ?? "", target: item[1] as? String ?? "")
            }
            XCTAssertEqual(alternatives, unit.alternatives, unit.id)
        }
        XCTAssertGreaterThan(ours.filter { !$0.unit.alternatives.isEmpty }.count, 0)
    }
}

extension SuggestionTests {
    /// The fast path of `fits` agrees with `FormatString` where it decides.
    func testSpecifierFastPathAgreesWithFormatString() {
        let cases: [(String, String, Bool)] = [
            ("%1$@ of %2$lld", "%2$lld von %1$@", true), ("%@ of %lld", "%lld von %@", false), ("%@ of %lld", "%@ von %lld", true),
            ("%lld files", "%lld Dateien", true), ("%lld files", "%@ Dateien", false), ("100%% of %@", "%@ zu 100%%", true),
            // Mixed positions copied from the source fit as well as the source does; added, they do not.
            ("%1$@ and %@", "%1$@ und %@", true), ("%1$@ and %2$@", "%1$@ und %@", false),
        ]
        for (source, target, expected) in cases {
            XCTAssertEqual(TranslationMemory.fits(target, source: source, pluralCase: false), expected, "\(source) / \(target)")
        }
    }
}

extension SuggestionTests {
    func testSubstitutionTokensFit() {
        XCTAssertTrue(TranslationMemory.fits("%#@photos@ in %@", source: "%#@photos@ in %@", pluralCase: false))
        XCTAssertFalse(TranslationMemory.fits("%#@videos@ in %@", source: "%#@photos@ in %@", pluralCase: false))
    }
}

extension SuggestionTests {
    /// On real projects the bounded near search gives what the exhaustive one gives.
    func testBoundedSearchIsExhaustiveOnRealProjects() throws {
        var roots = [Fixtures.sample("BrandedEditor")]
        for name in ["MacMouseFix.Localizable", "KeepingYouAwake.Localizable"] {
            let catalog = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/\(name).xcstrings"))
            roots.append(try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": catalog]))
        }
        var compared = 0
        for root in roots {
            let project = try ProjectDiscovery(root: root).discover()
            let exporter = XLIFFExporter(project: project)
            var bounded = TranslationMemory(project: project)
            var exhaustive = bounded
            exhaustive.postingBudget = .max
            exhaustive.comparedBudget = .max
            let locales = project.catalogs.flatMap(\.catalog.locales).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            for locale in locales where locale != project.sourceLanguage {
                let export = exporter.export(locale: locale, scope: .all)
                XCTAssertEqual(exporter.withSuggestions(export, memory: &bounded).document,
                               exporter.withSuggestions(export, memory: &exhaustive).document, "\(root.lastPathComponent) \(locale)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 20)
    }

    /// A search that counts only its rarest bigram's list (the next one would pass the budget;
    /// in the bench's memory at 4x the rarest alone does) keeps the texts that counting every
    /// posting of it keeps. The small budgets put most searches on that path; the default one
    /// does not reach it at this size.
    func testSingleListSearchKeepsWhatCountingKeeps() throws {
        let folder = try Fixtures.temporaryFolder(self)
        _ = try ProjectGenerator(size: ProjectGenerator.Size(sdkKeys: 800, locales: 3, tables: 1), seed: 9).write(to: folder)
        let project = try ProjectDiscovery(root: folder).discover()
        let exporter = XLIFFExporter(project: project)
        let export = exporter.export(locale: "de", scope: .all)
        for (postings, compared) in [(8, 3), (40, 1), (1, 12), (1_000, 12)] {
            var prefix = TranslationMemory(project: project)
            (prefix.postingBudget, prefix.comparedBudget) = (postings, compared)
            var counting = prefix
            counting.takesSingleListPrefix = false
            var near = 0
            for file in export.document.files {
                for unit in file.units {
                    let suggestions = prefix.suggestions(for: unit.source, locale: "de", file: file.original, id: unit.id)
                    XCTAssertEqual(suggestions, counting.suggestions(for: unit.source, locale: "de", file: file.original, id: unit.id),
                                   "budgets \(postings), \(compared): \(unit.id)")
                    if suggestions.contains(where: { $0.kind == .near }) { near += 1 }
                }
            }
            XCTAssertGreaterThan(near, 50, "budgets \(postings), \(compared)")
        }
    }
}

extension SuggestionTests {
    /// A source that reads no argument is not a format string, as the check and the import have
    /// it: the docs' own `In 25 %-Schritten einrasten` is offered (it was refused as reading a
    /// wide C string), while a placeholder nothing would fill is not.
    func testAPercentIsTextWhereTheSourceReadsNoArgument() {
        let cases: [(String, String, Bool)] = [
            ("Snap to 25% Steps", "In 25 %-Schritten einrasten", true), ("A 25% raise", "Eine 25 %ige Erhöhung", true),
            ("Done", "Fertig (100 %)", true), ("Done", "Fertig %@", false), ("Days", "%d Tage", false), ("Zoom", "%dx Zoom", true),
        ]
        for (source, target, expected) in cases {
            XCTAssertEqual(TranslationMemory.fits(target, source: source, pluralCase: false), expected, "\(source) / \(target)")
        }
    }
}

extension SuggestionTests {
    /// An empty source is no text: two keys whose development-language value is empty are not
    /// "the same source" (real CeaselessIOS: fill wrote the Japanese "Cancel" into 11 other keys).
    func testAnEmptySourceGetsNoSuggestion() throws {
        let root = try ExchangeFixtures.project(self, files: [
            "App/en.lproj/Localizable.strings": Data("\"Cancel\" = \"\";\n\"Edit\" = \"\";\n\"Save\" = \"Save\";\n\"Store\" = \"Save\";\n".utf8),
            "App/de.lproj/Localizable.strings": Data("\"Cancel\" = \"Abbrechen\";\n\"Save\" = \"Sichern\";\n".utf8),
        ])
        let (_, suggested) = try export(root, locale: "de")
        XCTAssertEqual(alternatives(suggested, "Edit"), [])
        XCTAssertEqual(alternatives(suggested, "Store").map(\.target), ["Sichern"], "a real source still gets its exact match")
        let dry = CLIRun(["fill", "--project", root.path, "--locale", "de", "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertFalse(dry.stdout.contains("'Edit'"), dry.stdout)
        XCTAssertTrue(dry.stdout.hasSuffix("de: would fill 1 value as needs_review; nothing written (--dry-run)\n"), dry.stdout)
    }
}
