import Foundation

/// Changes the text of existing `<string>` elements of a `.stringsdict` (or any XML property
/// list, a `.strings` file in that form too) in its own bytes, so an
/// import that only retranslates forms leaves every other byte as it was: the file's indentation
/// (four spaces, not Xcode's tabs), its comments, its entities and its order.
///
/// Spliced: changed string texts, and new string members of a dictionary (a translator's new
/// plural form, Russian `few`), each written on its own lines with the indentation of the member
/// it joins. A new variable or key, a removed or reordered member, or a changed value of another
/// kind gives nil, and the caller writes the whole file in Xcode's layout instead. The result is
/// read back and must equal the edited model, else nil too: a construct the scan misreads (a
/// CDATA section holding `</string>`, members sharing a line) cannot damage the file.
public enum StringsdictSplice {
    /// The bytes of `original` (read from `data`) with its strings changed to `edited`'s, or nil.
    public static func applying(_ edited: Stringsdict, to data: Data, original: Stringsdict) -> Data? {
        applying(edited.root, to: data, original: original.root, path: original.path)
    }

    /// The same for any XML property list whose root is a dictionary (a `.strings` file in
    /// property-list form too); `encoding` as `PropertyListXMLReader.parse` takes it.
    public static func applying(_ edited: PropertyListDictionary, to data: Data, original: PropertyListDictionary, path: String,
                                encoding: String? = nil) -> Data? {
        var walk = Walk()
        guard align(.dictionary(original), .dictionary(edited), &walk) else { return nil }
        let changed = zip(walk.originalLeaves, walk.editedLeaves).enumerated().filter { $0.element.0 != $0.element.1 }
        guard !changed.isEmpty || !walk.insertions.isEmpty else { return data }
        var bytes = [UInt8](data)
        guard let (elements, keyStarts) = scan(bytes), elements.count == walk.originalLeaves.count, keyStarts.count == walk.keys else { return nil }
        let lineBreak: [UInt8] = bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } == true
            ? [0x0D, 0x0A] : [0x0A]
        // Every edit as a range of the original bytes and its replacement, applied from the end.
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        for (index, (_, new)) in changed {
            guard case .string(let text) = new else { return nil }
            let element = elements[index]
            let escaped = Array(PropertyListXMLWriter.escaped(text).utf8)
            if let content = element.content {
                edits.append((content, escaped))
            } else {
                edits.append((element.whole, Array("<string>".utf8) + escaped + Array("</string>".utf8)))
            }
        }
        for insertion in walk.insertions {
            let lines: ([UInt8]) -> [UInt8] = { indent in
                indent + Array("<key>\(PropertyListXMLWriter.escaped(insertion.key))</key>".utf8) + lineBreak
                    + indent + Array("<string>\(PropertyListXMLWriter.escaped(insertion.text))</string>".utf8) + lineBreak
            }
            switch insertion.place {
            case .beforeKey(let key):
                // At the start of the following member's line, with its indentation.
                guard let (lineStart, indent) = indentation(before: keyStarts[key], in: bytes) else { return nil }
                edits.append((lineStart..<lineStart, lines(indent)))
            case .afterLeaf(let leaf):
                // After the line that ends with the dictionary's last value, with that line's indentation.
                let element = elements[leaf]
                guard let (_, indent) = indentation(before: element.whole.lowerBound, in: bytes) else { return nil }
                var end = element.whole.upperBound
                while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D { end += 1 }
                guard end < bytes.count, bytes[end] == 0x0A else { return nil }
                edits.append(((end + 1)..<(end + 1), lines(indent)))
            }
        }
        // Applied from the end; forms inserted at one place go in in reverse, so they read in order.
        let order = edits.indices.sorted { (edits[$0].range.lowerBound, $0) > (edits[$1].range.lowerBound, $1) }
        for index in order {
            bytes.replaceSubrange(edits[index].range, with: edits[index].bytes)
        }
        let result = Data(bytes)
        guard case .dictionary(let reread)? = try? PropertyListXMLReader.parse(result, path: path, encoding: encoding), reread == edited else { return nil }
        return result
    }

    /// A string member the edit adds: before an original member (its key's place among the
    /// document's `<key>`s), or after a dictionary's last member (its scalar value's place among
    /// the document's values).
    private struct Insertion {
        enum Place {
            case beforeKey(Int)
            case afterLeaf(Int)
        }
        var key: String
        var text: String
        var place: Place
    }

    /// The two values walked side by side: the original's scalar values and the edit's in
    /// document order, the original's keys counted, and the members the edit adds.
    private struct Walk {
        var originalLeaves: [PropertyListValue] = []
        var editedLeaves: [PropertyListValue] = []
        var keys = 0
        var insertions: [Insertion] = []
    }

    /// Whether `b` is `a` with the same kind at every place, and at most new string members in
    /// its dictionaries (every original member kept, in order).
    private static func align(_ a: PropertyListValue, _ b: PropertyListValue, _ walk: inout Walk) -> Bool {
        switch (a, b) {
        case (.dictionary(let x), .dictionary(let y)):
            var next = 0
            for member in y.members {
                if next < x.members.count, x.members[next].key == member.key {
                    walk.keys += 1
                    guard align(x.members[next].value, member.value, &walk) else { return false }
                    next += 1
                    continue
                }
                guard case .string(let text) = member.value, !x.members[next...].contains(where: { $0.key == member.key }) else { return false }
                if next < x.members.count {
                    walk.insertions.append(Insertion(key: member.key, text: text, place: .beforeKey(walk.keys)))
                } else {
                    // After the last member, whose value must be the last value read.
                    guard next > 0, !isContainer(x.members[next - 1].value), !walk.originalLeaves.isEmpty else { return false }
                    walk.insertions.append(Insertion(key: member.key, text: text, place: .afterLeaf(walk.originalLeaves.count - 1)))
                }
            }
            return next == x.members.count
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            for (m, n) in zip(x, y) where !align(m, n, &walk) { return false }
            return true
        case (.dictionary, _), (_, .dictionary), (.array, _), (_, .array):
            return false
        default:
            guard a.typeName == b.typeName else { return false }
            walk.originalLeaves.append(a)
            walk.editedLeaves.append(b)
            return true
        }
    }

    private static func isContainer(_ value: PropertyListValue) -> Bool {
        switch value {
        case .dictionary, .array: return true
        default: return false
        }
    }

    /// The start of the line `position` is on and the blanks before it there; nil when anything
    /// else precedes it on its line.
    private static func indentation(before position: Int, in bytes: [UInt8]) -> (lineStart: Int, indent: [UInt8])? {
        var start = position
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A else { return nil }
        return (start, Array(bytes[start..<position]))
    }

    /// One scalar element: its whole range, and the range of its text (nil for `<string/>`,
    /// `<true/>` and `<false/>`).
    private struct Element {
        var whole: Range<Int>
        var content: Range<Int>?
    }

    private static let scalarNames: Set<String> = ["string", "integer", "real", "date", "data", "true", "false"]

    /// The scalar elements in document order and where each `<key>` starts (comments, the
    /// declaration and the document type skipped); nil for an unclosed construct.
    private static func scan(_ bytes: [UInt8]) -> (elements: [Element], keyStarts: [Int])? {
        var elements: [Element] = []
        var keyStarts: [Int] = []
        var index = 0
        func startsWith(_ pattern: String, at position: Int) -> Bool {
            bytes[position...].starts(with: pattern.utf8)
        }
        func find(_ pattern: String, from start: Int) -> Int? {
            guard let first = pattern.utf8.first, start < bytes.count else { return nil }
            return bytes[start...].indices.first { bytes[$0] == first && startsWith(pattern, at: $0) }
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if startsWith("<!--", at: index) {
                guard let end = find("-->", from: index + 4) else { return nil }
                index = end + 3
                continue
            }
            if startsWith("<?", at: index) {
                guard let end = find("?>", from: index + 2) else { return nil }
                index = end + 2
                continue
            }
            if startsWith("<!", at: index) {
                guard let end = find(">", from: index + 2) else { return nil }
                index = end + 1
                continue
            }
            guard let close = find(">", from: index + 1) else { return nil }
            var nameEnd = index + 1
            while nameEnd < close, ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "/")].contains(bytes[nameEnd]) {
                nameEnd += 1
            }
            let name = String(decoding: bytes[(index + 1)..<nameEnd], as: UTF8.self)
            let selfClosing = bytes[close - 1] == UInt8(ascii: "/")
            if name == "key", !selfClosing {
                keyStarts.append(index)
                guard let end = find("</key>", from: close + 1) else { return nil }
                index = end + "</key>".utf8.count
                continue
            }
            if scalarNames.contains(name) {
                if selfClosing {
                    elements.append(Element(whole: index..<(close + 1), content: nil))
                    index = close + 1
                } else {
                    let endTag = "</\(name)>"
                    guard let end = find(endTag, from: close + 1) else { return nil }
                    elements.append(Element(whole: index..<(end + endTag.utf8.count), content: (close + 1)..<end))
                    index = end + endTag.utf8.count
                }
                continue
            }
            index = close + 1
        }
        return (elements, keyStarts)
    }
}
