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
    /// Units of several catalogs one after the other (the lookup keeps the catalog it used last
    /// in front), with entries forgotten on the way, still find what `CatalogUnits` finds.
    func testLookupAcrossAlternatingCatalogsAndForgottenEntries() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Generated")
        _ = try ProjectGenerator(size: ProjectGenerator.Size(sdkKeys: 200, locales: 5, tables: 1), seed: 7).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        let files = project.catalogs
        XCTAssertGreaterThan(files.count, 2)
        let keys = files.map(\.catalog.orderedKeys)
        var lookup = ImportUnitLookup()
        var checked = 0
        for position in 0..<(keys.map(\.count).max() ?? 0) {
            for (index, file) in files.enumerated() where position < keys[index].count {
                let key = keys[index][position]
                let entry = file.catalog.entries[key]!
                for locale in file.catalog.locales {
                    let units = CatalogUnits(locale: locale).units(key: key, entry: entry, sourceLanguage: file.catalog.sourceLanguage)
                    for unit in units {
                        XCTAssertEqual(lookup.unit(id: unit.id, key: key, entry: entry, sourceLanguage: file.catalog.sourceLanguage,
                                                   catalogPath: file.path, locale: locale), unit, "\(file.path) \(locale) \(unit.id)")
                        checked += 1
                    }
                }
                if position % 3 == 0 { lookup.forget(catalogPath: file.path, key: key) }
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
    }

    /// As an import asks: a locale's file after another, each in the catalog's key order, so the
    /// lookup walks the source sides in the order it made them. Skipped keys, a key asked out of
    /// order, entries forgotten and an entry asked with another source language on the way
    /// still find what `CatalogUnits` finds.
    func testLookupWalkingEachLocaleInKeyOrder() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Generated")
        _ = try ProjectGenerator(size: ProjectGenerator.Size(sdkKeys: 800, locales: 4, tables: 1), seed: 11).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        let file = try XCTUnwrap(project.catalogs.max { $0.catalog.entries.count < $1.catalog.entries.count })
        let keys = file.catalog.orderedKeys
        var lookup = ImportUnitLookup()
        var checked = 0
        func check(_ key: String, _ locale: String, sourceLanguage: String, editedSource: Bool = false) {
            var entry = file.catalog.entries[key]!
            // A copy edit changes the source text; the lookup is told to forget the old one.
            if editedSource, entry.localizations?[sourceLanguage]?.stringUnit != nil { entry.localizations?[sourceLanguage]?.stringUnit?.value += " (edited)" }
            for unit in CatalogUnits(locale: locale).units(key: key, entry: entry, sourceLanguage: sourceLanguage) {
                XCTAssertEqual(lookup.unit(id: unit.id, key: key, entry: entry, sourceLanguage: sourceLanguage, catalogPath: file.path, locale: locale),
                               unit, "\(locale) \(unit.id) (source \(sourceLanguage))")
                checked += 1
            }
        }
        for (round, locale) in file.catalog.locales.enumerated() {
            for (position, key) in keys.enumerated() {
                // Each round skips other keys, so the next key asked is not always the next made.
                if (position + round) % 7 == 0 { continue }
                check(key, locale, sourceLanguage: file.catalog.sourceLanguage)
                if position % 11 == round {
                    lookup.forget(catalogPath: file.path, key: key)
                    check(key, locale, sourceLanguage: file.catalog.sourceLanguage, editedSource: true)
                    lookup.forget(catalogPath: file.path, key: key)
                }
                if position % 13 == round, let other = file.catalog.locales.first(where: { $0 != file.catalog.sourceLanguage }) {
                    // Another source language makes the entry's side again, then the real one again.
                    check(key, locale, sourceLanguage: other)
                    check(key, locale, sourceLanguage: file.catalog.sourceLanguage)
                }
                if position % 17 == round, position > 0 { check(keys[position - 1], locale, sourceLanguage: file.catalog.sourceLanguage) }
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
    }

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

    /// `ImportUnitIDs` (the `duplicate-id` rule's memory) answers as a set of (file, locale, id)
    /// does: on sorted runs, ids out of order, ids equal only canonically (`é` and `e` with a
    /// combining accent, `K` and the Kelvin sign), and pairs interleaved. A memory that keeps
    /// sorted runs unhashed failed it: `String`'s `<` is no strict order between texts that are
    /// not in NFC (`cafe\u{301}` and `caf\u{E9}1` are neither less than the other).
    func testUnitIDsAnswerAsASetOfTriples() {
        let stems = ["a", "b", "K", "\u{212A}", "caf\u{E9}", "cafe\u{301}", "Z", "_x", "k|==|plural.one", "k|==|plural.other", "k", "日本", "\u{212B}", "\u{C5}", "10", "9"]
        var random = SeededRandom(seed: 41)
        var duplicates = 0, outOfOrder = 0
        for _ in 0..<400 {
            var ids = ImportUnitIDs()
            var oracle = Set<[String]>()
            let pairs = [("A.xcstrings", "de"), ("A.xcstrings", "fr"), ("B.xcstrings", "de")]
            var runs: [[String]] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                var run = (0..<Int.random(in: 1...30, using: &random)).map { _ in
                    stems.randomElement(using: &random)! + (random.below(2) == 0 ? "" : String(random.below(20)))
                }
                if random.below(3) > 0 { run.sort() }
                runs.append(run)
            }
            for run in runs {
                let (path, locale) = pairs.randomElement(using: &random)!
                var previous: String?
                for id in run {
                    // Canonically equivalent ids are one member of a set of strings, as they are of `ImportUnitIDs`.
                    let fresh = !oracle.contains { $0[0] == path && $0[1] == locale && $0[2] == id }
                    if fresh { oracle.insert([path, locale, id]) }
                    if let previous, !(previous < id) { outOfOrder += 1 }
                    previous = id
                    XCTAssertEqual(ids.insert(id, path: path, locale: locale, expected: run.count), fresh, "\(id.debugDescription) in \(path) [\(locale)]")
                    if !fresh { duplicates += 1 }
                }
            }
        }
        XCTAssertGreaterThan(duplicates, 1_000)
        XCTAssertGreaterThan(outOfOrder, 1_000)
    }
}
