import Foundation
import L10nCore
import L10nFormats
import L10nLocale
import L10nXLIFF
import L10nProject

/// Which units an export hands to the translator.
///
/// - `all`: what Xcode's Export Localizations writes for the app's catalogs, `.strings`
///   tables, and storyboards, XIBs and intent definitions in `Base.lproj` (not the SDK's read-only catalog, nor
///   anything in a vendor folder): every unit,
///   translated or not, `translate="no"` units included. Plus the SDK units `missing` adds, so
///   that `all` always contains `missing`.
/// - `missing`: the units that have no finished translation for the locale: no value (for a
///   storyboard, XIB or intent definition, no entry in the locale's `<Name>.strings`), or a value
///   in any state but `translated` (`new`, `needs_review`, `stale`, `machine_translated`), which
///   is exported as the current target with its state. A unit is not missing when the locale
///   holds its translation in another form (plural variations where the source has one string,
///   or one string where the source varies). Left out: `translate="no"` units, entries
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
    /// What `sourceContents` is made of, in document order; kept as models so that an XLIFF
    /// export, which has no source files, never serializes them.
    var sourceFiles: [ExportSourceFile]
    /// `developmentRegion` of the bundle's `contents.json`.
    public var developmentRegion: String
    /// `project` of the bundle's `contents.json`: the `.xcodeproj` at the root, else the root folder's name.
    public var projectName: String

    /// `Source Contents/` of an `.xcloc`: each `<file original>` with its bytes (catalogs reduced
    /// to the source language, SDK entries exported under an app catalog included; `.strings`
    /// source files as they are). A writable layer outside the project (`../Package/...`) has no
    /// place in the bundle's folder: its units are in the XLIFF, its source copy is left out.
    /// Computed on each access.
    public var sourceContents: [(path: String, data: Data)] {
        sourceFiles.filter { !ProjectDiscovery.isOutsideRoot($0.path) }.map { ($0.path, $0.data()) }
    }

    /// Units over all files.
    public var unitCount: Int { document.unitCount }

    /// The words of the units' sources, as vendors quote by (`TransUnit.sourceWords`).
    public func sourceWords() -> Int { document.sourceWords() }

    /// The same, with the texts other locales of the run already counted.
    public func sourceWords(counting counts: inout SourceWordCounts) -> Int { document.sourceWords(counting: &counts) }
}

/// The plural categories of the export's locale, as `CatalogUnits` and as bits for `EntrySources`.
struct LocaleUnits {
    var units: CatalogUnits
    /// The locale's CLDR categories as `EntrySources.categoryBit`s; nil when ICU does not know the locale.
    var categoryBits: UInt8?

    init(locale: String) {
        units = CatalogUnits(locale: locale)
        categoryBits = units.pluralCategories.map { $0.reduce(0) { $0 | (EntrySources.categoryBit($1.rawValue) ?? 0) } }
    }
}

/// A source file of an `.xcloc` bundle, before it is written.
enum ExportSourceFile: Sendable {
    /// A catalog reduced to its source language, with the SDK entries of `sdkKeys` added from `sdk`.
    case catalog(path: String, catalog: StringCatalog, sdk: StringCatalog?, sdkKeys: [String])
    /// A legacy table's source-language file as it is.
    case strings(path: String, file: StringsFile)
    /// A file copied as it was read (a storyboard or XIB).
    case copy(path: String, data: Data)

    var path: String {
        switch self {
        case .catalog(let path, _, _, _), .strings(let path, _), .copy(let path, _): path
        }
    }

    func data() -> Data {
        switch self {
        case .catalog(_, let catalog, let sdk, let sdkKeys):
            var reduced = catalog
            if let sdk { for key in sdkKeys { reduced.setEntry(sdk.entries[key], forKey: key) } }
            return StringCatalogWriter().data(for: XLIFFExporter.reduced(reduced))
        case .strings(_, let file):
            return StringsWriter.data(for: file)
        case .copy(_, let data):
            return data
        }
    }
}

