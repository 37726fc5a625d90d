import Foundation
import L10nCore

/// A rendering's text while it is written: UTF-8 bytes in one growing buffer. Appending to one
/// growing `String` of megabytes cost about 450 instructions a piece in the report's renderings
/// (a fifth of the report row); a byte copy costs a tenth of it.
final class ReportText {
    private let sink: ByteSink

    init(_ text: String = "", capacity: Int = 1 << 16) {
        sink = ByteSink(capacity: capacity)
        sink.append(text)
    }

    static func += (text: ReportText, piece: String) {
        text.sink.append(piece)
    }

    /// `line` and a newline.
    func line(_ line: String) {
        sink.append(line)
        sink.append(0x0A)
    }

    var string: String { sink.string }
    var data: Data { sink.data }
}
