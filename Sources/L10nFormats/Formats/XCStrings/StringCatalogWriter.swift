import Foundation
import L10nCore

/// Writes a `StringCatalog` exactly as Xcode saves it (see `JSONWriter` for the style): reading an
/// untouched Xcode catalog and writing it gives back the same bytes.
///
/// An unknown field that has the name of a known one at the same level (which the reader never
/// produces) is not written: the typed field wins.
public struct StringCatalogWriter: Sendable {
    /// What follows the closing brace.
    public enum FinalNewline: Sendable {
        /// Nothing, as Xcode writes (what `l10n format` produces).
        case never
        /// A newline when the catalog was read from a file that ended with one
        /// (`StringCatalog.endsWithNewline`), so an import leaves the file's ending alone.
        case asRead
    }

    public var finalNewline: FinalNewline

    public init(finalNewline: FinalNewline = .never) {
        self.finalNewline = finalNewline
    }

    /// The file's bytes, written straight from the model (the same bytes `JSONWriter` gives for
    /// `jsonValue(of:)`, without building that tree).
    public func data(for catalog: StringCatalog) -> Data {
        var output = JSONOutput(keyOrder: .xcode)
        output.write(catalog)
        if finalNewline == .asRead && catalog.endsWithNewline { output.bytes.append(0x0A) }
        return output.bytes.takeData()
    }

    /// Whether `data(for: catalog)` is exactly `bytes` (a file in this writer's form), compared
    /// as it is written instead of holding a second copy of the file.
    public func writes(_ catalog: StringCatalog, as bytes: Data) -> Bool {
        var output = JSONOutput(keyOrder: .xcode)
        let sink = output.bytes
        return sink.compare(with: bytes) {
            output.write(catalog)
            if finalNewline == .asRead && catalog.endsWithNewline { output.bytes.append(0x0A) }
        }
    }

    /// The catalog as a JSON tree (members not yet in Xcode's order; the JSON writer sorts them).
    public static func jsonValue(of catalog: StringCatalog) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("sourceLanguage", .string(catalog.sourceLanguage))]
        members.append(("strings", .object(catalog.entries.map { ($0.key, jsonValue(of: $0.value)) })))
        if let version = catalog.version { members.append(("version", .string(version))) }
        return .object(members + unknown(catalog.unknownFields, known: CatalogEmitter.catalogFields))
    }

    /// One entry as a JSON object.
    public static func jsonValue(of entry: CatalogEntry) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let comment = entry.comment { members.append(("comment", .string(comment))) }
        if let state = entry.extractionState { members.append(("extractionState", .string(state.rawValue))) }
        if let localizations = entry.localizations {
            members.append(("localizations", .object(localizations.map { ($0.key, jsonValue(of: $0.value)) })))
        }
        if let shouldTranslate = entry.shouldTranslate { members.append(("shouldTranslate", .bool(shouldTranslate))) }
        return .object(members + unknown(entry.unknownFields, known: CatalogEmitter.entryFields))
    }

    static func jsonValue(of localization: CatalogLocalization) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let unit = localization.stringUnit {
            let fields: [(key: String, value: JSONValue)] = [("state", .string(unit.state.rawValue)), ("value", .string(unit.value))]
            members.append(("stringUnit", .object(fields + unknown(unit.unknownFields, known: CatalogEmitter.stringUnitFields))))
        }
        if let substitutions = localization.substitutions {
            members.append(("substitutions", .object(substitutions.map { ($0.key, jsonValue(of: $0.value)) })))
        }
        if let variations = localization.variations { members.append(("variations", jsonValue(of: variations))) }
        return .object(members + unknown(localization.unknownFields, known: CatalogEmitter.localizationFields))
    }

    static func jsonValue(of substitution: Substitution) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let argNum = substitution.argNum { members.append(("argNum", .number(String(argNum)))) }
        members.append(("formatSpecifier", .string(substitution.formatSpecifier)))
        if let variations = substitution.variations { members.append(("variations", jsonValue(of: variations))) }
        return .object(members + unknown(substitution.unknownFields, known: CatalogEmitter.substitutionFields))
    }

    static func jsonValue(of variations: CatalogVariations) -> JSONValue {
        .object(variations.kinds.map { kind, cases in
            (kind, .object(cases.map { ($0.key, jsonValue(of: $0.value)) }))
        })
    }

    private static func unknown(_ fields: [String: JSONValue], known: Set<String>) -> [(key: String, value: JSONValue)] {
        guard !fields.isEmpty else { return [] }
        return fields.filter { !known.contains($0.key) }.map { ($0.key, $0.value) }
    }
}

