import XCTest
@testable import L10nCommandLine

final class CommandLineTests: XCTestCase {
    func testHelpListsEveryCommand() {
        let run = CLIRun(["--help"])
        XCTAssertEqual(run.status, 0)
        for command in L10nTool.commands {
            XCTAssertTrue(run.stdout.contains(command.configuration.name), "help lacks \(command.configuration.name)")
        }
    }

    func testUnknownCommandFailsWithStatus2() {
        let run = CLIRun(["frobnicate"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("unknown command 'frobnicate'"))
    }

    func testParsingOptionsFlagsAndPositionals() throws {
        let specs: [ArgumentSpec] = [
            .flag("check", help: "c"),
            .option("out", value: "dir", help: "o", default: "."),
            .repeatingOption("locale", value: "id", help: "l"),
            .positional("file", help: "f", repeating: true),
        ]
        let parsed = try ParsedArguments.parse(["a", "--check", "--locale", "de,fr", "--locale=ja", "--out=x", "b", "--", "--c"], specs: specs)
        XCTAssertTrue(parsed.flag("check"))
        XCTAssertEqual(parsed.value("out"), "x")
        XCTAssertEqual(parsed.values("locale"), ["de", "fr", "ja"])
        XCTAssertEqual(parsed.values("file"), ["a", "b", "--c"])
        let defaults = try ParsedArguments.parse(["a"], specs: specs)
        XCTAssertEqual(defaults.value("out"), ".")
        XCTAssertFalse(defaults.flag("check"))
    }

    func testParsingRejectsWhatIsNotDeclared() {
        let specs: [ArgumentSpec] = [.option("out", value: "dir", help: "o"), .positional("file", help: "f")]
        XCTAssertThrowsError(try ParsedArguments.parse(["--nope", "x"], specs: specs))
        XCTAssertThrowsError(try ParsedArguments.parse(["x", "--out"], specs: specs))
        XCTAssertThrowsError(try ParsedArguments.parse([], specs: specs))
        XCTAssertThrowsError(try ParsedArguments.parse(["x", "y"], specs: specs))
    }

    func testVersionNamesICU() {
        let run = CLIRun(["version"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.hasPrefix("l10n "))
        XCTAssertTrue(run.stdout.contains("ICU 7"), run.stdout)
    }
}
