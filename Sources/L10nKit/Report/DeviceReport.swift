/// Renders what devices see (`DeviceView`) as terminal text or JSON; shared by `match --project`
/// and the pipeline's `devices` stage.
public enum DeviceReport {
    /// One block per device: the preferred languages, then each bundle's choice and fallbacks.
    public static func text(_ views: [DeviceView]) -> String {
        var lines: [String] = []
        for view in views {
            lines.append("device " + view.preferredLanguages.joined(separator: ","))
            for choice in view.bundles {
                let shown = choice.localizations.first ?? "(none)"
                let rest = choice.localizations.dropFirst()
                lines.append("  \(choice.bundle) (\(choice.kind.rawValue)): \(shown)"
                             + (rest.isEmpty ? "" : ", then " + rest.joined(separator: ", ")))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Compact JSON: an object for one device, an array of them for several.
    public static func json(_ views: [DeviceView]) -> String {
        func object(_ view: DeviceView) -> JSONValue {
            .object([
                ("preferred", .array(view.preferredLanguages.map(JSONValue.string))),
                ("bundles", .array(view.bundles.map { choice in
                    .object([
                        ("bundle", .string(choice.bundle)),
                        ("kind", .string(choice.kind.rawValue)),
                        ("available", .array(choice.available.map(JSONValue.string))),
                        ("localizations", .array(choice.localizations.map(JSONValue.string))),
                    ])
                })),
            ])
        }
        let value = views.count == 1 ? object(views[0]) : .array(views.map(object))
        return CompactJSON.string(value)
    }
}

/// Single-line JSON in member order, for machine-readable command output.
public enum CompactJSON {
    public static func string(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                quote(member.key, into: &out)
                out += ":"
                write(member.value, into: &out)
            }
            out += "}"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .string(let text): quote(text, into: &out)
        case .number(let lexeme): out += lexeme
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// A JSON string literal: quotes, backslashes and C0 controls escaped, everything else raw.
    public static func quote(_ text: String, into out: inout String) {
        out += "\""
        // Runs of bytes that need no escape are appended whole.
        let utf8 = Array(text.utf8)
        var start = 0
        func flush(_ end: Int) {
            if end > start { out += String(decoding: utf8[start..<end], as: UTF8.self) }
        }
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            flush(index)
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            default:
                let hex = String(byte, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            start = index + 1
        }
        flush(utf8.count)
        out += "\""
    }
}
