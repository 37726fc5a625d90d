import Foundation
import L10nCore

/// Reads a String Catalog straight from its bytes into `StringCatalog`.
///
/// Errors are `JSONError`s located at the offending value: malformed JSON, a known field of the
/// wrong type (`.unexpectedType`), or a required field missing (`.missingMember`, located at the
/// object that lacks it). Required: `sourceLanguage`; `state` and `value` in a string unit;
/// `formatSpecifier` in a substitution. Everything else may be absent.
public enum StringCatalogReader: FormatReader {
    /// `read(_:file:)` in the shape of every reader.
    public static func parse(_ data: Data, path: String) throws -> StringCatalog {
        try read(data, file: path)
    }

    /// Reads the catalog in `data`; `file` is the path errors name.
    public static func read(_ data: Data, file: String) throws -> StringCatalog {
        var catalog = try JSONReader.read(data, file: file, sharingStrings: true) { reader in
            let catalog = try readCatalog(&reader)
            try reader.finish()
            return catalog
        }
        catalog.endsWithNewline = data.last == 0x0A
        catalog.keyIndex.file?.byteCount = data.count
        return catalog
    }

    /// Reads the catalog file at `url`; errors name `displayPath` (default: the URL's path).
    public static func read(contentsOf url: URL, displayPath: String? = nil) throws -> StringCatalog {
        let data = try AtomicFile.read(url)
        return try read(data, file: displayPath ?? url.path)
    }

    private static func readCatalog(_ reader: inout JSONReader) throws -> StringCatalog {
        try expect(.object, "the String Catalog", example: "{ \"sourceLanguage\" : \"en\", \"strings\" : { }, \"version\" : \"1.0\" }", &reader)
        let start = reader.offset
        var sourceLanguage: String?
        var version: String?
        var entries: [String: CatalogEntry] = [:]
        var fileOrder: [String] = []
        var offsets = CatalogFileOffsets()
        var unknown: [String: JSONValue] = [:]
        var fields = FieldSet()
        try reader.readObject(detectingDuplicates: false) { reader, key, keyOffset in
            switch key {
            case "sourceLanguage":
                try fields.once(0, key, keyOffset, reader)
                sourceLanguage = try string(&reader, "sourceLanguage", example: "\"en\"")
            case "version":
                try fields.once(1, key, keyOffset, reader)
                version = try string(&reader, "version", example: "\"1.0\"")
            case "strings":
                try fields.once(2, key, keyOffset, reader)
                try expect(.object, "\"strings\"", example: "{ \"Hello\" : { } }", &reader)
                entries.reserveCapacity(1024)
                var localizations = CatalogLocalizations.Builder()
                try reader.readObject(detectingDuplicates: false) { reader, key, keyOffset in
                    try insert(try readEntry(&reader, key: key, localizations: &localizations, offsets: &offsets.localizations),
                               key, keyOffset, into: &entries, reader)
                    fileOrder.append(key)
                    offsets.keys.append(keyOffset)
                    offsets.localizationStarts.append(offsets.localizations.count)
                }
            default: try insert(try reader.readValue(), key, keyOffset, into: &unknown, reader)
            }
        }
        guard let sourceLanguage else {
            throw missing("sourceLanguage", in: "the String Catalog", at: start, reader, example: "\"sourceLanguage\" : \"en\"")
        }
        offsets.notePositions(reader)
        var catalog = StringCatalog(sourceLanguage: sourceLanguage, version: version, entries: entries, unknownFields: unknown)
        catalog.keyIndex = CatalogKeyIndex(fileOrder, file: offsets, isXcodeOrder: isInXcodeKeyOrder(fileOrder))
        return catalog
    }

    /// Whether keys (as read, duplicates refused) already stand in Xcode's order: one comparison
    /// per key, where sorting would compute a sort key for each and compare n log n times.
    static func isInXcodeKeyOrder(_ keys: [String]) -> Bool {
        let collator = Collator.xcodeKeyOrder
        for index in keys.indices.dropFirst() where collator.compare(keys[index - 1], keys[index]) >= 0 { return false }
        return true
    }

