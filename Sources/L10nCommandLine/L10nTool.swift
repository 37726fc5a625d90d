import Foundation
import L10nKit

/// The `l10n` command line: dispatch, generated help and the one error path.
public enum L10nTool {
    public static let version = L10nVersion.current

    /// Every subcommand, in the order help lists them.
    nonisolated(unsafe) public static let commands: [any ParsableCommand.Type] = [
        RunCommand.self,
        CheckCommand.self,
        ChecksCommand.self,
        ResolveCommand.self,
        SDKDiffCommand.self,
        ReportCommand.self,
        ExportCommand.self,
        ImportCommand.self,
        PseudoCommand.self,
        FillCommand.self,
        MigrateIBCommand.self,
        FormatCommand.self,
        MatchCommand.self,
        PluralsCommand.self,
        WidthCommand.self,
        VersionCommand.self,
        CompletionsCommand.self,
    ]

    /// Runs the process's own arguments and exits with the command's status.
    /// A failed write to standard output or error (closed pipe, full disk) exits 2, never 0.
    public static func main() -> Never {
        StandardStream.ignoreBrokenPipeSignal()
        ProcessMemory.mapLargeBlocksSeparately()
        var status = run(Array(CommandLine.arguments.dropFirst()), context: .process())
        for stream in [StandardStream.output, StandardStream.error] {
            guard let failure = stream.failure else { continue }
            StandardStream.error.write("error: cannot write to \(stream.name): \(failure)\n")
            status = ExitStatus.failure.rawValue
        }
        exit(status)
    }

    /// Options every command takes, before or after the command name.
    public static let globalArguments: [ArgumentSpec] = [
        .flag("quiet", help: "Print only errors on standard error: no warnings, notes or progress."),
        .flag("verbose", help: "Also print a line per file or step on standard error."),
    ]

