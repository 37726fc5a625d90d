import L10nCore
import L10nLocale

/// The text a label shows, as SwiftUI renders a localized value: Markdown markup and automatic
/// grammar agreement (`^[%lld Page](inflect: true)`) are not shown, link texts are.
public enum DisplayText {
    /// What a placeholder shows when measuring: a short number or name.
    static let placeholder: StaticString = "00"
    /// Columns a placeholder stands for when measuring.
    public static let placeholderColumns = placeholder.utf8CodeUnitCount

    /// The visible text of `value`, each format specifier replaced by `placeholder`.
    public static func visible(_ value: String) -> String {
        var text = withoutMarkup(value)
        if text.containsASCII(UInt8(ascii: "%")) {
            // Plain specifiers (most labels') are replaced from the bytes, without a parse.
            if let replaced = FormatString.plainSpecifiersReplaced(in: text, by: placeholder) { return replaced }
            var result = ""
            for token in FormatString(text).tokens {
                switch token {
                case .literal(let literal): result += literal
                case .percentSign: result += "%"
                case .specifier: result += placeholder.description
                }
            }
            text = result
        }
        return text
    }

    /// `value` without Markdown emphasis, code marks and link or attribute syntax.
    public static func withoutMarkup(_ value: String) -> String {
        // The markup characters are ASCII, and no byte of a multi-byte UTF-8 sequence is: the
        // text is read and cut as bytes, which keeps every other scalar whole.
        value.withUTF8Bytes { bytes -> String in
            guard bytes.contains(where: { $0 == 0x2A || $0 == 0x7E || $0 == 0x60 || $0 == 0x5B || $0 == 0x5E }) else { return value }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            appendWithoutMarkup(bytes[...], to: &result)
            return String(decoding: result, as: UTF8.self)
        }
    }

    private static func appendWithoutMarkup(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to result: inout [UInt8]) {
        let end = bytes.endIndex
        var index = bytes.startIndex
        while index < end {
            let byte = bytes[index]
            // `[text](target)` and `^[text](attributes)`: keep the text.
            if byte == UInt8(ascii: "[") || (byte == UInt8(ascii: "^") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "[")) {
                let open = byte == UInt8(ascii: "^") ? index + 1 : index
                if let close = bytes[(open + 1)...].firstIndex(of: UInt8(ascii: "]")), close + 1 < end, bytes[close + 1] == UInt8(ascii: "("),
                   let closing = bytes[(close + 2)...].firstIndex(of: UInt8(ascii: ")")) {
                    appendWithoutMarkup(bytes[(open + 1)..<close], to: &result)
                    index = closing + 1
                    continue
                }
            }
            if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "`") || (byte == UInt8(ascii: "~") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "~")) {
                index += byte == UInt8(ascii: "~") ? 2 : 1
                continue
            }
            result.append(byte)
            index += 1
        }
    }
}
