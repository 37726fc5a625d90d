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

    // MARK: Import

    static let germanPath = "Yeti/SupportingFiles/Localizations/de.lproj/Localizable.stringsdict"

    /// Export German from a project without a German `.stringsdict`, fill in Xcode's targets,
    /// import: the new file is an XML plist in Xcode's layout with the source's structure and the
    /// imported values; importing the same file again changes nothing.
    func testRoundTripCreatesTheLocaleFileThenChangesNothing() throws {
        let (_, _, _, xcode) = try ElytraStringsdict.load()
        let root = try ElytraStringsdict.project(self, units: xcode.units, withTargets: false)
        var exported = try XCTUnwrap(try ElytraStringsdict.export(root).export.document.files.first { $0.original == ElytraStringsdict.original })
        let targets = Dictionary(uniqueKeysWithValues: xcode.units.map { ($0.id, $0.target) })
        for index in exported.units.indices { exported.units[index].target = targets[exported.units[index].id] ?? nil }
        let input = try ExchangeFixtures.xliff(original: exported.original, exported.units)

        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), Array(repeating: .applied, count: 8), plan.outcomes.map { "\($0.id): \($0.message ?? "")" }.joined(separator: "\n"))
        XCTAssertEqual(plan.changes.map(\.path), [Self.germanPath])
        XCTAssertEqual(plan.changes.first?.isNew, true)
        try plan.write()

        let data = try Data(contentsOf: root.appendingPathComponent(Self.germanPath))
        let german = try StringsdictReader.parse(data, path: Self.germanPath)
        let source = try StringsdictReader.parse(Data(contentsOf: root.appendingPathComponent(ElytraStringsdict.original)), path: "en")
        XCTAssertEqual(german.keys, source.keys)
        XCTAssertEqual(german.entry(forKey: "summaryLinesFormat")?.formatKey, "%#@lineCount@")
        let lines = try XCTUnwrap(german.entry(forKey: "summaryLinesFormat")?.variable("lineCount"))
        XCTAssertEqual(lines.ruleType, .plural)
        XCTAssertEqual(lines.valueType, "u")
        XCTAssertEqual(lines.cases.map(\.category), ["zero", "one", "other"])
        XCTAssertEqual(lines.value(for: "one"), "%u Zeile")
        XCTAssertEqual(lines.value(for: "zero"), "")
        XCTAssertEqual(german.entry(forKey: "unreadsCountFormat")?.variable("unreadsCount")?.value(for: "other"), "%u ungelesen")
        XCTAssertEqual(data, StringsdictWriter.data(for: german), "written in Xcode's property-list layout")
        XCTAssertTrue(String(decoding: data, as: UTF8.self).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist"))

        // Exporting again gives Xcode's element, targets included.
        let element = try XCTUnwrap(try ElytraStringsdict.export(root).elements[ElytraStringsdict.original])
        XCTAssertEqual(element, try ElytraStringsdict.load().element)

        let again = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(again.changes, [])
        XCTAssertEqual(again.outcomes.map(\.status), Array(repeating: .unchanged, count: 8))
    }

    /// An existing German file is edited in place: only the imported string changes; keys,
    /// categories and values the import does not name stay as they were, in their order.
    func testExistingFileIsEditedInPlace() throws {
        let english = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            	<key>files</key>
            	<dict>
            		<key>NSStringLocalizedFormatKey</key>
            		<string>%#@n@</string>
            		<key>n</key>
            		<dict>
            			<key>NSStringFormatSpecTypeKey</key>
            			<string>NSStringPluralRuleType</string>
            			<key>NSStringFormatValueTypeKey</key>
            			<string>d</string>
            			<key>one</key>
            			<string>%d file</string>
            			<key>other</key>
            			<string>%d files</string>
            		</dict>
            	</dict>
            </dict>
            </plist>

            """
        let german = english.replacingOccurrences(of: "%d file</string>", with: "%d Datei</string>")
            .replacingOccurrences(of: "%d files</string>", with: "%d Dateien</string>")
            .replacingOccurrences(of: "\t</dict>\n</dict>", with: "\t</dict>\n\t<key>legacy</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>alt</string>\n\t</dict>\n</dict>")
        let root = try ExchangeFixtures.project(self, files: [
            "App/en.lproj/Localizable.stringsdict": Data(english.utf8),
            "App/de.lproj/Localizable.stringsdict": Data(german.utf8),
        ])
        let unit = TransUnit(id: "/files:dict/n:dict/other:dict/:string", source: "%d files", target: "%d Dokumente")
        let plan = try ExchangeFixtures.plan(root, [try ExchangeFixtures.xliff(original: "App/en.lproj/Localizable.stringsdict", [unit])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied])
        XCTAssertEqual(plan.outcomes.first?.oldValue, "%d Dateien")
        try plan.write()
        let after = try Data(contentsOf: root.appendingPathComponent("App/de.lproj/Localizable.stringsdict"))
        let diff = ExchangeFixtures.changedLines(Data(german.utf8), after)
        XCTAssertEqual(diff.removed, ["\t\t\t<string>%d Dateien</string>"])
        XCTAssertEqual(diff.added, ["\t\t\t<string>%d Dokumente</string>"])

        // Placeholder checks apply: a changed type is refused; a plural form without its count is
        // applied, with a warning where its category covers several numbers (German `other`), not
        // for German `one` (only 1); an id the source file lacks is unknown.
        let units = [
            TransUnit(id: "/files:dict/n:dict/one:dict/:string", source: "%d file", target: "%@ Datei"),
            TransUnit(id: "/files:dict/n:dict/other:dict/:string", source: "%d files", target: "viele Dateien"),
            TransUnit(id: "/files:dict/n:dict/one:dict/:string", source: "%d file", target: "eine Datei"),
            TransUnit(id: "/files:dict/n:dict/few:dict/:string", source: "%d files", target: "%d Dateien"),
        ]
        var outcomes: [ImportUnitOutcome] = []
        for unit in units {
            outcomes += try ExchangeFixtures.plan(root, [try ExchangeFixtures.xliff(original: "App/en.lproj/Localizable.stringsdict", [unit])]).outcomes
        }
        XCTAssertEqual(outcomes.map(\.status), [.refused, .applied, .applied, .refused])
        XCTAssertTrue(outcomes[1].rules.contains("plural-count"), "\(outcomes[1].rules)")
        XCTAssertFalse(outcomes[2].rules.contains("plural-count"), "\(outcomes[2].rules)")
        XCTAssertEqual(outcomes[3].reason, .unknownID)
    }

    /// A form is judged as the check judges it (Signal's Russian files): against the source
    /// variable's `other`, so a `one` may show the count the English `one` leaves out, and a
    /// nested variable's form may write its argument's position (`из %2$d` for `of %d`).
    func testFormsAreJudgedAgainstTheVariablesOtherAndArgument() throws {
        let english = LegacyPluralChecksTests.nestedEntry(position: ("%d %2$#@total@", "%d %2$#@total@"),
                                                         total: ["one": "of %d match", "other": "of %d matches"])
        let russian = LegacyPluralChecksTests.nestedEntry(position: ("%1$d %2$#@total@", "%1$d %2$#@total@"),
                                                         total: ["one": "из %2$d совпадения", "other": "из %2$d совпадения"])
        let root = try ExchangeFixtures.project(self, files: [
            "App/en.lproj/Search.stringsdict": english.data,
            "App/ru.lproj/Search.stringsdict": russian.data,
            "App/en.lproj/Members.stringsdict": ExampleFile.plurals(key: "ADD_%d", variable: "text", valueType: "d",
                                                                    forms: ["one": "Add member to %2$@?", "other": "Add %d members to %2$@?"]).data,
        ])
        let original = "App/en.lproj/Search.stringsdict"
        let units = [
            TransUnit(id: "/RESULTS_%d_%d:dict/total:dict/many:dict/:string", source: "of %d matches", target: "из %2$d совпадений"),
            TransUnit(id: "/RESULTS_%d_%d:dict/total:dict/few:dict/:string", source: "of %d matches", target: "из %3$d совпадений"),
        ]
        var outcomes: [ImportUnitOutcome] = []
        for unit in units { outcomes += try ExchangeFixtures.plan(root, [try ExchangeFixtures.xliff(original: original, target: "ru", [unit])]).outcomes }
        XCTAssertEqual(outcomes.map(\.status), [.applied, .refused])
        XCTAssertEqual(outcomes[0].rules, ["apply"], "no plural-count warning: the form shows its variable's count")
        let one = TransUnit(id: "/ADD_%d:dict/text:dict/one:dict/:string", source: "Add member to %2$@?", target: "Добавить %1$d участника в %2$@?")
        let members = try ExchangeFixtures.plan(root, [try ExchangeFixtures.xliff(original: "App/en.lproj/Members.stringsdict", target: "ru", [one])])
        XCTAssertEqual(members.outcomes.map(\.status), [.applied])
    }

    /// A copy edit of the development language's `.stringsdict` (Elytra's, with its German file):
    /// export `en`, change one plural form, import with `--source-edits`: only that string of the
    /// English file changes, the German strings of the same variable are listed to re-check (a
    /// `.stringsdict` has no states), the German file is untouched; an edit that changes the count's
    /// type is refused, and without the flag the file is one error.
    func testCopyEditChangesTheSourceFileAndListsTranslationsToRecheck() throws {
        let (_, _, _, xcode) = try ElytraStringsdict.load()
        let root = try ElytraStringsdict.project(self, units: xcode.units)
        let english = root.appendingPathComponent(ElytraStringsdict.original)
        let germanPath = "Yeti/SupportingFiles/Localizations/de.lproj/Localizable.stringsdict"
        let before = try ExchangeFixtures.snapshot(root)
        var file = try XCTUnwrap(try ElytraStringsdict.export(root, locale: "en").export.document.files.first { $0.original == ElytraStringsdict.original })
        let id = "/summaryLinesFormat:dict/lineCount:dict/one:dict/:string"
        let index = try XCTUnwrap(file.units.firstIndex { $0.id == id })
        XCTAssertEqual(file.units[index].target, "%u line")
        file.units[index].target = "%u summary line"
        let input = ImportInput(path: "en.xliff", document: XLIFFDocument(files: [file]))

        XCTAssertEqual(try ExchangeFixtures.failure(root, [input]), [.targetIsSourceLanguage])
        let plan = try ExchangeFixtures.plan(root, [input], sourceEdits: true)
        XCTAssertFalse(plan.hasRefusals)
        XCTAssertEqual(plan.outcomes.filter { $0.status == .applied }.map(\.id), [id])
        XCTAssertEqual(Set(plan.outcomes.filter { $0.id != id }.map(\.status)), [.unchanged])
        let edited = try XCTUnwrap(plan.outcomes.first { $0.id == id })
        XCTAssertEqual(edited.oldValue, "%u line")
        XCTAssertEqual(edited.newValue, "%u summary line")
        XCTAssertEqual(edited.sourceEdit?.toRecheck.map(\.path), [germanPath, germanPath, germanPath])
        XCTAssertEqual(edited.sourceEdit?.toRecheck.map(\.value), ["", "%u Zeile", "%u Zeilen"])
        XCTAssertEqual(plan.changes.map(\.path), [ElytraStringsdict.original])
        try plan.write()

        let after = try ExchangeFixtures.snapshot(root)
        for (path, data) in before where path != ElytraStringsdict.original { XCTAssertEqual(after[path], data, path) }
        let diff = ExchangeFixtures.changedLines(try XCTUnwrap(before[ElytraStringsdict.original]), try Data(contentsOf: english))
        XCTAssertEqual(diff.removed, ["\t\t\t<string>%u line</string>"])
        XCTAssertEqual(diff.added, ["\t\t\t<string>%u summary line</string>"])
        let again = try ExchangeFixtures.plan(root, [input], sourceEdits: true)
        XCTAssertEqual(again.changes.map(\.path), [])

        // A plural form may spell its count out ("one summary line"); a changed type is refused.
        file.units[index].target = "%@ summary line"
        file.units[index].source = "%u summary line"
        let dropped = try ExchangeFixtures.plan(root, [ImportInput(path: "en.xliff", document: XLIFFDocument(files: [file]))], sourceEdits: true)
        XCTAssertEqual(dropped.outcomes.first { $0.id == id }?.reason, .sourcePlaceholders)
        XCTAssertEqual(dropped.changes.map(\.path), [])
    }

    /// Paths: the units of an `original` leading out of the project are refused, and a
    /// `de.lproj` that is a link out of the project is never written through.
    func testPathsOutsideTheProjectAreRefused() throws {
        let (_, _, _, xcode) = try ElytraStringsdict.load()
        let root = try ElytraStringsdict.project(self, units: xcode.units, withTargets: false)
        let outside = root.deletingLastPathComponent().appendingPathComponent("Outside")
        let unit = TransUnit(id: "/summaryLinesFormat:dict/lineCount:dict/one:dict/:string", source: "%u line", target: "%u Zeile")
        for original in ["../Outside/en.lproj/Localizable.stringsdict", "Yeti/../../Outside/en.lproj/Localizable.stringsdict",
                         outside.path + "/en.lproj/Localizable.stringsdict"] {
            let unwritten = try ExchangeFixtures.unwritten(root, [try ExchangeFixtures.xliff(original: original, [unit])])
            XCTAssertEqual(unwritten.reasons, [.readOnlyFile], original)
            XCTAssertTrue(unwritten.messages.allSatisfy { $0.contains("lies outside the project folder") }, "\(unwritten.messages)")
        }
        let escape = outside.appendingPathComponent("de.lproj")
        try FileManager.default.createDirectory(at: escape, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Yeti/SupportingFiles/Localizations/de.lproj"), withDestinationURL: escape)
        let before = try ExchangeFixtures.snapshot(outside)
        XCTAssertThrowsError(try ExchangeFixtures.plan(root, [try ExchangeFixtures.xliff(original: ElytraStringsdict.original, [unit])]).write())
        XCTAssertEqual(try ExchangeFixtures.snapshot(outside), before, "nothing written through the link")
        XCTAssertFalse(FileManager.default.fileExists(atPath: escape.appendingPathComponent("Localizable.stringsdict").path))
    }

    /// Russian needs `few` and `many`, which an English file lacks: they are exported with the
    /// source's `other` text, and imported into the Russian file in CLDR order.
    func testLocaleCategoriesTheSourceLacksAreExportedAndImported() throws {
        let english = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>files</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@n@</string>
            \t\t<key>n</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>d</string>
            \t\t\t<key>one</key>
            \t\t\t<string>%d file</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%d files</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """
        let root = try ExchangeFixtures.project(self, files: ["App/en.lproj/Localizable.stringsdict": Data(english.utf8)])
        let (_, export) = try ElytraStringsdict.export(root, locale: "ru")
        var file = try XCTUnwrap(export.document.files.first { $0.original == "App/en.lproj/Localizable.stringsdict" })
        XCTAssertEqual(file.units.map(\.id), [
            "/files:dict/NSStringLocalizedFormatKey:dict/:string", "/files:dict/n:dict/few:dict/:string",
            "/files:dict/n:dict/many:dict/:string", "/files:dict/n:dict/one:dict/:string", "/files:dict/n:dict/other:dict/:string",
        ])
        XCTAssertEqual(file.units.map(\.source), ["%#@n@", "%d files", "%d files", "%d file", "%d files"])
        let targets = ["%#@n@", "%d файла", "%d файлов", "%d файл", "%d файла"]
        for index in file.units.indices { file.units[index].target = targets[index] }
        let input = try ExchangeFixtures.xliff(original: file.original, target: "ru", file.units)
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), Array(repeating: .applied, count: 5))
        try plan.write()
        let russian = try StringsdictReader.read(contentsOf: root.appendingPathComponent("App/ru.lproj/Localizable.stringsdict"))
        XCTAssertEqual(russian.entry(forKey: "files")?.variable("n")?.cases.map(\.category), ["one", "few", "many", "other"])
        XCTAssertEqual(russian.entry(forKey: "files")?.variable("n")?.value(for: "many"), "%d файлов")
        XCTAssertEqual(try ExchangeFixtures.plan(root, [input]).changes, [])
    }
}
