import Foundation
import L10nFormats
import L10nTestSupport
import XCTest

/// `StringsFile.setValuesKeepingKeyOrder(_:)` inserts many new entries of a sorted file at once:
/// it must write what setting them one by one writes, and keep the file sorted.
final class StringsOrderedInsertTests: XCTestCase {
    func testABatchWritesWhatOneByOneWrites() throws {
        var random = SeededRandom(seed: 12)
        for round in 0..<300 {
            let ids = (0..<(1 + random.below(12))).map { _ in String(format: "%03d-aa-%03d.text", random.below(60), random.below(1000)) }
            let keys = Array(Set(ids)).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            let shuffled = round % 5 == 0 ? keys.reversed() : keys
            let blank = random.chance(0.7)
            let text = (blank ? "\n" : "") + shuffled.map { "/* Class = \"UILabel\"; text = \"\($0)\"; ObjectID = \"x\"; */\n\"\($0)\" = \"v\";\n" }
                .joined(separator: blank ? "\n" : "")
            let file = try StringsReader.parse(text, path: "de.lproj/Main.strings")
            let items = (0..<(1 + random.below(8))).map { _ -> (key: String, value: String, comment: String?) in
                let key = random.chance(0.3) && !keys.isEmpty ? keys[random.below(keys.count)]
                    : String(format: "%03d-bb-%03d.text", random.below(70), random.below(1000))
                return (key, "n\(random.below(9))", random.chance(0.8) ? "Class = \"UILabel\"; text = \"\(key)\"; ObjectID = \"y\";" : nil)
            }
            var batch = file, oneByOne = file
            batch.setValuesKeepingKeyOrder(items)
            for item in items { oneByOne.setValuesKeepingKeyOrder([item]) }
            XCTAssertEqual(batch.text, oneByOne.text, "round \(round)\n\(text)")
            XCTAssertEqual(batch.entries.map(\.key), oneByOne.entries.map(\.key))
            for item in items { XCTAssertNotNil(batch.value(forKey: item.key), item.key) }
            if shuffled == keys {
                XCTAssertEqual(batch.entries.map(\.key), batch.entries.map(\.key).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) },
                               "a sorted file stays sorted")
            }
        }
    }
}
