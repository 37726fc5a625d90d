import XCTest
@testable import L10nKit

/// Every real Xcode catalog read into the model and written again gives back its bytes.
final class XCStringsRoundTripTests: XCTestCase {
    func testXcodeCatalogsRoundTripByteForByte() throws {
        let files = try JSONRoundTripTests.xcodeCatalogs()
        for url in files {
            let data = try Data(contentsOf: url)
            let catalog = try StringCatalogReader.read(data, file: url.lastPathComponent)
            XCTAssertFalse(catalog.entries.isEmpty)
            let written = StringCatalogWriter().data(for: catalog)
            XCTAssertTrue(written == data, "\(url.lastPathComponent) differs after catalog round trip")
            XCTAssertEqual(try StringCatalogReader.read(written, file: "again"), catalog)
        }
    }
}
