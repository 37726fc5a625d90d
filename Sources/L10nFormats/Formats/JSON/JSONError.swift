import L10nCore
/// Why a JSON text could not be read, where, and what to do about it.
///
/// Decisions: a key that appears twice in one object is an error (silently keeping one of the
/// two, as JSONSerialization does, would lose a translation when the file is rewritten), and so
/// are two keys that differ only in Unicode normalization (Swift strings, and so the model's
/// dictionaries, cannot keep them apart); a UTF-8
/// byte-order mark at the start is accepted and not written back; `\/` is read as `/`.
public typealias JSONError = FormatError<JSONErrorReason>

/// Why a JSON text could not be read.
public enum JSONErrorReason: LocatedErrorKind {
    /// The text ends before the value does (cut-off file, empty file).
    case truncated
    /// A character that cannot start or continue anything here.
    case unexpectedCharacter
    /// A comma directly before `}` or `]`, or two commas in a row.
    case strayComma
    /// A member or element follows another without a comma between them.
    case missingComma
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// A backslash sequence JSON does not define, or a broken `\u` escape or surrogate pair.
    case badEscape
    /// A raw control character (U+0000 to U+001F) inside a string.
    case controlCharacter
    /// A number that does not follow JSON's grammar (`01`, `1.`, `.5`, `+1`).
    case invalidNumber
    /// The same key twice in one object (or two canonically equivalent keys).
    case duplicateKey(String)
    /// Objects and arrays nested deeper than `JSONReader.maximumDepth`.
    case tooDeep
    /// Anything but white space after the top-level value.
    case trailingContent
    /// Well-formed JSON of the wrong shape for the format being read (e.g. a number where a
    /// String Catalog needs a string); raised by format readers built on `JSONReader`.
    case unexpectedType
    /// A member the format requires is absent (e.g. a string unit without `value`).
    case missingMember(String)

    public static let format = "JSON"
}

extension FormatError where Kind == JSONErrorReason {
    /// The kind, as the JSON readers name it.
    public var reason: JSONErrorReason { kind }
}
