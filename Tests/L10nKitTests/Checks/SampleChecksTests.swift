import Foundation
@testable import L10nCommandLine
import L10nKit
import XCTest

/// The checks on Samples/BrandedEditor: every trap its README lists is found, and nothing else
/// (the golden files are the exact set, so any noise fails).
final class SampleChecksTests: XCTestCase {
    static func result(_ options: CheckOptions = CheckOptions()) throws -> CheckResult {
        try CheckJob(options: options).run(on: ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover())
    }

    struct Row: Hashable, CustomStringConvertible {
        var check: String, severity: Severity, file: String, key: String?, locale: String?
        var description: String { "\(check) \(severity.rawValue) \(file) \(key ?? "-") \(locale ?? "-")" }
    }

    func testEveryTrapIsFoundAndNothingElse() throws {
        let rows = try Self.result().findings.map { Row(check: $0.check, severity: $0.severity, file: $0.file ?? "", key: $0.key, locale: $0.locale) }
        let app = "BrandedEditor/Localizable.xcstrings", editor = "BrandedEditor/IMGLYEditor.xcstrings"
        let storyboard = "OnboardingKit/Base.lproj/Onboarding.storyboard"
        let configuration = "BrandedEditor/EditorConfiguration.swift", home = "BrandedEditor/HomeView.swift"
        let expected: [Row] = [
            // 1: English-only custom label shadows German (SDK) and French (app editor table)
            Row(check: "shadowed-locale", severity: .error, file: app, key: "ly_img_editor_canvas_menu_button_duplicate", locale: "de"),
            Row(check: "shadowed-locale", severity: .error, file: app, key: "ly_img_editor_canvas_menu_button_duplicate", locale: "fr"),
            // 2 and 9: a typo and a dropped placeholder suffix
            Row(check: "unknown-key", severity: .error, file: app, key: "ly_img_editor_inspector_bar_buton_crop", locale: nil),
            Row(check: "unknown-key", severity: .error, file: editor, key: "ly_img_editor_asset_library_label_credits_artist", locale: nil),
            // 3: German dock label too long
            Row(check: "width", severity: .warning, file: app, key: "ly_img_editor_dock_button_stickers", locale: "de"),
            // 4: MyBrand.xcstrings is never read
            Row(check: "ignored-catalog", severity: .warning, file: "BrandedEditor/MyBrand.xcstrings", key: "ly_img_editor_dialog_close_confirm_title", locale: nil),
            // 5, 6, 11, 15: French and Japanese partial, custom labels without French, onboarding without de/fr/ja
            Row(check: "missing-translation", severity: .warning, file: editor, key: nil, locale: "fr"),
            Row(check: "missing-translation", severity: .warning, file: editor, key: nil, locale: "ja"),
            Row(check: "missing-translation", severity: .warning, file: app, key: nil, locale: "fr"),
            Row(check: "missing-translation", severity: .warning, file: app, key: nil, locale: "ja"),
            Row(check: "missing-translation", severity: .warning, file: "OnboardingKit/de.lproj/Localizable.strings", key: nil, locale: "de"),
            Row(check: "missing-translation", severity: .warning, file: "OnboardingKit/fr.lproj/Localizable.strings", key: nil, locale: "fr"),
            Row(check: "missing-translation", severity: .warning, file: "OnboardingKit/ja.lproj/Localizable.strings", key: nil, locale: "ja"),
            // 7: unreviewed French
            Row(check: "needs-review", severity: .warning, file: editor, key: "ly_img_editor_asset_library_label_search_placeholder %@", locale: "fr"),
            // 8: stale copy after an SDK update
            Row(check: "stale-source", severity: .warning, file: editor, key: "ly_img_editor_dialog_close_confirm_text", locale: "en"),
            // 10: French plural lacks many
            Row(check: "plural-categories", severity: .warning, file: app, key: "%lld drafts", locale: "fr"),
            // 12: ru not declared
            Row(check: "undeclared-locale", severity: .warning, file: "OnboardingKit/ru.lproj/Localizable.strings", key: nil, locale: "ru"),
            // 13 and 14: storyboard keys missing in ru, and everywhere
            Row(check: "ib-key-missing", severity: .error, file: storyboard, key: "onboarding_photos_body", locale: "ru"),
            Row(check: "ib-key-missing", severity: .error, file: storyboard, key: "onboarding_button_not_now", locale: nil),
            // 16 and 17: editor labels set in code with a LocalizedStringKey no table defines
            Row(check: "code-label-unlocalized", severity: .warning, file: configuration, key: "Pictures", locale: nil),
            Row(check: "code-label-unlocalized", severity: .warning, file: configuration, key: "Revert", locale: nil),
            // 18: a verbatim dock label too wide in every locale
            Row(check: "width", severity: .warning, file: configuration, key: "Brand Headlines", locale: nil),
            // 19 and 20: keys code looks up that no table has (one interpolated with a String where the key has %lld)
            Row(check: "key-missing", severity: .error, file: home, key: "%@ drafts", locale: nil),
            Row(check: "key-missing", severity: .error, file: home, key: "home_welcome_title", locale: nil),
        ]
        XCTAssertEqual(Set(rows), Set(expected), "extra: \(Set(rows).subtracting(expected)), missing: \(Set(expected).subtracting(rows))")
        XCTAssertEqual(rows.count, expected.count, "a finding is reported twice")
    }

