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
@testable import L10nTestSupport

/// `TextWidth.columns` measures most text scalar by scalar, without ICU's break iterator. These
/// tests show that this gives what measuring cluster by cluster gives, on the real catalogs, on
/// generated labels of every locale and decoration, and on random text; and that the premise holds
/// for every scalar it is used for: ICU cuts text made of them before every scalar (but CR LF).
final class TextWidthFastPathTests: XCTestCase {
    /// Both ways agree, in both ambiguous modes; returns whether the scalar path measured the text.
    @discardableResult
    private func assertSameWidth(_ text: String, _ context: @autoclosure () -> String = "",
                                 file: StaticString = #filePath, line: UInt = #line) -> Bool {
        var usedFastPath = false
        for ambiguous in [TextWidth.AmbiguousWidth.narrow, .wide] {
            let byCluster = TextWidth.columnsByCluster(text, ambiguous: ambiguous)
            XCTAssertEqual(TextWidth.columns(text, ambiguous: ambiguous), byCluster,
                           "\(context()) \(text.debugDescription) \(text.unicodeScalars.map { String($0.value, radix: 16) })",
                           file: file, line: line)
            if let fast = TextWidth.scalarColumns(text, ambiguous: ambiguous) {
                XCTAssertEqual(fast, byCluster, "\(context()) \(text.debugDescription)", file: file, line: line)
                usedFastPath = true
            }
        }
        return usedFastPath
    }

    private func texts(of catalog: StringCatalog) -> [String] {
        var texts: [String] = []
        for (key, entry) in catalog.entries {
            texts.append(key)
            if let comment = entry.comment { texts.append(comment) }
            for localization in entry.localizations?.values.map({ $0 }) ?? [] {
                texts += localization.stringUnits.map { $0.unit.value }
            }
        }
        return texts
    }

    func testEveryValueOfTheRealCatalogs() throws {
        var catalogs = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        catalogs.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        var fast = 0, total = 0
        for url in catalogs {
            for text in texts(of: try StringCatalogReader.read(contentsOf: url)) {
                total += 1
                if assertSameWidth(text, url.lastPathComponent) { fast += 1 }
            }
        }
        XCTAssertGreaterThan(total, 3_000)
        XCTAssertGreaterThan(fast, total / 2, "most real labels are measured scalar by scalar")
        XCTAssertLessThan(fast, total, "some real labels need the break iterator")
    }

    func testGeneratedLabelsOfEveryLocaleAndDecoration() {
        var fast = 0, total = 0
        for locale in GeneratedText.locales {
            for decoration in GeneratedText.Decoration.allCases {
                for variant in 0..<GeneratedText.emoji.count {
                    let words = (0..<(1 + variant % 4)).map { ($0 + 1) * (variant + 3) * 7 }
                    let text = GeneratedText.value(words, decoration, locale: locale, variant: variant)
                    total += 1
                    if assertSameWidth(text, "\(locale) \(decoration)") { fast += 1 }
                }
            }
        }
        XCTAssertGreaterThan(fast, 0)
        XCTAssertLessThan(fast, total)
    }

