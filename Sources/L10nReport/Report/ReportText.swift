import Foundation
import L10nXLIFF

/// A rendering's text while it is written: UTF-8 bytes in one growing buffer, with XML
/// escaping written in place. Building each row as an interpolated `String` and escaping into
/// new strings cost about half the report's renderings.
final class ReportText {
    private let out: XLIFFOutput

    init(_ text: String = "", capacity: Int = 1 << 16) {
        out = XLIFFOutput(capacity: capacity)
        out.appendString(text)
    }

    static func += (text: ReportText, piece: String) {
        text.out.appendString(piece)
    }

    /// `line` and a newline.
    func line(_ line: String) {
        out.appendString(line)
        out.appendString("\n")
    }

    /// `XMLText.escape(text)`, written in place: the escapes of an attribute value, and a text
    /// that may hold a character XML cannot carry the slow way.
    func escaped(_ text: String) {
        let mark = out.count
        if !out.appendAttribute(text) {
            out.truncate(to: mark)
            out.appendString(XMLText.escape(text))
        }
    }

    var string: String { out.string }
    /// The bytes, handed over: the text is empty afterwards.
    func takeData() -> Data { out.data() }
}
