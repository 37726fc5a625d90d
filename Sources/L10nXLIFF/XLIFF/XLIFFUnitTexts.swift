/// The id, `<source>` and `<note>` texts of many units, escaped once: the parts of a unit that do
/// not change from one locale's export to the next. An exporter writes them once per project and
/// points every locale's units here (`TransUnit.escaped`), so the writer copies their bytes and
/// escapes only the targets.
///
/// Each unit's bytes are kept as the writer writes them, in two pieces around what a unit may
/// add to its start tag (`translate`, `approved`, `maxwidth`): `      <trans-unit id="…"`, then
/// ` xml:space="preserve">`, a line break and the whole `<source>` line; for a unit that adds
/// nothing, one copy. Each note is kept once, for the units that share it, as its `<note>` line
/// and `      </trans-unit>` (alternatives go between the two).
///
/// The writer uses a unit's texts only while the unit still holds the very texts they were made
/// of (compared with `==`, which is one comparison for texts that share their storage); a unit
/// whose id, source or note was changed is escaped as before.
///
/// Immutable once built (`Builder.finish()`), so locales exported side by side share it.
package final class XLIFFUnitTexts: @unchecked Sendable {
    /// A note and where its bytes are: its `<note>` line is `output[start..<lineEnd]`, followed
    /// by the end tag of the unit up to `end`.
    struct Note {
        var text: String
        var from: String?
        var start: Int32
        var lineEnd: Int32
        var end: Int32
        /// Whether escaping saw no byte that may be a character XML cannot carry.
        var plain: Bool
    }

    /// A unit's texts and where its bytes are: `output[start..<sourceStart]` is the start tag up to
    /// the id's closing quote, `output[sourceStart..<end]` the rest of it and the `<source>` line.
    struct Unit {
        var id: String
        var source: String
        var note: Int32
        var start: Int32
        var sourceStart: Int32
        var end: Int32
        /// Whether escaping the id and source saw no byte that may be a character XML cannot carry.
        var plain: Bool
    }

    /// Where one unit's bytes are, as `lines(...)` found them.
    struct Lines {
        var start: Int32
        var sourceStart: Int32
        var end: Int32
        var noteStart: Int32
        var noteLineEnd: Int32
        var noteEnd: Int32
        /// False when the id, source or note needs the check for characters XML cannot carry.
        var plain: Bool
    }

    private let output: XLIFFOutput
    private let notes: [Note]
    private let units: [Unit]

    /// Builds the escaped texts unit by unit; `finish()` hands them over.
    package struct Builder {
        private let output = XLIFFOutput()
        private var notes: [Note] = []
        private var units: [Unit] = []
        private var emptyNote: Int32?

        package init() {}

        /// Writes a note's `<note>` line and the unit's end tag, for units that share it
        /// (`addUnit(id:source:note:)`).
        package mutating func addNote(_ note: String, from: String? = nil) -> Int32 {
            if note.isEmpty, from == nil, let emptyNote { return emptyNote }
            let start = output.count
            let plain = output.appendNote(note, from: from)
            let lineEnd = output.count
            output.append(XLIFFWriter.unitEndTag)
            notes.append(Note(text: note, from: from, start: Int32(start), lineEnd: Int32(lineEnd), end: Int32(output.count), plain: plain))
            if note.isEmpty, from == nil { emptyNote = Int32(notes.count - 1) }
            return Int32(notes.count - 1)
        }

        /// Writes a unit's start tag with its escaped id and its `<source>` line; `note` is a
        /// result of `addNote`. Returns the unit's index for `TransUnit.escaped`.
        package mutating func addUnit(id: String, source: String, note: Int32) -> Int32 {
            let start = output.count
            output.append(XLIFFWriter.unitStartTag)
            var plain = output.appendAttribute(id)
            output.append("\"")
            let sourceStart = output.count
            output.append(XLIFFWriter.unitStartTagEnd)
            plain = output.appendElement(.source, state: nil, text: source) && plain
            units.append(Unit(id: id, source: source, note: note, start: Int32(start), sourceStart: Int32(sourceStart),
                              end: Int32(output.count), plain: plain))
            return Int32(units.count - 1)
        }

        package func finish() -> XLIFFUnitTexts {
            output.trim()
            return XLIFFUnitTexts(output: output, notes: notes, units: units)
        }
    }

    private init(output: XLIFFOutput, notes: [Note], units: [Unit]) {
        self.output = output
        self.notes = notes
        self.units = units
    }

    /// How many units the texts hold.
    var unitCount: Int { units.count }

    /// Whether unit `index`'s source is `text` (most often the very same string).
    func hasSource(_ text: String, atUnit index: Int) -> Bool {
        units[index].source == text
    }

    /// Where unit `index`'s bytes are, or nil when the unit's id, source or note is not what the
    /// texts were made of.
    func lines(index: Int32, id unitID: String, source unitSource: String, note unitNote: String?, noteFrom: String?) -> Lines? {
        guard let unitNote else { return nil }
        return units.withUnsafeBufferPointer { units in
            notes.withUnsafeBufferPointer { notes in
                let unit = units.baseAddress! + Int(index)
                let note = notes.baseAddress! + Int(unit.pointee.note)
                guard unit.pointee.id == unitID, unit.pointee.source == unitSource, note.pointee.text == unitNote, note.pointee.from == noteFrom else {
                    return nil
                }
                return Lines(start: unit.pointee.start, sourceStart: unit.pointee.sourceStart, end: unit.pointee.end,
                             noteStart: note.pointee.start, noteLineEnd: note.pointee.lineEnd, noteEnd: note.pointee.end,
                             plain: unit.pointee.plain && note.pointee.plain)
            }
        }
    }

    /// Appends the bytes from `start` to `end` (offsets of a `Lines`).
    func append(from start: Int32, to end: Int32, to out: XLIFFOutput) {
        output.copy(Int(start)..<Int(end), to: out)
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
