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

/// Issue 12 items 4, 5 and 7 with the real binary: runs racing each other, a run killed in the
/// middle of a multi-file import, output to a full disk or a closed pipe.
final class CrashAndRaceTests: XCTestCase {
    /// Two imports into one catalog at the same time: neither set of translations is lost.
    func testConcurrentImportsLoseNoUpdate() throws {
        try ReliabilityFixtures.requireBinary()
        let root = try ReliabilityFixtures.project(self)
        let catalog = root.appendingPathComponent("App/Localizable.xcstrings")
        for round in 0..<4 {
            let a = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<5, "a\(round)-"))]), "a.xliff", in: root)
            let b = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(5..<10, "b\(round)-"))]), "b.xliff", in: root)
            let first = try ReliabilityFixtures.start(["import", a.path, "--project", root.path], in: root, log: "a")
            let second = try ReliabilityFixtures.start(["import", b.path, "--project", root.path], in: root, log: "b")
            first.waitUntilExit()
            second.waitUntilExit()
            XCTAssertEqual(first.terminationStatus, 0, ReliabilityFixtures.output("a", in: root))
            XCTAssertEqual(second.terminationStatus, 0, ReliabilityFixtures.output("b", in: root))
            let values = try ReliabilityFixtures.values(catalog)
            for n in 0..<10 {
                XCTAssertEqual(values["k\(n)"], "\(n < 5 ? "a" : "b")\(round)-\(n)", "round \(round): an update was lost")
            }
        }
    }

    /// `format` racing an import: the import's values survive.
    func testFormatRacingAnImportLosesNothing() throws {
        try ReliabilityFixtures.requireBinary()
        let root = try ReliabilityFixtures.project(self)
        let catalog = root.appendingPathComponent("App/Localizable.xcstrings")
        for round in 0..<4 {
            // Not canonical (a final newline), so format rewrites it.
            var bytes = try Data(contentsOf: catalog)
            if bytes.last != 0x0A { bytes.append(0x0A) }
            try bytes.write(to: catalog)
            let input = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<10, "r\(round)-"))]), "in.xliff", in: root)
            let importing = try ReliabilityFixtures.start(["import", input.path, "--project", root.path], in: root, log: "import")
            let formatting = try ReliabilityFixtures.start(["format", catalog.path], in: root, log: "format")
            importing.waitUntilExit()
            formatting.waitUntilExit()
            XCTAssertEqual(importing.terminationStatus, 0, ReliabilityFixtures.output("import", in: root))
            XCTAssertEqual(formatting.terminationStatus, 0, ReliabilityFixtures.output("format", in: root))
            XCTAssertEqual(try ReliabilityFixtures.values(catalog)["k9"], "r\(round)-9", "round \(round): format overwrote the import")
        }
    }

    /// A held lock makes the next run wait, naming the holder, and give up after --lock-timeout.
    func testALockedFileMakesTheRunWaitAndNameTheHolder() throws {
        let root = try ReliabilityFixtures.project(self)
        let catalog = root.appendingPathComponent("App/Localizable.xcstrings")
        let lock = try FileLock(for: catalog, timeout: 1)
        defer { lock.release() }
        let input = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<1, "v"))]), "in.xliff", in: root)
        let before = try Data(contentsOf: catalog)
        let run = CLIRun(["import", input.path, "--project", root.path, "--lock-timeout", "0.3"], in: root)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("waiting for l10n (pid \(getpid())"), run.stderr)
        XCTAssertTrue(run.stderr.contains("still holds the file after 0.3 s; nothing was written"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: catalog), before)
    }

    /// A run that gives up waiting leaves the holder's lock file alone. It removed it as it was
    /// freed (its closed descriptor still looked held), so the next run took a new lock at once
    /// and wrote beside the holder.
    func testARunThatGivesUpWaitingLeavesTheHoldersLock() throws {
        let root = try ReliabilityFixtures.project(self)
        let catalog = root.appendingPathComponent("App/Localizable.xcstrings")
        let lock = try FileLock(for: catalog, timeout: 1)
        defer { lock.release() }
        XCTAssertThrowsError(try FileLock(for: catalog, timeout: 0.1))
        XCTAssertTrue(FileManager.default.fileExists(atPath: lock.lockURL.path), "the holder's lock file is gone")
        XCTAssertThrowsError(try FileLock(for: catalog, timeout: 0.1), "a third run took the lock the holder still holds")
    }

    /// The lock is taken before the project is read: an import started while another run holds
    /// the catalog half-written waits, then reads the finished file and keeps its new value.
    /// (Locking only at the write read the half-written file and failed, exit 2.)
    func testImportLocksTheCatalogsItWritesBeforeReadingThem() throws {
        let root = try ReliabilityFixtures.project(self)
        let catalog = root.appendingPathComponent("App/Localizable.xcstrings")
        let finished = try Data(contentsOf: catalog)
        var other = try StringCatalogReader.read(finished, file: catalog.path)
        other.entries["k9"]?.localizations = ["de": CatalogLocalization(stringUnit: StringUnit(state: "translated", value: "von der anderen"))]
        let otherBytes = StringCatalogWriter().data(for: other)
        let lock = try FileLock(for: catalog, timeout: 1)
        try Data(finished.prefix(finished.count / 2)).write(to: catalog)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) {
            try? otherBytes.write(to: catalog)
            lock.release()
        }
        let input = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<3, "v"))]), "in.xliff", in: root)
        let run = CLIRun(["import", input.path, "--project", root.path, "--lock-timeout", "10"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("waiting for l10n (pid \(getpid())"), run.stderr)
        let values = try ReliabilityFixtures.values(catalog)
        XCTAssertEqual(values["k9"], "von der anderen", "the other run's update was lost")
        XCTAssertEqual(values["k0"], "v0")
        XCTAssertFalse(run.stderr.contains("reading the project again"), run.stderr)
    }

    /// SIGKILL at random points of a four-file import: after the next run every file is old or every file new.
    func testKilledImportLeavesEveryFileOldOrEveryFileNew() throws {
        try ReliabilityFixtures.requireBinary()
        let root = try ReliabilityFixtures.project(self)
        let paths = ["App/Localizable.xcstrings", "App/Second.xcstrings", "App/Third.xcstrings", "App/de.lproj/Legacy.strings"]
        let input = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([
            ("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<3, "x")),
            ("App/Second.xcstrings", ReliabilityFixtures.catalogUnits(0..<3, "y")),
            ("App/Third.xcstrings", ReliabilityFixtures.catalogUnits(0..<3, "z")),
            ("App/en.lproj/Legacy.strings", [("s0", "S0", "Hallo")]),
        ]), "in.xliff", in: root.deletingLastPathComponent())
        let old = try paths.map { try? Data(contentsOf: root.appendingPathComponent($0)) }
        var outcomes: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        for attempt in 0..<10 {
            let run = try ReliabilityFixtures.start(["import", input.path, "--project", root.path], in: root.deletingLastPathComponent(),
                                                    environment: ["L10N_TEST_RENAME_DELAY_MS": "40"], log: "kill")
            // Start-up and planning take 100 to 300 ms here, the renames 160 ms: kill anywhere in between.
            usleep(UInt32.random(in: 50_000...450_000, using: &generator))
            kill(run.processIdentifier, SIGKILL)
            run.waitUntilExit()
            // The next run (a dry run writes nothing of its own) completes or rolls back the transaction.
            let next = CLIRun(["import", input.path, "--project", root.path, "--dry-run"], in: root)
            XCTAssertNotEqual(next.status, 2, next.stderr)
            let now = paths.map { try? Data(contentsOf: root.appendingPathComponent($0)) }
            let changed = zip(old, now).filter { $0 != $1 }.count
            XCTAssertTrue(changed == 0 || changed == paths.count, "attempt \(attempt): \(changed) of \(paths.count) files new")
            outcomes[changed == 0 ? (next.stderr.contains("note: restored") ? "old, rolled back" : "old") : "new", default: 0] += 1
            // Lock files of the killed run may stay (empty, hidden; the next run that writes the file reuses and removes them).
            XCTAssertEqual(ReliabilityFixtures.paths(root).filter { $0.contains(".l10n") && !$0.hasSuffix(".l10n-lock") }.sorted(), [],
                           "attempt \(attempt): leftovers")
            if changed == 0 {
                XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("App/de.lproj").path), "attempt \(attempt)")
            } else {
                // Back to the old files for the next attempt.
                for (path, data) in zip(paths, old) {
                    let url = root.appendingPathComponent(path)
                    if let data { try data.write(to: url) } else { try FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
                }
            }
        }
        print("killed imports: \(outcomes)")
    }

    /// Item 7: a failed write to standard output is an error exit, not a crash.
    func testOutputToAFullDiskOrAClosedPipeIsAnErrorExit() throws {
        try ReliabilityFixtures.requireBinary()
        let full = Process()
        full.executableURL = ReliabilityFixtures.binary
        full.arguments = ["version"]
        full.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        full.standardError = errors
        try full.run()
        full.waitUntilExit()
        XCTAssertEqual(full.terminationReason, .exit)
        XCTAssertEqual(full.terminationStatus, 2)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(message.contains("cannot write to standard output: No space left on device"), message)

        let closed = Process()
        closed.executableURL = ReliabilityFixtures.binary
        closed.arguments = ["help", "import"]
        let pipe = Pipe()
        closed.standardOutput = pipe
        closed.standardError = FileHandle.nullDevice
        try pipe.fileHandleForReading.close()
        try closed.run()
        closed.waitUntilExit()
        XCTAssertEqual(closed.terminationReason, .exit)
        XCTAssertEqual(closed.terminationStatus, 2)
    }
}