    func testCountsTheREADMEStates() throws {
        let findings = try Self.result(CheckOptions(only: ["missing-translation"])).findings
        func count(_ file: String, _ locale: String) -> Int? {
            findings.first { $0.file == file && $0.locale == locale }?.keys.count
        }
        // 29 of 102 SDK keys resolve to French: 70 missing in the editor table, 2 custom labels, 1 shadowed.
        XCTAssertEqual(count("BrandedEditor/IMGLYEditor.xcstrings", "fr"), 70)
        XCTAssertEqual(count("BrandedEditor/Localizable.xcstrings", "fr"), 2)
        // Japanese: all 102 SDK keys are English (93 through the editor table, 9 custom labels).
        XCTAssertEqual(count("BrandedEditor/IMGLYEditor.xcstrings", "ja"), 93)
        XCTAssertEqual(count("BrandedEditor/Localizable.xcstrings", "ja"), 9)
        XCTAssertEqual(count("OnboardingKit/de.lproj/Localizable.strings", "de"), 6)
    }

    func testFindingsPointAtTheirLines() throws {
        let findings = try Self.result().findings
        let shadowed = try XCTUnwrap(findings.first { $0.check == "shadowed-locale" && $0.locale == "de" })
        XCTAssertEqual(shadowed.device, DeviceOutcome(device: "de", shows: "Copy", instead: "Duplizieren"))
        let data = try Data(contentsOf: Fixtures.sample("BrandedEditor/BrandedEditor/Localizable.xcstrings"))
        let line = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")[try XCTUnwrap(shadowed.line) - 1]
        XCTAssertTrue(line.contains("\"ly_img_editor_canvas_menu_button_duplicate\""), line)
        let review = try XCTUnwrap(findings.first { $0.check == "needs-review" })
        let editorLines = String(decoding: try Data(contentsOf: Fixtures.sample("BrandedEditor/BrandedEditor/IMGLYEditor.xcstrings")), as: UTF8.self)
            .components(separatedBy: "\n")
        XCTAssertEqual(editorLines[try XCTUnwrap(review.line) - 1].trimmingCharacters(in: .whitespaces), "\"fr\" : {")
        let storyboard = try XCTUnwrap(findings.first { $0.check == "ib-key-missing" && $0.locale == nil })
        XCTAssertEqual(storyboard.line, 136)
    }

