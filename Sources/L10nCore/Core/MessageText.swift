/// Texts quoted inside a one-line message (reports, verdicts, findings with a file and line).
public enum MessageText {
    /// A value in double quotes, with `\`, `"`, newlines, carriage returns and tabs escaped so
    /// the message stays on one line and the value can be read back exactly.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
