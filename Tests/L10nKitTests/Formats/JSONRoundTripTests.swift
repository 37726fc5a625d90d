import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// JSON read → write over Xcode's own files gives back their bytes, and every object in them is
/// in our collation order.
final class JSONRoundTripTests: XCTestCase {
    static func xcodeCatalogs() throws -> [URL] {
        try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
            + Fixtures.sharedFiles(in: "fixtures/imgly", withExtension: "xcstrings")
    }

    func testXcodeCatalogsRoundTripByteForByte() throws {
        let files = try Self.xcodeCatalogs()
        XCTAssertGreaterThanOrEqual(files.count, 5)
        for url in files {
            let data = try Data(contentsOf: url)
            let value = try JSONReader.parse(data, file: url.lastPathComponent)
            let written = JSONWriter().data(for: value)
            XCTAssertEqual(written.count, data.count, url.lastPathComponent)
            XCTAssertTrue(written == data, "\(url.lastPathComponent) differs after JSON round trip")
        }
    }
}
