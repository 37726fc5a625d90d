import Foundation
import L10nCore

/// Reads Swift source into tokens in one pass: string literals (plain, multi-line, raw with `#`,
/// interpolation nested to any depth up to a limit), comments (line, block, nested block) and
/// punctuation, so that a call's parentheses and braces can be matched. Not a parser: it knows
/// no declarations or precedence. Bare regex literals (`/a"b/`) are read as operators.
public struct SwiftTokenizer {
    /// How deep `"\("\(…)")"` may nest before the file is refused (recursion, not the input, is bounded).
    public static let maximumInterpolationDepth = 64

    /// The tokens of a file; throws a located `SwiftSyntaxError` for an unterminated string or
    /// comment. Bytes that are not UTF-8 are read as U+FFFD.
    public static func tokenize(_ data: Data, file: String) throws -> [SwiftToken] {
        var cursor = Cursor(bytes: [UInt8](data), file: file)
        return try cursor.tokens(depth: 0).tokens
    }

    public static func tokenize(_ text: String, file: String) throws -> [SwiftToken] {
        try tokenize(Data(text.utf8), file: file)
    }
}

private struct Cursor {
    let bytes: [UInt8]
    let file: String
    var index = 0
    var line = 1
    /// The index of the current line's first byte.
    var lineStart = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    var location: SourceLocation { SourceLocation(file: file, line: line, column: index - lineStart + 1) }

    func byte(_ offset: Int = 0) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    /// Consumes a line break (`\n`, `\r\n` or `\r`) at the cursor, if any.
    mutating func newline() -> Bool {
        guard let current = byte() else { return false }
        if current == 0x0A || current == 0x0D {
            index += current == 0x0D && byte(1) == 0x0A ? 2 : 1
            line += 1
            lineStart = index
            return true
        }
        return false
    }

