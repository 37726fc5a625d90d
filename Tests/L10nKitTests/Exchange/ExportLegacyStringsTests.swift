import Foundation
import L10nKit
import XCTest

/// The legacy `.strings` tables of Xcode 15.0's export of Elytra (../shared/fixtures/xliff/Elytra.de.xliff),
/// rebuilt as a project: each `<file>` whose original ends in `.strings` becomes its `en.lproj`
/// file (unit ids as keys, sources as values, notes as `/* comments */`, entries in the export's
/// order) and a `de.lproj` file beside it holding the targets (none when no unit has a target).
///
/// What the rebuild sets aside, and why:
/// - Originals outside the project root (`../../DZ/...`, Swift packages beside the project) are
///   moved inside it (`Packages/DZ/...`): discovery reads only the project folder. Their units
///   are compared all the same, with `original` rewritten.
/// - Tables in vendor folders (`Yeti/Vendors/...`) are written into the project, but the exporter
///   never exports vendor files: the test checks that they are absent.
/// - One unit Xcode derived from the source code, not from the `.strings` file: `unreadsCountFormat`,
///   a key the code uses and the table's `.stringsdict` defines, exported `translate="no"` with
///   the note `No comment provided by engineer. (Key in .stringsdict)`. l10n does not extract
///   keys from code, so the rebuild leaves it out and the comparison drops its lines.
///
/// A note of `<note/>` means the entry has no comment: Xcode wrote it for RevenueCatUI's
/// `Localizable.strings`, whose upstream file has no comment at all. `No comment provided by
/// engineer.` is a comment like any other (what genstrings writes for an empty comment).
enum ElytraLegacyStrings {
    struct Table {
        /// `original` in Xcode's export.
        var original: String
        /// The path of the source-language file in the rebuilt project.
        var path: String
        /// The units the rebuild writes, in the export's order.
        var units: [TransUnit]
        /// Xcode's `<file>` element, header set aside, without the units left out.
        var element: String
        var isVendor: Bool { ProjectDiscovery.isVendorPath(path) }
        /// The `de.lproj` file beside the source file.
        var targetPath: String {
            let lproj = (path as NSString).deletingLastPathComponent
            return ((lproj as NSString).deletingLastPathComponent as NSString).appendingPathComponent("de.lproj/" + (path as NSString).lastPathComponent)
        }
        /// The targets by key, in the export's order.
        var targets: [(key: String, value: String)] { units.compactMap { unit in unit.target.map { (unit.id, $0) } } }
    }

    static let relocatedPrefix = "Packages/"

    /// The fixture's text, its document, and every `.strings` table.
    static func load() throws -> (text: String, document: XLIFFDocument, tables: [Table], leftOut: [TransUnit]) {
        let data = try Data(contentsOf: Fixtures.shared("fixtures/xliff/Elytra.de.xliff"))
        let text = String(decoding: data, as: UTF8.self)
        let document = try XLIFFReader().read(data, path: "Elytra.de.xliff")
        let elements = ExchangeFixtures.fileElements(text)
        var tables: [Table] = []
        var leftOut: [TransUnit] = []
        for file in document.files where file.original.hasSuffix(".strings") {
            var element = try XCTUnwrap(elements[file.original], file.original)
            var units: [TransUnit] = []
            for unit in file.units {
                if !unit.translate, unit.note?.hasSuffix(" (Key in .stringsdict)") == true {
                    leftOut.append(unit)
                    element = try removingUnit(unit.id, from: element)
                } else {
                    units.append(unit)
                }
            }
            var path = file.original
            if path.hasPrefix("../") {
                while path.hasPrefix("../") { path.removeFirst(3) }
                path = relocatedPrefix + path
            }
            tables.append(Table(original: file.original, path: path, units: units, element: element))
        }
        return (text, document, tables, leftOut)
    }

    /// The element without the `<trans-unit>` of `id` (written by Xcode, so ids are attribute-escaped).
    static func removingUnit(_ id: String, from element: String) throws -> String {
        let start = try XCTUnwrap(element.range(of: "      <trans-unit id=\"\(XLIFFWriter.escapeAttribute(id))\""), id)
        let end = try XCTUnwrap(element.range(of: "      </trans-unit>\n", range: start.upperBound..<element.endIndex), id)
        var copy = element
        copy.removeSubrange(start.lowerBound..<end.upperBound)
        return copy
    }

