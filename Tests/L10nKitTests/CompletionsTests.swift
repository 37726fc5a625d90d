import Foundation
import XCTest
@testable import L10nCommandLine

/// `l10n completions SHELL`: generated from the declarations, so every command and option is in
/// it; parsed by the shell itself where that shell is installed.
final class CompletionsTests: XCTestCase {
    private func script(_ shell: String) -> String {
        let run = CLIRun(["completions", shell])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
        return run.stdout
    }

    func testEveryScriptNamesEveryCommandOptionAndFixedValue() {
        for shell in ["bash", "zsh", "fish"] {
            let text = script(shell)
            for command in L10nTool.commands {
                XCTAssertTrue(text.contains(command.configuration.name), "\(shell) lacks \(command.configuration.name)")
                for spec in command.arguments + L10nTool.globalArguments where !spec.isPositional {
                    let option = shell == "fish" ? "-l \(spec.name)" : "--\(spec.name)"
                    XCTAssertTrue(text.contains(option), "\(shell) lacks \(option) of \(command.configuration.name)")
                }
            }
            XCTAssertTrue(text.contains("text json github junit"), "\(shell) lacks check's formats")
            XCTAssertTrue(text.contains("overrides missing all"), "\(shell) lacks export's scopes")
            XCTAssertTrue(text.contains("accented expanded bracketed bidi"), "\(shell) lacks pseudo's styles")
        }
    }

    func testUnknownShellIsAUsageError() {
        let run = CLIRun(["completions", "bsh"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("unknown shell 'bsh'; did you mean 'bash'?"), run.stderr)
    }

    private func executable(_ name: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Runs `shell arguments...` and returns its status and standard output.
    private func run(_ shell: URL, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = shell
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    private func parse(_ shell: String, check: [String]) throws {
        guard let binary = executable(shell) else { throw XCTSkip("\(shell) is not installed; its completion script was not parsed") }
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("l10n.\(shell)")
        try Data(script(shell).utf8).write(to: file)
        let (status, output) = try run(binary, check + [file.path])
        XCTAssertEqual(status, 0, "\(shell) refuses the script: \(output)")
    }

    func testBashParsesTheScript() throws { try parse("bash", check: ["-n"]) }
    func testZshParsesTheScript() throws { try parse("zsh", check: ["-n"]) }
    func testFishParsesTheScript() throws { try parse("fish", check: ["--no-execute"]) }

    func testBashCompletesCommandsOptionsAndValues() throws {
        guard let bash = executable("bash") else { throw XCTSkip("bash is not installed") }
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("l10n.bash")
        try Data(script("bash").utf8).write(to: file)
        func complete(_ words: [String]) throws -> String {
            let array = words.map { "'\($0)'" }.joined(separator: " ")
            let (status, output) = try run(bash, ["-c", "source '\(file.path)'; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _l10n; echo \"${COMPREPLY[*]}\""])
            XCTAssertEqual(status, 0, output)
            return output.trimmingCharacters(in: .newlines)
        }
        XCTAssertEqual(try complete(["l10n", "exp"]), "export")
        XCTAssertEqual(try complete(["l10n", "--quiet", "form"]), "format")
        XCTAssertEqual(try complete(["l10n", "check", "--format", ""]), "text json github junit")
        XCTAssertEqual(try complete(["l10n", "export", "--scope", "o"]), "overrides")
        XCTAssertEqual(try complete(["l10n", "pseudo", "--style", "b"]), "bracketed bidi", "pseudo's styles, not file names")
        XCTAssertEqual(try complete(["l10n", "help", "comp"]), "completions")
        XCTAssertEqual(try complete(["l10n", "run", "--f"]), "--format")
    }

    func testFishCompletesCommandsOptionsAndValues() throws {
        guard let fish = executable("fish") else { throw XCTSkip("fish is not installed; its completions were not exercised") }
        let file = try Fixtures.temporaryFolder(self).appendingPathComponent("l10n.fish")
        try Data(script("fish").utf8).write(to: file)
        func complete(_ line: String) throws -> [String] {
            let (status, output) = try run(fish, ["--no-config", "-c", "source '\(file.path)'; complete -C '\(line)'"])
            XCTAssertEqual(status, 0, output)
            return output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        XCTAssertEqual(try complete("l10n exp"), ["export"])
        XCTAssertEqual(try complete("l10n --quiet form"), ["format"])
        XCTAssertEqual(try complete("l10n check --format ").sorted(), ["github", "json", "junit", "text"])
        XCTAssertEqual(try complete("l10n export --sc"), ["--scope"])
        XCTAssertEqual(try complete("l10n help comp"), ["completions"])
    }
}
