import Foundation
import L10nFormats
import L10nLocale
import L10nXLIFF
import L10nProject

/// What an export needs of the project that does not depend on the target locale: the keys of
/// every catalog and table in Xcode's unit order, and each entry's source-side units (id, source
/// text in positional form, note). An exporter computes it once, on first use of each file, and
/// every locale's export reuses it, so that per locale only the targets are looked up.
///
/// Shared by the copies of one `XLIFFExporter`; the lock only guards filling it in.
final class ExportSources: @unchecked Sendable {
    private let lock = NSLock()
    private var catalogs: [String: CatalogSources] = [:]
    private var tables: [String: TableSources] = [:]
    private var masks: [String: [Bool]] = [:]
    private var insertions: (sdk: XLIFFUnitTexts, editor: XLIFFUnitTexts, positions: [Int32])?

    /// The sources of a catalog, computed on first use.
    package func catalog(_ file: CatalogFile) -> CatalogSources {
        lock.lock()
        defer { lock.unlock() }
        if let known = catalogs[file.path] { return known }
        let made = CatalogSources(file.catalog)
        catalogs[file.path] = made
        return made
    }

    /// Which of a catalog's entries (in `CatalogSources` order) have one of `keys`, computed once per catalog path.
    func mask(_ keys: [String], in catalog: CatalogSources, path: String) -> [Bool] {
        lock.lock()
        defer { lock.unlock() }
        if let known = masks[path] { return known }
        let wanted = Set(keys)
        let made = catalog.keys.map { wanted.contains($0) }
        masks[path] = made
        return made
    }

    /// For each unit of `sdk` (in its order), how many units of `editor` come before it in unit
    /// order (ties: the editor's first): the editor's unit at position `p` precedes the SDK's at
    /// `s` exactly when `p < insertions[s]`. Computed once, by one merge of the two orders.
    func insertions(of sdk: CatalogSources, into editor: CatalogSources) -> [Int32] {
        lock.lock()
        defer { lock.unlock() }
        if let known = insertions, known.sdk === sdk.texts, known.editor === editor.texts { return known.positions }
        var positions = [Int32](repeating: 0, count: sdk.order.count)
        var e = 0
        for (s, position) in sdk.order.enumerated() {
            let id = sdk.entries[Int(position.entry)].units[Int(position.unit)].id
            while e < editor.order.count,
                  XLIFFOrder.catalogUnitOrder(editor.entries[Int(editor.order[e].entry)].units[Int(editor.order[e].unit)].id, id) <= 0 {
                e += 1
            }
            positions[s] = Int32(e)
        }
        insertions = (sdk.texts, editor.texts, positions)
        return positions
    }

    /// The sources of a legacy table, computed on first use.
    package func table(_ table: ExchangeFiles.Table) -> TableSources {
        lock.lock()
        defer { lock.unlock() }
        if let known = tables[table.originalPath] { return known }
        let made = TableSources(table.sourceFile)
        tables[table.originalPath] = made
        return made
    }
}

/// A catalog's entries with what their units share across locales, and every unit in Xcode's order.
struct CatalogSources {
    /// One precomputed unit: `entries[entry].units[unit]`.
    struct UnitIndex {
        var entry: Int32
        var unit: Int32
    }

    var sourceLanguage: String
    /// The keys, in Xcode's key order where the file held them so (close to unit order, so the
    /// sort below has little to do), else in no particular order; `entries` is parallel to it.
    var keys: [String]
    var entries: [EntrySources]
    /// Every precomputed unit of every entry, in unit (id) order across the whole catalog. A
    /// locale's units are a subset of these, so walking this list gives them in order, unsorted.
    var order: [UnitIndex]
    /// The id, source and note of every unit of `order`, escaped for the XLIFF once for all
    /// locales; unit `i` of `order` is unit `i` here.
    var texts: XLIFFUnitTexts

    init(_ catalog: StringCatalog) {
        sourceLanguage = catalog.sourceLanguage
        keys = catalog.keysInXcodeOrder ?? Array(catalog.entries.keys)
        entries = keys.map { EntrySources(key: $0, entry: catalog.entries[$0]!, sourceLanguage: catalog.sourceLanguage) }
        var order: [UnitIndex] = []
        var ids: [String] = []
        for (e, entry) in entries.enumerated() {
            for (u, unit) in entry.units.enumerated() {
                order.append(UnitIndex(entry: Int32(e), unit: Int32(u)))
                ids.append(unit.id)
            }
        }
        self.order = XLIFFOrder.unitOrder(ids: ids).map { order[$0] }
        var texts = XLIFFUnitTexts.Builder()
        var notes = [Int32](repeating: -1, count: entries.count)
        for position in self.order {
            let e = Int(position.entry)
            if notes[e] < 0 { notes[e] = texts.addNote(entries[e].note, isAutoGenerated: entries[e].isNoteAutoGenerated) }
            let unit = entries[e].units[Int(position.unit)]
            _ = texts.addUnit(id: unit.id, source: unit.source, note: notes[e])
        }
        self.texts = texts.finish()
    }

