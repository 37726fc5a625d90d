import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// Writes an `XLIFFDocument` with the exact bytes of Xcode's `-exportLocalizations` (formats.md §2),
/// except that the header names our tool.
///
/// The writer keeps the order of files and units it is given; `XLIFFOrder` sorts them like Xcode.
/// It writes UTF-8 bytes straight into one buffer (`XLIFFOutput`): an export writes tens of MB.
public struct XLIFFWriter: Sendable {
    /// The program named in every `<file>`'s header.
    public var tool: XLIFFTool

    public init(tool: XLIFFTool) {
        self.tool = tool
    }

    static let xliffStartTag = #"<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">"#

    /// The document as text; throws `XLIFFError` when a text holds a character XML 1.0 cannot carry.
    public func string(_ document: XLIFFDocument) throws -> String {
        try output(document).string
    }

    /// The document as UTF-8 bytes without BOM.
    public func data(_ document: XLIFFDocument) throws -> Data {
        try output(document).data()
    }

    /// Writes the document atomically (temporary file, then rename), in pieces: the file's bytes
    /// are never all in memory.
    public func write(_ document: XLIFFDocument, to url: URL) throws {
        try AtomicFile.write(to: url) { sink in try write(document, pieces: sink) }
    }

    /// The bytes `data(_:)` gives, handed to `sink` in pieces of about `pieceSize` bytes (cut
    /// between units) as they are made. On an error, the pieces handed so far are not the document.
    public func write(_ document: XLIFFDocument, pieces sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        // No size estimate (a walk over every unit): room for a piece and the unit that crosses
        // its end, made once (grown by doubling, it ended at twice a piece).
        let out = XLIFFOutput(capacity: Self.pieceSize + Self.pieceSize / 4)
        try withoutActuallyEscaping(sink) { sink in
            try output(document, into: out) { try out.drain(into: sink) }
            try out.drain(into: sink)
        }
    }

    /// The size of the pieces `write(_:pieces:)` hands on: large enough that writing them costs
    /// nothing to speak of, small enough to count for nothing in an export's peak memory.
    static let pieceSize = 1 << 18

    /// One `<file>` element, from its two-space indent to its closing newline.
    public func string(_ file: XLIFFFile) throws -> String {
        let out = XLIFFOutput()
        try append(file, to: out)
        return out.string
    }

    /// The document written.
    func output(_ document: XLIFFDocument) throws -> XLIFFOutput {
        let out = XLIFFOutput(capacity: Self.estimatedSize(of: document))
        try output(document, into: out, drain: nil)
        return out
    }

    /// About the bytes of the written document (escaping aside), so the buffer seldom grows.
    private static func estimatedSize(of document: XLIFFDocument) -> Int {
        var estimate = 4_096
        for file in document.files {
            estimate += 400
            file.units.withUnsafeBufferPointer { units in
                for unit in units.indices.lazy.map({ units.baseAddress! + $0 }) {
                    estimate += 160 + unit.pointee.id.utf8.count + unit.pointee.source.utf8.count + (unit.pointee.target?.utf8.count ?? 0)
                        + (unit.pointee.note?.utf8.count ?? 0)
                    for alternative in unit.pointee.alternatives {
                        estimate += 140 + alternative.originByteCount + alternative.source.utf8.count + alternative.target.utf8.count
                    }
                }
            }
        }
        return estimate
    }

    /// Writes the document into `out`; `drain`, when given, is called between units once `out`
    /// holds a piece's worth.
    private func output(_ document: XLIFFDocument, into out: XLIFFOutput, drain: (() throws -> Void)?) throws {
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.appendString(Self.xliffStartTag)
        out.append("\n")
        for file in document.files {
            try append(file, to: out, drain: drain)
        }
        out.append("</xliff>\n")
    }

