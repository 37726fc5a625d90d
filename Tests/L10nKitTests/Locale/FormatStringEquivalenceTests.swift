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

/// `FormatString` with its fast paths (no `%`: one literal; literal runs copied whole; no
/// allocations to match `%arg`, `#@` and length modifiers) reads every string as the parser it
/// replaced (`ReferenceFormatStringParser`): same tokens, specifiers and issues.
final class FormatStringEquivalenceTests: XCTestCase {
    private func assertSameParse(_ text: String, substitution: SubstitutionArgument? = nil, _ context: @autoclosure () -> String = "",
                                 file: StaticString = #filePath, line: UInt = #line) {
        var reference = ReferenceFormatStringParser(text: text, substitution: substitution)
        reference.parse()
        let format = FormatString(text, substitution: substitution)
        XCTAssertEqual(format.tokens, reference.tokens, "\(context()) \(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(format.specifiers, reference.specifiers, "\(context()) \(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(format.issues, reference.issues, "\(context()) \(text.debugDescription)", file: file, line: line)
    }

    private func collect(_ localization: CatalogLocalization, substitution: SubstitutionArgument?, into values: inout [(String, SubstitutionArgument?)]) {
        if let unit = localization.stringUnit { values.append((unit.value, substitution)) }
        for (_, item) in localization.substitutions ?? [:] {
            let argument = SubstitutionArgument(number: item.argNum, formatSpecifier: item.formatSpecifier)
            for cases in item.variations?.kinds.values.map({ $0 }) ?? [] {
                for (_, inner) in cases { collect(inner, substitution: argument, into: &values) }
            }
        }
        for cases in localization.variations?.kinds.values.map({ $0 }) ?? [] {
            for (_, inner) in cases { collect(inner, substitution: substitution, into: &values) }
        }
    }

    func testEveryValueOfTheRealCatalogs() throws {
        var catalogs = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        catalogs.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        var count = 0, withPercent = 0
        for url in catalogs {
            let catalog = try StringCatalogReader.read(contentsOf: url)
            for (key, entry) in catalog.entries {
                var values: [(String, SubstitutionArgument?)] = [(key, nil)]
                for localization in entry.localizations?.values.map({ $0 }) ?? [] { collect(localization, substitution: nil, into: &values) }
                for (text, substitution) in values {
                    assertSameParse(text, substitution: substitution, url.lastPathComponent)
                    count += 1
                    if text.contains("%") { withPercent += 1 }
                }
            }
        }
        XCTAssertGreaterThan(count, 3_000)
        XCTAssertGreaterThan(withPercent, 100)
    }

    func testGeneratedLabels() {
        for locale in GeneratedText.locales {
            for decoration in GeneratedText.Decoration.allCases {
                for variant in 0..<4 {
                    let text = GeneratedText.value([variant, variant + 5], decoration, locale: locale, variant: variant)
                    assertSameParse(text, "\(locale) \(decoration)")
                    assertSameParse(text, substitution: SubstitutionArgument(number: variant, formatSpecifier: "lld"))
                }
            }
        }
    }

    /// Random text from the pieces of every specifier syntax, with and without a substitution.
    func testRandomSpecifiers() {
        let pieces = ["%", "%%", "% ", "%@", "%d", "%lld", "%hhd", "%hd", "%ld", "%qd", "%Lf", "%zu", "%tu", "%jd", "%hl", "%lh",
                      "%1$@", "%2$", "%0$@", "%12$lld", "%*d", "%*2$d", "%.*f", "%.f", "%.3f", "%-5.2f", "%+ #0'd", "%n", "%y",
                      "%5", "%arg", "%ar", "%#@", "%#@name@", "%1$#@n@", "%#@open", "%#@a b@", "@", "$", "#", "*", ".", "1", "0",
                      "l", "h", "q", "a", "r", "g", "text ", "é", "日本", "😀", "\n", "\t"]
        let substitutions: [SubstitutionArgument?] = [nil, SubstitutionArgument(number: 1, formatSpecifier: "lld"),
                                                      SubstitutionArgument(number: nil, formatSpecifier: "d"),
                                                      SubstitutionArgument(number: 2, formatSpecifier: "*d"),
                                                      SubstitutionArgument(number: 3, formatSpecifier: "x y")]
        var random = SeededRandom(seed: 31)
        for round in 0..<20_000 {
            let text = (0..<Int.random(in: 0...7, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            assertSameParse(text, substitution: substitutions.randomElement(using: &random)!, "round \(round)")
        }
    }
}

extension FormatStringEquivalenceTests {
    /// The parser's own UTF-16 decoding gives `String(decoding:as: UTF16.self)`, lone surrogates included.
    func testUTF16Decoding() {
        let units: [UInt16] = [0x41, 0x25, 0xE9, 0x20AC, 0xD83D, 0xDE00, 0xD83D, 0x41, 0xDE00, 0xDBFF, 0xDFFF, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0xD800]
        var random = SeededRandom(seed: 32)
        for round in 0..<5_000 {
            let slice = (0..<Int.random(in: 0...8, using: &random)).map { _ in units.randomElement(using: &random)! }
            let decoded = FormatStringParser.decode(slice[...])
            let expected = String(decoding: slice, as: UTF16.self)
            XCTAssertTrue(decoded.utf8.elementsEqual(expected.utf8), "round \(round): \(slice)")
        }
    }

    /// `substitutionArgumentKind` answers what parsing `%arg` with the substitution gives (the
    /// import asked that of a parse for every substitution variation).
    func testSubstitutionArgumentKindIsWhatParsingArgGives() {
        let specifiers = ["lld", "@", "d", "ld", "u", "f", ".2f", "5d", "-5d", "hhd", "Lf", "zu", "*d", ".*f", "2$d", "1$@", "*2$d",
                          "", "y", "n", "%lld", "lld ", "#@a@", "arg", "ll", "c", "C", "S", "p", "e", "g", "x", "X", "o"]
        for specifier in specifiers {
            for number in [nil, 1, 3] as [Int?] {
                let parsed = FormatString("%arg", substitution: SubstitutionArgument(number: number, formatSpecifier: specifier)).specifiers.first?.kind
                XCTAssertEqual(FormatString.substitutionArgumentKind(specifier), parsed, "\(specifier.debugDescription) \(String(describing: number))")
            }
        }
        XCTAssertEqual(FormatString.substitutionArgumentKind("lld"), .signedInteger(.longLong))
        XCTAssertNil(FormatString.substitutionArgumentKind("*d"))
    }
}
