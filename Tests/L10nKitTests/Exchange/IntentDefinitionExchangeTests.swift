import Foundation
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import XCTest

/// Intent definitions both ways: units `<string id>` under `Base.lproj/<Name>.intentdefinition`,
/// values in `<locale>.lproj/<Name>.strings` (formats.md §2), and `InfoPlist.strings` as a table.
final class IntentDefinitionExchangeTests: XCTestCase {
    /// The real definition of mastodon/mastodon-ios and its German strings
    /// (Golden/intents/Mastodon/SOURCE.md cites both, with their commits).
    static let definitionPath = "MastodonIntent/Base.lproj/Intents.intentdefinition"
    static let germanPath = "MastodonIntent/de.lproj/Intents.strings"

    /// The definition's string ids in document order: every `...ID` key with a text beside it
    /// (`INIntentParameterMetadataDefaultValueID` = `odzH7f` has none, so it is no string); a text
    /// naming the enum parameter `visibility` is one string per shown value (`apSxMG-dYQ5NN`), and
    /// the enum's implicit `unknown` case (`cQxbPW`) is none.
    static let documentOrder = ["Zo4jgJ", "dYQ5NN", "ehFLjY", "RHxKOw", "WCIR3D", "YMuITB-dYQ5NN", "YMuITB-ehFLjY", "D2h76g", "ZS1XaK",
                                "CsR7G2", "ayoYEb-dYQ5NN", "ayoYEb-ehFLjY", "dUyuGg", "751xkl", "HZSGTr", "nQtHsT", "ciITyC", "4kVQfr",
                                "ZbSjzC", "apSxMG-dYQ5NN", "apSxMG-ehFLjY", "oGiqmY-dYQ5NN", "oGiqmY-ehFLjY", "k7dbKQ", "ryJLwG",
                                "HdGikU", "gfePDu", "ZKJSNu", "KDNTJ4", "16wxgf", "RxSqsb", "rM6dvp", "Gcmnot", "Zim0Js", "3sNRTG"]

    private func mastodon(withGerman: Bool) throws -> URL {
        var files = [Self.definitionPath: try LegacyGolden.read("intents/Mastodon/Base.lproj/Intents.intentdefinition")]
        if withGerman { files[Self.germanPath] = try LegacyGolden.read("intents/Mastodon/de.lproj/Intents.strings") }
        return try ExchangeFixtures.project(self, files: files)
    }

    private func export(_ root: URL, _ locale: String, _ scope: ExportScope) throws -> LocaleExport {
        XLIFFExporter(project: try ProjectDiscovery(root: root).discover()).export(locale: locale, scope: scope)
    }

    private func german() throws -> StringsFile {
        try StringsReader.parse(try LegacyGolden.read("intents/Mastodon/de.lproj/Intents.strings"), path: Self.germanPath)
    }

    func testReaderTakesEveryIDWithItsText() throws {
        let definition = try IntentDefinition.parse(try LegacyGolden.read("intents/Mastodon/Base.lproj/Intents.intentdefinition"),
                                                    path: Self.definitionPath)
        XCTAssertEqual(definition.strings.map(\.id), Self.documentOrder)
        let byID = Dictionary(uniqueKeysWithValues: definition.strings.map { ($0.id, $0) })
        XCTAssertEqual(byID["16wxgf"]?.text, "Post on Mastodon")
        XCTAssertEqual(byID["16wxgf"]?.idKey, "INIntentTitleID")
        XCTAssertEqual(byID["gfePDu"]?.text, "Posting failed. ${failureReason}")
        XCTAssertEqual(byID["ciITyC"]?.text, "There are ${count} options matching ‘${accounts}’.")
        XCTAssertEqual(byID["751xkl"]?.location?.description, "\(Self.definitionPath):145:6")
        // The enum-derived texts are those of mastodon-ios's English Intents.strings
        // (Localization/StringsConvertor/Intents/input/en.lproj/Intents.strings at eb51bf2).
        XCTAssertEqual(byID["apSxMG-dYQ5NN"]?.text, "There are ${count} options matching ‘Public’.")
        XCTAssertEqual(byID["oGiqmY-ehFLjY"]?.text, "Just to confirm, you wanted ‘Followers Only’?")
        XCTAssertEqual(byID["YMuITB-ehFLjY"]?.text, "${content}. Post via ${accounts}. (Followers Only)")
        XCTAssertEqual(byID["apSxMG-dYQ5NN"]?.idKey, "INIntentParameterPromptDialogFormatStringID")
        XCTAssertNil(byID["apSxMG"])
        XCTAssertNil(byID["cQxbPW"], "the implicit unknown case is never shown")
        // Every id of the real German file, the enum-derived ones included, is a string of the definition.
        let germanIDs = try german().keys
        XCTAssertEqual(germanIDs.count, 26)
        XCTAssertEqual(germanIDs.filter { byID[$0] == nil }, [])
    }