    private func append(_ file: XLIFFFile, to out: XLIFFOutput, drain: (() throws -> Void)? = nil) throws {
        try Self.check(file.original, what: "the file path", file: file, unit: nil)
        out.append("  <file original=\"")
        out.appendAttribute(file.original)
        if file.attributeOrder == .datatypeFirst {
            out.append("\" datatype=\"")
            out.appendAttribute(file.datatype)
        }
        out.append("\" source-language=\"")
        out.appendAttribute(file.sourceLanguage)
        if let target = file.targetLanguage {
            out.append("\" target-language=\"")
            out.appendAttribute(target)
        }
        if file.attributeOrder == .standard {
            out.append("\" datatype=\"")
            out.appendAttribute(file.datatype)
        }
        out.append("\">\n    <header>\n      <tool tool-id=\"")
        out.appendAttribute(tool.id)
        out.append("\" tool-name=\"")
        out.appendAttribute(tool.name)
        if let version = tool.version {
            out.append("\" tool-version=\"")
            out.appendAttribute(version)
        }
        if let build = tool.buildNumber {
            out.append("\" build-num=\"")
            out.appendAttribute(build)
        }
        out.append("\"/>\n    </header>\n")
        guard !file.units.isEmpty else {
            out.append("    <body/>\n  </file>\n")
            return
        }
        out.append("    <body>\n")
        // Units are read in place: a copy of each would retain and release all its strings.
        try file.units.withUnsafeBufferPointer { units in
            for index in units.indices {
                let unit = units.baseAddress! + index
                // The escaping notices bytes that may be characters XML cannot carry; such a unit
                // is checked in full (and the output thrown away with the error).
                var plain: Bool
                // An exporter's unit comes with its id, source and note written (`XLIFFUnitTexts`),
                // used while the unit still holds those texts.
                let texts = unit.pointee.escaped.texts
                let lines = texts?.lines(index: unit.pointee.escaped.index, id: unit.pointee.id, source: unit.pointee.source, note: unit.pointee.note,
                                         isNoteAutoGenerated: unit.pointee.isNoteAutoGenerated)
                if let texts, let lines {
                    plain = lines.plain
                    if unit.pointee.translate && unit.pointee.approved == nil && unit.pointee.maxWidth == nil {
                        texts.append(from: lines.start, to: lines.end, to: out)
                    } else {
                        texts.append(from: lines.start, to: lines.sourceStart, to: out)
                        appendAttributes(of: unit, to: out)
                        texts.append(from: lines.sourceStart, to: lines.end, to: out)
                    }
                } else {
                    out.append(Self.unitStartTag)
                    plain = out.appendAttribute(unit.pointee.id)
                    out.append("\"")
                    appendAttributes(of: unit, to: out)
                    out.append(Self.unitStartTagEnd)
                    plain = out.appendElement(.source, state: nil, text: unit.pointee.source) && plain
                }
                if let target = unit.pointee.target {
                    plain = out.appendTarget(state: unit.pointee.targetState, text: target) && plain
                }
                if let texts, let lines {
                    texts.append(from: lines.noteStart, to: unit.pointee.alternatives.isEmpty ? lines.noteEnd : lines.noteLineEnd, to: out)
                } else {
                    plain = out.appendNote(unit.pointee.note ?? "", isAutoGenerated: unit.pointee.isNoteAutoGenerated) && plain
                }
                // XLIFF 1.2: after <source>, <seg-source> and <target> come <note>, <alt-trans> and
                // the groups in any order; like Translate Toolkit, alternatives follow the note.
                for alternative in unit.pointee.alternatives {
                    out.appendString("        <alt-trans match-quality=\"\(alternative.matchQuality)\" origin=\"")
                    plain = alternative.appendOrigin(to: out) && plain
                    out.append("\">\n  ")
                    plain = out.appendElement(.source, state: nil, text: alternative.source) && plain
                    out.append("  ")
                    plain = out.appendElement(.target, state: nil, text: alternative.target) && plain
                    out.append("        </alt-trans>\n")
                }
                if lines == nil || !unit.pointee.alternatives.isEmpty { out.append(Self.unitEndTag) }
                if !plain {
                    try Self.check(unit.pointee.id, what: "the id", file: file, unit: unit.pointee)
                    try Self.check(unit.pointee.source, what: "the source", file: file, unit: unit.pointee)
                    try Self.check(unit.pointee.target ?? "", what: "the target", file: file, unit: unit.pointee)
                    try Self.check(unit.pointee.note ?? "", what: "the note", file: file, unit: unit.pointee)
                    for alternative in unit.pointee.alternatives {
                        try Self.check(alternative.origin + alternative.source + alternative.target, what: "a suggestion", file: file, unit: unit.pointee)
                    }
                }
                if let drain, out.count >= Self.pieceSize { try drain() }
            }
        }
        out.append("    </body>\n  </file>\n")
    }

