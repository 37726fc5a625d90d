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

/// The translation memory keyed by interned source, locale and file numbers gives, for every unit
/// of every export, the suggestions the string-keyed memory it replaced gave
/// (`TranslationMemoryReference`), on the sample, real catalogs and generated projects.
final class SuggestionEquivalenceTests: XCTestCase {
    private func compare(_ root: URL, _ name: String, onlyLocales: Set<String>? = nil) throws -> (units: Int, suggested: Int) {
        let project = try ProjectDiscovery(root: root).discover()
        let exporter = XLIFFExporter(project: project)
        var memory = TranslationMemory(project: project)
        var reference = TranslationMemoryReference(project: project)
        var units = 0, suggested = 0
        let locales = project.catalogs.flatMap(\.catalog.locales).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for locale in locales + ["xx-unknown"] where locale != project.sourceLanguage && onlyLocales?.contains(locale) != false {
            let export = exporter.export(locale: locale, scope: .all)
            for file in export.document.files {
                for unit in file.units {
                    let new = memory.suggestions(for: unit.source, locale: locale, file: file.original, id: unit.id)
                    let old = reference.suggestions(for: unit.source, locale: locale, file: file.original, id: unit.id)
                    XCTAssertEqual(new, old, "\(name) \(locale) \(file.original) \(unit.id)")
                    units += 1
                    if !new.isEmpty { suggested += 1 }
                }
            }
            // The export's own path (numbers resolved once per locale and file) agrees too.
            var viaExport = export
            var copy = memory
            exporter.addSuggestions(to: &viaExport, memory: &copy)
            for (file, original) in zip(viaExport.document.files, export.document.files) {
                for (unit, plain) in zip(file.units, original.units) where plain.translate && !XLIFFExporter.isFinished(plain) {
                    XCTAssertEqual(unit.alternatives, reference.suggestions(for: plain.source, locale: locale, file: file.original, id: plain.id).map(\.altTrans))
                }
            }
        }
        return (units, suggested)
    }

    func testSampleAndRealCatalogs() throws {
        let sample = try compare(Fixtures.sample("BrandedEditor"), "sample")
        XCTAssertGreaterThan(sample.suggested, 5)
        var suggested = 0
        for name in ["MacMouseFix.Localizable", "KeepingYouAwake.Localizable"] {
            let catalog = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/\(name).xcstrings"))
            let root = try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": catalog])
            let result = try compare(root, name)
            XCTAssertGreaterThan(result.units, 100, name)
            suggested += result.suggested
        }
        XCTAssertGreaterThan(suggested, 10)
    }

    /// A larger project, whose short sources are translated alike under many keys: the memory
    /// keeps two entries per distinct translation of a source, and gives what the full list gave.
    func testGeneratedProjectWithRepeatedTranslations() throws {
        let folder = try Fixtures.temporaryFolder(self)
        _ = try ProjectGenerator(size: ProjectGenerator.Size(sdkKeys: 1_500, locales: 4, tables: 1), seed: 8).write(to: folder)
        let result = try compare(folder, "generated 1500", onlyLocales: ["de", "fr"])
        XCTAssertGreaterThan(result.suggested, 1_000)
    }

    /// The two-core hand-off (memory beside the first export, suggestions beside the next
    /// export) gives, locale by locale, what one memory used in turn gives.
    func testExportsWithSuggestionsEqualTheSequentialOnes() throws {
        let folder = try Fixtures.temporaryFolder(self)
        _ = try ProjectGenerator(size: .small, seed: 6).write(to: folder)
        for root in [folder, Fixtures.sample("BrandedEditor")] {
            let project = try ProjectDiscovery(root: root).discover()
            let exporter = XLIFFExporter(project: project)
            let locales = exporter.defaultLocales
            var memory = TranslationMemory(project: project)
            let sequential = locales.map { exporter.withSuggestions(exporter.export(locale: $0, scope: .all), memory: &memory) }
            var concurrent: [LocaleExport] = []
            var heard: [String] = []
            exporter.exportsWithSuggestions(locales: locales, scope: .all, progress: { _, _, locale in heard.append(locale) }) { concurrent.append($0) }
            XCTAssertEqual(heard, locales)
            XCTAssertEqual(concurrent.map(\.locale), locales)
            XCTAssertEqual(concurrent.map(\.document), sequential.map(\.document), root.lastPathComponent)
            XCTAssertTrue(concurrent.contains { $0.document.files.contains { $0.units.contains { !$0.alternatives.isEmpty } } })
        }
    }

    /// A memory holds an entry per finished translation: the substitution, rare, is a number.
    func testEntryIsFiftySixBytes() {
        XCTAssertEqual(MemoryLayout<TranslationMemory.Entry>.stride, 56)
    }

    func testGeneratedProject() throws {
        let folder = try Fixtures.temporaryFolder(self)
        _ = try ProjectGenerator(size: .small, seed: 3).write(to: folder)
        let result = try compare(folder, "generated")
        XCTAssertGreaterThan(result.suggested, 100)
    }

    /// ASCII text folds byte by byte to what the scalar-by-scalar fold gives.
    func testASCIIFoldIsTheScalarFold() {
        var random = SeededRandom(seed: 11)
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["  Export…  Design! ", "Hello,\r\nWorld\t(2)", "__A-b__", ""]
        for _ in 0..<2_000 {
            texts.append(String((0..<random.below(24)).map { _ in Character(UnicodeScalar(UInt8(random.below(128)))) }))
        }
        for text in texts {
            XCTAssertEqual(TextFolding.fold(text), TextFolding.foldScalars(text), "\(Array(text.utf8))")
        }
    }
}

/// The banded edit distance of the near-match search gives the full matrix's distance whenever
/// that is within the limit, and nil otherwise.
final class BandedDistanceTests: XCTestCase {
    private func fullDistance(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    func testBandedEqualsFull() throws {
        let project = try ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover()
        var memory = TranslationMemory(project: project)
        var random = SeededRandom(seed: 5)
        var compared = 0, within = 0
        for _ in 0..<20_000 {
            // Small alphabets so that near strings are common.
            let a = (0..<random.below(14)).map { _ in UInt32(random.below(4)) }
            var b = a
            for _ in 0..<random.below(5) {
                switch random.below(3) {
                case 0 where !b.isEmpty: b.remove(at: random.below(b.count))
                case 1: b.insert(UInt32(random.below(4)), at: random.below(b.count + 1))
                default: if !b.isEmpty { b[random.below(b.count)] = UInt32(random.below(4)) }
                }
            }
            let limit = random.below(5)
            let full = fullDistance(a, b)
            XCTAssertEqual(memory.distance(a, b, limit: limit), full <= limit ? full : nil, "\(a) \(b) limit \(limit)")
            compared += 1
            if full <= limit { within += 1 }
        }
        XCTAssertGreaterThan(within, compared / 10)
    }
}
