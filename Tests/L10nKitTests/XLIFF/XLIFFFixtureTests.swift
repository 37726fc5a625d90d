import Foundation
import L10nKit
import XCTest

/// The reader and writer against real Xcode exports in ../shared/fixtures/xliff.
final class XLIFFFixtureTests: XCTestCase {
    private let writer = XLIFFWriter(tool: .l10n(version: "0.1.0"))

    private func load(_ name: String) throws -> (Data, XLIFFDocument) {
        let url = try Fixtures.shared("fixtures/xliff/\(name)")
        let data = try Data(contentsOf: url)
        return (data, try XLIFFReader().read(data, path: name))
    }

    // Counts taken independently with python3's xml.etree over the fixtures.
    func testKeepingYouAwakeUnitCounts() throws {
        let (_, document) = try load("KeepingYouAwake.de.xliff")
        XCTAssertEqual(document.files.count, 10)
        XCTAssertEqual(document.allUnits.count, 71)
        let perFile = Dictionary(uniqueKeysWithValues: document.files.map { ($0.original, $0.units.count) })
        XCTAssertEqual(perFile, [
            "KeepingYouAwake/InfoPlist.xcstrings": 2,
            "KeepingYouAwake/Localizable.xcstrings": 26,
            "KeepingYouAwake/Settings/KYAAdvancedSettingsViewController/Base.lproj/KYAAdvancedSettingsViewController.xib": 3,
            "KeepingYouAwake/Settings/KYABatterySettingsViewController/Base.lproj/KYABatterySettingsViewController.xib": 9,
            "KeepingYouAwake/Settings/KYADurationSettingsViewController/Base.lproj/KYAAddDurationViewController.xib": 6,
            "KeepingYouAwake/Settings/KYADurationSettingsViewController/Base.lproj/KYADurationSettingsViewController.xib": 7,
            "KeepingYouAwake/Settings/KYAGeneralSettingsViewController/Base.lproj/KYAGeneralSettingsViewController.xib": 6,
            "KeepingYouAwake/Settings/KYASettings.xcstrings": 7,
            "KeepingYouAwake/Settings/KYAUpdateSettingsViewController/Base.lproj/KYAUpdateSettingsViewController.xib": 3,
            "KYALauncher/InfoPlist.xcstrings": 2,
        ])
        let units = document.allUnits.map(\.unit)
        XCTAssertEqual(units.filter { $0.target != nil }.count, 65)
        XCTAssertEqual(units.filter { $0.targetState == .translated }.count, 65)
        XCTAssertEqual(units.filter { $0.note == "" }.count, 7)
        XCTAssertEqual(units.filter { !$0.translate }.map(\.id), ["7z8-pS-A86.title"])
        XCTAssertEqual(kindCounts(document), ["xcstrings": 37, "interfaceBuilder": 34])
        for file in document.files {
            XCTAssertEqual(file.sourceLanguage, "en")
            XCTAssertEqual(file.targetLanguage, "de")
            XCTAssertEqual(file.datatype, "plaintext")
            XCTAssertEqual(file.tool, XLIFFTool(id: "com.apple.dt.xcode", name: "Xcode", version: "16.4", buildNumber: "16F6"))
        }
        let multiline = try XCTUnwrap(units.first { $0.id.hasPrefix("Click to allow sleep") })
        XCTAssertEqual(multiline.id, "Click to allow sleep\nRight click to show menu")
        XCTAssertEqual(multiline.source, "Click to allow sleep\nRight click to show menu")
    }