    /// Runs one command line; never throws: every error is printed and mapped to an exit code.
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        var type: (any ParsableCommand.Type)?
        defer { context.endProgress() }
        do {
            let arguments = try takeGlobalOptions(arguments, into: context)
            return try dispatch(arguments, context: context, type: &type).rawValue
        } catch is HelpRequest {
            context.print(type.map(help(for:)) ?? overview())
            return 0
        } catch {
            report(error, of: type, json: OutputFormat.isRequested(in: arguments), context: context)
            return ExitStatus.failure.rawValue
        }
    }

    /// The one error path: the error for people on standard error and, when JSON was asked for,
    /// as an `ErrorJSON` object on standard output.
    static func report(_ error: Error, of type: (any ParsableCommand.Type)?, json: Bool, context: CommandContext) {
        let entries: [ErrorJSON.Entry]
        switch error {
        case let error as UsageError:
            context.printError("error: \(error.description)")
            if let type {
                context.printError("Usage: \(usage(for: type))")
                context.printError("Run 'l10n \(type.configuration.name) --help' for more.")
            } else {
                context.printError("Run 'l10n --help' to see the commands.")
            }
            entries = [ErrorJSON.Entry(message: error.description)]
        case let error as InputErrors:
            let errors = error.errors.map { DisplayedError($0, from: context.currentDirectory) }
            for failure in errors { context.printError(failure.description) }
            if let note = error.note { context.note("note: \(note)") }
            entries = ErrorJSON(errors).entries
        case let error as any LocatedError:
            let shown = DisplayedError(error, from: context.currentDirectory)
            context.printError(shown.description)
            entries = ErrorJSON([shown]).entries
        default:
            let message = plainMessage(error)
            context.printError("error: \(message)")
            entries = [ErrorJSON.Entry(message: message)]
        }
        if json { context.write(ErrorJSON(entries).text) }
    }

    /// A located error with its file named as findings name theirs: relative to the working
    /// folder (`../App/Localizable.xcstrings`) where the reader was handed an absolute path.
    struct DisplayedError: LocatedError {
        let location: SourceLocation?
        let message: String
        let hint: String?

        init(_ error: any LocatedError, from folder: URL) {
            var location = error.location
            if let file = location?.file, file.hasPrefix("/"), let shown = DisplayPath.walking(URL(fileURLWithPath: file), from: folder), !shown.isEmpty {
                location?.file = shown
            }
            self.location = location
            message = error.message
            hint = error.hint
        }
    }

    /// The arguments without `--quiet` and `--verbose` (anywhere before `--`), which set the
    /// context's verbosity.
    static func takeGlobalOptions(_ arguments: [String], into context: CommandContext) throws -> [String] {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let head = arguments[..<end]
        let quiet = head.contains("--quiet"), verbose = head.contains("--verbose")
        if quiet && verbose { throw UsageError("--quiet and --verbose exclude each other") }
        context.verbosity = quiet ? .quiet : verbose ? .verbose : .normal
        return head.filter { $0 != "--quiet" && $0 != "--verbose" } + arguments[end...]
    }

    /// A file-system error the library did not turn into its own words: the path and the system's
    /// reason (`Permission denied`), not Foundation's sentence or its `Error Domain=` dump.
    static func plainMessage(_ error: Error) -> String {
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return "\(error)" }
        let path = ns.userInfo[NSFilePathErrorKey] as? String ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        return (path.map { "\($0): " } ?? "") + AtomicFile.reason(error)
    }

    /// Finds the command (`type` is set as soon as it is known, for the usage of an error) and runs it.
    static func dispatch(_ arguments: [String], context: CommandContext, type: inout (any ParsableCommand.Type)?) throws -> ExitStatus {
        guard let name = arguments.first else {
            context.print(overview())
            return .failure
        }
        switch name {
        case "-h", "--help":
            throw HelpRequest()
        case "--version":
            context.print(version)
            return .success
        case "help":
            // `help help` and `help --help` ask for the overview, which lists `help` itself.
            guard arguments.count > 1, !["help", "-h", "--help"].contains(arguments[1]) else { throw HelpRequest() }
            context.print(help(for: try command(resolving: arguments[1])))
            return .success
        default:
            break
        }
        let found = try command(resolving: name)
        type = found
        let rest = Array(arguments.dropFirst())
        // After `--` every argument is a value: `width -- --help` measures the text "--help".
        if rest[..<(rest.firstIndex(of: "--") ?? rest.endIndex)].contains("--help") { throw HelpRequest() }
        let parsed = try ParsedArguments.parse(rest, specs: found.arguments)
        return try found.init(parsed).run(context)
    }

    static func command(named name: String) -> (any ParsableCommand.Type)? {
        commands.first { $0.configuration.name == name }
    }

    /// The command called `name`; a usage error naming the nearest command when there is none.
    static func command(resolving name: String) throws -> any ParsableCommand.Type {
        if let type = command(named: name) { return type }
        let names = commands.map { $0.configuration.name } + ["help"]
        let suggestion = Suggestion.didYouMean(name, among: names).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError("unknown command '\(name)'\(suggestion)")
    }

    static func usage(for type: any ParsableCommand.Type) -> String {
        (["l10n", type.configuration.name] + type.arguments.map(\.usageFragment)).joined(separator: " ")
    }

    /// Help text generated from a command's declarations.
    public static func help(for type: any ParsableCommand.Type) -> String {
        var lines = ["OVERVIEW: \(type.configuration.abstract)", ""]
        if !type.configuration.discussion.isEmpty {
            for paragraph in type.configuration.discussion.components(separatedBy: "\n\n") {
                lines += wrap(paragraph, width: 100) + [""]
            }
        }
        lines.append("USAGE: \(usage(for: type))")
        let positionals = type.arguments.filter(\.isPositional)
        let options = type.arguments.filter { !$0.isPositional }
        let width = min(32, max("-h, --help".count, type.arguments.map(\.helpLabel.count).max() ?? 0) + 2)
        func row(_ spec: ArgumentSpec) -> String {
            var text = spec.help
            if let value = spec.defaultValue { text += " (default: \(value))" }
            let label = spec.helpLabel
            if label.count + 2 > width { return "  \(label)\n  \(String(repeating: " ", count: width))\(text)" }
            return "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + text
        }
        if !positionals.isEmpty { lines += ["", "ARGUMENTS:"] + positionals.map(row) }
        lines += ["", "OPTIONS:"] + options.map(row)
        lines.append("  " + "-h, --help".padding(toLength: width, withPad: " ", startingAt: 0) + "Show help information.")
        lines += ["", "GLOBAL OPTIONS:"] + globalArguments.map(row)
        return lines.joined(separator: "\n")
    }

    /// Breaks a paragraph into lines of at most `width` characters at spaces.
    static func wrap(_ paragraph: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    static func overview() -> String {
        let width = (commands.map { $0.configuration.name.count }.max() ?? 0) + 4
        var lines = [
            "OVERVIEW: l10n \(version): localization workflow for iOS String Catalogs, .strings and storyboards.",
            "",
            "USAGE: l10n <command> [<options>]",
            "",
            "COMMANDS:",
        ]
        lines += commands.map { "  " + $0.configuration.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.configuration.abstract }
        lines += ["", "OPTIONS:"]
        lines += [("--version", "Print the l10n version (l10n version adds ICU's)."), ("-h, --help", "Show help information.")]
            .map { "  " + $0.padding(toLength: width, withPad: " ", startingAt: 0) + $1 }
        lines += ["", "GLOBAL OPTIONS:"]
        lines += globalArguments.map { "  " + $0.helpLabel.padding(toLength: width, withPad: " ", startingAt: 0) + $0.help }
        lines += ["", "See 'l10n help <command>' for detailed help."]
        return lines.joined(separator: "\n")
    }
}
