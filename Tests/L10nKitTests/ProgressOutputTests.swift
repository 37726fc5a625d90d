import XCTest
@testable import L10nCommandLine

/// The progress line (only when standard error is a terminal) and the global `--quiet` and `--verbose`.
final class ProgressOutputTests: XCTestCase {
    private let erase = "\r\u{1B}[K"
    private let canonical = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}"
    private var sample: String { Fixtures.packageRoot.appendingPathComponent("Samples/BrandedEditor").path }

    private func catalogs() throws -> URL {
        let folder = try Fixtures.temporaryFolder(self)
        try Data(canonical.utf8).write(to: folder.appendingPathComponent("A.xcstrings"))
        try Data((canonical + "\n").utf8).write(to: folder.appendingPathComponent("B.xcstrings"))
        try Data(#"{"project":".","stages":[{"stage":"discover"},{"stage":"format","check":true}]}"#.utf8).write(to: folder.appendingPathComponent("p.json"))
        return folder
    }

    func testProgressIsDrawnOnATerminalAndErasedBeforeOtherOutput() throws {
        let folder = try catalogs()
        let plain = CLIRun(["format", "--check", "A.xcstrings", "B.xcstrings"], in: folder)
        let terminal = CLIRun(["format", "--check", "A.xcstrings", "B.xcstrings"], in: folder, errorIsTerminal: true)
        XCTAssertEqual(terminal.status, 1)
        XCTAssertEqual(terminal.stdout, plain.stdout)
        XCTAssertEqual(terminal.stderr, "\(erase)[1/2] format A.xcstrings\(erase)[2/2] format B.xcstrings\(erase)")

        let run = CLIRun(["run", "p.json"], in: folder, errorIsTerminal: true)
        XCTAssertTrue(run.stderr.contains("\(erase)[1/2] run stage discover"), run.stderr)
        XCTAssertTrue(run.stderr.contains("\(erase)[2/2] run stage format"), run.stderr)
        XCTAssertEqual(run.stdout, CLIRun(["run", "p.json"], in: folder).stdout)

        let out = try Fixtures.temporaryFolder(self)
        let export = CLIRun(["export", "--project", sample, "--locale", "de,fr", "--scope", "all", "--out", out.path], errorIsTerminal: true)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(export.stderr.contains("\(erase)[1/2] export de") && export.stderr.contains("\(erase)[2/2] export fr"), export.stderr)

        let imports = CLIRun(["import", "one.xliff", "two.xliff", "--project", sample], in: folder, errorIsTerminal: true)
        XCTAssertEqual(imports.status, 2)
        // The files are read side by side first (step 0), then each is reported in order.
        XCTAssertTrue(imports.stderr.hasPrefix("\(erase)[0/2] reading 2 translator files\(erase)[1/2] import one.xliff\(erase)[2/2] import two.xliff"
                                               + "\(erase)error: no such file: one.xliff\n"), imports.stderr)
    }

    func testWithoutATerminalNothingChanges() throws {
        let folder = try catalogs()
        let out = try Fixtures.temporaryFolder(self)
        for arguments in [["format", "--check", "A.xcstrings", "B.xcstrings"], ["run", "p.json"],
                          ["export", "--project", sample, "--locale", "de,fr", "--out", out.path],
                          ["import", "one.xliff", "two.xliff", "--project", sample]] {
            let run = CLIRun(arguments, in: folder)
            XCTAssertFalse(run.stderr.contains("\r") || run.stderr.contains("\u{1B}") || run.stderr.contains("[1/2]"), "\(arguments): \(run.stderr)")
        }
        XCTAssertEqual(CLIRun(["format", "--check", "A.xcstrings", "B.xcstrings"], in: folder).stderr, "")
    }

    func testQuietKeepsOnlyErrors() throws {
        let out = try Fixtures.temporaryFolder(self)
        let loud = CLIRun(["export", "--project", sample, "--locale", "fy", "--out", out.path])
        XCTAssertTrue(loud.stderr.contains("warning: the app does not declare 'fy'"), loud.stderr)
        let quiet = CLIRun(["--quiet", "export", "--project", sample, "--locale", "fy", "--out", out.path], errorIsTerminal: true)
        XCTAssertEqual(quiet.status, loud.status)
        XCTAssertEqual(quiet.stderr, "")
        XCTAssertEqual(quiet.stdout, loud.stdout)
        let error = CLIRun(["format", "Missing.xcstrings", "--quiet"], in: out)
        XCTAssertEqual(error.status, 2)
        XCTAssertTrue(error.stderr.hasPrefix("error: no such file: Missing.xcstrings"), error.stderr)
        // The note after an import's errors is a note: --quiet drops it, the errors stay.
        let loudImport = CLIRun(["import", "Missing.xliff", "--project", sample])
        XCTAssertTrue(loudImport.stderr.hasSuffix("note: nothing was written\n"), loudImport.stderr)
        let quietImport = CLIRun(["import", "Missing.xliff", "--project", sample, "--quiet"])
        XCTAssertEqual(quietImport.status, 2)
        XCTAssertTrue(quietImport.stderr.hasPrefix("error: no such file: Missing.xliff"), quietImport.stderr)
        XCTAssertFalse(quietImport.stderr.contains("note:"), quietImport.stderr)
    }

    func testVerboseAddsALinePerFile() throws {
        let folder = try catalogs()
        for arguments in [["--verbose", "format", "--check", "A.xcstrings", "B.xcstrings"], ["format", "--check", "A.xcstrings", "B.xcstrings", "--verbose"]] {
            let run = CLIRun(arguments, in: folder)
            XCTAssertEqual(run.status, 1)
            XCTAssertEqual(run.stderr, "A.xcstrings: canonical\nB.xcstrings: not in canonical form\n")
        }
        let both = CLIRun(["--quiet", "--verbose", "version"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("--quiet and --verbose exclude each other"), both.stderr)
    }

    /// `--verbose` makes check, report, resolve and match say what discovery read, a line per
    /// file (it changed nothing for them); without it those lines are not printed.
    func testVerboseSaysWhatDiscoveryRead() {
        for arguments in [["check"], ["report"], ["resolve", "x", "--languages", "de"], ["match", "--preferred", "de"]] {
            let verbose = CLIRun(["--verbose"] + arguments + ["--project", sample])
            XCTAssertTrue(verbose.stderr.contains("BrandedEditor/Localizable.xcstrings: 13 keys, de en fr ja (bundle BrandedEditor)"), "\(arguments): \(verbose.stderr)")
            let plain = CLIRun(arguments + ["--project", sample])
            XCTAssertFalse(plain.stderr.contains("13 keys"), "\(arguments): \(plain.stderr)")
            XCTAssertEqual(plain.stdout, verbose.stdout, "\(arguments)")
        }
    }

    /// The import's line per translator file names its units; without `--verbose` it is not made.
    func testVerboseImportCountsTheUnitsOfEachFile() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let verbose = CLIRun(["--verbose", "import", "handoff/fr.xliff", "--dry-run"], in: root)
        XCTAssertEqual(verbose.status, 1, verbose.stderr)
        XCTAssertTrue(verbose.stderr.hasPrefix("read handoff/fr.xliff: 23 units\n"), verbose.stderr)
        let plain = CLIRun(["import", "handoff/fr.xliff", "--dry-run"], in: root)
        XCTAssertFalse(plain.stderr.contains("read handoff/fr.xliff"), plain.stderr)
        XCTAssertEqual(plain.stdout, verbose.stdout)
    }

    func testGlobalOptionsAreInEveryHelp() {
        XCTAssertTrue(CLIRun(["--help"]).stdout.contains("GLOBAL OPTIONS:\n  --quiet"))
        for command in L10nTool.commands {
            let help = L10nTool.help(for: command)
            XCTAssertTrue(help.contains("--quiet") && help.contains("--verbose"), command.configuration.name)
        }
    }
}
