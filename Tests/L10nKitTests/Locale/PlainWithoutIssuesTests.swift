import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nProject
@testable import L10nTestSupport

/// `FormatString.isPlainWithoutIssues` lets `placeholder-mismatch` skip a source's parse: where it
/// says so, the parser must find specifiers and no issue, with or without a substitution.
final class PlainWithoutIssuesTests: XCTestCase {
    private func assertAgreesWithParser(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard FormatString.isPlainWithoutIssues(text) else { return false }
        for substitution in [nil, SubstitutionArgument(number: 1, formatSpecifier: "lld"), SubstitutionArgument(number: nil, formatSpecifier: "x y")] {
            let parsed = FormatString(text, substitution: substitution)
            XCTAssertFalse(parsed.specifiers.isEmpty, "\(text)", file: file, line: line)
            XCTAssertEqual(parsed.issues, [], "\(text)", file: file, line: line)
        }
        return true
    }

    func testNamedCases() {
        let settled = ["%@", "Hallo %@!", "%lld Dateien", "%1$@ von %2$@", "%2$@ · %1$@", "%#@items@", "%1$#@items@ %2$lld", "100 %% %d",
                       "%05d", "%1$5@", "%hhd %qd %llu"]
        for text in settled { XCTAssertTrue(assertAgreesWithParser(text), text) }
        let left = ["", "no specifier", "50%", "% d", "%1$@ %@", "%1$@ %1$lld", "%1$@ %1$@", "%arg", "%0$@", "%$@", "%lll@", "%s", "%f",
                    "%.2f", "%*d", "%1$", "%#@open", "%n", "%lqd", "%1$2$@", "%1000001$@ %1000002$@"]
        for text in left { XCTAssertFalse(assertAgreesWithParser(text), text) }
    }

    func testRandomTextsAgreeWithTheParser() {
        var random = SeededRandom(seed: 38)
        let pieces = ["%", "%%", "@", "d", "i", "u", "l", "h", "q", "$", "1", "2", "0", "9", "#", "x", " ", "a", "r", "g", "*", ".", "s", "é", "\n"]
        var settled = 0
        for _ in 0..<200_000 {
            var text = ""
            for _ in 0..<(1 + random.below(12)) { text += pieces[random.below(pieces.count)] }
            if assertAgreesWithParser(text) { settled += 1 }
        }
        XCTAssertGreaterThan(settled, 1_000)
    }

    func testRealCatalogTextsAgreeWithTheParser() throws {
        var files = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        files.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        var settled = 0, texts = 0
        for url in files {
            let catalog = try StringCatalogReader.read(contentsOf: url)
            for (key, entry) in catalog.entries {
                if assertAgreesWithParser(key) { settled += 1 }
                texts += 1
                for (_, localization) in entry.localizations ?? [:] {
                    for leaf in localization.stringUnits {
                        if assertAgreesWithParser(leaf.unit.value) { settled += 1 }
                        texts += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(texts, 5_000)
        XCTAssertGreaterThan(settled, 100)
    }

    /// The check's comparison of a parsed source (its parse skipped where the source is plain
    /// without issues) reports what comparing with the full parse reports.
    func testParsedSourceComparisonAgreesWithTheFullOne() throws {
        var files = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        files.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        var compared = 0
        for unit in try Fixtures.translations(in: files) {
            let leaf = unit.leaf
            let (text, substitution) = CheckContext.sourceText(in: unit.catalog, key: unit.key, path: leaf.path)
            let argument = CheckContext.substitutionArgument(unit.localization, leaf.path)
            let parsed = SourceFormats().parsed(text, substitution: substitution)
            let full = FormatString(text, substitution: substitution)
            XCTAssertEqual(parsed.hasSpecifiers, !full.specifiers.isEmpty, text)
            let quick = PlaceholderMismatchCheck.mismatches(source: parsed, translation: leaf.unit.value, translationSubstitution: argument,
                                                            isPluralCase: leaf.path.isPluralCase)
            let reference = PlaceholderMismatchCheck.mismatches(source: full, sourceSubstitution: substitution, translation: leaf.unit.value,
                                                                translationSubstitution: argument, isPluralCase: leaf.path.isPluralCase)
            XCTAssertEqual(quick.map(\.message), reference.map(\.message), unit.place)
            XCTAssertEqual(quick.map(\.severity), reference.map(\.severity))
            compared += 1
        }
        XCTAssertGreaterThan(compared, 1_000)
    }
}
