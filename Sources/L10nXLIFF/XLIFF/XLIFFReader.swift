import CLibXML2
import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// Reads XLIFF 1.2 from Xcode and from translators' tools with libxml2's streaming `xmlTextReader`.
///
/// Accepts any attribute order, UTF-8 with or without BOM, UTF-16 with BOM, CDATA, inline elements
/// (`<mrk>`, `<g>`, `<ph>`...) taken as their text, `<group>` nesting; skips `<seg-source>`,
/// `<alt-trans>` and unknown elements. Never loads a DTD, never touches the network, refuses entity
/// declarations. Errors are `XLIFFError`s with line and column.
public struct XLIFFReader: Sendable {
    /// The XLIFF 1.2 namespace.
    public static let namespace = "urn:oasis:names:tc:xliff:document:1.2"

    public init() {}

    /// Reads a file; `path` (default: the URL's path) names it in error locations.
    public func read(contentsOf url: URL, displayPath: String? = nil) throws -> XLIFFDocument {
        let path = displayPath ?? url.path
        let data: Data
        do {
            data = try AtomicFile.read(url, shownAs: path)
        } catch let error as InputError {
            throw XLIFFError(.io, error.message, at: error.location, hint: error.hint)
        }
        return try read(data, path: path)
    }

    /// Reads XLIFF bytes; `path` names the input in error and unit locations.
    ///
    /// Well-formed UTF-8 XLIFF is read from its bytes (`XLIFFByteReader`); anything else, every
    /// malformed input included, by libxml2, which gives the same document and locates every error.
    public func read(_ data: Data, path: String) throws -> XLIFFDocument {
        if let document = XLIFFByteReader.read(data, path: path) { return document }
        return try readWithLibXML2(data, path: path)
    }

    /// Reads XLIFF bytes with libxml2's `xmlTextReader`: the judge of every input the byte reader refuses.
    func readWithLibXML2(_ data: Data, path: String) throws -> XLIFFDocument {
        let tags = XMLStartTags(bytes: data)
        if let entity = tags.entityDeclaration {
            throw XLIFFError(
                .entity, "the document type declaration declares entities, which are never expanded",
                at: SourceLocation(file: path, line: entity.line, column: entity.column),
                hint: "XLIFF needs no entities; remove the <!DOCTYPE ...[...]> internal subset")
        }
        guard !data.isEmpty else {
            throw XLIFFError(.malformedXML, "the file is empty", at: SourceLocation(file: path),
                             hint: "export the XLIFF file again")
        }
        guard data.count <= Int(Int32.max) else {
            throw XLIFFError(.io, "the file is larger than 2 GB", at: SourceLocation(file: path))
        }
        _ = libxml2Initialized
        return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> XLIFFDocument in
            guard let reader = xmlReaderForMemory(raw.bindMemory(to: CChar.self).baseAddress, Int32(raw.count), path, nil, Int32(XML_PARSE_NONET.rawValue)) else {
                throw XLIFFError(.malformedXML, "libxml2 could not start reading", at: SourceLocation(file: path))
            }
            defer { xmlFreeTextReader(reader) }
            let sink = ErrorSink()
            sink.ending = XMLEnding(raw)
            let context = Unmanaged.passRetained(sink)
            defer { context.release() }
            xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
                guard let context, let error else { return }
                let sink = Unmanaged<ErrorSink>.fromOpaque(context).takeUnretainedValue()
                sink.record(error.pointee)
            }, context.toOpaque())
            var stream = Stream(reader: reader, sink: sink, tags: tags, path: path)
            return try stream.readDocument()
        }
    }
}

private let libxml2Initialized: Void = xmlInitParser()

/// Collects libxml2's errors for the reader that owns it.
private final class ErrorSink: @unchecked Sendable {
    var first: (message: String, line: Int, column: Int)?
    /// How the input ends, to tell a cut-off file from one malformed in its last line.
    var ending: XMLEnding?

    func record(_ error: xmlError) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue, first == nil else { return }
        var message = error.message.map { String(cString: $0) } ?? "malformed XML"
        message = message.trimmingCharacters(in: .whitespacesAndNewlines)
        first = (message, Int(error.line), Int(error.int2))
    }
}