extension CrashAndRaceTests {
    /// The pipeline's import stage runs the same job with the model the pipeline read: a catalog
    /// another run changed since is read again before planning (not written over and retried).
    func testImportJobReadsAgainWhatChangedSinceThePipelineReadIt() throws {
        let root = try ReliabilityFixtures.project(self)
        let catalog = root.appendingPathComponent("App/Localizable.xcstrings")
        let before = try ProjectDiscovery(root: root).discover()
        var other = try StringCatalogReader.read(contentsOf: catalog)
        other.entries["k9"]?.localizations = ["de": CatalogLocalization(stringUnit: StringUnit(state: "translated", value: "von der anderen"))]
        try StringCatalogWriter().data(for: other).write(to: catalog)
        let input = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<3, "v"))]), "in.xliff", in: root)
        var notes: [String] = []
        let plan = try ImportJob().run([ImportInput.read(contentsOf: input)], root: root, project: before, waiting: { notes.append($0) }).plan
        XCTAssertEqual(plan.totals.applied, 3)
        XCTAssertEqual(notes, [], "read again before planning, so no conflict at the write")
        let values = try ReliabilityFixtures.values(catalog)
        XCTAssertEqual(values["k9"], "von der anderen")
        XCTAssertEqual(values["k0"], "v0")
    }
}