    /// `localizations`: the reader's builder, reused from entry to entry; `offsets`: where each
    /// localization was read is appended there (in the order of the entry's localizations).
    private static func readEntry(_ reader: inout JSONReader, key: String, localizations: inout CatalogLocalizations.Builder,
                                  offsets: inout [Int]) throws -> CatalogEntry {
        try expect(.object, "the entry \"\(key)\"", example: "{ \"comment\" : \"...\", \"localizations\" : { } }", &reader)
        var entry = CatalogEntry()
        var fields = FieldSet()
        try reader.readObject(detectingDuplicates: false) { reader, field, keyOffset in
            switch field {
            case "comment":
                try fields.once(0, field, keyOffset, reader)
                entry.comment = try string(&reader, "comment", example: "\"Title of the settings window\"")
            case "extractionState":
                try fields.once(1, field, keyOffset, reader)
                entry.extractionState = ExtractionState(rawValue: try string(&reader, "extractionState", example: "\"manual\""))
            case "shouldTranslate":
                try fields.once(2, field, keyOffset, reader)
                entry.shouldTranslate = try bool(&reader, "shouldTranslate")
            case "localizations":
                try fields.once(3, field, keyOffset, reader)
                try expect(.object, "\"localizations\"", example: "{ \"de\" : { \"stringUnit\" : { ... } } }", &reader)
                entry.localizations = try readLocalizations(&reader, into: &localizations, keepingOffsets: true, in: &offsets) { "the localization \"\($0)\"" }
            default: try insert(try reader.readValue(), field, keyOffset, into: &entry.unknownFields, reader)
            }
        }
        return entry
    }

    /// An entry's `localizations` or a variation's cases, each member a localization (`what`
    /// names it in errors). A name given twice is reported where it was read the second time,
    /// also when a later member has an error of its own: the members are checked after the
    /// object is read, but an error is reported as reading member by member would meet it.
    private static func readLocalizations(_ reader: inout JSONReader, into builder: inout CatalogLocalizations.Builder,
                                          what: (String) -> String) throws -> CatalogLocalizations {
        var unused: [Int] = []
        return try readLocalizations(&reader, into: &builder, keepingOffsets: false, in: &unused, what: what)
    }

    /// With `keepingOffsets`, where each localization was read is appended to `offsets`.
    private static func readLocalizations(_ reader: inout JSONReader, into builder: inout CatalogLocalizations.Builder,
                                          keepingOffsets: Bool, in offsets: inout [Int],
                                          what: (String) -> String) throws -> CatalogLocalizations {
        do {
            try reader.readObject(detectingDuplicates: false) { reader, name, keyOffset in
                builder.add(name, try readLocalization(&reader, what: what(name)), offset: keyOffset)
            }
        } catch {
            if case .failure(let repeated) = builder.finish() { throw reader.duplicateKeyError(repeated.key, at: repeated.offset) }
            throw error
        }
        switch keepingOffsets ? builder.finish(appendingOffsetsTo: &offsets) : builder.finish() {
        case .success(let read): return read
        case .failure(let repeated): throw reader.duplicateKeyError(repeated.key, at: repeated.offset)
        }
    }

    private static func readLocalization(_ reader: inout JSONReader, what: @autoclosure () -> String) throws -> CatalogLocalization {
        try expect(.object, what(), example: "{ \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"...\" } }", &reader)
        var localization = CatalogLocalization()
        var fields = FieldSet()
        try reader.readObject(detectingDuplicates: false) { reader, field, keyOffset in
            switch field {
            case "stringUnit":
                try fields.once(0, field, keyOffset, reader)
                localization.stringUnit = try readStringUnit(&reader)
            case "variations":
                try fields.once(1, field, keyOffset, reader)
                localization.variations = try readVariations(&reader)
            case "substitutions":
                try fields.once(2, field, keyOffset, reader)
                try expect(.object, "\"substitutions\"", example: "{ \"count\" : { \"formatSpecifier\" : \"lld\", ... } }", &reader)
                var substitutions: [String: Substitution] = [:]
                try reader.readObject(detectingDuplicates: false) { reader, name, keyOffset in
                    try insert(try readSubstitution(&reader, name: name), name, keyOffset, into: &substitutions, reader)
                }
                localization.substitutions = substitutions
            default: try insert(try reader.readValue(), field, keyOffset, into: &localization.unknownFields, reader)
            }
        }
        return localization
    }

    private static func readStringUnit(_ reader: inout JSONReader) throws -> StringUnit {
        try expect(.object, "\"stringUnit\"", example: "{ \"state\" : \"translated\", \"value\" : \"...\" }", &reader)
        let start = reader.offset
        var state: String?
        var value: String?
        var unknown: [String: JSONValue] = [:]
        var fields = FieldSet()
        try reader.readObject(detectingDuplicates: false) { reader, field, keyOffset in
            switch field {
            case "state":
                try fields.once(0, field, keyOffset, reader)
                state = try string(&reader, "state", example: "\"translated\"")
            case "value":
                try fields.once(1, field, keyOffset, reader)
                value = try string(&reader, "value", example: "\"Settings\"")
            default: try insert(try reader.readValue(), field, keyOffset, into: &unknown, reader)
            }
        }
        guard let state else { throw missing("state", in: "this string unit", at: start, reader, example: "\"state\" : \"translated\"") }
        guard let value else { throw missing("value", in: "this string unit", at: start, reader, example: "\"value\" : \"...\"") }
        return StringUnit(state: StringUnitState(rawValue: state), value: value, unknownFields: unknown)
    }

