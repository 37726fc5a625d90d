import XCTest
@testable import L10nCommandLine

/// A missing or unreadable input is named as the user typed it, in the tool's own words: never
/// Foundation's ("The file “x” couldn’t be opened…") and never a made-up `1:1` position.
final class MissingFileMessageTests: XCTestCase {
    private var sample: String { Fixtures.packageRoot.appendingPathComponent("Samples/BrandedEditor").path }

    private func assertOwnWording(_ run: CLIRun, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 2, run.stderr, file: file, line: line)
        for foreign in [":1:1:", "couldn’t", "could not be completed", "The file", "doesn’t exist", "NSCocoaErrorDomain"] {
            XCTAssertFalse(run.stderr.contains(foreign), "\(foreign) in \(run.stderr)", file: file, line: line)
        }
    }

    func testEveryCommandSaysNoSuchFileWithThePathAsGiven() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let cases: [([String], String)] = [
            (["format", "Missing.xcstrings"], "Missing.xcstrings"),
            (["format", "--check", "Missing.strings"], "Missing.strings"),
            (["run", "missing.json"], "missing.json"),
            (["import", "nosuch.xliff", "--project", sample], "nosuch.xliff"),
            (["import", "nosuch.xcloc", "--project", sample], "nosuch.xcloc"),
            (["report", "--project", sample, "--compare", "old/report.json"], "old/report.json"),
        ]
        for (arguments, path) in cases {
            let run = CLIRun(arguments, in: folder)
            assertOwnWording(run)
            XCTAssertTrue(run.stderr.hasPrefix("error: no such file: \(path)\n"), "\(arguments): \(run.stderr)")
        }
    }

    func testUnreadableAndMisshapenInputsHaveNoMadeUpPosition() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Folder.xliff"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("empty.xliff"))
        try Data("x".utf8).write(to: folder.appendingPathComponent("file.xcloc"))
        for name in ["Folder.xliff", "empty.xliff", "file.xcloc"] {
            let run = CLIRun(["import", name, "--project", sample], in: folder)
            assertOwnWording(run)
            XCTAssertTrue(run.stderr.hasPrefix("\(name): error: "), "\(name): \(run.stderr)")
        }
    }

    func testAnOutputFolderThatCannotBeCreatedIsNamedInPlainWords() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try Data("x".utf8).write(to: folder.appendingPathComponent("file"))
        for arguments in [["report", "--project", sample, "--format", "md", "--out", "file/out"],
                          ["export", "--project", sample, "--locale", "de", "--scope", "all", "--out", "file/out"]] {
            let run = CLIRun(arguments, in: folder)
            assertOwnWording(run)
            XCTAssertFalse(run.stderr.contains("Domain="), run.stderr)
            XCTAssertTrue(run.stderr.contains("cannot create the"), run.stderr)
            XCTAssertTrue(run.stderr.contains("Not a directory") || run.stderr.contains("File exists"), run.stderr)
        }
    }

    func testAPipelineStageNamesAnOutputFolderInPlainWords() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try Data("x".utf8).write(to: folder.appendingPathComponent("file"))
        for stage in [#"{"stage":"export","scope":"all","locales":["de"],"out":"file/out"}"#, #"{"stage":"report","formats":["md"],"out":"file/out"}"#] {
            try Data(#"{"project":"\#(sample)","stages":[\#(stage)]}"#.utf8).write(to: folder.appendingPathComponent("p.json"))
            let run = CLIRun(["run", "p.json"], in: folder)
            XCTAssertEqual(run.status, 2, run.stdout)
            for foreign in ["couldn’t", "could not be completed", "The file", "Domain="] {
                XCTAssertFalse(run.stdout.contains(foreign), "\(foreign) in \(run.stdout)")
            }
            XCTAssertTrue(run.stdout.contains("error: cannot create the folder (Not a directory"), run.stdout)
        }
    }
}
