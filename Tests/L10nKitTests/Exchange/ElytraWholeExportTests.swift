import Foundation
import L10nKit
import XCTest

/// Xcode 15.0's whole export of Elytra (../shared/fixtures/xliff/Elytra.de.xliff, 37 `<file>`s,
/// 680 units) imported as it is into a project rebuilt from it: every kind of file Xcode exports
/// (String Catalogs, `.strings` tables, `InfoPlist.strings`, a `.stringsdict`, storyboards and
/// XIBs, intent definitions) is written, and the only refusals are files l10n never writes.
///
/// The rebuild puts each development-language file at its `original`, relative to a project
/// folder two levels deep, so Xcode's `../../DZ/...` (Swift packages beside the project) lands
/// outside it, as in the real checkout:
/// - `.strings` and `InfoPlist.strings`: key = id, value = source (the key itself when the source is
///   its positional form), note as comment (`ElytraLegacyStrings.sourceFile`);
/// - String Catalogs: key = id, comment = note, the source as the development-language value when
///   it is not the key (InfoPlist catalogs hold `CFBundleName` = `widgetsmacOS`);
/// - the `.stringsdict` from its units' sources (`ElytraStringsdict.stringsdict`);
/// - `PushRequestVC.xib` is the real file (Golden/ib); the other storyboards and XIBs are documents
///   with one element per unit, of the class its note names (`Class = "UILabel"; text = ...`);
/// - intent definitions: one type per unit, display name = source, id = the unit's id.
/// No German file exists before the import.
final class ElytraWholeExportTests: XCTestCase {
    struct Rebuilt {
        var root: URL
        var document: XLIFFDocument
        var data: Data
    }

    func rebuild() throws -> Rebuilt {
        let data = try Data(contentsOf: Fixtures.shared("fixtures/xliff/Elytra.de.xliff"))
        let document = try XLIFFReader().read(data, path: "Elytra.de.xliff")
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Checkout/Apps/Elytra", isDirectory: true)
        for file in document.files {
            let url = root.appendingPathComponent(file.original).standardizedFileURL
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.sourceFile(file).write(to: url)
        }
        return Rebuilt(root: root, document: document, data: data)
    }

    static func sourceFile(_ file: XLIFFFile) throws -> Data {
        let path = file.original
        if path.hasSuffix("/PushRequestVC.xib") { return try LegacyGolden.read("ib/PushRequestVC.xib") }
        if path.hasSuffix(".strings") {
            let table = ElytraLegacyStrings.Table(original: path, path: path, units: file.units, element: "")
            return StringsWriter.data(for: ElytraLegacyStrings.sourceFile(table))
        }
        if path.hasSuffix(".stringsdict") { return StringsdictWriter.data(for: try ElytraStringsdict.stringsdict(file.units, target: false)) }
        if path.hasSuffix(".xcstrings") { return try catalog(file.units) }
        if path.hasSuffix(".intentdefinition") { return intentDefinition(file.units) }
        if path.hasSuffix(".storyboard") || path.hasSuffix(".xib") { return try interfaceDocument(file.units, isStoryboard: path.hasSuffix(".storyboard")) }
        throw XCTSkip("no rebuild for \(path)")
    }

    static func catalog(_ units: [TransUnit]) throws -> Data {
        var strings: [String: Any] = [:]
        for unit in units {
            var entry: [String: Any] = [:]
            if let note = unit.note, !note.isEmpty { entry["comment"] = note }
            if FormatString.positionalized(unit.id) != unit.source {
                entry["extractionState"] = "extracted_with_value"
                entry["localizations"] = ["en": ["stringUnit": ["state": "new", "value": unit.source]]]
            }
            strings[unit.id] = entry
        }
        return try JSONSerialization.data(withJSONObject: ["sourceLanguage": "en", "strings": strings, "version": "1.0"],
                                          options: [.prettyPrinted, .sortedKeys])
    }

