import XCTest
@testable import L10nCommandLine
import L10nKit

/// `l10n match`.
final class LocaleMatcherCommandTests: XCTestCase {
    func testRegionalPreferenceFallsBackToTheLanguage() {
        let run = CLIRun(["match", "--preferred", "de-AT", "--available", "en,de,fr"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "de\n")
    }

    func testFallbacksFollowInChainOrder() {
        let run = CLIRun(["match", "--preferred", "en-IN", "--available", "en,en-GB,de"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "en-GB\nen\n")
    }

    func testJSONOutputIsACompactArray() {
        XCTAssertEqual(CLIRun(["match", "--preferred", "en-IN", "--available", "en,en-GB,de", "--json"]).stdout, "[\"en-GB\",\"en\"]\n")
        XCTAssertEqual(CLIRun(["match", "--preferred", "ja", "--available", "en", "--json"]).stdout, "[]\n")
        XCTAssertEqual(JSONWriter.compactString(.string("a\"b\\c\u{1}é")), "\"a\\\"b\\\\c\\u0001é\"")
    }

    func testNothingPrintedWithoutAMatch() {
        let run = CLIRun(["match", "--preferred", "ja,ko", "--available", "en,de"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "")
    }

    /// An empty preference list is a list, as Apple's function takes it: nothing matches, nothing is
    /// printed, and only a bundle's own fallback (--development-region) still applies.
    func testEmptyPreferenceListPrintsNothing() {
        for arguments in [["--preferred", ""], ["--preferred="], ["--preferred", ","]] {
            let run = CLIRun(["match"] + arguments + ["--available", "en,de"])
            XCTAssertEqual(run.status, 0, "\(arguments) \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(arguments)")
            XCTAssertEqual(run.stderr, "", "\(arguments)")
        }
        XCTAssertEqual(CLIRun(["match", "--preferred", "", "--available", "en,de", "--json"]).stdout, "[]\n")
        XCTAssertEqual(CLIRun(["match", "--preferred", "", "--available", "en,de", "--development-region", "de"]).stdout, "de\n")
        let project = CLIRun(["match", "--preferred", "", "--project", Fixtures.sample("BrandedEditor").path])
        XCTAssertEqual(project.status, 0, project.stderr)
        XCTAssertTrue(project.stdout.hasPrefix("device with no preferred language\n  BrandedEditor (app): en\n"), project.stdout)
        XCTAssertEqual(project.stdout.components(separatedBy: "device ").count, 2, "one device, not the common ones")
        // One device or the common ones: a JSON array either way (one device was an object).
        let one = CLIRun(["match", "--preferred", "de", "--project", Fixtures.sample("BrandedEditor").path, "--format", "json"])
        XCTAssertTrue(one.stdout.hasPrefix("[{\"preferred\":[\"de\"],\"bundles\":[{\"bundle\":\"BrandedEditor\""), one.stdout)
        XCTAssertTrue(CLIRun(["match", "--project", Fixtures.sample("BrandedEditor").path, "--format", "json"]).stdout.hasPrefix("[{\"preferred\":[\"en-US\"]"))
    }

    func testRepeatedOptionsAndLimit() {
        let run = CLIRun(["match", "--preferred", "en_NZ", "--available", "en", "--available", "en_GB,en_AU", "--limit", "2"])
        XCTAssertEqual(run.stdout, "en_AU\nen_GB\n")
    }

    func testDevelopmentRegionAppliesTheBundleFallback() {
        XCTAssertEqual(CLIRun(["match", "--preferred", "ja", "--available", "en,fr", "--development-region", "en"]).stdout, "en\n")
        XCTAssertEqual(CLIRun(["match", "--preferred", "fr-CA", "--available", "en,fr", "--development-region", "en"]).stdout, "fr\nen\n")
        XCTAssertEqual(CLIRun(["match", "--preferred", "ja", "--available", "de,fr", "--development-region", "en", "--json"]).stdout, "[\"de\",\"en\"]\n")
    }

    func testUsageErrors() {
        for arguments in [
            ["match", "--available", "en"],
            ["match", "--preferred", "en", "--limit", "0"],
            ["match", "--preferred", "en", "--limit", "x"],
            ["match", "--preferred", "en", "--development-region="],
            ["match", "--preferred", "en", "extra"],
        ] {
            let run = CLIRun(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.contains("error:"), run.stderr)
            XCTAssertEqual(run.stdout, "")
        }
    }

    func testHelpDescribesTheOptions() {
        let run = CLIRun(["match", "--help"])
        XCTAssertEqual(run.status, 0)
        for option in ["--preferred", "--available", "--development-region", "--json", "--limit"] {
            XCTAssertTrue(run.stdout.contains(option), option)
        }
    }
}
