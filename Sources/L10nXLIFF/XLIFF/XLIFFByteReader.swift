import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// Reads well-formed UTF-8 XLIFF 1.2 straight from its bytes: what Xcode and l10n write and what
/// translators' tools return, at memory speed.
///
/// It gives the document libxml2's path would give, or nil for anything it does not handle in full
/// (a DOCTYPE, processing instructions, another encoding, a name outside ASCII, a whitespace
/// character in an attribute value, any malformed XML or XLIFF...): `XLIFFReader` then reads the
/// input with libxml2, which judges it and locates every error as before.
struct XLIFFByteReader {
    /// Reads `data`; nil when libxml2's path must read it instead.
    static func read(_ data: Data, path: String) -> XLIFFDocument? {
        guard !data.isEmpty, data.count <= Int(Int32.max) else { return nil }
        return data.withUnsafeBytes { raw -> XLIFFDocument? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            var cursor = XMLByteCursor(base, count: raw.count)
            do {
                try cursor.readPrologue()
                var reader = XLIFFByteVocabulary(cursor: cursor, path: path)
                return try reader.readDocument()
            } catch {
                return nil
            }
        }
    }
}

/// What the fast path does not handle; the input goes to libxml2.
struct XMLRefused: Error {}

/// One step through the document.
enum XMLByteNode {
    case start
    case end
    case text
    case endOfDocument
}

/// A start tag's attribute as offsets into the input.
struct XMLByteAttribute {
    var nameStart: Int
    var nameEnd: Int
    /// Offset of the prefix's colon, or -1 for an unprefixed name.
    var colon: Int
    var valueStart: Int
    var valueEnd: Int
    var hasReference: Bool
}

/// A name the byte reader looks for in the input, as its length and its first sixteen bytes in
/// two little-endian words, so that a comparison is two loads: a byte loop over a
/// `StaticString` cost about eight instructions a byte, and the words of a literal made at run
/// time do not fold into constants. `XLIFFByteReaderTests` checks each against its text.
struct ByteName {
    let count: Int
    let low: UInt64
    let high: UInt64

    /// `trans-unit`
    static var transUnit: ByteName { ByteName(count: 10, low: 0x6E75_2D73_6E61_7274, high: 0x7469) }
    /// `source`
    static var source: ByteName { ByteName(count: 6, low: 0x6563_7275_6F73, high: 0x0000) }
    /// `target`
    static var target: ByteName { ByteName(count: 6, low: 0x7465_6772_6174, high: 0x0000) }
    /// `note`
    static var note: ByteName { ByteName(count: 4, low: 0x6574_6F6E, high: 0x0000) }
    /// `group`
    static var group: ByteName { ByteName(count: 5, low: 0x0070_756F_7267, high: 0x0000) }
    /// `id`
    static var id: ByteName { ByteName(count: 2, low: 0x6469, high: 0x0000) }
    /// `state`
    static var state: ByteName { ByteName(count: 5, low: 0x0065_7461_7473, high: 0x0000) }
    /// `translate`
    static var translate: ByteName { ByteName(count: 9, low: 0x7461_6C73_6E61_7274, high: 0x0065) }
    /// `size-unit`
    static var sizeUnit: ByteName { ByteName(count: 9, low: 0x696E_752D_657A_6973, high: 0x0074) }
    /// `approved`
    static var approved: ByteName { ByteName(count: 8, low: 0x6465_766F_7270_7061, high: 0x0000) }
    /// `maxwidth`
    static var maxWidth: ByteName { ByteName(count: 8, low: 0x6874_6469_7778_616D, high: 0x0000) }
    /// `xml:space`
    static var xmlSpace: ByteName { ByteName(count: 9, low: 0x6361_7073_3A6C_6D78, high: 0x0065) }
    /// `preserve`
    static var preserve: ByteName { ByteName(count: 8, low: 0x6576_7265_7365_7270, high: 0x0000) }
    /// `default`
    static var `default`: ByteName { ByteName(count: 7, low: 0x0074_6C75_6166_6564, high: 0x0000) }
    /// `xmlns`
    static var xmlns: ByteName { ByteName(count: 5, low: 0x0073_6E6C_6D78, high: 0x0000) }
    /// `xml`
    static var xml: ByteName { ByteName(count: 3, low: 0x006C_6D78, high: 0x0000) }
    /// `translated`
    static var translated: ByteName { ByteName(count: 10, low: 0x7461_6C73_6E61_7274, high: 0x6465) }
    /// `final`
    static var final: ByteName { ByteName(count: 5, low: 0x006C_616E_6966, high: 0x0000) }
    /// `signed-off`
    static var signedOff: ByteName { ByteName(count: 10, low: 0x6F2D_6465_6E67_6973, high: 0x6666) }
    /// `new`
    static var new: ByteName { ByteName(count: 3, low: 0x0077_656E, high: 0x0000) }
    /// `needs-l10n`
    static var needsL10n: ByteName { ByteName(count: 10, low: 0x316C_2D73_6465_656E, high: 0x6E30) }
    /// `needs-adaptation`
    static var needsAdaptation: ByteName { ByteName(count: 16, low: 0x6461_2D73_6465_656E, high: 0x6E6F_6974_6174_7061) }

    // Pieces of the start tags `XMLByteCursor.readCanonicalStartTag` reads.
    /// `<source>`
    static var sourceTag: ByteName { ByteName(count: 8, low: 0x3E65_6372_756F_733C, high: 0x0000) }
    /// `<target>`
    static var targetTag: ByteName { ByteName(count: 8, low: 0x3E74_6567_7261_743C, high: 0x0000) }
    /// `<note>`
    static var noteTag: ByteName { ByteName(count: 6, low: 0x3E65_746F_6E3C, high: 0x0000) }
    /// `<note/>`
    static var emptyNoteTag: ByteName { ByteName(count: 7, low: 0x003E_2F65_746F_6E3C, high: 0x0000) }
    /// `<target state="`
    static var targetStateTag: ByteName { ByteName(count: 15, low: 0x2074_6567_7261_743C, high: 0x0022_3D65_7461_7473) }
    /// `<trans-unit id="`
    static var transUnitIDTag: ByteName { ByteName(count: 16, low: 0x752D_736E_6172_743C, high: 0x223D_6469_2074_696E) }
    /// ` xml:space="pres`
    static var spacePreserveHead: ByteName { ByteName(count: 16, low: 0x6170_733A_6C6D_7820, high: 0x7365_7270_223D_6563) }
    /// `erve">`
    static var spacePreserveTail: ByteName { ByteName(count: 6, low: 0x3E22_6576_7265, high: 0x0000) }

    /// Every name above with its text, for the test.
    static var all: [(text: String, name: ByteName)] {
        [("trans-unit", .transUnit), ("source", .source), ("target", .target), ("note", .note), ("group", .group), ("id", .id), ("state", .state), ("translate", .translate), ("size-unit", .sizeUnit), ("approved", .approved), ("maxwidth", .maxWidth), ("xml:space", .xmlSpace), ("preserve", .preserve), ("default", .`default`), ("xmlns", .xmlns), ("xml", .xml), ("translated", .translated), ("final", .final), ("signed-off", .signedOff), ("new", .new), ("needs-l10n", .needsL10n), ("needs-adaptation", .needsAdaptation), ("<source>", .sourceTag), ("<target>", .targetTag), ("<note>", .noteTag), ("<note/>", .emptyNoteTag), ("<target state=\"", .targetStateTag), ("<trans-unit id=\"", .transUnitIDTag), (" xml:space=\"pres", .spacePreserveHead), ("erve\">", .spacePreserveTail)]
    }
}