    /// A `<trans-unit>` start tag up to its id, the end of the tag after its attributes, and its
    /// end tag. Computed, as `XLIFFElementTags`: constants with no lazy global to check on each use.
    static var unitStartTag: StaticString { "      <trans-unit id=\"" }
    static var unitStartTagEnd: StaticString { " xml:space=\"preserve\">\n" }
    static var unitEndTag: StaticString { "      </trans-unit>\n" }

    /// The start tag's attributes after the id, each with its leading space: `translate="no"`,
    /// `approved`, `maxwidth` with its unit.
    private func appendAttributes(of unit: UnsafePointer<TransUnit>, to out: XLIFFOutput) {
        if !unit.pointee.translate { out.append(" translate=\"no\"") }
        if let approved = unit.pointee.approved {
            out.append(approved ? " approved=\"yes\"" as StaticString : " approved=\"no\"")
        }
        if let maxWidth = unit.pointee.maxWidth {
            out.appendString(" maxwidth=\"\(maxWidth)\" size-unit=\"char\"")
        }
    }

    /// Element text: `& < >` escaped, quotes and newlines literal, CR as `&#13;` so a parser keeps it.
    public static func escapeText(_ text: String) -> String {
        let out = XLIFFOutput(capacity: text.utf8.count + 16)
        out.appendText(text)
        return out.string
    }

    /// Attribute values: `" & < >` escaped, newline `&#10;`, tab `&#9;`, CR `&#13;` (a parser would
    /// turn literal ones into spaces), apostrophes literal.
    public static func escapeAttribute(_ text: String) -> String {
        let out = XLIFFOutput(capacity: text.utf8.count + 16)
        out.appendAttribute(text)
        return out.string
    }

    /// Whether XML 1.0 can carry the scalar at all (its `Char` production).
    public static func isRepresentable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00..<0x20: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    private static func check(_ text: String, what: String, file: XLIFFFile, unit: TransUnit?) throws {
        guard let bad = text.unicodeScalars.first(where: { !isRepresentable($0) }) else { return }
        let code = "U+" + String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)
        // The id is shown with such characters spelled out: a raw NUL or escape would reach the terminal.
        let visibleID = unit.map { String($0.id.unicodeScalars.map { isRepresentable($0) ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()) }
        let subject = visibleID.map { "unit '\($0)' of '\(file.original)'" } ?? "file '\(file.original)'"
        throw XLIFFError(
            .unrepresentableCharacter(bad),
            "\(what) of \(subject) contains \(code), which XML 1.0 cannot carry",
            // An exported unit has no place in a translator file yet: the error is about the project file it comes from.
            at: unit?.location ?? file.location ?? SourceLocation(file: file.original),
            hint: "remove the control character from the source file before exporting"
        )
    }
}

/// An element's tags on its line eight spaces in, whole: written as one piece each, not as
/// the indent, the brackets and the name one after another (five copies an element).
struct XLIFFElementTags {
    /// `        <name>`, `</name>` and a newline, `        <name/>` and a newline, `        <name state="`.
    let open: StaticString
    let close: StaticString
    let empty: StaticString
    let openWithState: StaticString

    // Computed: constants the compiler folds in, with no lazy global to check on each use.
    static var source: XLIFFElementTags {
        XLIFFElementTags(open: "        <source>", close: "</source>\n", empty: "        <source/>\n", openWithState: "        <source state=\"")
    }
    static var target: XLIFFElementTags {
        XLIFFElementTags(open: "        <target>", close: "</target>\n", empty: "        <target/>\n", openWithState: "        <target state=\"")
    }
    static var note: XLIFFElementTags {
        XLIFFElementTags(open: "        <note>", close: "</note>\n", empty: "        <note/>\n", openWithState: "        <note state=\"")
    }
    static var autoGeneratedNote: XLIFFElementTags {
        XLIFFElementTags(open: "        <note from=\"auto-generated\">", close: "</note>\n", empty: "        <note from=\"auto-generated\"/>\n",
                         openWithState: "        <note from=\"auto-generated\" state=\"")
    }
}

