/// The id, `<source>` and `<note>` texts of many units, escaped once: the parts of a unit that do
/// not change from one locale's export to the next. An exporter escapes them once per project and
/// points every locale's units here (`TransUnit.escaped`), so the writer copies their bytes and
/// escapes only the targets. Most texts have nothing to escape: those are copied from the text
/// itself, and only the escaped form of the others is kept (memory: an export holds the project).
///
/// The writer uses a unit's texts only while the unit still holds the very texts they were made
/// of (compared with `==`, which is one comparison for texts that share their storage); a unit
/// whose id, source or note was changed is escaped as before.
///
/// Immutable once built (`Builder.finish()`), so locales exported side by side share it.
package final class XLIFFUnitTexts: @unchecked Sendable {
    /// One text, and where its escaped bytes are: `start < 0` when the text is written as it is.
    struct Segment {
        var text: String
        var start: Int32
        var end: Int32
        /// Whether escaping saw no byte that may be a character XML cannot carry.
        var plain: Bool
    }

    /// A unit's segments: its id (an attribute value), its source and its note (element texts).
    struct Unit {
        var id: Int32
        var source: Int32
        var note: Int32
    }

    private let output: XLIFFOutput
    private let segments: [Segment]
    private let units: [Unit]

    /// Builds the escaped texts unit by unit; `finish()` hands them over.
    package struct Builder {
        private let output = XLIFFOutput()
        private var segments: [Segment] = []
        private var units: [Unit] = []
        private var emptyNote: Int32?

        package init() {}

        /// Escapes a note, for units that share it (`addUnit(id:source:note:)`).
        package mutating func addNote(_ note: String) -> Int32 {
            if note.isEmpty, let emptyNote { return emptyNote }
            let start = output.count
            let segment = addSegment(note, start: start, plain: output.appendText(note))
            if note.isEmpty { emptyNote = segment }
            return segment
        }

        /// Escapes a unit's id and source; `note` is a result of `addNote`. Returns the unit's
        /// index for `TransUnit.escaped`.
        package mutating func addUnit(id: String, source: String, note: Int32) -> Int32 {
            var start = output.count
            let idSegment = addSegment(id, start: start, plain: output.appendAttribute(id))
            start = output.count
            let sourceSegment = addSegment(source, start: start, plain: output.appendText(source))
            units.append(Unit(id: idSegment, source: sourceSegment, note: note))
            return Int32(units.count - 1)
        }

        /// The segment of a text just escaped from `start` on; escaped bytes that are the text
        /// itself (nothing escaped, nothing to check) are dropped again.
        private mutating func addSegment(_ text: String, start: Int, plain: Bool) -> Int32 {
            if plain && output.count - start == text.utf8.count {
                output.truncate(to: start)
                segments.append(Segment(text: text, start: -1, end: -1, plain: true))
            } else {
                segments.append(Segment(text: text, start: Int32(start), end: Int32(output.count), plain: plain))
            }
            return Int32(segments.count - 1)
        }

        package func finish() -> XLIFFUnitTexts {
            output.trim()
            return XLIFFUnitTexts(output: output, segments: segments, units: units)
        }
    }

    private init(output: XLIFFOutput, segments: [Segment], units: [Unit]) {
        self.output = output
        self.segments = segments
        self.units = units
    }

    /// How many units the texts hold.
    var unitCount: Int { units.count }

    /// Whether unit `index`'s source is `text` (most often the very same string).
    func hasSource(_ text: String, atUnit index: Int) -> Bool {
        segments[Int(units[index].source)].text == text
    }

    /// Appends unit `index`'s escaped id (as an attribute value) and returns its source and note
    /// segments for `appendElement`, or nil when the unit's id, source or note is not what the
    /// texts were made of (nothing is appended then). `plain` is false when one of the three
    /// needs the check for characters XML cannot carry.
    func appendID(index: Int32, id unitID: String, source unitSource: String, note unitNote: String?,
                  to out: XLIFFOutput) -> (source: Int32, note: Int32, plain: Bool)? {
        guard let unitNote else { return nil }
        return units.withUnsafeBufferPointer { units in
            segments.withUnsafeBufferPointer { segments in
                let entry = units[Int(index)]
                let id = segments.baseAddress! + Int(entry.id)
                let source = segments.baseAddress! + Int(entry.source)
                let note = segments.baseAddress! + Int(entry.note)
                guard id.pointee.text == unitID, source.pointee.text == unitSource, note.pointee.text == unitNote else { return nil }
                append(id, to: out)
                return (entry.source, entry.note, id.pointee.plain && source.pointee.plain && note.pointee.plain)
            }
        }
    }

    /// `<name>text</name>` (or `<name/>` for an empty text) on its own line eight spaces in, as
    /// `XLIFFOutput.appendElement` writes it, the text a segment's.
    func appendElement(_ tags: XLIFFElementTags, segment: Int32, to out: XLIFFOutput) {
        segments.withUnsafeBufferPointer { segments in
            let found = segments.baseAddress! + Int(segment)
            if found.pointee.text.isEmpty {
                out.append(tags.empty)
                return
            }
            out.append(tags.open)
            append(found, to: out)
            out.append(tags.close)
        }
    }

    /// A segment's escaped bytes, or its text where it needs no escaping.
    private func append(_ segment: UnsafePointer<Segment>, to out: XLIFFOutput) {
        if segment.pointee.start < 0 {
            out.appendString(segment.pointee.text)
        } else {
            output.copy(Int(segment.pointee.start)..<Int(segment.pointee.end), to: out)
        }
    }
}

/// Where `XLIFFWriter` finds a unit's id, source and note already escaped. It is a cache of
/// the unit's own texts, so it takes no part in the unit's equality or hash.
@usableFromInline
package struct XLIFFEscapedUnit: Hashable, Sendable {
    package var texts: XLIFFUnitTexts?
    package var index: Int32

    package init(texts: XLIFFUnitTexts?, index: Int32) {
        self.texts = texts
        self.index = index
    }

    /// No escaped texts; usable from `TransUnit`'s inlinable initializer.
    @usableFromInline
    package static let none = XLIFFEscapedUnit(texts: nil, index: 0)

    @usableFromInline
    package static func == (lhs: XLIFFEscapedUnit, rhs: XLIFFEscapedUnit) -> Bool { true }
    @usableFromInline
    package func hash(into hasher: inout Hasher) {}
}
