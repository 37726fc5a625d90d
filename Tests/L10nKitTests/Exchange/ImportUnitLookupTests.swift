@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import Foundation
import XCTest
@testable import L10nTestSupport

/// `ImportUnitLookup` (issue 11) finds for every id what `CatalogUnits.units(...)` finds, which
/// the import used before: on generated projects and the sample app, every entry and locale, and
/// ids that are not there.
final class ImportUnitLookupTests: XCTestCase {
    func testLookupFindsWhatCatalogUnitsFinds() throws {
        let generated = try Fixtures.temporaryFolder(self).appendingPathComponent("Generated")
        _ = try ProjectGenerator(size: ProjectGenerator.Size(sdkKeys: 400, locales: 9, tables: 2), seed: 5).write(to: generated)
        for root in [generated, try ExchangeFixtures.sampleCopy(self), try ExchangeFixtures.importProject(self)] {
            let project = try ProjectDiscovery(root: root).discover()
            var lookup = ImportUnitLookup()
            var locales = Set(["x-unknown-locale", project.sourceLanguage])
            for file in project.catalogs { locales.formUnion(file.catalog.locales) }
            var checked = 0
            for file in project.catalogs {
                for (key, entry) in file.catalog.entries {
                    for locale in locales.sorted() {
                        let units = CatalogUnits(locale: locale).units(key: key, entry: entry, sourceLanguage: file.catalog.sourceLanguage)
                        for id in units.map(\.id) + [key, key + "|==|plural.zero", key + "|==|plural.two", key + "|==|device.mac"] {
                            let expected = units.first { $0.id == id }
                            let found = lookup.unit(id: id, key: key, entry: entry, sourceLanguage: file.catalog.sourceLanguage,
                                                    catalogPath: file.path, locale: locale)
                            XCTAssertEqual(found, expected, "\(file.path) \(locale) \(id)")
                            checked += 1
                        }
                    }
                }
            }
            XCTAssertGreaterThan(checked, 0)
        }
    }
}
