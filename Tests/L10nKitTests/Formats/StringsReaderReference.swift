import Foundation
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

// The `.strings` reader as it was before it was rewritten for speed (commit 382da13), kept
// verbatim as the reference the fast reader must agree with on every input: entries, trivia,
// locations and errors.

enum ReferenceStringsReader {
    static func parse(_ data: Data, path: String) throws -> StringsFile {
        let bytes = [UInt8](data)
        let encoding = StringsEncoding.detect(bytes)
        let scalars = try encoding.referenceDecode(bytes, path: path)
        // Later grammar, added to both readers: an XML property list is read as one.
        if let first = scalars.first(where: { !($0 == " " || (0x09...0x0D).contains($0.value)) }), first == "<" {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            return try StringsReader.parsePropertyList(utf8: Array(text.utf8), encoding: encoding, path: path)
        }
        var parser = ReferenceStringsParser(scalars: scalars, path: path)
        let (entries, trivia, braced) = try parser.parse()
        var file = StringsFile(path: path, encoding: encoding, entries: entries, trivia: trivia,
                               lineBreak: ReferenceStringsParser.lineBreak(in: scalars))
        if braced { file.form = .braced }
        return file
    }

    /// The comments of a text with their ranges in Unicode scalars, as `StringsFile` used them.
    static func comments(in scalars: [Unicode.Scalar]) -> [ReferenceStringsComment] {
        var parser = ReferenceStringsParser(scalars: scalars, path: "")
        return (try? parser.skipTrivia()) ?? []
    }
}

struct ReferenceStringsComment {
    var range: Range<Int>
    var text: String
}

struct ReferenceStringsParser {
    let scalars: [Unicode.Scalar]
    let position: ReferenceTextPosition
    var index = 0

