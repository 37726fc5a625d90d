import Foundation
import XCTest

/// `l10n export` and `l10n import` through the command line: output, files and exit codes.
final class ExchangeCommandTests: XCTestCase {
    func testExportWritesOneFilePerLocaleAndSaysSo() throws {
        let out = try Fixtures.temporaryFolder(self)
        let run = CLIRun(["export", "--xliff", "--project", "Samples/BrandedEditor", "--out", out.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, """
            wrote \(out.path)/de.xliff: 17 units, 58 source words, in 3 files (scope missing)
            wrote \(out.path)/fr.xliff: 93 units, 174 source words, in 4 files (scope missing)
            wrote \(out.path)/ja.xliff: 121 units, 209 source words, in 4 files (scope missing)

            """)
        XCTAssertEqual(run.stderr, "")
        let french = try Data(contentsOf: out.appendingPathComponent("fr.xliff"))
        LegacyGolden.assertMatches(french, "exchange/BrandedEditor.fr.missing.xliff")
    }

    func testExportScopesFormatsAndUsageErrors() throws {
        let out = try Fixtures.temporaryFolder(self)
        let overrides = CLIRun(["export", "--project", "Samples/BrandedEditor", "--locale", "de", "--scope", "overrides", "--xcloc", "--out", out.path])
        XCTAssertEqual(overrides.status, 0, overrides.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("de.xcloc/Localized Contents/de.xliff").path))
        let golden = try Data(contentsOf: Fixtures.golden("exchange/BrandedEditor.de.overrides.xliff"))
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("de.xcloc/Localized Contents/de.xliff")), golden)

        let badScope = CLIRun(["export", "--project", "Samples/BrandedEditor", "--scope", "everything"])
        XCTAssertEqual(badScope.status, 2)
        XCTAssertTrue(badScope.stderr.contains("unknown scope 'everything'"), badScope.stderr)
        let source = CLIRun(["export", "--project", "Samples/BrandedEditor", "--locale", "en", "--out", out.path])
        XCTAssertEqual(source.status, 2)
        XCTAssertTrue(source.stderr.contains("'en' is the source language"), source.stderr)
        let undeclared = CLIRun(["export", "--project", "Samples/BrandedEditor", "--locale", "ru", "--out", out.path])
        XCTAssertEqual(undeclared.status, 0)
        XCTAssertTrue(undeclared.stderr.hasPrefix("warning: the app does not declare 'ru'"), undeclared.stderr)
    }

    func testImportDryRunReportsAndWritesNothing() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let before = try ExchangeFixtures.snapshot(root)
        let run = CLIRun(["import", "handoff/fr.xliff", "--project", ".", "--dry-run"], in: root)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, try String(contentsOf: Fixtures.golden("exchange/handoff.fr.import.txt"), encoding: .utf8))
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    func testImportWritesAndExitsByOutcome() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let first = CLIRun(["import", "handoff/fr.xliff", "--project", ".", "--format", "json"], in: root)
        XCTAssertEqual(first.status, 1)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["dryRun"] as? Bool, false)
        XCTAssertEqual((json["totals"] as? [String: Any])?["applied"] as? Int, 19)
        XCTAssertEqual((json["files"] as? [[String: Any]])?.map { $0["path"] as? String }, ["BrandedEditor/IMGLYEditor.xcstrings", "BrandedEditor/Localizable.xcstrings"])

        // A file whose units are all fine exits 0.
        let clean = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="BrandedEditor/Localizable.xcstrings" source-language="en" target-language="ja" datatype="plaintext">
            <body>
              <trans-unit id="ly_img_editor_navigation_bar_button_undo"><source>Revert</source><target state="final">元に戻す</target></trans-unit>
              <trans-unit id="Brand Studio" translate="no"><source>Brand Studio</source></trans-unit>
            </body>
          </file>
        </xliff>
        """
        try Data(clean.utf8).write(to: root.appendingPathComponent("ja.xliff"))
        let ok = CLIRun(["import", "ja.xliff"], in: root)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertTrue(ok.stdout.contains("ja.xliff:5:7: applied: BrandedEditor/Localizable.xcstrings \"ly_img_editor_navigation_bar_button_undo\" [ja]: (none) → \"元に戻す\" (translated)"), ok.stdout)
        XCTAssertTrue(ok.stdout.hasSuffix("2 units: 1 applied, 0 unchanged, 1 skipped (1 do-not-translate), 0 refused\nwrote BrandedEditor/Localizable.xcstrings: 1 value\n"), ok.stdout)
        let again = CLIRun(["import", "ja.xliff"], in: root)
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stdout.hasSuffix("2 units: 0 applied, 1 unchanged, 1 skipped (1 do-not-translate), 0 refused\nnothing to write\n"), again.stdout)
    }

    /// A file-level problem in any input exits 2 and writes nothing, not even the good inputs.
    func testUnusableFilesExit2AndWriteNothing() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let noTarget = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="BrandedEditor/Localizable.xcstrings" source-language="en" datatype="plaintext">
            <body>
              <trans-unit id="ly_img_editor_navigation_bar_button_undo"><source>Revert</source><target>Annuler</target></trans-unit>
            </body>
          </file>
        </xliff>
        """
        try Data(noTarget.utf8).write(to: root.appendingPathComponent("no-target.xliff"))
        let outside = noTarget.replacingOccurrences(of: "original=\"BrandedEditor/Localizable.xcstrings\" source-language=\"en\"",
                                                    with: "original=\"../Other/Localizable.xcstrings\" source-language=\"en\" target-language=\"fr\"")
        try Data(outside.utf8).write(to: root.appendingPathComponent("outside.xliff"))
        try Data("<xliff".utf8).write(to: root.appendingPathComponent("broken.xliff"))
        let before = try ExchangeFixtures.snapshot(root)

        let missing = CLIRun(["import", "handoff/fr.xliff", "no-target.xliff"], in: root)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertTrue(missing.stderr.hasPrefix("no-target.xliff:3:3: error: <file original=\"BrandedEditor/Localizable.xcstrings\"> has no target-language"), missing.stderr)
        XCTAssertTrue(missing.stderr.hasSuffix("note: nothing was written\n"))

        // A file outside the project is no file error: its units are refused (exit 1), nothing
        // is written for them, and the other inputs would be imported.
        let escape = CLIRun(["import", "outside.xliff"], in: root)
        XCTAssertEqual(escape.status, 1)
        XCTAssertTrue(escape.stdout.hasPrefix("outside.xliff:5:7: error: refused (read-only-file): ../Other/Localizable.xcstrings \"ly_img_editor_navigation_bar_button_undo\" [fr]: original \"../Other/Localizable.xcstrings\" lies outside the project folder"), escape.stdout)
        XCTAssertTrue(escape.stdout.contains("1 refused (1 read-only-file)"), escape.stdout)

        let broken = CLIRun(["import", "broken.xliff", "--dry-run"], in: root)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.hasPrefix("broken.xliff:1:"), broken.stderr)

        let format = CLIRun(["import", "handoff/fr.xliff", "--format", "yaml"], in: root)
        XCTAssertEqual(format.status, 2)
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }
}
