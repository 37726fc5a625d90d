import Foundation
import XCTest
@testable import L10nCommandLine

final class TextWidthCommandTests: XCTestCase {
    func testPrintsOneWidthPerText() {
        let run = CLIRun(["width", "Settings", "設定", "👩‍💻", "e\u{0301}", "", "a\tb"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "8\n4\n2\n1\n0\n2\n")
        XCTAssertEqual(run.stderr, "")
    }

    func testAmbiguousWide() {
        XCTAssertEqual(CLIRun(["width", "αβγ", "①"]).stdout, "3\n1\n")
        XCTAssertEqual(CLIRun(["width", "--ambiguous-wide", "αβγ", "①"]).stdout, "6\n2\n")
    }

    func testTextThatLooksLikeAnOptionAfterDoubleDash() {
        XCTAssertEqual(CLIRun(["width", "--", "--json", "-5%"]).stdout, "6\n3\n")
    }

    /// Values checked by hand against the unit tests; the file pins the JSON shape and escaping.
    func testJSONMatchesGolden() throws {
        let texts = ["Settings", "設定", "한국어", "ｶﾞ", "क्षि", "e\u{0301}", "👨‍👩‍👧‍👦", "🇩🇪", "1️⃣", "☺︎", "☺️",
                     "Ein\u{00AD}stellungen", "tab\there\nnew line", "say \"hi\"", ""]
        let run = CLIRun(["width", "--json"] + texts)
        XCTAssertEqual(run.status, 0)
        let golden = try Data(contentsOf: Fixtures.golden("Locale/width.json"))
        XCTAssertEqual(Data(run.stdout.utf8), golden, run.stdout)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed.compactMap { $0["text"] as? String }, texts)
    }

    func testNoTextIsAUsageError() {
        let run = CLIRun(["width"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("missing argument <text>"), run.stderr)
    }
}
