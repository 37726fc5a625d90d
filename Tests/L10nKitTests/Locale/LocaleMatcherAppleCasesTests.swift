import Foundation
import XCTest
import L10nKit

/// Apple's own test tables for `ualoc_localizationsToUse` (the sample in ../shared).
final class LocaleMatcherAppleCasesTests: XCTestCase {
    struct AppleCase: Decodable {
        var id: String
        var prefs: [String]
        var avail: [String]
        var expected: [String]
    }

    func testEveryDevCaseMatchesApple() throws {
        let url = try Fixtures.shared("data/locale/localizations-to-use.dev.json")
        let cases = try JSONDecoder().decode([AppleCase].self, from: Data(contentsOf: url))
        XCTAssertGreaterThan(cases.count, 100)
        let matcher = LocaleMatcher()
        var failures: [String] = []
        for item in cases {
            let got = matcher.localizationsToUse(preferred: item.prefs, available: item.avail)
            if got != item.expected {
                failures.append("\(item.id): prefs \(item.prefs) avail \(item.avail) expected \(item.expected) got \(got)")
            }
        }
        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(cases.count) cases differ:\n" + failures.joined(separator: "\n"))
    }
}
