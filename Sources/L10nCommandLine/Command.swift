import Foundation
import L10nKit

/// What a command reports to the shell: 0 all good, 1 findings (refused units, failed checks,
/// non-canonical files), 2 unusable input or usage.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case findings = 1
    case failure = 2
}

/// Static description of a command, used for dispatch and generated help.
public struct CommandConfiguration: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String

    public init(name: String, abstract: String, discussion: String = "") {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
    }
}

/// One `l10n` subcommand: its arguments are declared beside it; it parses them into its own
/// properties and then calls the library.
public protocol ParsableCommand {
    static var configuration: CommandConfiguration { get }
    static var arguments: [ArgumentSpec] { get }
    init(_ arguments: ParsedArguments) throws
    func run(_ context: CommandContext) throws -> ExitStatus
}

/// Where a command writes and what it runs in; tests pass their own to capture output.
public final class CommandContext: @unchecked Sendable {
    public let currentDirectory: URL
    public let environment: [String: String]
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    /// Whether standard output is a terminal (colour is used only then, and never with NO_COLOR).
    public let isTerminal: Bool

    public init(
        currentDirectory: URL,
        environment: [String: String],
        isTerminal: Bool = false,
        stdout: @escaping (String) -> Void,
        stderr: @escaping (String) -> Void
    ) {
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.isTerminal = isTerminal
        self.writeOut = stdout
        self.writeErr = stderr
    }

    /// The real process: standard output and error, the working directory and environment.
    public static func process() -> CommandContext {
        CommandContext(
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            environment: ProcessInfo.processInfo.environment,
            isTerminal: isatty(STDOUT_FILENO) != 0,
            stdout: { StandardStream.output.write($0) },
            stderr: { StandardStream.error.write($0) }
        )
    }

    /// Writes a line to standard output.
    public func print(_ line: String = "") { writeOut(line + "\n") }
    /// Writes text to standard output as is.
    public func write(_ text: String) { writeOut(text) }
    /// Writes a line to standard error.
    public func printError(_ line: String) { writeErr(line + "\n") }

    /// Resolves a path given on the command line against the working directory.
    public func url(for path: String, isDirectory: Bool = false) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path, isDirectory: isDirectory).standardizedFileURL }
        return URL(fileURLWithPath: path, isDirectory: isDirectory, relativeTo: currentDirectory).standardizedFileURL
    }

    /// Whether colour may be used.
    public var usesColor: Bool { isTerminal && environment["NO_COLOR"] == nil }

    /// What to put before a project-relative path so it reads relative to the working folder.
    func displayPrefix(for root: URL) -> String {
        guard let relative = DisplayPath.relative(root, to: currentDirectory) else { return root.standardizedFileURL.path + "/" }
        return relative.isEmpty ? "" : relative + "/"
    }
}