    /// Tokens up to the end of input, or (inside an interpolation, `depth` > 0) up to the `)`
    /// that closes it, which is consumed; `closed` tells which.
    mutating func tokens(depth: Int) throws -> (tokens: [SwiftToken], closed: Bool) {
        var tokens: [SwiftToken] = []
        var parentheses = 0
        while index < bytes.count {
            let current = bytes[index]
            if newline() { continue }
            if current == 0x20 || current == 0x09 || current == 0x0B || current == 0x0C || current == 0 { index += 1; continue }
            let line = self.line, column = index - lineStart + 1
            func add(_ kind: SwiftToken.Kind) { tokens.append(SwiftToken(kind, line: line, column: column)) }
            switch current {
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
                while let next = byte(), next != 0x0A, next != 0x0D { index += 1 }
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                try skipBlockComment()
            case UInt8(ascii: "\""):
                add(.string(try stringLiteral(rawDelimiterCount: 0, depth: depth)))
            case UInt8(ascii: "#"):
                var count = 0
                while byte(count) == UInt8(ascii: "#") { count += 1 }
                if byte(count) == UInt8(ascii: "\"") {
                    index += count
                    add(.string(try stringLiteral(rawDelimiterCount: count, depth: depth)))
                } else if count == 1, let next = byte(1), Self.startsIdentifier(next) {
                    index += 1
                    add(.pound(identifier()))
                } else {
                    index += 1
                    add(.punctuation(current))
                }
            case UInt8(ascii: "("):
                parentheses += 1
                index += 1
                add(.punctuation(current))
            case UInt8(ascii: ")"):
                index += 1
                if depth > 0 && parentheses == 0 { return (tokens, true) }
                parentheses -= 1
                add(.punctuation(current))
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
                 UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "."), UInt8(ascii: "@"), UInt8(ascii: "\\"), UInt8(ascii: "'"):
                index += 1
                add(.punctuation(current))
            case UInt8(ascii: "`"):
                let start = index + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "`"), bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                index = end < bytes.count && bytes[end] == UInt8(ascii: "`") ? end + 1 : end
                add(.identifier(String(decoding: bytes[start..<end], as: UTF8.self)))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                add(number())
            default:
                if Self.startsIdentifier(current) || current == UInt8(ascii: "$") {
                    add(.identifier(identifier()))
                } else if Self.isOperator(current) {
                    let start = index
                    while let next = byte(), Self.isOperator(next) {
                        // A comment may start inside an operator run (`=/* x */`).
                        if next == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "/") || byte(1) == UInt8(ascii: "*") { break }
                        index += 1
                    }
                    if index == start { index += 1 }
                    add(.operatorSymbol(String(decoding: bytes[start..<index], as: UTF8.self)))
                } else {
                    index += 1  // a control character or stray byte: not a token
                }
            }
        }
        return (tokens, false)
    }

    static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "$")
    }

    static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    mutating func identifier() -> String {
        let start = index
        index += 1
        while let next = byte(), Self.continuesIdentifier(next) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `42`, `1_000`, `0x1F`, `3.14`, `1e-3`; a `.` belongs to the number only before a digit (`0..<5`, `1.description`).
    mutating func number() -> SwiftToken.Kind {
        let start = index
        let isHex = byte() == UInt8(ascii: "0") && (byte(1) == UInt8(ascii: "x") || byte(1) == UInt8(ascii: "X"))
        var isInteger = true
        while let next = byte() {
            if Self.continuesIdentifier(next) && next < 0x80 {
                if !isHex && (next == UInt8(ascii: "e") || next == UInt8(ascii: "E")) {
                    isInteger = false
                    if byte(1) == UInt8(ascii: "-") || byte(1) == UInt8(ascii: "+") { index += 1 }
                }
                if isHex && (next == UInt8(ascii: "p") || next == UInt8(ascii: "P")) { isInteger = false }
                index += 1
            } else if next == UInt8(ascii: "."), let after = byte(1), after >= UInt8(ascii: "0"), after <= UInt8(ascii: "9") {
                isInteger = false
                index += 1
            } else {
                break
            }
        }
        return .number(String(decoding: bytes[start..<index], as: UTF8.self), isInteger: isInteger)
    }

    /// Skips `/* … */`, nested comments counted; linear in the comment's length.
    mutating func skipBlockComment() throws {
        let start = location
        var nesting = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                nesting += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
                nesting -= 1
                index += 2
                if nesting == 0 { return }
            } else if !newline() {
                index += 1
            }
        }
        throw SwiftSyntaxError(.unterminatedComment, at: start)
    }

    /// A string literal whose opening `"` (after any `#`) is at the cursor; the cursor ends after
    /// its closing delimiter.
    mutating func stringLiteral(rawDelimiterCount raw: Int, depth: Int) throws -> SwiftStringLiteral {
        let start = SourceLocation(file: file, line: line, column: index - lineStart + 1 - raw)
        let multiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        if multiline {
            // The rest of the opening line is not part of the value.
            while let next = byte(), next == 0x20 || next == 0x09 { index += 1 }
            _ = newline()
        }
        var segments: [SwiftStringLiteral.Segment] = []
        var text: [UInt8] = []
        // Where each source line of a multi-line literal starts: (segment number, byte offset in it).
        var lineStarts: [(segment: Int, offset: Int)] = multiline ? [(0, 0)] : []
        /// The number of segments before the text being read: the index it will have.
        var textsBefore = 0
        func closes(at position: Int) -> Bool {
            let quotes = multiline ? 3 : 1
            for offset in 0..<quotes where position + offset >= bytes.count || bytes[position + offset] != UInt8(ascii: "\"") { return false }
            for offset in 0..<raw where position + quotes + offset >= bytes.count || bytes[position + quotes + offset] != UInt8(ascii: "#") { return false }
            return true
        }
        while true {
            guard index < bytes.count else { throw SwiftSyntaxError(.unterminatedString, at: start) }
            let current = bytes[index]
            if current == 0x0A || current == 0x0D {
                guard multiline else { throw SwiftSyntaxError(.unterminatedString, at: start) }
                _ = newline()
                text.append(0x0A)
                lineStarts.append((textsBefore, text.count))
                continue
            }
            if current == UInt8(ascii: "\""), closes(at: index) {
                index += (multiline ? 3 : 1) + raw
                break
            }
            if current == UInt8(ascii: "\\") && (0..<raw).allSatisfy({ byte($0 + 1) == UInt8(ascii: "#") }) {
                let escaped = index + raw + 1
                guard escaped < bytes.count else { throw SwiftSyntaxError(.unterminatedString, at: start) }
                let code = bytes[escaped]
                if code == UInt8(ascii: "(") {
                    guard depth < SwiftTokenizer.maximumInterpolationDepth else { throw SwiftSyntaxError(.nestingTooDeep, at: location) }
                    index = escaped + 1
                    segments.append(.text(String(decoding: text, as: UTF8.self)))
                    textsBefore += 1
                    text = []
                    let inner = try tokens(depth: depth + 1)
                    // An interpolation that ran to the end of input closed nothing.
                    guard inner.closed else { throw SwiftSyntaxError(.unterminatedString, at: start) }
                    segments.append(.interpolation(inner.tokens))
                    textsBefore += 1
                    continue
                }
                index = escaped + 1
                switch code {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "0"): text.append(0)
                case UInt8(ascii: "u") where byte() == UInt8(ascii: "{"):
                    var end = index + 1
                    while end < bytes.count, end - index <= 9, bytes[end] != UInt8(ascii: "}") { end += 1 }
                    if end < bytes.count, bytes[end] == UInt8(ascii: "}"),
                       let value = UInt32(String(decoding: bytes[(index + 1)..<end], as: UTF8.self), radix: 16),
                       let scalar = Unicode.Scalar(value) {
                        text += Array(String(Character(scalar)).utf8)
                        index = end + 1
                    } else {
                        text += Array("\\u".utf8)
                    }
                case _ where multiline && (code == 0x20 || code == 0x09 || code == 0x0A || code == 0x0D):
                    // A line continuation: `\` then only spaces up to the line break joins the lines.
                    index = escaped
                    while let next = byte(), next == 0x20 || next == 0x09 { index += 1 }
                    if !newline() { text.append(UInt8(ascii: "\\")) } else { lineStarts.append((textsBefore, text.count)) }
                default:
                    text.append(code)  // \\ \" \' and anything Swift would reject, kept as written
                }
                continue
            }
            text.append(current)
            index += 1
        }
        segments.append(.text(String(decoding: text, as: UTF8.self)))
        if multiline { segments = Self.removingIndentation(segments, lineStarts: lineStarts) }
        return SwiftStringLiteral(segments: segments.filter { $0 != .text("") }, isMultiline: multiline, rawDelimiterCount: raw)
    }

    /// A multi-line literal's value: the closing delimiter's indentation removed from every line,
    /// and the line break before the closing delimiter left out.
    static func removingIndentation(_ segments: [SwiftStringLiteral.Segment], lineStarts: [(segment: Int, offset: Int)]) -> [SwiftStringLiteral.Segment] {
        guard case .text(let last)? = segments.last else { return segments }
        var lastBytes = Array(last.utf8)
        // The closing line: whitespace only, after the last line break.
        var indentation = 0
        while indentation < lastBytes.count, [0x20, 0x09].contains(lastBytes[lastBytes.count - 1 - indentation]) { indentation += 1 }
        let prefix = Array(lastBytes.suffix(indentation))
        var result = segments
        // Remove the closing line and the line break before it.
        lastBytes.removeLast(indentation)
        if lastBytes.last == 0x0A { lastBytes.removeLast() }
        result[result.count - 1] = .text(String(decoding: lastBytes, as: UTF8.self))
        guard !prefix.isEmpty else { return result }
        var starts: [Int: [Int]] = [:]
        for start in lineStarts { starts[start.segment, default: []].append(start.offset) }
        for (segment, offsets) in starts {
            guard case .text(let value) = result[segment] else { continue }
            let source = Array(value.utf8)
            var kept: [UInt8] = []
            kept.reserveCapacity(source.count)
            var position = 0
            for offset in offsets.sorted() where offset >= position && offset <= source.count {
                kept += source[position..<offset]
                var skip = 0
                while skip < prefix.count, offset + skip < source.count, source[offset + skip] == prefix[skip] { skip += 1 }
                position = offset + skip
            }
            kept += source[min(position, source.count)...]
            result[segment] = .text(String(decoding: kept, as: UTF8.self))
        }
        return result
    }
}
