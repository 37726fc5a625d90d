import Foundation
import L10nCore

/// A byte-level JSON parser over UTF-8 that keeps member order and number lexemes.
///
/// Two ways in: `parse` builds a whole `JSONValue`; `read` hands out the reader itself as a pull
/// parser (`peekKind`, `readObject`, `readString`, ...) so a format reader can map JSON straight
/// to its model and point at the exact value that has the wrong type. A reader is only valid
/// inside the closure given to `read`.
public struct JSONReader: FormatReader {
    /// `parse(_:file:)` in the shape of every reader.
    public static func parse(_ data: Data, path: String) throws -> JSONValue {
        try parse(data, file: path)
    }

    /// Objects and arrays nested deeper than this are refused instead of overflowing the stack.
    public static let maximumDepth = 512

    /// The file name put into error locations.
    public let file: String
    /// Byte offset of the next unread byte.
    public private(set) var offset: Int
    private let bytes: UnsafeBufferPointer<UInt8>
    private var depth = 0
    /// The last location computed: locations asked for in reading order (a pipeline locates
    /// every field) then cost the bytes since the previous one, not a scan from the start.
    /// Where the last location was computed, so locating in file order is one pass.
    private let locator = LocatorBox()
    /// Strings already read, when the reader shares equal ones (`read(_:file:sharingStrings:)`).
    private let strings: StringTable?

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String, sharingStrings: Bool = false) {
        self.bytes = bytes
        self.file = file
        strings = sharingStrings ? StringTable() : nil
        offset = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
    }

    /// Parses a whole JSON text; nothing but white space may follow the value.
    public static func parse(_ data: Data, file: String) throws -> JSONValue {
        try read(data, file: file) { reader in
            let value = try reader.readValue()
            try reader.finish()
            return value
        }
    }

    /// Runs `body` with a reader over `data`; the reader must not escape `body`.
    ///
    /// `sharingStrings`: keys and string values with the same bytes (beyond the 15 a `String`
    /// holds inline) come back as one string sharing its storage, not one allocation each: a
    /// catalog repeats its texts (a key and its English value, a plural's `other` and its root,
    /// one word under many keys), and a model holds them all.
    public static func read<T>(_ data: Data, file: String, sharingStrings: Bool = false, _ body: (inout JSONReader) throws -> T) throws -> T {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self), file: file, sharingStrings: sharingStrings)
            return try body(&reader)
        }
    }

    // MARK: Pull interface

    /// The kind of the next value, after skipping white space; the reader then stands on it, so
    /// `location()` names where it starts.
    public mutating func peekKind() throws -> JSONKind {
        skipWhitespace()
        guard offset < bytes.count else {
            let hint = "the file may have been cut off; restore it from version control"
            // An empty file is about the whole file: no position is made up for it.
            if offset == 0 || isBOMOnly {
                throw JSONError(.truncated, "the file is empty; a JSON value was expected", at: SourceLocation(file: file), hint: hint)
            }
            throw error(.truncated, "unexpected end of file; a value was expected", hint: hint)
        }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: ","):
            throw error(.strayComma, "unexpected ',' where a value was expected", hint: "remove the extra comma")
        default:
            throw try unexpectedCharacter(expecting: "a value")
        }
    }

    /// Moves past the value at the current position without building it: strings are scanned
    /// for their closing quote only and nothing is validated, so use it on text already read
    /// once (finding where keys stand in a file that parsed).
    public mutating func skipValue() throws {
        skipWhitespace()
        guard offset < bytes.count, let base = bytes.baseAddress else { throw try expected("a value") }
        let end = bytes.count
        var depth = 0
        var i = offset
        repeat {
            guard i < end else { throw unclosed("value", opened: offset) }
            switch base[i] {
            case UInt8(ascii: "\""):
                i = Self.afterString(base, from: i + 1, end: end)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                i += 1
            default:
                if depth == 0 {
                    // A scalar: up to the next delimiter.
                    while i < end, !Self.isDelimiter(base[i]) { i += 1 }
                } else {
                    // Inside a container only quotes and brackets matter: indentation, `:`, `,`,
                    // numbers and literals are passed over in one loop.
                    i += 1
                    while i < end, !Self.isStructural(base[i]) { i += 1 }
                }
            }
        } while depth > 0
        offset = min(i, end)
    }

    /// Just after the quote that closes a string whose text starts at `from`; past `end` when
    /// the string is not closed. Quotes are found with `memchr`; one behind an odd run of
    /// backslashes is escaped.
    private static func afterString(_ base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var next = from
        while let quote = base.firstIndex(of: 0x22, from: next, to: end) {
            var backslashes = 0
            while quote - backslashes - 1 >= from && base[quote - backslashes - 1] == 0x5C { backslashes += 1 }
            if backslashes % 2 == 0 { return quote + 1 }
            next = quote + 1
        }
        return end + 1
    }

    private static func isStructural(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
            || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Reads any value into a tree.
    public mutating func readValue() throws -> JSONValue {
        switch try peekKind() {
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            try readObject { reader, key, _ in members.append((key, try reader.readValue())) }
            return .object(members)
        case .array:
            var elements: [JSONValue] = []
            try readArray { reader, _ in elements.append(try reader.readValue()) }
            return .array(elements)
        case .string: return .string(try readString())
        case .number: return .number(try readNumber())
        case .bool: return .bool(try readBool())
        case .null:
            try readLiteral("null")
            return .null
        }
    }

    /// Reads an object, calling `member` with the reader standing on each member's value, the
    /// key, and the key's byte offset. `member` must read that value (unread values are skipped).
    /// A key seen twice in the object is an error, unless `detectingDuplicates` is false: then the
    /// caller, which keeps the members in a dictionary anyway, must detect them (and can throw
    /// `duplicateKeyError`).
    public mutating func readObject(detectingDuplicates: Bool = true, _ member: (inout JSONReader, String, Int) throws -> Void) throws {
        skipWhitespace()
        let open = offset
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else {
            throw try expected("an object")
        }
        try enter(open)
        offset += 1
        var keys = KeyIndex()
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw unclosed("object", opened: open) }
            let keyOffset = offset
            switch bytes[offset] {
            case UInt8(ascii: "\""): break
            case UInt8(ascii: ","):
                throw error(.strayComma, "unexpected ',' where a key was expected", hint: "remove the extra comma")
            default:
                throw try unexpectedCharacter(expecting: "a key in double quotes")
            }
            let key = try readStringToken()
            if detectingDuplicates, let (firstKey, first) = keys.insert(key, at: keyOffset) {
                let firstAt = location(at: first)
                let where_ = "line \(firstAt.line), column \(firstAt.column)"
                if firstKey.utf8.elementsEqual(key.utf8) {
                    throw JSONError(.duplicateKey(key), "duplicate key \"\(key)\" in one object (first at \(where_))",
                                    at: location(at: keyOffset), hint: "remove one of the two members; a merge may have kept both")
                }
                throw JSONError(.duplicateKey(key), "the key \"\(key)\" is the same text as the key at \(where_) in another Unicode normalization form",
                                at: location(at: keyOffset), hint: "l10n cannot keep both apart; merge the two members and use one spelling (usually NFC)")
            }
            skipWhitespace()
            guard offset < bytes.count else { throw unclosed("object", opened: open) }
            guard bytes[offset] == UInt8(ascii: ":") else {
                throw try unexpectedCharacter(expecting: "':' after the key \"\(key)\"")
            }
            offset += 1
            skipWhitespace()
            let valueStart = offset
            try member(&self, key, keyOffset)
            skipWhitespace()
            if offset == valueStart { _ = try readValue() }
            guard offset < bytes.count else { throw unclosed("object", opened: open) }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                let comma = offset
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    throw JSONError(.strayComma, "trailing comma after the last member of an object", at: location(at: comma),
                                    hint: "remove the comma; JSON allows none before '}'")
                }
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return
            case UInt8(ascii: "\""):
                throw error(.missingComma, "expected ',' between members", hint: "add a comma after the value of \"\(key)\"")
            default:
                throw try unexpectedCharacter(expecting: "',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    /// Goes to an object member whose key starts at `keyOffset` (as an earlier read reported it)
    /// and returns its key, the reader standing on the value; nil when no key starts there (the
    /// bytes are not the ones that read gave the offset for).
    mutating func member(at keyOffset: Int) -> String? {
        guard keyOffset >= 0, keyOffset < bytes.count, bytes[keyOffset] == UInt8(ascii: "\"") else { return nil }
        offset = keyOffset
        depth = 0
        guard let key = try? readStringToken() else { return nil }
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return nil }
        offset += 1
        skipWhitespace()
        return key
    }

    /// Reads an array, calling `element` with the reader standing on each element and its index.
    public mutating func readArray(_ element: (inout JSONReader, Int) throws -> Void) throws {
        skipWhitespace()
        let open = offset
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "[") else {
            throw try expected("an array")
        }
        try enter(open)
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return
        }
        var index = 0
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw unclosed("array", opened: open) }
            let valueStart = offset
            try element(&self, index)
            skipWhitespace()
            if offset == valueStart { _ = try readValue() }
            index += 1
            guard offset < bytes.count else { throw unclosed("array", opened: open) }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                let comma = offset
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    throw JSONError(.strayComma, "trailing comma after the last element of an array", at: location(at: comma),
                                    hint: "remove the comma; JSON allows none before ']'")
                }
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return
            case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                throw error(.missingComma, "expected ',' between array elements", hint: "add a comma after the previous element")
            default:
                throw try unexpectedCharacter(expecting: "',' or ']' after an array element")
            }
        }
    }

    /// Reads a string value.
    public mutating func readString() throws -> String {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw try expected("a string") }
        return try readStringToken()
    }

    /// Reads `true` or `false`.
    public mutating func readBool() throws -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { throw try expected("true or false") }
        if bytes[offset] == UInt8(ascii: "t") {
            try readLiteral("true")
            return true
        }
        if bytes[offset] == UInt8(ascii: "f") {
            try readLiteral("false")
            return false
        }
        throw try expected("true or false")
    }

    /// Reads a number and returns it exactly as written.
    public mutating func readNumber() throws -> String {
        skipWhitespace()
        let start = offset
        var i = offset
        func digits(from index: Int) -> Int {
            var end = index
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
            return end
        }
        func invalid(_ at: Int, _ what: String, failingAt index: Int) -> JSONError {
            if index >= bytes.count {
                return JSONError(.truncated, "unexpected end of file inside a number", at: location(at: index), hint: "the file may have been cut off")
            }
            return JSONError(.invalidNumber, "invalid number: \(what)", at: location(at: at),
                      hint: "JSON numbers look like 12, -3, 0.5 or 1e-9 (no leading zeros, no '+', digits on both sides of '.')")
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else {
            throw JSONError(.truncated, "unexpected end of file inside a number", at: location(at: i), hint: "the file may have been cut off")
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { throw invalid(start, "leading zero", failingAt: i) }
        } else if bytes[i] >= UInt8(ascii: "1"), bytes[i] <= UInt8(ascii: "9") {
            i = digits(from: i)
        } else {
            throw invalid(start, "a digit must follow '-'", failingAt: i)
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            let end = digits(from: i + 1)
            if end == i + 1 { throw invalid(start, "a digit must follow '.'", failingAt: end) }
            i = end
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let end = digits(from: i)
            if end == i { throw invalid(start, "a digit must follow the exponent", failingAt: end) }
            i = end
        }
        offset = i
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    /// Checks that only white space remains.
    public mutating func finish() throws {
        skipWhitespace()
        guard offset < bytes.count else { return }
        throw error(.trailingContent, "unexpected content after the end of the top-level value",
                    hint: "a JSON file holds one value; remove what follows its closing bracket")
    }

    /// The error for a duplicate key that a caller found in an object read without detection:
    /// the document is parsed again from the start with detection on, which finds the same
    /// duplicate first and so names both places.
    public func duplicateKeyError(_ key: String, at keyOffset: Int) -> JSONError {
        var fresh = JSONReader(bytes: bytes, file: file)
        do {
            _ = try fresh.readValue()
        } catch let error as JSONError {
            if case .duplicateKey = error.reason { return error }
        } catch {}
        return JSONError(.duplicateKey(key), "duplicate key \"\(key)\" in one object", at: location(at: keyOffset),
                         hint: "remove one of the two members; a merge may have kept both")
    }

    /// Where the reader stands (after `peekKind`, the start of the next value).
    public func location() -> SourceLocation { location(at: offset) }

    /// File, 1-based line and column of a byte offset (`TextLocator`: the column counts Unicode scalars).
    public func location(at offset: Int) -> SourceLocation {
        if locator.value == nil { locator.value = TextLocator(path: file, bom: hasBOM) }
        return locator.value!.location(at: offset, in: bytes)
    }

    /// A locator of its own over the reader's bytes, for many positions asked in file order
    /// (`TextLocator`: as `location(at:)` counts them).
    func withLocator<T>(_ body: (inout TextLocator, UnsafeBufferPointer<UInt8>) -> T) -> T {
        var locator = TextLocator(path: file, bom: hasBOM)
        return body(&locator, bytes)
    }

    /// An error at the reader's position (or at `offset`).
    public func error(_ reason: JSONErrorReason, _ message: String, at offset: Int? = nil, hint: String? = nil) -> JSONError {
        JSONError(reason, message, at: location(at: offset ?? self.offset), hint: hint)
    }

    // MARK: Scanning

    private var hasBOM: Bool { bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF }
    private var isBOMOnly: Bool { hasBOM && bytes[3...].allSatisfy { [0x20, 0x0A, 0x0D, 0x09].contains($0) } }

    @inline(__always)
    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private mutating func enter(_ open: Int) throws {
        depth += 1
        if depth > Self.maximumDepth {
            throw JSONError(.tooDeep, "objects and arrays are nested more than \(Self.maximumDepth) levels deep", at: location(at: open),
                            hint: "no String Catalog nests this deep; the file is probably damaged or generated wrongly")
        }
    }

    private mutating func readLiteral(_ word: StaticString) throws {
        let length = word.utf8CodeUnitCount
        let start = offset
        for k in 0..<length {
            let expectedByte = word.utf8Start[k]
            guard start + k < bytes.count else {
                throw JSONError(.truncated, "unexpected end of file inside '\(word)'", at: location(at: start + k), hint: "the file may have been cut off")
            }
            guard bytes[start + k] == expectedByte else {
                offset = start
                throw try unexpectedCharacter(expecting: "a value", hint: "did you mean '\(word)'? JSON literals are true, false and null, in lower case")
            }
        }
        offset = start + length
    }

    /// Reads the string token at `offset` (which is a `"`). Strings without escapes are decoded
    /// straight from the input bytes, and validated as UTF-8 only when they are not ASCII.
    private mutating func readStringToken() throws -> String {
        let open = offset
        let start = offset + 1
        var i = start
        var high: UInt8 = 0
        // `"`, `\` and control characters are ASCII, never part of a multi-byte sequence.
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                offset = i + 1
                let text = UnsafeBufferPointer(rebasing: bytes[start..<i])
                func make() throws -> String { high < 0x80 ? String(decoding: text, as: UTF8.self) : try validatedString(from: start, to: i) }
                return try strings?.string(text, make: make) ?? make()
            }
            if byte == UInt8(ascii: "\\") {
                if high >= 0x80 { try validateUTF8(from: start, to: i) }
                return try readEscapedString(open: open, copyingUpTo: i)
            }
            if byte < 0x20 {
                if high >= 0x80 { try validateUTF8(from: start, to: i) }
                throw controlCharacter(at: i, open: open)
            }
            high |= byte
            i += 1
        }
        if high >= 0x80 { try validateUTF8(from: start, to: bytes.count) }
        throw unclosedString(opened: open)
    }

    /// The string of the UTF-8 bytes `start..<end`, or the error for their first ill-formed sequence.
    private func validatedString(from start: Int, to end: Int) throws -> String {
        let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if let string = String(validating: text, as: UTF8.self) { return string }
        try validateUTF8(from: start, to: end)
        return String(decoding: text, as: UTF8.self)
    }

    /// Throws the error for the first ill-formed UTF-8 sequence that starts in `start..<end`
    /// (the sequence may reach past `end`).
    private func validateUTF8(from start: Int, to end: Int) throws {
        var i = start
        while i < end { i = bytes[i] < 0x80 ? i + 1 : try validateUTF8(at: i) }
    }

    private mutating func readEscapedString(open: Int, copyingUpTo firstEscape: Int) throws -> String {
        var buffer = [UInt8](UnsafeBufferPointer(rebasing: bytes[(open + 1)..<firstEscape]))
        var i = firstEscape
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                offset = i + 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                guard i + 1 < bytes.count else { break }
                let escape = bytes[i + 1]
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    let (scalar, next) = try readUnicodeEscape(at: i)
                    buffer.appendUTF8(scalar)
                    i = next
                    continue
                default:
                    let shown = escape < 0x80 && escape >= 0x20 ? "\\\(Character(Unicode.Scalar(escape)))" : "a backslash followed by byte 0x\(String(escape, radix: 16))"
                    throw JSONError(.badEscape, "invalid escape \(shown) in a string", at: location(at: i),
                                    hint: "JSON knows only \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; write a backslash as \\\\")
                }
                i += 2
                continue
            }
            if byte < 0x20 { throw controlCharacter(at: i, open: open) }
            if byte < 0x80 {
                buffer.append(byte)
                i += 1
            } else {
                let next = try validateUTF8(at: i)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<next]))
                i = next
            }
        }
        throw unclosedString(opened: open)
    }

    /// Reads `\uXXXX` at `i` (standing on the backslash), joining a surrogate pair.
    private func readUnicodeEscape(at i: Int) throws -> (UInt32, Int) {
        func hex4(_ at: Int) throws -> UInt32 {
            guard at + 6 <= bytes.count else {
                throw JSONError(.truncated, "unexpected end of file inside a \\u escape", at: location(at: at), hint: "the file may have been cut off")
            }
            var value: UInt32 = 0
            for k in 2..<6 {
                let byte = bytes[at + k]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default:
                    throw JSONError(.badEscape, "\\u must be followed by four hexadecimal digits", at: location(at: at),
                                    hint: "write a code point as \\u00e9 (four hex digits)")
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        let first = try hex4(i)
        switch first {
        case 0xD800...0xDBFF:
            let second: UInt32? = i + 7 < bytes.count && bytes[i + 6] == UInt8(ascii: "\\") && bytes[i + 7] == UInt8(ascii: "u") ? try hex4(i + 6) : nil
            guard let second, (0xDC00...0xDFFF).contains(second) else {
                throw JSONError(.badEscape, "lone surrogate \\u\(String(first, radix: 16, uppercase: true)): a high surrogate must be followed by a low one (\\uDC00 to \\uDFFF)",
                                at: location(at: i), hint: "write the character itself, or both halves of its UTF-16 surrogate pair")
            }
            return (0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), i + 12)
        case 0xDC00...0xDFFF:
            throw JSONError(.badEscape, "lone surrogate \\u\(String(first, radix: 16, uppercase: true)): a low surrogate must follow a high one",
                            at: location(at: i), hint: "write the character itself, or both halves of its UTF-16 surrogate pair")
        default:
            return (first, i + 6)
        }
    }


    /// Checks the multi-byte UTF-8 sequence starting at `i`; returns the index after it.
    @inline(__always)
    private func validateUTF8(at i: Int) throws -> Int {
        let end = UTF8Validation.sequenceEnd(bytes, at: i)
        guard end > 0 else { throw invalidUTF8(at: i, length: -end) }
        return end
    }

    /// An invalid sequence of `length` bytes at `i` (up to and including the first bad byte).
    private func invalidUTF8(at i: Int, length: Int) -> JSONError {
        let shown = bytes[i..<min(i + length, bytes.count)].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        return JSONError(.invalidUTF8, "invalid UTF-8 (\(length == 1 ? "byte" : "bytes") \(shown))", at: location(at: i),
                         hint: "String Catalogs are UTF-8; re-save the file as UTF-8 or fix the damaged characters")
    }

    private func controlCharacter(at i: Int, open: Int) -> JSONError {
        let byte = bytes[i]
        if byte == 0x0A || byte == 0x0D {
            let opened = location(at: open)
            return JSONError(.controlCharacter, "line break inside the string that starts at line \(opened.line), column \(opened.column)", at: location(at: i),
                             hint: "a closing quote may be missing; a line break inside a string is written \\n")
        }
        return JSONError(.controlCharacter, "raw control character \(String(format: "U+%04X", byte)) inside a string", at: location(at: i),
                         hint: "control characters must be escaped, e.g. \\t or \\u001b")
    }

    private func unclosedString(opened open: Int) -> JSONError {
        let opened = location(at: open)
        return JSONError(.truncated, "unexpected end of file inside the string that starts at line \(opened.line), column \(opened.column)",
                         at: location(at: bytes.count), hint: "the file may have been cut off, or a closing quote is missing")
    }

    private func unclosed(_ what: String, opened open: Int) -> JSONError {
        let opened = location(at: open)
        return JSONError(.truncated, "unexpected end of file: the \(what) opened at line \(opened.line), column \(opened.column) is not closed",
                         at: location(at: bytes.count), hint: "the file may have been cut off; restore it from version control")
    }

    private func expected(_ what: String) throws -> JSONError {
        guard offset < bytes.count else {
            return JSONError(.truncated, "unexpected end of file; \(what) was expected", at: location(at: offset), hint: "the file may have been cut off")
        }
        return try unexpectedCharacter(expecting: what)
    }

    /// What a character that often shows up by mistake usually means.
    private func characterHint(_ byte: UInt8, expecting what: String) -> String? {
        let isLetter = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"):
            guard offset + 7 <= bytes.count, bytes[offset..<(offset + 7)].allSatisfy({ $0 == byte }) else { return nil }
            return "this looks like a merge conflict marker; resolve the conflict first"
        case UInt8(ascii: "'"): return "JSON strings use double quotes"
        case UInt8(ascii: "/"): return "JSON has no comments"
        case UInt8(ascii: "."), UInt8(ascii: "+"): return "JSON numbers look like 12, -3, 0.5 or 1e-9 (no leading '+' or '.')"
        default:
            return isLetter && what == "a value" ? "text goes in double quotes; the only bare words are true, false and null" : nil
        }
    }

    /// Describes the character at `offset`; an invalid UTF-8 sequence there is reported as such.
    private func unexpectedCharacter(expecting what: String, hint given: String? = nil) throws -> JSONError {
        guard offset < bytes.count else {
            return JSONError(.truncated, "unexpected end of file; expected \(what)", at: location(at: offset), hint: "the file may have been cut off")
        }
        let byte = bytes[offset]
        let shown: String
        if byte < 0x80 {
            shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "control character 0x\(String(byte, radix: 16, uppercase: true))"
        } else {
            let end = try validateUTF8(at: offset)
            shown = "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self))'"
        }
        let hint = given ?? characterHint(byte, expecting: what) ?? "a character may be missing or extra before this point"
        return JSONError(.unexpectedCharacter, "unexpected \(shown); expected \(what)", at: location(at: offset), hint: hint)
    }
}

/// The reader's `TextLocator`, shared by its copies (the reader is a value passed around while parsing).
private final class LocatorBox {
    var value: TextLocator?
}

/// Keys seen in one object, with their offsets: a short list for small objects, a dictionary
/// once the object grows.
private struct KeyIndex {
    private var few: [(String, Int)] = []
    private var many: [String: Int]?

    /// Adds `key`; returns an earlier equal key (Swift `==`: canonical equivalence) and its offset
    /// instead when there is one.
    mutating func insert(_ key: String, at offset: Int) -> (String, Int)? {
        if many != nil {
            if let index = many!.index(forKey: key) { return (many![index].key, many![index].value) }
            many![key] = offset
            return nil
        }
        for (seen, at) in few where seen == key { return (seen, at) }
        few.append((key, offset))
        if few.count > 16 {
            many = Dictionary(few, uniquingKeysWith: { a, _ in a })
            few = []
        }
        return nil
    }
}
