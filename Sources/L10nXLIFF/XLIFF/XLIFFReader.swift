import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// Reads XLIFF 1.2 from Xcode and from translators' tools: bytes first (`XLIFFByteReader`), libxml2 through `XMLCursor` for the rest.
///
/// Accepts any attribute order, UTF-8 with or without BOM, UTF-16 with BOM, CDATA, inline elements
/// (`<mrk>`, `<g>`, `<ph>`...) taken as their text, `<group>` nesting; skips `<seg-source>`,
/// `<alt-trans>` and unknown elements. Never loads a DTD, never touches the network, refuses entity
/// declarations. Errors are `XLIFFError`s with line and column.
public struct XLIFFReader: Sendable, FormatReader {
    /// `read(_:path:)` in the shape of every reader.
    public static func parse(_ data: Data, path: String) throws -> XLIFFDocument {
        try XLIFFReader().read(data, path: path)
    }

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
        guard let cursor = XMLCursor(data: data, path: path) else {
            throw XLIFFError(.malformedXML, "libxml2 could not start reading", at: SourceLocation(file: path))
        }
        var stream = Stream(cursor: cursor, ending: XMLEnding(cursor.bytes), tags: tags, path: path)
        return try stream.readDocument()
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

/// One pass over the cursor: a recursive descent whose functions each consume one element.
private struct Stream {
    let cursor: XMLCursor
    /// How the input ends, to tell a cut-off file from one malformed in its last line.
    let ending: XMLEnding
    let tags: XMLStartTags
    let path: String
    var elementCount = 0
    var rootNamespace: String?

    // MARK: Cursor

    /// Moves to the next node; false at the end of the document.
    mutating func next() throws -> Bool {
        switch cursor.read() {
        case .failed(let error?):
            if !ending.closesRoot, error.line >= ending.lastLine {
                throw XLIFFError(
                    .malformedXML, "the file ends in the middle of the document, before </xliff> (libxml2: \(error.message))",
                    at: SourceLocation(file: path, line: max(error.line, 1), column: max(error.column, 1)),
                    hint: "the file was cut off (an interrupted download or copy?); get the whole file again or export it again")
            }
            throw XLIFFError(
                .malformedXML, error.message,
                at: SourceLocation(file: path, line: max(error.line, 1), column: max(error.column, 1)),
                hint: "the file is not well-formed XML; fix it at this position or export it again")
        case .failed(nil):
            throw XLIFFError(.malformedXML, "the XML could not be read",
                             at: SourceLocation(file: path, line: max(cursor.parserLine, 1), column: max(cursor.parserColumn, 1)))
        case .end:
            return false
        case .node:
            break
        }
        switch cursor.node {
        case .element:
            elementCount += 1
        case .entityReference:
            throw XLIFFError(
                .entity, "entity reference &\(cursor.localName); is not expanded", at: parserLocation,
                hint: "write the text itself (or a character reference such as &#233;) instead of an entity")
        case .documentType where cursor.declaresEntities:
            throw XLIFFError(.entity, "the document type declaration declares entities, which are never expanded", at: parserLocation)
        default:
            break
        }
        return true
    }

    var isElement: Bool { cursor.node == .element }
    var depth: Int { cursor.depth }
    var isEmptyElement: Bool { cursor.isEmptyElement }
    var localName: String { cursor.localName }

    /// Whether the current element belongs to the document's XLIFF vocabulary (the root's namespace).
    var isXLIFFElement: Bool { cursor.namespaceURI == rootNamespace }

    /// Where the current element's start tag begins.
    var elementLocation: SourceLocation {
        if elementCount >= 1 && elementCount <= tags.positions.count {
            let position = tags.positions[elementCount - 1]
            return SourceLocation(file: path, line: position.line, column: position.column)
        }
        return parserLocation
    }

    var parserLocation: SourceLocation {
        var line = cursor.nodeLine ?? 0
        if line <= 0 { line = cursor.parserLine }
        return SourceLocation(file: path, line: max(line, 1), column: 1)
    }

    /// The current element's attributes by qualified-enough name: local name, or `xml:name` for the xml namespace.
    func attributes() -> [String: String] {
        var result: [String: String] = [:]
        cursor.forEachAttribute { attribute in
            switch attribute.namespaceURI {
            case "http://www.w3.org/2000/xmlns/":
                break  // namespace declarations are not attributes of the vocabulary
            case "http://www.w3.org/XML/1998/namespace":
                result["xml:" + attribute.localName] = attribute.value
            case let namespace where namespace == nil || namespace == rootNamespace:
                if result[attribute.localName] == nil { result[attribute.localName] = attribute.value }
            default:
                break
            }
        }
        return result
    }

    /// The local names of the current element's attributes in the order they are written.
    func attributeNames() -> [String] {
        var names: [String] = []
        cursor.forEachAttribute { names.append($0.localName) }
        return names
    }