    /// `l10n check` on the sample, byte for byte, in every format.
    func testGoldenOutputs() throws {
        let root = Fixtures.packageRoot
        for (format, name) in [("text", "BrandedEditor.check.txt"), ("json", "BrandedEditor.check.json"),
                               ("github", "BrandedEditor.check.github.txt"), ("junit", "BrandedEditor.check.junit.xml")] {
            var out = ""
            let context = CommandContext(currentDirectory: root, environment: [:], stdout: { out += $0 }, stderr: { _ in })
            let status = L10nTool.run(["check", "--project", "Samples/BrandedEditor", "--format", format], context: context)
            XCTAssertEqual(status, 1, format)
            let golden = Fixtures.golden("checks/\(name)")
            if ProcessInfo.processInfo.environment["L10N_UPDATE_GOLDEN"] == "1" { try Data(out.utf8).write(to: golden) }
            XCTAssertEqual(out, try String(contentsOf: golden, encoding: .utf8), "\(format) differs from \(name)")
        }
    }

    func testJSONFollowsTheDocumentedSchema() throws {
        var out = ""
        let context = CommandContext(currentDirectory: Fixtures.packageRoot, environment: [:], stdout: { out += $0 }, stderr: { _ in })
        _ = L10nTool.run(["check", "--project", "Samples/BrandedEditor", "--format", "json"], context: context)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        XCTAssertEqual(document["version"] as? Int, 1)
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["errors"] as? Int, 8)
        XCTAssertEqual(summary["failed"] as? Bool, true)
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 24)
        for finding in findings {
            for field in ["check", "severity", "message"] { XCTAssertTrue(finding[field] is String, field) }
            for field in ["file", "key", "locale", "hint"] { XCTAssertTrue(finding[field] is String || finding[field] is NSNull, field) }
            XCTAssertTrue(finding["line"] is Int || finding["line"] is NSNull)
        }
    }

    func testResolveExplainsEnglishOnAGermanDevice() throws {
        var out = ""
        let context = CommandContext(currentDirectory: Fixtures.packageRoot, environment: [:], stdout: { out += $0 }, stderr: { _ in })
        let status = L10nTool.run(["resolve", "ly_img_editor_canvas_menu_button_duplicate", "ly_img_editor_inspector_bar_buton_crop",
                                   "--project", "Samples/BrandedEditor", "--languages", "de-AT,en"], context: context)
        XCTAssertEqual(status, 0)
        XCTAssertTrue(out.contains("BrandedEditor (app): de, then en"), out)
        XCTAssertTrue(out.contains("1. BrandedEditor/Localizable (BrandedEditor/Localizable.xcstrings): has the key, wins, but has no 'de': its 'en' 'Copy' shows"), out)
        XCTAssertTrue(out.contains("3. IMGLYCoreUI/IMGLYEditor (Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings): not reached (has 'de' 'Duplizieren')"), out)
        XCTAssertTrue(out.contains("shows 'Copy' (en, 4 columns)"), out)
        // A mistyped language is refused, not explained as a device that sees English.
        for typo in ["dee", "../x"] {
            let refused = CLIRun(["resolve", "x", "--project", "Samples/BrandedEditor", "--languages", "de-AT,\(typo)"], in: Fixtures.packageRoot)
            XCTAssertEqual(refused.status, 2, refused.stdout)
            XCTAssertTrue(refused.stderr.hasPrefix("error: --languages: "), refused.stderr)
        }

        out = ""
        XCTAssertEqual(L10nTool.run(["resolve", "ly_img_editor_inspector_bar_button_corp", "--project", "Samples/BrandedEditor",
                                     "--languages", "fr-CA", "--format", "json"], context: context), 1)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let key = try XCTUnwrap((document["keys"] as? [[String: Any]])?.first)
        XCTAssertEqual(key["shows"] as? String, "ly_img_editor_inspector_bar_button_corp")
        XCTAssertEqual((key["suggestions"] as? [String])?.first, "ly_img_editor_inspector_bar_button_crop")
        XCTAssertEqual(key["elsewhere"] as? [[String: String]], [])
        XCTAssertEqual(key["fellBackToSource"] as? Bool, false, "no layer has it: the raw key shows, no source text")

        // A catalog is read from one compiled table, as missing-translation has it: a de-AT device
        // reads a catalog without any de-AT value in German (no fallback to the source; the JSON
        // said "locale": "de" beside "fellBackToSource": true), and one with a de-AT table in it,
        // where a key that table lacks shows the source text (resolve said 'de' key by key).
        let regional = try Fixtures.temporaryFolder(self).appendingPathComponent("Regional", isDirectory: true)
        let german = try Fixtures.temporaryFolder(self).appendingPathComponent("German", isDirectory: true)
        try CheckExample.app("", declared: ["en", "de", "de-AT"], localizable: ["k_save": ["en": "Save", "de": "Sichern"],
                                                                                "k_month": ["en": "January", "de": "Januar", "de-AT": "Jänner"],
                                                                                "k_new": ["en": "New"]]).write(to: regional)
        try CheckExample.app("", declared: ["en", "de", "de-AT"], localizable: ["k_save": ["en": "Save", "de": "Sichern"]]).write(to: german)
        func resolved(_ name: String, _ languages: String, in root: URL) throws -> [String: Any] {
            let run = CLIRun(["resolve", name, "--project", root.path, "--languages", languages, "--format", "json"])
            return try XCTUnwrap(((try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])?["keys"] as? [[String: Any]])?.first)
        }
        let fromGerman = try resolved("k_save", "de-AT", in: german)
        XCTAssertEqual(fromGerman["shows"] as? String, "Sichern")
        XCTAssertEqual(fromGerman["locale"] as? String, "de")
        XCTAssertEqual(fromGerman["fellBackToSource"] as? Bool, false)
        let fromSource = try resolved("k_save", "de-AT", in: regional)
        XCTAssertEqual(fromSource["shows"] as? String, "Save")
        XCTAssertEqual(fromSource["locale"] as? String, "en")
        XCTAssertEqual(fromSource["fellBackToSource"] as? Bool, true)
        let check = CLIRun(["check", "--project", regional.path, "--only", "missing-translation", "--locale", "de-AT"])
        XCTAssertTrue(check.stdout.contains("2 keys of App/Localizable have no 'de-AT': de-AT devices see them in 'en' (\"k_new\", \"k_save\")"), check.stdout)
        let english = try resolved("k_new", "de", in: regional)
        XCTAssertEqual(english["locale"] as? String, "en")
        XCTAssertEqual(english["fellBackToSource"] as? Bool, true)

        // A key of a table outside the chain (a framework's, InfoPlist) is found there, not called missing.
        out = ""
        XCTAssertEqual(L10nTool.run(["resolve", "onboarding_welcome_title", "onboarding_photos_body", "--project", "Samples/BrandedEditor",
                                     "--languages", "de-AT"], context: context), 0)
        XCTAssertTrue(out.contains("  no layer of the app's lookup chain has it: a lookup there shows the raw key\n"
                                   + "  OnboardingKit/Localizable (OnboardingKit/en.lproj/Localizable.strings) has it: 'en' 'Welcome to Brand Studio', read by OnboardingKit's own code, whose default table it is\n"), out)
        XCTAssertFalse(out.contains("the device shows the raw key"), out)

        // A legacy table's file for the device without the key: Foundation shows the raw key there.
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample.app("raw", declared: ["en", "ru"], localizable: ["x": ["en": "x", "ru": "x"]], more: [
            "App/en.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"Photos\";\n"),
            "App/ru.lproj/InfoPlist.strings": .text("\"NSCameraUsageDescription\" = \"Камера\";\n"),
        ]).write(to: root)
        out = ""
        XCTAssertEqual(L10nTool.run(["resolve", "CFBundleDisplayName", "--project", root.path, "--languages", "ru", "--format", "json"], context: context), 0)
        let raw = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let elsewhere = try XCTUnwrap(((raw["keys"] as? [[String: Any]])?.first?["elsewhere"] as? [[String: Any]])?.first)
        XCTAssertEqual(elsewhere["table"] as? String, "App/InfoPlist")
        XCTAssertEqual(elsewhere["file"] as? String, "App/ru.lproj/InfoPlist.strings")
        XCTAssertEqual(elsewhere["rawKey"] as? Bool, true)
    }
}