    /// Random mixes of scalars of every break class and width, including those that join clusters.
    func testRandomText() {
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", " ", "%", "\t", "\n", "\r", "\u{7F}", "\u{85}", "\u{A0}", "\u{AD}", "é", "ß", "Ω", "я", "\u{2010}", "…", "“",
            "\u{300}", "\u{301}", "\u{20DD}", "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{2028}", "\u{FE0E}", "\u{FE0F}",
            "日", "カ", "\u{3099}", "ｶ", "ﾞ", "Ａ", "\u{3000}", "한", "\u{1100}", "\u{1161}", "\u{11A8}", "ㄱ",
            "ส", "\u{E31}", "\u{E33}", "क", "\u{94D}", "ष", "\u{93F}", "م", "\u{64E}", "\u{600}", "א", "\u{5B0}",
            "👍", "\u{1F3FD}", "✌", "☺", "⌚", "🇩", "🇪", "1", "\u{20E3}", "👩", "💻", "🎨", "✨", "①", "\u{E0041}", "\u{10FFFD}", "\u{F0000}",
        ]
        var random = SeededRandom(seed: 21)
        for round in 0..<20_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...8, using: &random) { text.append(alphabet.randomElement(using: &random)!) }
            assertSameWidth(String(text), "round \(round)")
        }
    }

    /// Every scalar the scalar path accepts is cut off from its neighbours by ICU, whatever
    /// accepted scalar stands next to it: shown on runs of consecutive scalars, each run also
    /// with a representative of every accepted break class and of emoji, before and after.
    func testAcceptedScalarsAreClustersOfTheirOwn() {
        // Every assigned scalar, and every 97th unassigned one (most of the code space).
        let accepted = (0..<0x110000).compactMap { Unicode.Scalar(UInt32($0)) }
            .filter { UnicodeProperty.generalCategory($0) != 0 || $0.value % 97 == 0 }
            .filter { TextWidth.scalarColumns(String($0), ambiguous: .narrow) != nil }
        XCTAssertGreaterThan(accepted.count, 100_000)
        let neighbours: [Unicode.Scalar] = ["a", "\u{1}", "\r", "\n", "\u{AC00}", "\u{AC01}", "🎨", "\u{AD}", "日"]
        for neighbour in neighbours {
            XCTAssertNotNil(TextWidth.scalarColumns(String(neighbour), ambiguous: .narrow), "\(neighbour)")
        }
        var runs: [[Unicode.Scalar]] = stride(from: 0, to: accepted.count, by: 61).map { Array(accepted[$0..<min($0 + 61, accepted.count)]) }
        runs += runs.map { $0.reversed() }
        for (index, run) in runs.enumerated() {
            let between: [Unicode.Scalar?] = index % 3 == 0 ? [nil] + neighbours : [nil, neighbours[index % neighbours.count]]
            for neighbour in between {
                var text = String.UnicodeScalarView()
                for scalar in run {
                    text.append(scalar)
                    if let neighbour { text.append(neighbour) }
                }
                let string = String(text)
                var expected = [0]
                var offset = 0
                var previous: Unicode.Scalar?
                for scalar in string.unicodeScalars {
                    if previous == "\r" && scalar == "\n" { expected.removeLast() }
                    offset += scalar.utf16.count
                    expected.append(offset)
                    previous = scalar
                }
                XCTAssertEqual(Graphemes.boundaries(string), expected, "run from U+\(String(run[0].value, radix: 16)) with \(neighbour.map { "U+" + String($0.value, radix: 16) } ?? "nothing")")
            }
        }
    }

    /// Scalars that do join clusters are never measured alone.
    func testJoiningScalarsTakeTheBreakIterator() {
        for scalar: Unicode.Scalar in ["\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "🇩", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{E33}", "\u{93F}", "\u{600}"] {
            XCTAssertNil(TextWidth.scalarColumns("a" + String(scalar), ambiguous: .narrow), "U+\(String(scalar.value, radix: 16))")
        }
    }

    /// The table of the basic plane measures each scalar once and derives the wide mode; this is
    /// the two measurements it replaced, for every scalar the scalar path accepts.
    func testTheBasicPlaneTableMatchesMeasuringEachMode() {
        var checked = 0
        for value in UInt32(0x80)..<0x10000 {
            guard let scalar = Unicode.Scalar(value), TextWidth.scalarColumns(String(scalar), ambiguous: .narrow) != nil else { continue }
            for ambiguous in [TextWidth.AmbiguousWidth.narrow, .wide] {
                XCTAssertEqual(TextWidth.scalarColumns(String(scalar), ambiguous: ambiguous),
                               TextWidth.columns(cluster: CollectionOfOne(scalar), ambiguous: ambiguous), "U+\(String(value, radix: 16)) \(ambiguous)")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 50_000)
    }

    /// The scalar path as it was, walking the scalar view: the oracle of the walk over UTF-8 bytes.
    private func scalarViewColumns(_ text: String, ambiguous: TextWidth.AmbiguousWidth) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                if value >= 0x20 && value != 0x7F { total += 1 }
                continue
            }
            let width = value < 0x10000 ? TextWidth.StandaloneWidth.basicPlane[Int(value)] : TextWidth.StandaloneWidth.entry(for: scalar)
            guard width != TextWidth.StandaloneWidth.joins else { return nil }
            total += Int(ambiguous == .narrow ? width & 0x3 : width >> 2)
        }
        return total
    }

    /// Every scalar of every plane alone and between neighbours of each UTF-8 length, and
    /// random texts of them: the byte walk measures what the scalar walk measured.
    func testUTF8WalkEqualsTheScalarWalk() {
        var scalars: [Unicode.Scalar] = []
        for value in stride(from: 0, through: 0x10FFFF, by: 1) where value < 0x20000 || value % 97 == 0 {
            if let scalar = Unicode.Scalar(UInt32(value)) { scalars.append(scalar) }
        }
        var measured = 0, refused = 0
        for scalar in scalars {
            for text in [String(scalar), "a\(scalar)é", "日\(scalar)😀"] {
                for ambiguous in [TextWidth.AmbiguousWidth.narrow, .wide] {
                    let expected = scalarViewColumns(text, ambiguous: ambiguous)
                    XCTAssertEqual(TextWidth.scalarColumns(text, ambiguous: ambiguous), expected, "U+\(String(scalar.value, radix: 16)) \(ambiguous)")
                    if expected == nil { refused += 1 } else { measured += 1 }
                }
            }
        }
        var random = SeededRandom(seed: 19)
        for _ in 0..<20_000 {
            let text = String(String.UnicodeScalarView((0..<random.below(12)).map { _ in scalars[random.below(scalars.count)] }))
            for ambiguous in [TextWidth.AmbiguousWidth.narrow, .wide] {
                let expected = scalarViewColumns(text, ambiguous: ambiguous)
                XCTAssertEqual(TextWidth.scalarColumns(text, ambiguous: ambiguous), expected, text.debugDescription)
                if expected == nil { refused += 1 } else { measured += 1 }
            }
        }
        XCTAssertGreaterThan(measured, 100_000)
        XCTAssertGreaterThan(refused, 10_000)
    }
}
