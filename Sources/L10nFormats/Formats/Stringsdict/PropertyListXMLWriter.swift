import Foundation
import L10nCore

/// Writes XML property lists the way Xcode (CFPropertyList) does: XML declaration, Apple's
/// DOCTYPE, `<plist version="1.0">`, one element per line indented with tabs (the root value
/// not indented), `<dict/>` and `<array/>` when empty, `<string></string>` for an empty string,
/// `&`, `<` and `>` escaped in text, and a line break after `</plist>`.
public enum PropertyListXMLWriter {
    static let prologue = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The UTF-8 bytes of a property list with `root` as its value.
    public static func data(for root: PropertyListValue) -> Data {
        Data(text(for: root).utf8)
    }

    public static func text(for root: PropertyListValue) -> String {
        var output = prologue
        write(root, depth: 0, to: &output)
        output += "</plist>\n"
        return output
    }

    private static func write(_ value: PropertyListValue, depth: Int, to output: inout String) {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .string(let text): output += indent + "<string>" + escaped(text) + "</string>\n"
        case .integer(let text): output += indent + "<integer>" + escaped(text) + "</integer>\n"
        case .real(let text): output += indent + "<real>" + escaped(text) + "</real>\n"
        case .date(let text): output += indent + "<date>" + escaped(text) + "</date>\n"
        case .data(let text): output += indent + "<data>" + escaped(text) + "</data>\n"
        case .boolean(let flag): output += indent + (flag ? "<true/>\n" : "<false/>\n")
        case .array(let values):
            guard !values.isEmpty else { output += indent + "<array/>\n"; return }
            output += indent + "<array>\n"
            for element in values { write(element, depth: depth + 1, to: &output) }
            output += indent + "</array>\n"
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else { output += indent + "<dict/>\n"; return }
            output += indent + "<dict>\n"
            for member in dictionary.members {
                output += indent + "\t<key>" + escaped(member.key) + "</key>\n"
                write(member.value, depth: depth + 1, to: &output)
            }
            output += indent + "</dict>\n"
        }
    }

    /// Text escaped as CFPropertyList escapes it: `&`, `<`, `>`; quotes stay as they are. A
    /// carriage return is written `&#13;`, which a reader would otherwise turn into a line feed.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\r" }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
