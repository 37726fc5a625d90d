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

final class TextWidthTests: XCTestCase {
    private func assertColumns(_ table: [(String, Int)], ambiguous: TextWidth.AmbiguousWidth = .narrow, file: StaticString = #filePath, line: UInt = #line) {
        for (text, expected) in table {
            let scalars = text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            XCTAssertEqual(TextWidth.columns(text, ambiguous: ambiguous), expected, "\(text) [\(scalars)]", file: file, line: line)
        }
    }

    func testLatinAndEmpty() {
        assertColumns([("", 0), ("a", 1), ("Settings", 8), ("Einstellungen", 13), ("é", 1), ("ß", 1), (" ", 1)])
    }

    func testCJKKanaAndFullwidthForms() {
        assertColumns([
            ("日本語", 6), ("设置", 4), ("設定 Settings", 13),
            ("ひらがな", 8), ("カタカナ", 8),
            ("ｶﾀｶﾅ", 4), ("ｱｲｳ", 3),
            ("ガ", 2), ("カ\u{3099}", 2),  // precomposed, and with the combining voiced sound mark
            ("ｶﾞ", 2), ("ﾊﾟ", 2),  // halfwidth kana + halfwidth (semi-)voiced sound mark: two cells, one cluster
            ("ﾞ", 1),
            ("ＡＢＣ", 6), ("１２", 4), ("\u{3000}", 2), ("。", 2), ("｡", 1),
        ])
        XCTAssertEqual(Graphemes.clusters("ｶﾞ").count, 1, "the sound mark joins the cluster, yet takes a cell")
    }

    func testHangul() {
        assertColumns([
            ("한국어", 6), ("설정", 4),
            ("\u{1100}\u{1161}\u{11A8}", 2),  // ᄀ ᅡ ᆨ: one syllable from conjoining jamo
            ("\u{1100}\u{1161}", 2),
            ("\u{1161}", 0), ("\u{11A8}", 0),  // a vowel or trailing jamo alone has no base
            ("ㄱㅏ", 4),  // compatibility jamo are wide letters
        ])
    }

    func testThaiDevanagariArabic() {
        assertColumns([
            ("สวัสดี", 4), ("ที่", 1), ("น้ำ", 1), ("การตั้งค่า", 7),
            ("क्षि", 1), ("नमस्ते", 3), ("हिन्दी", 2), ("सेटिंग्स", 3),
            ("مرحبا", 5), ("الإعدادات", 9), ("مَرْحَبًا", 5),
            ("\u{0600}\u{0661}\u{0662}", 2),  // a prepended number sign joins the first digit
        ])
        XCTAssertEqual(Graphemes.clusters("क्षि").count, 1, "ICU keeps a Devanagari conjunct in one cluster")
        XCTAssertEqual(Graphemes.clusters("सेटिंग्स"), ["से", "टिं", "ग्स"])
    }

    func testCombiningMarks() {
        assertColumns([
            ("e\u{0301}", 1), ("e\u{0301}\u{0323}", 1), ("\u{0301}", 0), ("a\u{20DD}", 1),
            ("Cafe\u{0301}", 4), ("n\u{0303}o", 2),
        ])
    }

    func testEmoji() {
        assertColumns([
            ("👍", 2), ("👍🏽", 2), ("🏽", 2), ("✌", 1), ("✌🏽", 2), ("✌️", 2),
            ("👩‍💻", 2), ("👨‍👩‍👧‍👦", 2), ("🏳️‍🌈", 2), ("❤️‍🔥", 2),
            ("🇩🇪", 2), ("🇩🇪🇫🇷", 4), ("🇩", 2),
            ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2),  // Scotland, a tag sequence
            ("1️⃣", 2), ("#️⃣", 2), ("*️⃣", 2), ("1\u{20E3}", 1),  // a keycap needs VS16 to be an emoji
            ("☺", 1), ("☺︎", 1), ("☺️", 2),
            ("⌚", 2), ("⌚︎", 2), ("⌚️", 2),  // VS15 does not narrow an East Asian Wide character
            ("©", 1), ("©️", 2), ("1", 1), ("1\u{FE0E}", 1),
            ("OK 👍", 5),
        ])
    }

    func testInvisibleAndControlCharacters() {
        assertColumns([
            ("\t", 0), ("a\tb", 2), ("\n", 0), ("a\nb", 2), ("\r\n", 0), ("line\r\nline", 8), ("\u{7F}", 0), ("\u{85}", 0),
            ("\u{00AD}", 0), ("Ein\u{00AD}stel\u{00AD}lun\u{00AD}gen", 13),
            ("a\u{200B}b", 2), ("a\u{200C}b", 2), ("a\u{200D}b", 2), ("\u{200D}", 0),
            ("\u{200E}abc\u{200F}", 3), ("\u{202B}abc\u{202C}", 3), ("\u{2067}x\u{2069}", 1),
            ("x\u{2060}y", 2), ("\u{FEFF}x", 1), ("\u{2028}", 0), ("\u{2029}", 0),
            ("\u{FE0F}", 0), ("\u{034F}", 0), ("\u{3164}", 0),
        ])
    }

    func testAmbiguousWidth() {
        let table: [(String, Int, Int)] = [
            ("αβγ", 3, 6), ("Привет", 6, 12), ("①", 1, 2), ("→", 1, 2), ("°", 1, 2),
            ("abc", 3, 3), ("日本", 4, 4), ("e\u{0301}", 1, 1), ("\u{00AD}", 0, 0),
        ]
        for (text, narrow, wide) in table {
            XCTAssertEqual(TextWidth.columns(text), narrow, text)
            XCTAssertEqual(TextWidth.columns(text, ambiguous: .wide), wide, text)
        }
    }

    func testClusterColumns() {
        let parts = TextWidth.clusterColumns("e\u{0301}日👩‍💻\t")
        XCTAssertEqual(parts.map(\.cluster), ["e\u{0301}", "日", "👩‍💻", "\t"])
        XCTAssertEqual(parts.map(\.columns), [1, 2, 2, 0])
    }

    /// The real CE.SDK labels: every value's width equals the sum of its clusters' widths, and the
    /// German dock labels are as wide as their letters (no wide or invisible characters hide there).
    func testRealCatalogLabels() throws {
        let url = try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings")
        let catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let strings = try XCTUnwrap(catalog["strings"] as? [String: Any])
        var measured = 0
        for (_, entry) in strings {
            let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            for (_, localization) in localizations {
                guard let value = ((localization as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String else { continue }
                measured += 1
                let columns = TextWidth.columns(value)
                XCTAssertEqual(columns, TextWidth.clusterColumns(value).map(\.columns).reduce(0, +), value)
                let visible = value.unicodeScalars.filter { !$0.properties.isWhitespace || $0 == " " }
                if visible.allSatisfy({ $0.isASCII || "äöüÄÖÜß…–„“”’é".unicodeScalars.contains($0) }) {
                    XCTAssertEqual(columns, value.unicodeScalars.filter { $0.value >= 0x20 }.count, value)
                }
            }
        }
        XCTAssertGreaterThan(measured, 1000)
    }
}