/// Emits a catalog straight into JSON bytes. An object without unknown fields has its known
/// fields in a fixed order (their names sort the same way every time) and is written member by
/// member; only maps keyed by user text (keys, locales, cases, names) and objects with unknown
/// fields are sorted.
private enum CatalogEmitter {
    static let catalogFields: Set<String> = ["sourceLanguage", "strings", "version"]
    static let entryFields: Set<String> = ["comment", "extractionState", "localizations", "shouldTranslate"]
    static let localizationFields: Set<String> = ["stringUnit", "substitutions", "variations"]
    static let stringUnitFields: Set<String> = ["state", "value"]
    static let substitutionFields: Set<String> = ["argNum", "formatSpecifier", "variations"]

    /// One member's value in an object with unknown fields, typed so nothing is converted to
    /// `JSONValue` first.
    enum Member {
        case json(JSONValue)
        case string(String)
        case bool(Bool)
        case entries([String: CatalogEntry])
        case localizations(CatalogLocalizations)
        case stringUnit(StringUnit)
        case substitutions([String: Substitution])
        case variations(CatalogVariations)
    }
}

extension JSONOutput {
    fileprivate typealias Member = CatalogEmitter.Member

    fileprivate mutating func write(_ catalog: StringCatalog) {
        guard catalog.unknownFields.isEmpty else {
            var members: [(key: String, value: Member)] = [("sourceLanguage", .string(catalog.sourceLanguage)), ("strings", .entries(catalog.entries))]
            if let version = catalog.version { members.append(("version", .string(version))) }
            object(members, unknown: catalog.unknownFields, known: CatalogEmitter.catalogFields, level: 0)
            return
        }
        writeMemberStart(index: 0, name: "sourceLanguage", level: 0)
        writeString(catalog.sourceLanguage)
        writeMemberStart(index: 1, name: "strings", level: 0)
        writeEntries(catalog.entries, level: 1, keysInXcodeOrder: catalog.keysInXcodeOrder)
        if let version = catalog.version {
            writeMemberStart(index: 2, name: "version", level: 0)
            writeString(version)
        }
        writeObjectEnd(level: 0)
    }

    /// Writes a map keyed by user text in Xcode's key order, each value by `value`. The keys of
    /// every map but the catalog's own come from a small vocabulary (locales, cases, names).
    /// Positions in the map are sorted, so no member is copied out before it is written.
    @inline(__always)
    private mutating func writeMap<Map: Collection, Value>(_ map: Map, level: Int, keysMetOnce: Bool = false, ordered known: [Map.Index]? = nil,
                                                           _ value: (inout JSONOutput, Value, Int) -> Void)
    where Map.Element == (key: String, value: Value) {
        guard !map.isEmpty else {
            writeEmptyObject(level: level)
            return
        }
        var positions = known ?? Array(map.indices)
        if known == nil, let order = memberOrder(positions.count, keysMetOnce: keysMetOnce, { map[positions[$0]].key }) {
            positions = order.map { positions[$0] }
        }
        for (index, position) in positions.enumerated() {
            writeMemberStart(index: index, key: map[position].key, level: level)
            value(&self, map[position].value, level + 1)
        }
        writeObjectEnd(level: level)
    }

    /// The order of a map's `count` members (by their offsets) when it has to be worked out:
    /// nil for one member or when members are written as given.
    private mutating func memberOrder(_ count: Int, keysMetOnce: Bool = false, _ key: (Int) -> String) -> [Int]? {
        guard count > 1, ordering != nil else { return nil }
        let keys = (0..<count).map(key)
        return keysMetOnce ? XcodeKeyOrdering.order(of: keys) : ordering!.orderByRank(of: keys)
    }

    /// `keysInXcodeOrder`: the keys as the reader found them already in Xcode's order (the
    /// catalog's `keysInXcodeOrder`); looked up instead of sorted, which costs a collation sort
    /// key per key.
    private mutating func writeEntries(_ entries: [String: CatalogEntry], level: Int, keysInXcodeOrder: [String]? = nil) {
        var known: [Dictionary<String, CatalogEntry>.Index]?
        if ordering != nil, let keys = keysInXcodeOrder, keys.count == entries.count {
            known = []
            known!.reserveCapacity(keys.count)
            for key in keys {
                guard let position = entries.index(forKey: key) else {
                    known = nil
                    break
                }
                known!.append(position)
            }
        }
        writeMap(entries, level: level, keysMetOnce: true, ordered: known) { $0.writeEntry($1, level: $2) }
    }

