import Foundation
import L10nCore
import L10nFormats
import L10nProject

/// A pseudo-locale made from a project's source texts (docs/pseudo.md): as an XLIFF a scratch
/// copy imports, as catalogs, and as the model the `width` check reads for `check --pseudo`.
///
/// The units are the export's (`XLIFFExporter`, scope `all`), so the pseudo-locale gets exactly
/// the strings a translator would get, SDK keys included under the app's editor catalog, and
/// every plural category of the pseudo-locale's CLDR rules; the catalogs are what an import of
/// that XLIFF writes (`XLIFFImporter`), so nothing is written that an import would not write.
public struct PseudoLocalization: Sendable, Hashable {
    /// `en-XA` (accented, long) or `ar-XB` (right to left), the ids Android and CLDR use.
    public var locale: String
    public var text: PseudoText

    public init(locale: String? = nil, text: PseudoText = PseudoText()) {
        self.locale = locale ?? Self.defaultLocale(for: text.styles)
        self.text = text
    }

    /// The pseudo-locale ids: no real language, so writing one never replaces a translation.
    public static let pseudoLocales: Set<String> = ["en-XA", "ar-XB"]

    /// `ar-XB` when the styles include `bidi`, else `en-XA`.
    public static func defaultLocale(for styles: Set<PseudoStyle>) -> String {
        styles.contains(.bidi) ? "ar-XB" : "en-XA"
    }

    /// The pseudo-locale's XLIFF: every unit a translator would get for the locale, its target
    /// the pseudo form of its source in state `translated` (`translate="no"` units keep none).
    /// A catalog the lookup chain never reads (`ignored-catalog`) is left out: no device shows it.
    /// So are the tables Xcode synthesizes from Info.plist files: the app's own tables are pseudo-localized.
    public func export(_ project: Project) -> LocaleExport {
        var export = XLIFFExporter(project: project).export(locale: locale, scope: .all)
        let files = ExchangeFiles(project: project)
        let ignored = files.ignoredCatalogPaths.union(files.infoPlistTables.map(\.originalPath))
        export.document.files.removeAll { ignored.contains($0.original) }
        for fileIndex in export.document.files.indices {
            for unitIndex in export.document.files[fileIndex].units.indices {
                let unit = export.document.files[fileIndex].units[unitIndex]
                guard unit.translate else { continue }
                export.document.files[fileIndex].units[unitIndex].target = text.apply(unit.source)
                export.document.files[fileIndex].units[unitIndex].targetState = .translated
            }
        }
        return export
    }

    /// What writing the pseudo-locale into the project changes: the import of `export(project)`.
    public func plan(_ project: Project) throws(ImportFailure) -> ImportPlan {
        try XLIFFImporter(project: project).plan([ImportInput(path: "pseudo-locale \(locale)", document: export(project).document)])
    }

    /// Writes the files the plan changes under `folder` at their project paths (never into the
    /// project), creating folders; returns the paths written. Files outside the project root
    /// (a writable SDK layer) are left out.
    public static func write(_ plan: ImportPlan, under folder: URL) throws -> [String] {
        var written: [String] = []
        let changes = plan.changes.filter { !ProjectDiscovery.isOutsideRoot($0.path) }
        // Every file checked before any is written: a folder under `folder` that is a symbolic
        // link to elsewhere must not take the files with it.
        let boundary = FileTransaction.resolved(folder)
        for change in changes {
            let target = FileTransaction.resolved(folder.appendingPathComponent(change.path))
            guard FileTransaction.isInside(target, boundary) else {
                throw InputError(file: folder.appendingPathComponent(change.path).path,
                                 "refusing to write outside \(folder.path): the path resolves to \(target.path)",
                                 hint: "a symbolic link in the output folder leads out of it; remove it; nothing was written")
            }
        }
        for change in changes {
            let url = folder.appendingPathComponent(change.path)
            try AtomicFile.createFolder(url.deletingLastPathComponent())
            try AtomicFile.write(change.data, to: url)
            written.append(change.path)
        }
        return written
    }

    /// The project as a device in the pseudo-locale sees it, in memory only: every catalog (the
    /// SDK's too, so its labels are measured in the layer that shows them) and `.strings` table
    /// gets the pseudo-locale for the keys `including` accepts (all by default), and the app offers it.
    public func applied(to project: Project, including: (String) -> Bool = { _ in true }) -> Project {
        var copy = project
        let units = CatalogUnits(locale: locale)
        for index in project.catalogs.indices {
            var catalog = project.catalogs[index].catalog
            guard catalog.sourceLanguage != locale else { continue }
            for (key, entry) in project.catalogs[index].catalog.entries where entry.shouldTranslate != false && including(key) {
                for unit in units.units(key: key, entry: entry, sourceLanguage: catalog.sourceLanguage) {
                    let value = text.apply(unit.sourceValue, substitution: unit.sourceSubstitution)
                    try? catalog.setStringUnit(value: value, state: .translated, key: key, locale: locale, path: unit.path)
                }
            }
            copy.catalogs[index].catalog = catalog
        }
        for index in project.stringsTables.indices {
            let table = project.stringsTables[index]
            guard let source = table.sourceFile(sourceLanguage: project.sourceLanguage)?.file else { continue }
            var file = StringsFile(path: table.path(locale: locale))
            for key in source.keys where including(key) {
                if let value = source.value(forKey: key) { file.setValue(text.apply(value), forKey: key) }
            }
            copy.stringsTables[index].files[locale] = file
        }
        if !copy.app.lprojFolders.contains(locale) { copy.app.lprojFolders.append(locale) }
        return copy
    }

    /// The `width` check's findings for the pseudo-locale: the labels that overflow their
    /// surface's budget once they grow like a long language, located at their keys.
    public func widthFindings(_ project: Project) throws -> [Finding] {
        try widthFindings(project, keysOf: nil)
    }

    /// `widthFindings(project)`; with `base`, a context over `project`, the pseudo model's
    /// context takes the chain's keys and winners from it instead of collating them again.
    package func widthFindings(_ project: Project, keysOf base: CheckContext?) throws -> [Finding] {
        // Only keys on a surface with a budget are measured: the others need no pseudo value.
        let budgets = project.manifest.widths ?? (project.lookupChain.isEditorChain ? WidthBudget.editorDefaults : [])
        guard !budgets.isEmpty else { return [] }
        let surfaces = WidthBudget.Surfaces(budgets)
        let context = try CheckContext(project: applied(to: project) { surfaces.index(of: $0) != nil }, locales: [locale],
                                       keysOf: base)
        return WidthCheck().findings(in: context).filter { $0.locale == locale }.map { finding in
            var finding = finding
            finding.hint = Self.widthHint
            return finding
        }
    }

    /// What to do about a label that overflows only in the pseudo-locale.
    public static let widthHint = "no translation overflows yet, but one as long as a long language's will: shorten the source text, or give the surface more room (a wider budget in l10n.json once measured)"
}
