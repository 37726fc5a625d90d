import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// Issue 12 items 1 and 3: every locale id that reaches a path or a catalog is validated first.
final class LocaleIdentifierTests: XCTestCase {
    func testCanonicalForms() throws {
        let cases = ["en": "en", "EN": "en", "fr_FR": "fr-FR", "pt-br": "pt-BR", "zh_hant_tw": "zh-Hant-TW", "zh-Hans": "zh-Hans",
                     "es-419": "es-419", "sr-Latn": "sr-Latn", "ca-ES-valencia": "ca-ES-valencia", "fil": "fil", "yue": "yue",
                     "base": "Base", "Base": "Base", "mul": "mul", "en_xa": "en-XA", "ar-XB": "ar-XB",
                     // CFBundle's old names of `.lproj` folders (`English.lproj`) are their languages.
                     "English": "en", "Italian": "it", "Japanese": "ja",
                     // Individual languages of a macrolanguage, which ICU's ISO list lacks and CLDR
                     // aliases to it: languages of their own, as Xcode writes them (mastodon-ios's kmr-TR).
                     "kmr-TR": "kmr-TR", "kmr_tr": "kmr-TR", "arb": "arb"]
        for (text, expected) in cases {
            XCTAssertEqual(try LocaleIdentifier(validating: text).rawValue, expected, text)
        }
    }

    func testRefusals() {
        let cases: [(String, LocaleIdentifierError.Reason, String?)] = [
            ("../../PWNED", .invalidCharacter, nil),
            ("../OnboardingKit/ru", .invalidCharacter, nil),
            ("de/x", .invalidCharacter, "de"),
            ("/tmp/x", .invalidCharacter, nil),
            ("de\"", .invalidCharacter, "de"),
            ("de\u{1}", .invalidCharacter, "de"),
            ("", .empty, nil),
            (String(repeating: "a", count: 5_000_000), .tooLong, nil),
            ("zz", .unknownLanguage("zz"), nil),
            ("de-QQ", .unknownRegion("QQ"), "de"),
            ("de--DE", .emptySubtag, "de"),
            ("x", .language("x"), nil),
            ("de-u-co-phonebk", .subtag("u"), "de"),
            ("fr_FR.UTF-8", .invalidCharacter, "fr-FR"),
            ("Englisch", .language("Englisch"), "en"),
            ("english", .language("english"), "en"),
            // Legacy codes Java and Android still write, not the country of the same letters (India, Timor-Leste).
            ("in", .unknownLanguage("in"), "id"),
            ("iw_IL", .unknownLanguage("iw"), "he-IL"),
            ("tl", .unknownLanguage("tl"), "fil"),
            ("ji", .unknownLanguage("ji"), "yi"),
            // An overlong code (ISO 639-2 `deu` for `de`) is not a language of its own.
            ("deu", .unknownLanguage("deu"), "de"),
        ]
        for (text, reason, suggestion) in cases {
            XCTAssertThrowsError(try LocaleIdentifier(validating: text), text.prefix(20).description) { error in
                let error = error as! LocaleIdentifierError
                XCTAssertEqual(error.reason, reason, text.prefix(20).description)
                XCTAssertEqual(error.suggestion, suggestion, text.prefix(20).description)
                XCTAssertLessThan(error.message.count, 200)
                XCTAssertFalse(error.message.contains("\u{1}"))
            }
        }
    }
}
