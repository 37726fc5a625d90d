import Foundation
import L10nKit
import XCTest

/// The French hand-off of Samples/BrandedEditor (see Samples/README.md), imported into a copy.
final class ImportSampleTests: XCTestCase {
    private func handoff() throws -> ImportInput {
        try ImportInput.read(contentsOf: Fixtures.sample("BrandedEditor/handoff/fr.xliff"), displayPath: "handoff/fr.xliff")
    }

    /// The outcome of every unit, as the README's table states it.
    func testHandoffOutcomesMatchTheSampleReadme() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let plan = try ExchangeFixtures.plan(root, [handoff()])
        let prefix = "ly_img_editor_"
        var byID: [String: String] = [:]
        for outcome in plan.outcomes {
            let id = outcome.id.hasPrefix(prefix) ? String(outcome.id.dropFirst(prefix.count)) : outcome.id
            byID[id] = outcome.status.rawValue + (outcome.reason.map { " " + $0.rawValue } ?? "")
        }
        XCTAssertEqual(byID, [
            "asset_library_label_credits_artist_on_source %@ %@": "applied",
            "dialog_close_confirm_button_confirm": "applied",
            "dialog_export_error_text": "applied",
            "dialog_export_error_title": "applied",
            "dialog_video_min_length_text %@": "applied",
            "dock_button_camera": "applied",
            "dock_button_colors": "applied",
            "dock_button_resize": "skipped not-translated",
            "inspector_bar_button_fill_and_stroke": "applied",
            "inspector_bar_button_volume": "applied",
            "navigation_bar_button_pages_mode %lld|==|plural.many": "applied",
            "navigation_bar_button_pages_mode %lld|==|plural.one": "applied",
            "navigation_bar_button_pages_mode %lld|==|plural.other": "applied",
            "navigation_bar_button_preview_mode": "applied",
            "pages_view_mode_thumbnail_label_page %lld": "applied",
            "sheet_adjustments_title": "applied",
            "sheet_layer_button_bring_to_front": "applied",
            "sheet_reorder_label_info": "refused stale-source",
            "timeline_button_add_clip": "refused unknown-id",
            "Brand Studio": "skipped do-not-translate",
            "canvas_menu_button_duplicate": "applied",
            "inspector_bar_button_delete": "applied",
            "navigation_bar_button_undo": "applied",
        ])
        let totals = plan.totals
        XCTAssertEqual([totals.read, totals.applied, totals.unchanged, totals.skipped, totals.refused], [23, 19, 0, 2, 2])
        // The French drops the `%@` (the minimum length): the app shows it without crashing, so it is applied with a warning.
        let dropped = try XCTUnwrap(plan.outcomes.first { $0.id == "ly_img_editor_dialog_video_min_length_text %@" })
        XCTAssertEqual(dropped.rules, ["placeholder-warning", "apply"])
        XCTAssertEqual(dropped.message, "warning (placeholder-warning): the translation does not use argument 1 (%@ in the source)")
        XCTAssertEqual(plan.outcomes.filter { $0.newState == "needs_review" }.map(\.id), ["ly_img_editor_sheet_adjustments_title"])
        XCTAssertTrue(plan.hasRefusals)
        XCTAssertEqual(plan.changes.map(\.path), ["BrandedEditor/IMGLYEditor.xcstrings", "BrandedEditor/Localizable.xcstrings"])
        XCTAssertEqual(plan.changes.map(\.createdEntries), [14, 0])
    }

    /// Applied for real: new app-side entries carry the SDK's en and de (so German is not
    /// shadowed), only lines are added, and a second import changes no byte.
    func testHandoffEndToEndAndIdempotent() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let before = try ExchangeFixtures.snapshot(root)
        let plan = try ExchangeFixtures.plan(root, [handoff()])
        try plan.write()
        let after = try ExchangeFixtures.snapshot(root)
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        XCTAssertEqual(after.keys.filter { after[$0] != before[$0] }.sorted(),
                       ["BrandedEditor/IMGLYEditor.xcstrings", "BrandedEditor/Localizable.xcstrings"])

        let project = try ProjectDiscovery(root: root).discover()
        let editor = try XCTUnwrap(project.catalog(atPath: "BrandedEditor/IMGLYEditor.xcstrings")?.catalog)
        let sdk = try XCTUnwrap(project.catalog(atPath: "Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings")?.catalog)
        XCTAssertEqual(editor.entries.count, 25 + 14)
        let key = "ly_img_editor_navigation_bar_button_pages_mode %lld"
        let entry = try XCTUnwrap(editor.entries[key])
        XCTAssertEqual(entry.extractionState, .manual)
        XCTAssertEqual(entry.comment, sdk.entries[key]?.comment)
        XCTAssertEqual(entry.localizations?["de"], sdk.entries[key]?.localizations?["de"])
        XCTAssertEqual(entry.localizations?["en"], sdk.entries[key]?.localizations?["en"])
        XCTAssertEqual(editor.stringUnits(key: key, locale: "fr").map { "\($0.path) \($0.unit.value)" },
                       ["plural.many %lld de pages", "plural.one %lld page", "plural.other %lld pages"])
        XCTAssertEqual(project.resolve(key, localizations: ["de"]).value, sdk.stringUnit(key: key, locale: "de", path: ["plural", "other"])?.value)
        XCTAssertEqual(editor.stringUnit(key: "ly_img_editor_sheet_adjustments_title", locale: "fr"), StringUnit(state: .needsReview, value: "Réglages"))
        XCTAssertEqual(editor.stringUnit(key: "ly_img_editor_inspector_bar_button_fill_and_stroke", locale: "fr")?.value, "Fond & trait")
        XCTAssertNil(editor.entries["ly_img_editor_sheet_reorder_label_info"])
        XCTAssertEqual(editor.stringUnit(key: "ly_img_editor_dialog_video_min_length_text %@", locale: "fr")?.value, "La vidéo est trop courte.")
        XCTAssertEqual(project.resolve("ly_img_editor_canvas_menu_button_duplicate", localizations: ["fr"]).value, "Copier")

        for path in ["BrandedEditor/IMGLYEditor.xcstrings", "BrandedEditor/Localizable.xcstrings"] {
            let diff = ExchangeFixtures.changedLines(before[path]!, after[path]!)
            XCTAssertEqual(diff.removed, [], path)
        }
        let localizable = ExchangeFixtures.changedLines(before["BrandedEditor/Localizable.xcstrings"]!, after["BrandedEditor/Localizable.xcstrings"]!)
        var expected: [String] = []
        for value in ["Copier", "Retirer", "Revenir"] {
            expected += ["},", "\"fr\" : {", "\"stringUnit\" : {", "\"state\" : \"translated\",", "\"value\" : \"\(value)\"", "}"]
        }
        // Which of several identical brace lines counts as the inserted one is the diff's choice: compare as a multiset.
        XCTAssertEqual(localizable.added.map { $0.trimmingCharacters(in: .whitespaces) }.sorted(), expected.sorted())

        let second = try ExchangeFixtures.plan(root, [handoff()])
        XCTAssertTrue(second.changes.isEmpty)
        XCTAssertEqual(second.totals.unchanged, 19)
        XCTAssertEqual(second.totals.applied, 0)
        try second.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), after)
    }

    /// After the hand-off, a new French export no longer asks for what was applied.
    func testReexportAfterTheHandoff() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        try ExchangeFixtures.plan(root, [handoff()]).write()
        let export = XLIFFExporter(project: try ProjectDiscovery(root: root).discover()).export(locale: "fr", scope: .missing)
        let ids = Set(export.document.allUnits.map(\.unit.id))
        XCTAssertFalse(ids.contains("ly_img_editor_dock_button_camera"))
        XCTAssertFalse(ids.contains("ly_img_editor_canvas_menu_button_duplicate"))
        XCTAssertFalse(ids.contains("ly_img_editor_dialog_video_min_length_text %@"), "applied with a warning")
        XCTAssertTrue(ids.contains("ly_img_editor_sheet_reorder_label_info"))
        XCTAssertTrue(ids.contains("ly_img_editor_dock_button_resize"))
        XCTAssertTrue(ids.contains("ly_img_editor_sheet_adjustments_title"), "applied as needs_review, so still missing")
        XCTAssertEqual(export.unitCount, 93 - 19 + 1, "10 of the 93 are the onboarding storyboard's texts")
    }

    func testHandoffReportGoldens() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let input = try handoff()
        let plan = try ExchangeFixtures.plan(root, [input])
        let words = input.document.sourceWords()
        XCTAssertEqual(words, input.document.allUnits.reduce(0) { $0 + $1.unit.sourceWords(language: "en") })
        let report = ImportReport(plan: plan, inputs: ["handoff/fr.xliff"], dryRun: true, sourceWords: words)
        LegacyGolden.assertMatches(Data(report.json.utf8), "exchange/handoff.fr.import.json")
        LegacyGolden.assertMatches(Data(report.text.utf8), "exchange/handoff.fr.import.txt")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let totals = try XCTUnwrap(json["totals"] as? [String: Any])
        XCTAssertEqual(totals["applied"] as? Int, 19)
        XCTAssertEqual(totals["sourceWords"] as? Int, words)
        XCTAssertGreaterThan(words, 23, "23 units, most of several words")
        XCTAssertEqual((totals["refusedByReason"] as? [String: Int])?["stale-source"], 1)
        XCTAssertEqual((json["units"] as? [Any])?.count, 23)
        let refused = report.text.split(separator: "\n").filter { $0.contains("error: refused") }
        XCTAssertEqual(refused.map { String($0.prefix { $0 != " " }) }, ["handoff/fr.xliff:95:7:", "handoff/fr.xliff:100:7:"])
    }
}