    /// Keys sorted by `XLIFFOrder.catalogUnitOrder`.
    static func unitOrder(_ keys: [String]) -> [String] {
        let order = XLIFFOrder.unitOrder(ids: keys)
        return order.map { keys[$0] }
    }
}

/// The locale-independent part of one catalog entry's units.
///
/// `units` holds every unit a locale can get, in id order: the source's string units outside
/// plural variations and, for each plural variation of the source, one unit per CLDR category
/// (its source text found as `CatalogUnits.sourceText` finds it). A locale's units are those
/// outside plural variations plus the categories the locale uses, the target has, and `zero`
/// when the source has it: what `CatalogUnits.units` computes, without recomputing the sources.
///
/// A class: the export and import read entries out of arrays and dictionaries for every locale,
/// and a struct of a dozen references was copied (each retained and released) at each read.
final class EntrySources: Sendable {
    /// One unit of the source language's structure.
    struct Unit {
        var id: String
        var path: StringUnitPath
        /// The source text in Xcode's exported form (positional specifiers).
        var source: String
        /// The source text as the catalog holds it.
        var sourceValue: String
        var sourceSubstitution: SubstitutionArgument?
        /// For a plural case: the index of its variation in `pluralPrefixes`, else -1.
        var pluralVariation: Int32
        /// Whether the path goes through a substitution, so the target's `%arg` meaning may differ.
        var throughSubstitution: Bool
        /// For a plural case: its category's bit (`EntrySources.categoryBit`).
        var categoryBit: UInt8
    }

    /// How the entry's units are found.
    enum Shape {
        /// The source has no string units: one unit, the key as its source text.
        case keyOnly
        /// The source has string units; `units` holds every possible one.
        case structured
    }

    let key: String
    /// The language whose localization is the source side.
    let sourceLanguage: String
    /// The entry's localizations as read (none when made with `keepingEntry: false`). Not the
    /// whole entry: a project holds one of these per key, and the rest is in `note` and below.
    let localizations: CatalogLocalizations?
    let note: String
    /// Whether the comment is one Xcode 26's model wrote (`isCommentAutoGenerated`), which
    /// Xcode exports as `<note from="auto-generated">`.
    let isNoteAutoGenerated: Bool
    let units: [Unit]
    /// Paths of the source's string units outside plural variations, but the root (`hasRootUnit`).
    let sourcePaths: Set<StringUnitPath>
    /// The source's plural variations, as the path before `plural`.
    let pluralPrefixes: [[String]]
    /// Per plural variation: the `zero` bit when the source has a `zero` case, else 0.
    let sourceZero: [UInt8]
    /// The source varies a plural form further (`plural.one.device.mac`): `CatalogUnits` works
    /// out which forms get a unit of their own.
    let variesAPluralForm: Bool
    let translate: Bool
    /// `extractionState` is `stale`.
    let isStale: Bool
    /// An App Shortcuts phrase set (a localization holds a `stringSet`): XLIFF carries no unit of
    /// it, and a plain value written beside the set would give the localization two shapes.
    let isPhraseSet: Bool
    let shape: Shape
    /// Whether a target's plain value has a unit: the source has one, or the entry is `keyOnly`.
    let hasRootUnit: Bool

    /// The CLDR categories a plural variation can have, in bit order.
    static let categories = ["zero", "one", "two", "few", "many", "other"]

    static func categoryBit(_ name: String) -> UInt8? {
        switch name {
        case "zero": 1
        case "one": 2
        case "two": 4
        case "few": 8
        case "many": 16
        case "other": 32
        default: nil
        }
    }

