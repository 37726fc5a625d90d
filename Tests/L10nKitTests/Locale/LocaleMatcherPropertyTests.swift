import XCTest
import L10nKit
import L10nTestSupport

/// Properties that must hold for any input, checked on seeded random preference and availability lists.
final class LocaleMatcherPropertyTests: XCTestCase {
    static let languages = ["en", "fr", "de", "es", "pt", "zh", "yue", "wuu", "nb", "no", "nn", "hi", "ar", "ars", "it", "iw", "he", "tl", "fil", "sh", "sr", "English", "French"]
    static let scripts = ["Hans", "Hant", "Latn", "Cyrl"]
    static let regions = ["US", "GB", "AU", "IN", "NZ", "CA", "FR", "CH", "BR", "PT", "MX", "419", "AR", "TW", "HK", "MO", "CN", "SG", "NO", "DE", "AT", "001", "150"]
    /// Languages outside every group above.
    static let unrelated = ["ko", "ru", "th", "vi", "pl", "ja_JP", "ko-KR", "uk", "Korean"]

    static func identifier(_ random: inout SeededRandom) -> String {
        var parts = [languages.randomElement(using: &random)!]
        if Int.random(in: 0..<4, using: &random) == 0 { parts.append(scripts.randomElement(using: &random)!) }
        if Int.random(in: 0..<2, using: &random) == 0 { parts.append(regions.randomElement(using: &random)!) }
        return parts.joined(separator: Bool.random(using: &random) ? "-" : "_")
    }

    static func list(_ random: inout SeededRandom, upTo count: Int) -> [String] {
        (0..<Int.random(in: 1...count, using: &random)).map { _ in identifier(&random) }
    }

    func testOutputComesFromTheAvailableListWithinTheLimit() {
        var random = SeededRandom(seed: 1)
        for _ in 0..<1500 {
            let preferred = Self.list(&random, upTo: 3), available = Self.list(&random, upTo: 10)
            let limit = Int.random(in: 1...8, using: &random)
            let match = LocaleMatcher(limit: limit).match(preferred: preferred, available: available)
            let context = "prefs \(preferred) avail \(available) limit \(limit)"
            XCTAssertLessThanOrEqual(match.localizations.count, limit, context)
            XCTAssertTrue(match.localizations.allSatisfy(available.contains), context)
            XCTAssertEqual(match.localizations.first, match.chosenIndex.map { available[$0] }, context)
        }
    }

    /// Localizations of a language no preference shares a group with are never scored, so adding them
    /// anywhere cannot change the choice.
    func testUnrelatedLocalizationsDoNotChangeTheChoice() {
        var random = SeededRandom(seed: 2)
        let matcher = LocaleMatcher()
        for _ in 0..<1500 {
            let preferred = Self.list(&random, upTo: 3), available = Self.list(&random, upTo: 8)
            var widened = available
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                widened.insert(Self.unrelated.randomElement(using: &random)!, at: Int.random(in: 0...widened.count, using: &random))
            }
            XCTAssertEqual(
                matcher.localizationsToUse(preferred: preferred, available: widened).first,
                matcher.localizationsToUse(preferred: preferred, available: available).first,
                "prefs \(preferred) avail \(available) widened \(widened)"
            )
        }
    }

    /// Once a preferred language has an exact match, nothing listed after it matters.
    func testLaterPreferencesDoNotOverrideAnExactMatch() {
        var random = SeededRandom(seed: 3)
        let matcher = LocaleMatcher()
        var checked = 0
        for _ in 0..<3000 {
            let preferred = Self.list(&random, upTo: 2), available = Self.list(&random, upTo: 8)
            let match = matcher.match(preferred: preferred, available: available)
            guard match.reason == .exactBaseName || match.reason == .sameNormalizedName,
                  let index = match.preferredIndex else { continue }
            checked += 1
            let extended = Array(preferred.prefix(index + 1)) + Self.list(&random, upTo: 4)
            XCTAssertEqual(matcher.localizationsToUse(preferred: extended, available: available), match.localizations,
                           "prefs \(preferred) extended \(extended) avail \(available)")
        }
        XCTAssertGreaterThan(checked, 100)
    }
}