/// Builds translator files from a discovered project, byte-compatible with Xcode's export
/// (formats.md §2): unit ids, order, notes, states, positional specifiers, and for a `.strings`
/// table without a file for the locale, `datatype` first in the `<file>` tag. See `ExportScope`
/// for what each scope covers.
///
/// Work that does not depend on the locale (key order, source texts, notes) is done once per
/// exporter (`ExportSources`) and shared by every locale's export; units are ordered as indices.
public struct XLIFFExporter: Sendable {
    public var project: Project
    public var files: ExchangeFiles
    /// Locale-independent work, filled in on first use and shared by every `export(locale:scope:)`.
    let sources = ExportSources()

    public init(project: Project) {
        self.project = project
        self.files = ExchangeFiles(project: project)
        sdkLocales = project.sdkLocales
    }

    /// The locales the SDK ships, gathered once over its entries (not once per exported locale).
    private let sdkLocales: [String]

    /// The locales exported when none are given: those the app declares (`CFBundleLocalizations`,
    /// else its `.lproj` folders), without the source language.
    public var defaultLocales: [String] {
        let declared = project.app.declaredLocalizations ?? project.app.availableLocalizations
        // One locale per language id: a catalog's `pt-BR` and a table's `pt_BR.lproj` are one
        // export (each table finds its own folder), written once as `pt-BR.xliff`. Ids that are
        // no locale (a hostile `../x`) are left out; `undeclared-locale` names bad folders.
        var seen = Set<String>()
        let source = LocaleIdentifier.canonicalized(project.sourceLanguage) ?? project.sourceLanguage
        return declared.compactMap { locale -> String? in
            // A folder the model takes for another id (`iw.lproj` for `he`) is exported as that id.
            if let modelled = project.lprojNames.first(where: { $0.value == locale })?.key, LocaleIdentifier.replacementOfLegacyFolder(locale) == modelled {
                return modelled != source && seen.insert(modelled).inserted ? modelled : nil
            }
            guard locale != "Base", locale != "mul", let id = LocaleIdentifier.canonicalized(locale), id != source,
                  seen.insert(id).inserted else { return nil }
            return declared.contains(id) ? id : locale
        }
    }

    /// The width budgets `export --budgets` writes: the manifest's, else the CE.SDK surfaces.
    public var budgets: [WidthBudget] {
        project.manifest.widths ?? (project.lookupChain.isEditorChain ? WidthBudget.editorDefaults : [])
    }

    /// The export with each unit whose key has a width budget carrying it as `maxwidth` (in
    /// characters), so translators' tools hold the label to its surface.
    public func withBudgets(_ export: LocaleExport) -> LocaleExport {
        let budgets = self.budgets
        guard !budgets.isEmpty else { return export }
        var result = export
        for fileIndex in result.document.files.indices {
            for unitIndex in result.document.files[fileIndex].units.indices {
                let id = result.document.files[fileIndex].units[unitIndex].id
                let key = id.range(of: "|==|").map { String(id[..<$0.lowerBound]) } ?? id
                if let surface = WidthBudget.surface(of: key, in: budgets) {
                    result.document.files[fileIndex].units[unitIndex].maxWidth = surface.budget(for: export.locale)
                }
            }
        }
        return result
    }