    /// Calls `body` for each child element of the current element; `body` must consume the child.
    mutating func forEachChild(_ body: (inout Stream) throws -> Void) throws {
        guard !isEmptyElement else { return }
        let parentDepth = depth
        while try next() {
            switch cursor.node {
            case .element:
                try body(&self)
            case .endElement where depth == parentDepth:
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

    /// The text inside the current element: text, CDATA and whitespace of every descendant; an
    /// empty inline code counts as the text `inline` gives it.
    mutating func readText(_ inline: inout XLIFFInlineText, inSource: Bool = false) throws -> String {
        guard !isEmptyElement else { return "" }
        let startDepth = depth
        var text = ""
        while try next() {
            switch cursor.node {
            case .text:
                text += cursor.value
            case .element where isXLIFFElement:
                let attributes = attributes()
                if isEmptyElement {
                    if let code = inline.text(ofEmpty: localName, id: attributes["id"], equivText: attributes["equiv-text"],
                                              mtype: attributes["mtype"], inSource: inSource) {
                        text += code
                    }
                } else {
                    inline.start(localName, id: attributes["id"], equivText: attributes["equiv-text"], mtype: attributes["mtype"],
                                 inSource: inSource, offset: text.utf8.count, depth: depth)
                }
            case .endElement where depth == startDepth:
                return text
            case .endElement where inline.isOpen(atDepth: depth):
                if let code = inline.end(text: { String(decoding: text.utf8.dropFirst($0), as: UTF8.self) }) { text += code }
            default:
                continue
            }
        }
        return text
    }

    /// The text inside the current element, inline codes as their content.
    mutating func readText() throws -> String {
        var inline = XLIFFInlineText()
        return try readText(&inline)
    }

    /// The current element's `xml:space`, or `inherited` without one.
    func preserves(inheriting inherited: Bool) -> Bool {
        XLIFFInlineText.preserves(attributes()["xml:space"]) ?? inherited
    }

    // MARK: Vocabulary

    mutating func readDocument() throws -> XLIFFDocument {
        while try next() {
            guard isElement else { continue }
            let location = elementLocation
            guard localName == "xliff" else {
                throw XLIFFError(.notXLIFF, "the root element is <\(localName)>, not <xliff>", at: location,
                                 hint: "this is not an XLIFF file; export with Xcode's Export Localizations or ask for XLIFF 1.2")
            }
            rootNamespace = cursor.namespaceURI
            let version = attributes()["version"]
            if let version, version != "1.2" {
                throw XLIFFError(.unsupportedVersion(version), "XLIFF version \(version) is not supported, only 1.2", at: location,
                                 hint: "ask for XLIFF 1.2, the version Xcode exports and imports")
            }
            if version == nil && rootNamespace != XLIFFReader.namespace {
                throw XLIFFError(.unsupportedVersion(""), "<xliff> has neither version=\"1.2\" nor the XLIFF 1.2 namespace", at: location,
                                 hint: "add version=\"1.2\" and xmlns=\"\(XLIFFReader.namespace)\" to <xliff>")
            }
            let preserving = XLIFFInlineText.preserves(attributes()["xml:space"]) ?? false
            var files: [XLIFFFile] = []
            try forEachChild { stream in
                if stream.isXLIFFElement && stream.localName == "file" {
                    files.append(try stream.readFile(inheriting: preserving))
                } else {
                    try stream.skipElement()
                }
            }
            while try next() {}
            return XLIFFDocument(files: files)
        }
        throw XLIFFError(.notXLIFF, "the document has no root element", at: SourceLocation(file: path))
    }

    /// Reads a `<file>`; `inherited` is the root's `xml:space`.
    mutating func readFile(inheriting inherited: Bool) throws -> XLIFFFile {
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
        let preserving = XLIFFInlineText.preserves(attributes["xml:space"]) ?? inherited
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
                try stream.readUnits(into: &file.units, file: original, preserving: preserving)
            default:
                try stream.skipElement()
            }
        }
        return file
    }

    /// Reads the trans-units of a `<body>` or `<group>`, descending into nested groups.
    /// `preserving` is the `xml:space` they inherit.
    mutating func readUnits(into units: inout [TransUnit], file: String, preserving: Bool) throws {
        try forEachChild { stream in
            guard stream.isXLIFFElement else { return try stream.skipElement() }
            switch stream.localName {
            case "trans-unit": units.append(try stream.readUnit(file: file, preserving: stream.preserves(inheriting: preserving)))
            case "group": try stream.readUnits(into: &units, file: file, preserving: stream.preserves(inheriting: preserving))
            default: try stream.skipElement()
            }
        }
    }

    /// Reads a `<trans-unit>`; `preserving` is its `xml:space`, inherited or its own.
    mutating func readUnit(file: String, preserving: Bool) throws -> TransUnit {
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
        var inline = XLIFFInlineText()
        try forEachChild { stream in
            guard stream.isXLIFFElement else { return try stream.skipElement() }
            switch stream.localName {
            case "source" where source == nil:
                let preserve = stream.preserves(inheriting: preserving)
                let text = try stream.readText(&inline, inSource: true)
                source = preserve ? text : XLIFFInlineText.withoutLayout(text)
            case "target" where target == nil:
                let attributes = stream.attributes()
                state = attributes["state"].map(XLIFFTargetState.init(rawValue:))
                let preserve = XLIFFInlineText.preserves(attributes["xml:space"]) ?? preserving
                let text = try stream.readText(&inline)
                target = preserve ? text : XLIFFInlineText.withoutLayout(text)
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
            approved: approved, maxWidth: maxWidth, location: location,
            unknownInlineCode: inline.unknown, hasEmptySegment: inline.hasEmptySegment)
    }
}
