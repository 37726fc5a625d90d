import Foundation

/// Which units an export hands to the translator.
///
/// - `all`: what Xcode's Export Localizations writes for the app's catalogs and `.strings`
///   tables (not the SDK's read-only catalog, nor anything in a vendor folder): every unit,
///   translated or not, `translate="no"` units included. Plus the SDK units `missing` adds, so
///   that `all` always contains `missing`.
/// - `missing`: the units that have no finished translation for the locale: no value, or a value
///   in any state but `translated` (`new`, `needs_review`, `stale`, `machine_translated`), which
///   is exported as the current target with its state. Left out: `translate="no"` units, entries
///   Xcode marked `extractionState: stale` (no longer in the code), and catalogs the lookup chain
///   never reads. For SDK keys that no app layer defines, the units the SDK itself does not
///   translate for the locale (every one, for a locale the SDK does not ship) are exported
///   under the app's editor-table catalog (`ExchangeFiles.editorCatalogPath`), where an import
///   puts their translations, with the SDK's source text and comment.
/// - `overrides`: the custom labels only (app keys that rename an SDK key), every unit of each,
///   under the app catalog whose definition wins, so a translator can review the brand wording.
public enum ExportScope: String, Sendable, CaseIterable {
    case overrides
    case missing
    case all
}

/// One locale's export: the XLIFF document and, for an `.xcloc` bundle, the source files.
public struct LocaleExport: Sendable {
    public var locale: String
    public var scope: ExportScope
    /// The `<file>` elements in Xcode's order, each with the locale as `target-language`.
    public var document: XLIFFDocument
    /// `Source Contents/` of an `.xcloc`: each `<file original>` with its bytes (catalogs reduced
    /// to the source language, SDK entries exported under an app catalog included; `.strings`
    /// source files as they are).
    public var sourceContents: [(path: String, data: Data)]
    /// `developmentRegion` of the bundle's `contents.json`.
    public var developmentRegion: String
    /// `project` of the bundle's `contents.json`: the `.xcodeproj` at the root, else the root folder's name.
    public var projectName: String

    /// Units over all files.
    public var unitCount: Int { document.files.reduce(0) { $0 + $1.units.count } }
}

/// Builds translator files from a discovered project, byte-compatible with Xcode's export
/// (formats.md §2): unit ids, order, notes, states, positional specifiers, and for a `.strings`
/// table without a file for the locale, `datatype` first in the `<file>` tag. See `ExportScope`
/// for what each scope covers.
public struct XLIFFExporter: Sendable {
    public var project: Project
    public var files: ExchangeFiles

    public init(project: Project) {
        self.project = project
        self.files = ExchangeFiles(project: project)
    }

    /// The locales exported when none are given: those the app declares (`CFBundleLocalizations`,
    /// else its `.lproj` folders), without the source language.
    public var defaultLocales: [String] {
        let declared = project.app.declaredLocalizations ?? project.app.availableLocalizations
        var seen = Set<String>()
        return declared.filter { $0 != project.sourceLanguage && $0 != "Base" && seen.insert($0).inserted }
    }

    /// The export of one locale.
    public func export(locale: String, scope: ExportScope) -> LocaleExport {
        let catalogUnits = CatalogUnits(locale: locale)
        var xliffFiles: [XLIFFFile] = []
        var sourceContents: [(path: String, data: Data)] = []
        let sdkUnits = scope == .overrides ? [] : self.sdkUnits(catalogUnits)
        let sdkEntries = sdkUnits.isEmpty ? [:] : sdkEntriesByKey(sdkUnits)
        var customLabelKeys: [String: Set<String>] = [:]
        if scope == .overrides {
            for label in project.customLabels {
                guard let path = label.layer.catalogPath else { continue }
                customLabelKeys[path, default: []].insert(label.key)
            }
        }

        for file in files.catalogs {
            let catalog = file.catalog
            var units: [ExchangeUnit] = []
            switch scope {
            case .all:
                for key in catalog.entries.keys {
                    units += catalogUnits.units(key: key, entry: catalog.entries[key]!, sourceLanguage: catalog.sourceLanguage)
                }
            case .missing:
                guard !files.ignoredCatalogPaths.contains(file.path) else { break }
                for (key, entry) in catalog.entries where entry.extractionState != .stale && entry.shouldTranslate != false {
                    units += catalogUnits.units(key: key, entry: entry, sourceLanguage: catalog.sourceLanguage).filter { !$0.isTranslated }
                }
            case .overrides:
                for key in customLabelKeys[file.path] ?? [] {
                    guard let entry = catalog.entries[key] else { continue }
                    units += catalogUnits.units(key: key, entry: entry, sourceLanguage: catalog.sourceLanguage)
                }
            }
            var reduced = catalog
            if file.path == files.editorCatalogPath {
                units += sdkUnits
                for (key, entry) in sdkEntries { reduced.entries[key] = entry }
            }
            guard scope == .all || !units.isEmpty else { continue }
            xliffFiles.append(xliffFile(original: file.path, sourceLanguage: catalog.sourceLanguage, locale: locale, units: units))
            sourceContents.append((file.path, StringCatalogWriter().data(for: Self.reduced(reduced))))
        }

        if !sdkUnits.isEmpty, let path = files.editorCatalogPath, files.catalog(atPath: path) == nil, let sdk = files.sdkCatalog {
            xliffFiles.append(xliffFile(original: path, sourceLanguage: sdk.catalog.sourceLanguage, locale: locale, units: sdkUnits))
            let created = StringCatalog(sourceLanguage: sdk.catalog.sourceLanguage, entries: sdkEntries)
            sourceContents.append((path, StringCatalogWriter().data(for: Self.reduced(created))))
        }

        if scope != .overrides {
            for table in files.tables {
                let target = table.table.files[locale]
                var units = StringsUnits.units(source: table.sourceFile, target: target)
                if scope == .missing { units = units.filter { !$0.isTranslated } }
                guard scope == .all || !units.isEmpty else { continue }
                var file = xliffFile(original: table.originalPath, sourceLanguage: project.sourceLanguage, locale: locale, units: units)
                if target == nil { file.attributeOrder = .datatypeFirst }
                xliffFiles.append(file)
                sourceContents.append((table.originalPath, StringsWriter.data(for: table.sourceFile)))
            }
        }

        let document = XLIFFDocument(files: XLIFFOrder.sortedFiles(xliffFiles))
        let order = Dictionary(uniqueKeysWithValues: document.files.enumerated().map { ($1.original, $0) })
        sourceContents.sort { order[$0.path, default: 0] < order[$1.path, default: 0] }
        return LocaleExport(locale: locale, scope: scope, document: document, sourceContents: sourceContents,
                            developmentRegion: project.app.developmentRegion ?? project.sourceLanguage,
                            projectName: projectName)
    }