/// The bytes an `XLIFFWriter` has written so far, and how it escapes element text and attributes.
/// A buffer of its own (`malloc`ed, grown by doubling) that `data()` hands to `Data` without a copy.
package final class XLIFFOutput {
    // Unchecked: an output belongs to one writer at a time, and the run-time exclusivity check
    // of a class's stored properties cost more than appending the bytes (2.4 million a report).
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) package private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    package init(capacity: Int = 4_096) {
        self.capacity = max(capacity, 64)
        storage = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(storage) }

    /// The bytes written, copied.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// The bytes as text.
    package var string: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    /// The bytes as `Data` that takes over the buffer; the output is empty afterwards.
    package func data() -> Data {
        let data = Data(bytesNoCopy: storage, count: count, deallocator: .free)
        capacity = 64
        storage = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
        count = 0
        return data
    }

    /// Hands the bytes written to `sink` and forgets them, keeping the buffer.
    func drain(into sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard count > 0 else { return }
        try sink(UnsafeRawBufferPointer(start: storage, count: count))
        count = 0
    }

    /// Forgets the bytes from `count` on.
    package func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count)
        self.count = count
    }

    /// Gives back the capacity beyond the bytes written, for an output that is kept.
    func trim() {
        guard capacity > max(count, 64) else { return }
        capacity = max(count, 64)
        storage = realloc(storage, capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    @inline(__always)
    private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var grown = capacity * 2
        while grown < count + extra { grown *= 2 }
        storage = realloc(storage, grown)!.assumingMemoryBound(to: UInt8.self)
        capacity = grown
    }

    @inline(__always)
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Appends `range` of these bytes to `out`.
    @inline(__always)
    func copy(_ range: Range<Int>, to out: XLIFFOutput) {
        out.append(UnsafeBufferPointer(start: storage + range.lowerBound, count: range.count))
    }

    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a copy of bytes already written (`range` of them): room is made first, so the
    /// bytes are read from where they are after any growing.
    package func appendCopy(of range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        guard !range.isEmpty else { return }
        reserve(range.count)
        (storage + count).update(from: storage + range.lowerBound, count: range.count)
        count += range.count
    }

    package func appendString(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// `<name state="...">text</name>`, or `<name/>` for empty text, on its own line eight spaces in.
    /// A `<note>` line; `<note from="auto-generated">` as Xcode 26 writes an auto-generated comment's.
    func appendNote(_ text: String, isAutoGenerated: Bool) -> Bool {
        appendElement(isAutoGenerated ? .autoGeneratedNote : .note, state: nil, text: text)
    }

    func appendElement(_ tags: XLIFFElementTags, state: XLIFFTargetState?, text: String) -> Bool {
        if let state {
            append(tags.openWithState)
            appendAttribute(state.rawValue)
            if text.isEmpty {
                append("\"/>\n")
                return true
            }
            append("\">")
        } else if text.isEmpty {
            append(tags.empty)
            return true
        } else {
            append(tags.open)
        }
        let plain = appendText(text)
        append(tags.close)
        return plain
    }

    /// `appendElement(.target, state:, text:)`, with the start tag of a standard state written
    /// whole rather than its state escaped as an attribute value (most exported units have one).
    func appendTarget(state: XLIFFTargetState?, text: String) -> Bool {
        guard let state, !text.isEmpty, let start = Self.targetStartTag(state) else { return appendElement(.target, state: state, text: text) }
        append(start)
        let plain = appendText(text)
        append(XLIFFElementTags.target.close)
        return plain
    }

    /// `        <target state="…">` of a standard state; nil for a custom one.
    private static func targetStartTag(_ state: XLIFFTargetState) -> StaticString? {
        switch state {
        case .new: "        <target state=\"new\">"
        case .needsTranslation: "        <target state=\"needs-translation\">"
        case .needsL10n: "        <target state=\"needs-l10n\">"
        case .needsAdaptation: "        <target state=\"needs-adaptation\">"
        case .translated: "        <target state=\"translated\">"
        case .needsReviewTranslation: "        <target state=\"needs-review-translation\">"
        case .needsReviewL10n: "        <target state=\"needs-review-l10n\">"
        case .needsReviewAdaptation: "        <target state=\"needs-review-adaptation\">"
        case .final: "        <target state=\"final\">"
        case .signedOff: "        <target state=\"signed-off\">"
        case .custom: nil
        }
    }

    /// Element text: `& < >` escaped, CR as `&#13;`. Returns false when the text may hold a
    /// character XML cannot carry (a C0 control, or a byte that may start U+FFFE/U+FFFF).
    @discardableResult
    func appendText(_ text: String) -> Bool {
        appendEscaped(text, Self.textClasses)
    }

    /// An attribute value: `" & < >` escaped, newline, tab and CR as character references.
    /// Returns false as `appendText` does.
    @discardableResult
    package func appendAttribute(_ text: String) -> Bool {
        appendEscaped(text, Self.attributeClasses)
    }

    /// Per byte: 0 copy, 1 suspicious (copied, checked later), else the index + 2 of its escape.
    private static let escapes: [StaticString] = ["&quot;", "&amp;", "&lt;", "&gt;", "&#10;", "&#9;", "&#13;"]
    private static let textClasses: [UInt8] = classes(["&": 3, "<": 4, ">": 5, "\r": 8])
    private static let attributeClasses: [UInt8] = classes(["\"": 2, "&": 3, "<": 4, ">": 5, "\n": 6, "\t": 7, "\r": 8])

    private static func classes(_ escaped: [Character: UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 256)
        for byte in 0..<0x20 where byte != 0x09 && byte != 0x0A && byte != 0x0D { table[byte] = 1 }
        table[0xEF] = 1
        for (character, code) in escaped { table[Int(character.asciiValue!)] = code }
        return table
    }

    /// Whether `appendAttribute` would copy the text as it is, with nothing to check.
    package static func isPlainAttribute(_ text: String) -> Bool {
        return text.withUTF8Bytes { source in
            attributeClasses.withUnsafeBufferPointer { classes in
                for byte in source where classes[Int(byte)] != 0 { return false }
                return true
            }
        }
    }

    private func appendEscaped(_ text: String, _ classes: [UInt8]) -> Bool {
        var text = text
        var plain = true
        text.withUTF8 { source in
            classes.withUnsafeBufferPointer { classes in
                guard let base = source.baseAddress else { return }
                let count = source.count
                var start = 0
                var index = 0
                while index < count {
                    // Eight bytes at a time past those that need nothing (most of a text); a
                    // word that may hold one is looked up a byte at a time.
                    if count - index >= 8, !Self.mayNeedEscaping(ByteWord.load(base + index)) {
                        index += 8
                        continue
                    }
                    let end = min(index + 8, count)
                    while index < end {
                        let code = classes[Int(base[index])]
                        if code == 1 {
                            plain = false
                        } else if code != 0 {
                            append(UnsafeBufferPointer(rebasing: source[start..<index]))
                            append(Self.escapes[Int(code) - 2])
                            start = index + 1
                        }
                        index += 1
                    }
                }
                append(UnsafeBufferPointer(rebasing: source[start...]))
            }
        }
        return plain
    }

    /// Whether a word may hold a byte either class table marks: a C0 control, `" & < >` or 0xEF.
    @inline(__always)
    private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        (ByteWord.lanes(word, below: 0x20) | ByteWord.lanes(word, equalTo: UInt8(ascii: "\"")) | ByteWord.lanes(word, equalTo: UInt8(ascii: "&"))
            | ByteWord.lanes(word, equalTo: UInt8(ascii: "<")) | ByteWord.lanes(word, equalTo: UInt8(ascii: ">"))
            | ByteWord.lanes(word, equalTo: 0xEF)) != 0
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
