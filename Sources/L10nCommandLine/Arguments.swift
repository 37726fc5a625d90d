import L10nKit

/// One command-line argument a command accepts, declared beside the command; help and parsing
/// are both generated from these declarations (the shape of swift-argument-parser).
public struct ArgumentSpec: Sendable {
    public enum Kind: Sendable {
        /// `--name`, present or not.
        case flag
        /// `--name VALUE` (or `--name=VALUE`); `repeating` collects every occurrence, and a
        /// comma-separated value counts as several.
        case option(valueName: String, repeating: Bool)
        /// A value without a name, in order; `repeating` takes every remaining one.
        case positional(valueName: String, repeating: Bool, optional: Bool)
    }

    public var name: String
    public var kind: Kind
    public var help: String
    public var defaultValue: String?
    /// The fixed set of values an option takes (`text`, `json`), for shell completion; empty when any.
    public var values: [String] = []

    public static func flag(_ name: String, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, kind: .flag, help: help, defaultValue: nil)
    }

    public static func option(_ name: String, value: String, help: String, default defaultValue: String? = nil, values: [String] = []) -> ArgumentSpec {
        ArgumentSpec(name: name, kind: .option(valueName: value, repeating: false), help: help, defaultValue: defaultValue, values: values)
    }

    public static func repeatingOption(_ name: String, value: String, help: String, values: [String] = []) -> ArgumentSpec {
        ArgumentSpec(name: name, kind: .option(valueName: value, repeating: true), help: help, defaultValue: nil, values: values)
    }

    public static func positional(_ value: String, help: String, repeating: Bool = false, optional: Bool = false, values: [String] = []) -> ArgumentSpec {
        ArgumentSpec(name: value, kind: .positional(valueName: value, repeating: repeating, optional: optional), help: help, defaultValue: nil, values: values)
    }

    var usageFragment: String {
        switch kind {
        case .flag: return "[--\(name)]"
        case .option(let value, let repeating):
            return repeating ? "[--\(name) <\(value)> ...]" : "[--\(name) <\(value)>]"
        case .positional(let value, let repeating, let optional):
            let core = "<\(value)>" + (repeating ? " ..." : "")
            return optional ? "[\(core)]" : core
        }
    }

    var helpLabel: String {
        switch kind {
        case .flag: return "--\(name)"
        case .option(let value, _): return "--\(name) <\(value)>"
        case .positional(let value, let repeating, _): return "<\(value)>" + (repeating ? " ..." : "")
        }
    }
}

/// Arguments after parsing, queried by the declared names.
public struct ParsedArguments: Sendable {
    var flags: Set<String> = []
    var options: [String: [String]] = [:]
    var positionals: [String: [String]] = [:]
    let specs: [ArgumentSpec]

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for an option, else its declared default.
    public func value(_ name: String) -> String? {
        options[name]?.last ?? specs.first { $0.name == name }?.defaultValue
    }

    /// Every value given for a repeating option or positional.
    public func values(_ name: String) -> [String] { options[name] ?? positionals[name] ?? [] }

    public func positional(_ name: String) -> String? { positionals[name]?.first }

    /// Whether an option was given at all, even with an empty list (`--preferred ''`).
    public func isGiven(_ name: String) -> Bool { options[name] != nil }

    /// Every value of a locale option, validated and in the form Xcode writes (`EN` → `en`); a
    /// wrong one is a usage error naming the option, with the nearest valid id.
    public func locales(_ name: String) throws -> [String] {
        try values(name).map { text in
            do {
                return try LocaleIdentifier(validating: text).rawValue
            } catch let error as LocaleIdentifierError {
                throw UsageError("--\(name): \(error.message); \(error.hint)")
            }
        }
    }

    /// Parses `arguments` against `specs`; throws `UsageError` naming the offending argument.
    public static func parse(_ arguments: [String], specs: [ArgumentSpec]) throws -> ParsedArguments {
        var result = ParsedArguments(specs: specs)
        var positionalSpecs = specs.filter { if case .positional = $0.kind { return true } else { return false } }[...]
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !onlyPositionals, argument == "--" {
                onlyPositionals = true
                continue
            }
            if !onlyPositionals, argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                var inlineValue: String?
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let spec = specs.first(where: { $0.name == name && !$0.isPositional }) else {
                    let names = specs.filter { !$0.isPositional }.map(\.name)
                    let suggestion = Suggestion.didYouMean(name, among: names).map { "; did you mean '--\($0)'?" } ?? ""
                    throw UsageError("unknown option '--\(name)'\(suggestion)")
                }
                switch spec.kind {
                case .flag:
                    if inlineValue != nil { throw UsageError("'--\(name)' takes no value") }
                    result.flags.insert(name)
                case .option(let valueName, let repeating):
                    let value: String
                    if let inlineValue {
                        value = inlineValue
                    } else {
                        guard index < arguments.count else { throw UsageError("'--\(name)' needs a value <\(valueName)>") }
                        value = arguments[index]
                        // `--project --format json`: the next word is another of the command's
                        // options, not this one's value (write `--project=--format` for such a value).
                        if value.hasPrefix("--"), specs.contains(where: { !$0.isPositional && "--" + $0.name == value.prefix { $0 != "=" } }) {
                            throw UsageError("'--\(name)' needs a value <\(valueName)> before \(value.prefix { $0 != "=" })")
                        }
                        index += 1
                    }
                    if repeating {
                        let parts = value.split(separator: ",", omittingEmptySubsequences: true).map(String.init)
                        result.options[name, default: []].append(contentsOf: parts)
                    } else {
                        result.options[name] = [value]
                    }
                case .positional:
                    break
                }
                continue
            }
            if !onlyPositionals, argument.hasPrefix("-"), argument.count > 1 {
                if argument == "-h" { throw HelpRequest() }
                throw UsageError("unknown option '\(argument)'")
            }
            guard let spec = positionalSpecs.first else {
                throw UsageError("unexpected argument '\(argument)'")
            }
            result.positionals[spec.name, default: []].append(argument)
            if case .positional(_, let repeating, _) = spec.kind, !repeating {
                positionalSpecs = positionalSpecs.dropFirst()
            }
        }
        for spec in positionalSpecs {
            if case .positional(let value, _, let optional) = spec.kind, !optional, result.positionals[spec.name] == nil {
                throw UsageError("missing argument <\(value)>")
            }
        }
        return result
    }
}

extension ArgumentSpec {
    var isPositional: Bool {
        if case .positional = kind { return true }
        return false
    }
}

/// The command line was not what the command accepts; printed with the command's usage.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension UsageError {
    /// `unknown format 'jsno'; did you mean 'json'? use text or json`: a value outside an option's set.
    static func unknown(_ what: String, _ value: String, among values: [String]) -> UsageError {
        let suggestion = Suggestion.didYouMean(value, among: values).map { " did you mean '\($0)'?" } ?? ""
        let list = values.count > 1 ? values.dropLast().joined(separator: ", ") + " or " + values.last! : values.joined()
        return UsageError("unknown \(what) '\(value)';\(suggestion) use \(list)")
    }
}

/// `--help` or `-h` was given.
struct HelpRequest: Error {}
