/// Which text of a unit holds an inline code whose text the file does not give.
public enum XLIFFUnknownInlineCode: String, Hashable, Sendable {
    case source
    case target
}

/// What a `<source>` or `<target>` says beyond its characters, as translators' tools write it:
/// inline codes that stand for the original's text (`<x equiv-text="%@"/>`) and `xml:space`.
///
/// Both readers (bytes and libxml2) decide through this type, so they give the same unit.
struct XLIFFInlineText {
    /// The text of the source's codes by kind and `id` (`ex 1`): a target's `<ex id="1"/>`
    /// without `equiv-text` stands for the source's code of that kind and id (Okapi and memoQ
    /// write the text once). An `<ept>` shares its `<bpt>`'s id, so the kind is part of the key.
    private var sourceCodes: [String: String] = [:]
    /// The same by `id` alone, nil where two codes of the source share the id.
    private var sourceCodesByID: [String: String?] = [:]
    /// The first text found holding a code nothing tells the text of.
    private(set) var unknown: XLIFFUnknownInlineCode?
    /// Whether a segment of the target (`<mrk mtype="seg">`) is empty: a translation left unfinished.
    private(set) var hasEmptySegment = false
    /// Codes and target segments being read, with content: where their text starts.
    private var open: [OpenElement] = []
    /// Bytes the target's codes took from the source's so far. A reference copies text the file
    /// holds once, so a file of references could grow without bound (the entity expansion the
    /// readers refuse): past `referenceLimit` the codes are not read, and the unit is refused.
    private var referencedBytes = 0
    static let referenceLimit = 1 << 20

    private struct OpenElement {
        var localName: String
        var id: String?
        var equivText: String?
        var inSource: Bool
        var isSegment: Bool
        var offset: Int
        var depth: Int
    }

    /// Elements that stand for a code of the original format: with content the content is the
    /// code; empty, only `equiv-text` (or the source's code of that kind and id) tells it.
    static func isCode(_ localName: String) -> Bool {
        switch localName {
        case "x", "bx", "ex", "ph", "bpt", "ept", "it": true
        default: false
        }
    }

    /// A sentence segment of the target (`<mrk mtype="seg">`), as CAT tools split a unit.
    private static func isSegment(_ localName: String, mtype: String?, inSource: Bool) -> Bool {
        !inSource && localName == "mrk" && mtype == "seg"
    }

    private static func key(_ localName: String, _ id: String) -> String {
        localName + " " + id
    }

    private mutating func record(_ key: String, id: String, text: String) {
        guard sourceCodes[key] == nil else { return }
        sourceCodes[key] = text
        sourceCodesByID[id] = sourceCodesByID[id] == nil ? .some(text) : .some(nil)
    }

    /// The text an empty inline element stands for in the source (`inSource`) or the target; nil
    /// for none. An empty code with no text known marks the unit (`unknown`).
    mutating func text(ofEmpty localName: String, id: String?, equivText: String?, mtype: String? = nil, inSource: Bool) -> String? {
        if Self.isSegment(localName, mtype: mtype, inSource: inSource) {
            hasEmptySegment = true
            return nil
        }
        if let equivText {
            if inSource, let id { record(Self.key(localName, id), id: id, text: equivText) }
            return equivText
        }
        guard Self.isCode(localName) else { return nil }
        if !inSource, let id, let code = sourceCodes[Self.key(localName, id)] ?? sourceCodesByID[id] ?? nil {
            referencedBytes += code.utf8.count
            if referencedBytes <= Self.referenceLimit { return code }
        }
        if unknown == nil { unknown = inSource ? .source : .target }
        return nil
    }

    /// An inline element with a start and an end tag starts at `offset` of the text read so far, at `depth`.
    mutating func start(_ localName: String, id: String?, equivText: String?, mtype: String?, inSource: Bool, offset: Int, depth: Int) {
        let isSegment = Self.isSegment(localName, mtype: mtype, inSource: inSource)
        guard isSegment || Self.isCode(localName) else { return }
        open.append(OpenElement(localName: localName, id: id, equivText: equivText, inSource: inSource, isSegment: isSegment,
                                offset: offset, depth: depth))
    }

    /// Whether an element started at `depth` is being read: its end must be reported (`end`).
    func isOpen(atDepth depth: Int) -> Bool { open.last?.depth == depth }

    /// The element opened at the innermost `start` ends; `text` is the text read since `offset`.
    /// Returns the text to add for a code that turned out empty (`<x id="1"></x>` is `<x id="1"/>`).
    mutating func end(text: (Int) -> String) -> String? {
        guard let element = open.popLast() else { return nil }
        let content = text(element.offset)
        if element.isSegment {
            if content.allSatisfy(\.isWhitespace) { hasEmptySegment = true }
            return nil
        }
        if content.isEmpty {
            return self.text(ofEmpty: element.localName, id: element.id, equivText: element.equivText, inSource: element.inSource)
        }
        if element.inSource, let id = element.id { record(Self.key(element.localName, id), id: id, text: content) }
        return nil
    }

    /// `xml:space` of an element: true for `preserve`, false for `default`, nil when absent or
    /// another value (inherited from the parent).
    static func preserves(_ value: String?) -> Bool? {
        switch value {
        case "preserve": true
        case "default": false
        default: nil
        }
    }

    /// The text without the layout a pretty-printing tool put around it, which XLIFF allows
    /// unless `xml:space="preserve"`: a leading or trailing run of whitespace that holds a line
    /// break and ends in the indentation of a line (`\n      Fermer\n    `). A text's own
    /// line break with nothing after it is kept, as are spaces on the text's own line.
    static func withoutLayout(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last,
              isSpace(first) || isSpace(last) else { return text }
        var start = utf8.startIndex
        var end = utf8.endIndex
        // Leading: the run up to the first character, kept unless a line break precedes indentation.
        var index = utf8.startIndex
        var lastBreak: String.UTF8View.Index?
        while index < utf8.endIndex, isSpace(utf8[index]) {
            if utf8[index] == 0x0A { lastBreak = index }
            utf8.formIndex(after: &index)
        }
        if let lastBreak, utf8.index(after: lastBreak) < index {
            start = index
        }
        guard start < end else { return "" }
        // Trailing: the run after the last character, from its first line break if indentation follows the last one.
        var runStart = end
        var firstBreak: String.UTF8View.Index?
        var breakIsLast = false
        while runStart > start {
            let before = utf8.index(before: runStart)
            guard isSpace(utf8[before]) else { break }
            if utf8[before] == 0x0A {
                if firstBreak == nil { breakIsLast = before == utf8.index(before: end) }
                firstBreak = before
            }
            runStart = before
        }
        if let firstBreak, !breakIsLast { end = firstBreak }
        return String(text[start..<end])
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
}
