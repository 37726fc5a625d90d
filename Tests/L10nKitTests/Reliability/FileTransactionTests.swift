import Foundation
import XCTest
@testable import L10nCore
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// Issue 12 items 5, 6 and 9, in process: all or nothing with an injected failure, temporary
/// files removed, links written through, read-only files refused, mode and owner kept.
final class FileTransactionTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = try ReliabilityFixtures.project(self)
    }

    private func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// Four files, two of them new in a new `.lproj` folder.
    private func fourChanges() -> [FileTransaction.Change] {
        ["App/Localizable.xcstrings", "App/Second.xcstrings", "App/de.lproj/Legacy.strings", "App/de.lproj/Other.strings"].map {
            FileTransaction.Change(url: url($0), data: Data("new \($0)".utf8))
        }
    }

    func testAFailedRenameRestoresEveryFile() throws {
        let before = try ReliabilityFixtures.snapshot(root)
        for failing in 0..<4 {
            var transaction = FileTransaction(root: root, changes: fourChanges())
            transaction.failingRename = failing
            XCTAssertThrowsError(try transaction.commit()) { error in
                XCTAssertTrue("\(error)".contains("every file was restored"), "\(error)")
            }
            XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before, "rename \(failing + 1) of 4 failed")
            XCTAssertFalse(FileManager.default.fileExists(atPath: url("App/de.lproj").path), "no empty .lproj is left")
            XCTAssertFalse(FileManager.default.fileExists(atPath: url(".l10n").path))
        }
        try FileTransaction(root: root, changes: fourChanges()).commit()
        XCTAssertEqual(try String(contentsOf: url("App/de.lproj/Other.strings"), encoding: .utf8), "new App/de.lproj/Other.strings")
        XCTAssertEqual(ReliabilityFixtures.paths(root).filter { $0.contains(".l10n") }, [])
    }

    func testAFailedWriteLeavesNoTemporaryFile() throws {
        let before = try ReliabilityFixtures.snapshot(root)
        for failing in 0..<4 {
            var transaction = FileTransaction(root: root, changes: fourChanges())
            transaction.failingWrite = failing
            XCTAssertThrowsError(try transaction.commit()) { error in
                XCTAssertTrue("\(error)".contains("No space left on device; no file was changed"), "\(error)")
            }
            XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)
            XCTAssertEqual(ReliabilityFixtures.paths(root).filter { $0.contains("l10n") || $0.contains("de.lproj") }, [])
        }
    }

    func testStaleLeftoversOfAKilledRunAreRemoved() throws {
        let stale = ["App/.Localizable.xcstrings.l10n-0000.tmp", "App/.Localizable.xcstrings.l10n-1111.bak"]
        for path in stale { try Data("partial".utf8).write(to: url(path)) }
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.catalogs.count, 3, "leftovers are hidden files, never read")
        try FileTransaction(root: root, changes: [FileTransaction.Change(url: url("App/Localizable.xcstrings"), data: Data("x".utf8))]).commit()
        for path in stale { XCTAssertFalse(FileManager.default.fileExists(atPath: url(path).path), path) }
    }

    func testASymlinkedFileIsWrittenThroughTheLink() throws {
        let target = url("App/Shared/Real.xcstrings")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: url("App/Second.xcstrings"), to: target)
        try FileManager.default.createSymbolicLink(atPath: url("App/Second.xcstrings").path, withDestinationPath: "Shared/Real.xcstrings")
        try FileTransaction(root: root, changes: [FileTransaction.Change(url: url("App/Second.xcstrings"), data: Data("new".utf8))]).commit()
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: url("App/Second.xcstrings").path), "Shared/Real.xcstrings")
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "new")
    }

    func testReadOnlyFilesAreRefusedUnlessForcedAndModeAndOwnerAreKept() throws {
        let file = url("App/Localizable.xcstrings")
        let before = try Data(contentsOf: file)
        chmod(file.path, 0o444)
        let change = FileTransaction.Change(url: file, data: Data("new".utf8))
        XCTAssertThrowsError(try FileTransaction(root: root, changes: [change]).commit()) { error in
            XCTAssertTrue("\(error)".contains("is read-only (mode 444)"), "\(error)")
            XCTAssertTrue("\(error)".contains("--force"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: file), before)
        var forced = FileTransaction(root: root, changes: [change])
        forced.force = true
        try forced.commit()
        var info = stat()
        stat(file.path, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o444)

        let other = url("App/Second.xcstrings")
        chmod(other.path, 0o640)
        if geteuid() == 0 { XCTAssertEqual(chown(other.path, 4242, 4343), 0) }
        try FileTransaction(root: root, changes: [FileTransaction.Change(url: other, data: Data("new".utf8))]).commit()
        stat(other.path, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o640)
        if geteuid() == 0 {
            XCTAssertEqual(info.st_uid, 4242)
            XCTAssertEqual(info.st_gid, 4343)
        }
    }

    func testAFileChangedSinceItWasReadIsAConflict() throws {
        let file = url("App/Localizable.xcstrings")
        let stamp = try XCTUnwrap(FileStamp(file))
        usleep(2_000)
        try Data("someone else".utf8).write(to: file)
        let change = FileTransaction.Change(url: file, data: Data("mine".utf8), expected: .stamp(stamp))
        XCTAssertThrowsError(try FileTransaction(root: root, changes: [change]).commit()) { error in
            XCTAssertTrue(error is FileTransaction.Conflict, "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "someone else")
    }

    /// A journal left by a run killed between two renames: recovery puts the old files back.
    func testRecoveryRollsBackAnUnfinishedTransaction() throws {
        let before = try ReliabilityFixtures.snapshot(root)
        var transaction = FileTransaction(root: root, changes: fourChanges())
        transaction.failingRename = 2
        // Simulate the crash: keep the journal and the state as they are at the failing rename.
        transaction.keepsStateOnFailure = true
        XCTAssertThrowsError(try transaction.commit())
        XCTAssertNotEqual(try ReliabilityFixtures.snapshot(root), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url(".l10n").path).filter { $0.hasSuffix(".journal") }.count, 1)
        let restored = try FileTransaction.recover(root: root)
        XCTAssertEqual(restored.count, 2)
        XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("App/de.lproj").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: url(".l10n").path))
    }

    /// A journal is a file in the project and may be planted (committed, sent in a pull request):
    /// recovery never deletes or replaces a file that no transaction of l10n wrote.
    func testAPlantedJournalTouchesNothing() throws {
        let outside = root.deletingLastPathComponent().appendingPathComponent("victim.txt")
        try Data("keep me".utf8).write(to: outside)
        let inside = url("App/Localizable.xcstrings")
        let before = try Data(contentsOf: inside)
        try Data("planted backup".utf8).write(to: url("App/planted.bak"))
        try FileManager.default.createDirectory(at: url(".l10n"), withIntermediateDirectories: true)
        let journals: [String: Any] = [
            "new-outside": ["id": "a", "files": [["target": outside.path, "temporary": outside.deletingLastPathComponent().appendingPathComponent(".victim.txt.l10n-a.tmp").path,
                                                  "backup": outside.deletingLastPathComponent().appendingPathComponent(".victim.txt.l10n-a.bak").path, "new": true]]],
            "dotdot": ["id": "b", "files": [["target": "../victim.txt", "temporary": "../.victim.txt.l10n-b.tmp", "backup": "../.victim.txt.l10n-b.bak", "new": true]]],
            "foreign-backup": ["id": "c", "files": [["target": "App/Localizable.xcstrings", "temporary": "App/.Localizable.xcstrings.l10n-c.tmp",
                                                     "backup": "App/planted.bak", "new": false]]],
        ]
        for (name, journal) in journals {
            try JSONSerialization.data(withJSONObject: journal).write(to: url(".l10n/\(name).journal"))
        }
        _ = try FileTransaction.recover(root: root)
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "keep me")
        XCTAssertEqual(try Data(contentsOf: inside), before)
        XCTAssertEqual(try String(contentsOf: url("App/planted.bak"), encoding: .utf8), "planted backup")
    }

    /// A journal entry inside the root by its name but outside through a planted link, and a
    /// `.l10n` that links elsewhere: recovery deletes nothing out there and takes no lock there.
    func testAPlantedJournalDoesNotReachThroughALink() throws {
        let elsewhere = root.deletingLastPathComponent().appendingPathComponent("Elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: elsewhere.appendingPathComponent("victim.txt"))
        try FileManager.default.createSymbolicLink(at: url("link"), withDestinationURL: elsewhere)
        try FileManager.default.createDirectory(at: url(".l10n"), withIntermediateDirectories: true)
        let journal: [String: Any] = ["id": "d", "files": [["target": "link/victim.txt", "temporary": "link/.victim.txt.l10n-d.tmp",
                                                           "backup": "link/.victim.txt.l10n-d.bak", "new": true]]]
        try JSONSerialization.data(withJSONObject: journal).write(to: url(".l10n/d.journal"))
        _ = try FileTransaction.recover(root: root)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), ["victim.txt"])
        XCTAssertEqual(try String(contentsOf: elsewhere.appendingPathComponent("victim.txt"), encoding: .utf8), "keep me")

        // A `.l10n` that is a link: its cut-off "journals" elsewhere are not removed.
        try FileManager.default.removeItem(at: url(".l10n"))
        let notes = elsewhere.appendingPathComponent("notes.journal")
        try Data("not json".utf8).write(to: notes)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: notes.path)
        try FileManager.default.createSymbolicLink(at: url(".l10n"), withDestinationURL: elsewhere)
        XCTAssertThrowsError(try FileTransaction.recover(root: root)) { error in
            XCTAssertTrue("\(error)".contains("is not a folder (a symbolic link or a file)"), "\(error)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: notes.path))
    }

    /// A file that is a link into a protected folder is refused at the commit, before anything is
    /// written; the protected file named as itself is the caller's to allow.
    func testAWriteThroughALinkIntoAProtectedFolderIsRefused() throws {
        let vendor = url("Vendor/Kit/Kit.xcstrings")
        try FileManager.default.createDirectory(at: vendor.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("vendor".utf8).write(to: vendor)
        try FileManager.default.createSymbolicLink(atPath: url("App/Kit.xcstrings").path, withDestinationPath: "../Vendor/Kit/Kit.xcstrings")
        var transaction = FileTransaction(root: root, changes: [FileTransaction.Change(url: url("App/Localizable.xcstrings"), data: Data("new".utf8)),
                                                                FileTransaction.Change(url: url("App/Kit.xcstrings"), data: Data("new".utf8))])
        transaction.protected = ProtectedPaths(folderNames: ["Vendor"])
        let before = try ReliabilityFixtures.snapshot(root)
        XCTAssertThrowsError(try transaction.commit()) { error in
            XCTAssertTrue("\(error)".contains("refusing to write Vendor/Kit/Kit.xcstrings, a vendor file"), "\(error)")
        }
        XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)
        var direct = FileTransaction(root: root, changes: [FileTransaction.Change(url: vendor, data: Data("named".utf8))])
        direct.protected = ProtectedPaths(folderNames: ["Vendor"])
        XCTAssertNoThrow(try direct.commit())
    }

    /// The commands that only read refuse a project a killed run left half-written, naming its
    /// files, until a writing run (here `recover`) puts them back; discovery does it for them all.
    func testReadingAHalfWrittenProjectIsRefused() throws {
        var transaction = FileTransaction(root: root, changes: fourChanges())
        transaction.failingRename = 2
        transaction.keepsStateOnFailure = true
        XCTAssertThrowsError(try transaction.commit())
        XCTAssertEqual(try FileTransaction.interruptedFiles(root: root),
                       ["App/Localizable.xcstrings", "App/Second.xcstrings", "App/de.lproj/Legacy.strings", "App/de.lproj/Other.strings"])
        XCTAssertThrowsError(try ProjectDiscovery(root: root).discover()) { error in
            XCTAssertTrue("\(error)".contains("an interrupted l10n run left 4 files half-written (App/Localizable.xcstrings, App/Second.xcstrings, App/de.lproj/Legacy.strings and 1 more); nothing was read"), "\(error)")
        }
        let check = CLIRun(["format", "--check", root.path])
        XCTAssertEqual(check.status, 2, check.stdout)
        XCTAssertTrue(check.stderr.contains("half-written"), check.stderr)
        // `format` of the project folder puts the files back, though they all lie under `App/`.
        let format = CLIRun(["format", root.path])
        XCTAssertEqual(format.status, 0, format.stderr)
        XCTAssertTrue(format.stderr.contains("note: restored"), format.stderr)
        XCTAssertEqual(try FileTransaction.interruptedFiles(root: root), [])
        XCTAssertNoThrow(try ProjectDiscovery(root: root).discover())

        // Killed before its first rename: the journal is left, the project is as it was.
        var early = FileTransaction(root: root, changes: fourChanges())
        early.failingRename = 0
        early.keepsStateOnFailure = true
        XCTAssertThrowsError(try early.commit())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url(".l10n").path).filter { $0.hasSuffix(".journal") }.count, 1)
        XCTAssertEqual(try FileTransaction.interruptedFiles(root: root), [], "nothing was put in place")
        XCTAssertNoThrow(try ProjectDiscovery(root: root).discover())
    }

    /// Leaves an import's journal as a live run leaves it, its catalog locked for half a second.
    private func holdJournalOfALiveImport() throws {
        var live = FileTransaction(root: root, changes: fourChanges())
        live.failingRename = 0
        live.keepsStateOnFailure = true
        XCTAssertThrowsError(try live.commit())
        let lock = try FileLock(for: url("App/Localizable.xcstrings"), timeout: 1)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { lock.release() }
    }

    /// A command that only reads, started while a live import holds the files of its journal,
    /// says whom it waits for (it used to wait silently), naming no option it lacks.
    func testAReadingCommandSaysWhomItWaitsFor() throws {
        try holdJournalOfALiveImport()
        let check = CLIRun(["check", "--project", root.path])
        XCTAssertNotEqual(check.status, 2, check.stderr)
        XCTAssertTrue(check.stderr.contains("waiting for l10n (pid \(getpid())"), check.stderr)
        XCTAssertTrue(check.stderr.contains("Localizable.xcstrings (up to 60 s)"), check.stderr)
        XCTAssertFalse(check.stderr.contains("--lock-timeout"), check.stderr)
        // `l10n run` says so too (it waited in silence), before it puts the journal's files back.
        let again = try FileLock(for: url("App/Localizable.xcstrings"), timeout: 1)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { again.release() }
        try Data(#"{"project":".","stages":[{"stage":"discover"}]}"#.utf8).write(to: url("p.json"))
        let run = CLIRun(["run", "p.json"], in: root)
        XCTAssertNotEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("waiting for l10n (pid \(getpid())"), run.stderr)
        XCTAssertFalse(run.stderr.contains("--lock-timeout"), run.stderr)
    }

    /// `fill --dry-run` and `migrate-ib --dry-run`, started while a live import holds the files of
    /// its journal, say whom they wait for and for how long, as `import --dry-run` does (they
    /// waited in silence, up to 60 s whatever their --lock-timeout).
    func testADryRunSaysWhomItWaitsFor() throws {
        try FileManager.default.createDirectory(at: url("App/Base.lproj"), withIntermediateDirectories: true)
        try Data("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\"><scenes/></document>\n".utf8)
            .write(to: url("App/Base.lproj/Main.storyboard"))
        for arguments in [["import", "--dry-run", "in.xliff"], ["fill", "--locale", "de", "--dry-run"],
                          ["migrate-ib", "App/Base.lproj/Main.storyboard", "--dry-run"]] {
            if arguments[0] == "import" {
                try Data(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<1, "v"))]).utf8).write(to: url("in.xliff"))
            }
            // The import's journal, left as a live run leaves it (import --dry-run puts it away).
            try holdJournalOfALiveImport()
            let run = CLIRun(arguments + ["--lock-timeout", "5"], in: root)
            XCTAssertTrue(run.stderr.contains("waiting for l10n (pid \(getpid())"), "\(arguments[0]): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("Localizable.xcstrings (up to 5 s, --lock-timeout)"), "\(arguments[0]): \(run.stderr)")
        }
    }
}
