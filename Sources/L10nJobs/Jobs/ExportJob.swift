import Foundation
import L10nLocale
import L10nCore
import L10nXLIFF
import L10nProject
import L10nExchange

/// What an export is asked to do, from the command line or a pipeline stage.
public struct ExportOptions: Sendable, Equatable {
    /// Target locales (empty: the app's declared locales without the source language).
    public var locales: [String]
    public var scope: ExportScope
    public var format: ExportFormat
    /// Width budgets as `maxwidth` (`export --budgets`).
    public var budgets: Bool
    /// The project's own translations as `<alt-trans>` (`export --suggestions`).
    public var suggestions: Bool

    public init(locales: [String] = [], scope: ExportScope = .missing, format: ExportFormat = .xliff,
                budgets: Bool = false, suggestions: Bool = false) {
        self.locales = locales
        self.scope = scope
        self.format = format
        self.budgets = budgets
        self.suggestions = suggestions
    }
}

/// One locale of an export: the file written (nil when the scope left nothing to export) and the
/// counts vendors quote by.
public struct ExportedLocale: Sendable, Equatable {
    public var locale: String
    public var url: URL?
    public var units: Int
    /// Words of the units' sources (ICU word break, specifiers left out).
    public var sourceWords: Int
    /// The `<file>` elements (one per catalog or table).
    public var files: Int
    /// Units given suggestions; nil when none were asked for.
    public var suggested: Int?
}

/// Exports a loaded project's locales into a folder, one file (or `.xcloc`) per locale with
/// something to translate: the one way the `export` command and a pipeline's export stage write.
public struct ExportJob: Sendable {
    public var options: ExportOptions

    public init(options: ExportOptions = ExportOptions()) {
        self.options = options
    }

    /// The locales this run exports in `project`.
    public func locales(in project: Project) -> [String] {
        options.locales.isEmpty ? XLIFFExporter(project: project).defaultLocales : Self.spelled(options.locales, in: project)
    }

    /// Refuses `Base` and `mul`: folders, not languages. A translator file for them would name
    /// a target language no device runs in, which the import refuses.
    public static func requireLanguages(_ locales: [String]) throws {
        guard let folder = locales.first(where: { $0 == "Base" || $0 == "mul" }) else { return }
        throw InputError("'\(folder)' is no language a translator can translate into (\(folder == "Base" ? "Base.lproj holds the storyboards' development-language texts" : "mul.lproj holds a catalog's several languages"))",
                         hint: "export the languages themselves, e.g. --locale de")
    }

    /// Requested locales as the project spells them, as CFBundle finds a language: `en` is the
    /// source `English` of an `English.lproj` project, `pt-BR` its `pt_BR.lproj`. Others stay.
    public static func spelled(_ locales: [String], in project: Project) -> [String] {
        let known = [project.sourceLanguage] + project.app.availableLocalizations
        var seen = Set<String>()
        return locales.map { BundleLocalizations.spelled($0, in: known) }.filter { seen.insert(LocaleIdentifier.canonicalized($0) ?? $0).inserted }
    }

    /// Writes every locale's file into `folder` (created when something is written; a failure to
    /// create it names `folderShownAs`) and returns what was written, in locale order; `progress`
    /// hears of each locale before it starts.
    public func run(on project: Project, into folder: URL, folderShownAs: String? = nil, tool: XLIFFTool,
                    progress: (_ done: Int, _ total: Int, _ locale: String) -> Void = { _, _, _ in }) throws -> [ExportedLocale] {
        let exporter = XLIFFExporter(project: project)
        let targets = locales(in: project)
        try Self.requireLanguages(targets)
        // Scopes are about translations; the development language's file is all its source texts.
        if options.scope != .all, targets.contains(project.sourceLanguage) {
            throw InputError("'\(project.sourceLanguage)' is the source language: export it for copy editors with scope all",
                             hint: "its file holds every source text as its own target; import the edits with sourceEdits (l10n import --source-edits)")
        }
        var results: [ExportedLocale] = []
        // Every locale's file has mostly the same source texts: each is counted once.
        var wordCounts = SourceWordCounts()
        func finish(_ export: LocaleExport, suggestions: Bool) throws {
            guard export.unitCount > 0 else {
                results.append(ExportedLocale(locale: export.locale, url: nil, units: 0, sourceWords: 0, files: 0, suggested: suggestions ? 0 : nil))
                return
            }
            try AtomicFile.createFolder(folder, shownAs: folderShownAs)
            let url = try export.write(to: folder, format: options.format, tool: tool)
            let suggested = suggestions ? export.document.files.reduce(0) { $0 + $1.units.filter { !$0.alternatives.isEmpty }.count } : nil
            results.append(ExportedLocale(locale: export.locale, url: url, units: export.unitCount, sourceWords: export.sourceWords(counting: &wordCounts),
                                          files: export.document.files.count, suggested: suggested))
        }
        let budgets = options.budgets
        if options.suggestions {
            try exporter.exportsWithSuggestions(locales: targets, scope: options.scope,
                                                adjust: { budgets ? exporter.withBudgets($0) : $0 }, progress: progress) {
                try finish($0, suggestions: true)
            }
            return results
        }
        for (index, locale) in targets.enumerated() {
            progress(index + 1, targets.count, locale)
            let export = exporter.export(locale: locale, scope: options.scope)
            try finish(budgets ? exporter.withBudgets(export) : export, suggestions: false)
        }
        return results
    }
}

extension ExportedLocale {
    /// `wrote <path>: N units, W source words, in F files (scope S)[, K with suggestions]`, or the
    /// line for a locale with nothing to export.
    public func summary(path: String, scope: ExportScope) -> String {
        guard url != nil else { return "\(locale): nothing to export (scope \(scope.rawValue)); no file written" }
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "wrote \(path): \(plural(units, "unit")), \(plural(sourceWords, "source word")), in \(plural(files, "file")) (scope \(scope.rawValue))"
            + (suggested.map { ", \($0) with suggestions" } ?? "")
    }
}
