import L10nKit

/// `--format text|json`, how a command prints its result; `--json` stays an alias where a
/// command had it. Exit 2 with JSON asked for prints the error as JSON (`ErrorJSON`).
enum OutputFormat: String {
    case text
    case json

    static func argument(help: String = "text or json.") -> ArgumentSpec {
        .option("format", value: "format", help: help, default: "text", values: ["text", "json"])
    }

    /// The older flag of `match`, `plurals` and `width`.
    static let jsonFlag = ArgumentSpec.flag("json", help: "Same as --format json.")

    init(_ arguments: ParsedArguments) throws {
        let name = arguments.value("format") ?? "text"
        guard let format = OutputFormat(rawValue: name) else { throw UsageError.unknown("format", name, among: ["text", "json"]) }
        self = arguments.flag("json") ? .json : format
    }

    /// Whether a command line asks for JSON (`--json`, or a `--format` whose first value is
    /// json), read from the raw arguments so that even a line that does not parse gets its error as JSON.
    static func isRequested(in arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            index += 1
            if argument == "--json" { return true }
            var value: String?
            if argument.hasPrefix("--format=") {
                value = String(argument.dropFirst("--format=".count))
            } else if argument == "--format", index < arguments.count {
                value = arguments[index]
                index += 1
            }
            if let value, value.split(separator: ",").first == "json" { return true }
        }
        return false
    }
}

/// Several input errors at once (every bad file of a run), printed one after the other and then
/// `note`; in JSON all of them.
struct InputErrors: Error {
    var errors: [any LocatedError]
    var note: String?
}
