import CLibXML2
import Foundation
import L10nCore

/// Malformed XML, or XML of the wrong shape, with the place libxml2 (or the reader) found it.
public struct XMLStreamError: LocatedError, Equatable {
    public var location: SourceLocation?
    public var message: String
    public var hint: String?

    public init(_ message: String, at location: SourceLocation?, hint: String? = nil) {
        self.message = message
        self.location = location
        self.hint = hint
    }
}

/// A forward-only walk over an XML document with libxml2's `xmlTextReader`.
///
/// Parses with `XML_PARSE_NONET` (never `NOENT`, `DTDLOAD` or `HUGE`): no DTD or entity is
/// fetched, and an entity reference other than the predefined ones is refused. libxml2's errors
/// go to a structured handler and come back as `XMLStreamError`s located by file, line, column.
final class XMLNodeStream {
    enum Event: Equatable {
        /// A start tag with its attributes (an empty element gives `.start` then `.end`).
        case start(name: String, attributes: [String: String])
        case end(name: String)
        /// Character data, CDATA and whitespace, entities resolved.
        case text(String)
    }

    let path: String
    private let buffer: UnsafeMutableRawBufferPointer
    private let lineStarts: [Int]
    private var reader: xmlTextReaderPtr?
    private let errors = ErrorLog()
    private var pendingEnd: String?
    /// The line of the last event's node (for `.start`, the line where the start tag ends).
    private(set) var line = 1

    private final class ErrorLog {
        var first: (message: String, line: Int, column: Int)?
    }

    init(data: Data, path: String) throws {
        self.path = path
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
        data.copyBytes(to: buffer)
        var starts = [0]
        for (offset, byte) in data.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)
        reader = xmlReaderForMemory(buffer.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(data.count),
                                    path, nil, options)
        guard let reader else {
            throw XMLStreamError("cannot start the XML parser", at: SourceLocation(file: path))
        }
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error else { return }
            let log = Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue()
            guard log.first == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            log.first = (message.trimmingCharacters(in: .whitespacesAndNewlines), Int(error.pointee.line), Int(error.pointee.int2))
        }, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit {
        if let reader { xmlFreeTextReader(reader) }
        buffer.deallocate()
    }

    /// The next event, or nil at the end of the document.
    func next() throws -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name: name)
        }
        guard let reader else { return nil }
        while true {
            let status = xmlTextReaderRead(reader)
            if status < 0 || errors.first != nil { throw parseError() }
            if status == 0 { return nil }
            if let node = xmlTextReaderCurrentNode(reader) { line = max(1, Int(xmlGetLineNo(node))) }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let name = string(xmlTextReaderConstName(reader))
                var attributes: [String: String] = [:]
                if xmlTextReaderMoveToFirstAttribute(reader) == 1 {
                    repeat {
                        attributes[string(xmlTextReaderConstName(reader))] = string(xmlTextReaderConstValue(reader))
                    } while xmlTextReaderMoveToNextAttribute(reader) == 1
                    xmlTextReaderMoveToElement(reader)
                }
                if xmlTextReaderIsEmptyElement(reader) == 1 { pendingEnd = name }
                return .start(name: name, attributes: attributes)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .end(name: string(xmlTextReaderConstName(reader)))
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
                 Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                return .text(string(xmlTextReaderConstValue(reader)))
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                throw XMLStreamError("entity reference '&\(string(xmlTextReaderConstName(reader)));' is not supported",
                                     at: SourceLocation(file: path, line: line, column: 1),
                                     hint: "write the text itself or a character reference such as &#233;")
            default:
                continue
            }
        }
    }

    private func parseError() -> XMLStreamError {
        let first = errors.first
        return XMLStreamError("malformed XML: \(first?.message ?? "the parser stopped")",
                              at: SourceLocation(file: path, line: max(1, first?.line ?? line), column: max(1, first?.column ?? 1)),
                              hint: "the file is not well-formed XML; fix it in a text editor or let Xcode rewrite it")
    }

    private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// The location of the start tag `<name` that ends on `line`: its column is found in the
    /// raw bytes (libxml2 gives only the line), looking a few lines up for a tag that spans lines.
    func location(ofTag name: String, endingOnLine line: Int) -> SourceLocation {
        let needle = Array(("<" + name).utf8)
        var current = min(line, lineStarts.count)
        let bytes = UnsafeRawBufferPointer(buffer)
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
