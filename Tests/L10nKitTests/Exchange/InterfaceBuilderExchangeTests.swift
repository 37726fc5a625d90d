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

/// Storyboards and XIBs both ways: units `<ObjectID>.<property>` under the Base document's path,
/// values in `<locale>.lproj/<Name>.strings` (formats.md §2, §3).
final class InterfaceBuilderExchangeTests: XCTestCase {
    /// The real storyboard of cookjohns/WorldTrotter and the Spanish `Main.strings` ibtool made for
    /// it (Golden/ib/WorldTrotter/SOURCE.md cites both).
    static let storyboardPath = "WorldTrotter/Base.lproj/Main.storyboard"
    static let spanishPath = "WorldTrotter/es.lproj/Main.strings"

    private func worldTrotter(withSpanish spanish: Data? = nil) throws -> URL {
        var files = [Self.storyboardPath: try LegacyGolden.read("ib/WorldTrotter/Base.lproj/Main.storyboard")]
        if let spanish { files[Self.spanishPath] = spanish }
        return try ExchangeFixtures.project(self, files: files)
    }

    private func export(_ root: URL, _ locale: String, _ scope: ExportScope) throws -> LocaleExport {
        XLIFFExporter(project: try ProjectDiscovery(root: root).discover()).export(locale: locale, scope: scope)
    }

