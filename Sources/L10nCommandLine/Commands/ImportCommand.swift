import Foundation
import L10nKit

/// `l10n import FILE... [--project DIR] [--dry-run] [--source-edits] [--format text|json]`: merges translator files.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "import",
        abstract: "Merge translated XLIFF files (or .xcloc bundles) into the project's catalogs and .strings files.",
        discussion: """
        Every unit is checked before anything is written: translate="no" and unfinished states \
        (new, needs-translation) are skipped; a source that changed since the export (stale), a \
        placeholder mismatch, an id the project lacks, an unknown state and a file l10n never \
        writes (a vendor folder's, one outside the project) are refused. \
        translated, final and signed-off apply as translated, needs-review-* as needs_review. \
        Files are written atomically, in their own format, touching only the changed values; \
        importing the same file twice changes nothing. The report names every unit's outcome \
        (--format json: schema version 1, see ImportReport.json). Exit status: 0 all applied or \
        skipped by rule, 1 some unit refused (the others are applied), 2 an unusable file \
        (malformed, no target-language, an unknown file): nothing written. Xcode's \
        <dir>/en.lproj/InfoPlist.strings of an Info.plist without such a file is no unknown file: \
        its units (the plist's localizable keys) go into <dir>/<locale>.lproj/InfoPlist.strings. \
        A development-language file (target-language = the source language, which Xcode exports \
        for copy editors) is refused unless --source-edits: then its edited targets become the \
        source texts and every other locale's translation of a changed source goes to \
        needs_review (.strings, .stringsdict and storyboard translations, which have no state, are listed to \
        re-check).
        """
    )
    static let arguments: [ArgumentSpec] = [
        .positional("file", help: "XLIFF files or .xcloc bundles.", repeating: true),
        .option("project", value: "dir", help: "The project folder.", default: "."),
        .flag("dry-run", help: "Write nothing; show what would change (key, locale, old → new)."),
        .flag("source-edits", help: "Apply a development-language file's copy edits to the source texts; their translations go to needs_review."),
        OutputFormat.argument(help: "Report format: text or json."),
    ] + WriteOptions.arguments

    let files: [String]
    let project: String
    let dryRun: Bool
    let sourceEdits: Bool
    let json: Bool
    let writing: WriteOptions

    init(_ arguments: ParsedArguments) throws {
        writing = try WriteOptions(arguments)
        files = arguments.values("file")
        project = arguments.value("project") ?? "."
        dryRun = arguments.flag("dry-run")
        sourceEdits = arguments.flag("source-edits")
        json = try OutputFormat(arguments) == .json
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let root = context.url(for: project, isDirectory: true)
        try writing.recoverInterruptedWrites(in: root, context)
        var inputs: [ImportInput] = []
        var failures: [any LocatedError] = []
        // Read side by side; reported in the order given.
        context.progress(0, of: files.count, "reading \(files.count) translator files")
        let read = ImportInput.read(files.map { (context.url(for: $0), $0) })
        for (index, (path, result)) in zip(files, read).enumerated() {
            context.progress(index + 1, of: files.count, "import \(path)")
            switch result {
            case .success(let input):
                context.detail("read \(path): \(input.document.unitCount) units")
                inputs.append(input)
            case .failure(let error as any LocatedError):
                failures.append(error)
            case .failure(let error):
                throw error
            }
        }
        // An unreadable input: the others are still planned, to report every problem at once,
        // and nothing is written.
        let job = ImportJob(options: ImportOptions(dryRun: dryRun || !failures.isEmpty, force: writing.force, lockTimeout: writing.lockTimeout,
                                                 sourceEdits: sourceEdits))
        // Counted before the job, which lets each parsed file go once it is planned.
        let sourceWords = json ? ImportInput.sourceWords(inputs) : nil
        let plan: ImportPlan
        do {
            plan = try job.run(consume inputs, root: root, waiting: context.note, warnings: context.note).plan
        } catch let failure as ImportFailure {
            throw InputErrors(errors: failures + failure.errors as [any LocatedError], note: "nothing was written")
        }
        guard failures.isEmpty else { throw InputErrors(errors: failures, note: "nothing was written") }
        let report = ImportReport(plan: plan, inputs: files, dryRun: dryRun, sourceWords: sourceWords)
        // Printed a piece at a time: one line per unit is tens of MB for a large hand-off.
        if json { report.writeJSON(context.write) } else { report.writeText(utf8: context.write(utf8:)) }
        return plan.hasRefusals ? .findings : .success
    }
}
