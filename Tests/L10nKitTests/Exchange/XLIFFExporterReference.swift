@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import Foundation

/// The exporter as it was before the hand-off speed work (issue 11), kept only as a test oracle
/// while the new one is young: `ExportEquivalenceTests` compares their bytes. Remove it once the
/// new exporter has shipped a release or two.
struct ReferenceXLIFFExporter {
    var project: Project
    var files: ExchangeFiles

    init(project: Project) {
        self.project = project
        self.files = ExchangeFiles(project: project)
    }

    /// One locale's document and source contents, computed the old way.
    func export(locale: String, scope: ExportScope) -> (document: XLIFFDocument, sourceContents: [(path: String, data: Data)]) {
        let catalogUnits = CatalogUnits(locale: locale)
        var xliffFiles: [XLIFFFile] = []
        var sourceContents: [(path: String, data: Data)] = []
        // Added with copy edits: the development language in scope all has the sources as targets, no SDK units.
        let copyEdits = scope == .all && locale == project.sourceLanguage
        let sdkUnits = scope == .overrides || copyEdits ? [] : self.sdkUnits(catalogUnits)
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
                    let entry = catalog.entries[key]!
                    units += catalogUnits.units(key: key, entry: entry, sourceLanguage: catalog.sourceLanguage).map { unit in
                        guard copyEdits, locale == catalog.sourceLanguage else { return unit }
                        var copy = unit
                        copy.targetValue = unit.sourceValue
                        copy.targetSubstitution = unit.sourceSubstitution
                        copy.targetState = entry.localizations?[locale]?.stringUnit(at: unit.path)?.state ?? .new
                        return copy
                    }
                }
            case .missing:
                guard !files.ignoredCatalogPaths.contains(file.path) else { break }
                for (key, entry) in catalog.entries where entry.extractionState != .stale && entry.shouldTranslate != false {
                    units += catalogUnits.units(key: key, entry: entry, sourceLanguage: catalog.sourceLanguage).filter { Self.isMissing($0, entry, catalogUnits.locale) }
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
            // Added with storyboards and XIBs: exported like tables, their document copied as source contents.
            // Added with Info.plist tables: in scope all for translators, Xcode's keys only.
            for table in files.tables + files.interfaceTables + files.intentTables + (scope == .all ? files.infoPlistTables : []) {
                let target = copyEdits && table.hasBaseDocument ? table.sourceFile : table.table.files[locale]
                var units = StringsUnits.units(source: table.sourceFile, target: target)
                if table.isInfoPlist { units = units.filter { InfoPlistStrings.isExported(key: $0.id, value: $0.sourceValue) } }
                if scope == .missing { units = units.filter { !$0.isTranslated } }
                // Later rule, added to both: the SDK keys of a legacy editor table go out as under an
                // editor catalog (not to copy editors, not where the SDK translates them and the app
                // has no value), and a table made of them alone has no `<file>` without them.
                if !table.sdkKeys.isEmpty {
                    units = units.filter { unit in
                        !table.sdkKeys.contains(unit.id) || (!copyEdits && (unit.targetValue != nil || !sdkTranslates(unit.id, locale: locale)))
                    }
                }
                // Later rule, added to both: a document without texts has no `<file>` (as Xcode exports).
                guard (scope == .all && !table.hasBaseDocument && !table.isSDKKeysOnly) || !units.isEmpty else { continue }
                var file = xliffFile(original: table.originalPath, sourceLanguage: project.sourceLanguage, locale: locale, units: units)
                if target == nil { file.attributeOrder = .datatypeFirst }
                xliffFiles.append(file)
                sourceContents.append((table.originalPath, table.documentData ?? StringsWriter.data(for: table.sourceFile)))
            }
        }