    private mutating func writeEntry(_ entry: CatalogEntry, level: Int) {
        guard entry.unknownFields.isEmpty else {
            var members: [(key: String, value: Member)] = []
            if let comment = entry.comment { members.append(("comment", .string(comment))) }
            if let state = entry.extractionState { members.append(("extractionState", .string(state.rawValue))) }
            if let localizations = entry.localizations { members.append(("localizations", .localizations(localizations))) }
            if let shouldTranslate = entry.shouldTranslate { members.append(("shouldTranslate", .bool(shouldTranslate))) }
            object(members, unknown: entry.unknownFields, known: CatalogEmitter.entryFields, level: level)
            return
        }
        var index = 0
        if let comment = entry.comment {
            writeMemberStart(index: index, name: "comment", level: level)
            writeString(comment)
            index += 1
        }
        if let state = entry.extractionState {
            writeMemberStart(index: index, name: "extractionState", level: level)
            writeString(state.rawValue)
            index += 1
        }
        if let localizations = entry.localizations {
            writeMemberStart(index: index, name: "localizations", level: level)
            writeLocalizations(localizations, level: level + 1)
            index += 1
        }
        if let shouldTranslate = entry.shouldTranslate {
            writeMemberStart(index: index, name: "shouldTranslate", level: level)
            writeBool(shouldTranslate)
            index += 1
        }
        if index == 0 { writeEmptyObject(level: level) } else { writeObjectEnd(level: level) }
    }

    /// `writeMap` of an entry's localizations, each read in place: through the collection,
    /// every localization was copied (its strings retained and released) to be written, and
    /// `writeMap` over the elements' buffer still copies each into its closure.
    private mutating func writeLocalizations(_ localizations: CatalogLocalizations, level: Int) {
        guard !localizations.isEmpty else {
            writeEmptyObject(level: level)
            return
        }
        localizations.withElements { elements in
            let positions = memberOrder(elements.count) { elements[$0].key } ?? Array(elements.indices)
            for (index, position) in positions.enumerated() {
                writeMemberStart(index: index, key: elements[position].key, level: level)
                writeLocalization(elements[position].value, level: level + 1)
            }
        }
        writeObjectEnd(level: level)
    }

    private mutating func writeLocalization(_ localization: CatalogLocalization, level: Int) {
        guard !localization.hasUnknownFields else {
            var members: [(key: String, value: Member)] = []
            if let unit = localization.stringUnit { members.append(("stringUnit", .stringUnit(unit))) }
            if let substitutions = localization.substitutions { members.append(("substitutions", .substitutions(substitutions))) }
            if let variations = localization.variations { members.append(("variations", .variations(variations))) }
            object(members, unknown: localization.unknownFields, known: CatalogEmitter.localizationFields, level: level)
            return
        }
        if !compact, localization.hasNoVariationsOrSubstitutions, case .some(let unit) = localization.stringUnit, !unit.hasUnknownFields {
            writePlainLocalization(unit, level: level)
            return
        }
        var index = 0
        if let unit = localization.stringUnit {
            writeMemberStart(index: index, name: "stringUnit", level: level)
            writeStringUnit(unit, level: level + 1)
            index += 1
        }
        if let substitutions = localization.substitutions {
            writeMemberStart(index: index, name: "substitutions", level: level)
            writeMap(substitutions, level: level + 1) { $0.writeSubstitution($1, level: $2) }
            index += 1
        }
        if let variations = localization.variations {
            writeMemberStart(index: index, name: "variations", level: level)
            writeVariations(variations, level: level + 1)
            index += 1
        }
        if index == 0 { writeEmptyObject(level: level) } else { writeObjectEnd(level: level) }
    }

    /// A localization that is one string unit without unknown fields (most of a catalog), as
    /// the general path writes it, its fixed text put straight into the buffer around the state
    /// and the value: a member start, name and separator at a time cost a third of the catalog.
    private mutating func writePlainLocalization(_ unit: StringUnit, level: Int) {
        let outer = 2 * (level + 1), inner = outer + 2
        // `{`, newline, `"stringUnit" : {`, newline, `"state" : `
        bytes.reserve(29 + outer + inner)
        bytes.appendReserved(UInt8(ascii: "{"))
        bytes.appendReserved(newlineAndIndent: outer)
        bytes.appendReserved("\"stringUnit\" : {")
        bytes.appendReserved(newlineAndIndent: inner)
        bytes.appendReserved("\"state\" : ")
        writeState(unit.state)
        // `,`, newline, `"value" : `
        bytes.reserve(12 + inner)
        bytes.appendReserved(UInt8(ascii: ","))
        bytes.appendReserved(newlineAndIndent: inner)
        bytes.appendReserved("\"value\" : ")
        writeString(unit.value)
        // newline, `}`, newline, `}`
        bytes.reserve(4 + outer + 2 * level)
        bytes.appendReserved(newlineAndIndent: outer)
        bytes.appendReserved(UInt8(ascii: "}"))
        bytes.appendReserved(newlineAndIndent: 2 * level)
        bytes.appendReserved(UInt8(ascii: "}"))
    }