    /// The source-language file of a table: the key itself as value when the exported source is
    /// the key in positional form (the file genstrings writes), else the exported source.
    static func sourceFile(_ table: Table) -> StringsFile {
        var file = StringsFile(path: table.path, encoding: .utf8)
        for unit in table.units {
            let value = FormatString.positionalized(unit.id) == unit.source ? unit.id : unit.source
            let comment = unit.note.flatMap { $0.isEmpty ? nil : $0 }
            file.setValue(value, forKey: unit.id, comment: comment)
        }
        return file
    }

    /// The `de.lproj` file of a table, nil when no unit has a target.
    static func targetFile(_ table: Table) -> StringsFile? {
        let targets = table.targets
        guard !targets.isEmpty else { return nil }
        var file = StringsFile(path: table.targetPath, encoding: .utf8)
        for (key, value) in targets { file.setValue(value, forKey: key) }
        return file
    }

    /// A project with every table's source file, and its target file when `withTargets`.
    static func project(_ testCase: XCTestCase, _ tables: [Table], withTargets: Bool) throws -> URL {
        var files: [String: Data] = [:]
        for table in tables {
            files[table.path] = StringsWriter.data(for: sourceFile(table))
            if withTargets, let target = targetFile(table) { files[table.targetPath] = StringsWriter.data(for: target) }
        }
        return try ExchangeFixtures.project(testCase, files: files)
    }

    /// The fixture's `<file>` elements of the tables the exporter covers, `original` as in the rebuilt project.
    static func importInput(_ document: XLIFFDocument, _ tables: [Table]) -> ImportInput {
        let paths = Dictionary(uniqueKeysWithValues: tables.filter { !$0.isVendor }.map { ($0.original, $0.path) })
        var files: [XLIFFFile] = []
        for var file in document.files {
            guard let path = paths[file.original] else { continue }
            file.original = path
            files.append(file)
        }
        return ImportInput(path: "Elytra.de.xliff", document: XLIFFDocument(files: files))
    }

    /// Our `<file>` elements, header set aside, by `original`.
    static func exportedElements(_ root: URL) throws -> (elements: [String: String], export: LocaleExport) {
        let project = try ProjectDiscovery(root: root).discover()
        let export = XLIFFExporter(project: project).export(locale: "de", scope: .all)
        let written = try XLIFFWriter(tool: ExchangeFixtures.tool).string(export.document)
        return (ExchangeFixtures.fileElements(written), export)
    }

    /// Compares every covered table's element with Xcode's, byte for byte; returns the units compared.
    static func assertElementsMatchXcode(_ ours: [String: String], _ tables: [Table], file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        var compared = 0
        for table in tables where !table.isVendor {
            guard let mine = ours[table.path] else {
                XCTFail("no <file> for \(table.path)", file: file, line: line)
                continue
            }
            let relabeled = mine.replacingOccurrences(of: "<file original=\"\(XLIFFWriter.escapeAttribute(table.path))\"",
                                                      with: "<file original=\"\(XLIFFWriter.escapeAttribute(table.original))\"")
            if relabeled != table.element {
                let diff = ExchangeFixtures.changedLines(Data(table.element.utf8), Data(relabeled.utf8))
                XCTFail("\(table.original) differs from Xcode's bytes: Xcode's lines \(diff.removed.prefix(8)) vs ours \(diff.added.prefix(8))", file: file, line: line)
            }
            compared += table.units.count
        }
        return compared
    }
}

