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

/// `placeholder-mismatch` settles equal plain specifier lists without parsing the translation:
/// on every string unit of the real catalogs and the sample, it must report what the full
/// comparison reports.
final class PlaceholderQuickPathTests: XCTestCase {
    func testQuickPathAgreesWithTheFullComparisonOnRealText() throws {
        var files = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        files.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        files += ["BrandedEditor/Localizable.xcstrings", "BrandedEditor/IMGLYEditor.xcstrings"].map { Fixtures.sample("BrandedEditor/" + $0) }
        var compared = 0, quick = 0
        for url in files {
            let catalog = try StringCatalogReader.read(contentsOf: url)
            for (key, entry) in catalog.entries {
                for (locale, localization) in entry.localizations ?? [:] where locale != catalog.sourceLanguage {
                    for leaf in localization.stringUnits {
                        let (text, substitution) = CheckContext.sourceText(in: catalog, key: key, path: leaf.path)
                        let source = FormatString(text, substitution: substitution)
                        guard !source.specifiers.isEmpty else { continue }
                        let argument = CheckContext.substitutionArgument(localization, leaf.path)
                        let fast = PlaceholderMismatchCheck.mismatches(source: source, sourceSubstitution: substitution, translation: leaf.unit.value,
                                                                       translationSubstitution: argument, isPluralCase: leaf.path.isPluralCase,
                                                                       plainSource: FormatString.plainSpecifiers(in: text))
                        let full = PlaceholderMismatchCheck.mismatches(source: source, sourceSubstitution: substitution, translation: leaf.unit.value,
                                                                       translationSubstitution: argument, isPluralCase: leaf.path.isPluralCase)
                        XCTAssertEqual(fast.map(\.message), full.map(\.message), "\(url.lastPathComponent) \(key) [\(locale)] \(leaf.path)")
                        compared += 1
                        if FormatString.plainSpecifiers(in: leaf.unit.value) != nil && FormatString.plainSpecifiers(in: leaf.unit.value) == FormatString.plainSpecifiers(in: text) { quick += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 500)
        XCTAssertGreaterThan(quick, compared / 2, "most units take the quick path")
    }
}
