import Foundation
import XCTest
import L10nKit

/// The embedded table must say what ../shared/data/locale/apple-locale-data.json says.
final class LocaleMatcherDataTests: XCTestCase {
    struct AppleData: Decodable {
        var aliases: [String: String]
        var appleParents: [String: String]
        var parentLocales: [String: String]
        var languageGroups: [String: String]
        var noCountryPenalty: [String]
    }

    func testEmbeddedTableEqualsTheSharedJSON() throws {
        let url = try Fixtures.shared("data/locale/apple-locale-data.json")
        let data = try JSONDecoder().decode(AppleData.self, from: Data(contentsOf: url))
        XCTAssertEqual(AppleLocaleData.aliases, data.aliases)
        XCTAssertEqual(AppleLocaleData.appleParents, data.appleParents)
        XCTAssertEqual(AppleLocaleData.parentLocales, data.parentLocales)
        XCTAssertEqual(AppleLocaleData.languageGroups, data.languageGroups)
        XCTAssertEqual(AppleLocaleData.noCountryPenalty, Set(data.noCountryPenalty))
        XCTAssertEqual(data.noCountryPenalty.count, Set(data.noCountryPenalty).count)
    }

    func testTableHoldsNoParentCycle() {
        for start in AppleLocaleData.appleParents.keys.sorted() + AppleLocaleData.parentLocales.keys.sorted() {
            var seen: Set<String> = [start]
            var current = start
            while true {
                current = LocaleMatcher.parent(of: current)
                if current.isEmpty || current == "root" { break }
                XCTAssertTrue(seen.insert(current).inserted, "parent cycle through \(current) from \(start)")
                if seen.count > 20 { break }
            }
        }
    }
}