    /// The export of one locale.
    public func export(locale: String, scope: ExportScope) -> LocaleExport {
        // Catalogs name locales by id (`pt-BR`, `it`), whatever the folders say (`pt_BR.lproj`,
        // `Italian.lproj`): a locale spelled as a folder is looked up there by its id.
        let catalogLocale = Self.languageAttribute(locale)
        let catalogUnits = LocaleUnits(locale: catalogLocale)
        var xliffFiles: [XLIFFFile] = []
        var sourceFiles: [ExportSourceFile] = []
        // The development language in scope all is the file for copy editors: the app's own source
        // texts as targets; the SDK's are not the app's to edit.
        let copyEdits = scope == .all && locale == project.sourceLanguage
        // The SDK's keys are missing where the SDK's own translation for the locale lacks them:
        // for an app in de-AT, the SDK's de (which its bundle reads there), not a de-AT it never ships.
        let sdkServed = project.sdkTranslation(forAppLocale: catalogLocale, shipped: sdkLocales).flatMap { $0 == catalogLocale ? nil : LocaleUnits(locale: $0) }
        var sdk = scope == .overrides || copyEdits ? (units: [], keys: []) : sdkUnits(sdkServed ?? catalogUnits)
        var customLabelKeys: [String: Set<String>] = [:]
        if scope == .overrides {
            for label in project.customLabels {
                guard let path = label.layer.catalogPath else { continue }
                customLabelKeys[path, default: []].insert(label.key)
            }
        }

        func overridesLowerLayer(_ path: String, _ key: String) -> Bool {
            guard let position = project.lookupChain.layers.firstIndex(where: { $0.catalogPath == path }) else { return false }
            return project.layerBelow(position, contains: key)
        }
        for file in files.catalogs {
            let catalog = sources.catalog(file)
            // The editor catalog's run has room for the SDK's units, which are merged into it in place.
            let sdkRoom = file.path == files.editorCatalogPath ? sdk.units.count : 0
            var units: [TransUnit]
            switch scope {
            case .all:
                units = self.units(of: catalog, catalogUnits, missingOnly: false, sourceAsTarget: copyEdits, room: sdkRoom) { _, _ in true }.units
            case .missing:
                if files.ignoredCatalogPaths.contains(file.path) {
                    units = []
                } else {
                    // A stale entry is no longer in the code, unless it overrides a lower layer's
                    // key: Xcode marks the app's overrides of SDK keys stale, yet the SDK reads them
                    // and the override wins on devices (the report counts them too).
                    units = self.units(of: catalog, catalogUnits, missingOnly: true) { _, entry in
                        entry.translate && (!entry.isStale || overridesLowerLayer(file.path, entry.key))
                    }.units
                }
            case .overrides:
                let keys = customLabelKeys[file.path] ?? []
                units = keys.isEmpty ? [] : self.units(of: catalog, catalogUnits, missingOnly: false) { _, entry in keys.contains(entry.key) }.units
            }
            var sdkKeys: [String] = []
            if file.path == files.editorCatalogPath && !sdk.units.isEmpty {
                // The SDK's units are moved into this catalog's file: no other file takes them.
                mergeSDKUnits(&units, &sdk.units, into: catalog)
                sdkKeys = sdk.keys
            }
            guard scope == .all || !units.isEmpty else { continue }
            xliffFiles.append(XLIFFFile(original: file.path, sourceLanguage: file.catalog.sourceLanguage, targetLanguage: catalogLocale, units: units))
            sourceFiles.append(.catalog(path: file.path, catalog: file.catalog, sdk: files.sdkCatalog?.catalog, sdkKeys: sdkKeys))
        }

        if !sdk.units.isEmpty, let path = files.editorCatalogPath, files.catalog(atPath: path) == nil, let sdkFile = files.sdkCatalog {
            xliffFiles.append(XLIFFFile(original: path, sourceLanguage: sdkFile.catalog.sourceLanguage, targetLanguage: catalogLocale,
                                        units: sdk.units))
            sourceFiles.append(.catalog(path: path, catalog: StringCatalog(sourceLanguage: sdkFile.catalog.sourceLanguage),
                                        sdk: sdkFile.catalog, sdkKeys: sdk.keys))
        }

        if scope != .overrides {
            // Storyboards, XIBs and intent definitions are exported like `.strings` tables of their
            // base strings: no states, the document's path as `original`, targets from the locale's
            // strings file.
            // The tables Xcode synthesizes from Info.plist files go out with everything Xcode
            // exports, the copy editors' file included (Xcode 11.6's of exelban/stats holds them).
            for table in files.tables + files.interfaceTables + files.intentTables + (scope == .all ? files.infoPlistTables : []) {
                // A Base document's development-language texts are its own texts (the copy editors' file).
                // The copy editors' file: the table's own source texts (`Base.lproj` when it has no `en.lproj`).
                let target = copyEdits ? table.sourceFile : table.table.files[Self.folder(locale, among: table.table.files.keys)]
                // A key the table's `.stringsdict` also defines takes its text from there: Xcode
                // exports its `.strings` unit as not to translate, without target, the note marked.
                let plural = table.hasBaseDocument ? nil : table.table.pluralFiles[table.sourceLocale]
                let sdkKeys = table.sdkKeys
                var units: [TransUnit] = []
                let tableSources = sources.table(table)
                for (position, unit) in tableSources.units.enumerated() {
                    if table.isInfoPlist, !InfoPlistStrings.isExported(key: unit.key, value: table.sourceFile.value(forKey: unit.key) ?? "") { continue }
                    // An SDK key of the legacy editor table goes out as it does under an editor
                    // catalog: not to copy editors, and only where the SDK lacks its translation
                    // (unless the app's locale file has one, which `all` carries).
                    if !sdkKeys.isEmpty, sdkKeys.contains(unit.key),
                       copyEdits || (target?.value(forKey: unit.key) == nil && sdkTranslates(unit.key, appLocale: catalogLocale)) { continue }
                    if let plural, plural.root[unit.key] != nil {
                        if scope == .all {
                            units.append(TransUnit(id: unit.key, translate: false, source: unit.source, target: nil, targetState: nil,
                                                   note: unit.note.isEmpty ? StringsdictUnits.stringsNote : unit.note + StringsdictUnits.stringsNoteSuffix))
                        }
                        continue
                    }
                    let value = target?.value(forKey: unit.key)
                    if scope == .missing && value != nil { continue }
                    units.append(TransUnit(id: unit.key, translate: true, source: unit.source, target: value, targetState: nil, note: unit.note))
                    units[units.count - 1].escaped = XLIFFEscapedUnit(texts: tableSources.texts, index: Int32(position))
                }
                // A storyboard or XIB without texts has no `<file>`, in scope all too (as Xcode exports);
                // nor has an editor table the app has no development-language file of, without SDK units.
                guard (scope == .all && !table.hasBaseDocument && !table.isSDKKeysOnly) || !units.isEmpty else { continue }
                var file = XLIFFFile(original: table.originalPath, sourceLanguage: Self.languageAttribute(project.sourceLanguage),
                                     targetLanguage: Self.languageAttribute(locale), units: units)
                if target == nil { file.attributeOrder = .datatypeFirst }
                xliffFiles.append(file)
                if table.hasBaseDocument && !table.isInfoPlist {
                    sourceFiles.append(.copy(path: table.originalPath, data: table.documentData ?? Data()))
                } else {
                    sourceFiles.append(.strings(path: table.originalPath, file: table.sourceFile))
                }
            }
            // `.stringsdict` files: one unit per string of the source-language file, as Xcode exports them.
            for table in files.pluralTables {
                let target = table.table.pluralFiles[Self.folder(locale, among: table.table.pluralFiles.keys)]
                var units: [TransUnit] = []
                for unit in table.units(locale: locale, target: target) where !(scope == .missing && unit.targetValue != nil) {
                    units.append(unit.transUnit)
                }
                guard scope == .all || !units.isEmpty else { continue }
                var file = XLIFFFile(original: table.originalPath, sourceLanguage: Self.languageAttribute(project.sourceLanguage),
                                     targetLanguage: Self.languageAttribute(locale), units: units)
                if target == nil { file.attributeOrder = .datatypeFirst }
                xliffFiles.append(file)
                sourceFiles.append(.copy(path: table.originalPath, data: StringsdictWriter.data(for: table.sourceFile)))
            }
        }

        let document = XLIFFDocument(files: XLIFFOrder.sortedFiles(xliffFiles))
        let order = Dictionary(uniqueKeysWithValues: document.files.enumerated().map { ($1.original, $0) })
        sourceFiles.sort { order[$0.path, default: 0] < order[$1.path, default: 0] }
        return LocaleExport(locale: locale, scope: scope, document: document, sourceFiles: sourceFiles,
                            developmentRegion: project.app.developmentRegion ?? project.sourceLanguage,
                            projectName: projectName)
    }