    /// A storyboard and a XIB of one name write the same `es.lproj/Main.strings`. The file is
    /// made from the table of the last unit applied to it, whichever order the files come in
    /// (found by a review: a per-file cache of the target had kept the first table instead).
    /// The other table's value is not written; that limitation is older than the cache.
    func testTheLastTableAppliedWritesASharedStringsFile() throws {
        let storyboard = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n"
            + "<scenes><scene sceneID=\"s1\"><objects>\n<label id=\"abc-12-XYZ\" text=\"One\"/>\n"
            + "</objects></scene></scenes>\n</document>\n"
        let xib = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n"
            + "<objects>\n<label id=\"def-34-UVW\" text=\"Two\"/>\n"
            + "</objects>\n</document>\n"
        let root = try ExchangeFixtures.project(self, files: ["App/Base.lproj/Main.storyboard": Data(storyboard.utf8),
                                                               "App/Base.lproj/Main.xib": Data(xib.utf8)])
        var fromStoryboard = XLIFFFile(original: "App/Base.lproj/Main.storyboard", sourceLanguage: "en", targetLanguage: "es",
                                       units: [TransUnit(id: "abc-12-XYZ.text", source: "One", target: "Uno")])
        fromStoryboard.attributeOrder = .standard
        var fromXIB = XLIFFFile(original: "App/Base.lproj/Main.xib", sourceLanguage: "en", targetLanguage: "es",
                                units: [TransUnit(id: "def-34-UVW.text", source: "Two", target: "Dos")])
        fromXIB.attributeOrder = .standard
        for (files, written) in [([fromStoryboard, fromXIB], "\"def-34-UVW.text\" = \"Dos\";"), ([fromXIB, fromStoryboard], "\"abc-12-XYZ.text\" = \"Uno\";")] {
            let plan = try ExchangeFixtures.plan(root, [ImportInput(path: "es.xliff", document: XLIFFDocument(files: files))])
            XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied])
            let file = try XCTUnwrap(plan.changes.first { $0.path == "App/es.lproj/Main.strings" })
            let text = String(decoding: file.data, as: UTF8.self)
            XCTAssertTrue(text.contains(written), text)
        }
    }

    /// Export Spanish from the project without `es.lproj`, fill every target with the translation
    /// of the real ibtool file, import: the file created has ibtool's bytes exactly; a second
    /// import changes nothing, and the next export has every target and nothing missing.
    /// A storyboard without a text ibtool extracts (a split view controller and references)
    /// has no `<file>` in Xcode's export, in scope all too (a real Xcode 11.2.1 `en.xcloc`);
    /// l10n wrote one with an empty body.
    func testAStoryboardWithoutTextsHasNoFileElement() throws {
        let empty = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n"
            + "<scenes><scene sceneID=\"s1\"><objects>\n<splitViewController id=\"abc-12-XYZ\"/>\n</objects></scene></scenes>\n</document>\n"
        let root = try ExchangeFixtures.project(self, files: [Self.storyboardPath: try LegacyGolden.read("ib/WorldTrotter/Base.lproj/Main.storyboard"),
                                                               "WorldTrotter/Base.lproj/Split.storyboard": Data(empty.utf8)])
        for scope in [ExportScope.all, .missing] {
            let files = try export(root, "es", scope).document.files.map(\.original)
            XCTAssertEqual(files, [Self.storyboardPath], "\(scope)")
        }
    }

    func testRoundTripCreatesIbtoolsStringsFile() throws {
        let golden = try LegacyGolden.read("ib/WorldTrotter/es.lproj/Main.strings")
        let ibtool = try StringsReader.parse(golden, path: Self.spanishPath)
        let root = try worldTrotter()

        let first = try export(root, "es", .missing)
        XCTAssertEqual(first.document.files.map(\.original), [Self.storyboardPath])
        var file = try XCTUnwrap(first.document.files.first)
        XCTAssertEqual(file.attributeOrder, .datatypeFirst, "no es strings file yet, as Xcode 15 writes such a file")
        XCTAssertEqual(file.units.map(\.id), ["3JI-87-cfh.text", "3dl-gv-Z96.text", "DVV-tE-ZNa.title", "bf2-EL-PtV.placeholder",
                                              "hpm-um-eY3.title", "i4z-gL-1K6.text", "ugr-F7-6hN.title", "y8w-Wv-5ZH.text"])
        for unit in file.units {
            let entry = try XCTUnwrap(ibtool.entry(forKey: unit.id), unit.id)
            XCTAssertEqual(unit.note, entry.comment, "the note is ibtool's comment")
            XCTAssertNil(unit.target)
            XCTAssertNil(unit.targetState)
        }
        XCTAssertEqual(file.units.first { $0.id == "bf2-EL-PtV.placeholder" }?.source, "value")
        XCTAssertEqual(first.sourceContents.map(\.path), [Self.storyboardPath])
        XCTAssertEqual(first.sourceContents.first?.data, try LegacyGolden.read("ib/WorldTrotter/Base.lproj/Main.storyboard"))

        for index in file.units.indices { file.units[index].target = ibtool.value(forKey: file.units[index].id) }
        let written = try XLIFFWriter(tool: ExchangeFixtures.tool).data(XLIFFDocument(files: [file]))
        let input = ImportInput(path: "es.xliff", document: try XLIFFReader().read(written, path: "es.xliff"))

        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertFalse(plan.hasRefusals)
        XCTAssertEqual(plan.outcomes.map(\.status), Array(repeating: .applied, count: 8))
        XCTAssertEqual(plan.changes.map(\.path), [Self.spanishPath])
        XCTAssertEqual(plan.changes.first?.isNew, true)
        XCTAssertEqual(plan.changes.first?.data, golden, "ibtool's layout: a blank line first, one between entries, code-point order")
        try plan.write()
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent(Self.spanishPath)), golden)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(Self.storyboardPath).path))

        let before = try ExchangeFixtures.snapshot(root)
        let again = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(again.changes.map(\.path), [])
        XCTAssertEqual(again.outcomes.map(\.status), Array(repeating: .unchanged, count: 8))
        try again.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)

        let all = try export(root, "es", .all)
        XCTAssertEqual(all.document.files.first?.attributeOrder, .standard)
        XCTAssertEqual(all.document.files.first?.units.map(\.target), file.units.map(\.target))
        XCTAssertEqual(try export(root, "es", .missing).unitCount, 0)
    }

    /// Only the translated texts go into a new file; the others keep the storyboard's text at run time.
    func testNewFileHoldsOnlyTranslatedTexts() throws {
        let root = try worldTrotter()
        let input = Self.input("es", [TransUnit(id: "hpm-um-eY3.title", source: "Convert", target: "Convertir"),
                                      TransUnit(id: "DVV-tE-ZNa.title", source: "Map", target: "Mapa")])
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(String(decoding: try XCTUnwrap(plan.changes.first?.data), as: UTF8.self), """

            /* Class = "UITabBarItem"; title = "Map"; ObjectID = "DVV-tE-ZNa"; */
            "DVV-tE-ZNa.title" = "Mapa";

            /* Class = "UITabBarItem"; title = "Convert"; ObjectID = "hpm-um-eY3"; */
            "hpm-um-eY3.title" = "Convertir";

            """)
        try plan.write()
        let missing = try export(root, "es", .missing)
        XCTAssertEqual(missing.unitCount, 6)
        XCTAssertFalse(missing.document.files[0].units.contains { $0.id == "hpm-um-eY3.title" || $0.id == "DVV-tE-ZNa.title" })
    }

    /// An object id (or property) the storyboard no longer has is refused as unknown-id, a text
    /// changed since the export as stale; nothing is written for either.
    func testUnknownObjectIDAndChangedTextAreRefused() throws {
        let root = try worldTrotter()
        let before = try ExchangeFixtures.snapshot(root)
        let input = Self.input("es", [TransUnit(id: "zzz-99-ZZZ.text", source: "Gone", target: "Ido"),
                                      TransUnit(id: "hpm-um-eY3.text", source: "Convert", target: "Convertir"),
                                      TransUnit(id: "DVV-tE-ZNa.title", source: "Maps", target: "Mapas")])
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), [.refused, .refused, .refused])
        XCTAssertEqual(plan.outcomes.map(\.reason), [.unknownID, .unknownID, .staleSource])
        XCTAssertEqual(plan.outcomes[0].message,
                       "WorldTrotter/Base.lproj/Main.storyboard has no text \"zzz-99-ZZZ.text\" (no object with that id and property): the object was removed or its text is not localizable")
        XCTAssertEqual(plan.changes.map(\.path), [])
        try plan.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    /// An existing strings file (UTF-16LE with BOM, a hand-written comment, entries out of order)
    /// keeps its encoding, comments and order: only the value token of the imported entry changes;
    /// a text the file lacks is appended under ibtool's comment.
    func testExistingFileIsEditedInPlace() throws {
        let text = """
            /* Spanish texts of the converter, checked by Ana */

            /* Class = "UITabBarItem"; title = "Convert"; ObjectID = "hpm-um-eY3"; */
            "hpm-um-eY3.title" = "Convertir";

            /* Tab of the map */
            "DVV-tE-ZNa.title" = "Mapa";

            """
        let original = StringsEncoding.utf16LittleEndian.encode(text)
        XCTAssertEqual(Array(original.prefix(2)), [0xFF, 0xFE])
        let root = try worldTrotter(withSpanish: original)
        let input = Self.input("es", [TransUnit(id: "DVV-tE-ZNa.title", source: "Map", target: "Plano"),
                                      TransUnit(id: "hpm-um-eY3.title", source: "Convert", target: "Convertir"),
                                      TransUnit(id: "ugr-F7-6hN.title", source: "airbnb", target: "Airbnb")])
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .unchanged, .applied])
        XCTAssertEqual(plan.changes.map(\.path), [Self.spanishPath])
        XCTAssertEqual(plan.changes.first?.isNew, false)
        let expected = text.replacingOccurrences(of: "\"Mapa\";", with: "\"Plano\";")
            + "\n/* Class = \"UITabBarItem\"; title = \"airbnb\"; ObjectID = \"ugr-F7-6hN\"; */\n\"ugr-F7-6hN.title\" = \"Airbnb\";\n"
        XCTAssertEqual(plan.changes.first?.data, StringsEncoding.utf16LittleEndian.encode(expected))
        try plan.write()
        let export = try export(root, "es", .all)
        XCTAssertEqual(export.document.files.first?.units.first { $0.id == "DVV-tE-ZNa.title" }?.target, "Plano")
    }

    /// ibtool writes `Main.strings` in code-point order of keys, and `format --check` wants it so:
    /// texts the file lacks go to their place in that order (first, between two, last), each
    /// under ibtool's comment, so the real ibtool file with three entries taken out comes back
    /// byte for byte and stays in `format`'s layout. Before, they were appended at the end.
    func testNewTextsTakeTheirPlaceInASortedIbtoolFile() throws {
        let golden = try LegacyGolden.read("ib/WorldTrotter/es.lproj/Main.strings")
        let ibtool = try StringsReader.parse(golden, path: Self.spanishPath)
        var stripped = ibtool
        let missing = ["3JI-87-cfh.text", "bf2-EL-PtV.placeholder", "y8w-Wv-5ZH.text"]
        for key in missing { XCTAssertTrue(stripped.removeValue(forKey: key)) }
        // What ibtool (and `format`) write for the other five.
        let strippedData = StringsWriter.canonicalData(for: stripped)
        let root = try worldTrotter(withSpanish: strippedData)
        let storyboard = XLIFFExporter(project: try ProjectDiscovery(root: root).discover()).export(locale: "es", scope: .missing)
        var units = try XCTUnwrap(storyboard.document.files.first).units
        XCTAssertEqual(units.map(\.id), ["3JI-87-cfh.text", "bf2-EL-PtV.placeholder", "y8w-Wv-5ZH.text"])
        for index in units.indices { units[index].target = ibtool.value(forKey: units[index].id) }
        let plan = try ExchangeFixtures.plan(root, [Self.input("es", units.reversed())])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .applied])
        let written = try XCTUnwrap(plan.changes.first { $0.path == Self.spanishPath }?.data)
        XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: golden, as: UTF8.self))
        let imported = try StringsReader.parse(written, path: Self.spanishPath)
        XCTAssertEqual(StringsWriter.canonicalData(for: imported), written, "format --check passes on the imported file")
        XCTAssertEqual(imported.entry(forKey: "bf2-EL-PtV.placeholder")?.comment, ibtool.entry(forKey: "bf2-EL-PtV.placeholder")?.comment)
        XCTAssertEqual(imported.entry(forKey: "hpm-um-eY3.title")?.comment, ibtool.entry(forKey: "hpm-um-eY3.title")?.comment)
    }

    /// A copy edit of the development language (`--source-edits`): an edited text is written into
    /// the Base storyboard, only its attribute value changes (escaped as Interface Builder writes
    /// it), the Spanish value is listed to re-check, and the next export has the new source; a text
    /// returned as it is comes out unchanged.
    func testDevelopmentLanguageTextsAreWrittenIntoTheStoryboard() throws {
        let root = try worldTrotter(withSpanish: try LegacyGolden.read("ib/WorldTrotter/es.lproj/Main.strings"))
        let before = try ExchangeFixtures.snapshot(root)
        var file = XLIFFFile(original: Self.storyboardPath, sourceLanguage: "en", targetLanguage: "en",
                             units: [TransUnit(id: "DVV-tE-ZNa.title", source: "Map", target: "World map"),
                                     TransUnit(id: "hpm-um-eY3.title", source: "Convert", target: "Convert"),
                                     TransUnit(id: "i4z-gL-1K6.text", source: "is really", target: "is \"really\" <about> & so")])
        file.attributeOrder = .standard
        let input = ImportInput(path: "en.xliff", document: XLIFFDocument(files: [file]))
        XCTAssertEqual(try ExchangeFixtures.failure(root, [input]), [.targetIsSourceLanguage])
        let plan = try ExchangeFixtures.plan(root, [input], sourceEdits: true)
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .unchanged, .applied])
        XCTAssertEqual(plan.outcomes.first?.oldValue, "Map")
        XCTAssertEqual(plan.outcomes.first?.sourceEdit?.toRecheck.map(\.path), [Self.spanishPath])
        XCTAssertEqual(plan.outcomes.first?.sourceEdit?.toRecheck.map(\.value), ["Mapa"])
        XCTAssertEqual(plan.changes.map(\.path), [Self.storyboardPath])
        try plan.write()

        let after = try ExchangeFixtures.snapshot(root)
        for (path, data) in before where path != Self.storyboardPath { XCTAssertEqual(after[path], data, path) }
        let diff = ExchangeFixtures.changedLines(try XCTUnwrap(before[Self.storyboardPath]), try XCTUnwrap(after[Self.storyboardPath]))
        XCTAssertEqual(diff.removed.count, 2)
        XCTAssertEqual(diff.added.sorted(), diff.removed.map {
            $0.replacingOccurrences(of: "title=\"Map\"", with: "title=\"World map\"")
                .replacingOccurrences(of: "text=\"is really\"", with: "text=\"is &quot;really&quot; &lt;about&gt; &amp; so\"")
        }.sorted())
        let english = try export(root, "en", .all).document.files.first?.units
        XCTAssertEqual(english?.first { $0.id == "DVV-tE-ZNa.title" }?.source, "World map")
        XCTAssertEqual(english?.first { $0.id == "i4z-gL-1K6.text" }?.source, "is \"really\" <about> & so")
        let spanish = try export(root, "es", .all).document.files.first?.units.first { $0.id == "DVV-tE-ZNa.title" }
        XCTAssertEqual(spanish?.source, "World map")
        XCTAssertEqual(spanish?.target, "Mapa", "the translation stays, listed to re-check")
        XCTAssertEqual(try ExchangeFixtures.plan(root, [input], sourceEdits: true).changes.map(\.path), [])
    }

    /// A text that is not an attribute (multi-line text in a `<string key="text">` child) is left
    /// to Interface Builder: its edit is refused, and nothing is written.
    func testDevelopmentLanguageTextOutsideAnAttributeIsRefused() throws {
        let storyboard = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\">\n"
            + "<scenes><scene sceneID=\"s1\"><objects>\n<label id=\"abc-12-XYZ\"><string key=\"text\">Line one\nline two</string></label>\n"
            + "</objects></scene></scenes>\n</document>\n"
        let root = try ExchangeFixtures.project(self, files: ["App/Base.lproj/Main.storyboard": Data(storyboard.utf8)])
        let before = try ExchangeFixtures.snapshot(root)
        var file = XLIFFFile(original: "App/Base.lproj/Main.storyboard", sourceLanguage: "en", targetLanguage: "en",
                             units: [TransUnit(id: "abc-12-XYZ.text", source: "Line one\nline two", target: "Line one\nline 2")])
        file.attributeOrder = .standard
        let plan = try ExchangeFixtures.plan(root, [ImportInput(path: "en.xliff", document: XLIFFDocument(files: [file]))], sourceEdits: true)
        XCTAssertEqual(plan.outcomes.map(\.reason), [.unsupportedFile])
        XCTAssertEqual(plan.outcomes.first?.message,
                       "the text \"abc-12-XYZ.text\" of App/Base.lproj/Main.storyboard is not an attribute l10n can rewrite (multi-line text, a segment or cell title); edit it in Interface Builder")
        XCTAssertEqual(plan.changes.map(\.path), [])
        try plan.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    /// A storyboard that cannot be read stops the import of its `<file>` with a located reason.
    func testUnreadableStoryboardIsAFileError() throws {
        let root = try ExchangeFixtures.project(self, files: [Self.storyboardPath: Data("<document><scenes>\n".utf8)])
        let input = Self.input("es", [TransUnit(id: "DVV-tE-ZNa.title", source: "Map", target: "Mapa")])
        do {
            _ = try ExchangeFixtures.plan(root, [input])
            XCTFail("expected a file-level error")
        } catch let failure as ImportFailure {
            XCTAssertEqual(failure.errors.map(\.kind), [.unreadableFile])
            XCTAssertTrue(failure.errors[0].message.contains("WorldTrotter/Base.lproj/Main.storyboard:"), failure.errors[0].message)
        }
        XCTAssertEqual(try export(root, "es", .all).unitCount, 0)
    }

    /// Paths come from the project, never from the XLIFF alone: an `original` leading out of the
    /// folder is refused at file level, and an `es.lproj` that is a link leading out is never written through.
    func testPathsStayInsideTheProject() throws {
        let root = try worldTrotter()
        let outside = root.deletingLastPathComponent().appendingPathComponent("Outside")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        try LegacyGolden.read("ib/WorldTrotter/Base.lproj/Main.storyboard").write(to: outside.appendingPathComponent("Base.lproj/Main.storyboard"))
        let unit = TransUnit(id: "DVV-tE-ZNa.title", source: "Map", target: "Mapa")
        for original in ["../Outside/Base.lproj/Main.storyboard", "WorldTrotter/../../Outside/Base.lproj/Main.storyboard", outside.path + "/Base.lproj/Main.storyboard"] {
            let input = ImportInput(path: "es.xliff", document: XLIFFDocument(files: [
                XLIFFFile(original: original, sourceLanguage: "en", targetLanguage: "es", units: [unit]),
            ]))
            let unwritten = try ExchangeFixtures.unwritten(root, [input])
            XCTAssertEqual(unwritten.reasons, [.readOnlyFile], original)
            XCTAssertTrue(unwritten.messages.allSatisfy { $0.contains("lies outside the project folder") }, "\(unwritten.messages)")
        }

        let escape = outside.appendingPathComponent("es.lproj")
        try FileManager.default.createDirectory(at: escape, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("WorldTrotter/es.lproj"), withDestinationURL: escape)
        let before = try ExchangeFixtures.snapshot(outside)
        XCTAssertThrowsError(try ExchangeFixtures.plan(root, [Self.input("es", [unit])]).write())
        XCTAssertEqual(try ExchangeFixtures.snapshot(outside), before, "nothing written through the link")
        XCTAssertFalse(FileManager.default.fileExists(atPath: escape.appendingPathComponent("Main.strings").path))
    }

    /// Elytra's `PushRequestVC.xib` (Golden/ib) with a `de.lproj/PushRequestVC.strings` holding
    /// Xcode's targets exports Xcode 15.0's `<file>` element byte for byte, header aside.
    func testElytraXibFileElementMatchesXcode() throws {
        let original = "Yeti/Controllers/Root/Base.lproj/PushRequestVC.xib"
        let fixture = try XLIFFReader().read(contentsOf: try Fixtures.shared("fixtures/xliff/Elytra.de.xliff"))
        let xcode = try XCTUnwrap(fixture.files.first { $0.original == original })
        var german = StringsFile(path: "de.lproj/PushRequestVC.strings", encoding: .utf8)
        for unit in xcode.units { german.setValue(try XCTUnwrap(unit.target), forKey: unit.id, comment: unit.note) }
        let root = try ExchangeFixtures.project(self, files: [
            original: try LegacyGolden.read("ib/PushRequestVC.xib"),
            "Yeti/Controllers/Root/de.lproj/PushRequestVC.strings": StringsWriter.data(for: german),
        ])
        let ours = try XLIFFWriter(tool: ExchangeFixtures.tool).string(try export(root, "de", .all).document)
        let text = try String(contentsOf: try Fixtures.shared("fixtures/xliff/Elytra.de.xliff"), encoding: .utf8)
        let xcodeElement = try XCTUnwrap(ExchangeFixtures.fileElements(text)[original])
        XCTAssertTrue(xcodeElement.contains("<target>Mitteilungen</target>"))
        XCTAssertEqual(try XCTUnwrap(ExchangeFixtures.fileElements(ours)[original]), xcodeElement)
    }

    private static func input(_ locale: String, _ units: [TransUnit]) -> ImportInput {
        ImportInput(path: "\(locale).xliff", document: XLIFFDocument(files: [
            XLIFFFile(original: storyboardPath, sourceLanguage: "en", targetLanguage: locale, units: units),
        ]))
    }
}
