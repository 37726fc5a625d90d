import Foundation
import L10nKit

/// `--lock-timeout` and `--force`, shared by the commands that modify files.
struct WriteOptions {
    static let arguments: [ArgumentSpec] = [
        .option("lock-timeout", value: "seconds", help: "How long to wait for another l10n run that holds a file.", default: "60"),
        .flag("force", help: "Replace files that are read-only for you (their mode and owner are kept)."),
    ]

    var lockTimeout: TimeInterval
    var force: Bool

    init(_ arguments: ParsedArguments) throws {
        let text = arguments.value("lock-timeout") ?? "60"
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw UsageError("--lock-timeout needs a number of seconds, not '\(text)'")
        }
        lockTimeout = seconds
        force = arguments.flag("force")
    }

    /// Completes or rolls back what a killed run left half-written in `root`, saying which files
    /// it restored: every command that writes does this before it reads.
    func recoverInterruptedWrites(in root: URL, _ context: CommandContext) throws {
        for path in try FileTransaction.recover(root: root, lockTimeout: lockTimeout, waiting: context.note) {
            context.note("note: restored \(path), left half-written by an interrupted run")
        }
    }

    /// A dry run's stand-in for `recoverInterruptedWrites` (it writes nothing): waits up to
    /// `--lock-timeout` for a run still writing in `root`, saying whom it waits for as a write
    /// does, and refuses a folder a killed run left half-written.
    func awaitInterruptedWrites(in root: URL, _ context: CommandContext) throws {
        try FileTransaction.requireNotInterrupted(root: root, lockTimeout: lockTimeout, waiting: context.note)
    }
}

