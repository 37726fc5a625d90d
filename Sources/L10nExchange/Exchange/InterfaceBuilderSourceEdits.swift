import Foundation
import L10nFormats
import L10nXLIFF

/// Copy edits of a Base storyboard's or XIB's development-language texts (`import
/// --source-edits`), written into the document itself: only the bytes of the attribute value that
/// holds each edited text change, as Interface Builder would write them; every other byte stays.
///
/// A text l10n can rewrite is an attribute of its object's element (`<label text="Run" id=...>`)
/// or, for an iOS button, the `title` of its `<state key="normal">`. Other forms (multi-line text
/// in a `<string key="text">` child, segment titles, cell titles) are left to Interface Builder.
struct InterfaceBuilderSourceEdits {
    private let spans: InterfaceBuilderElementSpans

    init(document data: Data) {
        spans = InterfaceBuilderElementSpans(data)
    }

    /// Where the text of unit `id` (`<ObjectID>.<property>`) lies in the document, when it is an
    /// attribute l10n can rewrite.
    func valueRange(ofUnit id: String) -> Range<Int>? {
        guard let dot = id.firstIndex(of: ".") else { return nil }
        let objectID = String(id[..<dot]), property = String(id[id.index(after: dot)...])
        guard let element = spans.byID[objectID] else { return nil }
        for state in ["normal", "highlighted", "selected", "disabled"] where property == state + "Title" {
            return spans.children(named: "state", of: element).lazy.compactMap { span -> Range<Int>? in
                guard let key = spans.attributeValue("key", of: span), String(decoding: spans.bytes[key], as: UTF8.self) == state else { return nil }
                return doubleQuoted(spans.attributeValue("title", of: span))
            }.first
        }
        guard property.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        return doubleQuoted(spans.attributeValue(property, of: element))
    }

    /// The range when its value is double-quoted, as Interface Builder writes every attribute.
    private func doubleQuoted(_ range: Range<Int>?) -> Range<Int>? {
        guard let range, range.lowerBound > 0, spans.bytes[range.lowerBound - 1] == UInt8(ascii: "\"") else { return nil }
        return range
    }

    /// The document with each unit's text replaced (`XLIFFWriter.escapeAttribute`), or nil when a
    /// text cannot be located.
    func applying(_ texts: [String: String]) -> Data? {
        var replacements: [(range: Range<Int>, text: String)] = []
        for (id, text) in texts {
            guard let range = valueRange(ofUnit: id) else { return nil }
            replacements.append((range, XLIFFWriter.escapeAttribute(text)))
        }
        var bytes = spans.bytes
        for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
        }
        return Data(bytes)
    }
}
