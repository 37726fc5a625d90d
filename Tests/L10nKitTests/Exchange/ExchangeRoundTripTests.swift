import Foundation
import L10nKit
import XCTest

/// Export → (translator) → import: the catalogs come back with exactly the translated values.
final class ExchangeRoundTripTests: XCTestCase {
    private func locales(of catalog: Data) throws -> [String] {
        try StringCatalogReader.read(catalog, file: "c").locales.filter { $0 != "en" }
    }

    /// Exporting every locale with scope `all` and importing the files untouched writes nothing:
    /// real catalogs with needs_review, new, translate="no", substitutions, and the sample.
    func testUnchangedExportImportsAsANoOp() throws {
        let kya = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.Localizable.xcstrings"))
        let mmf = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings"))
        let main = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.Main.xcstrings"))
        let projects: [(URL, [String])] = [
            (try ExchangeFixtures.project(self, files: ["KeepingYouAwake/Localizable.xcstrings": kya]), try locales(of: kya)),
            (try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": mmf, "App/Main.xcstrings": main]), try locales(of: mmf)),
            (try ExchangeFixtures.sampleCopy(self), ["de", "fr", "ja", "ru"]),
        ]
        XCTAssertEqual(projects[0].1.count, 21)
        for (root, locales) in projects {
            let before = try ExchangeFixtures.snapshot(root)
            let exporter = XLIFFExporter(project: try ProjectDiscovery(root: root).discover())
            let out = try Fixtures.temporaryFolder(self)
            var inputs: [ImportInput] = []
            for locale in locales {
                let url = try exporter.export(locale: locale, scope: .all).write(to: out, format: .xliff, tool: ExchangeFixtures.tool)
                inputs.append(try ImportInput.read(contentsOf: url))
            }
            let plan = try ExchangeFixtures.plan(root, inputs)
            XCTAssertEqual(plan.changes.map(\.path), [], root.lastPathComponent)
            XCTAssertEqual(plan.totals.applied, 0, root.lastPathComponent)
            XCTAssertEqual(plan.totals.refused, 0, root.lastPathComponent)
            XCTAssertGreaterThan(plan.totals.unchanged, 0)
            try plan.write()
            XCTAssertEqual(try ExchangeFixtures.snapshot(root), before, root.lastPathComponent)
        }
    }

    /// Fill every unit without a target (and no other) with a marked copy of its source; after
    /// the import each filled unit holds exactly that value, translated, and every other string
    /// unit of every locale is as it was. Re-exporting shows the filled targets; a second
    /// import writes nothing.
    func testFilledTargetsComeBackExactly() throws {
        let mmf = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings"))
        let cases: [(URL, [String])] = [
            (try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": mmf]), ["ru", "fr", "ja"]),
            (try ExchangeFixtures.variationsProject(self), ["de", "ru", "ar"]),
            (try ExchangeFixtures.sampleCopy(self), ["fr", "ja", "ru"]),
        ]
        for (root, locales) in cases {
            let project = try ProjectDiscovery(root: root).discover()
            let exporter = XLIFFExporter(project: project)
            var inputs: [ImportInput] = []
            var filled: [String: String] = [:]   // locale|original|id → exported target
            for locale in locales {
                var document = exporter.export(locale: locale, scope: .missing).document
                for f in document.files.indices {
                    for u in document.files[f].units.indices where document.files[f].units[u].target == nil {
                        let unit = document.files[f].units[u]
                        let target = "«" + unit.source + "»"
                        document.files[f].units[u].target = target
                        document.files[f].units[u].targetState = .translated
                        filled[locale + "|" + document.files[f].original + "|" + unit.id] = target
                    }
                }
                let data = try XLIFFWriter(tool: ExchangeFixtures.tool).data(document)
                inputs.append(ImportInput(path: "\(locale).xliff", document: try XLIFFReader().read(data, path: "\(locale).xliff")))
            }
            XCTAssertGreaterThan(filled.count, 10)
            let plan = try ExchangeFixtures.plan(root, inputs)
            XCTAssertEqual(plan.totals.refused, 0, plan.outcomes.filter { $0.status == .refused }.map { "\($0.id): \($0.message ?? "")" }.joined(separator: "\n"))
            XCTAssertEqual(plan.totals.applied, filled.count)
            let before = project
            try plan.write()
            let after = try ProjectDiscovery(root: root).discover()

            // Re-export: every filled unit shows its target, translated.
            let reexporter = XLIFFExporter(project: after)
            var seen = 0
            for locale in locales {
                for (file, unit) in reexporter.export(locale: locale, scope: .all).document.allUnits {
                    guard let target = filled[locale + "|" + file.original + "|" + unit.id] else { continue }
                    XCTAssertEqual(unit.target, target, unit.id)
                    XCTAssertEqual(unit.targetState, file.sourceKind == .strings || file.sourceKind == .interfaceBuilder ? nil : .translated, unit.id)
                    seen += 1
                }
            }
            XCTAssertEqual(seen, filled.count)

            // Nothing else changed: every string unit that existed before is still there, the same.
            for file in before.catalogs where !file.path.hasPrefix("Vendor/") {
                let now = try XCTUnwrap(after.catalog(atPath: file.path)?.catalog)
                for (key, entry) in file.catalog.entries {
                    for locale in entry.locales {
                        for leaf in entry.stringUnits(locale: locale) {
                            XCTAssertEqual(now.stringUnit(key: key, locale: locale, path: leaf.path), leaf.unit, "\(key) \(locale) \(leaf.path)")
                        }
                    }
                    XCTAssertEqual(now.entries[key]?.comment, entry.comment)
                    XCTAssertEqual(now.entries[key]?.extractionState, entry.extractionState)
                }
            }

            let again = try ExchangeFixtures.plan(root, inputs)
            XCTAssertEqual(again.changes.map(\.path), [])
            XCTAssertEqual(again.totals.applied, 0)
        }
    }

    /// Mac Mouse Fix's real translations of `license-toast.no-internet` in five locales leave out
    /// the source's `[here](%@)` link. The app shows them without crashing, so exported from the
    /// real catalog and imported where those values are missing, they are applied with a
    /// warning naming the rule (they were refused as placeholder mismatches before), and a
    /// re-export gives the same targets and states back.
    func testRealTranslationsThatDropAnArgumentAreAppliedWithAWarning() throws {
        let key = "license-toast.no-internet"
        let locales = ["fr", "ko", "vi", "zh-HK", "zh-Hant"]
        let data = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings"))
        let full = try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": data])
        let exporter = XLIFFExporter(project: try ProjectDiscovery(root: full).discover())
        var inputs: [ImportInput] = []
        for locale in locales {
            var document = exporter.export(locale: locale, scope: .all).document
            for index in document.files.indices { document.files[index].units.removeAll { $0.id != key } }
            XCTAssertEqual(document.allUnits.map(\.unit.targetState), [.needsReviewL10n], locale)
            let bytes = try XLIFFWriter(tool: ExchangeFixtures.tool).data(document)
            inputs.append(ImportInput(path: "\(locale).xliff", document: try XLIFFReader().read(bytes, path: "\(locale).xliff")))
        }

        var catalog = try StringCatalogReader.read(data, file: "Localizable.xcstrings")
        let original = try XCTUnwrap(catalog.entries[key])
        for locale in locales { catalog.entries[key]?.localizations?[locale] = nil }
        let root = try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": StringCatalogWriter().data(for: catalog)])
        let plan = try ExchangeFixtures.plan(root, inputs)
        XCTAssertEqual(plan.outcomes.map(\.status), Array(repeating: .applied, count: 5))
        XCTAssertEqual(plan.outcomes.map(\.rules), Array(repeating: ["placeholder-warning", "apply"], count: 5))
        XCTAssertEqual(Set(plan.outcomes.compactMap(\.message)), ["warning (placeholder-warning): the translation does not use argument 1 (%@ in the source)"])
        XCTAssertFalse(plan.hasRefusals)
        try plan.write()

        let written = try XCTUnwrap(try ProjectDiscovery(root: root).discover().catalog(atPath: "App/Localizable.xcstrings")?.catalog)
        for locale in locales {
            XCTAssertEqual(written.entries[key]?.localizations?[locale], original.localizations?[locale], locale)
        }
    }

    /// Changing a translated value changes its value line and nothing else.
    func testChangingAValueChangesOnlyItsLine() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let path = "BrandedEditor/Localizable.xcstrings"
        let before = try Data(contentsOf: root.appendingPathComponent(path))
        let input = try ExchangeFixtures.xliff(original: path, target: "de", [
            TransUnit(id: "ly_img_editor_dock_button_stickers", source: "Sticker Packs", target: "Sticker", targetState: .translated),
        ])
        try ExchangeFixtures.plan(root, [input]).write()
        let after = try Data(contentsOf: root.appendingPathComponent(path))
        let diff = ExchangeFixtures.changedLines(before, after)
        XCTAssertEqual(diff.removed.map { $0.trimmingCharacters(in: .whitespaces) }, ["\"value\" : \"Aufklebersammlung\""])
        XCTAssertEqual(diff.added.map { $0.trimmingCharacters(in: .whitespaces) }, ["\"value\" : \"Sticker\""])
    }

    /// A catalog that ends with a newline (an editor added it) keeps it after an import.
    func testFinalNewlineIsKept() throws {
        let catalog = try StringCatalogReader.read(Data(ExchangeFixtures.variationsCatalog.utf8), file: "c")
        var bytes = StringCatalogWriter().data(for: catalog)
        bytes.append(0x0A)
        let root = try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": bytes])
        let input = try ExchangeFixtures.xliff([TransUnit(id: "Greeting", source: "Hello", target: "Guten Tag", targetState: .translated)])
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.changes.first?.data.last, 0x0A)
        XCTAssertEqual(plan.notes, [])
    }

