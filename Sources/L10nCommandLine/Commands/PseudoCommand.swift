import Foundation
import L10nKit

/// `l10n pseudo [--project DIR] [--style S]... [--expansion auto|PERCENT] [--locale ID] [--out DIR | --xliff | --write]`:
/// a pseudo-locale from the source texts, to find truncation before any translation exists.
struct PseudoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "pseudo",
        abstract: "Make a pseudo-locale (en-XA, ar-XB) from the source texts, to see truncation and hard-coded text before translation.",
        discussion: """
        Every unit an export would give a translator gets a pseudo translation: letters accented, \
        the text padded as long languages grow (auto: +100% up to 10 columns, +40% up to 20, +30% \
        beyond), brackets around it, or words right to left between bidi marks. Placeholders, %%, \
        %#@name@ tokens, Markdown link targets and inflection attributes stay intact and in order; \
        plural variations get every category of the pseudo-locale. --xliff writes <out>/<locale>.xliff \
        (import it into a scratch copy); --out writes the catalogs and .strings files that change into \
        DIR at their project paths; only --write changes the project itself. See docs/pseudo.md.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .option("project", value: "dir", help: "The project folder.", default: "."),
        .repeatingOption("style", value: "style", help: "accented, expanded, bracketed or bidi (repeat or separate with commas; default: accented, expanded, bracketed).",
                         values: PseudoStyle.allCases.map(\.rawValue)),
        .option("expansion", value: "percent", help: "auto (by text length) or a percentage for every text.", default: "auto"),
        .option("locale", value: "locale", help: "The pseudo-locale's id (default: ar-XB with bidi, else en-XA)."),
        .option("out", value: "dir", help: "Folder the XLIFF or the catalogs are written to (created when missing)."),
        .flag("xliff", help: "Write <out>/<locale>.xliff instead of catalogs (out defaults to .)."),
        .flag("write", help: "Write the pseudo-locale into the project's own catalogs and tables."),
    ] + WriteOptions.arguments

    let project: String
    let localization: PseudoLocalization
    let out: String?
    let xliff: Bool
    let writeProject: Bool
    let writing: WriteOptions

    init(_ arguments: ParsedArguments) throws {
        writing = try WriteOptions(arguments)
        project = arguments.value("project") ?? "."
        var styles: [PseudoStyle] = []
        for name in arguments.values("style") {
            guard let style = PseudoStyle(rawValue: name) else {
                throw UsageError("unknown style '\(name)'; use \(PseudoStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            styles.append(style)
        }
        let expansionText = arguments.value("expansion") ?? "auto"
        guard let expansion = PseudoExpansion(argument: expansionText) else {
            throw UsageError("--expansion takes auto or a percentage from 0 to 1000, not '\(expansionText)'")
        }
        let locale = try arguments.locales("locale").last
        if let locale, locale == "Base" || locale == "mul" {
            throw UsageError("--locale \(locale) names no language a device runs in; use a pseudo-locale id such as en-XA or ar-XB")
        }
        localization = PseudoLocalization(locale: locale, text: PseudoText(styles: styles.isEmpty ? PseudoStyle.defaults : styles, expansion: expansion))
        out = arguments.value("out")
        xliff = arguments.flag("xliff")
        writeProject = arguments.flag("write")
        if writeProject && (xliff || out != nil) {
            throw UsageError("--write changes the project; it does not go with --out or --xliff")
        }
        if !writeProject && !xliff && out == nil {
            throw UsageError("say where the pseudo-locale goes: --out DIR (catalogs), --xliff (an XLIFF) or --write (the project's catalogs)")
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let root = context.url(for: project, isDirectory: true)
        // --out and --xliff write no file of the project, so they lock none; they still read it,
        // and wait for a run writing it up to --lock-timeout, as the other commands that take it do.
        if xliff || out != nil { try writing.awaitInterruptedWrites(in: root, context) }
        if xliff {
            let discovered = try ProjectDiscovery(root: root).discover(waiting: context.note)
            for warning in discovered.warnings { context.note(warning) }
            let export = localization.export(discovered)
            let folder = context.url(for: out ?? ".", isDirectory: true)
            try export.write(to: folder, format: .xliff, tool: .l10n(version: L10nTool.version))
            let shown = (out.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "") + export.fileName(.xliff)
            context.print("wrote \(shown): \(export.unitCount) unit\(export.unitCount == 1 ? "" : "s") of pseudo-locale \(localization.locale)")
            return .success
        }
        if let out {
            let discovered = try ProjectDiscovery(root: root).discover(waiting: context.note)
            for warning in discovered.warnings { context.note(warning) }
            let plan = try planned(discovered, context)
            let folder = context.url(for: out, isDirectory: true)
            // Compared with links resolved: `--out link` to the project would write pseudo text
            // over the project's own catalogs.
            if FileTransaction.resolved(folder).path == FileTransaction.resolved(root).path {
                throw UsageError("--out names the project folder; use --write to change the project")
            }
            for path in try PseudoLocalization.write(plan, under: folder) {
                context.print("wrote \((out.hasSuffix("/") ? out : out + "/") + path)")
            }
            context.print("pseudo-locale \(localization.locale): \(plan.totals.applied) values")
            return .success
        }
        try writing.recoverInterruptedWrites(in: root, context)
        let job = ImportJob(options: ImportOptions(force: writing.force, lockTimeout: writing.lockTimeout))
        let plan = try job.run(root: root, waiting: context.note, warnings: context.note) { try planned($0, context) }.plan
        for change in plan.changes { context.print("wrote \(change.path): \(change.appliedUnits) values") }
        context.print("pseudo-locale \(localization.locale): \(plan.totals.applied) values written into the project")
        return .success
    }

    private func planned(_ project: Project, _ context: CommandContext) throws -> ImportPlan {
        // Written into the project, a real language's translations would be replaced or hidden
        // by pseudo text: `fr`'s values, or `de` behind a new `de-DE` that de-DE devices prefer,
        // or a language only the SDK ships behind the app's editor catalog.
        let locale = localization.locale
        if writeProject, !PseudoLocalization.pseudoLocales.contains(locale) {
            let language = ICULocale.language(locale)
            let known = project.catalogs.flatMap(\.catalog.locales) + project.stringsTables.flatMap { Array($0.files.keys) + Array($0.pluralFiles.keys) }
                + project.app.availableLocalizations
            if let taken = known.first(where: { $0 != "Base" && ICULocale.language($0) == language }) {
                throw InputError(file: project.root.path, "already has '\(taken)'; --write --locale \(locale) would replace or hide its translations with pseudo text, so nothing was written",
                                 hint: "use a pseudo-locale id (en-XA, ar-XB), or --out DIR to write the pseudo files elsewhere")
            }
            // A language the project lacks is one devices still choose: its new .lproj folders
            // would ship the pseudo text to them.
            if !PseudoLocalization.pseudoLocales.contains(locale) {
                throw InputError(file: project.root.path, "'\(locale)' is a language devices choose; --write --locale \(locale) would ship pseudo text to them in the app's new '\(locale)' files, so nothing was written",
                                 hint: "use a pseudo-locale id (en-XA, ar-XB), or --out DIR to write the pseudo files elsewhere")
            }
        }
        let plan: ImportPlan
        do {
            plan = try localization.plan(project)
        } catch {
            for problem in error.errors { context.printError(problem.description) }
            throw UsageError("the pseudo-locale could not be planned; nothing was written")
        }
        for outcome in plan.outcomes where outcome.status == .refused {
            context.note("warning: \(outcome.original): \(outcome.id): not written (\(outcome.message ?? "refused"))")
        }
        return plan
    }
}
