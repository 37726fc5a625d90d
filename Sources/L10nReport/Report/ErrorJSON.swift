import Foundation
import L10nCore
import L10nFormats

/// The JSON object printed on standard output when a command stops with exit 2 and JSON was asked
/// for: `{"error": FIRST, "errors": [EVERY]}`, each `{"message", "file", "line", "column", "hint"}`.
public struct ErrorJSON: Sendable {
    /// One error; `location` is nil when the error is about no file, whole-file when about no position.
    public struct Entry: Sendable {
        public var message: String
        public var location: SourceLocation?
        public var hint: String?

        public init(message: String, location: SourceLocation? = nil, hint: String? = nil) {
            self.message = message
            self.location = location
            self.hint = hint
        }

        /// Keys only for what is known: no `line`/`column` for a whole file, no `file` for no file.
        public var value: JSONValue {
            var members: [(key: String, value: JSONValue)] = [("message", .string(message))]
            if let location {
                members.append(("file", .string(location.file)))
                if !location.isWholeFile {
                    members.append(("line", .number(String(location.line))))
                    members.append(("column", .number(String(location.column))))
                }
            }
            if let hint { members.append(("hint", .string(hint))) }
            return .object(members)
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry]) { self.entries = entries }

    public init(_ errors: [any LocatedError]) {
        entries = errors.map { Entry(message: $0.message, location: $0.location, hint: $0.hint) }
    }

    /// The object as text, with a final newline.
    public var text: String {
        let all = entries.isEmpty ? [Entry(message: "unknown error")] : entries
        let root = JSONValue.object([("error", all[0].value), ("errors", .array(all.map(\.value)))])
        return String(decoding: JSONWriter(keyOrder: .asGiven, finalNewline: true).data(for: root), as: UTF8.self)
    }
}
