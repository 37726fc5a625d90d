import Foundation
import L10nKit
import XCTest

/// Export against Xcode's own export of the same catalogs (../shared/fixtures).
final class ExportXcodeTests: XCTestCase {
    /// KeepingYouAwake's two catalogs placed where the project has them, exported for `de` with
    /// scope `all`, give Xcode 16.4's `<file>` elements byte for byte, header aside.
    func testKeepingYouAwakeFileElementsMatchXcode() throws {
        let localizable = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.Localizable.xcstrings"))
        let settings = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.KYASettings.xcstrings"))
        let xcode = String(decoding: try Data(contentsOf: Fixtures.shared("fixtures/xliff/KeepingYouAwake.de.xliff")), as: UTF8.self)
        let root = try ExchangeFixtures.project(self, files: [
            "KeepingYouAwake/Localizable.xcstrings": localizable,
            "KeepingYouAwake/Settings/KYASettings.xcstrings": settings,
        ])
        let project = try ProjectDiscovery(root: root).discover()
        let export = XLIFFExporter(project: project).export(locale: "de", scope: .all)
        let written = try XLIFFWriter(tool: ExchangeFixtures.tool).string(export.document)
        let ours = ExchangeFixtures.fileElements(written), theirs = ExchangeFixtures.fileElements(xcode)
        XCTAssertEqual(Array(ours.keys).sorted(), ["KeepingYouAwake/Localizable.xcstrings", "KeepingYouAwake/Settings/KYASettings.xcstrings"])
        for path in ours.keys.sorted() {
            let mine = try XCTUnwrap(ours[path]), xcodes = try XCTUnwrap(theirs[path])
            XCTAssertEqual(mine, xcodes, path)
            if mine != xcodes {
                let diff = ExchangeFixtures.changedLines(Data(xcodes.utf8), Data(mine.utf8))
                XCTFail("\(path): Xcode's lines \(diff.removed.prefix(6)) vs ours \(diff.added.prefix(6))")
            }
        }
        XCTAssertEqual(export.unitCount, 26 + 7)
        XCTAssertTrue(written.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns="))
        XCTAssertTrue(written.hasSuffix("  </file>\n</xliff>\n"))
        let again = try XLIFFReader().read(Data(written.utf8), path: "de.xliff")
        XCTAssertEqual(again.allUnits.count, 33)
    }
}

/// Unit ids, order and sources of variations, as formats.md §2 describes Xcode's export.
final class ExportVariationTests: XCTestCase {
    private func export(_ locale: String, scope: ExportScope = .all) throws -> LocaleExport {
        let project = try ProjectDiscovery(root: ExchangeFixtures.variationsProject(self)).discover()
        return XLIFFExporter(project: project).export(locale: locale, scope: scope)
    }

    /// Russian needs one, few, many, other: few and many take the English `other` text.
    func testRussianGoldenWithEveryVariationShape() throws {
        let export = try export("ru")
        let data = try XLIFFWriter(tool: ExchangeFixtures.tool).data(export.document)
        LegacyGolden.assertMatches(data, "exchange/variations.ru.all.xliff")
        let units = export.document.files[0].units
        XCTAssertEqual(units.map(\.id), [
            "%lld items|==|plural.few", "%lld items|==|plural.many", "%lld items|==|plural.one", "%lld items|==|plural.other",
            "%lld photos on %@|==|device.iphone.plural.few", "%lld photos on %@|==|device.iphone.plural.many",
            "%lld photos on %@|==|device.iphone.plural.one", "%lld photos on %@|==|device.iphone.plural.other",
            "%lld photos on %@|==|device.other",
            "Greeting", "Key as source %@ / %@", "Retired", "Tap %@|==|device.iphone", "Tap %@|==|device.other", "Trademark",
            "one_substitution",
            "one_substitution|==|substitutions.strings.plural.few", "one_substitution|==|substitutions.strings.plural.many",
            "one_substitution|==|substitutions.strings.plural.one", "one_substitution|==|substitutions.strings.plural.other",
        ])
        let byID = Dictionary(uniqueKeysWithValues: units.map { ($0.id, $0) })
        XCTAssertEqual(byID["%lld items|==|plural.few"]?.source, "%lld items")
        XCTAssertEqual(byID["%lld items|==|plural.one"]?.source, "%lld item")
        XCTAssertEqual(byID["%lld photos on %@|==|device.iphone.plural.one"]?.source, "%1$lld photo on your %2$@")
        XCTAssertEqual(byID["one_substitution"]?.source, "This %1$@ has %2$#@strings@.")
        XCTAssertEqual(byID["one_substitution|==|substitutions.strings.plural.one"]?.source, "%2$lld string")
        XCTAssertEqual(byID["Key as source %@ / %@"]?.source, "Key as source %1$@ / %2$@")
        XCTAssertEqual(byID["Greeting"]?.targetState, .needsReviewTranslation, "stale is exported for review")
        XCTAssertEqual(byID["Trademark"]?.translate, false)
        for unit in units {
            let id = XcodeUnitID(unit.id, kind: .stringCatalog)
            if unit.id.contains("|==|") {
                guard case .catalogVariation(_, let path) = id else { return XCTFail(unit.id) }
                XCTAssertTrue(XcodeUnitID.isCatalogVariationPath(path), unit.id)
            }
            XCTAssertEqual(id.rawValue, unit.id)
        }
        let reread = try XLIFFReader().read(data, path: "ru.xliff")
        XCTAssertEqual(reread.allUnits.map(\.unit.id), units.map(\.id))
        XCTAssertEqual(XLIFFOrder.sortedCatalogUnits(units.reversed()).map(\.id), units.map(\.id))
    }

