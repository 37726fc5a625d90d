import XCTest
@testable import L10nExchange

/// `PathCounts` answers as the `[String: Int]` it replaced in the import session: counts by
/// path, raised in place, merged by adding, nil for a path never counted, whatever object
/// holds the path's text.
final class PathCountsTests: XCTestCase {
    func testCountsAsADictionaryWould() {
        var counts = PathCounts()
        var reference: [String: Int] = [:]
        let paths = ["App/Localizable.xcstrings", "App/IMGLYEditor.xcstrings", "App/de.lproj/Errors.strings"]
        for step in 0..<200 {
            // A new string object each time for some steps: equal text is the same path.
            let path = step % 3 == 0 ? String(paths[step % paths.count].utf8.map { Character(UnicodeScalar($0)) }) : paths[step * 7 % paths.count]
            let change = step % 11 == 0 ? -1 : 1
            counts[path, default: 0] += change
            reference[path, default: 0] += change
        }
        for path in paths { XCTAssertEqual(counts[path], reference[path], path) }
        XCTAssertNil(counts["App/Other.xcstrings"])
        XCTAssertEqual(counts["App/Other.xcstrings", default: 5], 5)
        XCTAssertNil(counts["App/Other.xcstrings"], "reading with a default counts nothing")
    }

    func testMergeAddsAndEqualityIgnoresOrder() {
        var first = PathCounts()
        first["a", default: 0] += 2
        first["b", default: 0] += 1
        var second = PathCounts()
        second["c", default: 0] += 4
        second["a", default: 0] += 3
        first.merge(second)
        XCTAssertEqual(first["a"], 5)
        XCTAssertEqual(first["b"], 1)
        XCTAssertEqual(first["c"], 4)
        var other = PathCounts()
        other["c", default: 0] += 4
        other["b", default: 0] += 1
        other["a", default: 0] += 5
        XCTAssertEqual(first, other)
        other["a", default: 0] += 1
        XCTAssertNotEqual(first, other)
    }
}
