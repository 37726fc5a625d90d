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

    /// Whether a command line asks for JSON (`--json`, or `--format json` as the command reads
    /// it: the last value of a single-value `--format`, as swift-argument-parser takes it, the
    /// first format of `report`'s repeating one), read from the raw arguments so that even a line
    /// that does not parse gets its error as JSON.
    static func isRequested(in arguments: [String]) -> Bool {
        var values: [String] = []
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            index += 1
            if argument == "--json" { return true }
            if argument.hasPrefix("--format=") {
                values.append(String(argument.dropFirst("--format=".count)))
            } else if argument == "--format", index < arguments.count {
                values.append(arguments[index])
                index += 1
            }
        }
        let globals = Set(L10nTool.globalArguments.map { "--" + $0.name })
        let name = arguments.first { !globals.contains($0) } ?? ""
        if let spec = L10nTool.command(named: name)?.arguments.first(where: { $0.name == "format" }),
           case .option(_, repeating: true) = spec.kind {
            return values.lazy.flatMap { $0.split(separator: ",") }.first == "json"
        }
        return values.last == "json"
    }
}

/// Several input errors at once (every bad file of a run), printed one after the other and then
/// `note`; in JSON all of them.
struct InputErrors: Error {
    var errors: [any LocatedError]
    var note: String?
}
