import Foundation
import L10nKit

/// `l10n report`: the release report (custom labels, full-localization coverage, devices,
/// findings), rendered as text, Markdown, JSON, HTML or JUnit.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "report",
        abstract: "The release report: custom labels, coverage per locale, what devices show, and the check findings.",
        discussion: """
        One model, computed once from the project and the checks, rendered in every --format given \
        (text, md, json, html, junit; repeat or separate with commas). Without --out the first format \
        goes to standard output; with --out each is written to DIR/report.<ext> and the text \
        report is printed. --compare adds what changed since a previous report.json. Exit status: \
        0 when the release passes (no check error, every locale at its coverage threshold from \
        l10n.json's release.minCoverage, 100% by default, and no threshold for a locale the report \
        does not count), 1 when it does not, 2 for unusable input.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .option("project", value: "dir", help: "The project folder.", default: "."),
        .repeatingOption("format", value: "formats", help: "text, md, json, html, junit (default: text).", values: ReportFormat.allCases.map(\.rawValue)),
        .option("out", value: "dir", help: "Write each format to DIR/report.<ext> (created when missing)."),
        .option("compare", value: "file", help: "A previous report.json: show coverage up or down, new and fixed findings, new custom labels."),
        .flag("strict", help: "Check warnings fail the release too."),
    ]

    let project: String
    let formats: [ReportFormat]
    let out: String?
    let compare: String?
    let strict: Bool

    init(_ arguments: ParsedArguments) throws {
        project = arguments.value("project") ?? "."
        let names = arguments.values("format")
        if names.isEmpty, arguments.isGiven("format") {
            throw UsageError("--format needs a format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        formats = try (names.isEmpty ? ["text"] : names).map { name in
            guard let format = ReportFormat(rawValue: name) else {
                throw UsageError.unknown("format", name, among: ReportFormat.allCases.map(\.rawValue))
            }
            return format
        }
        out = arguments.value("out")
        compare = arguments.value("compare")
        strict = arguments.flag("strict")
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let root = context.url(for: project, isDirectory: true)
        let model = try ProjectDiscovery(root: root).discover(waiting: context.note)
        context.describeDiscovery(model, root: root)
        for warning in model.warnings { context.note(warning) }
        var report = try ReportJob(checkOptions: CheckOptions(strict: strict)).run(on: model)
        let prefix = context.displayPrefix(for: root)
        if let compare {
            let url = context.url(for: compare)
            report.comparison = try ReportComparison.compare(report, previous: AtomicFile.read(url, shownAs: compare), file: compare, pathPrefix: prefix)
        }
        guard let out else {
            context.write(report.render(formats[0], pathPrefix: prefix, color: context.usesColor))
            return report.passes ? .success : .findings
        }
        let folder = context.url(for: out, isDirectory: true)
        try AtomicFile.createFolder(folder, shownAs: out)
        try AtomicFile.writeAll(report.files(formats, pathPrefix: prefix).map { ($0.data, folder.appendingPathComponent($0.name)) })
        context.write(report.render(.text, pathPrefix: prefix, color: context.usesColor))
        for format in formats {
            context.print("wrote \((out.hasSuffix("/") ? out : out + "/") + format.fileName)")
        }
        return report.passes ? .success : .findings
    }
}
