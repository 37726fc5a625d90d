import L10nCore
/// Why a `.strings` file could not be read, and where.
public typealias StringsSyntaxError = FormatError<StringsSyntaxErrorKind>

/// What is wrong with a `.strings` file.
public enum StringsSyntaxErrorKind: LocatedErrorKind {
    /// A quoted key or value has no closing quote; located at the opening quote.
    case unterminatedString
    /// A `/*` comment has no `*/`; located at the `/*`.
    case unterminatedComment
    /// Neither `=` nor `;` follows a key; located where one was expected.
    case missingEquals(key: String)
    /// Nothing usable follows `=`; located where the value was expected.
    case missingValue(key: String)
    /// No `;` ends an entry; located just after its value.
    case missingSemicolon(key: String)
    /// Something that cannot start a key.
    case unexpectedCharacter(Unicode.Scalar)
    /// Bytes that are not UTF-8 (the file has no BOM and no zero byte at its start).
    case invalidUTF8(byteOffset: Int)
    /// A lone surrogate in a UTF-16 file.
    case invalidUTF16(byteOffset: Int)
    /// A UTF-16 file with an odd number of bytes.
    case oddUTF16Length
    /// A binary property list (`bplist00`), as a built app carries; a source file is text.
    case binaryPropertyList
    /// A file that opens its entries with `{` has no closing `}`; located at the `{`.
    case unclosedBrace
    /// A `.strings` file in XML property-list form whose root is not a dict of strings.
    case notAStringsDictionary(String)
    /// A `\U` escape giving half of a surrogate pair without the other half; located at its backslash.
    case loneSurrogate(UInt16)

    public static let format = ".strings"

    /// What went wrong, for the error's message.
    public var message: String {
        switch self {
        case .unterminatedString: return "unterminated string: no closing quote"
        case .unterminatedComment: return "unterminated comment: '/*' without '*/'"
        case .missingEquals(let key): return "expected '=' or ';' after key \"\(key)\""
        case .missingValue(let key): return "expected a string value after '=' for key \"\(key)\""
        case .missingSemicolon(let key): return "missing ';' after the value of key \"\(key)\""
        case .unexpectedCharacter(let scalar):
            return "unexpected character '\(scalar.escaped(asASCII: true))' where a key was expected"
        case .invalidUTF8(let offset): return "invalid UTF-8 (byte offset \(offset))"
        case .invalidUTF16(let offset): return "invalid UTF-16: unpaired surrogate (byte offset \(offset))"
        case .oddUTF16Length: return "invalid UTF-16: the file has an odd number of bytes"
        case .unclosedBrace: return "the '{' that opens the entries has no closing '}'"
        case .binaryPropertyList: return "a .strings file in binary property-list form, which l10n does not read"
        case .notAStringsDictionary(let what): return "a .strings file in property-list form must be a dict of strings, not \(what)"
        case .loneSurrogate(let unit):
            let hex = String(unit, radix: 16, uppercase: true)
            return unit < 0xDC00
                ? "lone surrogate \\U\(hex): a high surrogate must be followed by a low one (\\UDC00 to \\UDFFF)"
                : "lone surrogate \\U\(hex): a low surrogate must follow a high one"
        }
    }

    /// What to do about it.
    public var hint: String? {
        switch self {
        case .unterminatedString:
            return "a quote inside a string must be written \\\"; check the quotes on this line"
        case .unterminatedComment:
            return "close the comment with */; every entry after it would be ignored"
        case .missingEquals:
            return "write entries as \"key\" = \"value\";"
        case .missingValue:
            return "quote the value: \"key\" = \"value\"; (unquoted values may only use letters, digits and _$/:.-)"
        case .missingSemicolon:
            return "end every entry with ';'"
        case .unexpectedCharacter:
            return "keys are quoted strings or tokens of letters, digits and _$/:.-; comments are /* */ or //"
        case .binaryPropertyList:
            return "convert it to XML with `plutil -convert xml1 FILE` on a Mac (l10n reads and edits that form)"
        case .unclosedBrace:
            return "end the file with '}' after the last entry, or remove the '{'"
        case .notAStringsDictionary:
            return "each entry is <key>key</key><string>value</string> inside the root <dict>"
        case .loneSurrogate:
            return "write the character itself, or both halves of its UTF-16 surrogate pair (\\UD83D\\UDE00 is 😀)"
        case .invalidUTF8, .invalidUTF16, .oddUTF16Length:
            return "save the file as UTF-8 (or UTF-16 with a byte order mark) in your editor"
        }
    }
}

extension FormatError where Kind == StringsSyntaxErrorKind {
    public init(_ kind: Kind, at location: SourceLocation) {
        self.init(kind, kind.message, at: location, hint: kind.hint)
    }
}
