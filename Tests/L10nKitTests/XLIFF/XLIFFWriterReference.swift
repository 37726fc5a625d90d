// The XLIFF writer as it was before it wrote bytes (issue 11): it built a String. Kept only as
// the oracle of `ExportEquivalenceTests` while the byte writer is young.
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import Foundation

/// Writes an `XLIFFDocument` with the exact bytes of Xcode's `-exportLocalizations` (formats.md §2),
/// except that the header names our tool.
///
/// The writer keeps the order of files and units it is given; `XLIFFOrder` sorts them like Xcode.
struct ReferenceXLIFFWriter: Sendable {
    /// The program named in every `<file>`'s header.
    public var tool: XLIFFTool

    public init(tool: XLIFFTool) {
        self.tool = tool
    }

    static let xliffStartTag = XLIFFWriter.xliffStartTag

    /// The document as text; throws `XLIFFError` when a text holds a character XML 1.0 cannot carry.
    public func string(_ document: XLIFFDocument) throws -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += Self.xliffStartTag
        out += "\n"
        for file in document.files {
            try append(file, to: &out)
        }
        out += "</xliff>\n"
        return out
    }

    /// The document as UTF-8 bytes without BOM.
    public func data(_ document: XLIFFDocument) throws -> Data {
        Data(try string(document).utf8)
    }

    /// Writes the document atomically (temporary file, then rename).
    public func write(_ document: XLIFFDocument, to url: URL) throws {
        try AtomicFile.write(data(document), to: url)
    }

    /// One `<file>` element, from its two-space indent to its closing newline.
    public func string(_ file: XLIFFFile) throws -> String {
        var out = ""
        try append(file, to: &out)
        return out
    }

    private func append(_ file: XLIFFFile, to out: inout String) throws {
        try Self.check(file.original, what: "the file path", file: file, unit: nil)
        out += "  <file original=\""
        out += Self.escapeAttribute(file.original)
        if file.attributeOrder == .datatypeFirst {
            out += "\" datatype=\""
            out += Self.escapeAttribute(file.datatype)
        }
        out += "\" source-language=\""
        out += Self.escapeAttribute(file.sourceLanguage)
        if let target = file.targetLanguage {
            out += "\" target-language=\""
            out += Self.escapeAttribute(target)
        }
        if file.attributeOrder == .standard {
            out += "\" datatype=\""
            out += Self.escapeAttribute(file.datatype)
        }
        out += "\">\n    <header>\n      <tool tool-id=\""
        out += Self.escapeAttribute(tool.id)
        out += "\" tool-name=\""
        out += Self.escapeAttribute(tool.name)
        if let version = tool.version {
            out += "\" tool-version=\""
            out += Self.escapeAttribute(version)
        }
        if let build = tool.buildNumber {
            out += "\" build-num=\""
            out += Self.escapeAttribute(build)
        }
        out += "\"/>\n    </header>\n"
        guard !file.units.isEmpty else {
            out += "    <body/>\n  </file>\n"
            return
        }
        out += "    <body>\n"
        for unit in file.units {
            try Self.check(unit.id, what: "the id", file: file, unit: unit)
            try Self.check(unit.source, what: "the source", file: file, unit: unit)
            try Self.check(unit.target ?? "", what: "the target", file: file, unit: unit)
            try Self.check(unit.note ?? "", what: "the note", file: file, unit: unit)
            out += "      <trans-unit id=\""
            out += Self.escapeAttribute(unit.id)
            out += unit.translate ? "\"" : "\" translate=\"no\""
            if let approved = unit.approved {
                out += approved ? " approved=\"yes\"" : " approved=\"no\""
            }
            out += " xml:space=\"preserve\">\n"
            Self.appendElement("source", attributes: "", text: unit.source, to: &out)
            if let target = unit.target {
                let state = unit.targetState.map { " state=\"\(Self.escapeAttribute($0.rawValue))\"" } ?? ""
                Self.appendElement("target", attributes: state, text: target, to: &out)
            }
            Self.appendElement("note", attributes: "", text: unit.note ?? "", to: &out)
            out += "      </trans-unit>\n"
        }
        out += "    </body>\n  </file>\n"
    }

    private static func appendElement(_ name: String, attributes: String, text: String, to out: inout String) {
        out += "        <"
        out += name
        out += attributes
        if text.isEmpty {
            out += "/>\n"
            return
        }
        out += ">"
        out += escapeText(text)
        out += "</"
        out += name
        out += ">\n"
    }

    /// Element text: `& < >` escaped, quotes and newlines literal, CR as `&#13;` so a parser keeps it.
    public static func escapeText(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x0D }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Attribute values: `" & < >` escaped, newline `&#10;`, tab `&#9;`, CR `&#13;` (a parser would
    /// turn literal ones into spaces), apostrophes literal.
    public static func escapeAttribute(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D })
        else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "&quot;"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether XML 1.0 can carry the scalar at all (its `Char` production).
    public static func isRepresentable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00..<0x20: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    private static func check(_ text: String, what: String, file: XLIFFFile, unit: TransUnit?) throws {
        guard let bad = text.unicodeScalars.first(where: { !isRepresentable($0) }) else { return }
        let code = "U+" + String(bad.value, radix: 16, uppercase: true).referenceLeftPadded(to: 4)
        let visibleID = unit.map { String($0.id.unicodeScalars.map { isRepresentable($0) ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()) }
        let subject = visibleID.map { "unit '\($0)' of '\(file.original)'" } ?? "file '\(file.original)'"
        throw XLIFFError(
            .unrepresentableCharacter(bad),
            "\(what) of \(subject) contains \(code), which XML 1.0 cannot carry",
            at: unit?.location ?? file.location ?? SourceLocation(file: file.original),
            hint: "remove the control character from the source file before exporting"
        )
    }
}

extension String {
    // (reference copy)
    fileprivate func referenceLeftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