    /// `keepingEntry: false` keeps only the source side (the import, which reads the translations
    /// from the catalog it edits, holds no second copy of them).
    init(key: String, entry: CatalogEntry, sourceLanguage: String, keepingEntry: Bool = true) {
        self.key = key
        self.sourceLanguage = sourceLanguage
        localizations = keepingEntry ? entry.localizations : nil
        note = entry.comment ?? ""
        isNoteAutoGenerated = entry.isCommentAutoGenerated == true && entry.comment != nil
        translate = entry.shouldTranslate != false
        isStale = entry.extractionState == .stale
        var sourcePaths = Set<StringUnitPath>()
        var pluralPrefixes: [[String]] = []
        var sourceZero: [UInt8] = []
        let source = entry.localizations?[sourceLanguage]
        let leaves = source?.stringUnits ?? []
        isPhraseSet = leaves.isEmpty && entry.localizations?.values.contains { $0.stringSet != nil } == true
        if isPhraseSet {
            shape = .keyOnly
            hasRootUnit = false
            units = []
            self.sourcePaths = sourcePaths
            self.pluralPrefixes = pluralPrefixes
            self.sourceZero = sourceZero
            variesAPluralForm = false
            return
        }
        guard let source, !leaves.isEmpty else {
            shape = .keyOnly
            hasRootUnit = true
            units = [Unit(id: key, path: StringUnitPath(), source: FormatString.exported(key, substitution: nil), sourceValue: key,
                          sourceSubstitution: nil, pluralVariation: -1, throughSubstitution: false, categoryBit: 0)]
            self.sourcePaths = sourcePaths
            self.pluralPrefixes = pluralPrefixes
            self.sourceZero = sourceZero
            variesAPluralForm = false
            return
        }
        shape = .structured
        hasRootUnit = source.stringUnit != nil
        var units: [Unit] = []
        var variesAPluralForm = false
        for leaf in leaves {
            guard let prefix = Self.pluralPrefix(leaf.path) else {
                let c = leaf.path.components
                if c.count > 2, stride(from: 0, to: c.count - 2, by: 2).contains(where: { c[$0] == "plural" }) { variesAPluralForm = true }
                // The root is `hasRootUnit`: most entries have only it, and a set per entry costs an allocation.
                if !leaf.path.isRoot { sourcePaths.insert(leaf.path) }
                let substitution = CatalogUnits.substitution(in: source, at: leaf.path)
                units.append(Unit(id: ExchangeUnit.id(key: key, path: leaf.path), path: leaf.path,
                                  source: FormatString.exported(leaf.unit.value, substitution: substitution),
                                  sourceValue: leaf.unit.value, sourceSubstitution: substitution, pluralVariation: -1,
                                  throughSubstitution: leaf.path.components.contains("substitutions"), categoryBit: 0))
                continue
            }
            if let index = pluralPrefixes.firstIndex(of: prefix) {
                if leaf.path.components.last == "zero" { sourceZero[index] = 1 }
                continue
            }
            pluralPrefixes.append(prefix)
            sourceZero.append(leaf.path.components.last == "zero" ? 1 : 0)
        }
        for (index, prefix) in pluralPrefixes.enumerated() {
            for (bit, category) in Self.categories.enumerated() {
                let path = StringUnitPath(prefix + ["plural", category])
                guard let resolved = CatalogUnits.sourceText(at: path, key: key, source: source, sourceHasLeaves: true) else { continue }
                units.append(Unit(id: ExchangeUnit.id(key: key, path: path), path: path,
                                  source: FormatString.exported(resolved.value, substitution: resolved.substitution),
                                  sourceValue: resolved.value, sourceSubstitution: resolved.substitution, pluralVariation: Int32(index),
                                  throughSubstitution: path.components.contains("substitutions"), categoryBit: 1 << UInt8(bit)))
            }
        }
        if units.count > 1 {
            let order = XLIFFOrder.unitOrder(ids: units.map(\.id))
            units = order.map { units[$0] }
        }
        self.units = units
        self.sourcePaths = sourcePaths
        self.pluralPrefixes = pluralPrefixes
        self.sourceZero = sourceZero
        self.variesAPluralForm = variesAPluralForm
    }

    /// The path before `plural` when the path ends in a plural case.
    static func pluralPrefix(_ path: StringUnitPath) -> [String]? {
        let c = path.components
        guard c.count >= 2, c[c.count - 2] == "plural" else { return nil }
        return Array(c.dropLast(2))
    }

    /// Which categories of each plural variation the locale gets (`localeCategories`: its CLDR
    /// categories as bits), or nil when the target's structure is one `CatalogUnits` must work
    /// out: a string unit at a path the source lacks (other than a CLDR case of a plural
    /// variation the source has), or plural variations in a locale ICU does not know.
    func categories(for target: CatalogLocalization?, localeCategories: UInt8?) -> [UInt8]? {
        if variesAPluralForm { return nil }
        if pluralPrefixes.isEmpty {
            guard let target else { return [] }
            if target.hasNoVariationsOrSubstitutions {
                return !target.hasStringUnit || hasRootUnit ? [] : nil
            }
        }
        var masks: [UInt8] = []
        if !pluralPrefixes.isEmpty {
            guard let localeCategories else { return nil }
            masks = sourceZero.map { $0 == 0 ? localeCategories : localeCategories | 1 }
        }
        guard let target else { return masks }
        if target.hasNoVariationsOrSubstitutions {
            guard !target.hasStringUnit || hasRootUnit else { return nil }
            return masks
        }
        if shape == .keyOnly { return nil }
        // The target's string units are matched against the source's paths on one path that
        // grows and shrinks as the walk goes down and up: no path is built per string unit.
        var path: [String] = []
        path.reserveCapacity(8)
        return fits(target, path: &path, masks: &masks) ? masks : nil
    }