    static func intentDefinition(_ units: [TransUnit]) -> Data {
        var plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>INTypes</key>\n\t<array>\n"
        for unit in units {
            plist += "\t\t<dict><key>INTypeDisplayName</key><string>\(XLIFFWriter.escapeAttribute(unit.source))</string>"
                + "<key>INTypeDisplayNameID</key><string>\(unit.id)</string></dict>\n"
        }
        return Data((plist + "\t</array>\n</dict>\n</plist>\n").utf8)
    }

    /// One element per unit: the class from Xcode's note (`Class = "UILabel"`), the property from the id.
    static func interfaceDocument(_ units: [TransUnit], isStoryboard: Bool) throws -> Data {
        let elements = ["UILabel": "label", "UINavigationItem": "navigationItem", "UIViewController": "viewController",
                        "NSTextFieldCell": "textFieldCell"]
        var isMac = false
        var body = ""
        for unit in units {
            let note = try XCTUnwrap(unit.note, unit.id)
            let className = try XCTUnwrap(note.split(separator: "\"").dropFirst().first.map(String.init), note)
            let element = try XCTUnwrap(elements[className], className)
            let (objectID, property) = (String(unit.id.prefix { $0 != "." }), String(unit.id.drop { $0 != "." }.dropFirst()))
            isMac = isMac || className.hasPrefix("NS")
            body += "<\(element) id=\"\(objectID)\" \(property)=\"\(XLIFFWriter.escapeAttribute(unit.source))\"/>\n"
        }
        let type = isMac ? "com.apple.InterfaceBuilder3.Cocoa.XIB"
            : isStoryboard ? "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" : "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
        let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"\(type)\" version=\"3.0\">\n"
            + (isStoryboard ? "<scenes><scene sceneID=\"s1\"><objects>\n\(body)</objects></scene></scenes>\n" : "<objects>\n\(body)</objects>\n")
            + "</document>\n"
        return Data(document.utf8)
    }

    static let outsideOriginals: Set<String> = ["../../DZ/purchases-ios/RevenueCatUI/Resources/en.lproj/Localizable.strings",
                                                "../../DZ/purchases-ios/Sources/Resources/en.lproj/Localizable.strings",
                                                "../../DZ/Settings/Sources/Settings/Resources/Localizable.xcstrings",
                                                "../../DZ/UIPredicateEditor/Sources/UIPredicateEditor/Resources/en.lproj/Localizable.strings"]

