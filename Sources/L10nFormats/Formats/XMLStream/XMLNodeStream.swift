import Foundation
import L10nCore

/// Malformed XML, or XML of the wrong shape, with the place libxml2 (or the reader) found it.
public typealias XMLStreamError = FormatError<XMLErrorKind>

/// What is wrong with an XML input (a property list, a storyboard, an intent definition).
public enum XMLErrorKind: LocatedErrorKind {
    /// libxml2 refused the bytes: not well-formed XML, bad encoding, or too large to parse.
    case malformed
    /// An entity reference, which is never expanded.
    case entity
    /// Well-formed XML of the wrong shape for the format being read.
    case shape

    public static let format = "XML"
}

extension FormatError where Kind == XMLErrorKind {
    /// Well-formed XML of the wrong shape, the kind every format reader on the stream raises.
    public init(_ message: String, at location: SourceLocation?, hint: String? = nil) {
        self.init(.shape, message, at: location, hint: hint)
    }
}

/// A forward-only walk over an XML document as events, on `XMLCursor` (its hardening policy:
/// no DTD or entity is fetched, an entity reference other than the predefined ones is refused).
/// libxml2's errors come back as `XMLStreamError`s located by file, line, column.
final class XMLNodeStream {
    enum Event: Equatable {
        /// A start tag with its attributes (an empty element gives `.start` then `.end`).
        case start(name: String, attributes: [String: String])
        case end(name: String)
        /// Character data, CDATA and whitespace, entities resolved.
        case text(String)
    }

    let path: String
    private let cursor: XMLCursor
    private let lineStarts: [Int]
    private var pendingEnd: String?
    private var finished = false
    /// The line of the last event's node (for `.start`, the line where the start tag ends).
    private(set) var line = 1

    init(data: Data, path: String, encoding: String? = nil) throws {
        self.path = path
        guard let cursor = XMLCursor(data: data, path: path, encoding: encoding) else {
            throw XMLStreamError(.malformed, "cannot start the XML parser", at: SourceLocation(file: path))
        }
        self.cursor = cursor
        var starts = [0]
        for (offset, byte) in data.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The next event, or nil at the end of the document.
    func next() throws -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name: name)
        }
        guard !finished else { return nil }
        while true {
            switch cursor.read() {
            case .failed(let error): throw parseError(error)
            case .end:
                finished = true
                return nil
            case .node: break
            }
            if let nodeLine = cursor.nodeLine { line = max(1, nodeLine) }
            switch cursor.node {
            case .element:
                let name = cursor.name
                var attributes: [String: String] = [:]
                cursor.forEachAttribute { attributes[$0.name] = $0.value }
                if cursor.isEmptyElement { pendingEnd = name }
                return .start(name: name, attributes: attributes)
            case .endElement:
                return .end(name: cursor.name)
            case .text:
                return .text(cursor.value)
            case .entityReference:
                throw XMLStreamError(.entity, "entity reference '&\(cursor.name);' is not supported",
                                     at: SourceLocation(file: path, line: line, column: 1),
                                     hint: "write the text itself or a character reference such as &#233;")
            case .documentType, .other:
                continue
            }
        }
    }

    private func parseError(_ first: XMLCursor.ParseError?) -> XMLStreamError {
        XMLStreamError(.malformed, "malformed XML: \(first?.message ?? "the parser stopped")",
                       at: SourceLocation(file: path, line: max(1, first?.line ?? line), column: max(1, first?.column ?? 1)),
                       hint: "the file is not well-formed XML; fix it in a text editor or let Xcode rewrite it")
    }

    /// The location of the start tag `<name` that ends on `line`: its column is found in the
    /// raw bytes (libxml2 gives only the line), looking a few lines up for a tag that spans lines.
    func location(ofTag name: String, endingOnLine line: Int) -> SourceLocation {
        let needle = Array(("<" + name).utf8)
        var current = min(line, lineStarts.count)
        let bytes = cursor.bytes
        while current >= max(1, line - 20) {
            let start = lineStarts[current - 1]
            let end = current < lineStarts.count ? lineStarts[current] : bytes.count
            var match: Int?
            var offset = start
            while offset + needle.count <= end {
                if bytes[offset] == needle[0], (0..<needle.count).allSatisfy({ bytes[offset + $0] == needle[$0] }),
                   offset + needle.count == end || [0x20, 0x09, 0x0A, 0x0D, 0x2F, 0x3E].contains(bytes[offset + needle.count]) {
                    match = offset
                    if current == line { break }
                }
                offset += 1
            }
            if let match {
                let column = bytes[start..<match].filter { $0 & 0xC0 != 0x80 }.count + 1
                return SourceLocation(file: path, line: current, column: column)
            }
            current -= 1
        }
        return SourceLocation(file: path, line: line, column: 1)
    }
}
