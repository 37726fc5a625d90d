import Foundation

/// Reads `.strings` files with the grammar of Foundation's old-style property list parser
/// (`CFOldStylePList.c`), keeping every byte of the original text.
///
/// Stricter than Foundation where Foundation silently loses data: an unterminated `/*` comment
/// and text after the last entry are errors here. Array, dictionary and data values
/// (`"k" = ("a");`), and a file wrapped in `{ }`, are not accepted: no localized string uses them.
public enum StringsReader {
    /// Reads and parses a file.
    public static func read(contentsOf url: URL) throws -> StringsFile {
        try parse(AtomicFile.read(url), path: url.path)
    }

    /// Parses the bytes of a file; `path` is used in error locations.
    public static func parse(_ data: Data, path: String) throws -> StringsFile {
        let bytes = [UInt8](data)
        let encoding = StringsEncoding.detect(bytes)
        let scalars = try encoding.decode(bytes, path: path)
        var parser = StringsParser(scalars: scalars, path: path)
        let (entries, trivia) = try parser.parse()
        return StringsFile(path: path, encoding: encoding, entries: entries, trivia: trivia,
                           lineBreak: StringsParser.lineBreak(in: scalars))
    }

    /// Parses text that is already decoded (e.g. a `.strings` snippet), as UTF-8.
    public static func parse(_ text: String, path: String) throws -> StringsFile {
        var parser = StringsParser(scalars: Array(text.unicodeScalars), path: path)
        let (entries, trivia) = try parser.parse()
        return StringsFile(path: path, encoding: .utf8, entries: entries, trivia: trivia,
                           lineBreak: StringsParser.lineBreak(in: Array(text.unicodeScalars)))
    }
}

/// A comment found between entries: its full text range and its text without delimiters.
struct StringsComment {
    var range: Range<Int>
    var text: String
}

struct StringsParser {
    let scalars: [Unicode.Scalar]
    let position: TextPosition
    var index = 0

    init(scalars: [Unicode.Scalar], path: String) {
        self.scalars = scalars
        self.position = TextPosition(scalars, path: path)
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        (0x09...0x0D).contains(scalar.value) || scalar == " " || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    static func isLineEnd(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "/", ":", ".", "-": return true
        default: return false
        }
    }

    /// The line break the text uses first, so inserted lines match the file's.
    static func lineBreak(in scalars: [Unicode.Scalar]) -> String {
        guard let index = scalars.firstIndex(where: { $0 == "\n" || $0 == "\r" }) else { return "\n" }
        if scalars[index] == "\n" { return "\n" }
        return index + 1 < scalars.count && scalars[index + 1] == "\n" ? "\r\n" : "\r"
    }

