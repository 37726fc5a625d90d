import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// Issue 12 item 13: messages that named the wrong cause, and inputs accepted silently.
final class InputMessageTests: XCTestCase {
    /// A broken `.stringsdict` is named from the working folder, as a broken catalog or `.strings`
    /// file is (it was named relative to the project); the model's paths stay project-relative.
    func testABrokenStringsdictIsNamedLikeTheOtherFiles() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let root = folder.appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "en.lproj/Localizable.strings": .text("\"a\" = \"A\";\n"),
            "en.lproj/Localizable.stringsdict": .text("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>x</key>\n"),
        ]).write(to: root)
        let run = CLIRun(["check", "--project", "P"], in: folder)
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.hasPrefix("P/en.lproj/Localizable.stringsdict:"), run.stderr)
        try CheckExample("", files: ["en.lproj/Localizable.stringsdict": .plurals(key: "%d files", variable: "files", valueType: "d",
                                                                                    forms: ["one": "%d file", "other": "%d files"])]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.stringsTables.first?.pluralFiles["en"]?.path, "en.lproj/Localizable.stringsdict")
    }

    func testFIFOIsNamedAsSuch() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let fifo = folder.appendingPathComponent("in.xliff")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        XCTAssertThrowsError(try AtomicFile.read(fifo)) { error in
            XCTAssertTrue("\(error)".contains("FIFO"), "\(error)")
            XCTAssertFalse("\(error)".contains("permission"), "\(error)")
        }
        XCTAssertThrowsError(try XLIFFReader().read(contentsOf: fifo)) { error in
            XCTAssertTrue("\(error)".contains("FIFO"), "\(error)")
        }
        let strings = folder.appendingPathComponent("x.strings")
        XCTAssertEqual(mkfifo(strings.path, 0o644), 0)
        let format = CLIRun(["format", strings.path], in: folder)
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.contains("FIFO"), format.stderr)
    }

    /// Item 10: both readers refuse a lone surrogate escape at its position (the catalog reader
    /// did already; the `.strings` reader turned it into U+FFFD, see `StringsFileTests`).
    func testLoneSurrogatesAreRefusedByBothReaders() throws {
        XCTAssertThrowsError(try StringCatalogReader.read(Data(#"{"sourceLanguage":"en","strings":{"a\ud800":{}}}"#.utf8), file: "L.xcstrings")) { error in
            XCTAssertTrue("\(error)".contains("lone surrogate"), "\(error)")
            XCTAssertEqual((error as? LocatedError)?.location, SourceLocation(file: "L.xcstrings", line: 1, column: 37))
        }
        let folder = try Fixtures.temporaryFolder(self)
        let strings = try ReliabilityFixtures.write(#""a" = "x\Ud800";"# + "\n", "x.strings", in: folder)
        let before = try Data(contentsOf: strings)
        let run = CLIRun(["format", strings.path], in: folder)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("x.strings:1:9: error: lone surrogate \\UD800"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: strings), before)
    }

    func testUnknownCatalogVersionIsAWarning() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        try Data(#"{"sourceLanguage":"en","strings":{"a":{}},"version":"99.0"}"#.utf8).write(to: catalog)
        let run = CLIRun(["format", "--check", catalog.path], in: folder)
        XCTAssertTrue(run.stderr.contains("warning: String Catalog version \"99.0\""), run.stderr)
        try Data(#"{"sourceLanguage":"en","strings":{"a":{}},"version":"1.0"}"#.utf8).write(to: catalog)
        XCTAssertFalse(CLIRun(["format", "--check", catalog.path], in: folder).stderr.contains("warning"))

        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
        try Data(#"{"sourceLanguage":"en","strings":{"a":{}},"version":"2.0","zzz":{"version":"1.0"}}"#.utf8)
            .write(to: folder.appendingPathComponent("App/Localizable.xcstrings"))
        let project = try ProjectDiscovery(root: folder.appendingPathComponent("App")).discover()
        XCTAssertEqual(project.warnings.count, 1, "\(project.warnings)")
        XCTAssertTrue(project.warnings.first?.contains("\"2.0\"") ?? false)
        let canonical = StringCatalogWriter().data(for: project.catalogs[0].catalog)
        XCTAssertEqual(StringCatalogVersion.declared(inCanonical: canonical), "2.0")
    }

    func testUnreadableFolderIsAWarning() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let locked = folder.appendingPathComponent("App/Locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try Data(#"{"sourceLanguage":"en","strings":{"a":{}},"version":"1.0"}"#.utf8).write(to: folder.appendingPathComponent("App/Localizable.xcstrings"))
        try Data("{}".utf8).write(to: locked.appendingPathComponent("a.txt"))
        chmod(locked.path, 0)
        defer { chmod(locked.path, 0o755) }
        guard getuid() == 0 else {
            let project = try ProjectDiscovery(root: folder).discover()
            XCTAssertTrue(project.warnings.contains { $0.hasPrefix("App/Locked: warning: cannot read") }, "\(project.warnings)")
            return
        }
        // Root reads every folder: run the binary as nobody.
        try ReliabilityFixtures.requireBinary()
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv to drop root")
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        chmod(out.path, 0o777)
        let run = try ReliabilityFixtures.start(["--reuid=65534", "--regid=65534", "--clear-groups", ReliabilityFixtures.binary.path,
                                                 "export", "--project", folder.path, "--locale", "de", "--out", out.path],
                                                in: folder, log: "export", executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        run.waitUntilExit()
        let output = ReliabilityFixtures.output("export", in: folder)
        XCTAssertEqual(run.terminationStatus, 0, output)
        XCTAssertTrue(output.contains("App/Locked: warning: cannot read this folder, so its files were not searched"), output)
    }
}
