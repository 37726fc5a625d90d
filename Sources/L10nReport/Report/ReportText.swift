import Foundation
import L10nProject
import L10nXLIFF

/// A rendering's text while it is written: UTF-8 bytes in one growing buffer, with XML
/// escaping written in place. Rows built as interpolated `String`s and texts escaped into new
/// strings were two thirds of the JUnit rendering's instructions.
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

    /// `escaped(text)` of a text whose escaping was just written at `written` (a `byteCount`
    /// before and after it): the bytes copied instead of escaped again.
    func escapedAgain(_ written: Range<Int>) {
        out.appendCopy(of: written)
    }

    /// How many bytes are written.
    var byteCount: Int { out.count }

    /// `CheckContext.quoted(text)`: a short text on one line between quotes without a copy.
    func quoted(_ text: String) {
        if CheckContext.quotesAsItIs(text) {
            out.appendString("'")
            out.appendString(text)
            out.appendString("'")
        } else {
            out.appendString(CheckContext.quoted(text))
        }
    }

    /// `escaped(pathPrefix + file + ":" + line)`, the line only with a file, nothing without
    /// one: written piece by piece, as escaping a text is escaping its pieces, so no place string is made per finding.
    func escapedPlace(file: String?, line: Int?, pathPrefix: String) {
        guard let file else { return }
        escaped(pathPrefix)
        escaped(file)
        if let line {
            out.appendString(":")
            out.appendString(String(line))
        }
    }

    /// `file:line: ` of a finding (with `pathPrefix`), or nothing when it names no file.
    func place(_ finding: Finding, pathPrefix: String) {
        place(file: finding.file, line: finding.line, pathPrefix: pathPrefix)
    }

    /// `place(finding, …)` from the finding's fields, for a loop that reads them in the array.
    func place(file: String?, line: Int?, pathPrefix: String) {
        guard let file else { return }
        out.appendString(pathPrefix)
        out.appendString(file)
        if let line {
            out.appendString(":")
            out.appendString(String(line))
        }
        out.appendString(": ")
    }

    var string: String { out.string }
    /// The bytes, handed over: the text is empty afterwards.
    func takeData() -> Data { out.data() }
}
