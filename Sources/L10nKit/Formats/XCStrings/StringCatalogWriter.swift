import Foundation

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

    /// The file's bytes.
    public func data(for catalog: StringCatalog) -> Data {
        let newline = finalNewline == .asRead && catalog.endsWithNewline
        return JSONWriter(keyOrder: .xcode, finalNewline: newline).data(for: Self.jsonValue(of: catalog))
    }

    /// The catalog as a JSON tree (members not yet in Xcode's order; the JSON writer sorts them).
    public static func jsonValue(of catalog: StringCatalog) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("sourceLanguage", .string(catalog.sourceLanguage))]
        members.append(("strings", .object(catalog.entries.map { ($0.key, jsonValue(of: $0.value)) })))
        if let version = catalog.version { members.append(("version", .string(version))) }
        return .object(members + unknown(catalog.unknownFields, known: ["sourceLanguage", "strings", "version"]))
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
        return .object(members + unknown(entry.unknownFields, known: ["comment", "extractionState", "localizations", "shouldTranslate"]))
    }

    static func jsonValue(of localization: CatalogLocalization) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let unit = localization.stringUnit {
            let fields: [(key: String, value: JSONValue)] = [("state", .string(unit.state.rawValue)), ("value", .string(unit.value))]
            members.append(("stringUnit", .object(fields + unknown(unit.unknownFields, known: ["state", "value"]))))
        }
        if let substitutions = localization.substitutions {
            members.append(("substitutions", .object(substitutions.map { ($0.key, jsonValue(of: $0.value)) })))
        }
        if let variations = localization.variations { members.append(("variations", jsonValue(of: variations))) }
        return .object(members + unknown(localization.unknownFields, known: ["stringUnit", "substitutions", "variations"]))
    }

    static func jsonValue(of substitution: Substitution) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let argNum = substitution.argNum { members.append(("argNum", .number(String(argNum)))) }
        members.append(("formatSpecifier", .string(substitution.formatSpecifier)))
        if let variations = substitution.variations { members.append(("variations", jsonValue(of: variations))) }
        return .object(members + unknown(substitution.unknownFields, known: ["argNum", "formatSpecifier", "variations"]))
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