    func testElytraUnitCounts() throws {
        let (_, document) = try load("Elytra.de.xliff")
        XCTAssertEqual(document.files.count, 37)
        XCTAssertEqual(document.allUnits.count, 680)
        XCTAssertEqual(kindCounts(document), [
            "strings": 597, "xcstrings": 31, "interfaceBuilder": 11, "intentDefinition": 33, "stringsdict": 8,
        ])
        let perFile = Dictionary(uniqueKeysWithValues: document.files.map { ($0.original, $0.units.count) })
        let expected: [String: Int] = [
            "../../DZ/purchases-ios/RevenueCatUI/Resources/en.lproj/Localizable.strings": 22,
            "../../DZ/purchases-ios/Sources/Resources/en.lproj/Localizable.strings": 52,
            "../../DZ/Settings/Sources/Settings/Resources/Localizable.xcstrings": 2,
            "../../DZ/UIPredicateEditor/Sources/UIPredicateEditor/Resources/en.lproj/Localizable.strings": 24,
            "Mac/SupportingFiles/en.lproj/Info-notarized-InfoPlist.strings": 5,
            "notificationContext/Base.lproj/MainInterface.storyboard": 2,
            "notificationContext/en.lproj/InfoPlist.strings": 2,
            "notificationContext/en.lproj/Localizable.strings": 8,
            "notificationsService/en.lproj/InfoPlist.strings": 3,
            "safari-subscribe-ios/en.lproj/InfoPlist.strings": 3,
            "safari-subscribe/Base.lproj/SafariExtensionViewController.xib": 1,
            "safari-subscribe/en.lproj/InfoPlist.strings": 4,
            "SelectFeedIntent/en.lproj/InfoPlist.strings": 3,
            "SelectFolderIntents/en.lproj/InfoPlist.strings": 2,
            "Shared/Widgets/Intents/Base.lproj/BloccsIntent.intentdefinition": 5,
            "Shared/Widgets/Intents/Base.lproj/FoldersIntent.intentdefinition": 13,
            "Shared/Widgets/Intents/Base.lproj/SoloIntent.intentdefinition": 7,
            "Shared/Widgets/Intents/Base.lproj/UnreadsIntent.intentdefinition": 8,
            "Shared/Widgets/Intents/InfoPlist.xcstrings": 3,
            "Shared/Widgets/Intents/Resources/InfoPlist.xcstrings": 3,
            "Yeti/Controllers/Root/Base.lproj/PushRequestVC.xib": 3,
            "Yeti/SupportingFiles/Localizations/Base.lproj/LaunchScreen.storyboard": 1,
            "Yeti/SupportingFiles/Localizations/en.lproj/InfoPlist.strings": 6,
            "Yeti/SupportingFiles/Localizations/en.lproj/Localizable.strings": 436,
            "Yeti/SupportingFiles/Localizations/en.lproj/Localizable.stringsdict": 8,
            "Yeti/Utilities/Settings.bundle/en.lproj/Root.strings": 4,
            "Yeti/Vendors/DZAppDelegate/Example/Base.lproj/LaunchScreen.xib": 2,
            "Yeti/Vendors/DZAppDelegate/Example/en.lproj/InfoPlist.strings": 1,
            "Yeti/Vendors/DZKit/ColumnApp/en.lproj/InfoPlist.strings": 1,
            "Yeti/Vendors/DZKit/DZKit/en.lproj/Localizable.strings": 3,
            "Yeti/Vendors/DZKit/DZKitTestApp/en.lproj/InfoPlist.strings": 1,
            "Yeti/widgets/en.lproj/InfoPlist.strings": 2,
            "Yeti/widgets/InfoPlist.xcstrings": 3,
            "Yeti/widgets/Localizable.xcstrings": 20,
            "Yeti/widgets/SupportingFiles/en.lproj/Localizable.strings": 13,
            "YetiShare/Base.lproj/MainInterface.storyboard": 2,
            "YetiShare/en.lproj/InfoPlist.strings": 2,
        ]
        XCTAssertEqual(perFile, expected)
        let units = document.allUnits.map(\.unit)
        XCTAssertEqual(units.filter { $0.target != nil }.count, 444)
        XCTAssertEqual(units.filter { $0.target != nil && $0.targetState == nil }.count, 442)
        XCTAssertEqual(units.filter { $0.targetState == .translated }.count, 2)
        XCTAssertEqual(units.filter { $0.note == "" }.count, 353)
        XCTAssertEqual(units.filter { $0.note == nil }.count, 0)
        XCTAssertEqual(units.filter { $0.source.isEmpty }.count, 2)
        XCTAssertEqual(units.filter { $0.target == "" }.count, 2)

        let stringsdict = try XCTUnwrap(document.files.first { $0.sourceKind == .stringsdict })
        let ids = stringsdict.units.map { XcodeUnitID($0.id, kind: .stringsdict) }
        XCTAssertEqual(ids.first, .stringsdict(key: "summaryLinesFormat", path: ["NSStringLocalizedFormatKey"]))
        XCTAssertEqual(ids[1], .stringsdict(key: "summaryLinesFormat", path: ["lineCount", "one"]))
        XCTAssertEqual(ids.last, .stringsdict(key: "unreadsCountFormat", path: ["unreadsCount", "zero"]))
        XCTAssertEqual(stringsdict.units.last?.source, "")
        XCTAssertEqual(stringsdict.units.last?.target, "")
        // A key that is in both Localizable.strings and .stringsdict: Xcode marks the .strings unit translate="no".
        let doNotTranslate = units.filter { !$0.translate }
        XCTAssertEqual(doNotTranslate.map(\.id), ["unreadsCountFormat"])
        XCTAssertEqual(doNotTranslate.first?.note, "No comment provided by engineer. (Key in .stringsdict)")
        for (unit, id) in zip(stringsdict.units, ids) { XCTAssertEqual(id.rawValue, unit.id) }

        let storyboard = try XCTUnwrap(document.files.first { $0.original == "Yeti/SupportingFiles/Localizations/Base.lproj/LaunchScreen.storyboard" })
        XCTAssertEqual(XcodeUnitID(storyboard.units[0].id, kind: .interfaceBuilder), .interfaceBuilder(objectID: "pou-ME-U8A", keyPath: "title"))
        let note = try XCTUnwrap(InterfaceBuilderNote(storyboard.units[0].note ?? ""))
        XCTAssertEqual(note.className, "UINavigationItem")
        XCTAssertEqual(note.objectID, "pou-ME-U8A")
        XCTAssertEqual(note["title"], "Feeds")
        XCTAssertEqual(note.rawValue, storyboard.units[0].note)
        XCTAssertEqual(storyboard.units[0].target, "Einspeisungen")
    }

