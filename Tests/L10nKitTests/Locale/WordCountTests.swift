import Foundation
import XCTest
@testable import L10nCore
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
@testable import L10nTestSupport

/// Source words as vendors quote by: ICU's word break, dictionary segmentation for text without
/// spaces, format specifiers left out.
final class WordCountTests: XCTestCase {
    func testWordsAreLettersAndNumbersNotSpacesOrPunctuation() {
        XCTAssertEqual(Words.count("Save the design", locale: "en"), 3)
        XCTAssertEqual(Words.count("Don't save — yet!", locale: "en"), 3, "an apostrophe inside a word keeps it one word")
        XCTAssertEqual(Words.count("Design posts, stories and flyers in your brand’s colors and fonts.", locale: "en"), 11)
        XCTAssertEqual(Words.count("Export 3 designs", locale: "en"), 3, "a number is a word")
        XCTAssertEqual(Words.count("", locale: "en"), 0)
        XCTAssertEqual(Words.count("  … !? ", locale: "en"), 0)
    }

    /// Chinese and Japanese have no spaces: ICU's dictionaries split them into words, where a
    /// count of space-separated runs would say 1.
    func testTextWithoutSpacesIsSegmentedByDictionary() {
        let japanese = Words.count("写真を保存しました", locale: "ja")
        XCTAssertGreaterThan(japanese, 2, "写真 / を / 保存 / ...")
        XCTAssertLessThan(japanese, "写真を保存しました".count, "words, not characters")
        let chinese = Words.count("保存设计", locale: "zh-Hans")
        XCTAssertEqual(chinese, 2, "保存 / 设计")
        XCTAssertEqual(Words.count("사진 저장", locale: "ko"), 2)
    }

    /// The locales the count-from-bytes path is checked in: ICU's root rules, the ones with
    /// dictionaries, and the tailorings of `.` and `:` (POSIX, Finnish, Swedish).
    private static let plainCountLocales = ["en", "de", "fr", "fi", "sv", "en_US_POSIX", "ja", "zh-Hans", "th", "ko", "ar", "ru", "pt-BR"]

