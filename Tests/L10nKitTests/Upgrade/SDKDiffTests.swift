import Foundation
import XCTest
@testable import L10nCommandLine
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// `l10n sdk-diff` and the `override-of-removed-key` check: what an SDK upgrade changes, on
/// catalogs made for each kind of change, on the real SDK catalog and on the sample project.
final class SDKDiffTests: XCTestCase {
    private func catalog(_ entries: ExampleEntries) -> StringCatalog { ExampleFile.catalog(from: entries) }

    private func write(_ catalog: StringCatalog, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try StringCatalogWriter().data(for: catalog).write(to: url)
    }

    /// Every kind of change, each exactly once or twice, in key order.
    func testEveryKindOfChange() {
        let old = catalog([
            "a_kept": ["en": "Kept", "de": "Behalten"],
            "b_removed": ["en": "Trim", "de": "Zuschneiden"],
            "c_changed": ["en": "Export", "de": "Exportieren"],
            "d_removed_too": ["en": "Shapes"],
            "e_plural": ["en/plural/one": "%lld page", "en/plural/other": "%lld pages"],
        ])
        let new = catalog([
            "a_kept": ["en": "Kept", "fr": "Garder"],
            "c_changed": ["en": "Export design"],
            "e_plural": ["en/plural/one": "%lld page", "en/plural/other": "%lld pages in total"],
            "f_added": ["en": "Trim"],
            "g_added": ["en": "Stickers", "ja": "ステッカー"],
        ])
        let diff = SDKDiff(old: old, new: new)
        XCTAssertEqual(diff.added, [SDKDiff.Key(key: "f_added", source: "Trim"), SDKDiff.Key(key: "g_added", source: "Stickers")])
        XCTAssertEqual(diff.removed, [SDKDiff.Key(key: "b_removed", source: "Trim"), SDKDiff.Key(key: "d_removed_too", source: "Shapes")])
        XCTAssertEqual(diff.sourceChanged, [
            SDKDiff.SourceChange(key: "c_changed", old: "Export", new: "Export design", overriddenIn: nil),
            SDKDiff.SourceChange(key: "e_plural", old: "%lld pages", new: "%lld pages in total", overriddenIn: nil),
        ])
        XCTAssertEqual(diff.localesAdded, ["fr", "ja"])
        XCTAssertEqual(diff.localesRemoved, ["de"])
        XCTAssertNil(diff.overrides)
        XCTAssertEqual(diff.likelyRename(of: "b_removed", oldSource: "Trim"), SDKDiff.Rename(key: "f_added", source: "Trim", score: 100))
        XCTAssertEqual(diff.likelyRename(of: "d_removed_too", oldSource: "Shapes")?.key, nil, "nothing added reads like Shapes")
        XCTAssertEqual(diff.likelyRename(of: "x", oldSource: "Sticker")?.score, 87, "1 − 1/8 of Stickers")

        let report = SDKDiffReport(diff: diff, oldPath: "old.xcstrings", newPath: "new.xcstrings")
        XCTAssertEqual(report.text, """
            SDK upgrade old.xcstrings (5 keys) → new.xcstrings (5 keys)
            2 added, 2 removed, 2 sources changed, 2 locales added, 1 locale removed

            added:
              f_added "Trim"
              g_added "Stickers"

            removed:
              b_removed "Trim"
              d_removed_too "Shapes"

            source changed:
              c_changed "Export" → "Export design"
              e_plural "%lld pages" → "%lld pages in total"

            locales added: fr, ja

            locales removed: de

            """)
        let json = try? JSONReader.read(Data(report.json.utf8), file: "json") { try $0.readValue() }
        guard case .object(let members)? = json else { return XCTFail(report.json) }
        XCTAssertEqual(members.map(\.key), ["schemaVersion", "old", "new", "added", "removed", "sourceChanged", "localesAdded", "localesRemoved"])
        XCTAssertTrue(report.json.contains(#""localesAdded" : [{"locale" : "fr"}"#) || report.json.contains(#""locale" : "fr""#), report.json)
    }

    /// The real SDK catalog against an older one derived from it: the counts of each kind first,
    /// then the keys.
    func testRealSDKCatalogAgainstAnOlderVersion() throws {
        let url = try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings")
        let new = try StringCatalogReader.read(contentsOf: url)
        var old = new
        // The older version: three keys it did not have yet, one it had under another name, an
        // older English text, and no German yet.
        let addedKeys = ["ly_img_editor_dock_button_audio", "ly_img_editor_dock_button_camera", "ly_img_editor_dock_button_blur"]
        for key in addedKeys { XCTAssertNotNil(old.entries.removeValue(forKey: key), key) }
        old.entries["ly_img_editor_dock_button_colour"] = new.entries["ly_img_editor_dock_button_colors"]
        XCTAssertNotNil(old.entries.removeValue(forKey: "ly_img_editor_dock_button_colors"))
        var crop = try XCTUnwrap(old.entries["ly_img_editor_dock_button_crop"])
        crop.localizations?["en"]?.stringUnit?.value = "Cut"
        old.entries["ly_img_editor_dock_button_crop"] = crop
        for key in Array(old.entries.keys) { old.entries[key]?.localizations?["de"] = nil }

        let folder = try Fixtures.temporaryFolder(self)
        try write(old, to: folder.appendingPathComponent("old/IMGLYEditor.xcstrings"))
        let run = CLIRun(["sdk-diff", folder.appendingPathComponent("old/IMGLYEditor.xcstrings").path, url.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.components(separatedBy: "\n")
        XCTAssertEqual(lines[1], "4 added, 1 removed, 1 source changed, 1 locale added, 0 locales removed", run.stdout)
        XCTAssertTrue(lines[0].hasSuffix("(\(new.entries.count) keys)"), lines[0])
        let colors = SDKDiff.sourceText(of: "ly_img_editor_dock_button_colors", in: new)
        XCTAssertTrue(run.stdout.contains("\nadded:\n  ly_img_editor_dock_button_audio \""), run.stdout)
        XCTAssertTrue(run.stdout.contains("  ly_img_editor_dock_button_colors \(MessageText.quoted(colors))\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\nremoved:\n  ly_img_editor_dock_button_colour \(MessageText.quoted(colors))\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\nsource changed:\n  ly_img_editor_dock_button_crop \"Cut\" → \"Crop\"\n"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("\nlocales added: de\n"), run.stdout)
        XCTAssertEqual(run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  ") }.count, 6)
    }

    /// With --project: the sample overrides the SDK's stickers button; a new SDK that renamed the
    /// key leaves the override doing nothing, and the added key with the same English is its rename.
    func testProjectOverridesOfRemovedKeys() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let sdkURL = root.appendingPathComponent("Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings")
        let current = try StringCatalogReader.read(contentsOf: sdkURL)
        var next = current
        next.entries["ly_img_editor_dock_button_sticker_library"] = next.entries.removeValue(forKey: "ly_img_editor_dock_button_stickers")
        let folder = try Fixtures.temporaryFolder(self)
        let nextURL = folder.appendingPathComponent("IMGLYEditor.xcstrings")
        try write(next, to: nextURL)

        let run = CLIRun(["sdk-diff", sdkURL.path, nextURL.path, "--project", root.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.components(separatedBy: "\n")
        XCTAssertEqual(lines[1], "1 added, 1 removed, 0 sources changed, 0 locales added, 0 locales removed, 1 override of a removed key, 0 changed sources under an override")
        let stickers = SDKDiff.sourceText(of: "ly_img_editor_dock_button_stickers", in: current)
        let override = try XCTUnwrap(lines.first { $0.hasPrefix("  BrandedEditor/Localizable.xcstrings:") }, run.stdout)
        XCTAssertTrue(override.contains(":161:5: ly_img_editor_dock_button_stickers "), override)
        XCTAssertTrue(override.hasSuffix("; likely renamed to ly_img_editor_dock_button_sticker_library \(MessageText.quoted(stickers)) (100%)"), override)

        let json = CLIRun(["sdk-diff", sdkURL.path, nextURL.path, "--project", root.path, "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdout.contains(#""key" : "ly_img_editor_dock_button_stickers""#), json.stdout)
        XCTAssertTrue(json.stdout.contains(#""likelyRename" : {"#), json.stdout)
        XCTAssertTrue(json.stdout.contains(#""line" : 161"#), json.stdout)
    }

    /// With `previousSdk` in the manifest, `check` reports an override of a removed key as such
    /// (with the likely rename), not as an unknown key.
    func testCheckReportsOverridesOfRemovedKeys() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let sdkURL = root.appendingPathComponent("Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings")
        let previous = try StringCatalogReader.read(contentsOf: sdkURL)
        var current = previous
        current.entries["ly_img_editor_dock_button_sticker_library"] = current.entries.removeValue(forKey: "ly_img_editor_dock_button_stickers")
        try write(current, to: sdkURL)
        try write(previous, to: root.appendingPathComponent("Vendor/Previous/IMGLYEditor.xcstrings"))

        let before = CLIRun(["check", "--project", root.path, "--only", "unknown-key,override-of-removed-key"])
        XCTAssertTrue(before.stdout.contains("\"ly_img_editor_dock_button_stickers\"") && before.stdout.contains("[unknown-key]"),
                      "without previousSdk it is an unknown key: \(before.stdout)")

        try Data(#"{ "previousSdk": "Vendor/Previous/IMGLYEditor.xcstrings" }"#.utf8).write(to: root.appendingPathComponent("l10n.json"))
        let run = CLIRun(["check", "--project", root.path, "--only", "unknown-key,override-of-removed-key"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = run.stdout.components(separatedBy: "\n").filter { $0.contains("ly_img_editor_dock_button_stickers") }
        XCTAssertEqual(lines.count, 1, run.stdout)
        XCTAssertTrue(lines[0].hasPrefix("BrandedEditor/Localizable.xcstrings:161:5: error: ") || lines[0].contains("Localizable.xcstrings:161:5: error: "), lines[0])
        XCTAssertTrue(lines[0].contains("likely renamed to \"ly_img_editor_dock_button_sticker_library\"") && lines[0].hasSuffix("[override-of-removed-key]"), lines[0])
        XCTAssertTrue(run.stdout.contains("ly_img_editor_inspector_bar_buton_crop"), "a real typo stays unknown-key: \(run.stdout)")
        // The previous catalog is a reference, not a catalog of the app.
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertFalse(project.catalogs.contains { $0.path.hasPrefix("Vendor/Previous/") })
        XCTAssertEqual(project.previousSDK?.path, "Vendor/Previous/IMGLYEditor.xcstrings")
    }

    func testBadInputIsAClearError() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        try Data("{\n  \"previousSdk\": \"Vendor/Nope.xcstrings\"\n}\n".utf8).write(to: root.appendingPathComponent("l10n.json"))
        let check = CLIRun(["check", "--project", root.path])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.stderr.contains("l10n.json:2:18: error: previousSdk: \"Vendor/Nope.xcstrings\" names no String Catalog"), check.stderr)

        let missing = CLIRun(["sdk-diff", "nosuch.xcstrings", root.appendingPathComponent("BrandedEditor/Localizable.xcstrings").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("nosuch.xcstrings"), missing.stderr)
        let folder = try Fixtures.temporaryFolder(self)
        let broken = folder.appendingPathComponent("broken.xcstrings")
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : [\n  }\n}\n".utf8).write(to: broken)
        let bad = CLIRun(["sdk-diff", broken.path, broken.path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("broken.xcstrings:4:"), bad.stderr)
        XCTAssertEqual(CLIRun(["sdk-diff", broken.path]).status, 2, "the new catalog is required")
    }
}
