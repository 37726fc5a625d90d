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

/// Issue 12 item 12: `match` was quadratic in the number of preferred languages (20,000 against
/// 20,000 took 5.5 s); candidates are now looked up in tables.
final class MatchScaleTests: XCTestCase {
    func testManyPreferencesAgainstManyCandidatesIsLinear() {
        func time(_ n: Int) -> (TimeInterval, LocaleMatch) {
            // Nothing matches until the last preference: the old scan compared every pair.
            let kinds: [String] = ["xx", "qq-ZZ", "pt-PT"]
            let preferred: [String] = (0..<n).map { (i: Int) -> String in kinds[i % 3] + (i % 3 == 2 ? "" : "-x\(i)") } + ["de-AT"]
            let offered: [String] = ["fr", "pt-BR", "nn", "ja"]
            let available: [String] = (0..<n).map { (i: Int) -> String in offered[i % 4] }
            let start = Date()
            let match = LocaleMatcher().match(preferred: preferred, available: available + ["de"])
            return (Date().timeIntervalSince(start), match)
        }
        let (small, smallMatch) = time(2_000)
        let (large, largeMatch) = time(20_000)
        XCTAssertEqual(smallMatch.localizations.first, "de")
        XCTAssertEqual(largeMatch.localizations.first, "de")
        XCTAssertEqual(largeMatch.preferredIndex, 20_000)
        XCTAssertLessThan(large, max(small * 25, 0.5), "10 times the input took \(large / max(small, 0.000_001)) times as long")
        XCTAssertLessThan(large, 5)
    }

    /// The table lookups decide as the scan of every candidate did.
    func testSameDecisionsAsTheScan() {
        let cases: [([String], [String], String?)] = [
            (["pt-PT", "pt-PT"], ["pt-BR", "en"], "pt-BR"), (["fr-CH", "fr-CA"], ["fr-FR", "fr-CA"], "fr-CA"),
            (["nb"], ["nn", "no"], "no"), (["zh-HK"], ["zh-Hant", "zh-Hans"], "zh-Hant"), (["en-IN"], ["en", "en-GB"], "en-GB"),
        ]
        for (preferred, available, first) in cases {
            XCTAssertEqual(LocaleMatcher().localizationsToUse(preferred: preferred, available: available).first, first, "\(preferred) \(available)")
        }
    }
}