    private static func readVariations(_ reader: inout JSONReader) throws -> CatalogVariations {
        try expect(.object, "\"variations\"", example: "{ \"plural\" : { \"one\" : { ... }, \"other\" : { ... } } }", &reader)
        var variations = CatalogVariations()
        try reader.readObject(detectingDuplicates: false) { reader, kind, kindOffset in
            try expect(.object, "the \"\(kind)\" variation", example: "{ \"one\" : { ... }, \"other\" : { ... } }", &reader)
            // A builder of its own: a case may hold variations in turn.
            var cases = CatalogLocalizations.Builder()
            try insert(try readLocalizations(&reader, into: &cases) { "the \(kind) case \"\($0)\"" }, kind, kindOffset, into: &variations.kinds, reader)
        }
        return variations
    }

    private static func readSubstitution(_ reader: inout JSONReader, name: String) throws -> Substitution {
        try expect(.object, "the substitution \"\(name)\"", example: "{ \"argNum\" : 1, \"formatSpecifier\" : \"lld\", \"variations\" : { ... } }", &reader)
        let start = reader.offset
        var argNum: Int?
        var formatSpecifier: String?
        var variations: CatalogVariations?
        var unknown: [String: JSONValue] = [:]
        var fields = FieldSet()
        try reader.readObject(detectingDuplicates: false) { reader, field, keyOffset in
            switch field {
            case "argNum":
                try fields.once(0, field, keyOffset, reader)
                let kind = try reader.peekKind()
                let at = reader.offset
                let lexeme = kind == .number ? try reader.readNumber() : ""
                guard let number = Int(lexeme), number >= 0 else {
                    throw reader.error(.unexpectedType, "\"argNum\" must be a whole number, found \(kind == .number ? lexeme : kind.description)",
                                       at: at, hint: "e.g. \"argNum\" : 1 (the argument's position, counted from 1)")
                }
                argNum = number
            case "formatSpecifier":
                try fields.once(1, field, keyOffset, reader)
                formatSpecifier = try string(&reader, "formatSpecifier", example: "\"lld\"")
            case "variations":
                try fields.once(2, field, keyOffset, reader)
                variations = try readVariations(&reader)
            default: try insert(try reader.readValue(), field, keyOffset, into: &unknown, reader)
            }
        }
        guard let formatSpecifier else {
            throw missing("formatSpecifier", in: "the substitution \"\(name)\"", at: start, reader, example: "\"formatSpecifier\" : \"lld\"")
        }
        return Substitution(argNum: argNum, formatSpecifier: formatSpecifier, variations: variations, unknownFields: unknown)
    }

    // MARK: Duplicates

    /// Adds a member to the dictionary it is read into; a key already there is a duplicate.
    private static func insert<Value>(_ value: Value, _ key: String, _ keyOffset: Int, into dictionary: inout [String: Value], _ reader: JSONReader) throws {
        if dictionary.updateValue(value, forKey: key) != nil { throw reader.duplicateKeyError(key, at: keyOffset) }
    }

    /// Which known fields of one object were seen, to find one given twice (unknown fields are
    /// caught by the dictionary they go into).
    private struct FieldSet {
        private var seen: UInt32 = 0

        mutating func once(_ bit: Int, _ name: String, _ keyOffset: Int, _ reader: JSONReader) throws {
            if seen & 1 << bit != 0 { throw reader.duplicateKeyError(name, at: keyOffset) }
            seen |= 1 << bit
        }
    }

    // MARK: Typed values

    private static func expect(_ kind: JSONKind, _ what: @autoclosure () -> String, example: String, _ reader: inout JSONReader) throws {
        let found = try reader.peekKind()
        guard found == kind else {
            throw reader.error(.unexpectedType, "\(what()) must be \(kind), found \(found)", hint: "Xcode writes it as \(example)")
        }
    }

    private static func string(_ reader: inout JSONReader, _ field: String, example: String) throws -> String {
        let found = try reader.peekKind()
        guard found == .string else {
            throw reader.error(.unexpectedType, "\"\(field)\" must be a string, found \(found)", hint: "e.g. \"\(field)\" : \(example)")
        }
        return try reader.readString()
    }

    private static func bool(_ reader: inout JSONReader, _ field: String) throws -> Bool {
        let found = try reader.peekKind()
        guard found == .bool else {
            throw reader.error(.unexpectedType, "\"\(field)\" must be true or false, found \(found)", hint: "e.g. \"\(field)\" : false")
        }
        return try reader.readBool()
    }

    private static func missing(_ field: String, in what: String, at offset: Int, _ reader: JSONReader, example: String) -> JSONError {
        reader.error(.missingMember(field), "\(what) has no \"\(field)\"", at: offset, hint: "add \(example)")
    }
}