/// Export of legacy `.strings` tables against Xcode 15.0's export of the same tables.
final class ExportLegacyStringsTests: XCTestCase {
    /// Every `.strings` `<file>` element matches Xcode's byte for byte, header aside: unit order,
    /// notes (`<note/>` for an entry without comment), sources in positional form, targets as
    /// the file holds them, no `<target>` for a key the `de` file lacks, and `datatype` first in
    /// the start tag of a table that has no `de` file.
    func testElytraStringsFileElementsMatchXcode() throws {
        let (_, _, tables, leftOut) = try ElytraLegacyStrings.load()
        XCTAssertEqual(tables.count, 21)
        XCTAssertEqual(tables.reduce(0) { $0 + $1.units.count } + leftOut.count, 597)
        XCTAssertEqual(leftOut.map(\.id), ["unreadsCountFormat"])
        let root = try ElytraLegacyStrings.project(self, tables, withTargets: true)
        let (ours, export) = try ElytraLegacyStrings.exportedElements(root)

        let compared = try ElytraLegacyStrings.assertElementsMatchXcode(ours, tables)
        XCTAssertEqual(compared, 597 - 1 - 6, "all units but the one left out and the 6 of vendor tables")
        let covered = tables.filter { !$0.isVendor }
        XCTAssertEqual(covered.count, 17)
        XCTAssertEqual(Set(ours.keys), Set(covered.map(\.path)), "vendor tables are never exported")
        XCTAssertEqual(tables.filter(\.isVendor).map(\.original), [
            "Yeti/Vendors/DZAppDelegate/Example/en.lproj/InfoPlist.strings",
            "Yeti/Vendors/DZKit/ColumnApp/en.lproj/InfoPlist.strings",
            "Yeti/Vendors/DZKit/DZKit/en.lproj/Localizable.strings",
            "Yeti/Vendors/DZKit/DZKitTestApp/en.lproj/InfoPlist.strings",
        ])

        // The `<file>` order of the tables that kept their path is Xcode's.
        let inPlace = Set(covered.filter { $0.path == $0.original }.map(\.path))
        XCTAssertEqual(export.document.files.map(\.original).filter(inPlace.contains),
                       tables.map(\.original).filter(inPlace.contains))
        XCTAssertEqual(inPlace.count, 14)

        // The rebuilt source files hold the comment as Xcode's note, "No comment provided by engineer." included.
        let yeti = try XCTUnwrap(export.document.files.first { $0.original == "Yeti/SupportingFiles/Localizations/en.lproj/Localizable.strings" })
        XCTAssertEqual(yeti.units.filter { $0.note == "" }.count, 273)
        XCTAssertEqual(yeti.units.filter { $0.note == StringsWriter.noCommentNote }.count, 121)
    }

    /// Positional specifiers: Xcode rewrites the source of a `.strings` key with several arguments
    /// (`Importing %1$d of %2$d`) but exports the target as the `de` file holds it (`Importieren %d von %d`).
    func testSourcesArePositionalTargetsAsWritten() throws {
        let (_, _, tables, _) = try ElytraLegacyStrings.load()
        let table = try XCTUnwrap(tables.first { $0.original == "Yeti/SupportingFiles/Localizations/en.lproj/Localizable.strings" })
        let english = ElytraLegacyStrings.sourceFile(table)
        XCTAssertEqual(english.value(forKey: "Importing %d of %d"), "Importing %d of %d", "the rebuilt file holds the key's own text")
        let units = StringsUnits.units(source: english, target: ElytraLegacyStrings.targetFile(table))
        let importing = try XCTUnwrap(units.first { $0.id == "Importing %d of %d" })
        XCTAssertEqual(importing.transUnit.source, "Importing %1$d of %2$d")
        XCTAssertEqual(importing.transUnit.target, "Importieren %d von %d")
        XCTAssertNil(importing.transUnit.targetState)
        let widgets = try XCTUnwrap(tables.first { $0.original == "Yeti/widgets/SupportingFiles/en.lproj/Localizable.strings" })
        let widgetUnits = StringsUnits.units(source: ElytraLegacyStrings.sourceFile(widgets), target: ElytraLegacyStrings.targetFile(widgets))
        let dash = try XCTUnwrap(widgetUnits.first { $0.id == "%@ - %@" })
        XCTAssertEqual(dash.transUnit.source, "%1$@ - %2$@")
        XCTAssertEqual(dash.transUnit.target, "%@ - %@")
    }

