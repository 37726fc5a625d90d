import Foundation
import L10nKit

/// `l10n import FILE... [--project DIR] [--dry-run] [--format text|json]`: merges translator files.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "import",
        abstract: "Merge translated XLIFF files (or .xcloc bundles) into the project's catalogs and .strings files.",
        discussion: """
        Every unit is checked before anything is written: translate="no" and unfinished states \
        (new, needs-translation) are skipped; a source that changed since the export (stale), a \
        placeholder mismatch, an id the project lacks and an unknown state are refused. \
        translated, final and signed-off apply as translated, needs-review-* as needs_review. \
        Files are written atomically, in their own format, touching only the changed values; \
        importing the same file twice changes nothing. The report names every unit's outcome \
        (--format json: schema version 1, see ImportReport.json). Exit status: 0 all applied or \
        skipped by rule, 1 some unit refused (the others are applied), 2 an unusable file \
        (malformed, no target-language, a path outside the project, an unknown file): nothing written.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .positional("file", help: "XLIFF files or .xcloc bundles.", repeating: true),
        .option("project", value: "dir", help: "The project folder.", default: "."),
        .flag("dry-run", help: "Write nothing; show what would change (key, locale, old → new)."),
        .option("format", value: "format", help: "Report format: text or json.", default: "text"),
    ]

    let files: [String]
    let project: String
    let dryRun: Bool
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        files = arguments.values("file")
        project = arguments.value("project") ?? "."
        dryRun = arguments.flag("dry-run")
        switch arguments.value("format") ?? "text" {
        case "text": json = false
        case "json": json = true
        case let other: throw UsageError("unknown format '\(other)'; use text or json")
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let discovered = try ProjectDiscovery(root: context.url(for: project, isDirectory: true)).discover()
        for warning in discovered.warnings { context.printError(warning) }
        var inputs: [ImportInput] = []
        var failures: [any LocatedError] = []
        for path in files {
            do {
                inputs.append(try ImportInput.read(contentsOf: context.url(for: path), displayPath: path))
            } catch let error as any LocatedError {
                failures.append(error)
            }
        }
        let planned = Result { () throws(ImportFailure) in try XLIFFImporter(project: discovered).plan(inputs) }
        if case .failure(let failure) = planned { failures += failure.errors as [any LocatedError] }
        guard failures.isEmpty, case .success(let plan) = planned else {
            for failure in failures { context.printError(failure.description) }
            context.printError("note: nothing was written")
            return .failure
        }
        let report = ImportReport(plan: plan, inputs: files, dryRun: dryRun)
        if !dryRun { try plan.write() }
        context.write(json ? report.json : report.text)
        return plan.exitStatus == 0 ? .success : .findings
    }
}
