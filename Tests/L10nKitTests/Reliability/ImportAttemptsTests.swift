import Foundation
import XCTest
@testable import L10nXLIFF
@testable import L10nExchange
@testable import L10nJobs

/// The inputs of an import's plans: the first plan gets them as read (and may let them go), a
/// plan after a write conflict gets the files read again; inputs made in memory are held.
final class ImportAttemptsTests: XCTestCase {
    func testARetryReadsTheFilesAgain() throws {
        let root = try ReliabilityFixtures.project(self)
        let file = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<2, "first"))]),
                                                 "in.xliff", in: root)
        let input = try ImportInput.read(contentsOf: file, displayPath: "handoff/in.xliff")
        XCTAssertEqual(input.url, file)
        var attempts = ImportAttempts([input])

        let first = try attempts.next()
        XCTAssertEqual(first.map(\.document), [input.document])
        XCTAssertEqual(first.map(\.path), ["handoff/in.xliff"])

        // Another run rewrote the file between the plans: the retry sees what is on disk now.
        _ = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<2, "second"))]),
                                          "in.xliff", in: root)
        let retry = try attempts.next()
        XCTAssertEqual(retry.map(\.path), ["handoff/in.xliff"])
        XCTAssertEqual(retry.first?.document.files.first?.units.map(\.target), ["second0", "second1"])
        XCTAssertEqual(first.first?.document.files.first?.units.map(\.target), ["first0", "first1"])
    }

    func testInputsMadeInMemoryAreHeldForEveryPlan() throws {
        let document = try XLIFFReader().read(Data(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<1, "m"))]).utf8),
                                              path: "memory.xliff")
        let fromFile = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(1..<2, "f"))]),
                                                     "file.xliff", in: try ReliabilityFixtures.project(self))
        var attempts = ImportAttempts([ImportInput(path: "memory", document: document), try ImportInput.read(contentsOf: fromFile)])
        for _ in 0..<3 {
            XCTAssertEqual(try attempts.next().map(\.document.files.first?.units.first?.target), ["m0", "f1"])
        }
    }

    func testAFileGoneBeforeTheRetryIsALocatedError() throws {
        let root = try ReliabilityFixtures.project(self)
        let file = try ReliabilityFixtures.write(ReliabilityFixtures.xliff([("App/Localizable.xcstrings", ReliabilityFixtures.catalogUnits(0..<1, "v"))]),
                                                 "gone.xliff", in: root)
        var attempts = ImportAttempts([try ImportInput.read(contentsOf: file, displayPath: "gone.xliff")])
        _ = try attempts.next()
        try FileManager.default.removeItem(at: file)
        XCTAssertThrowsError(try attempts.next()) { error in
            XCTAssertTrue("\(error)".contains("gone.xliff"), "\(error)")
        }
    }
}