    /// Legacy units follow the catalog unit order: code points, digit runs by value. It fits all
    /// 576 consecutive pairs of the 21 tables (vendor tables included); the `<file>` order
    /// (`Collator.xcodeKeyOrder`) and case-insensitive order do not.
    func testUnitOrderIsCodePointWithNumbers() throws {
        let (_, document, _, _) = try ElytraLegacyStrings.load()
        var pairs = 0, collatorInversions = 0, caseInsensitiveInversions = 0
        for file in document.files where file.original.hasSuffix(".strings") {
            let ids = file.units.map(\.id)
            XCTAssertEqual(XLIFFOrder.sortedCatalogUnits(file.units.reversed()).map(\.id), ids, file.original)
            XCTAssertEqual(XLIFFOrder.sortedCatalogUnits(file.units.shuffled()).map(\.id), ids, file.original)
            for (a, b) in zip(ids, ids.dropFirst()) {
                pairs += 1
                if Collator.xcodeKeyOrder.compare(a, b) > 0 { collatorInversions += 1 }
                if a.lowercased() > b.lowercased() { caseInsensitiveInversions += 1 }
            }
        }
        XCTAssertEqual(pairs, 576)
        XCTAssertGreaterThan(collatorInversions, 0)
        XCTAssertGreaterThan(caseInsensitiveInversions, 0)
    }
}

/// Import of legacy `.strings` tables against the same rebuilt project.
final class ImportLegacyStringsTests: XCTestCase {
    /// Xcode's own export imported into the project it describes changes nothing: every unit with
    /// a target is unchanged, the rest are skipped (no target, or `translate="no"`).
    func testImportingXcodeExportIsNoOp() throws {
        let (_, document, tables, _) = try ElytraLegacyStrings.load()
        let root = try ElytraLegacyStrings.project(self, tables, withTargets: true)
        let before = try ExchangeFixtures.snapshot(root)
        let input = ElytraLegacyStrings.importInput(document, tables)
        XCTAssertEqual(input.document.files.count, 17)
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.changes.map(\.path), [])
        XCTAssertFalse(plan.hasRefusals)
        let covered = tables.filter { !$0.isVendor }
        let withTarget = covered.reduce(0) { $0 + $1.targets.count }
        XCTAssertEqual(plan.outcomes.filter { $0.status == .unchanged }.count, withTarget)
        XCTAssertEqual(plan.outcomes.filter { $0.status == .skipped && $0.reason == .noTarget }.count,
                       covered.reduce(0) { $0 + $1.units.count } - withTarget)
        XCTAssertEqual(plan.outcomes.filter { $0.status == .skipped && $0.reason == .doNotTranslate }.map(\.id), ["unreadsCountFormat"])
        XCTAssertEqual(plan.outcomes.filter { $0.status == .applied || $0.status == .refused }.map(\.id), [])
        try plan.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    /// Into the project without its `de.lproj` files, the import creates exactly those that have
    /// targets, holding exactly Xcode's targets in the source file's key order; exporting again
    /// then gives Xcode's `<file>` elements.
    func testImportCreatesTargetFilesWithXcodesTargets() throws {
        let (_, document, tables, _) = try ElytraLegacyStrings.load()
        let root = try ElytraLegacyStrings.project(self, tables, withTargets: false)
        let plan = try ExchangeFixtures.plan(root, [ElytraLegacyStrings.importInput(document, tables)])
        XCTAssertFalse(plan.hasRefusals)
        XCTAssertEqual(plan.outcomes.filter { $0.status == .refused }.map(\.id), [])
        let covered = tables.filter { !$0.isVendor }
        let expected = covered.filter { !$0.targets.isEmpty }
        XCTAssertEqual(plan.changes.map(\.path), expected.map(\.targetPath).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
        XCTAssertTrue(plan.changes.allSatisfy(\.isNew))
        XCTAssertEqual(expected.count, 13)
        try plan.write()

        for table in covered {
            let url = root.appendingPathComponent(table.targetPath)
            guard !table.targets.isEmpty else {
                XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), table.targetPath)
                continue
            }
            let created = try StringsReader.read(contentsOf: url)
            XCTAssertEqual(created.entries.map(\.key), table.targets.map(\.key), table.targetPath)
            XCTAssertEqual(created.entries.map(\.value), table.targets.map(\.value), table.targetPath)
        }
        let (ours, _) = try ElytraLegacyStrings.exportedElements(root)
        XCTAssertEqual(try ElytraLegacyStrings.assertElementsMatchXcode(ours, tables), 590)
    }
}
