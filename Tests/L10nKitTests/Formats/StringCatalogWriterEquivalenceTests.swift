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

/// The direct catalog writer (objects without unknown fields written member by member) gives the
/// bytes of the JSON tree path (`JSONWriter` over `StringCatalogWriter.jsonValue(of:)`), which
/// shares only string escaping and layout with it, on the real catalogs, a generated project and
/// random catalogs with unknown fields at every level.
final class StringCatalogWriterEquivalenceTests: XCTestCase {
    private func assertSameBytes(_ catalog: StringCatalog, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        for newline in [false, true] {
            var catalog = catalog
            catalog.endsWithNewline = newline
            let direct = StringCatalogWriter(finalNewline: .asRead).data(for: catalog)
            let tree = JSONWriter(finalNewline: newline).data(for: StringCatalogWriter.jsonValue(of: catalog))
            XCTAssertTrue(direct == tree, "\(context): the direct writer and the JSON tree disagree", file: file, line: line)
        }
    }

    /// The real catalogs of `../shared` (Xcode's and the SDK's) with their bytes, read.
    private func realCatalogs() throws -> [(name: String, data: Data, catalog: StringCatalog)] {
        var urls = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        urls.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        return try urls.map { url in
            let data = try Data(contentsOf: url)
            return (url.lastPathComponent, data, try StringCatalogReader.read(data, file: url.lastPathComponent))
        }
    }

    func testRealCatalogs() throws {
        for (name, data, catalog) in try realCatalogs() {
            assertSameBytes(catalog, name)
            XCTAssertTrue(StringCatalogWriter(finalNewline: .asRead).data(for: catalog) == data, name)
        }
    }

    /// `writes(_:as:)`, which compares a buffer at a time while writing, answers as comparing
    /// `data(for:)` would: on the real catalogs (the SDK's spans many buffers), and on the same
    /// bytes changed at the start, in the middle, at the end, cut short, lengthened and empty.
    func testComparingWhileWritingAgreesWithTheWrittenBytes() throws {
        try assertComparingAgrees(try realCatalogs())
    }

    /// The same on the generated project's catalogs, which a checkout without `../shared` has too.
    func testComparingWhileWritingAgreesOnGeneratedCatalogs() throws {
        let size = ProjectGenerator.Size(sdkKeys: 1_000, locales: 6, tables: 1)
        let output = try ProjectGenerator(size: size, seed: 9).write(to: try Fixtures.temporaryFolder(self))
        let catalogs = try output.files.filter { $0.hasSuffix(".xcstrings") }.map { path in
            let data = try Data(contentsOf: output.root.appendingPathComponent(path))
            return (name: path, data: data, catalog: try StringCatalogReader.read(data, file: path))
        }
        XCTAssertEqual(catalogs.count, 3)
        XCTAssertTrue(catalogs.contains { $0.data.count > 1 << 17 }, "a catalog spans several of the writer's 64 KB buffers")
        try assertComparingAgrees(catalogs)
    }

    private func assertComparingAgrees(_ catalogs: [(name: String, data: Data, catalog: StringCatalog)]) throws {
        for (name, data, catalog) in catalogs {
            let writer = StringCatalogWriter(finalNewline: .asRead)
            XCTAssertTrue(writer.writes(catalog, as: data), name)
            var variants: [(String, Data)] = [("cut short", data.dropLast()), ("lengthened", data + Data([0x0A])), ("empty", Data())]
            for offset in [0, data.count / 2, data.count - 1] {
                var changed = data
                changed[offset] ^= 0x01
                variants.append(("byte \(offset) changed", changed))
            }
            for (variant, bytes) in variants {
                XCTAssertEqual(writer.writes(catalog, as: Data(bytes)), writer.data(for: catalog) == bytes, "\(name): \(variant)")
                XCTAssertFalse(writer.writes(catalog, as: Data(bytes)), "\(name): \(variant)")
            }
        }
    }

    func testGeneratedProjectCatalogs() throws {
        let output = try ProjectGenerator(size: .small, seed: 9).write(to: try Fixtures.temporaryFolder(self))
        let paths = output.files.filter { $0.hasSuffix(".xcstrings") }
        XCTAssertEqual(paths.count, 3)
        for path in paths {
            let data = try Data(contentsOf: output.root.appendingPathComponent(path))
            let catalog = try StringCatalogReader.read(data, file: path)
            assertSameBytes(catalog, path)
            XCTAssertTrue(StringCatalogWriter().data(for: catalog) == data, path)
        }
    }

    /// Maps of locales and cases are sorted by learned ranks: keys outside ASCII, keys that sort
    /// only by numeric or case rules, and more distinct keys than the ranks learn.
    func testManyAndNonASCIIKeysInLocaleAndCaseMaps() {
        let names = ["é", "e\u{301}", "E", "e", "zh-Hant", "zh-hant", "Zh", "9", "10", "010", "a b", "ä", "ı", "I", "中文", "x-😀"]
            + (0..<400).map { "loc\($0 * 37 % 401)" }
        var random = SeededRandom(seed: 77)
        var catalog = StringCatalog(sourceLanguage: "en")
        for index in 0..<300 {
            var entry = CatalogEntry()
            var localizations = CatalogLocalizations()
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                var localization = CatalogLocalization(stringUnit: StringUnit(state: "translated", value: "v"))
                if Int.random(in: 0..<4, using: &random) == 0 {
                    var cases = CatalogLocalizations()
                    for _ in 0..<3 { cases[names.randomElement(using: &random)!] = CatalogLocalization(stringUnit: StringUnit(state: "new", value: "c")) }
                    localization.variations = CatalogVariations(kinds: [names.randomElement(using: &random)!: cases])
                }
                localizations[names.randomElement(using: &random)!] = localization
            }
            entry.localizations = localizations
            catalog.entries["key \(index)"] = entry
        }
        assertSameBytes(catalog, "many keys")
    }

    func testRandomCatalogs() {
        for seed in 100..<400 as Range<UInt64> {
            var random = SeededRandom(seed: seed)
            assertSameBytes(XCStringsRandomCatalog.catalog(&random, entries: Int(seed % 30)), "seed \(seed)")
        }
    }
}