    /// Discovery lists the definition, and the discover stage of a pipeline names it.
    func testDiscoveryListsTheDefinition() throws {
        let project = try ProjectDiscovery(root: try mastodon(withGerman: true)).discover()
        XCTAssertEqual(project.intentDefinitionFiles, [Self.definitionPath])
        XCTAssertTrue(PipelineRunner.summary(of: project, pathPrefix: "").contains("intent definition \(Self.definitionPath)\n"))
        XCTAssertEqual(ExchangeFiles(project: project).intentTables.map(\.table.locales), [["de"]])
    }

    /// `format` keeps an intent definition's strings in Xcode's layout (sorted, no comments): the
    /// real German file is canonical as it is, by path and in the project's format stage. It was
    /// given genstrings' "No comment provided by engineer." per entry, also by the release pipeline.
    func testFormatKeepsTheRealIntentStringsAsTheyAre() throws {
        let root = try mastodon(withGerman: true)
        let original = try Data(contentsOf: root.appendingPathComponent(Self.germanPath))
        let check = CLIRun(["format", "--check", "MastodonIntent"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let files = try FormatJob.files(of: ProjectDiscovery(root: root).discover())
        XCTAssertEqual(files.first { $0.path == Self.germanPath }?.canonical, original)
        XCTAssertTrue(CanonicalForm.hasIntentDefinition(besideStringsAt: root.appendingPathComponent(Self.germanPath)))
        // Without the definition beside it, the same file is an ordinary table.
        let definition = try Data(contentsOf: root.appendingPathComponent(Self.definitionPath))
        try FileManager.default.removeItem(at: root.appendingPathComponent(Self.definitionPath))
        XCTAssertEqual(CLIRun(["format", "--check", "MastodonIntent"], in: root).status, 1)
        // A definition kept in the development language's folder (no Base internationalization,
        // Genshin-Pizza-Helper's layout) is the table's definition too.
        let english = root.appendingPathComponent("MastodonIntent/en.lproj/Intents.intentdefinition")
        try FileManager.default.createDirectory(at: english.deletingLastPathComponent(), withIntermediateDirectories: true)
        try definition.write(to: english)
        let moved = CLIRun(["format", "--check", "MastodonIntent"], in: root)
        XCTAssertEqual(moved.status, 0, moved.stdout + moved.stderr)
        XCTAssertEqual(try FormatJob.files(of: ProjectDiscovery(root: root).discover()).first { $0.path == Self.germanPath }?.canonical, original)
    }

    /// Xcode ends an intent definition's strings with a blank line after the last entry (`";\n\n"`,
    /// Xcode 10.1 and 11.6), translation tools often with one line break: `format` keeps either
    /// ending (`format --check` failed on the files Xcode had just written).
    func testFormatKeepsXcodesBlankLineAtTheEnd() throws {
        let root = try mastodon(withGerman: true)
        let url = root.appendingPathComponent(Self.germanPath)
        let xcodes = try Data(contentsOf: url) + Data("\n".utf8)
        try xcodes.write(to: url)
        let check = CLIRun(["format", "--check", "MastodonIntent"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertEqual(try FormatJob.files(of: ProjectDiscovery(root: root).discover()).first { $0.path == Self.germanPath }?.canonical, xcodes)
        // Two blank lines are one too many in either layout.
        try (xcodes + Data("\n".utf8)).write(to: url)
        XCTAssertEqual(CLIRun(["format", "--check", "MastodonIntent"], in: root).status, 1)
        // A file without a line break after its last entry gets one, not Xcode's blank line.
        try xcodes.dropLast(2).write(to: url)
        XCTAssertEqual(try FormatJob.files(of: ProjectDiscovery(root: root).discover()).first { $0.path == Self.germanPath }?.canonical,
                       xcodes.dropLast(1))
    }

    /// A definition that is no property list is a located error, and a project with it exports
    /// none of its units and refuses its `<file>` on import.
    func testUnreadableDefinitionIsAFileError() throws {
        XCTAssertThrowsError(try IntentDefinition.parse(Data("<plist version=\"1.0\">\n<dict>\n<key>INIntents</key>\n</dict>\n</plist>\n".utf8),
                                                        path: "App/Base.lproj/Intents.intentdefinition")) { error in
            XCTAssertTrue("\(error)".contains("App/Base.lproj/Intents.intentdefinition:3:"), "\(error)")
        }
        XCTAssertThrowsError(try IntentDefinition.parse(Data("<plist version=\"1.0\"><array/></plist>".utf8), path: "I.intentdefinition"))
        let root = try ExchangeFixtures.project(self, files: [Self.definitionPath: Data("<plist><dict><key>x</key></dict>\n".utf8)])
        XCTAssertEqual(try export(root, "de", .all).unitCount, 0)
        let input = Self.input("de", [TransUnit(id: "16wxgf", source: "Post on Mastodon", target: "Auf Mastodon veröffentlichen")])
        XCTAssertEqual(try ExchangeFixtures.failure(root, [input]), [.unreadableFile])
    }

    /// Export with the real German file: one unit per string id in Xcode's unit order, the
    /// definition's text as source, the German value as target, no state, an empty note; the
    /// definition's bytes as source contents; the German file is not a table of its own.
    func testExportHoldsTheDefinitionsStrings() throws {
        let root = try mastodon(withGerman: true)
        let all = try export(root, "de", .all)
        XCTAssertEqual(all.document.files.map(\.original), [Self.definitionPath])
        let file = try XCTUnwrap(all.document.files.first)
        XCTAssertEqual(file.attributeOrder, .standard)
        XCTAssertEqual(file.units.map(\.id), XLIFFOrder.unitOrder(ids: Self.documentOrder).map { Self.documentOrder[$0] })
        // Xcode's unit order compares runs of digits by value (formats.md §2): 3, 4, 16, 751.
        XCTAssertEqual(file.units.prefix(4).map(\.id), ["3sNRTG", "4kVQfr", "16wxgf", "751xkl"])
        let german = try german()
        for unit in file.units {
            XCTAssertEqual(unit.target, german.value(forKey: unit.id), unit.id)
            XCTAssertNil(unit.targetState)
            XCTAssertTrue(unit.note == nil || unit.note == "", unit.id)
        }
        XCTAssertEqual(file.units.first { $0.id == "ryJLwG" }?.source, "Post was sent successfully.")
        XCTAssertEqual(all.sourceContents.map(\.path), [Self.definitionPath])
        XCTAssertEqual(all.sourceContents.first?.data, try LegacyGolden.read("intents/Mastodon/Base.lproj/Intents.intentdefinition"))
        XCTAssertEqual(try export(root, "de", .missing).unitCount, 9, "35 strings, 26 of them in the German file")
    }

    /// Xcode 15.0's export of Elytra (`../shared/fixtures`, ElytraApp/Localisations) holds four
    /// intent definitions, which are not public. A definition built from the ids and texts of
    /// `SoloIntent.intentdefinition`'s units, with a German file built from its targets, exports a
    /// `<file>` element equal to Xcode's byte for byte, header aside: order, empty notes, no state.
    func testElytraIntentFileElementMatchesXcode() throws {
        let original = "Shared/Widgets/Intents/Base.lproj/SoloIntent.intentdefinition"
        let fixture = try XLIFFReader().read(contentsOf: try Fixtures.shared("fixtures/xliff/Elytra.de.xliff"))
        let xcode = try XCTUnwrap(fixture.files.first { $0.original == original })
        XCTAssertEqual(xcode.units.count, 7)
        var plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>INTypes</key>\n\t<array>\n"
        var german = StringsFile(path: "de.lproj/SoloIntent.strings", encoding: .utf8)
        for unit in xcode.units.reversed() {
            plist += "\t\t<dict><key>INTypeDisplayName</key><string>\(unit.source)</string>"
                + "<key>INTypeDisplayNameID</key><string>\(unit.id)</string></dict>\n"
            german.setValue(try XCTUnwrap(unit.target), forKey: unit.id)
        }
        plist += "\t</array>\n</dict>\n</plist>\n"
        let root = try ExchangeFixtures.project(self, files: [
            original: Data(plist.utf8),
            "Shared/Widgets/Intents/de.lproj/SoloIntent.strings": StringsWriter.data(for: german),
        ])
        let ours = try XLIFFWriter(tool: ExchangeFixtures.tool).string(try export(root, "de", .all).document)
        let text = try String(contentsOf: try Fixtures.shared("fixtures/xliff/Elytra.de.xliff"), encoding: .utf8)
        let xcodeElement = try XCTUnwrap(ExchangeFixtures.fileElements(text)[original])
        XCTAssertTrue(xcodeElement.contains("<target>Jawohl</target>"))
        XCTAssertEqual(try XCTUnwrap(ExchangeFixtures.fileElements(ours)[original]), xcodeElement)
    }

    /// Export German from the definition alone, fill the targets the real German file has, import:
    /// the file created is the real one byte for byte, enum-derived ids included; a second
    /// import changes nothing; the definition is never written; the next export misses only the rest.
    func testRoundTripCreatesTheStringsFile() throws {
        let root = try mastodon(withGerman: false)
        let definitionBytes = try LegacyGolden.read("intents/Mastodon/Base.lproj/Intents.intentdefinition")
        let first = try export(root, "de", .missing)
        var file = try XCTUnwrap(first.document.files.first)
        XCTAssertEqual(file.original, Self.definitionPath)
        XCTAssertEqual(file.attributeOrder, .datatypeFirst, "no German strings file yet, as Xcode 15 writes such a file")
        XCTAssertEqual(file.units.count, 35)
        XCTAssertTrue(file.units.allSatisfy { $0.target == nil })

        let german = try german()
        file.units = file.units.compactMap { unit in
            var unit = unit
            unit.target = german.value(forKey: unit.id)
            return unit.target == nil ? nil : unit
        }
        XCTAssertEqual(file.units.count, 26)
        let written = try XLIFFWriter(tool: ExchangeFixtures.tool).data(XLIFFDocument(files: [file]))
        let input = ImportInput(path: "de.xliff", document: try XLIFFReader().read(written, path: "de.xliff"))

        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertFalse(plan.hasRefusals)
        XCTAssertEqual(plan.outcomes.map(\.status), Array(repeating: .applied, count: 26))
        XCTAssertEqual(Set(plan.outcomes.compactMap(\.targetPath)), [Self.germanPath])
        XCTAssertEqual(plan.changes.map(\.path), [Self.germanPath])
        XCTAssertEqual(plan.changes.first?.isNew, true)
        // Mastodon's file as Crowdin wrote it, ending as Xcode ends the files it generates: with a
        // blank line after the last entry too (Xcode 10.1 and 11.6: cyanzhong/SiriKitBug,
        // kingstinct/active-insulin).
        XCTAssertEqual(try XCTUnwrap(plan.changes.first?.data), try LegacyGolden.read("intents/Mastodon/de.lproj/Intents.strings") + Data("\n".utf8))
        try plan.write()
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent(Self.definitionPath)), definitionBytes)

        let before = try ExchangeFixtures.snapshot(root)
        let again = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(again.changes.map(\.path), [])
        XCTAssertEqual(again.outcomes.map(\.status), Array(repeating: .unchanged, count: 26))
        try again.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)

        let missing = try export(root, "de", .missing)
        XCTAssertEqual(missing.unitCount, 9)
        XCTAssertEqual(try export(root, "de", .all).document.files.first?.attributeOrder, .standard)
    }

    /// The real German file is edited in place: only the value token of an imported string
    /// changes, the enum-derived entries stay, and a string the file lacks is appended.
    func testExistingFileIsEditedInPlace() throws {
        let root = try mastodon(withGerman: true)
        let before = try LegacyGolden.read("intents/Mastodon/de.lproj/Intents.strings")
        let input = Self.input("de", [TransUnit(id: "16wxgf", source: "Post on Mastodon", target: "Auf Mastodon teilen"),
                                      TransUnit(id: "nQtHsT", source: "Accounts", target: "Konten")])
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied])
        XCTAssertEqual(plan.changes.map(\.path), [Self.germanPath])
        let after = try XCTUnwrap(plan.changes.first?.data)
        let diff = ExchangeFixtures.changedLines(before, after)
        XCTAssertEqual(diff.removed, ["\"16wxgf\" = \"Auf Mastodon veröffentlichen\";"])
        XCTAssertEqual(diff.added.filter { !$0.isEmpty }, ["\"16wxgf\" = \"Auf Mastodon teilen\";", "\"nQtHsT\" = \"Konten\";"])
        XCTAssertEqual(try StringsReader.parse(after, path: Self.germanPath).value(forKey: "apSxMG-dYQ5NN"),
                       try german().value(forKey: "apSxMG-dYQ5NN"))
        // The new entry takes its place in Xcode's sorted layout, so `format --check` passes
        // after the import (a review found it appended at the end).
        let edited = try StringsReader.parse(after, path: Self.germanPath)
        XCTAssertEqual(StringsWriter.canonicalData(for: edited, layout: .intentDefinition), after)
    }

    /// An id the definition does not have is refused as unknown-id, a text changed since the
    /// export as stale; nothing is written for either.
    func testUnknownIDAndChangedTextAreRefused() throws {
        let root = try mastodon(withGerman: true)
        let before = try ExchangeFixtures.snapshot(root)
        let input = Self.input("de", [TransUnit(id: "zzZZ99", source: "Gone", target: "Weg"),
                                      TransUnit(id: "odzH7f", source: "", target: "Text"),
                                      TransUnit(id: "16wxgf", source: "Toot on Mastodon", target: "Auf Mastodon tooten")])
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), [.refused, .refused, .refused])
        XCTAssertEqual(plan.outcomes.map(\.reason), [.unknownID, .unknownID, .staleSource])
        XCTAssertEqual(plan.outcomes[0].message,
                       "\(Self.definitionPath) has no string with the id \"zzZZ99\": the intent, parameter or response it named was removed or renamed")
        XCTAssertEqual(plan.changes.map(\.path), [])
        try plan.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    /// In the development language's file a text returned as it is is unchanged, an edited one is
    /// refused: the definition is edited in Xcode and never written.
    func testDevelopmentLanguageTextsAreNotWritten() throws {
        let root = try mastodon(withGerman: false)
        let before = try ExchangeFixtures.snapshot(root)
        let copyEdit = try export(root, "en", .all)
        XCTAssertEqual(copyEdit.document.files.first?.units.first { $0.id == "16wxgf" }?.target, "Post on Mastodon")
        var file = XLIFFFile(original: Self.definitionPath, sourceLanguage: "en", targetLanguage: "en",
                             units: [TransUnit(id: "16wxgf", source: "Post on Mastodon", target: "Toot on Mastodon"),
                                     TransUnit(id: "751xkl", source: "Text Content", target: "Text Content")])
        file.attributeOrder = .standard
        let plan = try ExchangeFixtures.plan(root, [ImportInput(path: "en.xliff", document: XLIFFDocument(files: [file]))], sourceEdits: true)
        XCTAssertEqual(plan.outcomes.map(\.status), [.refused, .unchanged])
        XCTAssertEqual(plan.outcomes.first?.reason, .unsupportedFile)
        XCTAssertEqual(plan.outcomes.first?.message,
                       "the development-language texts of \(Self.definitionPath) are edited in Xcode's intent editor; l10n never writes an intent definition")
        XCTAssertEqual(plan.changes.map(\.path), [])
        try plan.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    /// Paths come from the project: an `original` leading out of the folder is refused at file
    /// level, and a `de.lproj` that is a link leading out is never written through.
    func testPathsStayInsideTheProject() throws {
        let root = try mastodon(withGerman: false)
        let outside = root.deletingLastPathComponent().appendingPathComponent("Outside")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        try LegacyGolden.read("intents/Mastodon/Base.lproj/Intents.intentdefinition")
            .write(to: outside.appendingPathComponent("Base.lproj/Intents.intentdefinition"))
        let unit = TransUnit(id: "16wxgf", source: "Post on Mastodon", target: "Auf Mastodon veröffentlichen")
        for original in ["../Outside/Base.lproj/Intents.intentdefinition", "MastodonIntent/../../Outside/Base.lproj/Intents.intentdefinition",
                         outside.path + "/Base.lproj/Intents.intentdefinition"] {
            let input = ImportInput(path: "de.xliff", document: XLIFFDocument(files: [
                XLIFFFile(original: original, sourceLanguage: "en", targetLanguage: "de", units: [unit]),
            ]))
            let unwritten = try ExchangeFixtures.unwritten(root, [input])
            XCTAssertEqual(unwritten.reasons, [.readOnlyFile], original)
            XCTAssertTrue(unwritten.messages.allSatisfy { $0.contains("lies outside the project folder") }, "\(unwritten.messages)")
        }

        let escape = outside.appendingPathComponent("de.lproj")
        try FileManager.default.createDirectory(at: escape, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("MastodonIntent/de.lproj"), withDestinationURL: escape)
        let before = try ExchangeFixtures.snapshot(outside)
        XCTAssertThrowsError(try ExchangeFixtures.plan(root, [Self.input("de", [unit])]).write())
        XCTAssertEqual(try ExchangeFixtures.snapshot(outside), before, "nothing written through the link")
        XCTAssertFalse(FileManager.default.fileExists(atPath: escape.appendingPathComponent("Intents.strings").path))
    }

    /// `InfoPlist.strings` (permission prompts) exports and imports as the `.strings` table it is:
    /// units under the development-language file, German written to `de.lproj/InfoPlist.strings`.
    func testInfoPlistStringsRoundTrip() throws {
        let english = """
            /* Privacy - Camera Usage Description */
            "NSCameraUsageDescription" = "Take photos to post";

            /* Bundle display name */
            "CFBundleDisplayName" = "Mastodon";

            """
        let root = try ExchangeFixtures.project(self, files: ["App/en.lproj/InfoPlist.strings": Data(english.utf8)])
        var file = try XCTUnwrap(try export(root, "de", .missing).document.files.first)
        XCTAssertEqual(file.original, "App/en.lproj/InfoPlist.strings")
        XCTAssertEqual(file.units.map(\.id), ["CFBundleDisplayName", "NSCameraUsageDescription"])
        XCTAssertEqual(file.units.map(\.note), ["Bundle display name", "Privacy - Camera Usage Description"])
        file.units[0].target = "Mastodon"
        file.units[1].target = "Fotos zum Posten aufnehmen"
        let input = ImportInput(path: "de.xliff", document: XLIFFDocument(files: [file]))
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied])
        XCTAssertEqual(plan.changes.map(\.path), ["App/de.lproj/InfoPlist.strings"])
        try plan.write()
        let written = try StringsReader.parse(try Data(contentsOf: root.appendingPathComponent("App/de.lproj/InfoPlist.strings")),
                                              path: "App/de.lproj/InfoPlist.strings")
        XCTAssertEqual(written.value(forKey: "NSCameraUsageDescription"), "Fotos zum Posten aufnehmen")
        XCTAssertEqual(written.entry(forKey: "NSCameraUsageDescription")?.comment, "Privacy - Camera Usage Description")
        let again = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(again.outcomes.map(\.status), [.unchanged, .unchanged])
        XCTAssertEqual(again.changes.map(\.path), [])
        XCTAssertEqual(try export(root, "de", .missing).unitCount, 0)
    }

    private static func input(_ locale: String, _ units: [TransUnit]) -> ImportInput {
        ImportInput(path: "\(locale).xliff", document: XLIFFDocument(files: [
            XLIFFFile(original: definitionPath, sourceLanguage: "en", targetLanguage: locale, units: units),
        ]))
    }
}