    /// Interface Builder notes of both fixtures parse and print back identically.
    func testInterfaceBuilderNotesRoundTrip() throws {
        var count = 0
        for name in ["KeepingYouAwake.de.xliff", "Elytra.de.xliff"] {
            let (_, document) = try load(name)
            for file in document.files where file.sourceKind == .interfaceBuilder {
                for unit in file.units {
                    let note = try XCTUnwrap(InterfaceBuilderNote(unit.note ?? ""), unit.id)
                    XCTAssertEqual(note.rawValue, unit.note)
                    guard case .interfaceBuilder(let objectID, let keyPath) = XcodeUnitID(unit.id, kind: .interfaceBuilder) else {
                        return XCTFail("not an IB id: \(unit.id)")
                    }
                    XCTAssertEqual(note.objectID, objectID)
                    XCTAssertFalse(keyPath.isEmpty)
                    count += 1
                }
            }
        }
        XCTAssertEqual(count, 45)
    }

    /// Locations point at the `<trans-unit` and `<file` start tags.
    func testLocations() throws {
        let (data, document) = try load("KeepingYouAwake.de.xliff")
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (file, unit) in document.allUnits {
            let location = try XCTUnwrap(unit.location)
            XCTAssertEqual(location.file, "KeepingYouAwake.de.xliff")
            XCTAssertTrue(lines[location.line - 1].hasPrefix("      <trans-unit id="), "\(location)")
            XCTAssertEqual(location.column, 7)
            let fileLocation = try XCTUnwrap(file.location)
            XCTAssertTrue(lines[fileLocation.line - 1].hasPrefix("  <file original=\"\(file.original)\""))
            XCTAssertEqual(fileLocation.column, 3)
        }
        XCTAssertEqual(document.files[0].location?.line, 3)
        XCTAssertEqual(document.files[0].units[0].location?.line, 8)
    }

