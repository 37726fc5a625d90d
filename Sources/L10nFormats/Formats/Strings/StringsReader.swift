import Foundation
import L10nCore

/// Reads `.strings` files with the grammar of Foundation's old-style property list parser
/// (`CFOldStylePList.c`), keeping every byte of the original text.
///
/// Stricter than Foundation where Foundation silently loses data: an unterminated `/*` comment
/// and text after the last entry are errors here. Array, dictionary and data values
/// (`"k" = ("a");`) are not accepted: no localized string uses them. A file wrapped in `{ }`
/// and one in XML property-list form, both of which Foundation reads, are read as well.
public enum StringsReader: FormatReader {
    /// Parses the bytes of a file; `path` is used in error locations.
    public static func parse(_ data: Data, path: String) throws -> StringsFile {
        if data.starts(with: Array("bplist".utf8)) {
            throw StringsSyntaxError(.binaryPropertyList, at: SourceLocation(file: path, line: 1, column: 1))
        }
        let bytes = [UInt8](data)
        let encoding = StringsEncoding.detect(bytes)
        return try parse(utf8: encoding.utf8Text(bytes, path: path), encoding: encoding, path: path)
    }

    /// Parses text that is already decoded (e.g. a `.strings` snippet), as UTF-8.
    public static func parse(_ text: String, path: String) throws -> StringsFile {
        try parse(utf8: Array(text.utf8), encoding: .utf8, path: path)
    }

    /// Parses valid UTF-8 text (the file without its byte order mark).
    private static func parse(utf8 text: [UInt8], encoding: StringsEncoding, path: String) throws -> StringsFile {
        if let first = text.first(where: { !($0 == 0x20 || (0x09...0x0D).contains($0)) }), first == UInt8(ascii: "<") {
            return try parsePropertyList(utf8: text, encoding: encoding, path: path)
        }
        return try text.withUnsafeBufferPointer { bytes in
            var parser = StringsParser(bytes: bytes, path: path)
            let (entries, trivia, braced) = try parser.parse()
            var file = StringsFile(path: path, encoding: encoding, entries: entries, trivia: trivia,
                                   lineBreak: StringsParser.lineBreak(in: bytes))
            if braced { file.form = .braced }
            return file
        }
    }
}

extension StringsReader {
    /// A file in XML property-list form (a `<dict>` of strings), as Foundation reads it too: each
    /// entry located at its `<key>`, no comments.
    static func parsePropertyList(utf8 text: [UInt8], encoding: StringsEncoding, path: String) throws -> StringsFile {
        // The text is UTF-8 here, whatever its declaration says (a UTF-16 file, decoded).
        let root = try PropertyListXMLReader.parse(Data(text), path: path, encoding: "UTF-8")
        guard case .dictionary(let dictionary) = root else {
            throw StringsSyntaxError(.notAStringsDictionary(root.typeName), at: SourceLocation(file: path, line: 1, column: 1))
        }
        var entries: [StringsFile.Entry] = []
        for member in dictionary.members {
            guard let value = member.value.string else {
                throw StringsSyntaxError(.notAStringsDictionary("\(member.value.typeName) for the key \"\(member.key)\""),
                                         at: member.location ?? SourceLocation(file: path, line: 1, column: 1))
            }
            let source = StringsFile.EntrySource(key: .plain, beforeValue: " = ", value: .plain, beforeSemicolon: "")
            entries.append(StringsFile.Entry(key: member.key, value: value, comment: nil, location: member.location, source: source))
        }
        var file = StringsFile(path: path, encoding: encoding, entries: entries,
                               trivia: [""] + Array(repeating: "\n", count: entries.count), lineBreak: "\n")
        file.form = .xmlPropertyList
        file.xmlText = String(decoding: text, as: UTF8.self)
        file.xmlDictionary = dictionary
        return file
    }
}

/// A comment found between entries: its full text range and its text without delimiters.
/// The range counts Unicode scalars of the text it was found in (see `StringsFile.comments(in:)`).
struct StringsComment {
    var range: Range<Int>
    var text: String
}

