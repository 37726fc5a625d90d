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

/// `--format json` on every command that prints a result, and the JSON error object on exit 2.
final class JSONOutputTests: XCTestCase {
    private var sample: String { Fixtures.packageRoot.appendingPathComponent("Samples/BrandedEditor").path }

    private func json(_ run: CLIRun, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
        do {
            return try JSONReader.parse(Data(run.stdout.utf8), file: "stdout")
        } catch {
            XCTFail("not JSON: \(run.stdout)\n\(run.stderr)\n\(error)", file: file, line: line)
            throw error
        }
    }

    private func catalogFolder() throws -> URL {
        let root = try Fixtures.temporaryFolder(self)
        try Data(#"{"version":"1.0","strings":{"b":{},"a":{"comment":"x"}},"sourceLanguage":"en"}"#.utf8)
            .write(to: root.appendingPathComponent("Localizable.xcstrings"))
        return root
    }

    func testRunPrintsTheStagesAsJSON() throws {
        let root = try catalogFolder()
        try Data(#"{"project":".","stages":[{"stage":"format","check":true}]}"#.utf8).write(to: root.appendingPathComponent("p.json"))
        let run = CLIRun(["run", "p.json", "--format", "json"], in: root)
        XCTAssertEqual(run.status, 1, run.stderr)
        let value = try json(run)
        XCTAssertEqual(value["status"]?.stringValue, "findings")
        guard case .array(let stages)? = value["stages"] else { return XCTFail(run.stdout) }
        XCTAssertEqual(stages.first?["stage"]?.stringValue, "format")
        XCTAssertEqual(stages.first?["status"]?.stringValue, "findings")
        XCTAssertTrue(stages.first?["output"]?.stringValue?.contains("Localizable.xcstrings") == true, run.stdout)
    }

    func testFormatCheckPrintsEveryFileAsJSON() throws {
        let root = try catalogFolder()
        let run = CLIRun(["format", "--check", "--format", "json", "Localizable.xcstrings"], in: root)
        XCTAssertEqual(run.status, 1, run.stderr)
        guard case .array(let files)? = try json(run)["files"] else { return XCTFail(run.stdout) }
        XCTAssertEqual(files.count, 1)
        XCTAssertEqual(files[0]["file"]?.stringValue, "Localizable.xcstrings")
        XCTAssertEqual(files[0]["canonical"]?.boolValue, false)
    }

    func testExportPrintsTheFilesWrittenAsJSON() throws {
        let out = try Fixtures.temporaryFolder(self)
        let run = CLIRun(["export", "--project", sample, "--locale", "de", "--scope", "all", "--out", out.path, "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        guard case .array(let locales)? = try json(run)["locales"] else { return XCTFail(run.stdout) }
        XCTAssertEqual(locales.first?["locale"]?.stringValue, "de")
        XCTAssertTrue(locales.first?["file"]?.stringValue?.hasSuffix("de.xliff") == true, run.stdout)
        XCTAssertNotNil(locales.first?["units"])
        let project = try ProjectDiscovery(root: URL(fileURLWithPath: sample)).discover()
        let words = XLIFFExporter(project: project).export(locale: "de", scope: .all).sourceWords()
        XCTAssertGreaterThan(words, 36)
        XCTAssertEqual(locales.first?["words"]?.numberText, String(words), "the same count as the text output and the library")
    }

    func testFormatJSONAndTheJSONFlagAgree() throws {
        for (command, rest) in [("match", ["--preferred", "de-AT", "--available", "de,en"]), ("plurals", ["ru", "en"]), ("width", ["日本", "ab"])] {
            let flag = CLIRun([command] + rest + ["--json"])
            let option = CLIRun([command] + rest + ["--format", "json"])
            XCTAssertEqual(flag.status, 0, flag.stderr)
            XCTAssertEqual(option.stdout, flag.stdout, command)
            _ = try json(option)
            XCTAssertNotEqual(CLIRun([command] + rest + ["--format", "text"]).stdout, flag.stdout, command)
        }
    }

    func testExit2PrintsTheErrorAsJSONOnStandardOutput() throws {
        let root = try Fixtures.temporaryFolder(self)
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n".utf8).write(to: root.appendingPathComponent("Cut.xcstrings"))
        let cases: [([String], String, Int?)] = [
            (["format", "--check", "--format", "json", "Missing.xcstrings"], "no such file: Missing.xcstrings", nil),
            (["format", "--check", "--format=json", "Cut.xcstrings"], "unexpected end of file", 4),
            (["run", "missing.json", "--format", "json"], "no such file: missing.json", nil),
            (["export", "--project", "nosuch", "--format", "json"], "does not exist", nil),
            (["import", "nosuch.xliff", "--project", sample, "--format", "json"], "no such file: nosuch.xliff", nil),
            (["check", "--project", "nosuch", "--format", "json"], "does not exist", nil),
            (["match", "--json", "--limit", "0", "--preferred", "de"], "--limit needs a whole number", nil),
            (["plurals", "--format", "json", "--rules", "de"], "cannot be combined", nil),
        ]
        for (arguments, message, line) in cases {
            let run = CLIRun(arguments, in: root)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            guard let value = try? json(run), let error = value["error"] else { XCTFail("\(arguments): \(run.stdout)"); continue }
            XCTAssertTrue(error["message"]?.stringValue?.contains(message) == true, "\(arguments): \(run.stdout)")
            if let line {
                XCTAssertEqual(error["file"]?.stringValue, "Cut.xcstrings", run.stdout)
                XCTAssertEqual(error["line"], .number(String(line)), run.stdout)
                XCTAssertNotNil(error["column"], run.stdout)
            }
            guard case .array(let all)? = value["errors"] else { XCTFail("\(arguments): no errors array: \(run.stdout)"); continue }
            XCTAssertEqual(all.first, error)
            XCTAssertFalse(run.stderr.isEmpty, "the error is still printed for people")
        }
    }

    /// A single-value option given twice takes its last value, as swift-argument-parser's rule
    /// is, everywhere: the error path read the first `--format` while the command read the last,
    /// so `check --format json --format text` printed text and then a JSON error object.
    /// `report`'s `--format` takes several and prints the first: its error follows that one.
    func testARepeatedFormatIsReadAsTheCommandReadsIt() throws {
        let text = CLIRun(["check", "--project", "nosuch", "--format", "json", "--format", "text"])
        XCTAssertEqual(text.status, 2)
        XCTAssertEqual(text.stdout, "", "the last --format is text: no JSON")
        let json = CLIRun(["--quiet", "check", "--project", "nosuch", "--format=text", "--format", "json"])
        XCTAssertEqual(json.status, 2)
        XCTAssertTrue(try self.json(json)["error"]?["message"]?.stringValue?.contains("does not exist") == true, json.stdout)
        let output = CLIRun(["check", "--project", sample, "--only", "key-missing", "--format", "text", "--format", "json"])
        XCTAssertNotNil(try self.json(output)["findings"], "the command reads the last --format too")
        let report = CLIRun(["report", "--project", "nosuch", "--format", "json", "--format", "text"])
        XCTAssertEqual(report.status, 2)
        XCTAssertNotNil(try self.json(report)["error"], "report prints its first format: JSON")
        XCTAssertEqual(CLIRun(["report", "--project", "nosuch", "--format", "text,json"]).stdout, "")
    }

    func testTextModeErrorsLeaveStandardOutputEmpty() {
        let run = CLIRun(["format", "--check", "Missing.xcstrings"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
    }
}
