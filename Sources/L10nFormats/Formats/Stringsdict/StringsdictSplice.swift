import Foundation

/// Changes the text of existing `<string>` elements of a `.stringsdict` in its own bytes, so an
/// import that only retranslates forms leaves every other byte as it was: the file's indentation
/// (four spaces, not Xcode's tabs), its comments, its entities and its order.
///
/// Only a change of string texts is spliced: a new key, variable or form, a removed one or a
/// changed value of another kind gives nil, and the caller writes the whole file in Xcode's
/// layout instead. The result is read back and must equal the edited model, else nil too: a
/// construct the scan misreads (a CDATA section holding `</string>`) cannot damage the file.
public enum StringsdictSplice {
    /// The bytes of `original` (read from `data`) with its strings changed to `edited`'s, or nil.
    public static func applying(_ edited: Stringsdict, to data: Data, original: Stringsdict) -> Data? {
        var originalLeaves: [PropertyListValue] = []
        var editedLeaves: [PropertyListValue] = []
        guard sameShape(.dictionary(original.root), .dictionary(edited.root), &originalLeaves, &editedLeaves) else { return nil }
        let changed = zip(originalLeaves, editedLeaves).enumerated().filter { $0.element.0 != $0.element.1 }
        guard !changed.isEmpty else { return data }
        guard let elements = valueElements(in: [UInt8](data)), elements.count == originalLeaves.count else { return nil }
        var bytes = [UInt8](data)
        for (index, (_, new)) in changed.reversed() {
            guard case .string(let text) = new else { return nil }
            let element = elements[index]
            let escaped = Array(PropertyListXMLWriter.escaped(text).utf8)
            if let content = element.content {
                bytes.replaceSubrange(content, with: escaped)
            } else {
                bytes.replaceSubrange(element.whole, with: Array("<string>".utf8) + escaped + Array("</string>".utf8))
            }
        }
        let result = Data(bytes)
        guard let reread = try? StringsdictReader.parse(result, path: original.path), reread.root == edited.root else { return nil }
        return result
    }

    /// Whether both values have the same keys in the same order and the same kind at every
    /// place; their scalar values (everything but dictionaries and arrays) in document order.
    private static func sameShape(_ a: PropertyListValue, _ b: PropertyListValue,
                                  _ aLeaves: inout [PropertyListValue], _ bLeaves: inout [PropertyListValue]) -> Bool {
        switch (a, b) {
        case (.dictionary(let x), .dictionary(let y)):
            guard x.members.count == y.members.count else { return false }
            for (m, n) in zip(x.members, y.members) {
                guard m.key == n.key, sameShape(m.value, n.value, &aLeaves, &bLeaves) else { return false }
            }
            return true
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            for (m, n) in zip(x, y) where !sameShape(m, n, &aLeaves, &bLeaves) { return false }
            return true
        case (.dictionary, _), (_, .dictionary), (.array, _), (_, .array):
            return false
        default:
            guard a.typeName == b.typeName else { return false }
            aLeaves.append(a)
            bLeaves.append(b)
            return true
        }
    }

    /// One scalar element: its whole range, and the range of its text (nil for `<string/>`,
    /// `<true/>` and `<false/>`).
    private struct Element {
        var whole: Range<Int>
        var content: Range<Int>?
    }

    private static let scalarNames: Set<String> = ["string", "integer", "real", "date", "data", "true", "false"]

    /// The scalar elements in document order (`<key>`s, comments, the declaration and the
    /// document type skipped); nil for an unclosed construct.
    private static func valueElements(in bytes: [UInt8]) -> [Element]? {
        var elements: [Element] = []
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
        return elements
    }
}
