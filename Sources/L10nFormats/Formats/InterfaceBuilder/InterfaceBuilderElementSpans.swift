import Foundation

/// Where each object element of a storyboard lies in its bytes, so a migration can insert
/// runtime attributes by byte ranges and leave every other byte as Xcode wrote it.
///
/// A plain tag walk (comments, CDATA, processing instructions and quoted attribute values
/// skipped), run only on a document libxml2 has already parsed: it does not validate.
package struct InterfaceBuilderElementSpans {
    package struct Span {
        package var name: String
        /// Offset of the `<` of the start tag.
        package var start: Int
        /// Offset just after the start tag's `>`.
        package var startTagEnd: Int
        /// Whether the element is written `<name .../>`.
        package var isEmpty: Bool
        /// Offset of the `<` of the end tag (`startTagEnd` for an empty element).
        package var endTagStart: Int
        /// Direct children: name and offset of their `<`.
        package var children: [(name: String, start: Int)] = []
    }

    package let bytes: [UInt8]
    /// Spans of the elements that have an `id` attribute, by id.
    package private(set) var byID: [String: Span] = [:]
    /// Every element's span, in the order the elements end.
    private var all: [Span] = []

    package init(_ data: Data) {
        bytes = [UInt8](data)
        walk()
    }

    /// The span of a direct child of `span` with this name, if any.
    package func child(named name: String, of span: Span) -> Span? {
        guard let start = span.children.first(where: { $0.name == name })?.start else { return nil }
        return all.first { $0.start == start }
    }

    /// The spans of the direct children of `span` with this name, in document order.
    package func children(named name: String, of span: Span) -> [Span] {
        let starts = Set(span.children.filter { $0.name == name }.map(\.start))
        return all.filter { starts.contains($0.start) }.sorted { $0.start < $1.start }
    }

    /// The byte range of the value of attribute `name` in the start tag of `span` (double or
    /// single quoted, as written), nil when the tag has no such attribute.
    package func attributeValue(_ name: String, of span: Span) -> Range<Int>? {
        let pattern = Array(name.utf8)
        var index = span.start + 1
        var quote: UInt8 = 0
        while index < span.startTagEnd {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if Self.isNameEnd(bytes[index - 1]), index + pattern.count < span.startTagEnd,
                      Array(bytes[index..<index + pattern.count]) == pattern {
                var cursor = index + pattern.count
                while cursor < span.startTagEnd, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 || bytes[cursor] == 0x0A || bytes[cursor] == 0x0D { cursor += 1 }
                guard cursor < span.startTagEnd, bytes[cursor] == UInt8(ascii: "=") else { index += 1; continue }
                cursor += 1
                while cursor < span.startTagEnd, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 || bytes[cursor] == 0x0A || bytes[cursor] == 0x0D { cursor += 1 }
                guard cursor < span.startTagEnd, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { return nil }
                let open = bytes[cursor]
                var end = cursor + 1
                while end < span.startTagEnd, bytes[end] != open { end += 1 }
                return end < span.startTagEnd ? (cursor + 1)..<end : nil
            }
            index += 1
        }
        return nil
    }

    /// The offset where the line holding `offset` starts.
    package func lineStart(of offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != 0x0A { index -= 1 }
        return index
    }

    /// Whether only spaces and tabs stand between the start of its line and `offset`.
    package func startsLine(_ offset: Int) -> Bool {
        bytes[lineStart(of: offset)..<offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The leading spaces and tabs of the line holding `offset`.
    package func indentation(at offset: Int) -> String {
        let begin = lineStart(of: offset)
        var end = begin
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[begin..<end], as: UTF8.self)
    }

    private func find(_ needle: String, from offset: Int) -> Int {
        let pattern = Array(needle.utf8)
        var index = offset
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], Array(bytes[index..<index + pattern.count]) == pattern { return index }
            index += 1
        }
        return bytes.count
    }

    private mutating func walk() {
        var open: [Span] = []
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            let next = index + 1 < count ? bytes[index + 1] : 0
            if next == UInt8(ascii: "!") {
                if find("<!--", from: index) == index {
                    index = find("-->", from: index + 4) + 3
                } else if find("<![CDATA[", from: index) == index {
                    index = find("]]>", from: index + 9) + 3
                } else {
                    index = find(">", from: index) + 1
                }
                continue
            }
            if next == UInt8(ascii: "?") {
                index = find("?>", from: index + 2) + 2
                continue
            }
            if next == UInt8(ascii: "/") {
                let end = find(">", from: index) + 1
                if var span = open.popLast() {
                    span.endTagStart = index
                    finish(span)
                }
                index = end
                continue
            }
            // A start tag: its name, then attributes up to `>` or `/>`, skipping quoted values.
            var cursor = index + 1
            while cursor < count, !Self.isNameEnd(bytes[cursor]) { cursor += 1 }
            let name = String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self)
            var id: String?
            var quote: UInt8 = 0
            var valueStart = 0
            var isEmpty = false
            while cursor < count {
                let byte = bytes[cursor]
                if quote != 0 {
                    if byte == quote {
                        quote = 0
                        // The attribute name before `="`: `id` only.
                        var nameEnd = valueStart - 1
                        while nameEnd > index, bytes[nameEnd - 1] == 0x20 || bytes[nameEnd - 1] == UInt8(ascii: "=") { nameEnd -= 1 }
                        if nameEnd >= 2, bytes[nameEnd - 2] == UInt8(ascii: "i"), bytes[nameEnd - 1] == UInt8(ascii: "d"),
                           Self.isNameEnd(bytes[nameEnd - 3]) {
                            id = String(decoding: bytes[valueStart..<cursor], as: UTF8.self)
                        }
                    }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                    valueStart = cursor + 1
                } else if byte == UInt8(ascii: ">") {
                    isEmpty = bytes[cursor - 1] == UInt8(ascii: "/")
                    break
                }
                cursor += 1
            }
            let tagEnd = min(cursor + 1, count)
            if !open.isEmpty { open[open.count - 1].children.append((name, index)) }
            let span = Span(name: name, start: index, startTagEnd: tagEnd, isEmpty: isEmpty, endTagStart: tagEnd)
            if isEmpty {
                finish(span, id: id)
            } else {
                open.append(span)
                ids.append(id)
            }
            index = tagEnd
        }
    }

    /// Ids of the open elements, parallel to the stack in `walk`.
    private var ids: [String?] = []

    private mutating func finish(_ span: Span, id: String? = nil) {
        let identifier = span.isEmpty ? id : ids.popLast() ?? nil
        all.append(span)
        if let identifier { byID[identifier] = span }
    }

    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }
}