extension ByteName {
    /// A name of up to 16 bytes, packed as the constants above are (an attribute the vocabulary
    /// reads by its text: `target-language`).
    init(_ literal: StaticString) {
        precondition(literal.utf8CodeUnitCount <= 16, "a ByteName holds 16 bytes")
        var low: UInt64 = 0, high: UInt64 = 0
        for k in 0..<literal.utf8CodeUnitCount {
            let byte = UInt64(literal.utf8Start[k])
            if k < 8 { low |= byte << UInt64(8 * k) } else { high |= byte << UInt64(8 * (k - 8)) }
        }
        self.init(count: literal.utf8CodeUnitCount, low: low, high: high)
    }
}

/// A forward-only, well-formedness-checking walk over UTF-8 XML bytes that refuses what it does
/// not handle. Text is collected into `text` only while `collecting` is set.
struct XMLByteCursor {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    var i = 0

    // The current start tag.
    var nameStart = 0
    var nameEnd = 0
    var colon = -1
    var tagOffset = 0
    var isEmptyElement = false
    /// The interned namespace of the current element; -1 for none.
    var namespace = -1
    /// The current start tag's attributes are the first `attributeCount`; the entries after
    /// them are earlier tags', kept so that a tag overwrites them instead of emptying the array.
    var attributes: [XMLByteAttribute] = []
    var attributeCount = 0

    /// Open elements: name offsets and how many namespace bindings were in scope before each.
    var open: [(nameStart: Int, nameEnd: Int, bindings: Int)] = []
    /// Namespace bindings in scope: prefix offsets (empty for the default namespace), interned URI (-1: none).
    var bindings: [(prefixStart: Int, prefixEnd: Int, uri: Int)] = []
    var uris: [String] = []
    var uriIDs: [String: Int] = [:]
    /// The interned id of the `xml` prefix's namespace, -1 until first met.
    private var xmlNamespaceID = -1
    var rootSeen = false
    var rootClosed = false

    var collecting = false
    /// The text collected: the input's bytes `pendingStart..<pendingEnd` while `pendingStart`
    /// is not negative (a text of one run, most of them, is made into a string straight from
    /// the input), else `text`.
    var text: [UInt8] = []
    var pendingStart = -1
    var pendingEnd = 0

    /// Line ends before `i` and the offset where the line holding `i` starts, by XMLStartTags'
    /// rules (LF or a lone CR ends a line): counted as the scans step over each line break, which
    /// they look at one by one anyway, so that a location costs only its column.
    var line = 1
    var lineStart = 0
    /// `line` and `lineStart` at the current start tag's `<` (the tag itself may hold line breaks).
    var tagLine = 1
    var tagLineStart = 0
    /// The last location given: its offset, line and column, from which the next one on the
    /// same line counts on.
    private var columnOffset = 0
    private var columnLine = 0
    private var column = 1

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    init(_ bytes: UnsafePointer<UInt8>, count: Int) {
        self.bytes = bytes
        self.count = count
    }

    // MARK: Prologue

    /// Skips a UTF-8 BOM and reads an XML declaration that says version 1.0 and UTF-8, if any.
    mutating func readPrologue() throws(XMLRefused) {
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        lineStart = i
        guard at("<?xml") else { return }
        i += 5
        guard isSpace(peek) else { throw XMLRefused() }
        skipSpaces()
        guard at("version") else { throw XMLRefused() }
        i += 7
        guard try declarationValue() == "1.0" else { throw XMLRefused() }
        var spaced = skipSpaces()
        if spaced && at("encoding") {
            i += 8
            guard try declarationValue().lowercased() == "utf-8" else { throw XMLRefused() }
            spaced = skipSpaces()
        }
        if spaced && at("standalone") {
            i += 10
            let value = try declarationValue()
            guard value == "yes" || value == "no" else { throw XMLRefused() }
            skipSpaces()
        }
        guard at("?>") else { throw XMLRefused() }
        i += 2
    }

