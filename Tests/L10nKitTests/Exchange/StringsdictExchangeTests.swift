import Foundation
import L10nKit
import XCTest

/// `.stringsdict` files of Xcode 15.0's export of Elytra (../shared/fixtures/xliff/Elytra.de.xliff),
/// rebuilt as a project: `en.lproj/Localizable.stringsdict` from the sources of the units of
/// `Yeti/SupportingFiles/Localizations/en.lproj/Localizable.stringsdict`, `de.lproj` from their
/// targets, and an `en.lproj/Localizable.strings` holding the one key of that table Xcode
/// exported with a comment (`unreadsCountFormat`, comment `No comment provided by engineer.`).
enum ElytraStringsdict {
    static let original = "Yeti/SupportingFiles/Localizations/en.lproj/Localizable.stringsdict"
    static let stringsOriginal = "Yeti/SupportingFiles/Localizations/en.lproj/Localizable.strings"

    /// The fixture's text and the `<file>` element of the `.stringsdict` (header set aside).
    static func load() throws -> (text: String, document: XLIFFDocument, element: String, file: XLIFFFile) {
        let data = try Data(contentsOf: Fixtures.shared("fixtures/xliff/Elytra.de.xliff"))
        let text = String(decoding: data, as: UTF8.self)
        let document = try XLIFFReader().read(data, path: "Elytra.de.xliff")
        let element = try XCTUnwrap(ExchangeFixtures.fileElements(text)[original])
        let file = try XCTUnwrap(document.files.first { $0.original == original })
        return (text, document, element, file)
    }

    /// A `.stringsdict` holding each unit's text (`source` or `target`), plural rules of value type `u`.
    static func stringsdict(_ units: [TransUnit], target: Bool) throws -> Stringsdict {
        var file = Stringsdict()
        for unit in units {
            let parts = try XCTUnwrap(StringsdictUnits.parse(id: unit.id), unit.id)
            guard let text = target ? unit.target : unit.source else { continue }
            if let variable = parts.variable, let category = parts.category {
                file.setValue(text, forKey: parts.key, variable: variable, category: category, valueType: "u")
            } else {
                file.setFormat(text, forKey: parts.key)
            }
        }
        return file
    }

    /// The rebuilt project: source and German `.stringsdict`, and the source `.strings` with the comment.
    static func project(_ testCase: XCTestCase, units: [TransUnit], withTargets: Bool = true) throws -> URL {
        let folder = "Yeti/SupportingFiles/Localizations/"
        var files: [String: Data] = [
            folder + "en.lproj/Localizable.stringsdict": StringsdictWriter.data(for: try stringsdict(units, target: false)),
            folder + "en.lproj/Localizable.strings": Data("/* No comment provided by engineer. */\n\"unreadsCountFormat\" = \"unreadsCountFormat\";\n".utf8),
        ]
        if withTargets {
            files[folder + "de.lproj/Localizable.stringsdict"] = StringsdictWriter.data(for: try stringsdict(units, target: true))
        }
        return try ExchangeFixtures.project(testCase, files: files)
    }

    static func export(_ root: URL, locale: String = "de", scope: ExportScope = .all) throws -> (elements: [String: String], export: LocaleExport) {
        let project = try ProjectDiscovery(root: root).discover()
        let export = XLIFFExporter(project: project).export(locale: locale, scope: scope)
        let written = try XLIFFWriter(tool: ExchangeFixtures.tool).string(export.document)
        return (ExchangeFixtures.fileElements(written), export)
    }
}

final class StringsdictExchangeTests: XCTestCase {
    /// The `.stringsdict` `<file>` element matches Xcode's byte for byte, header aside: ids, the
    /// source file's categories (`zero` too, for German), id order, empty `<source/>` and
    /// `<target/>`, no state, and notes from the `.strings` comment of the same key.
    func testElytraStringsdictFileElementMatchesXcode() throws {
        let (_, _, element, file) = try ElytraStringsdict.load()
        XCTAssertEqual(file.units.count, 8)
        let root = try ElytraStringsdict.project(self, units: file.units)
        let (ours, export) = try ElytraStringsdict.export(root)
        let mine = try XCTUnwrap(ours[ElytraStringsdict.original])
        if mine != element {
            let diff = ExchangeFixtures.changedLines(Data(element.utf8), Data(mine.utf8))
            XCTFail("differs from Xcode's bytes: Xcode's lines \(diff.removed) vs ours \(diff.added)")
        }
        // The `.strings` unit of the key the `.stringsdict` defines, as Xcode wrote it.
        let strings = try XCTUnwrap(export.document.files.first { $0.original == ElytraStringsdict.stringsOriginal })
        let (_, document, _, _) = try ElytraStringsdict.load()
        let theirs = try XCTUnwrap(document.files.first { $0.original == ElytraStringsdict.stringsOriginal }?.units.first { $0.id == "unreadsCountFormat" })
        XCTAssertEqual(strings.units, [theirs].map { unit in var copy = unit; copy.location = nil; return copy })
    }

    /// Without a German file, no unit has a target and `datatype` comes first, as for `.strings` tables.
    func testWithoutTargetFileNoTargetsAndDatatypeFirst() throws {
        let (_, _, _, file) = try ElytraStringsdict.load()
        let root = try ElytraStringsdict.project(self, units: file.units, withTargets: false)
        let (ours, export) = try ElytraStringsdict.export(root)
        let exported = try XCTUnwrap(export.document.files.first { $0.original == ElytraStringsdict.original })
        XCTAssertEqual(exported.units.map(\.id), file.units.map(\.id))
        XCTAssertTrue(exported.units.allSatisfy { $0.target == nil && $0.targetState == nil })
        XCTAssertTrue(try XCTUnwrap(ours[ElytraStringsdict.original]).hasPrefix(
            "  <file original=\"\(ElytraStringsdict.original)\" datatype=\"plaintext\" source-language=\"en\" target-language=\"de\">"))
        // Scope missing exports every unit then; with the German file, none.
        XCTAssertEqual(try ElytraStringsdict.export(root, scope: .missing).export.document.files
            .first { $0.original == ElytraStringsdict.original }?.units.count, 8)
        let full = try ElytraStringsdict.project(self, units: file.units)
        XCTAssertNil(try ElytraStringsdict.export(full, scope: .missing).export.document.files
            .first { $0.original == ElytraStringsdict.original })
    }

    func testIDsParseBack() {
        XCTAssertEqual(StringsdictUnits.id(key: "k", variable: nil, category: nil), "/k:dict/NSStringLocalizedFormatKey:dict/:string")
        XCTAssertEqual(StringsdictUnits.id(key: "k", variable: "n", category: "one"), "/k:dict/n:dict/one:dict/:string")
        XCTAssertTrue(StringsdictUnits.parse(id: "/k:dict/NSStringLocalizedFormatKey:dict/:string")! == ("k", nil, nil))
        XCTAssertTrue(StringsdictUnits.parse(id: "/k:dict/n:dict/one:dict/:string")! == ("k", "n", "one"))
        XCTAssertNil(StringsdictUnits.parse(id: "k"))
        XCTAssertNil(StringsdictUnits.parse(id: "/k:dict/n:dict/:string"))
    }
}
