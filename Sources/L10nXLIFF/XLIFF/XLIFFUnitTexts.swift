/// The id, `<source>` and `<note>` of many units, escaped once: the parts of a unit that do not
/// change from one locale's export to the next. An exporter escapes them once per project and
/// points every locale's units here (`TransUnit.escaped`), so the writer copies these bytes and
/// escapes only the targets.
///
/// The writer uses a unit's bytes only while the unit still holds the very texts they were made
/// of (compared with `==`, which is one comparison for texts that share their storage); a unit
/// whose id, source or note was changed is escaped as before.
///
/// Immutable once built (`Builder.finish()`), so locales exported side by side share it.
package final class XLIFFUnitTexts: @unchecked Sendable {
    /// One text with its escaped bytes: `bytes[start..<end]`.
    struct Segment {
        var text: String
        var start: Int32
        var end: Int32
        /// Whether escaping saw no byte that may be a character XML cannot carry.
        var plain: Bool
    }

    /// The id's segment (attribute value only), the whole `<source>` line, the whole `<note>` line.
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

        package init() {}

        /// Escapes a note, for units that share it (`addUnit(id:source:note:)`).
        package mutating func addNote(_ note: String) -> Int32 {
            let start = output.count
            let plain = output.appendElement("note", state: nil, text: note)
            return addSegment(note, start: start, plain: plain)
        }

        /// Escapes a unit's id and source; `note` is a result of `addNote`. Returns the unit's
        /// index for `TransUnit.escaped`.
        package mutating func addUnit(id: String, source: String, note: Int32) -> Int32 {
            var start = output.count
            let idPlain = output.appendAttribute(id)
            let idSegment = addSegment(id, start: start, plain: idPlain)
            start = output.count
            let sourcePlain = output.appendElement("source", state: nil, text: source)
            let sourceSegment = addSegment(source, start: start, plain: sourcePlain)
            units.append(Unit(id: idSegment, source: sourceSegment, note: note))
            return Int32(units.count - 1)
        }

        private mutating func addSegment(_ text: String, start: Int, plain: Bool) -> Int32 {
            segments.append(Segment(text: text, start: Int32(start), end: Int32(output.count), plain: plain))
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

    /// The bytes escaped for all units.
    package var byteCount: Int { output.count }

    /// Appends unit `index`'s escaped id (as an attribute value) and returns its `<source>` and
    /// `<note>` lines for `appendSegment`, or nil when the unit's id, source or note is not what
    /// the bytes were made of (nothing is appended then). `plain` is false when one of the
    /// three needs the check for characters XML cannot carry.
    func appendID(index: Int32, id unitID: String, source unitSource: String, note unitNote: String?,
                  to out: XLIFFOutput) -> (source: Int32, note: Int32, plain: Bool)? {
        guard let unitNote else { return nil }
        return units.withUnsafeBufferPointer { units in
            segments.withUnsafeBufferPointer { segments in
                let entry = units[Int(index)]
                let id = segments[Int(entry.id)]
                let source = segments[Int(entry.source)]
                let noteSegment = segments[Int(entry.note)]
                guard id.text == unitID, source.text == unitSource, noteSegment.text == unitNote else { return nil }
                output.copy(Int(id.start)..<Int(id.end), to: out)
                return (entry.source, entry.note, id.plain && source.plain && noteSegment.plain)
            }
        }
    }

    /// Appends a segment's escaped bytes (a `<source>` or `<note>` line).
    func appendSegment(_ segment: Int32, to out: XLIFFOutput) {
        let found = segments[Int(segment)]
        output.copy(Int(found.start)..<Int(found.end), to: out)
    }
}

/// Where `XLIFFWriter` finds a unit's id, source and note already escaped. It is a cache of
/// the unit's own texts, so it takes no part in the unit's equality or hash.
package struct XLIFFEscapedUnit: Hashable, Sendable {
    package var texts: XLIFFUnitTexts?
    package var index: Int32

    package init(texts: XLIFFUnitTexts?, index: Int32) {
        self.texts = texts
        self.index = index
    }

    package static let none = XLIFFEscapedUnit(texts: nil, index: 0)

    package static func == (lhs: XLIFFEscapedUnit, rhs: XLIFFEscapedUnit) -> Bool { true }
    package func hash(into hasher: inout Hasher) {}
}