/// How an XML input ends: its last line, and whether it holds the root's end tag. libxml2
/// reports a file cut off inside the root as "Extra content at the end of the document" or as
/// whatever the last, incomplete token looks like; an error in the last line of a file without
/// `</xliff>` is reported as a cut-off file instead.
private struct XMLEnding {
    var lastLine: Int
    var closesRoot: Bool

    init(_ bytes: UnsafeRawBufferPointer) {
        var lines = 1
        for byte in bytes where byte == 0x0A { lines += 1 }
        var end = bytes.count
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        // A file ending in blank lines: libxml2 reports the end on its last non-blank line.
        lastLine = lines - bytes[end...].lazy.filter { $0 == 0x0A }.count
        let name = Array("xliff>".utf8)
        closesRoot = false
        var i = bytes.count - name.count
        while i > 0 {
            if bytes[i] == name[0], bytes[i..<(i + name.count)].elementsEqual(name), bytes[i - 1] == UInt8(ascii: "/") || bytes[i - 1] == UInt8(ascii: ":") {
                closesRoot = true
                break
            }
            i -= 1
        }
    }
}

/// One pass over the reader: a recursive descent whose functions each consume one element.
private struct Stream {
    let reader: xmlTextReaderPtr
    let sink: ErrorSink
    let tags: XMLStartTags
    let path: String
    var elementCount = 0
    var rootNamespace: String?

    init(reader: xmlTextReaderPtr, sink: ErrorSink, tags: XMLStartTags, path: String) {
        self.reader = reader
        self.sink = sink
        self.tags = tags
        self.path = path
    }

    // MARK: Cursor