    /// Each unit of the real export, as it is: a unit with a target in a file l10n writes is
    /// applied, one without is skipped, `unreadsCountFormat` (`translate="no"`) is skipped, and
    /// every unit of the packages beside the project and of the vendor folder is refused as
    /// read-only, nothing else. The files written are the German files Xcode would write, for
    /// every kind, and a second import changes nothing.
    func testTheRealExportImportsIntoTheProjectItDescribes() throws {
        let rebuilt = try rebuild()
        let input = ImportInput(path: "Elytra.de.xliff", document: rebuilt.document)
        let plan = try ExchangeFixtures.plan(rebuilt.root, [input])

        var expectedReasons: [String] = []
        var expectedWritten: Set<String> = []
        var kindsApplied: Set<String> = []
        for file in rebuilt.document.files {
            let readOnly = Self.outsideOriginals.contains(file.original) || ProjectDiscovery.isVendorPath(file.original)
            for unit in file.units {
                if !unit.translate { expectedReasons.append("do-not-translate") }
                else if readOnly { expectedReasons.append("read-only-file") }
                else if unit.target == nil { expectedReasons.append("no-target") }
                else {
                    expectedReasons.append("applied")
                    kindsApplied.insert((file.original as NSString).pathExtension)
                }
            }
        }
        XCTAssertEqual(plan.outcomes.map { $0.reason?.rawValue ?? $0.status.rawValue }, expectedReasons)
        XCTAssertEqual(kindsApplied, ["strings", "stringsdict", "storyboard", "xib", "intentdefinition"])
        XCTAssertEqual(plan.outcomes.filter { $0.reason == .readOnlyFile }.count, 108, "100 units of four packages beside the project, 8 of five vendor files")
        for outcome in plan.outcomes where outcome.reason == .readOnlyFile {
            let message = try XCTUnwrap(outcome.message)
            XCTAssertTrue(message.contains("lies outside the project folder") || message.contains("is a vendor file"), message)
        }
        for outcome in plan.outcomes where outcome.status == .applied { expectedWritten.insert(try XCTUnwrap(outcome.targetPath)) }
        XCTAssertEqual(Set(plan.changes.map(\.path)), expectedWritten)
        XCTAssertTrue(plan.changes.allSatisfy(\.isNew))
        XCTAssertTrue(expectedWritten.contains("Shared/Widgets/Intents/de.lproj/FoldersIntent.strings"))
        XCTAssertTrue(expectedWritten.contains("Yeti/Controllers/Root/de.lproj/PushRequestVC.strings"))
        XCTAssertTrue(expectedWritten.contains("Yeti/SupportingFiles/Localizations/de.lproj/Localizable.stringsdict"))
        try plan.write()

        // What was written holds Xcode's targets, unit by unit: the next export of every unit
        // gives them back, for every file l10n writes.
        let export = XLIFFExporter(project: try ProjectDiscovery(root: rebuilt.root).discover()).export(locale: "de", scope: .all)
        var exported: [String: String] = [:]
        for file in export.document.files {
            for unit in file.units { exported[file.original + "\u{0}" + unit.id] = unit.target }
        }
        var compared = 0
        for file in rebuilt.document.files where !Self.outsideOriginals.contains(file.original) && !ProjectDiscovery.isVendorPath(file.original) {
            for unit in file.units where unit.translate {
                XCTAssertEqual(exported[file.original + "\u{0}" + unit.id], unit.target, "\(file.original) \(unit.id)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 500)

        let before = try ExchangeFixtures.snapshot(rebuilt.root)
        let again = try ExchangeFixtures.plan(rebuilt.root, [input])
        XCTAssertEqual(again.changes.map(\.path), [])
        XCTAssertEqual(again.outcomes.filter { $0.status == .applied }.count, 0)
        try again.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(rebuilt.root), before)
    }

    /// The same export with every unit a translator left empty filled (the source with a German
    /// prefix, its arguments kept): the String Catalogs take theirs too, so every kind is applied,
    /// and afterwards nothing of the writable files is missing for German.
    func testEveryKindIsAppliedWhenEveryUnitIsTranslated() throws {
        let rebuilt = try rebuild()
        var document = rebuilt.document
        for index in document.files.indices {
            for unitIndex in document.files[index].units.indices where document.files[index].units[unitIndex].target == nil {
                let source = document.files[index].units[unitIndex].source
                document.files[index].units[unitIndex].target = source.isEmpty ? "" : "DE " + source
                document.files[index].units[unitIndex].targetState = .translated
            }
        }
        let written = try XLIFFWriter(tool: ExchangeFixtures.tool).data(document)
        let plan = try ExchangeFixtures.plan(rebuilt.root, [ImportInput(path: "Elytra.de.xliff", document: try XLIFFReader().read(written, path: "Elytra.de.xliff"))])
        let refused = plan.outcomes.filter { $0.status == .refused }
        XCTAssertEqual(Set(refused.map(\.reason)), [.readOnlyFile])
        XCTAssertEqual(Set(refused.map(\.original)).filter { !Self.outsideOriginals.contains($0) && !ProjectDiscovery.isVendorPath($0) }, [])
        let applied = Set(plan.outcomes.filter { $0.status == .applied }.map { ($0.original as NSString).pathExtension })
        XCTAssertEqual(applied, ["strings", "stringsdict", "storyboard", "xib", "intentdefinition", "xcstrings"])
        XCTAssertTrue(plan.changes.contains { $0.path == "Yeti/widgets/Localizable.xcstrings" })
        try plan.write()

        let missing = XLIFFExporter(project: try ProjectDiscovery(root: rebuilt.root).discover()).export(locale: "de", scope: .missing)
        XCTAssertEqual(missing.unitCount, 0, missing.document.files.map { "\($0.original): \($0.units.map(\.id))" }.joined(separator: "\n"))
    }
}