    /// Whether every string unit of `localization` (at `path`) is at a path the source has, or
    /// at a CLDR case of a plural variation the source has, whose bit is then set in `masks`.
    private func fits(_ localization: CatalogLocalization, path: inout [String], masks: inout [UInt8]) -> Bool {
        if localization.stringUnit != nil {
            let sourceHasPath = path.isEmpty ? hasRootUnit : !sourcePaths.isEmpty && sourcePaths.contains(StringUnitPath(path))
            if !sourceHasPath {
                let count = path.count
                guard count >= 2, path[count - 2] == "plural", let bit = Self.categoryBit(path[count - 1]),
                      let index = pluralPrefixes.firstIndex(where: { $0.elementsEqual(path[..<(count - 2)]) }) else { return false }
                masks[index] |= bit
            }
        }
        if let substitutions = localization.substitutions {
            for (name, substitution) in substitutions {
                guard let variations = substitution.variations else { continue }
                path.append("substitutions")
                path.append(name)
                let fit = fits(variations, path: &path, masks: &masks)
                path.removeLast(2)
                if !fit { return false }
            }
        }
        if let variations = localization.variations {
            return fits(variations, path: &path, masks: &masks)
        }
        return true
    }

    /// `fits` for every case of every variation kind.
    private func fits(_ variations: CatalogVariations, path: inout [String], masks: inout [UInt8]) -> Bool {
        for (kind, cases) in variations.kinds {
            for (name, localization) in cases {
                path.append(kind)
                path.append(name)
                let fit = fits(localization, path: &path, masks: &masks)
                path.removeLast(2)
                if !fit { return false }
            }
        }
        return true
    }
}

/// A legacy table's source file: its keys in Xcode's unit order with their source texts and notes.
struct TableSources {
    struct Unit {
        var key: String
        var source: String
        var note: String
    }

    var units: [Unit]
    /// The key (as id), source and note of every unit of `units`, escaped for the XLIFF once for
    /// all locales; unit `i` of `units` is unit `i` here. Units that point here are also counted
    /// by place (`SourceWordCounts`), not by hashing their source in every locale's export.
    var texts: XLIFFUnitTexts

    init(_ file: StringsFile) {
        let keys = CatalogSources.unitOrder(file.keys)
        units = keys.compactMap { key in
            guard let entry = file.entry(forKey: key) else { return nil }
            return Unit(key: key, source: FormatString.exported(entry.value, substitution: nil), note: entry.comment ?? "")
        }
        var texts = XLIFFUnitTexts.Builder()
        for unit in units { _ = texts.addUnit(id: unit.key, source: unit.source, note: texts.addNote(unit.note)) }
        self.texts = texts.finish()
    }
}

extension FormatString {
    /// `positionalized(text, substitution:)`, without parsing a text that is its own positional
    /// form for sure: no `*` (a width or precision argument makes one specifier read two
    /// arguments), no `%arg` (always rewritten), and at most one specifier (`%%` aside; one
    /// argument is never renumbered) or a positional one such as `%2$@` (a string that uses
    /// positions is never rewritten). The parser's tokens give the text back as written.
    static func exported(_ text: String, substitution: SubstitutionArgument?) -> String {
        let plain = text.withUTF8Bytes { bytes -> Bool in
            var specifiers = 0
            var positional = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x2A { return false }
                if byte == 0x25 {
                    if index + 1 < bytes.count && bytes[index + 1] == 0x25 {
                        index += 2
                        continue
                    }
                    if index + 3 < bytes.count && bytes[index + 1] == 0x61 && bytes[index + 2] == 0x72 && bytes[index + 3] == 0x67 {
                        return false
                    }
                    specifiers += 1
                    if !positional { positional = isPositionalSpecifier(bytes, at: index) }
                }
                index += 1
            }
            return specifiers <= 1 || positional
        }
        return plain ? text : positionalized(text, substitution: substitution)
    }

    /// Whether the `%` at `index` starts a common positional specifier: `%N$` and then `@`, `d`,
    /// `i`, `u`, `f`, `s`, `x` or `c`, directly or after `l` or `ll`.
    private static func isPositionalSpecifier(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var i = index + 1
        guard i < bytes.count, bytes[i] >= 0x31 && bytes[i] <= 0x39 else { return false }
        while i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "$") else { return false }
        i += 1
        var lengths = 0
        while i < bytes.count && bytes[i] == UInt8(ascii: "l") && lengths < 2 {
            i += 1
            lengths += 1
        }
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "x"): return true
        case UInt8(ascii: "@"), UInt8(ascii: "f"), UInt8(ascii: "s"), UInt8(ascii: "c"): return lengths == 0
        default: return false
        }
    }
}
