import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nJobs

/// An app whose editor table is a legacy `IMGLYEditor.strings` (no `IMGLYEditor.xcstrings`, which
/// would make Xcode build a second `IMGLYEditor.strings`): the SDK keys it does not define go out
/// as units of its development-language file and come back into its locale files, so that `check`
/// and `report`, which count them there, can be satisfied through l10n.
final class LegacyEditorTableExchangeTests: XCTestCase {
    static let sdkCatalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "ly_img_editor_cut" : {
              "comment" : "Dock button that cuts the selection",
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Cut" } }
              }
            },
            "ly_img_editor_crop" : {
              "comment" : "Dock button that opens the crop tool",
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Crop" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Zuschneiden" } }
              }
            },
            "ly_img_editor_undo" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Undo" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Rückgängig" } }
              }
            },
            "ly_img_editor_pages" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld page" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld pages" } }
                } } }
              }
            }
          },
          "version" : "1.0"
        }

        """

    static let english = "/* Renamed for the brand */\n\"ly_img_editor_undo\" = \"Take back\";\n"

    private func project(english: String? = english, french: String? = nil) throws -> URL {
        var files: [String: ExampleFile] = [
            "App/Info.plist": .infoPlist(declared: ["en", "de", "fr"]),
            "App/en.lproj/Localizable.strings": .text("\"own\" = \"Own\";\n"),
            "App/de.lproj/Localizable.strings": .text("\"own\" = \"Eigen\";\n"),
            "App/fr.lproj/Localizable.strings": .text("\"own\" = \"Propre\";\n"),
            "App/de.lproj/IMGLYEditor.strings": .text("\"ly_img_editor_undo\" = \"Zurücknehmen\";\n"),
            "Vendor/IMGLYEditor/IMGLYEditor.xcstrings": .text(Self.sdkCatalog),
        ]
        if let english { files["App/en.lproj/IMGLYEditor.strings"] = .text(english) }
        if let french { files["App/fr.lproj/IMGLYEditor.strings"] = .text(french) }
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Legacy", isDirectory: true)
        try CheckExample("", files: files).write(to: root)
        return root
    }

    private func missing(_ project: Project) throws -> [String] {
        try CheckJob(options: CheckOptions(only: [MissingTranslationCheck.id])).run(on: project).findings.map(\.message)
    }

    private func element(_ export: LocaleExport, _ original: String) throws -> String {
        let text = String(decoding: try XLIFFWriter(tool: ExchangeFixtures.tool).data(export.document), as: UTF8.self)
        return try XCTUnwrap(ExchangeFixtures.fileElements(text)[original], text)
    }

    func testExportHandsTheSDKKeysTheAppLacksAsUnitsOfItsEditorTable() throws {
        let model = try ProjectDiscovery(root: project()).discover()
        let exporter = XLIFFExporter(project: model)
        let fr = exporter.export(locale: "fr", scope: .missing)
        XCTAssertEqual(fr.document.files.map(\.original), ["App/en.lproj/IMGLYEditor.strings"], "no IMGLYEditor.xcstrings beside the .strings")
        // Xcode's `.strings` unit order; the SDK's source text and comment; `datatype` first, as
        // Xcode writes it for a table without the locale's file; no plural SDK key (a `.strings`
        // file holds no variations).
        XCTAssertEqual(try element(fr, "App/en.lproj/IMGLYEditor.strings"), """
              <file original="App/en.lproj/IMGLYEditor.strings" datatype="plaintext" source-language="en" target-language="fr">
                <header/>
                <body>
                  <trans-unit id="ly_img_editor_crop" xml:space="preserve">
                    <source>Crop</source>
                    <note>Dock button that opens the crop tool</note>
                  </trans-unit>
                  <trans-unit id="ly_img_editor_cut" xml:space="preserve">
                    <source>Cut</source>
                    <note>Dock button that cuts the selection</note>
                  </trans-unit>
                  <trans-unit id="ly_img_editor_undo" xml:space="preserve">
                    <source>Take back</source>
                    <note>Renamed for the brand</note>
                  </trans-unit>
                </body>
              </file>

            """)
        // German: the SDK translates crop itself; cut it does not.
        let de = exporter.export(locale: "de", scope: .missing)
        XCTAssertEqual(de.document.files.flatMap(\.units).map(\.id), ["ly_img_editor_cut"])
        // `all` holds what `missing` adds; copy editors never get the SDK's texts; `overrides` has no SDK key.
        XCTAssertEqual(exporter.export(locale: "de", scope: .all).document.files.first { $0.original == "App/en.lproj/IMGLYEditor.strings" }?.units.map(\.id),
                       ["ly_img_editor_cut", "ly_img_editor_undo"])
        XCTAssertEqual(exporter.export(locale: "en", scope: .all).document.files.first { $0.original == "App/en.lproj/IMGLYEditor.strings" }?.units.map(\.id),
                       ["ly_img_editor_undo"])
        XCTAssertEqual(exporter.export(locale: "fr", scope: .overrides).document.files.flatMap(\.units).map(\.id), [])
    }

    func testImportWritesTheSDKKeysIntoTheLocaleFileAndCheckCountsThem() throws {
        let root = try project(french: "\"ly_img_editor_undo\" = \"Annuler\";\n")
        let model = try ProjectDiscovery(root: root).discover()
        // The SDK's plural key has no `.strings` unit: it stays missing (docs/exchange.md).
        XCTAssertEqual(try missing(model), [
            "2 keys of App/IMGLYEditor have no 'de': de devices see them in 'en' (\"ly_img_editor_cut\", \"ly_img_editor_pages\")",
            "3 keys of App/IMGLYEditor have no 'fr': fr devices see them in 'en' (\"ly_img_editor_crop\", \"ly_img_editor_cut\", \"ly_img_editor_pages\")",
        ])
        var export = XLIFFExporter(project: model).export(locale: "fr", scope: .missing)
        XCTAssertEqual(export.document.files.flatMap(\.units).map(\.id), ["ly_img_editor_crop", "ly_img_editor_cut"])
        for index in export.document.files[0].units.indices {
            export.document.files[0].units[index].target = ["Recadrer", "Couper"][index]
            export.document.files[0].units[index].targetState = .translated
        }
        let plan = try XLIFFImporter(project: model).plan([ImportInput(path: "fr.xliff", document: export.document)])
        XCTAssertEqual(plan.totals.applied, 2, plan.outcomes.compactMap(\.message).joined(separator: "\n"))
        try plan.write()
        // Appended after the file's entries, spaced as they are, each under the SDK's comment.
        XCTAssertEqual(String(decoding: try Data(contentsOf: root.appendingPathComponent("App/fr.lproj/IMGLYEditor.strings")), as: UTF8.self), """
            "ly_img_editor_undo" = "Annuler";
            /* Dock button that opens the crop tool */
            "ly_img_editor_crop" = "Recadrer";
            /* Dock button that cuts the selection */
            "ly_img_editor_cut" = "Couper";

            """)
        let after = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(try missing(after), [
            "2 keys of App/IMGLYEditor have no 'de': de devices see them in 'en' (\"ly_img_editor_cut\", \"ly_img_editor_pages\")",
            "1 key of App/IMGLYEditor has no 'fr': fr devices see them in 'en' (\"ly_img_editor_pages\")",
        ])
        XCTAssertEqual(try CheckJob().run(on: after).findings.filter { $0.check == TranslationOnlyKeyCheck.id }.map(\.message), [],
                       "the SDK's keys are the editor table's own")
        let report = try ReportJob().run(on: after)
        let row = try XCTUnwrap((report.fullLocalization + report.appLocales).first { $0.locale == "fr" }?.tables.first { $0.table == "App/IMGLYEditor" })
        XCTAssertEqual(row.missingKeys, ["ly_img_editor_pages"])
        XCTAssertEqual(row.finished, row.reachable - 1)
        XCTAssertEqual(XLIFFExporter(project: after).export(locale: "fr", scope: .missing).document.files.flatMap(\.units).map(\.id), [])
        // German still gets cut: a key French has is still the SDK's to the other locales.
        XCTAssertEqual(XLIFFExporter(project: after).export(locale: "de", scope: .missing).document.files.flatMap(\.units).map(\.id),
                       ["ly_img_editor_cut"])
        // `all` carries the French now in the app's file.
        XCTAssertEqual(XLIFFExporter(project: after).export(locale: "fr", scope: .all).document.files
            .first { $0.original == "App/en.lproj/IMGLYEditor.strings" }?.units.map { $0.target ?? "-" }, ["Recadrer", "Couper", "Annuler"])
    }

    func testImportCreatesTheLocaleFile() throws {
        let root = try project()
        let model = try ProjectDiscovery(root: root).discover()
        var export = XLIFFExporter(project: model).export(locale: "fr", scope: .missing)
        export.document.files[0].units = export.document.files[0].units.filter { $0.id == "ly_img_editor_cut" }
        export.document.files[0].units[0].target = "Couper"
        let plan = try XLIFFImporter(project: model).plan([ImportInput(path: "fr.xliff", document: export.document)])
        XCTAssertEqual(plan.totals.applied, 1)
        try plan.write()
        XCTAssertEqual(String(decoding: try Data(contentsOf: root.appendingPathComponent("App/fr.lproj/IMGLYEditor.strings")), as: UTF8.self),
                       "/* Dock button that cuts the selection */\n\"ly_img_editor_cut\" = \"Couper\";\n\n")
    }

    /// A unit for a key neither the table nor the SDK has is refused, each on its own; with
    /// every unit refused nothing is written. A copy edit of an SDK text is refused too.
    func testAKeyNeitherTheTableNorTheSDKHasIsRefused() throws {
        let root = try project()
        let before = try ExchangeFixtures.snapshot(root)
        let units = [
            TransUnit(id: "ly_img_editor_paste", source: "Paste", target: "Coller", targetState: .translated),
            TransUnit(id: "ly_img_editor_pages", source: "%lld pages", target: "%lld pages", targetState: .translated),
        ]
        let input = try ExchangeFixtures.xliff(original: "App/en.lproj/IMGLYEditor.strings", target: "fr", units)
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.reason), [.unknownID, .unknownID])
        XCTAssertEqual(plan.outcomes.first?.message?.contains("App/en.lproj/IMGLYEditor.strings has no key \"ly_img_editor_paste\" (nor does the SDK)"), true,
                       plan.outcomes.compactMap(\.message).joined(separator: "\n"))
        XCTAssertEqual(plan.changes.map(\.path), [])
        try plan.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)

        // One good unit beside a bad one: the good one is written, the bad one refused.
        let mixed = try ExchangeFixtures.xliff(original: "App/en.lproj/IMGLYEditor.strings", target: "fr", [
            TransUnit(id: "ly_img_editor_paste", source: "Paste", target: "Coller", targetState: .translated),
            TransUnit(id: "ly_img_editor_cut", source: "Cut", target: "Couper", targetState: .translated),
        ])
        let mixedPlan = try ExchangeFixtures.plan(root, [mixed])
        XCTAssertEqual(mixedPlan.outcomes.map(\.reason), [.unknownID, nil])
        XCTAssertEqual(mixedPlan.changes.map(\.path), ["App/fr.lproj/IMGLYEditor.strings"])

        let copyEdit = try ExchangeFixtures.xliff(original: "App/en.lproj/IMGLYEditor.strings", target: "en", [
            TransUnit(id: "ly_img_editor_cut", source: "Cut", target: "Snip", targetState: .translated),
        ])
        let edits = try ExchangeFixtures.plan(root, [copyEdit], sourceEdits: true)
        XCTAssertEqual(edits.outcomes.map(\.reason), [.unknownID], edits.outcomes.compactMap(\.message).joined(separator: "\n"))
        XCTAssertEqual(edits.changes.map(\.path), [])
    }

    /// Without a development-language `IMGLYEditor.strings` (only translations of it), the SDK's
    /// keys go out under the path that file would have; the import writes the locale's file and
    /// never creates the development language's.
    func testWithoutADevelopmentLanguageFileTheSDKKeysGoOutUnderItsPath() throws {
        let root = try project(english: nil)
        let model = try ProjectDiscovery(root: root).discover()
        var export = XLIFFExporter(project: model).export(locale: "fr", scope: .missing)
        let file = try XCTUnwrap(export.document.files.first { $0.original == "App/en.lproj/IMGLYEditor.strings" })
        XCTAssertEqual(file.units.map(\.id), ["ly_img_editor_crop", "ly_img_editor_cut"])
        XCTAssertEqual(export.document.files.filter { $0.original.hasSuffix(".xcstrings") }.map(\.original), [])
        export.document.files = [file]
        export.document.files[0].units[1].target = "Couper"
        export.document.files[0].units.removeFirst()
        let plan = try XLIFFImporter(project: model).plan([ImportInput(path: "fr.xliff", document: export.document)])
        XCTAssertEqual(plan.changes.map(\.path), ["App/fr.lproj/IMGLYEditor.strings"])
        try plan.write()
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("App/en.lproj/IMGLYEditor.strings").path))
        // The copy editors' file has no such table: the texts are the SDK's.
        XCTAssertNil(XLIFFExporter(project: model).export(locale: "en", scope: .all).document.files.first { $0.original == "App/en.lproj/IMGLYEditor.strings" })
    }
}
