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
        // The markup characters are ASCII, so the bytes tell (without breaking graphemes).
        // Over the bytes in place: the generic `utf8.contains(where:)` steps an iterator.
        guard value.withUTF8Bytes({ $0.contains { $0 == 0x2A || $0 == 0x7E || $0 == 0x60 || $0 == 0x5B || $0 == 0x5E } }) else { return value }
        var scalars = Array(value.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            // `[text](target)` and `^[text](attributes)`: keep the text.
            if scalar == "[" || (scalar == "^" && index + 1 < scalars.count && scalars[index + 1] == "[") {
                let open = scalar == "^" ? index + 1 : index
                if let close = scalars[(open + 1)...].firstIndex(of: "]"), close + 1 < scalars.count, scalars[close + 1] == "(",
                   let end = scalars[(close + 2)...].firstIndex(of: ")") {
                    result.append(contentsOf: withoutMarkup(String(String.UnicodeScalarView(scalars[(open + 1)..<close]))).unicodeScalars)
                    index = end + 1
                    continue
                }
            }
            if scalar == "*" || scalar == "`" || (scalar == "~" && index + 1 < scalars.count && scalars[index + 1] == "~") {
                index += scalar == "~" ? 2 : 1
                continue
            }
            result.append(scalar)
            index += 1
        }
        scalars = []
        return String(result)
    }
}
