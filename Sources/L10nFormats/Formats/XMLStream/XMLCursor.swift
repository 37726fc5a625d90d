import CLibXML2
import Foundation
import L10nCore

/// libxml2's streaming `xmlTextReader` over bytes in memory, with the one hardening policy every
/// XML reader of l10n shares (property lists, storyboards and XIBs, XLIFF).
///
/// Parses with `XML_PARSE_NONET | XML_PARSE_BIG_LINES`, never `NOENT`, `DTDLOAD` or `HUGE`: no
/// DTD or entity is fetched or expanded, an entity reference stays a node the reader refuses, and
/// line numbers past 65535 stay exact. libxml2's first error of level error or worse is kept with
/// its line and column; each reader words it for its format.
package final class XMLCursor {
    /// What the cursor stands on.
    package enum Node: Equatable {
        case element, endElement
        /// Character data, CDATA or whitespace.
        case text
        case entityReference
        case documentType
        /// Comments, processing instructions, the XML declaration.
        case other
    }

    /// libxml2's first error: its message as libxml2 words it, trimmed.
    package struct ParseError: Equatable {
        package var message: String
        package var line: Int
        package var column: Int
    }

    /// The result of a step.
    package enum Step {
        case node
        case end
        /// libxml2 stopped; `error` is nil when it gave no message.
        case failed(ParseError?)
    }

    private final class ErrorLog {
        var first: ParseError?
    }

    private let buffer: UnsafeMutableRawBufferPointer
    private let reader: xmlTextReaderPtr
    private let log = ErrorLog()

    /// A cursor before the first node of `data`; nil when libxml2 cannot start (an input over 2 GB).
    /// `encoding` overrides the document's declaration (text already decoded to UTF-8).
    package init?(data: Data, path: String, encoding: String? = nil) {
        _ = libxml2Initialized
        guard data.count <= Int(Int32.max) else { return nil }
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
        data.copyBytes(to: buffer)
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)
        guard let reader = xmlReaderForMemory(buffer.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(data.count),
                                              path, encoding, options) else {
            buffer.deallocate()
            return nil
        }
        self.reader = reader
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error else { return }
            let log = Unmanaged<ErrorLog>.fromOpaque(context).takeUnretainedValue()
            guard log.first == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            log.first = ParseError(message: message.trimmingCharacters(in: .whitespacesAndNewlines),
                                   line: Int(error.pointee.line), column: Int(error.pointee.int2))
        }, Unmanaged.passUnretained(log).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
        buffer.deallocate()
    }

    /// The bytes being read.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(buffer) }

    /// Moves to the next node.
    package func read() -> Step {
        let status = xmlTextReaderRead(reader)
        if let error = log.first { return .failed(error) }
        if status < 0 { return .failed(nil) }
        return status == 1 ? .node : .end
    }

    package var node: Node {
        switch xmlReaderTypes(rawValue: UInt32(xmlTextReaderNodeType(reader))) {
        case XML_READER_TYPE_ELEMENT: .element
        case XML_READER_TYPE_END_ELEMENT: .endElement
        case XML_READER_TYPE_TEXT, XML_READER_TYPE_CDATA, XML_READER_TYPE_WHITESPACE, XML_READER_TYPE_SIGNIFICANT_WHITESPACE: .text
        case XML_READER_TYPE_ENTITY_REFERENCE: .entityReference
        case XML_READER_TYPE_DOCUMENT_TYPE: .documentType
        default: .other
        }
    }

    package var depth: Int { Int(xmlTextReaderDepth(reader)) }
    package var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }
    /// The name as written, prefix included.
    package var name: String { string(xmlTextReaderConstName(reader)) }
    package var localName: String { string(xmlTextReaderConstLocalName(reader)) }
    package var namespaceURI: String? { xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) } }
    /// A text node's text, entities resolved.
    package var value: String { string(xmlTextReaderConstValue(reader)) }

    /// The line of the current node (for an element, where its start tag ends; 0 or less when
    /// libxml2 does not know it); nil without a current node.
    package var nodeLine: Int? {
        xmlTextReaderCurrentNode(reader).map { Int(xmlGetLineNo($0)) }
    }

    /// Where the parser is in the input.
    package var parserLine: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }
    package var parserColumn: Int { Int(xmlTextReaderGetParserColumnNumber(reader)) }

    /// Whether the document type declaration the cursor stands on declares entities.
    package var declaresEntities: Bool {
        guard let node = xmlTextReaderCurrentNode(reader), node.pointee.type == XML_DTD_NODE else { return false }
        let dtd = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self)
        return dtd.pointee.entities != nil || dtd.pointee.pentities != nil
    }

    /// An attribute of the current element, namespace declarations included.
    package struct Attribute {
        package var name: String
        package var localName: String
        package var namespaceURI: String?
        package var value: String
    }

    /// Calls `body` with each attribute of the current element, in the order written.
    package func forEachAttribute(_ body: (Attribute) -> Void) {
        guard xmlTextReaderMoveToFirstAttribute(reader) == 1 else { return }
        repeat {
            body(Attribute(name: name, localName: localName, namespaceURI: namespaceURI, value: value))
        } while xmlTextReaderMoveToNextAttribute(reader) == 1
        xmlTextReaderMoveToElement(reader)
    }

    private func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}

private let libxml2Initialized: Void = xmlInitParser()