    /// Oracle of `Words.plainCount`, which counts a plain ASCII text from its bytes: every text it
    /// counts has the count of ICU's word break iterator, on generated texts of every printable
    /// ASCII character, tab and line breaks, and on the texts of the real catalogs and the sample app.
    func testPlainCountIsICUsCount() throws {
        var texts: [String] = ["", " ", "a", "1", "a.b", "1.5", "a. b", "e.g.", "can't", "it's ", "rock 'n' roll", "x:y", "10,000",
                               "a;b", "snake_case", "_", "a\tb", "a\nb", "a\r\nb", "3rd", "v2", "C++", "#1", "a-b", "a/b", "\"q\"", "(a)", "@", "a@b", "name@example.com", "'@ '."]
        var random = SeededRandom(seed: 11)
        let alphabet = Array((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }) + ["\t", "\n", "\r", "a", "e", "1", " ", " "]
        for _ in 0..<4_000 {
            texts.append(String((0..<random.below(14)).map { _ in alphabet[random.below(alphabet.count)] }))
        }
        for file in try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings") {
            let catalog = try StringCatalogReader.read(contentsOf: file)
            for (key, entry) in catalog.entries {
                texts.append(key)
                for localization in (entry.localizations ?? [:]).values { texts.append(contentsOf: localization.stringUnits.map(\.unit.value)) }
            }
        }
        var counted = 0
        for text in texts {
            for locale in Self.plainCountLocales {
                guard let plain = Words.plainCount(text, locale: locale) else { continue }
                XCTAssertEqual(plain, Words.icuCount(text, locale: locale), "\(locale): \(text.debugDescription)")
                if let refusing = Words.plainCount(text, locale: locale, refusingPercent: true) {
                    XCTAssertEqual(refusing, plain)
                } else {
                    XCTAssertTrue(text.contains("%"), text.debugDescription)
                }
                counted += 1
            }
        }
        XCTAssertGreaterThan(counted, 10_000, "most generated and real texts are counted from their bytes")
        XCTAssertNil(Words.plainCount("Don’t", locale: "en"), "not ASCII: ICU counts it")
        XCTAssertNil(Words.plainCount("can't", locale: "en"), "an apostrophe between letters: ICU counts it")
        XCTAssertNil(Words.plainCount("end with '@ '.", locale: "en"), "@ is a letter to ICU")
        XCTAssertEqual(Words.count("end with '@ '.", locale: "en"), 3)
        XCTAssertNil(Words.plainCount("word", locale: "en@lw=phrase"), "keywords may choose other rules")
    }

    func testSpecifiersAreNotWords() {
        func words(_ source: String) -> Int { TransUnit(id: "k", source: source).sourceWords(language: "en") }
        XCTAssertEqual(words("%lld files"), 1)
        XCTAssertEqual(words("%1$@ of %2$@"), 1)
        XCTAssertEqual(words("50%% off"), 2)
        XCTAssertEqual(words("Hello %@!"), 1)
        XCTAssertEqual(words("%#@photos@ selected"), 1)
    }

    /// The count of a text with specifiers is the count of the parser's tokens spelled with
    /// each specifier as a space, whether or not the text is built from its bytes.
    func testSpecifierCountsEqualTheParsedTokensCount() {
        func parsed(_ source: String, _ language: String) -> Int {
            let text = FormatString(source).tokens.map { token -> String in
                switch token {
                case .literal(let text): text
                case .percentSign: "%"
                case .specifier: " "
                }
            }.joined()
            return Words.count(text, locale: language)
        }
        let pieces = ["%", "%%", "% ", "%@", "%d", "%lld", "%hhd", "%qd", "%1$@", "%2$lld", "%0$@", "%1$2$@", "%*d", "%.2f", "%-5.2f",
                      "%arg", "%#@n@", "%1$#@n@", "%lll@", "%lqd", "%99999999999$@", "$", "1", "l", "word ", "two words", " ",
                      "files", "é", "日本語", "😀", "-", ".", "\n", "100"]
        var random = SeededRandom(seed: 42)
        for _ in 0..<20_000 {
            let source = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let language = ["en", "ja", "de"].randomElement(using: &random)!
            XCTAssertEqual(TransUnit(id: "k", source: source).sourceWords(language: language), parsed(source, language), source.debugDescription)
        }
    }

    /// The counts the export prints, on the sample's German hand-off: every source's words summed.
    /// A hyphenated locale id reaches ICU as `zh_Hant`: the same count as the ICU spelling.
    func testHyphenatedLocalesAreICUIds() {
        for (text, locale) in [("保存設計並匯出", "zh-Hant"), ("Salvar o design", "pt-BR"), ("บันทึกการออกแบบ", "th-TH")] {
            XCTAssertEqual(Words.count(text, locale: locale), Words.count(text, locale: locale.replacingOccurrences(of: "-", with: "_")), locale)
        }
    }

    /// Counts kept across documents (the locales of one export, the inputs of one import) give
    /// each document's own total.
    func testCountsSharedAcrossDocumentsGiveEachDocumentsTotal() throws {
        let export = XLIFFExporter(project: try ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover())
        var shared = SourceWordCounts()
        var checked = 0
        for locale in export.defaultLocales {
            let document = export.export(locale: locale, scope: .all).document
            let alone = document.allUnits.reduce(0) { $0 + $1.unit.sourceWords(language: $1.file.sourceLanguage) }
            XCTAssertGreaterThan(alone, 0, locale)
            XCTAssertEqual(document.sourceWords(), alone, locale)
            XCTAssertEqual(document.sourceWords(counting: &shared), alone, locale)
            XCTAssertEqual(document.sourceWords(counting: &shared), alone, "counted again from the kept counts: \(locale)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 1)
        // A unit given another source after the export is counted by its new source, not by
        // its place in the exporter's texts; its file read as another language, by that language.
        var changed = export.export(locale: "de", scope: .all).document
        let file = try XCTUnwrap(changed.files.firstIndex { $0.units.count > 1 && $0.original.hasSuffix(".xcstrings") })
        changed.files[file].units[0].source = "Three more words"
        changed.files[file].units[1].source = changed.files[file].units[1].source + " und noch vier Wörter"
        let changedAlone = changed.allUnits.reduce(0) { $0 + $1.unit.sourceWords(language: $1.file.sourceLanguage) }
        XCTAssertEqual(changed.sourceWords(counting: &shared), changedAlone)
        // Counts by place are kept per language: the same texts read as Thai get a table of their own.
        XCTAssertFalse(shared.placeLanguages.contains { $0.contains("th") })
        changed.files[file].sourceLanguage = "th"
        changed.files[file].units[0].source = "บันทึกการออกแบบ"
        let thaiAlone = changed.allUnits.reduce(0) { $0 + $1.unit.sourceWords(language: $1.file.sourceLanguage) }
        XCTAssertEqual(changed.sourceWords(counting: &shared), thaiAlone)
        XCTAssertTrue(shared.placeLanguages.contains { $0.contains("th") && $0.count == 2 }, "\(shared.placeLanguages)")
    }

    func testExportCountsTheSampleHandOff() throws {
        let project = try ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover()
        let export = XLIFFExporter(project: project).export(locale: "de", scope: .missing)
        let sources = export.document.files.flatMap(\.units).map(\.source)
        XCTAssertTrue(sources.contains("Allow access to your photo library to place your own pictures in designs."))
        XCTAssertEqual(export.sourceWords(), 58, "36 of the tables and catalog, 22 of the onboarding storyboard")
        XCTAssertEqual(sources.reduce(0) { $0 + Words.count($1, locale: "en") }, 58, "no specifier in these sources")
    }
}
