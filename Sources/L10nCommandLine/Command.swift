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

/// How much a command says on standard error besides its errors: `--quiet` only errors,
/// `--verbose` also a line per file.
public enum Verbosity: Sendable {
    case quiet
    case normal
    case verbose
}

/// Where a command writes and what it runs in; tests pass their own to capture output.
public final class CommandContext: @unchecked Sendable {
    public let currentDirectory: URL
    public let environment: [String: String]
    private let writeOut: (String) -> Void
    /// Standard output as bytes, when the context has such a sink (the process); else `writeOut`.
    private let writeOutBytes: (([UInt8]) -> Void)?
    private let writeErr: (String) -> Void
    /// Whether standard output is a terminal (colour is used only then, and never with NO_COLOR).
    public let isTerminal: Bool
    /// Whether standard error is a terminal: only then is a progress line drawn.
    public let errorIsTerminal: Bool
    /// Set from the global options `--quiet` and `--verbose`.
    public internal(set) var verbosity: Verbosity = .normal
    /// Columns the progress line may use (the terminal's width less one).
    public let progressWidth: Int
    /// Whether a progress line is on the terminal now (erased before anything else is written).
    private var showsProgress = false

    public init(
        currentDirectory: URL,
        environment: [String: String],
        isTerminal: Bool = false,
        errorIsTerminal: Bool = false,
        progressWidth: Int = 79,
        stdout: @escaping (String) -> Void,
        stdoutBytes: (([UInt8]) -> Void)? = nil,
        stderr: @escaping (String) -> Void
    ) {
        self.progressWidth = max(20, progressWidth)
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.isTerminal = isTerminal
        self.errorIsTerminal = errorIsTerminal
        self.writeOut = stdout
        self.writeOutBytes = stdoutBytes
        self.writeErr = stderr
    }

    /// The real process: standard output and error, the working directory and environment.
    public static func process() -> CommandContext {
        CommandContext(
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            environment: ProcessInfo.processInfo.environment,
            isTerminal: isatty(STDOUT_FILENO) != 0,
            errorIsTerminal: isatty(STDERR_FILENO) != 0,
            progressWidth: terminalColumns(STDERR_FILENO).map { $0 - 1 } ?? 79,
            stdout: { StandardStream.output.write($0) },
            stdoutBytes: { StandardStream.output.write(utf8: $0) },
            stderr: { StandardStream.error.write($0) }
        )
    }

    /// Writes a line to standard output.
    public func print(_ line: String = "") { write(line + "\n") }
    /// Writes text to standard output as is.
    public func write(_ text: String) {
        endProgress()
        writeOut(text)
    }
    /// Writes UTF-8 text, given as its bytes, to standard output as is.
    public func write(utf8 bytes: [UInt8]) {
        endProgress()
        if let writeOutBytes { writeOutBytes(bytes) } else { writeOut(String(decoding: bytes, as: UTF8.self)) }
    }
    /// Writes a line to standard error (errors: printed even with `--quiet`).
    public func printError(_ line: String) {
        endProgress()
        writeErr(line + "\n")
    }
    /// A warning, note or summary on standard error; `--quiet` drops it.
    public func note(_ line: String) {
        if verbosity != .quiet { printError(line) }
    }
    /// A line per file or step on standard error, only with `--verbose`; the line is not even
    /// made without it (the import's counts every unit of a translator file).
    public func detail(_ line: @autoclosure () -> String) {
        if verbosity == .verbose { printError(line()) }
    }

    /// Redraws the one progress line (`format: 3/120 Base.lproj/Main.strings`) on standard error,
    /// only when it is a terminal and without `--quiet`; elsewhere nothing is written.
    public func progress(_ step: Int, of total: Int, _ what: String) {
        guard errorIsTerminal, verbosity != .quiet, total > 1 else { return }
        let line = "[\(step)/\(total)] \(what)"
        writeErr("\r\u{1B}[K" + String(line.prefix(progressWidth)))
        showsProgress = true
    }

    /// Erases the progress line, if one is shown.
    public func endProgress() {
        guard showsProgress else { return }
        showsProgress = false
        writeErr("\r\u{1B}[K")
    }

    /// Resolves a path given on the command line against the working directory.
    public func url(for path: String, isDirectory: Bool = false) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path, isDirectory: isDirectory).standardizedFileURL }
        return URL(fileURLWithPath: path, isDirectory: isDirectory, relativeTo: currentDirectory).standardizedFileURL
    }

    /// Whether colour may be used.
    public var usesColor: Bool { isTerminal && environment["NO_COLOR"] == nil }

    /// With `--verbose`, what discovery read: a line per catalog, table and document, as the
    /// pipeline's discover stage prints them.
    func describeDiscovery(_ project: Project, root: URL) {
        guard verbosity == .verbose else { return }
        for line in PipelineRunner.summary(of: project, pathPrefix: displayPrefix(for: root)).split(separator: "\n") { printError(String(line)) }
    }

    /// What to put before a project-relative path so it reads relative to the working folder.
    func displayPrefix(for root: URL) -> String {
        guard let relative = DisplayPath.walking(root, from: currentDirectory) else { return root.standardizedFileURL.path + "/" }
        return relative.isEmpty ? "" : relative + "/"
    }
}

/// The width of the terminal on `descriptor`, nil when it is none or does not say.
func terminalColumns(_ descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
}