    func text(_ range: Range<Int>) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[range])
        return String(result)
    }

    /// Skips whitespace and comments; returns the comments passed.
    mutating func skipTrivia() throws -> [StringsComment] {
        var comments: [StringsComment] = []
        while index < scalars.count {
            let scalar = scalars[index]
            if Self.isWhitespace(scalar) { index += 1; continue }
            guard scalar == "/", index + 1 < scalars.count else { break }
            let start = index
            if scalars[index + 1] == "/" {
                index += 2
                while index < scalars.count, !Self.isLineEnd(scalars[index]) { index += 1 }
                comments.append(StringsComment(range: start..<index, text: Self.trimmed(text(start + 2..<index))))
            } else if scalars[index + 1] == "*" {
                index += 2
                var closed = false
                while index < scalars.count {
                    if scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                        index += 2
                        closed = true
                        break
                    }
                    index += 1
                }
                guard closed else { throw StringsSyntaxError(.unterminatedComment, at: position.location(start)) }
                comments.append(StringsComment(range: start..<index, text: Self.trimmed(text(start + 2..<index - 2))))
            } else {
                break
            }
        }
        return comments
    }

    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, isWhitespace(first) { scalars = scalars.dropFirst() }
        while let last = scalars.last, isWhitespace(last) { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Parses a quoted string or an unquoted token at `index`; nil when none starts there.
    mutating func parseString() throws -> String? {
        guard index < scalars.count else { return nil }
        let first = scalars[index]
        if first == "\"" || first == "'" {
            return try parseQuoted(first)
        }
        guard Self.isTokenCharacter(first) else { return nil }
        let start = index
        while index < scalars.count, Self.isTokenCharacter(scalars[index]) { index += 1 }
        return text(start..<index)
    }

    private mutating func parseQuoted(_ quote: Unicode.Scalar) throws -> String {
        let start = index
        index += 1
        var units: [UInt16] = []
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == quote {
                index += 1
                return String(decoding: units, as: UTF16.self)
            }
            index += 1
            if scalar == "\\" {
                guard index < scalars.count else { break }
                units.append(contentsOf: unescape())
            } else {
                units.append(contentsOf: scalar.utf16)
            }
        }
        throw StringsSyntaxError(.unterminatedString, at: position.location(start))
    }

    /// The UTF-16 units an escape stands for; `index` is just after the backslash.
    private mutating func unescape() -> [UInt16] {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "0"..."7":
            var number = UInt8(scalar.value - 0x30)
            for _ in 0..<2 {
                guard index < scalars.count, ("0"..."7").contains(scalars[index]) else { break }
                number = number &<< 3 &+ UInt8(scalars[index].value - 0x30)
                index += 1
            }
            return [StringsEscapes.nextStepCharacter(number)]
        case "U":
            var number: UInt16 = 0
            for _ in 0..<4 {
                guard index < scalars.count, let digit = StringsEscapes.hexDigit(scalars[index]) else { break }
                number = number << 4 | UInt16(digit)
                index += 1
            }
            return [number]
        case "a": return [0x07]
        case "b": return [0x08]
        case "f": return [0x0C]
        case "n": return [0x0A]
        case "r": return [0x0D]
        case "t": return [0x09]
        case "v": return [0x0B]
        default: return Array(scalar.utf16)
        }
    }

    mutating func parse() throws -> ([StringsFile.Entry], [String]) {
        var entries: [StringsFile.Entry] = []
        var trivia: [String] = []
        var triviaStart = 0
        while true {
            let comments = try skipTrivia()
            if index == scalars.count {
                trivia.append(text(triviaStart..<index))
                return (entries, trivia)
            }
            let keyStart = index
            guard let key = try parseString() else {
                throw StringsSyntaxError(.unexpectedCharacter(scalars[index]), at: position.location(index))
            }
            let keyEnd = index
            _ = try skipTrivia()
            guard index < scalars.count else {
                throw StringsSyntaxError(.missingEquals(key: key), at: position.location(index))
            }
            var source = StringsFile.EntrySource(key: text(keyStart..<keyEnd), beforeValue: "", value: nil, beforeSemicolon: "")
            let value: String
            if scalars[index] == ";" {
                value = key
                source.beforeSemicolon = text(keyEnd..<index)
            } else if scalars[index] == "=" {
                index += 1
                _ = try skipTrivia()
                let valueStart = index
                guard let parsed = try parseString() else {
                    throw StringsSyntaxError(.missingValue(key: key), at: position.location(index))
                }
                value = parsed
                let valueEnd = index
                _ = try skipTrivia()
                guard index < scalars.count, scalars[index] == ";" else {
                    throw StringsSyntaxError(.missingSemicolon(key: key), at: position.location(valueEnd))
                }
                source.beforeValue = text(keyEnd..<valueStart)
                source.value = text(valueStart..<valueEnd)
                source.beforeSemicolon = text(valueEnd..<index)
            } else {
                throw StringsSyntaxError(.missingEquals(key: key), at: position.location(index))
            }
            index += 1
            trivia.append(text(triviaStart..<keyStart))
            entries.append(StringsFile.Entry(key: key, value: value, comment: comments.last?.text,
                                             location: position.location(keyStart), source: source))
            triviaStart = index
        }
    }
}

/// Escape tables of the old-style property list grammar.
enum StringsEscapes {
    static func hexDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": return UInt8(scalar.value - 0x30)
        case "a"..."f": return UInt8(scalar.value - 0x61 + 10)
        case "A"..."F": return UInt8(scalar.value - 0x41 + 10)
        default: return nil
        }
    }

    /// An octal escape's byte read as NeXTSTEP Latin, as Foundation does (`\251` is "©").
    /// The two undefined bytes give U+0000, as in Foundation.
    static func nextStepCharacter(_ byte: UInt8) -> UInt16 {
        guard byte >= 0x80 else { return UInt16(byte) }
        let character = nextStepUpperHalf[Int(byte - 0x80)]
        return character == 0xFFFD ? 0 : character
    }

    /// NeXTSTEP Latin bytes 0x80–0xFF in Unicode (Foundation's `NSToPrecompUnicodeTable`).
    private static let nextStepUpperHalf: [UInt16] = [
        0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7,
        0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
        0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
        0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,
        0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7,
        0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
        0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022,
        0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,
        0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
        0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,
        0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2,
        0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
        0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1,
        0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
        0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
        0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0xFFFD, 0xFFFD,
    ]
}