    /// An `.xcloc` exported, filled and imported as a bundle.
    func testXclocRoundTrip() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let exporter = XLIFFExporter(project: try ProjectDiscovery(root: root).discover())
        let out = try Fixtures.temporaryFolder(self)
        let bundle = try exporter.export(locale: "ja", scope: .missing).write(to: out, format: .xcloc, tool: ExchangeFixtures.tool)
        let xliff = bundle.appendingPathComponent("Localized Contents/ja.xliff")
        var text = try String(contentsOf: xliff, encoding: .utf8)
        text = text.replacingOccurrences(of: "<source>Camera</source>\n", with: "<source>Camera</source>\n        <target state=\"translated\">カメラ</target>\n")
        try Data(text.utf8).write(to: xliff)
        let input = try ImportInput.read(contentsOf: bundle, displayPath: "ja.xcloc")
        XCTAssertEqual(input.document.allUnits.first?.unit.location?.file, "ja.xcloc/Localized Contents/ja.xliff")
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.totals.applied, 1)
        try plan.write()
        let editor = try ProjectDiscovery(root: root).discover().catalog(atPath: "BrandedEditor/IMGLYEditor.xcstrings")?.catalog
        XCTAssertEqual(editor?.stringUnit(key: "ly_img_editor_dock_button_camera", locale: "ja")?.value, "カメラ")
        XCTAssertEqual(editor?.stringUnit(key: "ly_img_editor_dock_button_camera", locale: "de")?.value, "Kamera")
    }

    /// Without an app editor catalog, importing SDK keys creates one in Xcode's format.
    func testEditorCatalogIsCreatedInXcodesFormat() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        try FileManager.default.removeItem(at: root.appendingPathComponent("BrandedEditor/IMGLYEditor.xcstrings"))
        let input = try ExchangeFixtures.xliff(original: "BrandedEditor/IMGLYEditor.xcstrings", target: "ja", [
            TransUnit(id: "ly_img_editor_dock_button_camera", source: "Camera", target: "カメラ", targetState: .translated),
        ])
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.changes.map(\.isNew), [true])
        try plan.write()
        let data = try Data(contentsOf: root.appendingPathComponent("BrandedEditor/IMGLYEditor.xcstrings"))
        let catalog = try StringCatalogReader.read(data, file: "created")
        XCTAssertEqual(StringCatalogWriter().data(for: catalog), data, "Xcode's format, no final newline")
        XCTAssertEqual(Array(catalog.entries.keys), ["ly_img_editor_dock_button_camera"])
        XCTAssertEqual(catalog.entries.values.first?.locales, ["de", "en", "ja"])
        XCTAssertEqual(catalog.version, "1.0")
    }
    /// A substitution whose name holds dots (`total.strings`, as in xcstrings-tool's Xcode-written
    /// fixture): its units, exported by l10n, were refused as unknown ids on import.
    func testASubstitutionNameWithDotsComesBack() throws {
        let catalog = #"""
            { "sourceLanguage" : "en", "strings" : { "dotted" : { "localizations" : { "en" : {
              "stringUnit" : { "state" : "translated", "value" : "There %#@total.strings@" },
              "substitutions" : { "total.strings" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg x" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg xs" } } } } } } } } } }, "version" : "1.0" }
            """#
        let root = try ExchangeFixtures.project(self, files: [
            "App/Localizable.xcstrings": Data(catalog.utf8), "App/Info.plist": ExampleFile.infoPlist(declared: ["en", "de"]).data,
        ])
        let out = root.deletingLastPathComponent().appendingPathComponent("out")
        XCTAssertEqual(CLIRun(["export", "--xliff", "--scope", "all", "--locale", "de", "--out", out.path, "--project", root.path]).status, 0)
        var xliff = try String(contentsOf: out.appendingPathComponent("de.xliff"), encoding: .utf8)
        XCTAssertTrue(xliff.contains("id=\"dotted|==|substitutions.total.strings.plural.one\""), xliff)
        // Every unit translated as "DE " and its source.
        xliff = xliff.replacingOccurrences(of: #"<source>([^<]*)</source>"#, with: "<source>$1</source>\n        <target state=\"translated\">DE $1</target>",
                                           options: .regularExpression)
        try Data(xliff.utf8).write(to: out.appendingPathComponent("de.xliff"))
        let run = CLIRun(["import", out.appendingPathComponent("de.xliff").path, "--project", root.path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("3 units: 3 applied"), run.stdout)
        let written = try StringCatalogReader.read(Data(contentsOf: root.appendingPathComponent("App/Localizable.xcstrings")), file: "c")
        XCTAssertEqual(written.entries["dotted"]?.localizations?["de"]?.stringUnit(at: StringUnitPath(["substitutions", "total.strings", "plural", "one"]))?.value,
                       "DE %arg x")
        // The same units with the name between `@`s, as a recent Xcode is reported to write it, come back too.
        xliff = xliff.replacingOccurrences(of: "substitutions.total.strings.", with: "substitutions.@total.strings@.")
            .replacingOccurrences(of: "DE ", with: "DE2 ")
        try Data(xliff.utf8).write(to: out.appendingPathComponent("de.xliff"))
        let again = CLIRun(["import", out.appendingPathComponent("de.xliff").path, "--project", root.path])
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertTrue(again.stdout.contains("3 units: 3 applied"), again.stdout)
    }
}