    /// The units of a catalog's entries that `including` accepts, for the locale (with
    /// `missingOnly`, those without a finished translation), in unit order: what
    /// `CatalogUnits.units(...).map(\.transUnit)` gives for each entry, sorted by id. Each entry's
    /// targets are looked up once; then the catalog's precomputed unit order is walked, so
    /// nothing is sorted unless `CatalogUnits` had to compute an entry of a rare shape
    /// (see `EntrySources.categories`). `emitted` tells which entries gave a unit; `room`: when
    /// every unit is taken (not `missingOnly`), capacity reserved beyond them for the SDK's
    /// units, merged in later.
    ///
    /// With `sourceAsTarget`, for the catalog's source language (the file Xcode exports for copy
    /// editors), every target is the source text, in the state of the source's string unit, or
    /// `new` where the source has none at that path (a key-as-source entry), as Xcode writes it.
    private func units(of catalog: CatalogSources, _ locale: LocaleUnits, missingOnly: Bool, sourceAsTarget: Bool = false,
                       room: Int = 0, including: (Int, EntrySources) -> Bool) -> (units: [TransUnit], emitted: [Bool]) {
        let localeID = locale.units.locale
        let count = catalog.entries.count
        var targets = [CatalogLocalization?](repeating: nil, count: count)
        var masks = [[UInt8]?](repeating: nil, count: count)
        var emitted = [Bool](repeating: false, count: count)
        var irregular: [TransUnit] = []
        let isSourceLanguage = localeID == catalog.sourceLanguage
        let sourceAsTarget = sourceAsTarget && isSourceLanguage
        var units: [TransUnit] = []
        // Units are read in place through the buffers: copying a unit per step retains and
        // releases every string it holds.
        catalog.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices where !entries[index].isPhraseSet && including(index, entries[index]) {
                let target = isSourceLanguage && !sourceAsTarget ? nil : entries[index].localizations?[localeID]
                if let categories = entries[index].categories(for: target, localeCategories: locale.categoryBits) {
                    targets[index] = target
                    masks[index] = categories
                    continue
                }
                let entry = entries[index]
                for unit in locale.units.units(key: entry.key, localizations: entry.localizations, note: entry.note, translate: entry.translate,
                                               sourceLanguage: catalog.sourceLanguage)
                where !(missingOnly && (unit.isTranslated || (unit.targetValue == nil && target?.holdsOtherForm(than: unit.path) == true))) {
                    var transUnit = unit.transUnit
                    transUnit.isNoteAutoGenerated = entry.isNoteAutoGenerated
                    if sourceAsTarget {
                        transUnit.target = unit.source
                        transUnit.targetState = target?.stringUnit(at: unit.path).map { ExchangeStates.exported($0.state) } ?? .new
                    }
                    irregular.append(transUnit)
                    emitted[index] = true
                }
            }
            // Every unit, with room for the SDK's: the exact count, unless only some are taken.
            if !missingOnly { units.reserveCapacity(catalog.order.count + room) }
            for (p, position) in catalog.order.enumerated() {
                let index = Int(position.entry)
                guard let categories = masks[index] else { continue }
                entries[index].units.withUnsafeBufferPointer { entryUnits in
                    let u = Int(position.unit)
                    let variation = Int(entryUnits[u].pluralVariation)
                    if variation >= 0 && categories[variation] & entryUnits[u].categoryBit == 0 { return }
                    let target = targets[index]
                    let path = entryUnits[u].path
                    let current = path.isRoot ? target?.stringUnit : target?.stringUnit(at: path)
                    var value: String?
                    var state: XLIFFTargetState?
                    if missingOnly, current == nil, let target, target.holdsOtherForm(than: path) { return }
                    if let current {
                        if missingOnly && current.state == .translated { return }
                        var substitution = entryUnits[u].sourceSubstitution
                        if entryUnits[u].throughSubstitution, let target, let own = CatalogUnits.substitution(in: target, at: path) {
                            substitution = own
                        }
                        value = FormatString.exported(current.value, substitution: substitution)
                        state = ExchangeStates.exported(current.state)
                    }
                    if sourceAsTarget {
                        value = entryUnits[u].source
                        state = current.map { ExchangeStates.exported($0.state) } ?? .new
                    }
                    // Appended as built and marked where it lies: a unit built in a variable was
                    // copied once more on the way in (a retain and a release of each string).
                    units.append(TransUnit(id: entryUnits[u].id, translate: entries[index].translate, source: entryUnits[u].source,
                                           target: value, targetState: state, note: entries[index].note, isNoteAutoGenerated: entries[index].isNoteAutoGenerated))
                    units[units.count - 1].escaped = XLIFFEscapedUnit(texts: catalog.texts, index: Int32(p))
                    emitted[index] = true
                }
            }
        }
        if !irregular.isEmpty { units = XLIFFOrder.sortedCatalogUnits(units + irregular) }
        return (units, emitted)
    }

    /// Whether the SDK's translation that an app locale's devices read has the key's text, translated.
    private func sdkTranslates(_ key: String, appLocale: String) -> Bool {
        guard let sdk = files.sdkCatalog?.catalog else { return false }
        let served = project.sdkTranslation(forAppLocale: appLocale, shipped: sdkLocales) ?? appLocale
        // As for an editor catalog: the SDK's source language counts as no translation (en-GB).
        return served != sdk.sourceLanguage && sdk.entries[key]?.localizations?[served]?.stringUnit?.state == .translated
    }

    /// The units of SDK-only keys that the SDK does not translate for the locale, in unit order, and those keys.
    private func sdkUnits(_ locale: LocaleUnits) -> (units: [TransUnit], keys: [String]) {
        guard let sdk = files.sdkCatalog, files.editorCatalogPath != nil else { return ([], []) }
        let catalog = sources.catalog(sdk)
        let sdkOnly = sources.mask(files.sdkOnlyKeys, in: catalog, path: sdk.path)
        let found = units(of: catalog, locale, missingOnly: true) { index, entry in sdkOnly[index] && entry.translate }
        let keys = catalog.keys.indices.filter { found.emitted[$0] }.map { catalog.keys[$0] }
        return (found.units, keys)
    }

    /// The SDK's units merged into the editor catalog's `units`, both in unit order (ties: the
    /// editor catalog's first); `sdkUnits` is left empty and let go. Where every unit is one of
    /// the two catalogs' precomputed units, their positions decide (`ExportSources.insertions`),
    /// not their ids, and the merge runs in place from the back: with the room `units(of:)`
    /// reserved, the export never holds the two runs and a merged copy at once.
    private func mergeSDKUnits(_ units: inout [TransUnit], _ sdkUnits: inout [TransUnit], into editor: CatalogSources) {
        defer { sdkUnits = [] }
        guard let sdk = files.sdkCatalog.map(sources.catalog),
              units.allSatisfy({ $0.escaped.texts === editor.texts }), sdkUnits.allSatisfy({ $0.escaped.texts === sdk.texts }) else {
            units = XLIFFOrder.mergeCatalogUnits(&units, &sdkUnits)
            return
        }
        let insertions = sources.insertions(of: sdk, into: editor)
        let appCount = units.count
        units.reserveCapacity(appCount + sdkUnits.count)
        // Empty units hold no storage; each is swapped out for an SDK unit.
        units.append(contentsOf: repeatElement(TransUnit(id: "", source: ""), count: sdkUnits.count))
        units.withUnsafeMutableBufferPointer { merged in
            sdkUnits.withUnsafeMutableBufferPointer { sdkRun in
                // Units are swapped, not copied: a copy would retain and release every string.
                var app = appCount - 1, next = merged.count - 1
                for s in sdkRun.indices.reversed() {
                    while app >= 0, merged[app].escaped.index >= insertions[Int(sdkRun[s].escaped.index)] {
                        merged.swapAt(app, next)
                        app -= 1
                        next -= 1
                    }
                    swap(&merged[next], &sdkRun[s])
                    next -= 1
                }
            }
        }
    }

    /// The catalog with only its source-language localizations, as `.xcloc` source contents hold it.
    /// An entry left without any (a key extracted from code, only translated) loses the member,
    /// as in Xcode's copy: `" in " : { }`, not an empty `"localizations"`.
    static func reduced(_ catalog: StringCatalog) -> StringCatalog {
        var copy = catalog
        copy.endsWithNewline = false
        // Edited as a local and set once: through the property, each edit would copy the whole map.
        var entries = copy.entries
        for (key, entry) in copy.entries {
            guard let localizations = entry.localizations else { continue }
            let kept = localizations.filter { $0.key == catalog.sourceLanguage }
            entries[key]!.localizations = kept.isEmpty ? nil : kept
        }
        copy.entries = entries
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
    /// `<locale>.xliff`, the locale as a language id (`pt-BR` for a `pt_BR.lproj`, `it` for
    /// `Italian.lproj`), as the file's `target-language` says it.
    public func fileName(_ format: ExportFormat) -> String {
        Self.fileName(locale: locale, format: format)
    }

    /// `fileName` of a locale's export, for a caller that has the locale but no export.
    public static func fileName(locale: String, format: ExportFormat) -> String {
        XLIFFExporter.languageAttribute(locale) + "." + format.rawValue
    }

    /// Writes `<folder>/<locale>.xliff` or the bundle `<folder>/<locale>.xcloc` (atomically, the
    /// header naming `tool`) and returns its URL. The folder is created when missing.
    @discardableResult
    public func write(to folder: URL, format: ExportFormat, tool: XLIFFTool) throws -> URL {
        // The name comes from a locale id (Info.plist's, a folder's): one that is no id, or
        // would name a file elsewhere, is refused before anything is written.
        guard LocaleIdentifier.canonicalized(locale) != nil else {
            throw InputError("'\(locale)' is no locale id, so no translator file is named after it; nothing was written for it",
                             hint: "fix the locale in Info.plist's CFBundleLocalizations or the folder's name (e.g. de, pt-BR)")
        }
        try AtomicFile.createFolder(folder)
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

extension XLIFFExporter {
    /// The `.lproj` a table keeps `locale` in: as spelled, else spelled another way there
    /// (`pt_BR` for pt-BR, `Italian` for it), as the import writes it.
    static func folder(_ locale: String, among folders: Dictionary<String, some Any>.Keys) -> String {
        BundleLocalizations.spelled(locale, in: folders.filter { $0 != "Base" })
    }

    /// A legacy table's folder name as a language id: `English.lproj`, `Italian.lproj` and
    /// `pt_BR.lproj` are exported as `en`, `it` and `pt-BR`, which the import (and any
    /// translation tool) reads.
    static func languageAttribute(_ folder: String) -> String {
        LocaleIdentifier.canonicalized(folder) ?? folder
    }
}
