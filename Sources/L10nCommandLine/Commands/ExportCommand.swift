import Foundation
import L10nKit

/// `l10n export --xliff [--project DIR] [--locale L]... [--scope overrides|missing|all] [--out DIR] [--xcloc]`:
/// translator files, one per target locale.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "export",
        abstract: "Write XLIFF files (or .xcloc bundles) for translators, as Xcode's Export Localizations does.",
        discussion: """
        One <out>/<locale>.xliff per locale, byte-compatible with Xcode's export (ids, order, notes, \
        states, positional specifiers); with --xcloc a <locale>.xcloc bundle instead. Scopes: \
        missing (default): units without a finished translation, including, for a locale the SDK \
        does not ship, every SDK key, under the app catalog where its translation lands; \
        overrides: the custom labels (app renames of SDK keys); all: everything Xcode exports \
        from the app's String Catalogs, .strings and .stringsdict tables, storyboards, XIBs, \
        intent definitions and Info.plist keys (as <dir>/en.lproj/InfoPlist.strings where the \
        project has no such file, as Xcode synthesizes it). The SDK's own catalog is never \
        exported. Each locale's line gives its units and source words (ICU word break), the count vendors quote by. \
        A locale with nothing to export gets no file. The source language exports with --scope \
        all as Xcode writes it for copy editors: every target is the source text.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .flag("xliff", help: "Write XLIFF 1.2 (the default format)."),
        .flag("xcloc", help: "Wrap each locale's XLIFF in an .xcloc bundle with contents.json, Source Contents and Notes."),
        .option("project", value: "dir", help: "The project folder.", default: "."),
        .repeatingOption("locale", value: "locale", help: "Target locale; repeat or separate with commas (default: the app's declared locales without the source language)."),
        .option("scope", value: "scope", help: "overrides, missing or all.", default: "missing", values: ExportScope.allCases.map(\.rawValue)),
        .option("out", value: "dir", help: "Folder the files are written to (created when missing).", default: "."),
        OutputFormat.argument(help: "text, or json: every locale with the file written, its units and source words."),
        .flag("budgets", help: "Give each unit with a width budget maxwidth=\"N\" size-unit=\"char\" (without it the export stays byte-compatible with Xcode's)."),
        .flag("suggestions", help: "Give each unit without a finished translation the project's own translations of the same or a similar source as <alt-trans match-quality origin> (docs/exchange.md)."),
    ]

    let project: String
    let locales: [String]
    let scope: ExportScope
    let out: String
    let format: ExportFormat
    let budgets: Bool
    let output: OutputFormat
    let suggestions: Bool

    init(_ arguments: ParsedArguments) throws {
        project = arguments.value("project") ?? "."
        locales = try arguments.locales("locale")
        let scopeName = arguments.value("scope") ?? "missing"
        guard let scope = ExportScope(rawValue: scopeName) else {
            throw UsageError.unknown("scope", scopeName, among: ExportScope.allCases.map(\.rawValue))
        }
        self.scope = scope
        out = arguments.value("out") ?? "."
        if arguments.flag("xcloc"), arguments.flag("xliff") {
            throw UsageError("--xliff and --xcloc exclude each other: --xcloc wraps each locale's XLIFF in a bundle instead of writing it alone")
        }
        format = arguments.flag("xcloc") ? .xcloc : .xliff
        budgets = arguments.flag("budgets")
        output = try OutputFormat(arguments)
        suggestions = arguments.flag("suggestions")
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let discovered = try ProjectDiscovery(root: context.url(for: project, isDirectory: true)).discover(waiting: context.note)
        for warning in discovered.warnings { context.note(warning) }
        let exporter = XLIFFExporter(project: discovered)
        let targets = locales.isEmpty ? exporter.defaultLocales : ExportJob.spelled(locales, in: discovered)
        try ExportJob.requireLanguages(targets)
        guard !targets.isEmpty else {
            throw UsageError("the project declares no locale besides its source language \(discovered.sourceLanguage); pass --locale")
        }
        if scope != .all, let source = targets.first(where: { $0 == discovered.sourceLanguage }) {
            throw UsageError("'\(source)' is the source language: export it for copy editors with --scope all (import their edits with l10n import --source-edits)")
        }
        let offered = discovered.app.availableLocalizations
        for locale in targets where BundleLocalizations.spelling(of: locale, in: offered) == nil {
            let nearest = Suggestion.didYouMean(locale, among: offered.sorted()).map { " did you mean '\($0)'?" } ?? ""
            context.note("warning: the app does not declare '\(locale)';\(nearest) devices will not choose it until Info.plist lists it")
        }
        let folder = context.url(for: out, isDirectory: true)
        let job = ExportJob(options: ExportOptions(locales: targets, scope: scope, format: format, budgets: budgets, suggestions: suggestions))
        let exported = try job.run(on: discovered, into: folder, folderShownAs: out, tool: XLIFFTool.l10n(version: L10nTool.version)) {
            context.progress($0, of: $1, "export \($2)")
        }
        var rows: [JSONValue] = []
        for locale in exported {
            let name = locale.url?.lastPathComponent ?? LocaleExport.fileName(locale: locale.locale, format: format)
            let shown = out == "." ? name : (out.hasSuffix("/") ? out : out + "/") + name
            var row: [(key: String, value: JSONValue)] = [("locale", .string(locale.locale)), ("file", locale.url == nil ? .null : .string(shown)),
                                                         ("units", .number(String(locale.units))), ("words", .number(String(locale.sourceWords))),
                                                         ("files", .number(String(locale.files)))]
            if let suggested = locale.suggested { row.append(("suggested", .number(String(suggested)))) }
            rows.append(.object(row))
            if locale.url != nil {
                context.detail("\(locale.locale): \(locale.units) unit\(locale.units == 1 ? "" : "s") from \(locale.files) file\(locale.files == 1 ? "" : "s")")
            }
            if output == .text { context.print(locale.summary(path: shown, scope: scope)) }
        }
        if output == .json {
            let root = JSONValue.object([("scope", .string(scope.rawValue)), ("locales", .array(rows))])
            context.write(String(decoding: JSONWriter(keyOrder: .asGiven, finalNewline: true).data(for: root), as: UTF8.self))
        }
        return .success
    }
}