    /// Japanese uses only `other`; German keeps its own device case beside the source's.
    func testPluralAndDeviceCasesFollowTheTargetLocale() throws {
        let japanese = try export("ja").document.files[0].units.map(\.id)
        XCTAssertTrue(japanese.contains("%lld items|==|plural.other"))
        XCTAssertFalse(japanese.contains { $0.hasSuffix("plural.one") || $0.hasSuffix("plural.few") })
        let german = try export("de").document.files[0].units
        let mac = try XCTUnwrap(german.first { $0.id == "Tap %@|==|device.mac" })
        XCTAssertEqual(mac.source, "Click %@", "a target-only device case takes the source's other case")
        XCTAssertEqual(mac.target, "Klicke auf %@")
        XCTAssertEqual(mac.targetState, .needsReviewTranslation, "machine_translated is exported for review")
        XCTAssertEqual(german.first { $0.id == "Greeting" }?.targetState, .needsReviewL10n)
        XCTAssertEqual(german.first { $0.id == "%lld items|==|plural.one" }?.targetState, .translated)
    }

    /// `missing` leaves out translated units, `translate="no"` and entries no longer in the code.
    func testMissingScope() throws {
        let ids = try export("de", scope: .missing).document.files[0].units.map(\.id)
        XCTAssertFalse(ids.contains("%lld items|==|plural.one"))
        XCTAssertFalse(ids.contains("Trademark"))
        XCTAssertFalse(ids.contains("Retired"))
        XCTAssertTrue(ids.contains("Greeting"), "needs_review is missing")
        XCTAssertTrue(ids.contains("Tap %@|==|device.mac"), "machine_translated is missing")
        XCTAssertTrue(ids.contains("Tap %@|==|device.iphone"))
        let all = Set(try export("de", scope: .all).document.files[0].units.map(\.id))
        XCTAssertTrue(Set(ids).isSubset(of: all))
    }

    /// MacMouseFix (substitutions, needs_review, shouldTranslate, zh-HK): every locale exports
    /// units whose ids take apart as Xcode's, sorted, and re-parse with libxml2.
    func testMacMouseFixIdsAndReparse() throws {
        let catalog = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings"))
        let root = try ExchangeFixtures.project(self, files: ["Localization/Localizable.xcstrings": catalog])
        let exporter = XLIFFExporter(project: try ProjectDiscovery(root: root).discover())
        let writer = XLIFFWriter(tool: ExchangeFixtures.tool)
        for locale in ["cs", "de", "ru", "zh-HK", "zh-Hant"] {
            let export = exporter.export(locale: locale, scope: .all)
            let units = export.document.files[0].units
            XCTAssertEqual(XLIFFOrder.sortedCatalogUnits(units.shuffled()).map(\.id), units.map(\.id), locale)
            let reread = try XLIFFReader().read(writer.data(export.document), path: "\(locale).xliff")
            XCTAssertEqual(reread.allUnits.map(\.unit.source), units.map(\.source), locale)
            XCTAssertEqual(reread.allUnits.map(\.unit.target), units.map(\.target), locale)
            let body = units.filter { $0.id.hasPrefix("capture-toast.buttons.captured.body") }.map(\.id)
            let categories = try PluralRules(locale: locale).categories.map { "capture-toast.buttons.captured.body|==|substitutions.pluralizable.plural.\($0.rawValue)" }
            XCTAssertEqual(body, ["capture-toast.buttons.captured.body"] + categories.sorted(), locale)
        }
        let russian = exporter.export(locale: "ru", scope: .all).document.files[0].units
        XCTAssertEqual(russian.first { $0.id == "capture-toast.buttons.captured.body|==|substitutions.pluralizable.plural.few" }?.source,
                       "%2$@ are now captured by Mac Mouse Fix")
        let json = try JSONSerialization.jsonObject(with: catalog) as? [String: Any]
        let strings = try XCTUnwrap(json?["strings"] as? [String: [String: Any]])
        let doNotTranslate = Set(strings.filter { $0.value["shouldTranslate"] as? Bool == false }.keys)
        XCTAssertEqual(doNotTranslate.count, 29)
        let flagged = russian.filter { !$0.translate }
        XCTAssertEqual(Set(flagged.map { XcodeUnitID($0.id, kind: .stringCatalog).key ?? "" }), doNotTranslate)
        XCTAssertTrue(russian.filter(\.translate).allSatisfy { !doNotTranslate.contains(XcodeUnitID($0.id, kind: .stringCatalog).key ?? "") })
    }
}
