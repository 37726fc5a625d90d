import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nTestSupport

/// `CatalogLocalization.firstStringUnit` finds, without making every leaf and its path, the
/// unit `stringUnits.first` gives: on the real catalogs, a generated app catalog and random
/// nestings of variations and substitutions.
final class FirstStringUnitTests: XCTestCase {
    private func assertSame(_ localization: CatalogLocalization, _ context: @autoclosure () -> String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(localization.firstStringUnit, localization.stringUnits.first?.unit, context(), file: file, line: line)
    }

    func testRealAndGeneratedCatalogs() throws {
        var urls = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        urls.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        var size = ProjectGenerator.Size.small
        size.appStrings = 300
        let output = try ProjectGenerator(size: size, seed: 29).write(to: try Fixtures.temporaryFolder(self))
        urls.append(output.root.appendingPathComponent("\(ProjectGenerator.appName)/Localizable.xcstrings"))
        var withoutRoot = 0
        for url in urls {
            let catalog = try StringCatalogReader.read(contentsOf: url)
            for (key, entry) in catalog.entries {
                for (locale, localization) in entry.localizations ?? [:] {
                    if localization.stringUnit == nil { withoutRoot += 1 }
                    assertSame(localization, "\(url.lastPathComponent) \(key) [\(locale)]")
                }
            }
        }
        XCTAssertGreaterThan(withoutRoot, 300, "localizations whose first unit is in a variation or substitution")
    }

    /// Random trees: kinds and case names of every sort (known, unknown, digits, upper case),
    /// substitutions, units at some nodes only.
    func testRandomNestings() {
        var random = SeededRandom(seed: 29)
        let names = ["plural", "device", "one", "other", "few", "iphone", "mac", "Other", "20", "100", "zz", "a b", "é"]
        func unit() -> StringUnit? {
            random.below(3) == 0 ? StringUnit(state: .translated, value: "u\(random.below(1000))") : nil
        }
        func localization(depth: Int) -> CatalogLocalization {
            var result = CatalogLocalization(stringUnit: unit())
            guard depth < 3 else { return result }
            if random.below(2) == 0 {
                var kinds: [String: CatalogLocalizations] = [:]
                for _ in 0..<(1 + random.below(2)) {
                    var cases = CatalogLocalizations()
                    for _ in 0..<(1 + random.below(4)) { cases[names[random.below(names.count)]] = localization(depth: depth + 1) }
                    kinds[names[random.below(names.count)]] = cases
                }
                result.variations = CatalogVariations(kinds: kinds)
            }
            if random.below(3) == 0 {
                var substitutions: [String: Substitution] = [:]
                for _ in 0..<(1 + random.below(3)) {
                    var cases = CatalogLocalizations()
                    for _ in 0..<(1 + random.below(3)) { cases[names[random.below(names.count)]] = localization(depth: depth + 1) }
                    substitutions[names[random.below(names.count)]] = Substitution(formatSpecifier: "lld", variations: CatalogVariations(kinds: ["plural": cases]))
                }
                result.substitutions = substitutions
            }
            return result
        }
        var found = 0
        for index in 0..<5_000 {
            let tree = localization(depth: 0)
            if tree.stringUnit == nil, tree.firstStringUnit != nil { found += 1 }
            assertSame(tree, "tree \(index)")
        }
        XCTAssertGreaterThan(found, 1_000)
    }
}