    init(scalars: [Unicode.Scalar], path: String) {
        self.scalars = scalars
        self.position = ReferenceTextPosition(scalars, path: path)
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
    mutating func skipTrivia() throws -> [ReferenceStringsComment] {
        var comments: [ReferenceStringsComment] = []
        while index < scalars.count {
            let scalar = scalars[index]
            if Self.isWhitespace(scalar) { index += 1; continue }
            guard scalar == "/", index + 1 < scalars.count else { break }
            let start = index
            if scalars[index + 1] == "/" {
                index += 2
                while index < scalars.count, !Self.isLineEnd(scalars[index]) { index += 1 }
                comments.append(ReferenceStringsComment(range: start..<index, text: Self.trimmed(text(start + 2..<index))))
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
                comments.append(ReferenceStringsComment(range: start..<index, text: Self.trimmed(text(start + 2..<index - 2))))
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
        /// Where the escape of each unit an escape gave starts (its backslash).
        var escapes: [Int: Int] = [:]
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == quote {
                index += 1
                var i = 0
                while i < units.count {
                    let unit = units[i]
                    if (0xD800...0xDBFF).contains(unit), i + 1 < units.count, (0xDC00...0xDFFF).contains(units[i + 1]) {
                        i += 2
                        continue
                    }
                    if (0xD800...0xDFFF).contains(unit) {
                        throw StringsSyntaxError(.loneSurrogate(unit), at: position.location(escapes[i]!))
                    }
                    i += 1
                }
                return String(decoding: units, as: UTF16.self)
            }
            index += 1
            if scalar == "\\" {
                guard index < scalars.count else { break }
                escapes[units.count] = index - 1
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

    mutating func parse() throws -> ([StringsFile.Entry], [String], Bool) {
        var entries: [StringsFile.Entry] = []
        var trivia: [String] = []
        var triviaStart = 0
        // Later grammar, added to both readers: entries wrapped in `{ }`.
        var comments = try skipTrivia()
        var openBrace: Int?
        if index < scalars.count, scalars[index] == "{" {
            openBrace = index
            index += 1
            comments = try skipTrivia()
        }
        while true {
            if let open = openBrace {
                guard index < scalars.count else { throw StringsSyntaxError(.unclosedBrace, at: position.location(open)) }
                if scalars[index] == "}" {
                    index += 1
                    _ = try skipTrivia()
                    guard index == scalars.count else {
                        throw StringsSyntaxError(.unexpectedCharacter(scalars[index]), at: position.location(index))
                    }
                }
            }
            if index == scalars.count {
                trivia.append(text(triviaStart..<index))
                return (entries, trivia, openBrace != nil)
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
            var beforeValue = "", valueToken: String?, beforeSemicolon = ""
            let value: String
            if scalars[index] == ";" {
                value = key
                beforeSemicolon = text(keyEnd..<index)
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
                beforeValue = text(keyEnd..<valueStart)
                valueToken = text(valueStart..<valueEnd)
                beforeSemicolon = text(valueEnd..<index)
            } else {
                throw StringsSyntaxError(.missingEquals(key: key), at: position.location(index))
            }
            index += 1
            trivia.append(text(triviaStart..<keyStart))
            let source = StringsFile.EntrySource(key: text(keyStart..<keyEnd), beforeValue: beforeValue, value: valueToken,
                                                 beforeSemicolon: beforeSemicolon)
            entries.append(StringsFile.Entry(key: key, value: value, comment: comments.last?.text,
                                             location: position.location(keyStart), source: source))
            triviaStart = index
            comments = try skipTrivia()
        }
    }
}

extension StringsEncoding {
    /// Decodes `bytes` (byte order mark included) strictly: a malformed sequence is an error
    /// located at the character where it starts.
    func referenceDecode(_ bytes: [UInt8], path: String) throws -> [Unicode.Scalar] {
        let body = hasByteOrderMark ? bytes.dropFirst(byteOrderMark.count) : bytes[...]
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(body.count)
        switch form {
        case .utf8:
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = body.makeIterator()
            var offset = body.startIndex
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    scalars.append(Unicode.UTF8.decode(encoded))
                    offset += encoded.count
                case .emptyInput:
                    return scalars
                case .error:
                    throw StringsSyntaxError(.invalidUTF8(byteOffset: offset), at: ReferenceTextPosition.end(of: scalars, path: path))
                }
            }
        case .utf16LittleEndian, .utf16BigEndian:
            var units: [UInt16] = []
            units.reserveCapacity(body.count / 2)
            var index = body.startIndex
            while index + 1 < body.endIndex {
                let first = UInt16(body[index]), second = UInt16(body[index + 1])
                units.append(form == .utf16LittleEndian ? first | second << 8 : first << 8 | second)
                index += 2
            }
            var parser = Unicode.UTF16.ForwardParser()
            var iterator = units.makeIterator()
            var unitOffset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    scalars.append(Unicode.UTF16.decode(encoded))
                    unitOffset += encoded.count
                case .emptyInput:
                    if index < body.endIndex {
                        throw StringsSyntaxError(.oddUTF16Length, at: ReferenceTextPosition.end(of: scalars, path: path))
                    }
                    return scalars
                case .error:
                    let byteOffset = body.startIndex + unitOffset * 2
                    throw StringsSyntaxError(.invalidUTF16(byteOffset: byteOffset), at: ReferenceTextPosition.end(of: scalars, path: path))
                }
            }
        }
    }
}

struct ReferenceTextPosition {
    private let lineStarts: [Int]
    let path: String

    init(_ scalars: [Unicode.Scalar], path: String) {
        var starts = [0]
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\r" {
                if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                starts.append(index + 1)
            } else if scalar == "\n" {
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
        self.path = path
    }

    func location(_ index: Int) -> SourceLocation {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(file: path, line: low + 1, column: index - lineStarts[low] + 1)
    }

    /// The position just after the last scalar, for errors found while decoding.
    static func end(of scalars: [Unicode.Scalar], path: String) -> SourceLocation {
        ReferenceTextPosition(scalars, path: path).location(scalars.count)
    }
}
