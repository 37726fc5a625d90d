import XCTest
@testable import L10nCommandLine
import L10nCore

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

/// "Did you mean" for mistyped commands, options and locale ids, and `l10n help COMMAND`.
final class CommandLineSuggestionTests: XCTestCase {
    func testUnknownCommandSuggestsTheNearest() {
        let run = CLIRun(["expor"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("unknown command 'expor'; did you mean 'export'?"), run.stderr)
        XCTAssertEqual(run.stdout, "")
    }

    func testUnknownOptionSuggestsTheNearest() {
        let run = CLIRun(["check", "--formt", "json"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("unknown option '--formt'; did you mean '--format'?"), run.stderr)
        let far = CLIRun(["check", "--zzzzzz"])
        XCTAssertEqual(far.status, 2)
        XCTAssertFalse(far.stderr.contains("did you mean"), far.stderr)
    }

    func testHelpForAnUnknownCommandIsAnError() {
        let run = CLIRun(["help", "exprot"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains("unknown command 'exprot'; did you mean 'export'?"), run.stderr)
        let nothing = CLIRun(["help", "nosuch"])
        XCTAssertEqual(nothing.status, 2)
        XCTAssertTrue(nothing.stderr.contains("unknown command 'nosuch'"), nothing.stderr)
    }

    func testHelpForACommandPrintsItsHelp() {
        let run = CLIRun(["help", "export"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, L10nTool.help(for: ExportCommand.self) + "\n")
        XCTAssertEqual(run.stderr, "")
        // `help help` is the overview ("unknown command 'help'; did you mean 'help'?" before).
        for arguments in [["help", "help"], ["help", "--help"]] {
            let overview = CLIRun(arguments)
            XCTAssertEqual(overview.status, 0, overview.stderr)
            XCTAssertTrue(overview.stdout.hasPrefix("OVERVIEW: l10n"), overview.stdout)
        }
    }

    /// `l10n --version` worked but no help or doc named it: the overview lists it and
    /// `help version` (docs/commands.md) says how it differs from `l10n version`.
    func testTheVersionOptionIsDocumented() {
        let version = CLIRun(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, L10nTool.version + "\n")
        let overview = CLIRun(["--help"])
        XCTAssertTrue(overview.stdout.contains("\nOPTIONS:\n  --version      Print the l10n version (l10n version adds ICU's).\n"), overview.stdout)
        XCTAssertTrue(CLIRun(["help", "version"]).stdout.contains("l10n --version prints the l10n version alone"))
    }

    /// An option whose value is missing says so rather than taking the next option as its value
    /// (`--project --format json` read the project "--format" and then choked on "json"); flags
    /// that exclude each other are refused.
    func testAMissingValueAndConflictingFlagsAreNamed() {
        let missing = CLIRun(["check", "--project", "--format", "json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("error: '--project' needs a value <dir> before --format"), missing.stderr)
        let both = CLIRun(["export", "--xliff", "--xcloc", "--project", "Samples/BrandedEditor"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.hasPrefix("error: --xliff and --xcloc exclude each other"), both.stderr)
        for empty in ["", ","] {
            let none = CLIRun(["report", "--project", "Samples/BrandedEditor", "--format", empty])
            XCTAssertEqual(none.status, 2, "'\(empty)' was taken for text")
            XCTAssertTrue(none.stderr.hasPrefix("error: --format needs a format: text, md, json, html, junit"), none.stderr)
        }
    }

    /// After `--` every argument is a value, `--help` too.
    func testHelpAfterTheSeparatorIsAValue() {
        let run = CLIRun(["width", "--", "--help"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "6\n")
        XCTAssertTrue(CLIRun(["width", "--help"]).stdout.hasPrefix("OVERVIEW: Print the display width"))
    }

    func testMistypedLocaleIdsSuggestTheNearest() {
        let name = CLIRun(["export", "--locale", "Germna"])
        XCTAssertEqual(name.status, 2)
        XCTAssertTrue(name.stderr.contains("did you mean 'de'?"), name.stderr)
        let code = CLIRun(["export", "--locale", "jp"])
        XCTAssertEqual(code.status, 2)
        XCTAssertTrue(code.stderr.contains("did you mean 'ja'?"), code.stderr)
    }

    func testALocaleTheAppLacksSuggestsADeclaredOne() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let run = CLIRun(["export", "--project", Fixtures.packageRoot.appendingPathComponent("Samples/BrandedEditor").path,
                          "--locale", "fy", "--out", folder.path])
        XCTAssertTrue(run.stderr.contains("warning: the app does not declare 'fy'; did you mean 'fr'?"), run.stderr)
    }

    func testMistypedOptionValuesSuggestTheNearest() {
        let cases: [([String], String)] = [
            (["run", "p.json", "--format", "jsno"], "unknown format 'jsno'; did you mean 'json'? use text or json"),
            (["check", "--format", "junti"], "unknown format 'junti'; did you mean 'junit'? use text, json, github or junit"),
            (["report", "--format", "html,mdd"], "unknown format 'mdd'; did you mean 'md'? use text, md, json, html or junit"),
            (["export", "--scope", "overide"], "unknown scope 'overide'; did you mean 'overrides'? use overrides, missing or all"),
        ]
        for (arguments, message) in cases {
            let run = CLIRun(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.hasPrefix("error: \(message)\n"), "\(arguments): \(run.stderr)")
        }
    }

    func testAPluralLocaleWithoutRulesSuggestsTheNearestId() {
        let run = CLIRun(["plurals", "jp"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stderr, "warning: ICU has no plural rules for 'jp'; it uses the root rules, where every number is other; did you mean 'ja'?\n")
    }
}

/// Finding paths read relative to the working folder, going up with `..` where the project lies
/// above or beside it (they were absolute), and absolute only when the two share no folder but `/`.
final class DisplayPathTests: XCTestCase {
    func testPathsGoUpFromTheWorkingFolder() {
        func url(_ path: String) -> URL { URL(fileURLWithPath: path, isDirectory: true) }
        XCTAssertEqual(DisplayPath.walking(url("/w/proj/App"), from: url("/w")), "proj/App")
        XCTAssertEqual(DisplayPath.walking(url("/w/proj"), from: url("/w/proj/App")), "..")
        XCTAssertEqual(DisplayPath.walking(url("/w/other/App"), from: url("/w/proj/App")), "../../other/App")
        XCTAssertEqual(DisplayPath.walking(url("/w"), from: url("/w")), "")
        XCTAssertNil(DisplayPath.walking(url("/tmp/x"), from: url("/work/main")))
    }

    func testACheckFromInsideTheProjectNamesFilesFromThere() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let inside = root.appendingPathComponent("BrandedEditor")
        let run = CLIRun(["check", "--project", "..", "--format", "json", "--only", "needs-review"], in: inside)
        XCTAssertTrue(run.stdout.contains("\"file\":\"../BrandedEditor/"), run.stdout)
        XCTAssertFalse(run.stdout.contains("\"file\":\"/"), run.stdout)
    }

    /// An unreadable catalog's error names the file as the findings would, from the working
    /// folder, in text and JSON (it was absolute, where findings are relative).
    func testAnErrorNamesItsFileFromTheWorkingFolder() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let catalog = root.appendingPathComponent("BrandedEditor/Localizable.xcstrings")
        try Data(try Data(contentsOf: catalog).prefix(200)).write(to: catalog)
        let inside = root.appendingPathComponent("OnboardingKit")
        let text = CLIRun(["check", "--project", ".."], in: inside)
        XCTAssertEqual(text.status, 2)
        XCTAssertTrue(text.stderr.hasPrefix("../BrandedEditor/Localizable.xcstrings:"), text.stderr)
        let json = CLIRun(["check", "--project", "..", "--format", "json"], in: inside)
        XCTAssertEqual(json.status, 2)
        XCTAssertTrue(json.stdout.contains("\"file\" : \"../BrandedEditor/Localizable.xcstrings\""), json.stdout)
        XCTAssertTrue(json.stderr.hasPrefix("../BrandedEditor/Localizable.xcstrings:"), json.stderr)
    }
}