    /// A string unit's state as `writeString(state.rawValue)` writes it; a state of the
    /// vocabulary (every state Xcode writes) as its quoted bytes made once, without building
    /// its text and scanning it for bytes to escape.
    private mutating func writeState(_ state: StringUnitState) {
        guard let index = state.vocabularyIndex else { return writeString(state.rawValue) }
        Self.quotedVocabulary[index].withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    /// `"state"` of each state of `StringUnitState.vocabulary`, in its order (no state text
    /// has a byte JSON escapes).
    private static let quotedVocabulary: [[UInt8]] = StringUnitState.vocabulary.map { Array("\"\($0.rawValue)\"".utf8) }

    private mutating func writeStringUnit(_ unit: StringUnit, level: Int) {
        guard !unit.hasUnknownFields else {
            object([("state", .string(unit.state.rawValue)), ("value", .string(unit.value))],
                   unknown: unit.unknownFields, known: CatalogEmitter.stringUnitFields, level: level)
            return
        }
        writeMemberStart(index: 0, name: "state", level: level)
        writeState(unit.state)
        writeMemberStart(index: 1, name: "value", level: level)
        writeString(unit.value)
        writeObjectEnd(level: level)
    }

    private mutating func writeSubstitution(_ substitution: Substitution, level: Int) {
        guard substitution.unknownFields.isEmpty else {
            var members: [(key: String, value: Member)] = []
            if let argNum = substitution.argNum { members.append(("argNum", .json(.number(String(argNum))))) }
            members.append(("formatSpecifier", .string(substitution.formatSpecifier)))
            if let variations = substitution.variations { members.append(("variations", .variations(variations))) }
            object(members, unknown: substitution.unknownFields, known: CatalogEmitter.substitutionFields, level: level)
            return
        }
        var index = 0
        if let argNum = substitution.argNum {
            writeMemberStart(index: index, name: "argNum", level: level)
            bytes.append(contentsOf: String(argNum).utf8)
            index += 1
        }
        writeMemberStart(index: index, name: "formatSpecifier", level: level)
        writeString(substitution.formatSpecifier)
        index += 1
        if let variations = substitution.variations {
            writeMemberStart(index: index, name: "variations", level: level)
            writeVariations(variations, level: level + 1)
        }
        writeObjectEnd(level: level)
    }

    private mutating func writeVariations(_ variations: CatalogVariations, level: Int) {
        writeMap(variations.kinds, level: level) { output, cases, level in
            output.writeMap(cases, level: level) { $0.writeLocalization($1, level: $2) }
        }
    }

    /// Writes known members (given in Xcode's order) merged with the unknown fields.
    private mutating func object(_ known: [(key: String, value: Member)], unknown: [String: JSONValue], known names: Set<String>, level: Int) {
        if unknown.isEmpty {
            members(known, level: level, ordered: true)
            return
        }
        let extra = unknown.filter { !names.contains($0.key) }.map { (key: $0.key, value: Member.json($0.value)) }
        members(known + extra, level: level, ordered: false)
    }

    /// Writes an object; not generic, so that the recursion through the catalog stays specialized.
    private mutating func members(_ list: [(key: String, value: Member)], level: Int, ordered: Bool) {
        guard !list.isEmpty else {
            writeEmptyObject(level: level)
            return
        }
        let sorted = ordered ? list : ordering?.sorted(list) ?? list
        for index in sorted.indices {
            writeMemberStart(index: index, key: sorted[index].key, level: level)
            emit(sorted[index].value, level: level + 1)
        }
        writeObjectEnd(level: level)
    }

    private mutating func emit(_ member: Member, level: Int) {
        switch member {
        case .json(let value): write(value, level: level)
        case .string(let text): writeString(text)
        case .bool(let flag): writeBool(flag)
        case .entries(let entries): writeEntries(entries, level: level)
        case .localizations(let localizations): writeLocalizations(localizations, level: level)
        case .stringUnit(let unit): writeStringUnit(unit, level: level)
        case .substitutions(let substitutions): writeMap(substitutions, level: level) { $0.writeSubstitution($1, level: $2) }
        case .variations(let variations): writeVariations(variations, level: level)
        }
    }
}
