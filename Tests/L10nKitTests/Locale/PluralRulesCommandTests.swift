import Foundation
import XCTest
@testable import L10nCommandLine

final class PluralRulesCommandTests: XCTestCase {
    func testPrintsCategoriesPerLocale() {
        let run = CLIRun(["plurals", "ru", "ja", "en_GB", "zh-Hant", "ar", "pt-BR"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, """
            ru: one few many other
            ja: other
            en_GB: one other
            zh-Hant: other
            ar: zero one two few many other
            pt-BR: one many other

            """)
        XCTAssertEqual(run.stderr, "")
    }

    func testOrdinal() {
        XCTAssertEqual(CLIRun(["plurals", "--ordinal", "en", "fr"]).stdout, "en: one two few other\nfr: one other\n")
    }

    func testRulesShowConditionsAndPlainSamples() {
        let run = CLIRun(["plurals", "--rules", "fr"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, """
            fr: one many other
              one    i = 0,1  e.g. 0, 1, 0.0~1.5
              many   e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5  e.g. 1000000
              other  (everything else)  e.g. 2~17, 100, 1000, 10000, 100000, 2.0~3.5, 10.0, 100.0

            """)
    }

    func testJSONMatchesGolden() throws {
        let run = CLIRun(["plurals", "--json", "en", "fr", "ru", "pl", "ar", "ja", "zh-Hant", "cy", "lt", "he", "pt", "pt-PT"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(Data(run.stdout.utf8), try Data(contentsOf: Fixtures.golden("Locale/plurals.json")), run.stdout)
    }

    func testLocaleWithoutRulesWarns() {
        let run = CLIRun(["plurals", "mul"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "mul: other\n")
        XCTAssertEqual(run.stderr, "warning: ICU has no plural rules for 'mul'; it uses the root rules, where every number is other\n")
    }

    func testInvalidLocaleFailsWithHintAndPrintsNothing() {
        let run = CLIRun(["plurals", "de", "Base"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, """
            error: 'Base' is not a locale identifier: 'Base' is not a language subtag (2, 3 or 5 to 8 letters)
              hint: Base.lproj holds the development-language files of Interface Builder; it is not a locale

            """)
    }

    func testUsageErrors() {
        XCTAssertEqual(CLIRun(["plurals"]).status, 2)
        let both = CLIRun(["plurals", "--rules", "--json", "en"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("--rules and --json cannot be combined"), both.stderr)
    }
}