    /// After a name: `= "` or `= '` with optional spaces; returns the quote, `i` after it.
    @inline(__always)
    private mutating func valueOpening() throws(XMLRefused) -> UInt8 {
        skipSpaces()
        guard peek == UInt8(ascii: "=") else { throw XMLRefused() }
        i += 1
        skipSpaces()
        let quote = peek
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw XMLRefused() }
        i += 1
        return quote
    }

    private mutating func declarationValue() throws(XMLRefused) -> String {
        let quote = try valueOpening()
        let start = i
        while i < count && bytes[i] != quote {
            let b = bytes[i]
            guard b.isASCIIName || b == UInt8(ascii: "-") else { throw XMLRefused() }
            i += 1
        }
        guard i < count else { throw XMLRefused() }
        let value = String(decoding: UnsafeBufferPointer(start: bytes + start, count: i - start), as: UTF8.self)
        i += 1
        return value
    }

    // MARK: Nodes

    var peek: UInt8 { i < count ? bytes[i] : 0 }

    func at(_ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard i + n <= count else { return false }
        return bytesAre(i, literal)
    }

    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

    /// Steps over whitespace; whether there was any. Inlined: most calls find none.
    @inline(__always)
    @discardableResult
    mutating func skipSpaces() -> Bool {
        guard i < count, isSpace(bytes[i]) else { return false }
        skipSpaceRun()
        return true
    }

    /// Steps over the whitespace from `i`, counting its line breaks: runs of plain spaces (the
    /// indentation of every line) eight bytes at a time.
    private mutating func skipSpaceRun() {
        while i < count {
            if i + 8 <= count {
                // Lanes other than a space, each exactly (no borrow between lanes).
                let x = ByteWord.load(bytes + i) ^ 0x2020_2020_2020_2020
                let others = (((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x) & ByteWord.highs
                if others == 0 {
                    i += 8
                    continue
                }
                i += others.trailingZeroBitCount / 8
            }
            let b = bytes[i]
            guard isSpace(b) else { return }
            i += 1
            if b <= 0x0D { passed(b) }
        }
    }

    /// Counts the line `b`, the byte just stepped over (`i` is after it), ends: an LF, or a CR
    /// not followed by an LF.
    @inline(__always)
    mutating func passed(_ b: UInt8) {
        if b == 0x0A || (b == 0x0D && (i >= count || bytes[i] != 0x0A)) {
            line += 1
            lineStart = i
        }
    }

    /// The next start tag, end tag or run of text; comments are skipped.
    mutating func next() throws(XMLRefused) -> XMLByteNode {
        while true {
            guard i < count else {
                guard rootClosed else { throw XMLRefused() }
                return .endOfDocument
            }
            if bytes[i] != UInt8(ascii: "<") {
                // The layout between elements, a line break and indentation, is stepped over
                // here when no text is collected; `readCharacterData` reads on from where it ends.
                if !collecting {
                    skipSpaces()
                    if i < count && bytes[i] == UInt8(ascii: "<") {
                        if open.isEmpty { continue }
                        return .text
                    }
                }
                try readCharacterData()
                if open.isEmpty { continue }
                return .text
            }
            // Told apart by the byte after the `<`.
            let following = i + 1 < count ? bytes[i + 1] : 0
            if following == UInt8(ascii: "/") {
                try readEndTag()
                return .end
            }
            if following == UInt8(ascii: "!") {
                if at("<!--") {
                    try skipComment()
                    continue
                }
                if at("<![CDATA[") {
                    guard !open.isEmpty else { throw XMLRefused() }
                    try readCDATA()
                    return .text
                }
                // A DOCTYPE.
                throw XMLRefused()
            }
            // A processing instruction, or a second root element.
            guard !rootClosed, following != UInt8(ascii: "?") else { throw XMLRefused() }
            if try !readCanonicalStartTag() { try readStartTag() }
            return .start
        }
    }

    /// Character data up to the next `<`: entities and character references resolved, line ends
    /// normalized; outside the root only whitespace.
    private mutating func readCharacterData() throws(XMLRefused) {
        if open.isEmpty {
            while i < count && bytes[i] != UInt8(ascii: "<") {
                let b = bytes[i]
                guard isSpace(b) else { throw XMLRefused() }
                i += 1
                passed(b)
            }
            return
        }
        var runStart = i
        let limit = min(count, i + 4_000_000)
        while i < limit {
            if i + 8 <= limit {
                // Plain bytes eight at a time, up to markup, a reference or a `]` (of `]]>`).
                let clean = plainBytes(stoppingAt: 0x3C, 0x26, 0x5D)
                i += clean
                if clean == 8 { continue }
            }
            let b = bytes[i]
            if b >= 0x20 && b < 0x80 {
                if b == UInt8(ascii: "<") { break }
                if b == UInt8(ascii: "&") {
                    flush(runStart)
                    let scalar = try readReference()
                    if collecting {
                        materialize()
                        Self.append(scalar, to: &text)
                    }
                    runStart = i
                    continue
                }
                if b == UInt8(ascii: "]") && i + 2 < count && bytes[i + 1] == UInt8(ascii: "]") && bytes[i + 2] == UInt8(ascii: ">") {
                    throw XMLRefused()
                }
                i += 1
            } else if b >= 0x80 {
                try skipScalar()
            } else if b == 0x0A {
                i += 1
                line += 1
                lineStart = i
            } else if b == 0x09 {
                i += 1
            } else if b == 0x0D {
                flush(runStart)
                if collecting {
                    materialize()
                    text.append(0x0A)
                }
                i += 1
                if i < count && bytes[i] == 0x0A { i += 1 }
                line += 1
                lineStart = i
                runStart = i
            } else {
                throw XMLRefused()
            }
        }
        guard i < count, bytes[i] == UInt8(ascii: "<") else { throw XMLRefused() }
        flush(runStart)
    }

    /// How many of the eight bytes from `i` (at least eight must be left) are ASCII from 0x20 up
    /// other than the three given: the bytes character data, CDATA or an attribute value takes
    /// without a look. Each test's lowest set bit marks a byte exactly (a borrow only runs up),
    /// so a word that holds another byte gives the count before it.
    @inline(__always)
    private func plainBytes(stoppingAt a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        let word = ByteWord.load(bytes + i)
        return ByteWord.firstLane(ByteWord.lanes(word, below: 0x20) | ByteWord.nonASCIILanes(word)
                                  | ByteWord.lanes(word, equalTo: a) | ByteWord.lanes(word, equalTo: b) | ByteWord.lanes(word, equalTo: c))
    }

    /// Collects the input's bytes from `start` to `i`: as the pending run when nothing is
    /// collected yet, else after the text so far.
    @inline(__always)
    private mutating func flush(_ start: Int) {
        guard collecting && i > start else { return }
        if pendingStart < 0 && text.isEmpty {
            pendingStart = start
            pendingEnd = i
        } else {
            materialize()
            text.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: i - start))
        }
    }

    /// Moves the pending run into `text`, before anything else is added to it or it is read.
    mutating func materialize() {
        guard pendingStart >= 0 else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes + pendingStart, count: pendingEnd - pendingStart))
        pendingStart = -1
    }

    /// Starts collecting an element's text.
    mutating func startCollecting() {
        if !text.isEmpty { text.removeAll(keepingCapacity: true) }
        pendingStart = -1
        collecting = true
    }

    /// The text collected, made into a string once, straight from the input when it is one run.
    mutating func collectedText() -> String {
        if pendingStart >= 0 {
            return String(decoding: UnsafeBufferPointer(start: bytes + pendingStart, count: pendingEnd - pendingStart), as: UTF8.self)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Steps over one valid UTF-8 scalar that XML allows (not U+FFFE or U+FFFF).
    private mutating func skipScalar() throws(XMLRefused) {
        let b0 = bytes[i]
        func continuation(_ k: Int) -> Bool { i + k < count && bytes[i + k] & 0xC0 == 0x80 }
        if b0 >= 0xC2 && b0 <= 0xDF {
            guard continuation(1) else { throw XMLRefused() }
            i += 2
        } else if b0 >= 0xE0 && b0 <= 0xEF {
            guard continuation(1), continuation(2) else { throw XMLRefused() }
            let b1 = bytes[i + 1]
            if b0 == 0xE0 && b1 < 0xA0 { throw XMLRefused() }
            if b0 == 0xED && b1 >= 0xA0 { throw XMLRefused() }
            if b0 == 0xEF && b1 == 0xBF && bytes[i + 2] >= 0xBE { throw XMLRefused() }
            i += 3
        } else if b0 >= 0xF0 && b0 <= 0xF4 {
            guard continuation(1), continuation(2), continuation(3) else { throw XMLRefused() }
            let b1 = bytes[i + 1]
            if b0 == 0xF0 && b1 < 0x90 { throw XMLRefused() }
            if b0 == 0xF4 && b1 >= 0x90 { throw XMLRefused() }
            i += 4
        } else {
            throw XMLRefused()
        }
    }

    /// `&name;` for one of the five predefined entities, or a character reference: the scalar it stands for.
    mutating func readReference() throws(XMLRefused) -> Unicode.Scalar {
        i += 1
        if peek == UInt8(ascii: "#") {
            i += 1
            var value: UInt32 = 0
            var digits = 0
            if peek == UInt8(ascii: "x") {
                i += 1
                while i < count, let digit = Self.hexDigit(bytes[i]) {
                    value = value &* 16 &+ UInt32(digit)
                    digits += 1
                    i += 1
                    guard digits <= 8 else { throw XMLRefused() }
                }
            } else {
                while i < count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                    value = value &* 10 &+ UInt32(bytes[i] - 0x30)
                    digits += 1
                    i += 1
                    guard digits <= 8 else { throw XMLRefused() }
                }
            }
            guard digits > 0, peek == UInt8(ascii: ";") else { throw XMLRefused() }
            i += 1
            let allowed = value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value <= 0xD7FF)
                || (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)
            guard allowed, let scalar = Unicode.Scalar(value) else { throw XMLRefused() }
            return scalar
        }
        if at("amp;") { i += 4; return "&" }
        if at("lt;") { i += 3; return "<" }
        if at("gt;") { i += 3; return ">" }
        if at("quot;") { i += 5; return "\"" }
        if at("apos;") { i += 5; return "'" }
        throw XMLRefused()
    }

    static func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        if scalar.isASCII { bytes.append(UInt8(scalar.value)) } else { bytes.append(contentsOf: UTF8.encode(scalar)!) }
    }

    private static func hexDigit(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }

    private mutating func skipComment() throws(XMLRefused) {
        i += 4
        let limit = min(count, i + 4_000_000)
        while i < limit {
            let b = bytes[i]
            if b == UInt8(ascii: "-") && i + 1 < count && bytes[i + 1] == UInt8(ascii: "-") {
                guard i + 2 < count, bytes[i + 2] == UInt8(ascii: ">") else { throw XMLRefused() }
                i += 3
                return
            }
            if b >= 0x80 { try skipScalar() }
            else if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { throw XMLRefused() }
            else {
                i += 1
                if b <= 0x0D { passed(b) }
            }
        }
        throw XMLRefused()
    }

    private mutating func readCDATA() throws(XMLRefused) {
        i += 9
        var runStart = i
        let limit = min(count, i + 4_000_000)
        while i < limit {
            if i + 8 <= limit {
                // Plain bytes eight at a time, up to a `]` (of the closing `]]>`).
                let clean = plainBytes(stoppingAt: 0x5D, 0x5D, 0x5D)
                i += clean
                if clean == 8 { continue }
            }
            let b = bytes[i]
            if b == UInt8(ascii: "]") && i + 2 < count && bytes[i + 1] == UInt8(ascii: "]") && bytes[i + 2] == UInt8(ascii: ">") {
                flush(runStart)
                i += 3
                return
            }
            if b >= 0x80 { try skipScalar() }
            else if b == 0x0D {
                flush(runStart)
                if collecting {
                    materialize()
                    text.append(0x0A)
                }
                i += 1
                if i < count && bytes[i] == 0x0A { i += 1 }
                line += 1
                lineStart = i
                runStart = i
            } else if b < 0x20 && b != 0x09 && b != 0x0A { throw XMLRefused() }
            else {
                i += 1
                if b == 0x0A {
                    line += 1
                    lineStart = i
                }
            }
        }
        throw XMLRefused()
    }

    /// An ASCII name with at most one colon, neither first nor last; returns the colon's offset or -1.
    private mutating func readName() throws(XMLRefused) -> Int {
        let start = i
        guard i < count, bytes[i].isASCIINameStart else { throw XMLRefused() }
        var colon = -1
        i += 1
        while i < count {
            let b = bytes[i]
            if b == UInt8(ascii: ":") {
                guard colon < 0 else { throw XMLRefused() }
                colon = i
            } else if !b.isASCIIName {
                break
            }
            i += 1
        }
        guard colon != i - 1, i - start <= 1000, i < count else { throw XMLRefused() }
        if colon >= 0, !bytes[colon + 1].isASCIINameStart { throw XMLRefused() }
        return colon
    }

    /// Reads the start tags every unit of Xcode's and l10n's files has, in the bytes they are
    /// written with: `<trans-unit id="…" xml:space="preserve">`, `<source>`, `<target>`,
    /// `<target state="…">`, `<note>` and `<note/>`, values of plain ASCII. Each is read as
    /// `readStartTag` reads it, to the same state, without reading its names and attributes
    /// piece by piece (which cost about 500 instructions a tag). False, nothing read, for any
    /// other tag, or one near the input's end.
    private mutating func readCanonicalStartTag() throws(XMLRefused) -> Bool {
        guard !open.isEmpty, open.count < 128, i + 32 <= count else { return false }
        let start = i
        var nameLength = 6
        var end = start + 8
        var empty = false
        var attributeTotal = 0
        var first = XMLByteAttribute(nameStart: 0, nameEnd: 0, colon: -1, valueStart: 0, valueEnd: 0, hasReference: false)
        var second = first
        if bytesAre(start, .sourceTag) || bytesAre(start, .targetTag) {
        } else if bytesAre(start, .noteTag) {
            nameLength = 4
            end = start + 6
        } else if bytesAre(start, .emptyNoteTag) {
            nameLength = 4
            end = start + 7
            empty = true
        } else if bytesAre(start, .targetStateTag) {
            let valueStart = start + 15
            guard let valueEnd = plainValueEnd(from: valueStart), valueEnd + 2 <= count,
                  bytes[valueEnd + 1] == UInt8(ascii: ">") else { return false }
            first = XMLByteAttribute(nameStart: start + 8, nameEnd: start + 13, colon: -1, valueStart: valueStart, valueEnd: valueEnd, hasReference: false)
            attributeTotal = 1
            end = valueEnd + 2
        } else if bytesAre(start, .transUnitIDTag) {
            let valueStart = start + 16
            guard let valueEnd = plainValueEnd(from: valueStart), valueEnd + 23 <= count,
                  bytesAre(valueEnd + 1, .spacePreserveHead), bytesAre(valueEnd + 17, .spacePreserveTail) else { return false }
            nameLength = 10
            first = XMLByteAttribute(nameStart: start + 12, nameEnd: start + 14, colon: -1, valueStart: valueStart, valueEnd: valueEnd, hasReference: false)
            second = XMLByteAttribute(nameStart: valueEnd + 2, nameEnd: valueEnd + 11, colon: valueEnd + 5,
                                      valueStart: valueEnd + 13, valueEnd: valueEnd + 21, hasReference: false)
            attributeTotal = 2
            end = valueEnd + 23
        } else {
            return false
        }
        tagOffset = start
        tagLine = line
        tagLineStart = lineStart
        nameStart = start + 1
        nameEnd = start + 1 + nameLength
        colon = -1
        attributeCount = 0
        if attributeTotal >= 1 { store(first) }
        if attributeTotal == 2 { store(second) }
        i = end
        isEmptyElement = empty
        let scope = bindings.count
        namespace = try resolve(nameStart, nameStart)
        // `xml:space`'s prefix, resolved as `readStartTag` resolves it (which interns its namespace).
        if attributeTotal == 2 { _ = try resolve(second.nameStart, second.colon) }
        if !empty { open.append((nameStart, nameEnd, scope)) }
        return true
    }

    /// The offset of the `"` ending an attribute value from `start` when the value is plain (ASCII
    /// from 0x20 up, no `&` or `<`) and the input holds eight bytes from every step; else nil.
    @inline(__always)
    private func plainValueEnd(from start: Int) -> Int? {
        var k = start
        while k + 8 <= count {
            let word = ByteWord.load(bytes + k)
            let stops = ByteWord.lanes(word, below: 0x20) | ByteWord.nonASCIILanes(word) | ByteWord.lanes(word, equalTo: 0x22)
                | ByteWord.lanes(word, equalTo: 0x26) | ByteWord.lanes(word, equalTo: 0x3C)
            if stops == 0 {
                k += 8
                continue
            }
            k += stops.trailingZeroBitCount / 8
            guard bytes[k] == 0x22, k - start <= 1_000_000 else { return nil }
            return k
        }
        return nil
    }

    /// Adds the current start tag's next attribute.
    @inline(__always)
    private mutating func store(_ attribute: XMLByteAttribute) {
        if attributeCount < attributes.count {
            attributes[attributeCount] = attribute
        } else {
            attributes.append(attribute)
        }
        attributeCount += 1
    }

    private mutating func readStartTag() throws(XMLRefused) {
        guard open.count < 128 else { throw XMLRefused() }
        tagOffset = i
        tagLine = line
        tagLineStart = lineStart
        i += 1
        nameStart = i
        colon = try readName()
        nameEnd = i
        attributeCount = 0
        let scope = bindings.count
        while true {
            let spaced = skipSpaces()
            guard i < count else { throw XMLRefused() }
            if bytes[i] == UInt8(ascii: ">") {
                i += 1
                isEmptyElement = false
                break
            }
            if bytes[i] == UInt8(ascii: "/") {
                guard i + 1 < count, bytes[i + 1] == UInt8(ascii: ">") else { throw XMLRefused() }
                i += 2
                isEmptyElement = true
                break
            }
            // Attributes are checked for duplicates pair by pair: many are left to libxml2.
            guard spaced, attributeCount < 64 else { throw XMLRefused() }
            let attributeStart = i
            let attributeColon = try readName()
            let attributeEnd = i
            let quote = try valueOpening()
            let valueStart = i
            var hasReference = false
            while i < count && bytes[i] != quote {
                if i + 8 <= count {
                    let clean = plainBytes(stoppingAt: quote, 0x26, 0x3C)
                    i += clean
                    if clean == 8 { continue }
                    if bytes[i] == quote { break }
                }
                let b = bytes[i]
                if b >= 0x80 {
                    try skipScalar()
                } else if b == UInt8(ascii: "&") {
                    _ = try readReference()
                    hasReference = true
                } else if b < 0x20 || b == UInt8(ascii: "<") {
                    // Raw tabs and line ends are normalized to spaces by XML: left to libxml2.
                    throw XMLRefused()
                } else {
                    i += 1
                }
            }
            guard i < count, i - valueStart <= 1_000_000 else { throw XMLRefused() }
            let attribute = XMLByteAttribute(nameStart: attributeStart, nameEnd: attributeEnd, colon: attributeColon,
                                             valueStart: valueStart, valueEnd: i, hasReference: hasReference)
            i += 1
            for k in 0..<attributeCount where equal(attributes[k].nameStart, attributes[k].nameEnd, attributeStart, attributeEnd) {
                throw XMLRefused()
            }
            store(attribute)
            if isXMLNS(attribute) { try bind(attribute) }
        }
        namespace = try resolve(nameStart, colon < 0 ? nameStart : colon)
        for k in 0..<attributeCount where attributes[k].colon >= 0 && !isXMLNS(attributes[k]) {
            // Every prefix must be declared; the same expanded name twice is an error.
            let attribute = attributes[k]
            let ns = try resolve(attribute.nameStart, attribute.colon)
            for m in 0..<attributeCount where attributes[m].colon >= 0 && attributes[m].nameStart != attribute.nameStart && !isXMLNS(attributes[m]) {
                let other = attributes[m]
                if equal(other.colon + 1, other.nameEnd, attribute.colon + 1, attribute.nameEnd),
                   try resolve(other.nameStart, other.colon) == ns {
                    throw XMLRefused()
                }
            }
        }
        if open.isEmpty {
            guard !rootSeen else { throw XMLRefused() }
            rootSeen = true
        }
        if isEmptyElement {
            if bindings.count > scope { bindings.removeSubrange(scope...) }
            if open.isEmpty { rootClosed = true }
        } else {
            open.append((nameStart, nameEnd, scope))
        }
    }

    @inline(__always)
    private func isXMLNS(_ attribute: XMLByteAttribute) -> Bool {
        let prefixEnd = attribute.colon >= 0 ? attribute.colon : attribute.nameEnd
        return prefixEnd - attribute.nameStart == 5 && bytesAre(attribute.nameStart, .xmlns)
    }

    /// Records a namespace declaration (`xmlns` or `xmlns:p`).
    private mutating func bind(_ attribute: XMLByteAttribute) throws(XMLRefused) {
        guard isXMLNS(attribute) else { return }
        let uri = value(of: attribute)
        guard uri.isEmpty || Self.isPlainAbsoluteURI(uri) else { throw XMLRefused() }
        if attribute.colon >= 0 {
            let prefixLength = attribute.nameEnd - attribute.colon - 1
            // Binding `xml` or `xmlns`, or undeclaring a prefix, is left to libxml2.
            guard !uri.isEmpty, !(prefixLength == 3 && memcmp(bytes + attribute.colon + 1, "xml", 3) == 0),
                  !(prefixLength == 5 && memcmp(bytes + attribute.colon + 1, "xmlns", 5) == 0) else { throw XMLRefused() }
            bindings.append((attribute.colon + 1, attribute.nameEnd, intern(uri)))
        } else {
            guard uri != Self.xmlNamespace, uri != "http://www.w3.org/2000/xmlns/" else { throw XMLRefused() }
            bindings.append((0, 0, uri.isEmpty ? -1 : intern(uri)))
        }
    }

    /// A URI libxml2 surely parses: a scheme, an optional `//host[:port]`, then only unreserved
    /// characters, sub-delimiters, `:@/?`, `%XX` and at most one `#`. Others are left to libxml2,
    /// which refuses some namespace names.
    static func isPlainAbsoluteURI(_ uri: String) -> Bool {
        let bytes = Array(uri.utf8)
        var k = 0
        guard let first = bytes.first, first.isASCIILetter else { return false }
        while k < bytes.count, bytes[k].isASCIILetter || bytes[k].isASCIIDigit || bytes[k] == UInt8(ascii: "+")
                || bytes[k] == UInt8(ascii: "-") || bytes[k] == UInt8(ascii: ".") { k += 1 }
        guard k < bytes.count, bytes[k] == UInt8(ascii: ":") else { return false }
        k += 1
        if k + 1 < bytes.count, bytes[k] == UInt8(ascii: "/"), bytes[k + 1] == UInt8(ascii: "/") {
            k += 2
            let hostStart = k
            while k < bytes.count, bytes[k].isASCIILetter || bytes[k].isASCIIDigit || bytes[k] == UInt8(ascii: "-") || bytes[k] == UInt8(ascii: ".") { k += 1 }
            guard k > hostStart else { return false }
            if k < bytes.count, bytes[k] == UInt8(ascii: ":") {
                k += 1
                let portStart = k
                while k < bytes.count, bytes[k].isASCIIDigit { k += 1 }
                guard k > portStart, k - portStart <= 5 else { return false }
            }
            guard k == bytes.count || bytes[k] == UInt8(ascii: "/") else { return false }
        }
        var fragments = 0
        while k < bytes.count {
            let b = bytes[k]
            if b == UInt8(ascii: "%") {
                guard k + 2 < bytes.count, hexDigit(bytes[k + 1]) != nil, hexDigit(bytes[k + 2]) != nil else { return false }
                k += 3
                continue
            }
            if b == UInt8(ascii: "#") {
                fragments += 1
                guard fragments == 1 else { return false }
            } else if !(b.isASCIILetter || b.isASCIIDigit || "-._~!$&'()*+,;=:@/?".utf8.contains(b)) {
                return false
            }
            k += 1
        }
        return true
    }

    private mutating func intern(_ uri: String) -> Int {
        if let id = uriIDs[uri] { return id }
        uris.append(uri)
        uriIDs[uri] = uris.count - 1
        return uris.count - 1
    }

    /// The interned namespace of the prefix `[start, end)` (empty: the default namespace); -1 for none.
    private mutating func resolve(_ start: Int, _ end: Int) throws(XMLRefused) -> Int {
        let length = end - start
        if length == 3 && bytesAre(start, .xml) {
            // Interned once: every Xcode `<trans-unit>` has an `xml:space`, and hashing the URI
            // for each cost a twentieth of reading a file.
            if xmlNamespaceID < 0 { xmlNamespaceID = intern(Self.xmlNamespace) }
            return xmlNamespaceID
        }
        var k = bindings.count - 1
        while k >= 0 {
            let binding = bindings[k]
            if binding.prefixEnd - binding.prefixStart == length && (length == 0 || equal(binding.prefixStart, binding.prefixEnd, start, end)) {
                return binding.uri
            }
            k -= 1
        }
        guard length == 0 else { throw XMLRefused() }
        return -1
    }

    /// Whether the input's bytes `a..<aEnd` and `b..<bEnd` are the same: compared here, a word
    /// at a time up to 16 bytes (names are a few bytes, shorter than a call to `memcmp`).
    @inline(__always)
    private func equal(_ a: Int, _ aEnd: Int, _ b: Int, _ bEnd: Int) -> Bool {
        let length = aEnd - a
        guard bEnd - b == length else { return false }
        if length <= 8 && a + 8 <= count && b + 8 <= count {
            return (ByteWord.load(bytes + a) ^ ByteWord.load(bytes + b)) & Self.lowBytes(length) == 0
        }
        if length <= 16 && a + 16 <= count && b + 16 <= count {
            return ByteWord.load(bytes + a) == ByteWord.load(bytes + b)
                && (ByteWord.load(bytes + a + 8) ^ ByteWord.load(bytes + b + 8)) & Self.lowBytes(length - 8) == 0
        }
        var k = 0
        while k < length {
            guard bytes[a + k] == bytes[b + k] else { return false }
            k += 1
        }
        return true
    }

    /// Whether the input's bytes from `start` are `literal`'s, `start + literal` within the input.
    func bytesAre(_ start: Int, _ literal: StaticString) -> Bool {
        let p = literal.utf8Start
        var k = 0
        while k < literal.utf8CodeUnitCount {
            guard bytes[start + k] == p[k] else { return false }
            k += 1
        }
        return true
    }

    /// Whether the input's bytes from `start` are `name`'s, `start + name.count` within the
    /// input: two words compared, away from the input's end.
    @inline(__always)
    func bytesAre(_ start: Int, _ name: ByteName) -> Bool {
        if start + 16 <= count {
            let low = ByteWord.load(bytes + start)
            if name.count <= 8 { return low & Self.lowBytes(name.count) == name.low }
            return low == name.low && ByteWord.load(bytes + start + 8) & Self.lowBytes(name.count - 8) == name.high
        }
        var k = 0
        while k < name.count {
            guard bytes[start + k] == UInt8(truncatingIfNeeded: (k < 8 ? name.low : name.high) >> UInt64(8 * (k % 8))) else { return false }
            k += 1
        }
        return true
    }

    /// The mask of a word's first `n` (at most 8) bytes.
    @inline(__always)
    static func lowBytes(_ n: Int) -> UInt64 { n >= 8 ? ~0 : (1 &<< UInt64(8 * n)) &- 1 }

    private mutating func readEndTag() throws(XMLRefused) {
        i += 2
        guard let element = open.last else { throw XMLRefused() }
        // The open element's name, already read as a name, and then no more of one: the name
        // `readName` would read, without reading it again.
        let length = element.nameEnd - element.nameStart
        if i + length < count && equal(element.nameStart, element.nameEnd, i, i + length)
            && !bytes[i + length].isASCIIName && bytes[i + length] != UInt8(ascii: ":") {
            i += length
        } else {
            let start = i
            _ = try readName()
            guard equal(element.nameStart, element.nameEnd, start, i) else { throw XMLRefused() }
        }
        skipSpaces()
        guard peek == UInt8(ascii: ">") else { throw XMLRefused() }
        i += 1
        open.removeLast()
        if bindings.count > element.bindings { bindings.removeSubrange(element.bindings...) }
        if open.isEmpty { rootClosed = true }
    }

    // MARK: Values

    /// The current element's local name equals `name`.
    @inline(__always)
    func nameIs(_ name: ByteName) -> Bool {
        let local = colon >= 0 ? colon + 1 : nameStart
        return nameEnd - local == name.count && bytesAre(local, name)
    }

    /// `nameIs` for the names read once a file.
    func nameIs(_ name: StaticString) -> Bool {
        let local = colon >= 0 ? colon + 1 : nameStart
        return nameEnd - local == name.utf8CodeUnitCount && bytesAre(local, name)
    }

    var localName: String {
        let local = colon >= 0 ? colon + 1 : nameStart
        return String(decoding: UnsafeBufferPointer(start: bytes + local, count: nameEnd - local), as: UTF8.self)
    }

    /// An attribute's value with its references resolved.
    @inline(__always)
    func value(of attribute: XMLByteAttribute) -> String {
        guard attribute.hasReference else {
            return String(decoding: UnsafeBufferPointer(start: bytes + attribute.valueStart, count: attribute.valueEnd - attribute.valueStart), as: UTF8.self)
        }
        return referencedValue(of: attribute)
    }

    /// `value(of:)` of a value holding references, resolved.
    private func referencedValue(of attribute: XMLByteAttribute) -> String {
        var copy = self
        copy.i = attribute.valueStart
        var decoded: [UInt8] = []
        while copy.i < attribute.valueEnd {
            if copy.bytes[copy.i] == UInt8(ascii: "&") {
                guard let scalar = try? copy.readReference() else { break }
                Self.append(scalar, to: &decoded)
            } else {
                decoded.append(copy.bytes[copy.i])
                copy.i += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The value of the current element's attribute named `name` without a namespace (the only
    /// kind the vocabulary reads; a same-named attribute in the XLIFF namespace is refused).
    func attribute(_ name: StaticString, rootNamespace: Int) throws(XMLRefused) -> String? {
        try attributeIndex(ByteName(name), rootNamespace: rootNamespace).map { value(of: attributes[$0]) }
    }

    /// The index in `attributes` of the attribute `attribute(_:rootNamespace:)` gives the value of.
    @inline(__always)
    func attributeIndex(_ name: ByteName, rootNamespace: Int) throws(XMLRefused) -> Int? {
        var found: Int?
        for k in 0..<attributeCount {
            let attribute = attributes[k]
            let local = attribute.colon >= 0 ? attribute.colon + 1 : attribute.nameStart
            guard attribute.nameEnd - local == name.count, bytesAre(local, name) else { continue }
            try take(attribute, at: k, into: &found, rootNamespace: rootNamespace)
        }
        return found
    }

    /// For an attribute whose local name is the one asked for: its value into `found` when it is
    /// unprefixed and the first such; refused when a prefix puts it in the XLIFF namespace.
    @inline(__always)
    func take(_ attribute: XMLByteAttribute, into found: inout String?, rootNamespace: Int) throws(XMLRefused) {
        if attribute.colon < 0 {
            if found == nil { found = value(of: attribute) }
        } else {
            try refuseInRootNamespace(attribute, rootNamespace: rootNamespace)
        }
    }

    /// `take(_:into:rootNamespace:)` by index.
    @inline(__always)
    func take(_ attribute: XMLByteAttribute, at index: Int, into found: inout Int?, rootNamespace: Int) throws(XMLRefused) {
        if attribute.colon < 0 {
            if found == nil { found = index }
        } else {
            try refuseInRootNamespace(attribute, rootNamespace: rootNamespace)
        }
    }

    /// Refuses a prefixed attribute (not a namespace declaration, not `xml:`) in the XLIFF namespace.
    @inline(__always)
    private func refuseInRootNamespace(_ attribute: XMLByteAttribute, rootNamespace: Int) throws(XMLRefused) {
        guard !isXMLNS(attribute) else { return }
        try refuseInRootNamespacePrefixed(attribute, rootNamespace: rootNamespace)
    }

    /// `refuseInRootNamespace` past its first test; apart, so that the unprefixed attributes' path stays small.
    private func refuseInRootNamespacePrefixed(_ attribute: XMLByteAttribute, rootNamespace: Int) throws(XMLRefused) {
        let prefixLength = attribute.colon - attribute.nameStart
        if prefixLength == 3 && bytesAre(attribute.nameStart, .xml) { return }
        var k = bindings.count - 1
        var ns = -1
        while k >= 0 {
            let binding = bindings[k]
            if binding.prefixEnd - binding.prefixStart == prefixLength && equal(binding.prefixStart, binding.prefixEnd, attribute.nameStart, attribute.colon) {
                ns = binding.uri
                break
            }
            k -= 1
        }
        if ns == rootNamespace { throw XMLRefused() }
    }

    /// The line and column of the current start tag's `<`, counted as `XMLStartTags` counts: LF
    /// or a lone CR ends a line; columns in Unicode scalars. Asked at rising offsets: the column
    /// counts on from the last one asked when it is on the same line.
    mutating func tagLocation() -> (line: Int, column: Int) {
        var k: Int
        if columnLine == tagLine && columnOffset >= tagLineStart {
            k = columnOffset
        } else {
            k = tagLineStart
            column = 1
        }
        // No CR between a line's start and a `<`: a CR before an LF ends the line at the LF.
        while k < tagOffset {
            if bytes[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        columnOffset = tagOffset
        columnLine = tagLine
        return (tagLine, column)
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A) }
    fileprivate var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }

    fileprivate var isASCIINameStart: Bool {
        (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A) || self == 0x5F
    }

    fileprivate var isASCIIName: Bool {
        isASCIINameStart || (self >= 0x30 && self <= 0x39) || self == 0x2E || self == 0x2D
    }
}

/// The XLIFF vocabulary over `XMLByteCursor`, element for element as `XLIFFReader`'s libxml2 path
/// reads it; every vocabulary error is refused, so libxml2's path reports it.
struct XLIFFByteVocabulary {
    var cursor: XMLByteCursor
    let path: String
    var rootNamespace = -1

    var isXLIFFElement: Bool { cursor.namespace == rootNamespace }

    mutating func elementLocation() -> SourceLocation {
        let (line, column) = cursor.tagLocation()
        return SourceLocation(file: path, line: line, column: column)
    }

    mutating func forEachChild(_ body: (inout XLIFFByteVocabulary) throws(XMLRefused) -> Void) throws(XMLRefused) {
        guard !cursor.isEmptyElement else { return }
        let depth = cursor.open.count
        while true {
            switch try cursor.next() {
            case .start: try body(&self)
            case .end where cursor.open.count < depth: return
            case .endOfDocument: throw XMLRefused()
            default: continue
            }
        }
    }

    mutating func skipElement() throws(XMLRefused) {
        guard !cursor.isEmptyElement else { return }
        let depth = cursor.open.count
        while true {
            switch try cursor.next() {
            case .end where cursor.open.count < depth: return
            case .endOfDocument: throw XMLRefused()
            default: continue
            }
        }
    }

    /// The text inside the current element; an empty inline code counts as the text `inline` gives it.
    mutating func readText(_ inline: inout XLIFFInlineText, inSource: Bool = false) throws(XMLRefused) -> String {
        guard !cursor.isEmptyElement else { return "" }
        let depth = cursor.open.count
        cursor.startCollecting()
        defer { cursor.collecting = false }
        while true {
            switch try cursor.next() {
            case .start where isXLIFFElement:
                cursor.materialize()
                if cursor.isEmptyElement {
                    if let code = inline.text(ofEmpty: cursor.localName, id: try attribute("id"), equivText: try attribute("equiv-text"),
                                              mtype: try attribute("mtype"), inSource: inSource) {
                        cursor.text.append(contentsOf: code.utf8)
                    }
                } else {
                    inline.start(cursor.localName, id: try attribute("id"), equivText: try attribute("equiv-text"), mtype: try attribute("mtype"),
                                 inSource: inSource, offset: cursor.text.count, depth: cursor.open.count)
                }
            case .end where cursor.open.count < depth:
                return cursor.collectedText()
            case .end where inline.isOpen(atDepth: cursor.open.count + 1):
                cursor.materialize()
                if let code = inline.end(text: { String(decoding: cursor.text[$0...], as: UTF8.self) }) {
                    cursor.text.append(contentsOf: code.utf8)
                }
            case .endOfDocument: throw XMLRefused()
            default: continue
            }
        }
    }

    /// The text inside the current element, inline codes as their content.
    mutating func readText() throws(XMLRefused) -> String {
        guard !cursor.isEmptyElement else { return "" }
        var inline = XLIFFInlineText()
        return try readText(&inline)
    }

    /// The current element's `xml:space`, or `inherited` without one. Asked of every unit, its
    /// source and its target: the value is compared as bytes, no string made, and the call
    /// inlined (called, it copied the reader's state each time: 25 M instructions an import).
    @inline(__always)
    func preserves(inheriting inherited: Bool) -> Bool {
        for k in 0..<cursor.attributeCount {
            let attribute = cursor.attributes[k]
            guard attribute.colon - attribute.nameStart == 3 && attribute.nameEnd - attribute.colon == 6,
                  cursor.bytesAre(attribute.nameStart, .xmlSpace) else { continue }
            let length = attribute.valueEnd - attribute.valueStart
            if attribute.hasReference { return XLIFFInlineText.preserves(cursor.value(of: attribute)) ?? inherited }
            if length == 8 && cursor.bytesAre(attribute.valueStart, .preserve) { return true }
            if length == 7 && cursor.bytesAre(attribute.valueStart, .`default`) { return false }
            return inherited
        }
        return inherited
    }

    func attribute(_ name: StaticString) throws(XMLRefused) -> String? {
        try cursor.attribute(name, rootNamespace: rootNamespace)
    }

    mutating func readDocument() throws(XMLRefused) -> XLIFFDocument {
        guard try cursor.next() == .start, cursor.nameIs("xliff") else { throw XMLRefused() }
        rootNamespace = cursor.namespace
        let version = try attribute("version")
        if let version, version != "1.2" { throw XMLRefused() }
        let xliffNamespace = cursor.uris.firstIndex(of: XLIFFReader.namespace) ?? -2
        if version == nil && rootNamespace != xliffNamespace { throw XMLRefused() }
        let preserving = preserves(inheriting: false)
        var files: [XLIFFFile] = []
        try forEachChild { (stream: inout XLIFFByteVocabulary) throws(XMLRefused) in
            if stream.isXLIFFElement && stream.cursor.nameIs("file") {
                files.append(try stream.readFile(inheriting: preserving))
            } else {
                try stream.skipElement()
            }
        }
        while try cursor.next() != .endOfDocument {}
        return XLIFFDocument(files: files)
    }

    /// Reads a `<file>`; `inherited` is the root's `xml:space`.
    mutating func readFile(inheriting inherited: Bool) throws(XMLRefused) -> XLIFFFile {
        let location = elementLocation()
        guard let original = try attribute("original"), let sourceLanguage = try attribute("source-language"),
              let targetLanguage = try attribute("target-language"), !targetLanguage.isEmpty else { throw XMLRefused() }
        var file = XLIFFFile(original: original, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage,
                             datatype: try attribute("datatype") ?? "plaintext", location: location)
        // libxml2 lists namespace declarations before attributes: such a <file> is left to it.
        var datatype: Int?
        var source: Int?
        for index in 0..<cursor.attributeCount {
            let attribute = cursor.attributes[index]
            let local = attribute.colon >= 0 ? attribute.colon + 1 : attribute.nameStart
            let name = String(decoding: UnsafeBufferPointer(start: cursor.bytes + local, count: attribute.nameEnd - local), as: UTF8.self)
            if name == "xmlns" || (attribute.colon >= 0 && attribute.colon - attribute.nameStart == 5
                                   && memcmp(cursor.bytes + attribute.nameStart, "xmlns", 5) == 0) { throw XMLRefused() }
            if name == "datatype" && datatype == nil { datatype = index }
            if name == "source-language" && source == nil { source = index }
        }
        if let datatype, let source, datatype < source { file.attributeOrder = .datatypeFirst }
        let preserving = preserves(inheriting: inherited)
        try forEachChild { (stream: inout XLIFFByteVocabulary) throws(XMLRefused) in
            guard stream.isXLIFFElement else { return try stream.skipElement() }
            if stream.cursor.nameIs("header") {
                try stream.forEachChild { (header: inout XLIFFByteVocabulary) throws(XMLRefused) in
                    if header.isXLIFFElement && header.cursor.nameIs("tool") {
                        if file.tool == nil, let id = try header.attribute("tool-id") {
                            file.tool = XLIFFTool(id: id, name: try header.attribute("tool-name") ?? id,
                                                  version: try header.attribute("tool-version"), buildNumber: try header.attribute("build-num"))
                        }
                    }
                    try header.skipElement()
                }
            } else if stream.cursor.nameIs("body") {
                var units = UnitShelf()
                try stream.readUnits(into: &units, preserving: preserving)
                if file.units.isEmpty { file.units = units.take() } else { file.units += units.take() }
            } else {
                try stream.skipElement()
            }
        }
        return file
    }

    /// Reads the units of a `<body>` or `<group>` into `units`. The loops over a unit's parent
    /// and its children are written out, not `forEachChild` closures: each call of a closure
    /// copied part of the reader's state (about 900 instructions a unit).
    mutating func readUnits(into units: inout UnitShelf, preserving: Bool) throws(XMLRefused) {
        guard !cursor.isEmptyElement else { return }
        let depth = cursor.open.count
        while true {
            switch try cursor.next() {
            case .start:
                if !isXLIFFElement {
                    try skipElement()
                } else if cursor.nameIs(.transUnit) {
                    try readUnit(preserving: preserves(inheriting: preserving), into: &units)
                } else if cursor.nameIs(.group) {
                    try readUnits(into: &units, preserving: preserves(inheriting: preserving))
                } else {
                    try skipElement()
                }
            case .end where cursor.open.count < depth: return
            case .endOfDocument: throw XMLRefused()
            default: continue
            }
        }
    }

    /// Reads a `<trans-unit>` onto the end of `units` (built there, not copied in); `preserving`
    /// is its `xml:space`, inherited or its own.
    mutating func readUnit(preserving: Bool, into units: inout UnitShelf) throws(XMLRefused) {
        let location = elementLocation()
        // The five attributes in one walk over the tag's attributes (a walk each cost about
        // 1,000 instructions a unit), each taken as `attribute(_:)` takes it.
        var id: String?
        var translate: String?
        var approvedText: String?
        var sizeUnit: String?
        var maxWidthText: String?
        for k in 0..<cursor.attributeCount {
            let attribute = cursor.attributes[k]
            let local = attribute.colon >= 0 ? attribute.colon + 1 : attribute.nameStart
            switch attribute.nameEnd - local {
            case 2 where cursor.bytesAre(local, .id):
                try cursor.take(attribute, into: &id, rootNamespace: rootNamespace)
            case 9 where cursor.bytesAre(local, .translate):
                try cursor.take(attribute, into: &translate, rootNamespace: rootNamespace)
            case 9 where cursor.bytesAre(local, .sizeUnit):
                try cursor.take(attribute, into: &sizeUnit, rootNamespace: rootNamespace)
            case 8 where cursor.bytesAre(local, .approved):
                try cursor.take(attribute, into: &approvedText, rootNamespace: rootNamespace)
            case 8 where cursor.bytesAre(local, .maxWidth):
                try cursor.take(attribute, into: &maxWidthText, rootNamespace: rootNamespace)
            default:
                continue
            }
        }
        guard let id else { throw XMLRefused() }
        let approved = approvedText.map { $0 == "yes" }
        var source: String?
        var target: String?
        var state: XLIFFTargetState?
        var note: String?
        var inline = XLIFFInlineText()
        if !cursor.isEmptyElement {
            let depth = cursor.open.count
            children: while true {
                switch try cursor.next() {
                case .start:
                    if !isXLIFFElement {
                        try skipElement()
                    } else if cursor.nameIs(.source) && source == nil {
                        let preserve = preserves(inheriting: preserving)
                        let text = try readText(&inline, inSource: true)
                        source = preserve ? text : XLIFFInlineText.withoutLayout(text)
                    } else if cursor.nameIs(.target) && target == nil {
                        state = try targetState()
                        let preserve = preserves(inheriting: preserving)
                        let text = try readText(&inline)
                        target = preserve ? text : XLIFFInlineText.withoutLayout(text)
                    } else if cursor.nameIs(.note) {
                        // Several notes are joined with a newline.
                        let text = try readText()
                        note = note.map { $0 + "\n" + text } ?? text
                    } else {
                        try skipElement()
                    }
                case .end where cursor.open.count < depth: break children
                case .endOfDocument: throw XMLRefused()
                default: continue
                }
            }
        }
        guard let source else { throw XMLRefused() }
        let maxWidth = (sizeUnit ?? "char") == "char" ? maxWidthText.flatMap { Int($0) } : nil
        units.append(TransUnit(
            id: id, translate: translate != "no", source: source, target: target,
            targetState: target == nil ? nil : state, note: note,
            approved: approved, maxWidth: maxWidth, location: location,
            unknownInlineCode: inline.unknown, hasEmptySegment: inline.hasEmptySegment))
    }

    /// The current `<target>`'s `state`, as `attribute("state").map(XLIFFTargetState.init(rawValue:))`
    /// gives it: one of XLIFF's states recognized in the bytes, no string made for it.
    @inline(__always)
    func targetState() throws(XMLRefused) -> XLIFFTargetState? {
        guard let index = try cursor.attributeIndex(.state, rootNamespace: rootNamespace) else { return nil }
        let attribute = cursor.attributes[index]
        if !attribute.hasReference, let state = Self.standardState(cursor, attribute.valueStart, attribute.valueEnd - attribute.valueStart) {
            return state
        }
        return XLIFFTargetState(rawValue: cursor.value(of: attribute))
    }

    /// The state XLIFF 1.2 names with the ASCII bytes `start..<start + length`; nil for any other
    /// bytes (a string of other bytes equals none of these names).
    @inline(__always)
    private static func standardState(_ cursor: XMLByteCursor, _ start: Int, _ length: Int) -> XLIFFTargetState? {
        switch length {
        case 10:
            if cursor.bytesAre(start, .translated) { return .translated }
            if cursor.bytesAre(start, .signedOff) { return .signedOff }
            if cursor.bytesAre(start, .needsL10n) { return .needsL10n }
        case 5 where cursor.bytesAre(start, .final): return .final
        case 3 where cursor.bytesAre(start, .new): return .new
        case 24 where cursor.bytesAre(start, "needs-review-translation"): return .needsReviewTranslation
        case 17:
            if cursor.bytesAre(start, "needs-translation") { return .needsTranslation }
            if cursor.bytesAre(start, "needs-review-l10n") { return .needsReviewL10n }
        case 16 where cursor.bytesAre(start, .needsAdaptation): return .needsAdaptation
        case 23 where cursor.bytesAre(start, "needs-review-adaptation"): return .needsReviewAdaptation
        default: break
        }
        return nil
    }
}

/// The units of a `<body>` as they are read, each built in its place: `Array.append` copied
/// every unit in and destroyed the one given (a retain and a release of each of its strings,
/// about 290 instructions a unit). `take()` moves them into an array.
struct UnitShelf: ~Copyable {
    private var base: UnsafeMutablePointer<TransUnit>?
    private var count = 0
    private var capacity = 0

    init() {}

    /// Moves `unit` into the next place.
    @inline(__always)
    mutating func append(_ unit: consuming TransUnit) {
        if count == capacity { grow() }
        (base! + count).initialize(to: unit)
        count += 1
    }

    private mutating func grow() {
        let larger = max(64, capacity * 2)
        let moved = UnsafeMutablePointer<TransUnit>.allocate(capacity: larger)
        if let base {
            moved.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = moved
        capacity = larger
    }

    /// The units read, in order; the shelf is left empty.
    mutating func take() -> [TransUnit] {
        guard let base, count > 0 else { return [] }
        let units = [TransUnit](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: base, count: count)
            initialized = count
        }
        count = 0
        return units
    }

    deinit {
        guard let base else { return }
        base.deinitialize(count: count)
        base.deallocate()
    }
}
