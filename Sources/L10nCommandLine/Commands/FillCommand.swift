import Foundation
import L10nKit

/// `l10n fill [--project DIR] --locale L [--min-quality 100] [--dry-run]`: reuses the project's
/// own translations for units of a locale that have none, as values to review.
struct FillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "fill",
        abstract: "Fill a locale's untranslated units from the project's own translations of the same source, as needs_review values.",
        discussion: """
        For every unit of the locale that has no value (what export --scope missing hands over \
        without a target), the best suggestion export --suggestions would offer: the same source \
        text translated for the locale under another key or catalog, or the SDK's translation \
        where the app's entry copies the SDK's English; with --min-quality below 100 also near \
        matches from that score. Values are written as needs_review, never translated, through \
        the import's checks and transaction; each is reported with where it came from. --dry-run \
        writes nothing. Exit status: 0 done (or nothing to fill), 2 unusable input.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .option("project", value: "dir", help: "The project folder.", default: "."),
        .option("locale", value: "locale", help: "The locale to fill (required)."),
        .option("min-quality", value: "percent", help: "The lowest match quality to apply, 75 to 100.", default: "100"),
        .flag("dry-run", help: "Write nothing; show what would be filled."),
    ] + WriteOptions.arguments

    let project: String
    let fill: TranslationFill
    let dryRun: Bool
    let writing: WriteOptions

    init(_ arguments: ParsedArguments) throws {
        writing = try WriteOptions(arguments)
        project = arguments.value("project") ?? "."
        guard let locale = try arguments.locales("locale").last else { throw UsageError("--locale is required: the locale to fill") }
        let qualityText = arguments.value("min-quality") ?? "100"
        guard let quality = Int(qualityText.hasSuffix("%") ? String(qualityText.dropLast()) : qualityText),
              (TranslationMemory.nearThreshold...100).contains(quality) else {
            throw UsageError("--min-quality takes a percentage from \(TranslationMemory.nearThreshold) to 100, not '\(qualityText)'")
        }
        fill = TranslationFill(locale: locale, minimumQuality: quality)
        dryRun = arguments.flag("dry-run")
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let root = context.url(for: project, isDirectory: true)
        if dryRun {
            try writing.awaitInterruptedWrites(in: root, context)
        } else {
            try writing.recoverInterruptedWrites(in: root, context)
        }
        var planned: (filled: [TranslationFill.Filled], plan: ImportPlan)?
        let job = ImportJob(options: ImportOptions(dryRun: dryRun, force: writing.force, lockTimeout: writing.lockTimeout))
        _ = try job.run(root: root, waiting: context.note, warnings: context.note) { discovered in
            if fill.locale == discovered.sourceLanguage {
                throw UsageError("'\(fill.locale)' is the source language; fill a locale translators write")
            }
            do {
                planned = try fill.plan(discovered)
            } catch let failure as ImportFailure {
                for problem in failure.errors { context.printError(problem.description) }
                throw UsageError("the fill could not be planned; nothing was written")
            }
            return planned!.plan
        }
        if let planned {
            // Each value named with the file it is written to (`ru.lproj/Main.strings`), not the
            // export's `original` (the development language's file).
            var written: [String: String] = [:]
            for outcome in planned.plan.outcomes where outcome.status == .applied {
                written["\(outcome.original)\u{0}\(outcome.id)"] = outcome.targetPath ?? outcome.original
            }
            var count = 0
            for item in planned.filled {
                guard let path = written["\(item.file)\u{0}\(item.id)"] else { continue }
                let suggestion = item.suggestion
                let from = "\(suggestion.kind.rawValue) \(suggestion.quality)% from \(suggestion.file) \(quoted(suggestion.id))"
                    + (suggestion.kind == .near ? " (source \(quoted(suggestion.source)))" : "")
                context.print("\(path): \(quoted(item.id)) [\(fill.locale)] = \(quoted(suggestion.target)): \(from)")
                count += 1
            }
            for outcome in planned.plan.outcomes where outcome.status == .refused {
                context.note("warning: \(outcome.original): \(outcome.id): not filled (\(outcome.message ?? "refused"))")
            }
            let verb = dryRun ? "would fill" : "filled"
            context.print("\(fill.locale): \(verb) \(count) value\(count == 1 ? "" : "s") as needs_review" + (dryRun ? "; nothing written (--dry-run)" : ""))
            return .success
        }
        return .failure
    }

    private func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\n", with: "\\n") + "'"
    }
}