    /// Moves to the next node; false at the end of the document.
    mutating func next() throws -> Bool {
        let result = xmlTextReaderRead(reader)
        if let error = sink.first {
            if let ending = sink.ending, !ending.closesRoot, error.line >= ending.lastLine {
                throw XLIFFError(
                    .malformedXML, "the file ends in the middle of the document, before </xliff> (libxml2: \(error.message))",
                    at: SourceLocation(file: path, line: max(error.line, 1), column: max(error.column, 1)),
                    hint: "the file was cut off (an interrupted download or copy?); get the whole file again or export it again")
            }
            throw XLIFFError(
                .malformedXML, error.message,
                at: SourceLocation(file: path, line: max(error.line, 1), column: max(error.column, 1)),
                hint: "the file is not well-formed XML; fix it at this position or export it again")
        }
        if result < 0 {
            let line = Int(xmlTextReaderGetParserLineNumber(reader)), column = Int(xmlTextReaderGetParserColumnNumber(reader))
            throw XLIFFError(.malformedXML, "the XML could not be read", at: SourceLocation(file: path, line: max(line, 1), column: max(column, 1)))
        }
        guard result == 1 else { return false }
        switch nodeType {
        case XML_READER_TYPE_ELEMENT:
            elementCount += 1
        case XML_READER_TYPE_ENTITY_REFERENCE:
            throw XLIFFError(
                .entity, "entity reference &\(localName); is not expanded", at: parserLocation,
                hint: "write the text itself (or a character reference such as &#233;) instead of an entity")
        case XML_READER_TYPE_DOCUMENT_TYPE:
            if let node = xmlTextReaderCurrentNode(reader), node.pointee.type == XML_DTD_NODE {
                let dtd = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self)
                if dtd.pointee.entities != nil || dtd.pointee.pentities != nil {
                    throw XLIFFError(.entity, "the document type declaration declares entities, which are never expanded", at: parserLocation)
                }
            }
        default:
            break
        }
        return true
    }

    var nodeType: xmlReaderTypes { xmlReaderTypes(rawValue: UInt32(xmlTextReaderNodeType(reader))) }
    var depth: Int32 { xmlTextReaderDepth(reader) }
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }
    var localName: String { xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? "" }
    var namespaceURI: String? { xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) } }
    var value: String { xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? "" }

    /// Whether the current element belongs to the document's XLIFF vocabulary (the root's namespace).
    var isXLIFFElement: Bool { namespaceURI == rootNamespace }

    /// Where the current element's start tag begins.
    var elementLocation: SourceLocation {
        if elementCount >= 1 && elementCount <= tags.positions.count {
            let position = tags.positions[elementCount - 1]
            return SourceLocation(file: path, line: position.line, column: position.column)
        }
        return parserLocation
    }

    var parserLocation: SourceLocation {
        var line = 0
        if let node = xmlTextReaderCurrentNode(reader) { line = Int(xmlGetLineNo(node)) }
        if line <= 0 { line = Int(xmlTextReaderGetParserLineNumber(reader)) }
        return SourceLocation(file: path, line: max(line, 1), column: 1)
    }

    /// The current element's attributes by qualified-enough name: local name, or `xml:name` for the xml namespace.
    func attributes() -> [String: String] {
        var result: [String: String] = [:]
        guard xmlTextReaderHasAttributes(reader) == 1 else { return result }
        var more = xmlTextReaderMoveToFirstAttribute(reader)
        while more == 1 {
            let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
            let ns = xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) }
            let value = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
            if ns == "http://www.w3.org/2000/xmlns/" {
                // namespace declarations are not attributes of the vocabulary
            } else if ns == "http://www.w3.org/XML/1998/namespace" {
                result["xml:" + name] = value
            } else if ns == nil || ns == rootNamespace {
                if result[name] == nil { result[name] = value }
            }
            more = xmlTextReaderMoveToNextAttribute(reader)
        }
        xmlTextReaderMoveToElement(reader)
        return result
    }

    /// The local names of the current element's attributes in the order they are written.
    func attributeNames() -> [String] {
        var names: [String] = []
        guard xmlTextReaderHasAttributes(reader) == 1 else { return names }
        var more = xmlTextReaderMoveToFirstAttribute(reader)
        while more == 1 {
            if let name = xmlTextReaderConstLocalName(reader) { names.append(String(cString: name)) }
            more = xmlTextReaderMoveToNextAttribute(reader)
        }
        xmlTextReaderMoveToElement(reader)
        return names
    }

    /// Calls `body` for each child element of the current element; `body` must consume the child.
    mutating func forEachChild(_ body: (inout Stream) throws -> Void) throws {
        guard !isEmptyElement else { return }
        let parentDepth = depth
        while try next() {
            switch nodeType {
            case XML_READER_TYPE_ELEMENT:
                try body(&self)
            case XML_READER_TYPE_END_ELEMENT where depth == parentDepth:
                return
            default:
                continue
            }
        }
    }

    /// Consumes the current element and everything inside it.
    mutating func skipElement() throws {
        try forEachChild { try $0.skipElement() }
    }

    /// The text inside the current element: text, CDATA and whitespace of every descendant.
    mutating func readText() throws -> String {
        guard !isEmptyElement else { return "" }
        let startDepth = depth
        var text = ""
        while try next() {
            switch nodeType {
            case XML_READER_TYPE_TEXT, XML_READER_TYPE_CDATA, XML_READER_TYPE_WHITESPACE, XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
                text += value
            case XML_READER_TYPE_END_ELEMENT where depth == startDepth:
                return text
            default:
                continue
            }
        }
        return text
    }

    // MARK: Vocabulary

    mutating func readDocument() throws -> XLIFFDocument {
        while try next() {
            guard nodeType == XML_READER_TYPE_ELEMENT else { continue }
            let location = elementLocation
            guard localName == "xliff" else {
                throw XLIFFError(.notXLIFF, "the root element is <\(localName)>, not <xliff>", at: location,
                                 hint: "this is not an XLIFF file; export with Xcode's Export Localizations or ask for XLIFF 1.2")
            }
            rootNamespace = namespaceURI
            let version = attributes()["version"]
            if let version, version != "1.2" {
                throw XLIFFError(.unsupportedVersion(version), "XLIFF version \(version) is not supported, only 1.2", at: location,
                                 hint: "ask for XLIFF 1.2, the version Xcode exports and imports")
            }
            if version == nil && rootNamespace != XLIFFReader.namespace {
                throw XLIFFError(.unsupportedVersion(""), "<xliff> has neither version=\"1.2\" nor the XLIFF 1.2 namespace", at: location,
                                 hint: "add version=\"1.2\" and xmlns=\"\(XLIFFReader.namespace)\" to <xliff>")
            }
            var files: [XLIFFFile] = []
            try forEachChild { stream in
                if stream.isXLIFFElement && stream.localName == "file" {
                    files.append(try stream.readFile())
                } else {
                    try stream.skipElement()
                }
            }
            while try next() {}
            return XLIFFDocument(files: files)
        }
        throw XLIFFError(.notXLIFF, "the document has no root element", at: SourceLocation(file: path))
    }

    mutating func readFile() throws -> XLIFFFile {
        let location = elementLocation
        let attributes = attributes()
        guard let original = attributes["original"] else {
            throw XLIFFError(.missingAttribute("original"), "<file> has no original attribute", at: location,
                             hint: "add original=\"path/to/Localizable.xcstrings\" naming the project file")
        }
        guard let sourceLanguage = attributes["source-language"] else {
            throw XLIFFError(.missingAttribute("source-language"), "<file original=\"\(original)\"> has no source-language", at: location,
                             hint: "add source-language=\"en\" (the development language)")
        }
        guard let targetLanguage = attributes["target-language"], !targetLanguage.isEmpty else {
            throw XLIFFError(.missingTargetLanguage, "<file original=\"\(original)\"> has no target-language", at: location,
                             hint: "Xcode's importer skips such a file silently; add target-language=\"de\" (the translation's language) to the <file> element")
        }
        var file = XLIFFFile(original: original, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage,
                             datatype: attributes["datatype"] ?? "plaintext", location: location)
        let names = attributeNames()
        if let datatype = names.firstIndex(of: "datatype"), let source = names.firstIndex(of: "source-language"), datatype < source {
            file.attributeOrder = .datatypeFirst
        }
        try forEachChild { stream in
            guard stream.isXLIFFElement else { return try stream.skipElement() }
            switch stream.localName {
            case "header":
                try stream.forEachChild { header in
                    if header.isXLIFFElement && header.localName == "tool" {
                        let tool = header.attributes()
                        if file.tool == nil, let id = tool["tool-id"] {
                            file.tool = XLIFFTool(id: id, name: tool["tool-name"] ?? id, version: tool["tool-version"], buildNumber: tool["build-num"])
                        }
                    }
                    try header.skipElement()
                }
            case "body":
                try stream.readUnits(into: &file.units, file: original)
            default:
                try stream.skipElement()
            }
        }
        return file
    }

    /// Reads the trans-units of a `<body>` or `<group>`, descending into nested groups.
    mutating func readUnits(into units: inout [TransUnit], file: String) throws {
        try forEachChild { stream in
            guard stream.isXLIFFElement else { return try stream.skipElement() }
            switch stream.localName {
            case "trans-unit": units.append(try stream.readUnit(file: file))
            case "group": try stream.readUnits(into: &units, file: file)
            default: try stream.skipElement()
            }
        }
    }

    mutating func readUnit(file: String) throws -> TransUnit {
        let location = elementLocation
        let attributes = attributes()
        guard let id = attributes["id"] else {
            throw XLIFFError(.missingAttribute("id"), "<trans-unit> in \"\(file)\" has no id", at: location,
                             hint: "every unit needs the id Xcode gave it; export again")
        }
        var source: String?
        var target: String?
        var state: XLIFFTargetState?
        var notes: [String] = []
        try forEachChild { stream in
            guard stream.isXLIFFElement else { return try stream.skipElement() }
            switch stream.localName {
            case "source" where source == nil:
                source = try stream.readText()
            case "target" where target == nil:
                state = stream.attributes()["state"].map(XLIFFTargetState.init(rawValue:))
                target = try stream.readText()
            case "note":
                notes.append(try stream.readText())
            default:
                try stream.skipElement()
            }
        }
        guard let source else {
            throw XLIFFError(.missingSource, "<trans-unit id=\"\(id)\"> in \"\(file)\" has no <source>", at: location,
                             hint: "the translator's tool dropped the source text; export again")
        }
        let approved = attributes["approved"].map { $0 == "yes" }
        // A width in characters; other size units (pixels, bytes) say nothing about columns.
        let maxWidth = (attributes["size-unit"] ?? "char") == "char" ? attributes["maxwidth"].flatMap { Int($0) } : nil
        return TransUnit(
            id: id, translate: attributes["translate"] != "no", source: source, target: target,
            targetState: target == nil ? nil : state, note: notes.isEmpty ? nil : notes.joined(separator: "\n"),
            approved: approved, maxWidth: maxWidth, location: location)
    }
}