    /// The writer reproduces every `<file>` element of Xcode 16.4's export byte for byte, header aside.
    func testKeepingYouAwakeWriterMatchesXcodeBytes() throws {
        let (data, document) = try load("KeepingYouAwake.de.xliff")
        let original = String(decoding: data, as: UTF8.self)
        let written = try writer.string(document)
        let theirs = Self.fileElements(original), ours = Self.fileElements(written)
        XCTAssertEqual(theirs.count, 10)
        XCTAssertEqual(ours.count, theirs.count)
        for (a, b) in zip(theirs, ours) {
            XCTAssertEqual(Self.withoutHeader(a), Self.withoutHeader(b))
        }
        // Everything outside the headers is identical, including declaration, root and final newline.
        XCTAssertEqual(Self.withoutHeaders(written), Self.withoutHeaders(original))
        XCTAssertTrue(written.contains(#"<tool tool-id="l10n" tool-name="l10n" tool-version="0.1.0" build-num="0.1.0"/>"#))
        XCTAssertFalse(written.contains("Xcode"))
    }

    /// Elytra (Xcode 15.0): every `<file>` element matches byte for byte, header aside, including
    /// the 6 of 37 start tags where Xcode 15.0 wrote `datatype` before `source-language` (the
    /// legacy files without a `de` localization), which the reader records as `datatypeFirst`.
    func testElytraWriterMatchesXcodeBytes() throws {
        let (data, document) = try load("Elytra.de.xliff")
        let original = String(decoding: data, as: UTF8.self)
        let written = try writer.string(document)
        let theirs = Self.fileElements(original), ours = Self.fileElements(written)
        XCTAssertEqual(theirs.count, 37)
        XCTAssertEqual(ours.count, theirs.count)
        XCTAssertEqual(written.prefix { $0 != "\n" }, original.prefix { $0 != "\n" })
        XCTAssertEqual(written.components(separatedBy: "  <file ").first, original.components(separatedBy: "  <file ").first)
        XCTAssertEqual(written.components(separatedBy: "</file>\n").last, "</xliff>\n")
        XCTAssertEqual(original.components(separatedBy: "</file>\n").last, "</xliff>\n")
        for (index, (a, b)) in zip(theirs, ours).enumerated() {
            XCTAssertEqual(Self.withoutHeader(a), Self.withoutHeader(b), document.files[index].original)
        }
        XCTAssertEqual(Self.withoutHeaders(written), Self.withoutHeaders(original))
        XCTAssertEqual(document.files.filter { $0.attributeOrder == .datatypeFirst }.map(\.original), [
            "../../DZ/purchases-ios/Sources/Resources/en.lproj/Localizable.strings",
            "Mac/SupportingFiles/en.lproj/Info-notarized-InfoPlist.strings",
            "notificationContext/en.lproj/Localizable.strings",
            "SelectFeedIntent/en.lproj/InfoPlist.strings",
            "Yeti/Vendors/DZAppDelegate/Example/Base.lproj/LaunchScreen.xib",
            "Yeti/Vendors/DZAppDelegate/Example/en.lproj/InfoPlist.strings",
        ])
        for file in document.files {
            XCTAssertEqual(file.attributeOrder == .datatypeFirst, file.sourceKind != .stringCatalog && file.units.allSatisfy { $0.target == nil },
                           "datatype comes first exactly in the legacy files without any target: \(file.original)")
        }
    }

    /// Reading our own output gives back the same document (locations and header tool aside).
    func testWrittenFixturesReparse() throws {
        for name in ["KeepingYouAwake.de.xliff", "Elytra.de.xliff"] {
            let (_, document) = try load(name)
            let written = try writer.data(document)
            let again = try XLIFFReader().read(written, path: "written-\(name)")
            XCTAssertEqual(Self.stripped(again), Self.stripped(document), name)
            XCTAssertEqual(try writer.data(again), written, name)
        }
    }

    /// Xcode's `<file>` order is the catalog key order of `original`; catalog units follow the
    /// code-point-with-numbers order (checked on every catalog file of both fixtures).
    func testOrderHelpersReproduceXcodeOrder() throws {
        var catalogPairs = 0
        for name in ["KeepingYouAwake.de.xliff", "Elytra.de.xliff"] {
            let (_, document) = try load(name)
            XCTAssertEqual(XLIFFOrder.sortedFiles(document.files.shuffled()).map(\.original), document.files.map(\.original), name)
            for file in document.files where file.sourceKind == .stringCatalog {
                XCTAssertEqual(XLIFFOrder.sortedCatalogUnits(file.units.reversed()).map(\.id), file.units.map(\.id), file.original)
                catalogPairs += max(file.units.count - 1, 0)
            }
        }
        XCTAssertEqual(catalogPairs, (37 - 4) + (31 - 5))
    }

    // MARK: Helpers

    private func kindCounts(_ document: XLIFFDocument) -> [String: Int] {
        var counts: [String: Int] = [:]
        for file in document.files {
            let name: String
            switch file.sourceKind {
            case .stringCatalog: name = "xcstrings"
            case .strings: name = "strings"
            case .stringsdict: name = "stringsdict"
            case .interfaceBuilder: name = "interfaceBuilder"
            case .intentDefinition: name = "intentDefinition"
            case .other(let ext): name = ext
            }
            counts[name, default: 0] += file.units.count
        }
        return counts
    }

    /// The text of each `<file ...>...</file>\n` element.
    static func fileElements(_ text: String) -> [String] {
        var result: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "  <file "), let end = rest.range(of: "  </file>\n", range: start.upperBound..<rest.endIndex) {
            result.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return result
    }

    static func withoutHeader(_ element: String) -> String {
        withoutHeaders(element)
    }

    static func withoutHeaders(_ text: String) -> String {
        text.replacingOccurrences(of: #"    <header>\n      <tool [^\n]*/>\n    </header>\n"#, with: "    <header/>\n", options: .regularExpression)
    }

    static func stripped(_ document: XLIFFDocument) -> XLIFFDocument {
        var copy = document
        for f in copy.files.indices {
            copy.files[f].location = nil
            copy.files[f].tool = nil
            for u in copy.files[f].units.indices { copy.files[f].units[u].location = nil }
        }
        return copy
    }
}