/// The `.strings` grammar over valid UTF-8. Every byte the grammar looks at is ASCII, except the
/// separators U+2028 and U+2029, so the text is scanned as bytes and every string is cut out of
/// it at scalar boundaries.
struct StringsParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var locator: TextLocator
    /// Texts already read: a table repeats its comments and the space around them entry after entry.
    private let strings = StringTable()

    init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.locator = TextLocator(path: path)
    }

    static func isLineEnd(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default: return false
        }
    }

    /// Whether U+2028 or U+2029 (E2 80 A8 / E2 80 A9) starts at `i`.
    @inline(__always)
    private static func isSeparator(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        bytes[i] == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
    }

    /// The length in bytes of the whitespace character at `i`, 0 when there is none.
    @inline(__always)
    private static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let byte = bytes[i]
        if byte == 0x20 || (0x09...0x0D).contains(byte) { return 1 }
        return isSeparator(bytes, at: i) ? 3 : 0
    }

    @inline(__always)
    private static func isLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        bytes[i] == 0x0A || bytes[i] == 0x0D || isSeparator(bytes, at: i)
    }

    /// The line break the text uses first, so inserted lines match the file's.
    static func lineBreak(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let index = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
        if bytes[index] == 0x0A { return "\n" }
        return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? "\r\n" : "\r"
    }

    /// The text of `range`, sharing its storage with an equal text read before.
    @inline(__always)
    func text(_ range: Range<Int>) -> String {
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        return strings.string(text) { String(decoding: text, as: UTF8.self) }
    }

    func location(_ offset: Int) -> SourceLocation {
        var fresh = locator
        return fresh.location(at: offset, in: bytes)
    }

    /// Skips whitespace and comments; `comment` is called with the full byte range of each
    /// comment passed and the range of its text between the delimiters.
    @inline(__always)
    mutating func skipTrivia(_ comment: (Range<Int>, Range<Int>) -> Void) throws {
        while index < bytes.count {
            let space = Self.whitespaceLength(bytes, at: index)
            if space > 0 { index += space; continue }
            guard bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count else { break }
            let start = index
            if bytes[index + 1] == UInt8(ascii: "/") {
                index += 2
                while index < bytes.count, !Self.isLineEnd(bytes, at: index) { index += 1 }
                comment(start..<index, start + 2..<index)
            } else if bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                var closed = false
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                        index += 2
                        closed = true
                        break
                    }
                    index += 1
                }
                guard closed else { throw StringsSyntaxError(.unterminatedComment, at: location(start)) }
                comment(start..<index, start + 2..<index - 2)
            } else {
                break
            }
        }
    }

    /// Skips whitespace and comments; returns the text range of the last comment passed.
    @inline(__always)
    mutating func skipTrivia() throws -> Range<Int>? {
        var last: Range<Int>?
        try skipTrivia { _, text in last = text }
        return last
    }

    /// A comment's text without the whitespace around it.
    func trimmedText(_ range: Range<Int>) -> String {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper {
            let space = Self.whitespaceLength(bytes, at: lower)
            guard space > 0, lower + space <= upper else { break }
            lower += space
        }
        while lower < upper {
            let last = bytes[upper - 1]
            if last == 0x20 || (0x09...0x0D).contains(last) {
                upper -= 1
            } else if upper - 3 >= lower, Self.isSeparator(bytes, at: upper - 3) {
                upper -= 3
            } else {
                break
            }
        }
        return text(lower..<upper)
    }

    /// Parses a quoted string or an unquoted token at `index`; nil when none starts there.
    mutating func parseString() throws -> String? {
        guard index < bytes.count else { return nil }
        let first = bytes[index]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            return try parseQuoted(first)
        }
        guard Self.isTokenByte(first) else { return nil }
        let start = index
        while index < bytes.count, Self.isTokenByte(bytes[index]) { index += 1 }
        return text(start..<index)
    }

    private mutating func parseQuoted(_ quote: UInt8) throws -> String {
        let start = index
        var i = start + 1
        while i < bytes.count {
            let byte = bytes[i]
            if byte == quote {
                index = i + 1
                return text(start + 1..<i)
            }
            if byte == UInt8(ascii: "\\") { return try parseEscaped(quote, opened: start, firstEscape: i) }
            i += 1
        }
        throw StringsSyntaxError(.unterminatedString, at: location(start))
    }

    /// The rest of a quoted string from its first backslash on.
    private mutating func parseEscaped(_ quote: UInt8, opened start: Int, firstEscape: Int) throws -> String {
        var output = EscapedText()
        output.append(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<firstEscape]))
        index = firstEscape
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                let value = output.finish()
                if let lone = output.loneSurrogate {
                    throw StringsSyntaxError(.loneSurrogate(lone.unit), at: location(lone.offset))
                }
                return value
            }
            if byte == UInt8(ascii: "\\") {
                output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                guard index < bytes.count else { break }
                unescape(into: &output)
                runStart = index
                continue
            }
            index += 1
        }
        throw StringsSyntaxError(.unterminatedString, at: location(start))
    }

    /// Appends the UTF-16 unit or character an escape stands for; `index` is just after the backslash.
    private mutating func unescape(into output: inout EscapedText) {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            index += 1
            var number = byte - 0x30
            for _ in 0..<2 {
                guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) else { break }
                number = number &<< 3 &+ (bytes[index] - 0x30)
                index += 1
            }
            output.append(unit: StringsEscapes.nextStepCharacter(number), escapedAt: index)
        case UInt8(ascii: "U"):
            let escape = index - 1
            index += 1
            var number: UInt16 = 0
            for _ in 0..<4 {
                guard index < bytes.count, let digit = StringsEscapes.hexDigit(Unicode.Scalar(bytes[index])) else { break }
                number = number << 4 | UInt16(digit)
                index += 1
            }
            output.append(unit: number, escapedAt: escape)
        case UInt8(ascii: "a"): index += 1; output.append(unit: 0x07, escapedAt: index)
        case UInt8(ascii: "b"): index += 1; output.append(unit: 0x08, escapedAt: index)
        case UInt8(ascii: "f"): index += 1; output.append(unit: 0x0C, escapedAt: index)
        case UInt8(ascii: "n"): index += 1; output.append(unit: 0x0A, escapedAt: index)
        case UInt8(ascii: "r"): index += 1; output.append(unit: 0x0D, escapedAt: index)
        case UInt8(ascii: "t"): index += 1; output.append(unit: 0x09, escapedAt: index)
        case UInt8(ascii: "v"): index += 1; output.append(unit: 0x0B, escapedAt: index)
        default:
            let end = index + StringsParser.scalarLength(lead: byte)
            output.append(UnsafeBufferPointer(rebasing: bytes[index..<end]))
            index = end
        }
    }

    /// The length of a valid UTF-8 sequence from its first byte.
    @inline(__always)
    static func scalarLength(lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The scalar that starts at byte `i`.
    private func scalar(at i: Int) -> Unicode.Scalar {
        let end = i + Self.scalarLength(lead: bytes[i])
        return text(i..<end).unicodeScalars.first!
    }

    private static func trimmed<Element>(_ array: [Element]) -> [Element] {
        array.capacity > array.count + array.count / 8 + 4 ? array.withUnsafeBufferPointer { Array($0) } : array
    }

    /// A quoted token: `.plain` when its bytes are `"` + the text's + `"` (nothing escaped), so
    /// that no copy of them is kept.
    private func token(_ range: Range<Int>, of decoded: String) -> StringsFile.EntrySource.Token {
        var decoded = decoded
        let plain = decoded.withUTF8 { StringsFile.EntrySource.isPlain(UnsafeBufferPointer(rebasing: bytes[range]), of: $0) }
        return plain ? .plain : .written(text(range))
    }

    /// The entries and the text around them; `braced` when the file wraps its entries in
    /// `{ }`, as an old-style property list dictionary may (the braces stay in the text around).
    mutating func parse() throws -> (entries: [StringsFile.Entry], trivia: [String], braced: Bool) {
        var entries: [StringsFile.Entry] = []
        var trivia: [String] = []
        var triviaStart = 0
        var openBrace: Int?
        var comment = try skipTrivia()
        if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
            openBrace = index
            index += 1
            comment = try skipTrivia()
        }
        while true {
            if let open = openBrace {
                guard index < bytes.count else {
                    throw StringsSyntaxError(.unclosedBrace, at: location(open))
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    _ = try skipTrivia()
                    guard index == bytes.count else {
                        throw StringsSyntaxError(.unexpectedCharacter(scalar(at: index)), at: location(index))
                    }
                }
            }
            if index == bytes.count {
                trivia.append(text(triviaStart..<index))
                // The arrays grew by doubling; a project keeps every table's for the whole run.
                return (Self.trimmed(entries), Self.trimmed(trivia), openBrace != nil)
            }
            let keyStart = index
            guard let key = try parseString() else {
                throw StringsSyntaxError(.unexpectedCharacter(scalar(at: index)), at: location(index))
            }
            let keyEnd = index
            _ = try skipTrivia()
            guard index < bytes.count else {
                throw StringsSyntaxError(.missingEquals(key: key), at: location(index))
            }
            var source = StringsFile.EntrySource(key: token(keyStart..<keyEnd, of: key), beforeValue: "", value: nil, beforeSemicolon: "")
            let value: String
            if bytes[index] == UInt8(ascii: ";") {
                value = key
                source.beforeSemicolon = text(keyEnd..<index)
            } else if bytes[index] == UInt8(ascii: "=") {
                index += 1
                _ = try skipTrivia()
                let valueStart = index
                guard let parsed = try parseString() else {
                    throw StringsSyntaxError(.missingValue(key: key), at: location(index))
                }
                value = parsed
                let valueEnd = index
                _ = try skipTrivia()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                    throw StringsSyntaxError(.missingSemicolon(key: key), at: location(valueEnd))
                }
                source.beforeValue = text(keyEnd..<valueStart)
                source.value = token(valueStart..<valueEnd, of: parsed)
                source.beforeSemicolon = text(valueEnd..<index)
            } else {
                throw StringsSyntaxError(.missingEquals(key: key), at: location(index))
            }
            index += 1
            trivia.append(text(triviaStart..<keyStart))
            entries.append(StringsFile.Entry(key: key, value: value, comment: comment.map(trimmedText),
                                             location: locator.location(at: keyStart, in: bytes), source: source))
            triviaStart = index
            comment = try skipTrivia()
        }
    }
}

