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
import L10nTestSupport
import L10nCore

/// The key order the reader keeps when a file is in Xcode's order, so checks and export merge
/// instead of sorting: it must always equal sorting the keys.
final class CatalogKeyOrderTests: XCTestCase {
    func testTheKeptOrderIsTheSortedOrderForEveryRealCatalog() throws {
        var files = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        files.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        var kept = 0
        for url in files {
            let catalog = try StringCatalogReader.read(contentsOf: url)
            if catalog.keyIndex.isXcodeOrder { kept += 1 }
            XCTAssertEqual(catalog.orderedKeys, Collator.xcodeKeyOrder.sorted(Array(catalog.entries.keys)), url.lastPathComponent)
        }
        XCTAssertGreaterThan(kept, 0, "Xcode's files are in its order")
    }

    func testAFileOutOfOrderIsSortedAndAChangeForgetsTheOrder() throws {
        let shuffled = try StringCatalogReader.read(Data(#"{ "sourceLanguage" : "en", "strings" : { "b" : { }, "a10" : { }, "a9" : { } } }"#.utf8), file: "x")
        XCTAssertFalse(shuffled.keyIndex.isXcodeOrder)
        XCTAssertEqual(shuffled.keyIndex.keys, ["b", "a10", "a9"])
        XCTAssertEqual(shuffled.orderedKeys, ["a9", "a10", "b"])
        var ordered = try StringCatalogReader.read(Data(#"{ "sourceLanguage" : "en", "strings" : { "a9" : { }, "a10" : { }, "b" : { } } }"#.utf8), file: "x")
        XCTAssertEqual(ordered.keyIndex.keys, ["a9", "a10", "b"])
        XCTAssertTrue(ordered.keyIndex.isXcodeOrder)
        XCTAssertEqual(ordered.keyIndex.file?.keys, [41, 53, 66])
        ordered.entries["a1"] = CatalogEntry()
        XCTAssertNil(ordered.keyIndex.keys)
        XCTAssertEqual(ordered.orderedKeys, ["a1", "a9", "a10", "b"])
        XCTAssertEqual(ordered, try StringCatalogReader.read(StringCatalogWriter().data(for: ordered), file: "y"), "the cache is not part of the value")
    }

    /// Locating findings at the offsets the reader noted gives what scanning the file gives, and
    /// bytes that changed since the read fall back to the scan.
    func testLocationsAtNotedOffsetsEqualTheScan() throws {
        var files = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        files.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        for url in files {
            let data = try Data(contentsOf: url)
            let catalog = try StringCatalogReader.read(data, file: url.path)
            let wanted = Set(catalog.orderedKeys.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
            let scanned = try StringCatalogLocations(data, file: url.path, only: wanted)
            let direct = try StringCatalogLocations(data, file: url.path, only: wanted, readAs: catalog)
            // Every noted localization offset holds the quote of its locale id, in the entry's order.
            let offsets = try XCTUnwrap(catalog.keyIndex.file)
            for (position, key) in try XCTUnwrap(catalog.keyIndex.keys).enumerated() {
                let noted = offsets.localizations[offsets.localizationStarts[position]..<offsets.localizationStarts[position + 1]]
                XCTAssertEqual(noted.map { String(decoding: data[($0 + 1)...].prefix { $0 != 0x22 }, as: UTF8.self) },
                               (catalog.entries[key]?.localizations?.keys).map(Array.init) ?? [], key)
            }
            XCTAssertNotNil(try StringCatalogLocations.direct(data, file: url.path, keys: catalog.keyIndex.keys!, offsets: offsets,
                                                              entries: catalog.entries, locales: nil,
                                                              positions: ArraySlice(catalog.keyIndex.keys!.indices)))
            XCTAssertEqual(direct.keys, scanned.keys, url.lastPathComponent)
            XCTAssertEqual(direct.localizations, scanned.localizations, url.lastPathComponent)
            XCTAssertEqual(direct.keys.count, wanted.count, url.lastPathComponent)
            let sliced = try StringCatalogLocations(data, file: url.path, only: wanted, readAs: catalog, slices: 3)
            XCTAssertEqual(sliced.keys, scanned.keys, url.lastPathComponent)
            XCTAssertEqual(sliced.localizations, scanned.localizations, url.lastPathComponent)
            // Only the localizations findings name (a few, compared one by one, or many, kept in a
            // set): those locate as the scan does, the rest at the key.
            for count in [1, 3, 9, 100] {
                let named = Dictionary(uniqueKeysWithValues: wanted.map { key in
                    (key, Set((catalog.entries[key]?.localizations?.keys).map(Array.init)?.prefix(count) ?? []))
                })
                let restricted = try StringCatalogLocations(data, file: url.path, only: wanted, locales: named, readAs: catalog)
                for (key, locales) in named {
                    for locale in locales { XCTAssertEqual(restricted.location(key: key, locale: locale), scanned.location(key: key, locale: locale), key) }
                    for locale in (catalog.entries[key]?.localizations?.keys).map(Array.init) ?? [] where !locales.contains(locale) {
                        XCTAssertEqual(restricted.location(key: key, locale: locale), scanned.location(key: key, locale: nil), key)
                    }
                    XCTAssertEqual(restricted.location(key: key, locale: nil), scanned.location(key: key, locale: nil), key)
                }
            }
            // Without reading a byte: the positions the reader noted, as the scan finds them.
            try assertNotedLocationsEqual(scanned, catalog, file: url.path, keys: wanted, url.lastPathComponent)
            // An edit that moved every key: the noted offsets no longer hold keys.
            let moved = Data("\n\n".utf8) + data
            XCTAssertEqual(try StringCatalogLocations(moved, file: url.path, only: wanted, readAs: catalog).keys,
                           try StringCatalogLocations(moved, file: url.path, only: wanted).keys, url.lastPathComponent)
        }
    }

    /// Localizations are located at the offsets the reader noted also when the file does not
    /// list them in order, when an entry has none or an empty object, and when the same length
    /// of bytes says something else; a catalog changed since the read is scanned.
    func testLocalizationOffsetsLocateAsTheScanDoes() throws {
        let text = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "absent" : {
              "comment" : "no localizations"
            },
            "empty" : {
              "localizations" : {

              }
            },
            "shuffled" : {
              "localizations" : {
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "F" } },
                "de" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "new", "value" : "x" } }, "other" : { "stringUnit" : { "state" : "new", "value" : "y" } } } } },
                "zh-Hans" : { "stringUnit" : { "state" : "translated", "value" : "Z" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "E" } }
              }
            },
            "sorted" : { "localizations" : { "de" : { }, "en" : { }, "fr" : { } } }
          },
          "version" : "1.0"
        }
        """
        let data = Data(text.utf8)
        let catalog = try StringCatalogReader.read(data, file: "x.xcstrings")
        XCTAssertEqual(catalog.keyIndex.file?.localizations.count, 7)
        let wanted: Set<String> = ["absent", "empty", "shuffled", "sorted"]
        let scanned = try StringCatalogLocations(data, file: "x.xcstrings", only: wanted)
        XCTAssertEqual(scanned.location(key: "shuffled", locale: "de")?.line, 15)
        for slices in [1, 2] {
            let direct = try StringCatalogLocations(data, file: "x.xcstrings", only: wanted, readAs: catalog, slices: slices)
            XCTAssertEqual(direct.keys, scanned.keys)
            XCTAssertEqual(direct.localizations, scanned.localizations)
        }
        // Read at the noted offsets, not by the fallback (which gives the same answers).
        func direct(_ bytes: Data, _ named: [String: Set<String>]?) throws -> StringCatalogLocations? {
            try StringCatalogLocations.direct(bytes, file: "x.xcstrings", keys: catalog.keyIndex.keys!, offsets: catalog.keyIndex.file!,
                                              entries: catalog.entries, locales: named, positions: [0, 1, 2, 3])
        }
        XCTAssertEqual(try direct(data, nil)?.localizations, scanned.localizations)
        let named: [String: Set<String>] = ["absent": ["de"], "empty": ["de"], "shuffled": ["en", "de", "xx"], "sorted": []]
        let restricted = try StringCatalogLocations(data, file: "x.xcstrings", only: wanted, locales: named, readAs: catalog)
        for (key, locales) in named {
            for locale in locales.union(["fr", "zh-Hans"]) {
                let expected = locales.contains(locale) ? scanned.location(key: key, locale: locale) : scanned.location(key: key, locale: nil)
                XCTAssertEqual(restricted.location(key: key, locale: locale), expected, "\(key) \(locale)")
            }
        }
        // Same length, the locales swapped in the file: the noted offsets no longer name them.
        let swapped = Data(text.replacingOccurrences(of: "\"fr\" : { \"stringUnit", with: "\"xy\" : { \"stringUnit").utf8)
        XCTAssertEqual(swapped.count, data.count)
        XCTAssertNil(try direct(swapped, nil))
        XCTAssertNil(try direct(swapped, ["shuffled": ["fr"]]))
        XCTAssertNotNil(try direct(swapped, ["shuffled": ["de"]]))
        XCTAssertEqual(try StringCatalogLocations(swapped, file: "x.xcstrings", only: wanted, readAs: catalog).localizations,
                       try StringCatalogLocations(swapped, file: "x.xcstrings", only: wanted).localizations)
        try assertNotedLocationsEqual(scanned, catalog, file: "x.xcstrings", keys: wanted, "x.xcstrings")
        // A value edited in place keeps the key order but drops the offsets.
        var edited = catalog
        try edited.setStringUnit(value: "A", state: .translated, key: "sorted", locale: "ar")
        XCTAssertNil(edited.keyIndex.file)
        XCTAssertNil(NotedCatalogLocations(edited, file: "x.xcstrings"), "a changed catalog is located in its file")
        XCTAssertEqual(try StringCatalogLocations(data, file: "x.xcstrings", only: wanted, readAs: edited).localizations, scanned.localizations)
    }

    /// Every key of `keys`, in each of its localizations, in none and in a locale it lacks, is
    /// placed at the reader's notes where `scanned` places it; a key the file lacks, nowhere.
    private func assertNotedLocationsEqual(_ scanned: StringCatalogLocations, _ catalog: StringCatalog, file: String, keys: Set<String>,
                                           _ label: String, line: UInt = #line) throws {
        let noted = try XCTUnwrap(NotedCatalogLocations(catalog, file: file), label, line: line)
        XCTAssertEqual(Set(scanned.keys.keys), keys, label, line: line)
        for key in keys {
            let locales: [String?] = ((catalog.entries[key]?.localizations?.keys).map(Array.init) ?? []) + [nil, "xx-NONE"]
            for locale in locales {
                XCTAssertEqual(noted.location(key: key, locale: locale), scanned.location(key: key, locale: locale),
                               "\(label): \(key) \(locale ?? "(no locale)")", line: line)
            }
        }
        XCTAssertNil(noted.location(key: "\u{1}not a key of the catalog", locale: nil), label, line: line)
    }

    /// The noted positions count lines and columns as the scan does where that is not plain:
    /// a byte order mark, CRLF and lone CR line ends, non-ASCII text before a key on its line,
    /// a whole catalog on one line, localizations listed out of order.
    func testNotedPositionsCountAsTheScanDoes() throws {
        let lines = [
            "{ \"sourceLanguage\" : \"en\", \"strings\" : {",
            "  \"é\" : { \"comment\" : \"ü\" }, \"ñ\" : { \"localizations\" : { \"fr\" : { }, \"de\" : { \"stringUnit\" : { \"state\" : \"new\", \"value\" : \"日本\" } } } },",
            "\"😀\" : { \"localizations\" : { \"en\" : { }, \"ar\" : { } } }",
            "  }, \"version\" : \"1.0\" }",
        ]
        for separator in ["\n", "\r\n", "\r", " "] {
            for bom in ["", "\u{FEFF}"] {
                let data = Data((bom + lines.joined(separator: separator)).utf8)
                let catalog = try StringCatalogReader.read(data, file: "x.xcstrings")
                let wanted = Set(catalog.entries.keys)
                let scanned = try StringCatalogLocations(data, file: "x.xcstrings", only: wanted)
                let label = "separator \(separator.unicodeScalars.map { $0.value }), bom \(!bom.isEmpty)"
                try assertNotedLocationsEqual(scanned, catalog, file: "x.xcstrings", keys: wanted, label)
                XCTAssertEqual(scanned.localizations["ñ"]?.count, 2, label)
            }
        }
    }

    /// `check` places findings where its catalog's reader noted them while the file is unchanged,
    /// and in the file as it is now once it changed.
    func testCheckPlacesFindingsInTheFileAsItIsNow() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let catalog = folder.appendingPathComponent("App/Localizable.xcstrings")
        try FileManager.default.createDirectory(at: catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Hello" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "needs_review",
                    "value" : "Hallo"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
        try Data(text.utf8).write(to: catalog)
        let project = try ProjectDiscovery(root: folder).discover()
        func place() throws -> (line: Int?, column: Int?) {
            let finding = try XCTUnwrap(try CheckJob().run(on: project).findings.first { $0.check == "needs-review" })
            return (finding.line, finding.column)
        }
        let unchanged = try place()
        XCTAssertEqual(unchanged.line, 6)
        XCTAssertEqual(unchanged.column, 9)
        // Two lines added above since discovery: the stamp differs, the file is read again.
        try Data(("\n\n" + text).utf8).write(to: catalog)
        let moved = try place()
        XCTAssertEqual(moved.line, 8)
        XCTAssertEqual(moved.column, 9)
    }

    /// The noted positions are used while the stamp (device, inode, size, modification time)
    /// is discovery's: an edit in place of the same length whose time is set back is trusted,
    /// and the finding keeps the line the model was read at. Once the time differs, the file
    /// is read again and the finding follows it.
    func testCheckTrustsTheStampDiscoveryTook() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let catalog = folder.appendingPathComponent("App/Localizable.xcstrings")
        try FileManager.default.createDirectory(at: catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
        func entry(_ key: String, _ state: String) -> String {
            "    \"\(key)\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n"
                + "            \"state\" : \"\(state)\",\n            \"value\" : \"x\"\n          }\n        }\n      }\n    }"
        }
        func text(_ first: String, _ second: String) -> String {
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + first + ",\n" + second + "\n  },\n  \"version\" : \"1.0\"\n}\n"
        }
        let before = text(entry("Aa", "needs_review"), entry("Bb", "translated  "))
        let after = text(entry("Bb", "translated  "), entry("Aa", "needs_review"))
        XCTAssertEqual(before.utf8.count, after.utf8.count)
        try Data(before.utf8).write(to: catalog)
        let project = try ProjectDiscovery(root: folder).discover()
        var original = stat()
        XCTAssertEqual(stat(catalog.path, &original), 0)
        func line() throws -> Int? {
            try XCTUnwrap(try CheckJob().run(on: project).findings.first { $0.check == "needs-review" }).line
        }
        XCTAssertEqual(try line(), 6)
        // Rewritten in place (same inode, same size), its modification time set back.
        let handle = try FileHandle(forWritingTo: catalog)
        try handle.write(contentsOf: Data(after.utf8))
        try handle.close()
        var times = [original.st_atim, original.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, catalog.path, &times, 0), 0)
        XCTAssertEqual(FileStamp(catalog), project.fileStamps["App/Localizable.xcstrings"])
        XCTAssertEqual(try line(), 6, "the stamp is trusted: the model's own line")
        // A new modification time: the file is read again, and "Aa" now stands further down.
        times[1].tv_sec += 1
        XCTAssertEqual(utimensat(AT_FDCWD, catalog.path, &times, 0), 0)
        XCTAssertEqual(try line(), 16)
    }

    /// The context merges the chain layers' key orders; that equals collating their union, with a
    /// legacy table among the layers (the sample's framework) and the real SDK catalog.
    func testChainKeysMergeEqualsTheSortedUnion() throws {
        let sample = try CheckContext(project: ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover())
        var union = Set<String>()
        for layer in sample.chain {
            if let catalog = layer.catalog { union.formUnion(catalog.entries.keys) }
            if let table = layer.table { for file in table.files.values { union.formUnion(file.keys) } }
        }
        XCTAssertEqual(sample.chainKeys, Collator.xcodeKeyOrder.sorted(Array(union)))

        let sdk = try Data(contentsOf: Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        let root = try ExchangeFixtures.project(self, files: [
            "Vendor/IMGLYEditor/IMGLYEditor.xcstrings": sdk,
            "App/Info.plist": ExampleFile.infoPlist(declared: ["en", "de"]).data,
            "App/Localizable.xcstrings": Data(#"{ "sourceLanguage" : "en", "strings" : { "a10" : { }, "A9" : { }, "ly_img_editor_dock_button_text" : { }, "zz" : { } }, "version" : "1.0" }"#.utf8),
            "App/en.lproj/IMGLYEditor.strings": Data("\"b2\" = \"B\";\n\"B10\" = \"B\";\n".utf8),
        ])
        let context = try CheckContext(project: ProjectDiscovery(root: root).discover())
        union = []
        for layer in context.chain {
            if let catalog = layer.catalog { union.formUnion(catalog.entries.keys) }
            if let table = layer.table { for file in table.files.values { union.formUnion(file.keys) } }
        }
        XCTAssertGreaterThan(context.chain.count, 1)
        XCTAssertEqual(context.chainKeys, Collator.xcodeKeyOrder.sorted(Array(union)))
    }

    /// `Collator.compare`, which collates the strings' UTF-8 as they hold it, orders every pair
    /// as their sort keys do (code units breaking ties), the order `sorted` gives.
    func testCompareOrdersAsSortKeys() {
        let pieces = ["a", "A", "á", "a\u{301}", "1", "01", "10", "2", "-", "_", " ", "日本", "😀", "ß", "ss", "K", "\u{212A}", "\u{1}",
                      "z", "Z", "é", "e", "ly_img_editor_", ".", "%@", ""]
        var random = SeededRandom(seed: 21)
        let collator = Collator.xcodeKeyOrder
        func text() -> String { (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        func sign(_ value: Int) -> Int { value < 0 ? -1 : (value > 0 ? 1 : 0) }
        for _ in 0..<20_000 {
            let a = text(), b = text()
            let keys = XcodeKeyOrdering.compare(collator.sortKey(a), collator.sortKey(b))
            let expected = keys != 0 ? sign(keys) : (Array(a.utf16).lexicographicallyPrecedes(Array(b.utf16)) ? -1 : (Array(a.utf16) == Array(b.utf16) ? 0 : 1))
            XCTAssertEqual(sign(collator.compare(a, b)), expected, "\(a.debugDescription) / \(b.debugDescription)")
        }
    }

    /// `sorted` puts a handful of strings in order by comparing them; its answer is the order
    /// of their sort keys with code units breaking ties, as for a longer list.
    func testAFewStringsSortAsBySortKeys() {
        let pieces = ["a", "A", "á", "a\u{301}", "1", "01", "10", "2", "-", "_", " ", "日本", "ß", "ss", "K", "\u{212A}",
                      "z", "é", "e", "arg", "count", "%@", "", "\u{AD}", "\u{200B}", "\u{0}", "\u{FFFF}", "\u{1100}\u{1161}", "\u{AC00}"]
        var random = SeededRandom(seed: 34)
        func text() -> String { (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        for collator in [Collator.xcodeKeyOrder, Collator(numeric: false)] {
        func bySortKeys(_ strings: [String]) -> [String] {
            strings.map { (collator.sortKey($0), Array($0.utf16), $0) }.sorted { l, r in
                let keys = XcodeKeyOrdering.compare(l.0, r.0)
                return keys != 0 ? keys < 0 : l.1.lexicographicallyPrecedes(r.1)
            }.map(\.2)
        }
        for _ in 0..<5_000 {
            let strings = (0..<Int.random(in: 2...(Collator.fewToCompare + 2), using: &random)).map { _ in text() }
            XCTAssertEqual(collator.sorted(strings).map { Array($0.utf8) }, bySortKeys(strings).map { Array($0.utf8) }, "\(strings.map(\.debugDescription))")
        }
        }
    }

    /// `orderByRank` remembers the last few ASCII key lists it ordered: whatever comes, hit or
    /// miss, its answer is the sort-key order of the keys given (`order(of:)`).
    func testRememberedObjectOrdersEqualSortingTheKeys() {
        let lists: [[String]] = [
            ["de", "en", "fr", "ja", "zh-Hans"], ["de", "en", "fr", "ja", "zh-Hans"],
            ["one", "other"], ["few", "many", "one", "other"], ["one", "other"],
            // The same count as a list met before, other keys.
            ["other", "one"], ["de", "en", "es", "ja", "zh-Hans"], ["a10", "a9"], ["a", "b"], ["b", "a"], ["c", "a"],
            // Canonically equal to an ASCII list met before, other bytes (the Kelvin sign is "K").
            ["K", "k"], ["\u{212A}", "a"], ["K", "a"], ["\u{212A}", "a"], ["e\u{301}", "f"], ["\u{E9}", "f"],
            // A control character is ignored by the collation: "K\u{1}" ties with "K" but for
            // the code units, which the Kelvin sign must not take from "K"'s rank.
            ["K", "K\u{1}"], ["\u{212A}", "K\u{1}"],
            ["de", "en", "fr", "ja", "zh-Hans"], ["one", "other"], ["iphone", "ipad", "mac"],
        ]
        var ordering = XcodeKeyOrdering()
        var rng = SeededRandom(seed: 13)
        for round in 0..<400 {
            let keys = round < lists.count ? lists[round] : lists.randomElement(using: &rng)!
            XCTAssertEqual(ordering.orderByRank(of: keys), XcodeKeyOrdering.order(of: keys), "\(keys) in round \(round)")
        }
    }
}
