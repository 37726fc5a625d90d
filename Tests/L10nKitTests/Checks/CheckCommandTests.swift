import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import L10nCommandLine
import L10nFormats
import L10nKit
import XCTest

/// `l10n check` and `l10n checks` as CI and people run them: exit codes, baselines, options.
final class CheckCommandTests: XCTestCase {
    func run(_ arguments: [String], in folder: URL = Fixtures.packageRoot) -> (status: Int32, out: String, err: String) {
        var out = "", err = ""
        let context = CommandContext(currentDirectory: folder, environment: [:], stdout: { out += $0 }, stderr: { err += $0 })
        let status = L10nTool.run(arguments, context: context)
        return (status, out, err)
    }

    func testExitCodes() throws {
        XCTAssertEqual(run(["check", "--project", "Samples/BrandedEditor"]).status, 1, "errors fail")
        XCTAssertEqual(run(["check", "--project", "Samples/BrandedEditor", "--only", "needs-review"]).status, 0, "warnings alone pass")
        XCTAssertEqual(run(["check", "--project", "Samples/BrandedEditor", "--only", "needs-review", "--strict"]).status, 1, "--strict fails on warnings")
        let unknown = run(["check", "--project", "Samples/BrandedEditor", "--only", "widht"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("unknown check 'widht'") && unknown.err.contains("did you mean 'width'"), unknown.err)
        let missing = run(["check", "--project", "Samples/NoSuchProject"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("does not exist"), missing.err)
        XCTAssertEqual(run(["check", "--format", "yaml"]).status, 2)
    }

    func testLocaleFilter() throws {
        let result = run(["check", "--project", "Samples/BrandedEditor", "--locale", "ja", "--format", "json"])
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let locales = Set((document["findings"] as? [[String: Any]] ?? []).compactMap { $0["locale"] as? String })
        XCTAssertEqual(locales, ["ja", "en"], "ja, and findings about the source text, which every locale shows")
        XCTAssertEqual(run(["check", "--project", "Samples/BrandedEditor", "--locale", "ko"]).status, 2, "a locale the app does not offer")
    }

    /// A key with line breaks (a real catalog's multi-line key) stays inside its finding's one
    /// line in text output, written `\n`; JSON keeps the message as it is.
    func testAMultiLineKeyStaysOnTheFindingsLine() throws {
        let root = try Fixtures.temporaryFolder(self)
        let key = "First line.\nSecond line."
        let catalog = StringCatalog(sourceLanguage: "en", entries: [key: CatalogEntry(localizations: ["en": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: key))])])
        try StringCatalogWriter().data(for: catalog).write(to: root.appendingPathComponent("Localizable.xcstrings"))
        try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleLocalizations</key><array><string>en</string><string>de</string></array></dict></plist>"#.utf8)
            .write(to: root.appendingPathComponent("Info.plist"))
        let text = run(["check", "--project", ".", "--only", "missing-translation"], in: root)
        let finding = try XCTUnwrap(text.out.split(separator: "\n").first { $0.contains("[missing-translation]") })
        XCTAssertTrue(finding.contains(#"("First line.\nSecond line.")"#), text.out)
        let json = run(["check", "--project", ".", "--only", "missing-translation", "--format", "json"], in: root)
        XCTAssertTrue(json.out.contains(#"First line.\nSecond line."#), json.out)
    }

    /// A baseline of another version is refused at its "version" value, not at a made-up 1:1.
    func testBaselineOfAnotherVersionIsRefusedAtItsVersion() throws {
        let text = "{\n  \"findings\" : [ ],\n  \"version\" : 2\n}\n"
        XCTAssertThrowsError(try Baseline.read(Data(text.utf8), file: "b.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("b.json:3:15: error: baseline version 2 is not 1"), "\(error)")
        }
        XCTAssertThrowsError(try Baseline.read(Data("{ \"findings\" : [ ] }".utf8), file: "b.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("b.json: error: baseline version (none)"), "\(error)")
        }
    }

    /// A baselined warning that becomes an error is new (a dropped %@ became a %d that crashes);
    /// a baseline without severities (written before) still absorbs it.
    func testAFindingThatGrewWorseIsNotBaselined() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let write = { (value: String) in
            try CheckExample.app("", localizable: ["by": ["en": "By %@", "de": value]]).write(to: folder.appendingPathComponent("P"))
        }
        try write("Von")
        XCTAssertEqual(run(["check", "--project", "P", "--only", "placeholder-mismatch", "--write-baseline", "b.json"], in: folder).status, 0)
        let recorded = try String(contentsOf: folder.appendingPathComponent("b.json"), encoding: .utf8)
        XCTAssertTrue(recorded.contains("\"severity\" : \"warning\""), recorded)
        XCTAssertEqual(run(["check", "--project", "P", "--only", "placeholder-mismatch", "--baseline", "b.json"], in: folder).status, 0)
        try write("Von %lld")
        let worse = run(["check", "--project", "P", "--only", "placeholder-mismatch", "--baseline", "b.json"], in: folder)
        XCTAssertEqual(worse.status, 1, worse.out)
        XCTAssertTrue(worse.out.contains("error:"), worse.out)
        try Data(recorded.replacingOccurrences(of: ",\n      \"severity\" : \"warning\"", with: "").utf8).write(to: folder.appendingPathComponent("old.json"))
        XCTAssertFalse(try String(contentsOf: folder.appendingPathComponent("old.json"), encoding: .utf8).contains("severity"))
        XCTAssertEqual(run(["check", "--project", "P", "--only", "placeholder-mismatch", "--baseline", "old.json"], in: folder).status, 0)
    }

    func testBaselineCountsOnlyNewFindings() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let project = folder.appendingPathComponent("BrandedEditor")
        try FileManager.default.copyItem(at: Fixtures.sample("BrandedEditor"), to: project)
        let written = run(["check", "--project", "BrandedEditor", "--write-baseline", "baseline.json"], in: folder)
        XCTAssertEqual(written.status, 0)
        XCTAssertTrue(written.out.contains("wrote baseline.json: 24 findings recorded"), written.out)
        // With a machine format, standard output stays that format: the findings recorded, the line on standard error.
        let json = run(["check", "--project", "BrandedEditor", "--write-baseline", "baseline2.json", "--format", "json"], in: folder)
        XCTAssertEqual(json.status, 0)
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(json.out.utf8)), json.out)
        XCTAssertTrue(json.err.contains("wrote baseline2.json: 24 findings recorded"), json.err)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("baseline2.json")), try Data(contentsOf: folder.appendingPathComponent("baseline.json")))
        let clean = run(["check", "--project", "BrandedEditor", "--baseline", "baseline.json"], in: folder)
        XCTAssertEqual(clean.status, 0, clean.out)
        XCTAssertTrue(clean.out.contains("24 more in the baseline, not counted"), clean.out)

        // A new shadowed label is a new finding; the old ones stay absorbed, whatever their lines.
        let catalogURL = project.appendingPathComponent("BrandedEditor/Localizable.xcstrings")
        var catalog = try StringCatalogReader.read(contentsOf: catalogURL)
        catalog.entries["ly_img_editor_dock_button_crop"] = CatalogEntry(localizations: ["en": CatalogLocalization(stringUnit: StringUnit(state: "translated", value: "Cut"))])
        try StringCatalogWriter().data(for: catalog).write(to: catalogURL)
        try Data(#"{ "baseline": "../baseline.json" }"#.utf8).write(to: project.appendingPathComponent("l10n.json"))
        let after = run(["check", "--project", "BrandedEditor"], in: folder)
        XCTAssertEqual(after.status, 1)
        let errors = after.out.components(separatedBy: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(errors.count, 2, after.out)
        XCTAssertTrue(errors.allSatisfy { $0.contains("ly_img_editor_dock_button_crop") || $0.contains("'Cut'") }, after.out)
    }

    func testChecksListsEveryCheckAndItsExamples() {
        let list = run(["checks"])
        XCTAssertEqual(list.status, 0)
        for id in BuiltInChecks.ids { XCTAssertTrue(list.out.contains(id), id) }
        XCTAssertTrue(list.out.components(separatedBy: "\n").contains { $0.hasPrefix("placeholder-mismatch ") && $0.contains(" by kind") }, list.out)
        let one = run(["checks", "shadowed-locale"])
        XCTAssertTrue(one.out.contains("Triggers:") && one.out.contains("\"ly_img_editor_canvas_menu_button_duplicate\" [en] = \"Copy\""), one.out)
        let typo = run(["checks", "shadowed-locales"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.err.contains("did you mean 'shadowed-locale'"), typo.err)
    }

    func testJUnitIsWellFormedXML() throws {
        let junit = run(["check", "--project", "Samples/BrandedEditor", "--format", "junit"]).out
        let parser = XMLParser(data: Data(junit.utf8))
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }
}
