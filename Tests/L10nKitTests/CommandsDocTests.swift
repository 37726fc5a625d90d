import XCTest
@testable import L10nCommandLine

/// docs/commands.md is the generated help of every command, so the docs cannot drift from the
/// declarations. `L10N_UPDATE_DOCS=1 swift test --filter CommandsDocTests` rewrites it.
final class CommandsDocTests: XCTestCase {
    static func markdown() -> String {
        var text = """
        # Commands

        Generated from each command's declarations (the same text as `l10n help COMMAND`).
        Exit codes everywhere: `0` all good, `1` findings, `2` unusable input or usage.
        `--format json` and the JSON error object printed on exit 2: [json.md](json.md).

        """
        for command in L10nTool.commands {
            text += "\n## `l10n \(command.configuration.name)`\n\n```\n\(L10nTool.help(for: command))\n```\n"
        }
        return text
    }

    func testCommandsDocIsTheGeneratedHelp() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("docs/commands.md")
        let expected = Self.markdown()
        if ProcessInfo.processInfo.environment["L10N_UPDATE_DOCS"] == "1" {
            try Data(expected.utf8).write(to: url)
        }
        let actual = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(actual, expected, "docs/commands.md is out of date: run L10N_UPDATE_DOCS=1 swift test --disable-swift-testing --filter CommandsDocTests")
    }
}
