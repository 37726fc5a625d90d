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

/// Leaves by (key, locale, path): enumerate, get, set; a set on a real catalog changes only the
/// lines it must.
final class XCStringsEditTests: XCTestCase {
    private func fixture(_ name: String) throws -> (Data, StringCatalog) {
        let data = try Data(contentsOf: try Fixtures.shared("fixtures/xcstrings/\(name).xcstrings"))
        return (data, try StringCatalogReader.read(data, file: name))
    }

    /// The lines that differ once the common first and last lines are set aside.
    private func difference(_ old: Data, _ new: Data) -> (removed: [Substring], added: [Substring]) {
        let a = lines(old), b = lines(new)
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return (Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
    }

    func testSettingAValueChangesOnlyItsLine() throws {
        let (original, catalog) = try fixture("KeepingYouAwake.Localizable")
        var edited = catalog
        XCTAssertEqual(edited.stringUnit(key: "Cancel", locale: "de")?.state, .translated)
        try edited.setStringUnit(value: "Abbrechen – neu \"quoted\"", state: .translated, key: "Cancel", locale: "de")
        let change = difference(original, StringCatalogWriter(finalNewline: .asRead).data(for: edited))
        XCTAssertEqual(change.removed.count, 1)
        XCTAssertEqual(change.added, [#"            "value" : "Abbrechen – neu \"quoted\"""#])
        XCTAssertTrue(change.removed[0].hasPrefix(#"            "value" : "#))
    }

    /// A value set keeps the keys, so the order the reader found stays known and the writer
    /// looks the keys up instead of sorting them: the bytes are those of a sorted write. A new
    /// key is merged into the order; the offsets into the file are dropped by any edit.
    func testAnEditKeepsTheKnownKeyOrderAndWritesTheSameBytes() throws {
        let (_, catalog) = try fixture("KeepingYouAwake.Localizable")
        let keys = try XCTUnwrap(catalog.keysInXcodeOrder)
        XCTAssertEqual(keys, Collator.xcodeKeyOrder.sorted(Array(catalog.entries.keys)))
        var edited = catalog
        try edited.setStringUnit(value: "Abbrechen!", state: .translated, key: "Cancel", locale: "de")
        try edited.setStringUnit(value: "キャンセル", state: .translated, key: "Cancel", locale: "ja")
        XCTAssertEqual(edited.keysInXcodeOrder, keys)
        XCTAssertNil(edited.keyIndex.file, "offsets into the file no longer describe the edited catalog")

        var sorted = edited
        sorted.keyIndex = CatalogKeyIndex()
        XCTAssertNil(sorted.keysInXcodeOrder)
        XCTAssertEqual(StringCatalogWriter().data(for: edited), StringCatalogWriter().data(for: sorted))

        var added = edited
        added.setEntry(CatalogEntry(), forKey: "A new key")
        XCTAssertEqual(added.keysInXcodeOrder, Collator.xcodeKeyOrder.sorted(keys + ["A new key"]))
        let written = try StringCatalogReader.read(StringCatalogWriter().data(for: added), file: "added")
        XCTAssertEqual(written.keysInXcodeOrder, Collator.xcodeKeyOrder.sorted(keys + ["A new key"]))
    }

    /// The same on a generated catalog, which a checkout without `../shared` has too: values set
    /// in two locales keep the order, and the bytes are those of a sorted write.
    func testAnEditOfAGeneratedCatalogKeepsTheKeyOrder() throws {
        let output = try ProjectGenerator(size: .small, seed: 3).write(to: try Fixtures.temporaryFolder(self))
        let path = try XCTUnwrap(output.files.first { $0.hasSuffix("Localizable.xcstrings") })
        let catalog = try StringCatalogReader.read(try Data(contentsOf: output.root.appendingPathComponent(path)), file: path)
        let keys = try XCTUnwrap(catalog.keysInXcodeOrder)
        var edited = catalog
        for key in keys.prefix(20) {
            try edited.setStringUnit(value: "neu", state: .translated, key: key, locale: "de",
                                     path: edited.entries[key]?.localizations?["de"]?.stringUnits.first?.path ?? [])
        }
        XCTAssertEqual(edited.keysInXcodeOrder, keys)
        var sorted = edited
        sorted.keyIndex = CatalogKeyIndex()
        XCTAssertEqual(StringCatalogWriter().data(for: edited), StringCatalogWriter().data(for: sorted))
    }

    /// A file whose keys are out of Xcode's order is written in that order.
    func testKeysOutOfOrderAreSortedOnWrite() throws {
        let text = #"{ "sourceLanguage" : "en", "strings" : { "b" : { }, "a" : { }, "B" : { } }, "version" : "1.0" }"#
        let catalog = try StringCatalogReader.read(Data(text.utf8), file: "unordered")
        XCTAssertNil(catalog.keysInXcodeOrder)
        let written = try StringCatalogReader.read(StringCatalogWriter().data(for: catalog), file: "written")
        XCTAssertEqual(written.keysInXcodeOrder, Collator.xcodeKeyOrder.sorted(["a", "b", "B"]))
    }

    func testSettingAStateChangesOnlyItsLine() throws {
        let (original, catalog) = try fixture("KeepingYouAwake.Localizable")
        var edited = catalog
        let value = try XCTUnwrap(catalog.stringUnit(key: "Cancel", locale: "fr")?.value)
        try edited.setStringUnit(value: value, state: .needsReview, key: "Cancel", locale: "fr")
        let change = difference(original, StringCatalogWriter().data(for: edited))
        XCTAssertEqual(change.removed, [#"            "state" : "translated","#])
        XCTAssertEqual(change.added, [#"            "state" : "needs_review","#])
    }

    func testANewLocaleIsOnlyInserted() throws {
        let (original, catalog) = try fixture("KeepingYouAwake.Localizable")
        var edited = catalog
        XCTAssertNil(catalog.entries["Cancel"]?.localizations?["ja"])
        try edited.setStringUnit(value: "キャンセル", state: .translated, key: "Cancel", locale: "ja")
        let change = difference(original, StringCatalogWriter().data(for: edited))
        XCTAssertEqual(change.removed, [])
        XCTAssertEqual(change.added.map(String.init), [
            #"        "ja" : {"#,
            #"          "stringUnit" : {"#,
            #"            "state" : "translated","#,
            #"            "value" : "キャンセル""#,
            #"          }"#,
            #"        },"#,
        ])
        var others = edited
        others.entries["Cancel"]?.localizations?["ja"] = nil
        XCTAssertEqual(others, catalog)
    }

    func testSubstitutionLeavesOfARealCatalog() throws {
        let (original, catalog) = try fixture("MacMouseFix.Localizable")
        let key = "capture-toast.buttons.captured.body"
        let leaves = catalog.stringUnits(key: key, locale: "en")
        XCTAssertEqual(leaves.map(\.path.description), ["", "substitutions.pluralizable.plural.one", "substitutions.pluralizable.plural.other"])
        XCTAssertEqual(leaves[1].unit.value, "%2$@ is now captured by Mac Mouse Fix")
        XCTAssertEqual(catalog.stringUnit(key: key, locale: "en", path: leaves[1].path), leaves[1].unit)
        XCTAssertEqual(catalog.stringUnits(key: key, locale: "cs").map(\.path.description),
                       ["", "substitutions.pluralizable.plural.few", "substitutions.pluralizable.plural.many",
                        "substitutions.pluralizable.plural.one", "substitutions.pluralizable.plural.other"])

        var edited = catalog
        try edited.setStringUnit(value: "%2$@ jetzt erfasst", state: .translated, key: key, locale: "de",
                                 path: ["substitutions", "pluralizable", "plural", "one"])
        let change = difference(original, StringCatalogWriter().data(for: edited))
        XCTAssertEqual(change.added, [#"                      "value" : "%2$@ jetzt erfasst""#])
        XCTAssertEqual(change.removed.count, 1)

        // A locale without the substitution gets one made from the source language's.
        try edited.setStringUnit(value: "%2$@ を捕捉", state: .translated, key: key, locale: "ja",
                                 path: ["substitutions", "pluralizable", "plural", "other"])
        let ja = try XCTUnwrap(edited.entries[key]?.localizations?["ja"])
        XCTAssertNil(ja.stringUnit)
        XCTAssertEqual(ja.substitutions?["pluralizable"]?.formatSpecifier, "d")
        XCTAssertNil(ja.substitutions?["pluralizable"]?.argNum)
        XCTAssertEqual(ja.stringUnits.map(\.path.description), ["substitutions.pluralizable.plural.other"])
    }

    func testIntermediateObjectsAreCreatedAndUnknownFieldsKept() throws {
        var catalog = StringCatalog(sourceLanguage: "en", entries: ["Photos": CatalogEntry()])
        try catalog.setStringUnit(value: "%lld photo", state: .new, key: "Photos", locale: "en", path: ["device", "iphone", "plural", "one"])
        try catalog.setStringUnit(value: "%lld photos", state: .new, key: "Photos", locale: "en", path: ["device", "iphone", "plural", "other"])
        try catalog.setStringUnit(value: "Photos", state: .new, key: "Photos", locale: "en", path: ["device", "mac"])
        XCTAssertEqual(catalog.stringUnits(key: "Photos", locale: "en").map(\.path.description),
                       ["device.iphone.plural.one", "device.iphone.plural.other", "device.mac"])
        XCTAssertEqual(catalog.entries["Photos"]?.localizations?["en"]?.variations?.device?["iphone"]?.variations?.plural?["other"]?.stringUnit?.value,
                       "%lld photos")

        catalog.entries["Photos"]?.localizations?["en"]?.variations?.device?["mac"]?.stringUnit?.unknownFields["x-hash"] = .number("7")
        try catalog.setStringUnit(value: "Fotos", state: .translated, key: "Photos", locale: "en", path: ["device", "mac"])
        XCTAssertEqual(catalog.stringUnit(key: "Photos", locale: "en", path: ["device", "mac"]),
                       StringUnit(state: .translated, value: "Fotos", unknownFields: ["x-hash": .number("7")]))
        XCTAssertEqual(catalog.locales, ["en"])
        XCTAssertEqual(catalog.entries["Photos"]?.locales, ["en"])
    }

    func testRefusedEditsChangeNothing() throws {
        let (_, original) = try fixture("MacMouseFix.Localizable")
        var catalog = original
        let key = "capture-toast.buttons.captured.body"
        func reason(_ path: StringUnitPath, key: String = key) -> StringCatalogEditError.Reason? {
            do {
                try catalog.setStringUnit(value: "x", state: .translated, key: key, locale: "ja", path: path)
                return nil
            } catch {
                return error.reason
            }
        }
        XCTAssertEqual(reason([], key: "no such key"), .noSuchKey)
        XCTAssertEqual(reason(["plural"]), .malformedPath)
        XCTAssertEqual(reason(["substitutions", "pluralizable"]), .malformedPath)
        XCTAssertEqual(reason(["substitutions", "pluralizable", "substitutions", "x", "plural", "one"]), .malformedPath)
        XCTAssertEqual(reason(["substitutions", "nope", "plural", "one"]), .unknownSubstitution("nope"))
        XCTAssertEqual(catalog, original)
        XCTAssertNil(catalog.stringUnit(key: key, locale: "en", path: ["plural", "one"]))
        XCTAssertNil(catalog.stringUnit(key: key, locale: "en", path: ["substitutions", "pluralizable", "plural", "few"]))
        XCTAssertEqual(StringCatalogEditError(reason: .noSuchKey, key: "k", path: []).description, "the catalog has no key \"k\"")
    }

    func testPathsDescribeXcodeXLIFFSuffixes() {
        XCTAssertEqual(StringUnitPath(["device", "iphone", "plural", "one"]).description, "device.iphone.plural.one")
        XCTAssertEqual(StringUnitPath().description, "")
        XCTAssertTrue(StringUnitPath().isRoot)
        XCTAssertTrue(StringUnitPath(["substitutions", "n", "plural", "few"]).isWellFormed)
        XCTAssertTrue(StringUnitPath(["device", "mac", "substitutions", "n", "plural", "few"]).isWellFormed)
        XCTAssertFalse(StringUnitPath(["device"]).isWellFormed)
        XCTAssertFalse(StringUnitPath(["device", "mac", "substitutions", "n"]).isWellFormed)
        XCTAssertEqual(StringUnitPath().appending("plural", "one").components, ["plural", "one"])
        XCTAssertEqual(StringUnitPath(["device", "mac"]).appending("substitutions", "n").appending("plural", "few"),
                       StringUnitPath(["device", "mac", "substitutions", "n", "plural", "few"]))
    }
}
