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
        ReportCommand.self,
        ExportCommand.self,
        ImportCommand.self,
        PseudoCommand.self,
        FillCommand.self,
        FormatCommand.self,
        MatchCommand.self,
        PluralsCommand.self,
        WidthCommand.self,
        VersionCommand.self,
    ]

    /// Runs the process's own arguments and exits with the command's status.
    /// A failed write to standard output or error (closed pipe, full disk) exits 2, never 0.
    public static func main() -> Never {
        StandardStream.ignoreBrokenPipeSignal()
        var status = run(Array(CommandLine.arguments.dropFirst()), context: .process())
        for stream in [StandardStream.output, StandardStream.error] {
            guard let failure = stream.failure else { continue }
            StandardStream.error.write("error: cannot write to \(stream.name): \(failure)\n")
            status = ExitStatus.failure.rawValue
        }
        exit(status)
    }

    /// Runs one command line; never throws: every error is printed and mapped to an exit code.
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        guard let name = arguments.first, !["-h", "--help", "help"].contains(name) else {
            if arguments.count > 1, arguments.first == "help", let command = command(named: arguments[1]) {
                context.print(help(for: command))
                return 0
            }
            context.print(overview())
            return arguments.isEmpty ? ExitStatus.failure.rawValue : 0
        }
        if name == "--version" {
            context.print(version)
            return 0
        }
        guard let type = command(named: name) else {
            context.printError("error: unknown command '\(name)'")
            context.printError("Run 'l10n --help' to see the commands.")
            return ExitStatus.failure.rawValue
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") {
            context.print(help(for: type))
            return 0
        }
        do {
            let parsed = try ParsedArguments.parse(rest, specs: type.arguments)
            let command = try type.init(parsed)
            return try command.run(context).rawValue
        } catch is HelpRequest {
            context.print(help(for: type))
            return 0
        } catch let error as UsageError {
            context.printError("error: \(error.description)")
            context.printError("Usage: \(usage(for: type))")
            context.printError("Run 'l10n \(type.configuration.name) --help' for more.")
            return ExitStatus.failure.rawValue
        } catch let error as LocatedError {
            context.printError(error.description)
            return ExitStatus.failure.rawValue
        } catch {
            context.printError("error: \(error)")
            return ExitStatus.failure.rawValue
        }
    }

    static func command(named name: String) -> (any ParsableCommand.Type)? {
        commands.first { $0.configuration.name == name }
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
        lines += ["", "See 'l10n help <command>' for detailed help."]
        return lines.joined(separator: "\n")
    }
}
