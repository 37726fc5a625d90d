import Foundation
import XCTest
@testable import L10nCore
@testable import L10nKit
@testable import L10nJobs

/// Links planted in the project or the output folder never take a write outside them: a lock
/// file, the journal folder, a folder under `--out`; and writes stay with the project's own files.
final class SymlinkWriteTests: XCTestCase {
    /// A folder with `victim.txt` beside the project, whose bytes must survive every run.
    private func outside(_ root: URL) throws -> (folder: URL, victim: URL) {
        let folder = root.deletingLastPathComponent().appendingPathComponent("Outside", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("IMPORTANT\n".utf8).write(to: victim)
        return (folder, victim)
    }

    /// `l10n import` of one French value for the sample's OnboardingKit table, from beside the project.
    private func importFrench(into root: URL) throws -> CLIRun {
        let xliff = ReliabilityFixtures.xliff(target: "fr", [("OnboardingKit/en.lproj/Localizable.strings", [("onboarding_button_allow", "Allow Access", "Autoriser")])])
        let input = try ReliabilityFixtures.write(xliff, "in.xliff", in: root.deletingLastPathComponent())
        return CLIRun(["import", input.path, "--project", root.path], in: root.deletingLastPathComponent())
    }

    func testALinkAtTheLockFilesNameIsRefusedNotFollowed() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let (folder, victim) = try outside(root)
        let catalog = root.appendingPathComponent("BrandedEditor/Localizable.xcstrings")
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("BrandedEditor/.Localizable.xcstrings.l10n-lock"),
                                                   withDestinationURL: victim)
        // A dangling link would create the file it names.
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("BrandedEditor/.IMGLYEditor.xcstrings.l10n-lock"),
                                                   withDestinationURL: folder.appendingPathComponent("created"))
        XCTAssertThrowsError(try FileLock(for: catalog, timeout: 1)) { error in
            XCTAssertTrue("\(error)".contains("is a symbolic link; nothing was written"), "\(error)")
        }
        XCTAssertThrowsError(try FileLock(for: root.appendingPathComponent("BrandedEditor/IMGLYEditor.xcstrings"), timeout: 1))
        XCTAssertEqual(try Data(contentsOf: victim), Data("IMPORTANT\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["victim.txt"])

        // Through a command: the pseudo-locale written into the project stops before any write.
        let before = try ReliabilityFixtures.snapshot(root)
        let run = CLIRun(["pseudo", "--project", root.path, "--write"])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains(".l10n-lock is a symbolic link"), run.stderr)
        XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)
        XCTAssertEqual(try Data(contentsOf: victim), Data("IMPORTANT\n".utf8))
    }

    func testFilesResolvingOutsideAreNotLockedBeforeTheRefusal() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let (_, victim) = try outside(root)
        let linked = root.appendingPathComponent("OnboardingKit/fr.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: linked.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: victim)
        let inside = FileTransaction.resolved(root.appendingPathComponent("BrandedEditor/Localizable.xcstrings"))
        let lockable = FileTransaction.lockable([FileTransaction.resolved(linked), inside], root: root)
        XCTAssertEqual(lockable, [inside], "the linked file resolves outside: its lock would be created beside the victim")
        XCTAssertEqual(FileTransaction.lockable([FileTransaction.resolved(linked)], root: root, allowedOutside: [victim]).count, 1,
                       "a layer the manifest marks writable is locked")

        // Through the import: a folder where the lock file would go beside the victim made the run
        // fail on creating it ("cannot create the lock file"); now no lock is tried out there and
        // the write itself is refused.
        try FileManager.default.createDirectory(at: victim.deletingLastPathComponent().appendingPathComponent(".victim.txt.l10n-lock"),
                                                withIntermediateDirectories: true)
        try Data("\"x\" = \"y\";\n".utf8).write(to: victim)  // discovery reads it as the table's French file
        let run = try importFrench(into: root)
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("refusing to write outside"), run.stderr)
        XCTAssertFalse(run.stderr.contains("lock file"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: victim), Data("\"x\" = \"y\";\n".utf8))
    }

    /// A `.lproj` that links to nothing failed like a full disk ("free some disk space").
    func testALinkToNothingOnTheWayIsNamedAsSuch() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("OnboardingKit/fr.lproj"),
                                                   withDestinationURL: root.appendingPathComponent("OnboardingKit/nowhere.lproj"))
        let before = try ReliabilityFixtures.snapshot(root)
        let run = try importFrench(into: root)
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("fr.lproj is missing or a symbolic link to nothing"), run.stderr)
        XCTAssertFalse(run.stderr.contains("disk space"), run.stderr)
        XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)
    }

    func testAJournalFolderThatIsALinkIsRefused() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let (folder, _) = try outside(root)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent(".l10n"), withDestinationURL: folder)
        let target = root.appendingPathComponent("BrandedEditor/Localizable.xcstrings")
        let before = try Data(contentsOf: target)
        let transaction = FileTransaction(root: root, changes: [.init(url: target, data: Data("{}".utf8))])
        XCTAssertThrowsError(try transaction.commit()) { error in
            XCTAssertTrue("\(error)".contains(".l10n: error: is not a folder (a symbolic link or a file)"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: target), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["victim.txt"])
    }

    func testPseudoOutDoesNotFollowALinkedFolderInsideIt() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let (folder, _) = try outside(root)
        let out = root.deletingLastPathComponent().appendingPathComponent("out", isDirectory: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("BrandedEditor"), withDestinationURL: folder)
        let run = CLIRun(["pseudo", "--project", root.path, "--out", out.path])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("refusing to write outside \(out.path)"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["victim.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["BrandedEditor"], "nothing was written")
    }

    func testPseudoWriteRefusesALocaleWithTranslations() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let before = try ReliabilityFixtures.snapshot(root)
        let run = CLIRun(["pseudo", "--project", root.path, "--write", "--locale", "fr"])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("already has 'fr'; --write --locale fr would replace or hide its translations with pseudo text"), run.stderr)
        // A region of a language the app has: de-DE devices would prefer the pseudo text to de.
        let regional = CLIRun(["pseudo", "--project", root.path, "--write", "--locale", "de-DE"])
        XCTAssertEqual(regional.status, 2, regional.stdout)
        XCTAssertTrue(regional.stderr.contains("already has 'de'"), regional.stderr)
        for id in ["Base", "mul"] {
            let named = CLIRun(["pseudo", "--project", root.path, "--write", "--locale", id])
            XCTAssertEqual(named.status, 2, named.stdout)
            XCTAssertTrue(named.stderr.contains("--locale \(id) names no language a device runs in"), named.stderr)
        }
        XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)
        XCTAssertEqual(CLIRun(["pseudo", "--project", root.path, "--write"]).status, 0, "en-XA, a pseudo-locale, is written")
    }

    func testFormatLeavesTheSDKAndVendorFilesAlone() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let vendor = root.appendingPathComponent("Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings")
        // Not in Xcode's form: a format of the project must still not rewrite it.
        var bytes = try Data(contentsOf: vendor)
        bytes.append(contentsOf: Array("\n\n".utf8))
        try bytes.write(to: vendor)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertFalse(try FormatJob.files(of: project).contains { $0.path.hasPrefix("Vendor/") })
        let pipeline = root.appendingPathComponent("p.json")
        try Data(#"{"project":".","stages":[{"stage":"format"}]}"#.utf8).write(to: pipeline)
        let run = CLIRun(["run", pipeline.path], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try Data(contentsOf: vendor), bytes)

        // The project's folder given to `l10n format`: the vendor folder is skipped, with a note;
        // the file named on its own is formatted.
        let folder = CLIRun(["format", root.path])
        XCTAssertEqual(folder.status, 0, folder.stderr)
        XCTAssertTrue(folder.stderr.contains("note: skipped 1 file in vendor folders of \(root.path) (l10n never writes them)"), folder.stderr)
        XCTAssertEqual(try Data(contentsOf: vendor), bytes)
        XCTAssertEqual(CLIRun(["format", vendor.path]).status, 0)
        XCTAssertNotEqual(try Data(contentsOf: vendor), bytes)
    }

    /// `--out` that is a link to the project is the project: comparing the names let pseudo text
    /// replace every French translation.
    func testPseudoOutThroughALinkToTheProjectIsRefused() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let link = root.deletingLastPathComponent().appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: root)
        let before = try ReliabilityFixtures.snapshot(root)
        let run = CLIRun(["pseudo", "--project", root.path, "--out", link.path, "--locale", "fr"])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("--out names the project folder"), run.stderr)
        XCTAssertEqual(CLIRun(["pseudo", "--project", link.path, "--out", root.path, "--locale", "fr"]).status, 2)
        XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)
    }

    /// An app catalog that is a link to the SDK's catalog never carries a write into it: the
    /// import refuses its units as `read-only-file` when it plans (a dry run too: it announced a
    /// write into the SDK), naming the file the link leads to; pseudo --write refuses at the commit.
    func testAnAppCatalogLinkedToTheSDKCatalogIsNotWrittenThrough() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let app = root.appendingPathComponent("BrandedEditor/IMGLYEditor.xcstrings")
        try FileManager.default.removeItem(at: app)
        try FileManager.default.createSymbolicLink(atPath: app.path, withDestinationPath: "../Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings")
        let before = try ReliabilityFixtures.snapshot(root)
        let xliff = ReliabilityFixtures.xliff(target: "fr", [("BrandedEditor/IMGLYEditor.xcstrings", [("ly_img_editor_button_close", "Close", "Fermer")])])
        let input = try ReliabilityFixtures.write(xliff, "in.xliff", in: root.deletingLastPathComponent())
        for dryRun in [true, false] {
            let run = CLIRun(["import", input.path, "--project", root.path] + (dryRun ? ["--dry-run"] : []))
            XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
            XCTAssertTrue(run.stdout.contains("refused (read-only-file)") && run.stdout.contains(
                "original \"BrandedEditor/IMGLYEditor.xcstrings\" is a symbolic link to Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings, the SDK's catalog"), run.stdout)
            XCTAssertFalse(run.stdout.contains("write BrandedEditor/IMGLYEditor.xcstrings"), run.stdout)
        }
        XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)
        // pseudo --write writes the app's own files and names each unit of the link it leaves alone.
        let sdkBefore = try Data(contentsOf: root.appendingPathComponent("Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings"))
        let pseudo = CLIRun(["pseudo", "--project", root.path, "--write"])
        XCTAssertEqual(pseudo.status, 0, pseudo.stderr)
        XCTAssertTrue(pseudo.stderr.contains("not written (original \"BrandedEditor/IMGLYEditor.xcstrings\" is a symbolic link to Vendor/"), pseudo.stderr)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings")), sdkBefore)
        // Named alone, the link's folder is the run's: the vendor file is still not written.
        let sdk = root.appendingPathComponent("Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings")
        var bytes = try Data(contentsOf: sdk)
        bytes.append(contentsOf: Array("\n\n".utf8))
        try bytes.write(to: sdk)
        let format = CLIRun(["format", "BrandedEditor/IMGLYEditor.xcstrings"], in: root)
        XCTAssertEqual(format.status, 2, format.stdout)
        XCTAssertTrue(format.stderr.contains("a vendor file, which l10n never changes: the path leads there through a symbolic link"), format.stderr)
        XCTAssertEqual(try Data(contentsOf: sdk), bytes)
        XCTAssertEqual(CLIRun(["format", "--check", "BrandedEditor/IMGLYEditor.xcstrings"], in: root).status, 1, "a check reads it")
    }
}
