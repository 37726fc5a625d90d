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

/// Every real Xcode catalog read into the model and written again gives back its bytes; every
/// object in them is in our collation order; random catalogs are stable.
final class XCStringsRoundTripTests: XCTestCase {
    func testXcodeCatalogsRoundTripByteForByte() throws {
        let files = try JSONRoundTripTests.xcodeCatalogs()
        for url in files {
            let data = try Data(contentsOf: url)
            let catalog = try StringCatalogReader.read(data, file: url.lastPathComponent)
            XCTAssertFalse(catalog.entries.isEmpty)
            XCTAssertFalse(catalog.endsWithNewline)
            let written = StringCatalogWriter().data(for: catalog)
            XCTAssertTrue(written == data, "\(url.lastPathComponent) differs after catalog round trip")
            XCTAssertEqual(try StringCatalogReader.read(written, file: "again"), catalog)
        }
    }

    /// An editor's final newline: `format` drops it, an import (`.asRead`) keeps it.
    func testFinalNewlineIsRecordedAndKeptOnlyOnRequest() throws {
        let url = try Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.KYASettings.xcstrings")
        let xcode = try Data(contentsOf: url)
        let edited = xcode + Data("\n".utf8)
        let catalog = try StringCatalogReader.read(edited, file: "x")
        XCTAssertTrue(catalog.endsWithNewline)
        XCTAssertEqual(StringCatalogWriter().data(for: catalog), xcode)
        XCTAssertEqual(StringCatalogWriter(finalNewline: .asRead).data(for: catalog), edited)
        XCTAssertEqual(StringCatalogWriter(finalNewline: .asRead).data(for: try StringCatalogReader.read(xcode, file: "x")), xcode)
    }

    /// A typed field that an unknown field shadows (only possible through the API) wins.
    func testKnownFieldsWinOverUnknownOnesOfTheSameName() throws {
        var catalog = StringCatalog(sourceLanguage: "en", entries: ["k": CatalogEntry(comment: "real", unknownFields: ["comment": .string("shadow"), "x": .null])])
        catalog.unknownFields["version"] = .number("2")
        let read = try StringCatalogReader.read(StringCatalogWriter().data(for: catalog), file: "t")
        XCTAssertEqual(read.entries["k"]?.comment, "real")
        XCTAssertEqual(read.entries["k"]?.unknownFields, ["x": .null])
        XCTAssertEqual(read.version, "1.0")
        XCTAssertEqual(JSONWriter().data(for: StringCatalogWriter.jsonValue(of: catalog)), StringCatalogWriter().data(for: catalog))
    }

    func testKeyOrderOfEveryObjectInEveryFixtureIsOurs() throws {
        var objects = 0, pairs = 0
        for url in try JSONRoundTripTests.xcodeCatalogs() {
            let audit = KeyOrderAudit(try JSONReader.parse(try Data(contentsOf: url), file: url.lastPathComponent))
            XCTAssertEqual(audit.inversions.count, 0, "\(url.lastPathComponent): \(audit.inversions.prefix(5))")
            objects += audit.objects
            pairs += audit.pairs
        }
        XCTAssertGreaterThan(objects, 10_000)
        XCTAssertGreaterThan(pairs, 10_000)
    }

    func testModelSeesWhatTheFixturesHold() throws {
        let url = try Fixtures.shared("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings")
        let catalog = try StringCatalogReader.read(contentsOf: url)
        XCTAssertEqual(catalog.sourceLanguage, "en")
        XCTAssertEqual(catalog.version, "1.0")
        XCTAssertTrue(catalog.locales.contains("zh-HK"))
        XCTAssertEqual(catalog.locales, Collator.xcodeKeyOrder.sorted(catalog.locales))
        let plurals = catalog.entries.values.filter { entry in
            entry.localizations?.values.contains { $0.substitutions?.values.contains { $0.variations?.plural != nil } ?? false } ?? false
        }
        XCTAssertFalse(plurals.isEmpty)
        XCTAssertTrue(catalog.entries.values.contains { $0.shouldTranslate == false })

        let states = Set(catalog.entries.values.flatMap { $0.localizations?.values.compactMap(\.stringUnit?.state) ?? [] })
        XCTAssertTrue(states.isSuperset(of: [.translated, .needsReview, .new]), "\(states)")
    }

    /// Catalogs no fixture covers: write → read gives the same model, write again the same bytes.
    func testRandomCatalogsAreStable() throws {
        var entries = 0
        for seed in 0..<60 as Range<UInt64> {
            var random = SeededRandom(seed: seed)
            var catalog = XCStringsRandomCatalog.catalog(&random)
            catalog.endsWithNewline = seed % 5 == 0
            entries += catalog.entries.count
            let writer = StringCatalogWriter(finalNewline: .asRead)
            let once = writer.data(for: catalog)
            let read = try StringCatalogReader.read(once, file: "random-\(seed).xcstrings")
            XCTAssertEqual(read, catalog, "seed \(seed): the reader does not see what was written")
            XCTAssertEqual(writer.data(for: read), once, "seed \(seed): writing is not stable")
            XCTAssertEqual(once.last == 0x0A, catalog.endsWithNewline)
            XCTAssertEqual(JSONWriter(finalNewline: catalog.endsWithNewline).data(for: StringCatalogWriter.jsonValue(of: catalog)), once,
                           "seed \(seed): the direct writer and the JSON tree disagree")
            let audit = KeyOrderAudit(try JSONReader.parse(once, file: "random"))
            XCTAssertEqual(audit.inversions.count, 0, "seed \(seed): \(audit.inversions.prefix(3))")
        }
        XCTAssertGreaterThan(entries, 1_000)
    }
}
