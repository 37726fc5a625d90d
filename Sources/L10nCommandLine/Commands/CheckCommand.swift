import Foundation
import L10nKit

/// `l10n check`: runs every check over the project and prints the findings like a compiler.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Find what a device would show wrong: shadowed locales, key typos, placeholders, plurals, widths, missing translations.",
        discussion: """
        Runs the checks that 'l10n checks' lists over the project's catalogs, tables and storyboards, \
        resolving every key through the lookup chain as the running app does. Text output is \
        file:line:column: severity: message [check], then a hint, then a summary per severity. \
        Exit status: 0 when no error (and, with --strict, no warning) is found, 1 otherwise, 2 for \
        unusable input. The manifest (l10n.json) sets per-check severities, width budgets, a \
        glossary and a baseline; --write-baseline records today's findings so that only new ones count.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .option("project", value: "dir", help: "The project folder.", default: "."),
        .option("format", value: "format", help: "text, json, github or junit.", default: "text", values: FindingsReport.Format.allCases.map(\.rawValue)),
        .flag("strict", help: "Fail on warnings too."),
        .repeatingOption("only", value: "ids", help: "Run only these checks (comma-separated or repeated).", values: BuiltInChecks.ids),
        .repeatingOption("skip", value: "ids", help: "Skip these checks.", values: BuiltInChecks.ids),
        .repeatingOption("locale", value: "locale", help: "Look only at these offered locales."),
        .option("baseline", value: "file", help: "Count only findings not recorded in this baseline (overrides the manifest's)."),
        .option("write-baseline", value: "file", help: "Record the current findings as the baseline and exit 0."),
        .flag("pseudo", help: "Run only the width check, against the pseudo-locale en-XA (accented, expanded, bracketed; docs/pseudo.md)."),
    ]

    let project: String
    let format: FindingsReport.Format
    var options: CheckOptions
    let baselineToWrite: String?
    let baseline: String?

    init(_ arguments: ParsedArguments) throws {
        project = arguments.value("project") ?? "."
        let formatName = arguments.value("format") ?? "text"
        guard let format = FindingsReport.Format(rawValue: formatName) else {
            throw UsageError.unknown("format", formatName, among: FindingsReport.Format.allCases.map(\.rawValue))
        }
        self.format = format
        baseline = arguments.value("baseline")
        baselineToWrite = arguments.value("write-baseline")
        options = CheckOptions(only: arguments.values("only"), skip: arguments.values("skip"),
                               locales: arguments.values("locale"), strict: arguments.flag("strict"))
        if arguments.flag("pseudo") {
            guard options.locales.isEmpty, options.only.isEmpty, options.skip.isEmpty else {
                throw UsageError("--pseudo runs the width check on the pseudo-locale en-XA only; it takes no --locale, --only or --skip")
            }
            options.pseudo = PseudoLocalization()
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let root = context.url(for: project, isDirectory: true)
        let model = try ProjectDiscovery(root: root).discover(waiting: context.note)
        context.describeDiscovery(model, root: root)
        for warning in model.warnings { context.note(warning) }
        var options = self.options
        options.baseline = baseline.map { context.url(for: $0) }
        if let baselineToWrite {
            options.baseline = nil
            var recording = model
            recording.manifest.baseline = nil
            let result = try CheckJob(options: options).run(on: recording)
            let url = context.url(for: baselineToWrite)
            try AtomicFile.write(Baseline.data(for: result.findings), to: url)
            let line = "wrote \(baselineToWrite): \(Set(result.findings.map(\.identity)).count) findings recorded"
            guard format != .text else {
                context.print(line)
                return .success
            }
            // A machine format keeps its standard output to itself: the findings recorded, the
            // line about the file on standard error.
            context.note(line)
            context.write(FindingsReport(result: result, pathPrefix: context.displayPrefix(for: root)).render(format))
            return .success
        }
        let result = try CheckJob(options: options).run(on: model)
        context.write(FindingsReport(result: result, pathPrefix: context.displayPrefix(for: root)).render(format))
        return result.failed ? .findings : .success
    }
}

/// `l10n checks [ID]`: the checks with their severities and descriptions, or one check's examples.
struct ChecksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "checks",
        abstract: "List every check with its id, severity and description; with an id, its examples.",
        discussion: "Generated from the check types themselves. The examples are the checks' spec: the test suite runs every one."
    )
    static let arguments: [ArgumentSpec] = [
        .positional("id", help: "A check id: print its description, hint and examples.", optional: true, values: BuiltInChecks.ids),
    ]

    let id: String?

    init(_ arguments: ParsedArguments) throws {
        id = arguments.positional("id")
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        guard let id else {
            let width = (BuiltInChecks.ids.map(\.count).max() ?? 0) + 2
            for check in BuiltInChecks.all {
                let severity = check.severityRule == nil ? check.defaultSeverity.rawValue : "by kind"
                context.print(check.id.padding(toLength: width, withPad: " ", startingAt: 0)
                              + severity.padding(toLength: 9, withPad: " ", startingAt: 0) + check.summary)
            }
            return .success
        }
        guard let check = BuiltInChecks.check(id: id) else {
            let suggestion = Suggestion.didYouMean(id, among: BuiltInChecks.ids).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown check '\(id)'\(suggestion) ('l10n checks' lists them)")
        }
        context.print("\(check.id): \(check.summary)")
        context.print("severity: \(check.defaultSeverity.rawValue)" + (check.severityRule.map { " (\($0))" } ?? ""))
        context.print("hint: \(check.hint)")
        context.print("")
        context.print("Triggers:")
        for example in check.triggeringExamples { context.print(indent(example.description)) }
        context.print("")
        context.print("Does not trigger:")
        for example in check.nonTriggeringExamples { context.print(indent(example.description)) }
        return .success
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
