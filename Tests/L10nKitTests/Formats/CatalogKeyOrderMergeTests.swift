import Foundation
import XCTest
@testable import L10nCore
@testable import L10nFormats

/// A catalog read in Xcode's key order keeps that order through `setEntry` (new keys are merged
/// in when the order is asked for), so a writer needs no sort of every key. The oracle is the
/// same entries in a catalog that knows no order: the writer sorts them all.
final class CatalogKeyOrderMergeTests: XCTestCase {
    private static let pieces = ["a", "B", "b", "Z", "é", "e\u{301}x", "10", "9", "%lld", " ", "-", "_", "Ärger", "ß", "日本", "👍", "K", "\u{212A}x", "Go Back", "ly_img_"]

    private static func randomKey(_ generator: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    private static func entry(_ value: String) -> CatalogEntry {
        CatalogEntry(localizations: ["en": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: value))])
    }

    func testNewKeysMergeIntoTheReadOrder() throws {
        var generator = SystemRandomNumberGenerator()
        let writer = StringCatalogWriter()
        var merged = 0
        for round in 0..<60 {
            var entries: [String: CatalogEntry] = [:]
            while entries.count < 40 { entries[Self.randomKey(&generator)] = Self.entry("read \(entries.count)") }
            let data = writer.data(for: StringCatalog(sourceLanguage: "en", entries: entries))
            var catalog = try StringCatalogReader.read(data, file: "round\(round).xcstrings")
            XCTAssertNotNil(catalog.keysInXcodeOrder, "the written file is in Xcode's order")
            // New keys in order (as an import adds them), in any order, replaced entries, values
            // edited in place, and the last new key taken back (an import's failed copy).
            var added = (0..<Int.random(in: 1...30, using: &generator)).map { _ in Self.randomKey(&generator) }
            if round % 2 == 0 { added = Collator.xcodeKeyOrder.sorted(Array(Set(added))) }
            for key in added { catalog.setEntry(Self.entry("new \(key)"), forKey: key) }
            if let existing = entries.keys.randomElement(using: &generator) { catalog.setEntry(Self.entry("replaced"), forKey: existing) }
            if let key = catalog.entries.keys.randomElement(using: &generator), catalog.entries[key]?.localizations?["en"] != nil {
                try catalog.setStringUnit(value: "edited", state: .translated, key: key, locale: "en", path: StringUnitPath())
            }
            if round % 3 == 0, let last = added.last, entries[last] == nil, added.dropLast().contains(last) == false {
                catalog.setEntry(nil, forKey: last)
            }
            let unordered = StringCatalog(sourceLanguage: catalog.sourceLanguage, version: catalog.version, entries: catalog.entries)
            XCTAssertEqual(catalog.orderedKeys, Collator.xcodeKeyOrder.sorted(Array(catalog.entries.keys)), "round \(round)")
            XCTAssertEqual(writer.data(for: catalog), writer.data(for: unordered), "round \(round)")
            if catalog.keysInXcodeOrder != nil { merged += 1 }
        }
        // Most rounds keep the order (only removing a key that was read forgets it).
        XCTAssertGreaterThan(merged, 40)
    }

    /// Finding keys' lines at the reader's offsets must not be tried once a key was added: an
    /// empty file's offsets (none) matched its keys (none) after one was, and the added key was
    /// not found (found by the review of c12c3fb).
    func testLocationsAfterAddingToAnEmptyCatalog() throws {
        var catalog = try StringCatalogReader.read(Data(#"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#.utf8), file: "empty.xcstrings")
        catalog.setEntry(CatalogEntry(comment: "c"), forKey: "X")
        let data = StringCatalogWriter().data(for: catalog)
        let scanned = try StringCatalogLocations(data, file: "empty.xcstrings", only: ["X"])
        let located = try StringCatalogLocations(data, file: "empty.xcstrings", only: ["X"], readAs: catalog)
        XCTAssertNotNil(scanned.keys["X"])
        XCTAssertEqual(located.keys["X"], scanned.keys["X"])
    }

    /// Removing a key the catalog does not have changes nothing, so the order (and the file
    /// offsets) stay known: the exporter does this for SDK keys the SDK lacks.
    func testRemovingAnAbsentKeyKeepsTheOrder() throws {
        let data = StringCatalogWriter().data(for: StringCatalog(sourceLanguage: "en", entries: ["b": Self.entry("1"), "a": Self.entry("2")]))
        var catalog = try StringCatalogReader.read(data, file: "two.xcstrings")
        let offsets = catalog.keyIndex.file
        XCTAssertEqual(offsets?.localizations.count, 2)
        catalog.setEntry(nil, forKey: "absent")
        XCTAssertEqual(catalog.keysInXcodeOrder, ["a", "b"])
        XCTAssertEqual(catalog.keyIndex.file?.keys, offsets?.keys)
        XCTAssertEqual(catalog.keyIndex.file?.localizations, offsets?.localizations)
    }

    /// Removing a key that was read forgets the order; the catalog still writes in Xcode's order.
    func testRemovingAReadKeyForgetsTheOrder() throws {
        let data = StringCatalogWriter().data(for: StringCatalog(sourceLanguage: "en", entries: ["b": Self.entry("1"), "a": Self.entry("2"), "c": Self.entry("3")]))
        var catalog = try StringCatalogReader.read(data, file: "three.xcstrings")
        catalog.setEntry(Self.entry("4"), forKey: "0")
        XCTAssertEqual(catalog.keysInXcodeOrder, ["0", "a", "b", "c"])
        catalog.setEntry(nil, forKey: "b")
        XCTAssertNil(catalog.keysInXcodeOrder)
        XCTAssertEqual(catalog.orderedKeys, ["0", "a", "c"])
    }
}