    /// The units of SDK-only keys that the SDK does not translate for the locale.
    private func sdkUnits(_ catalogUnits: CatalogUnits) -> [ExchangeUnit] {
        guard let sdk = files.sdkCatalog, files.editorCatalogPath != nil else { return [] }
        var units: [ExchangeUnit] = []
        for key in files.sdkOnlyKeys {
            guard let entry = sdk.catalog.entries[key], entry.shouldTranslate != false else { continue }
            units += catalogUnits.units(key: key, entry: entry, sourceLanguage: sdk.catalog.sourceLanguage).filter { !$0.isTranslated }
        }
        return units
    }

    private func sdkEntriesByKey(_ units: [ExchangeUnit]) -> [String: CatalogEntry] {
        guard let sdk = files.sdkCatalog else { return [:] }
        var entries: [String: CatalogEntry] = [:]
        for unit in units { entries[unit.key] = sdk.catalog.entries[unit.key] }
        return entries
    }

    private func xliffFile(original: String, sourceLanguage: String, locale: String, units: [ExchangeUnit]) -> XLIFFFile {
        let sorted = units.sorted { XLIFFOrder.catalogUnitPrecedes($0.id, $1.id) }
        return XLIFFFile(original: original, sourceLanguage: sourceLanguage, targetLanguage: locale, units: sorted.map(\.transUnit))
    }

    /// The catalog with only its source-language localizations, as `.xcloc` source contents hold it.
    static func reduced(_ catalog: StringCatalog) -> StringCatalog {
        var copy = catalog
        copy.endsWithNewline = false
        for (key, entry) in copy.entries {
            guard let localizations = entry.localizations else { continue }
            copy.entries[key]!.localizations = localizations.filter { $0.key == catalog.sourceLanguage }
        }
        return copy
    }

    private var projectName: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: project.root.path)) ?? []
        return names.filter { $0.hasSuffix(".xcodeproj") }.sorted().first ?? project.root.lastPathComponent
    }
}

/// The file form of an export.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// `<locale>.xliff`.
    case xliff
    /// `<locale>.xcloc/`, the bundle Xcode's Export Localizations writes.
    case xcloc
}

extension LocaleExport {
    /// The name of the file or bundle written into the output folder.
    public func fileName(_ format: ExportFormat) -> String {
        locale + "." + format.rawValue
    }

    /// Writes `<folder>/<locale>.xliff` or the bundle `<folder>/<locale>.xcloc` (atomically, the
    /// header naming `tool`) and returns its URL. The folder is created when missing.
    @discardableResult
    public func write(to folder: URL, format: ExportFormat, tool: XLIFFTool) throws -> URL {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw InputError(file: folder.path, "cannot create the output folder (\(error.localizedDescription))",
                             hint: "check that the parent folder exists and is writable")
        }
        let writer = XLIFFWriter(tool: tool)
        let url = folder.appendingPathComponent(fileName(format))
        switch format {
        case .xliff:
            try writer.write(document, to: url)
        case .xcloc:
            let contents = XclocContents(
                developmentRegion: developmentRegion, targetLocale: locale, project: projectName,
                toolInfo: XclocContents.ToolInfo(toolBuildNumber: tool.buildNumber ?? tool.version, toolID: tool.id,
                                                 toolName: tool.name, toolVersion: tool.version),
                version: "1.0")
            try XclocBundle.write(document: document, contents: contents, sourceContents: sourceContents, to: url, writer: writer)
        }
        return url
    }
}
