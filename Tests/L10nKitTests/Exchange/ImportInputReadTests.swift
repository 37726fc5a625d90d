import Foundation
import XCTest
@testable import L10nExchange
@testable import L10nXLIFF
@testable import L10nCore

/// `ImportInput.read(_:)` parses translator files two at a time and answers in the order given:
/// a file that cannot be read keeps its place, and the others are read all the same.
final class ImportInputReadTests: XCTestCase {
    func testResultsKeepTheOrderGivenWithAFailureInTheMiddle() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let good = Fixtures.sample("BrandedEditor/handoff/fr.xliff")
        let broken = folder.appendingPathComponent("broken.xliff")
        try Data("<xliff version=\"1.2\"><file".utf8).write(to: broken)
        let missing = folder.appendingPathComponent("missing.xliff")
        let files: [(url: URL, displayPath: String?)] = [(good, "a.xliff"), (broken, "broken.xliff"), (good, "c.xliff"),
                                                         (missing, "missing.xliff"), (good, "e.xliff")]
        let results = ImportInput.read(files)
        XCTAssertEqual(results.count, files.count)
        let expected = try ImportInput.read(contentsOf: good, displayPath: "a.xliff")
        for index in [0, 2, 4] {
            let input = try results[index].get()
            XCTAssertEqual(input.path, files[index].displayPath)
            XCTAssertEqual(input.document.files.map { $0.units.map(\.id) }, expected.document.files.map { $0.units.map(\.id) })
            XCTAssertEqual(input.document.files.first?.units.first?.location?.file, files[index].displayPath, "located in its own file")
        }
        for index in [1, 3] {
            XCTAssertThrowsError(try results[index].get()) { error in
                XCTAssertTrue(error is any LocatedError, "\(error)")
                XCTAssertTrue("\(error)".contains(files[index].displayPath!), "\(error)")
            }
        }
        // The first failure in the given order is the one a caller that stops at the first meets.
        XCTAssertThrowsError(try results.map { try $0.get() }) { error in
            XCTAssertTrue("\(error)".contains("broken.xliff"), "\(error)")
        }
    }
}
