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

/// Issue 12 items 1, 2, 3 and 8: nothing is written outside the project (or `--out`), and
/// locale ids are validated before they become folder names, file names or catalog keys.
final class PathSafetyTests: XCTestCase {
    func testHostileTargetLanguagesAreRefusedAndNothingIsWritten() throws {
        let root = try ReliabilityFixtures.project(self)
        let outside = root.deletingLastPathComponent()
        let before = try ReliabilityFixtures.snapshot(outside)
        for target in ["../../PWNED", "../OnboardingKit/ru", "de/x", "/tmp/l10n-pwned", "de&quot;", "de&#9;x", "zz",
                       String(repeating: "x", count: 100_000)] {
            let xliff = ReliabilityFixtures.xliff(target: target, [("App/en.lproj/Legacy.strings", [("s0", "S0", "pwned")]),
                                                                   ("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<1, "pwned"))])
            let input = try ReliabilityFixtures.write(xliff, "in.xliff", in: outside)
            let run = CLIRun(["import", input.path, "--project", root.path], in: outside)
            XCTAssertEqual(run.status, 2, "\(target.prefix(30)): \(run.stdout)")
            XCTAssertTrue(run.stderr.contains("in.xliff:3:3: error: target-language: '"), "\(target.prefix(30)): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("is not a valid locale id"), run.stderr)
            XCTAssertLessThan(run.stderr.utf8.count, 1000)
            try FileManager.default.removeItem(at: input)
            XCTAssertEqual(try ReliabilityFixtures.snapshot(outside), before, "\(target.prefix(30))")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/l10n-pwned.lproj"))
    }

    /// `Base` and `mul` are valid ids (a folder, a catalog's folder) but no translation's language:
    /// imported, they made a "Base" locale in a catalog and a Base.lproj strings file.
    func testBaseAndMulAreNoTargetLanguage() throws {
        let root = try ReliabilityFixtures.project(self)
        let before = try ReliabilityFixtures.snapshot(root)
        for target in ["Base", "mul", "base"] {
            let xliff = ReliabilityFixtures.xliff(target: target, [("App/en.lproj/Legacy.strings", [("s0", "S0", "x")]),
                                                                   ("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<1, "x"))])
            let input = try ReliabilityFixtures.write(xliff, "in.xliff", in: root.deletingLastPathComponent())
            let run = CLIRun(["import", input.path, "--project", root.path], in: root.deletingLastPathComponent())
            XCTAssertEqual(run.status, 2, "\(target): \(run.stdout)")
            XCTAssertTrue(run.stderr.contains("in.xliff:3:3: error: target-language: '\(target)' names no language a device runs in"), run.stderr)
        }
        XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)
    }

    /// An empty `original` was reported as lying outside the project.
    func testAnEmptyOriginalNamesNoFile() throws {
        let root = try ReliabilityFixtures.project(self)
        let input = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("", [("s0", "S0", "x")])]), "in.xliff", in: root.deletingLastPathComponent())
        let run = CLIRun(["import", input.path, "--project", root.path], in: root.deletingLastPathComponent())
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("in.xliff:3:3: error: <file> has an empty original: it names no file of the project"), run.stderr)
        XCTAssertFalse(run.stderr.contains("outside"), run.stderr)
    }

    func testTargetLanguageIsCanonicalized() throws {
        let root = try ReliabilityFixtures.project(self)
        let input = try ReliabilityFixtures.write(ReliabilityFixtures.xliff(target: "PT_br", [("App/en.lproj/Legacy.strings", [("s0", "S0", "olá")]),
                                                                                            ("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<1, "v"))]),
                                                  "in.xliff", in: root)
        let run = CLIRun(["import", input.path, "--project", root.path], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("App/pt-BR.lproj/Legacy.strings").path))
        XCTAssertEqual(try ReliabilityFixtures.values(root.appendingPathComponent("App/Localizable.xcstrings"), locale: "pt-BR"), ["k0": "v0"])
    }

    func testSymlinkedLprojLeadingOutsideIsRefused() throws {
        let root = try ReliabilityFixtures.project(self)
        let outside = root.deletingLastPathComponent().appendingPathComponent("Elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("App/de.lproj"), withDestinationURL: outside)
        let input = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/en.lproj/Legacy.strings", [("s0", "S0", "Hallo")])]), "in.xliff", in: root)
        let before = try ReliabilityFixtures.snapshot(root)
        let run = CLIRun(["import", input.path, "--project", root.path], in: root)
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("refusing to write outside"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])
        XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)
    }

    func testAbsoluteOriginalInsideTheProjectIsAccepted() throws {
        let root = try ReliabilityFixtures.project(self)
        let input = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([(root.path + "/App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<1, "v"))]),
                                                  "in.xliff", in: root)
        let run = CLIRun(["import", input.path, "--project", root.path], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try ReliabilityFixtures.values(root.appendingPathComponent("App/Localizable.xcstrings")), ["k0": "v0"])
    }

    func testExportLocaleAndPipelineLocalesAreValidated() throws {
        let root = try ReliabilityFixtures.project(self)
        let out = root.appendingPathComponent("out", isDirectory: true)
        for locale in ["../../escaped", "de\u{1}x", "de/x", "-"] {
            let run = CLIRun(["export", "--project", root.path, "--locale", locale, "--out", out.path], in: root)
            XCTAssertEqual(run.status, 2, locale)
            XCTAssertTrue(run.stderr.contains("is not a valid locale id"), run.stderr)
            XCTAssertFalse(run.stderr.contains("\u{1}"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.deletingLastPathComponent().appendingPathComponent("escaped.xliff").path))
        let ok = CLIRun(["export", "--project", root.path, "--locale", "DE_de", "--out", out.path], in: root)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("de-DE.xliff").path))

        let pipeline = try ReliabilityFixtures.write("""
            { "project": "Project", "stages": [ { "stage": "export", "out": "out", "locales": ["de", "../../escaped"] } ] }
            """, "pipeline.json", in: root.deletingLastPathComponent())
        XCTAssertThrowsError(try Pipeline.read(contentsOf: pipeline)) { error in
            XCTAssertTrue("\(error)".contains("'../../escaped' is not a valid locale id"), "\(error)")
            XCTAssertTrue("\(error)".contains("pipeline.json:1:"), "\(error)")
        }
    }

    /// Item 8: a project given as a symbolic link is read through the link, and a format stage
    /// over a project without catalogs fails instead of passing.
    func testSymlinkedProjectAndEmptyProject() throws {
        let root = try ReliabilityFixtures.project(self)
        let link = root.deletingLastPathComponent().appendingPathComponent("Link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: root)
        XCTAssertEqual(try ProjectDiscovery(root: link).discover().catalogs.count, 3)

        let empty = root.deletingLastPathComponent().appendingPathComponent("Empty", isDirectory: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for project in ["Link", "Empty"] {
            for stage in [#"{ "stage": "format", "check": true }"#, #"{ "stage": "export", "out": "out", "locales": ["de"] }"#] {
                let pipeline = try ReliabilityFixtures.write(#"{ "project": "\#(project)", "stages": [ \#(stage) ] }"#,
                                                             "p.json", in: root.deletingLastPathComponent())
                // Run from the pipeline's folder: its "out" must be inside the folder l10n runs in.
                let run = CLIRun(["run", pipeline.path], in: root.deletingLastPathComponent())
                if project == "Link" {
                    XCTAssertNotEqual(run.status, 2, run.stdout)
                    if stage.contains("format") { XCTAssertTrue(run.stdout.contains("4 files checked"), run.stdout) }
                } else {
                    XCTAssertEqual(run.status, 2, run.stdout)
                    XCTAssertTrue(run.stdout.contains("has no String Catalog and no .strings file"), run.stdout)
                }
            }
        }
    }
}

extension PathSafetyTests {
    /// A catalog the manifest declares as a layer outside the root (Xcode exports SwiftPM
    /// packages as `../Package/...`) is refused as read-only, not as an unknown outside path.
    func testDeclaredLayerOutsideTheRootIsReadOnly() throws {
        let root = try ReliabilityFixtures.project(self)
        let package = root.deletingLastPathComponent().appendingPathComponent("Package/Package.xcstrings")
        try FileManager.default.createDirectory(at: package.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("App/Second.xcstrings"), to: package)
        try Data(#"{ "layers": [ { "bundle": "App", "table": "Localizable", "path": "App/Localizable.xcstrings" }, { "bundle": "Package", "table": "Package", "path": "../Package/Package.xcstrings" } ] }"#.utf8)
            .write(to: root.appendingPathComponent("l10n.json"))
        let inputs = [try ExchangeFixtures.xliff(original: "../Package/Package.xcstrings", [TransUnit(id: "k0", translate: true, source: "k0", target: "x", targetState: .translated)]),
                      try ExchangeFixtures.xliff(original: "../Other/Package.xcstrings", [TransUnit(id: "k0", translate: true, source: "k0", target: "x", targetState: .translated)])]
        let declared = try ExchangeFixtures.unwritten(root, [inputs[0]])
        XCTAssertEqual(declared.reasons, [.readOnlyFile])
        XCTAssertTrue(declared.messages[0].contains("is the layer ../Package/Package.xcstrings outside the project folder, which is read-only"), declared.messages[0])
        let other = try ExchangeFixtures.unwritten(root, [inputs[1]])
        XCTAssertEqual(other.reasons, [.readOnlyFile])
        XCTAssertTrue(other.messages[0].contains("lies outside the project folder"), other.messages[0])
    }
}
