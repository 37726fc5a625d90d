import Foundation
import XCTest
@testable import L10nKit

/// The key order the reader keeps when a file is in Xcode's order, so checks and export merge
/// instead of sorting: it must always equal sorting the keys.
final class CatalogKeyOrderTests: XCTestCase {
    func testTheKeptOrderIsTheSortedOrderForEveryRealCatalog() throws {
        var files = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        files.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        var kept = 0
        for url in files {
            let catalog = try StringCatalogReader.read(contentsOf: url)
            if catalog.keyOrder.keys != nil { kept += 1 }
            XCTAssertEqual(catalog.orderedKeys, Collator.xcodeKeyOrder.sorted(Array(catalog.entries.keys)), url.lastPathComponent)
        }
        XCTAssertGreaterThan(kept, 0, "Xcode's files are in its order")
    }

    func testAFileOutOfOrderIsSortedAndAChangeForgetsTheOrder() throws {
        let shuffled = try StringCatalogReader.read(Data(#"{ "sourceLanguage" : "en", "strings" : { "b" : { }, "a10" : { }, "a9" : { } } }"#.utf8), file: "x")
        XCTAssertNil(shuffled.keyOrder.keys)
        XCTAssertEqual(shuffled.orderedKeys, ["a9", "a10", "b"])
        var ordered = try StringCatalogReader.read(Data(#"{ "sourceLanguage" : "en", "strings" : { "a9" : { }, "a10" : { }, "b" : { } } }"#.utf8), file: "x")
        XCTAssertEqual(ordered.keyOrder.keys, ["a9", "a10", "b"])
        ordered.entries["a1"] = CatalogEntry()
        XCTAssertNil(ordered.keyOrder.keys)
        XCTAssertEqual(ordered.orderedKeys, ["a1", "a9", "a10", "b"])
        XCTAssertEqual(ordered, try StringCatalogReader.read(StringCatalogWriter().data(for: ordered), file: "y"), "the cache is not part of the value")
    }
}
