import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// Issue 12 item 11: an empty `<target/>`, or one holding only inline elements, overwrote an
/// existing value with "" as translated.
final class ImportEmptyTargetTests: XCTestCase {
    func testEmptyTargetsAreNoTranslation() throws {
        let root = try ReliabilityFixtures.project(self)
        let catalog = root.appendingPathComponent("App/Localizable.xcstrings")
        let first = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<3, "v"))]), "a.xliff", in: root)
        XCTAssertEqual(CLIRun(["import", first.path, "--project", root.path], in: root).status, 0)
        let before = try Data(contentsOf: catalog)
        let empty = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="k0"><source>k0</source><target state="translated"/></trans-unit>
                  <trans-unit id="k1"><source>k1</source><target state="final"><x id="1"/></target></trans-unit>
                  <trans-unit id="k2"><source>k2</source><target state="translated"><g id="1"></g></target></trans-unit>
                </body>
              </file>
            </xliff>
            """
        let input = try ReliabilityFixtures.write(empty, "empty.xliff", in: root)
        let plan = try XLIFFImporter(project: ProjectDiscovery(root: root).discover()).plan([ImportInput.read(contentsOf: input)])
        XCTAssertEqual(plan.outcomes.map(\.status), [.skipped, .skipped, .skipped])
        XCTAssertEqual(plan.outcomes.map(\.reason), [.noTarget, .noTarget, .noTarget])
        XCTAssertEqual(plan.changes, [])
        XCTAssertEqual(CLIRun(["import", input.path, "--project", root.path], in: root).status, 0)
        XCTAssertEqual(try Data(contentsOf: catalog), before)

    }
}