/// The value of a quoted string with escapes, built as UTF-8. An escape gives a UTF-16 unit
/// (`\U` may give half of a surrogate pair): a high surrogate followed by a low one is one
/// character; any other surrogate is recorded in `loneSurrogate` (the first one, with the byte
/// offset of its escape), because no string can hold it and silently writing U+FFFD loses text.
private struct EscapedText {
    private var bytes: [UInt8] = []
    private var pendingHighSurrogate: (unit: UInt16, offset: Int)?
    /// The first surrogate escape that is not half of a pair, and where its backslash is.
    private(set) var loneSurrogate: (unit: UInt16, offset: Int)?

    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard !text.isEmpty else { return }
        flushSurrogate()
        bytes.append(contentsOf: text)
    }

    mutating func append(unit: UInt16, escapedAt offset: Int) {
        if let high = pendingHighSurrogate {
            pendingHighSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                appendScalar(0x10000 + (UInt32(high.unit - 0xD800) << 10) + UInt32(unit - 0xDC00))
                return
            }
            recordLone(high)
        }
        switch unit {
        case 0xD800...0xDBFF: pendingHighSurrogate = (unit, offset)
        case 0xDC00...0xDFFF: recordLone((unit, offset))
        default: appendScalar(UInt32(unit))
        }
    }

    mutating func finish() -> String {
        flushSurrogate()
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func flushSurrogate() {
        if let high = pendingHighSurrogate {
            pendingHighSurrogate = nil
            recordLone(high)
        }
    }

    private mutating func recordLone(_ surrogate: (unit: UInt16, offset: Int)) {
        if loneSurrogate == nil { loneSurrogate = surrogate }
        appendScalar(0xFFFD)
    }

    private mutating func appendScalar(_ value: UInt32) {
        bytes.append(contentsOf: UTF8.encode(Unicode.Scalar(value)!)!)
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