        let document = XLIFFDocument(files: XLIFFOrder.sortedFiles(xliffFiles))
        let order = Dictionary(uniqueKeysWithValues: document.files.enumerated().map { ($1.original, $0) })
        sourceContents.sort { order[$0.path, default: 0] < order[$1.path, default: 0] }
        return (document, sourceContents)
    }

    /// Not translated, and the locale holds no translation in another form (plural variations
    /// where the source has one string).
    static func isMissing(_ unit: ExchangeUnit, _ entry: CatalogEntry, _ locale: String) -> Bool {
        guard !unit.isTranslated else { return false }
        return unit.targetValue != nil || entry.localizations?[locale]?.holdsOtherForm(than: unit.path) != true
    }

    private func sdkUnits(_ catalogUnits: CatalogUnits) -> [ExchangeUnit] {
        guard let sdk = files.sdkCatalog, files.editorCatalogPath != nil else { return [] }
        var units: [ExchangeUnit] = []
        for key in files.sdkOnlyKeys {
            guard let entry = sdk.catalog.entries[key], entry.shouldTranslate != false else { continue }
            units += catalogUnits.units(key: key, entry: entry, sourceLanguage: sdk.catalog.sourceLanguage).filter { Self.isMissing($0, entry, catalogUnits.locale) }
        }
        return units
    }

    private func sdkTranslates(_ key: String, locale: String) -> Bool {
        guard let sdk = files.sdkCatalog?.catalog else { return false }
        let served = project.sdkTranslation(forAppLocale: locale) ?? locale
        return served != sdk.sourceLanguage && sdk.entries[key]?.localizations?[served]?.stringUnit?.state == .translated
    }

    private func sdkEntriesByKey(_ units: [ExchangeUnit]) -> [String: CatalogEntry] {
        guard let sdk = files.sdkCatalog else { return [:] }
        var entries: [String: CatalogEntry] = [:]
        for unit in units { entries[unit.key] = sdk.catalog.entries[unit.key] }
        return entries
    }

    private func xliffFile(original: String, sourceLanguage: String, locale: String, units: [ExchangeUnit]) -> XLIFFFile {
        let sorted = units.sorted { ReferenceUnitOrder.catalogUnitOrder($0.id, $1.id) < 0 }
        return XLIFFFile(original: original, sourceLanguage: sourceLanguage, targetLanguage: locale, units: sorted.map(\.transUnit))
    }

    static func reduced(_ catalog: StringCatalog) -> StringCatalog {
        var copy = catalog
        copy.endsWithNewline = false
        for (key, entry) in copy.entries {
            guard let localizations = entry.localizations else { continue }
            let kept = localizations.filter { $0.key == catalog.sourceLanguage }
            copy.entries[key]!.localizations = kept.isEmpty ? nil : kept
        }
        return copy
    }
}

/// `XLIFFOrder.catalogUnitOrder` as it was before it compared UTF-8 bytes in place: over arrays of
/// unicode scalars. Kept as the oracle of `UnitOrderEquivalenceTests`.
enum ReferenceUnitOrder {
    static func catalogUnitOrder(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                let runX = digitRun(x, from: i), runY = digitRun(y, from: j)
                let numeric = compareNumbers(x[runX], y[runY])
                if numeric != 0 { return numeric }
                i = runX.upperBound
                j = runY.upperBound
                continue
            }
            if x[i] != y[j] { return x[i].value < y[j].value ? -1 : 1 }
            i += 1
            j += 1
        }
        if i < x.count { return 1 }
        if j < y.count { return -1 }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : (a == b ? 0 : 1)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    private static func digitRun(_ scalars: [Unicode.Scalar], from start: Int) -> Range<Int> {
        var end = start
        while end < scalars.count && isDigit(scalars[end]) { end += 1 }
        return start..<end
    }

    private static func compareNumbers(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Int {
        let x = a.drop { $0 == "0" }, y = b.drop { $0 == "0" }
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        for (p, q) in zip(x, y) where p != q { return p.value < q.value ? -1 : 1 }
        return 0
    }
}
