import Foundation
@testable import L10nKit
import XCTest

/// The `InfoPlist.strings` table Xcode synthesizes from an Info.plist (`<folder>/en.lproj/InfoPlist.strings`
/// in its export although the repository has no such file): imported into `<folder>/<locale>.lproj/InfoPlist.strings`,
/// exported with Xcode's notes in `--scope all`.
final class InfoPlistExchangeTests: XCTestCase {
    /// exelban/stats' Info.plist keys (Stats/Supporting Files/Info.plist), as the hunt case has them.
    static func plist(_ strings: [(String, String)], region: String = "en") -> Data {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>\(region)</string>

        """
        func escaped(_ value: String) -> String {
            value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        for (key, value) in strings { text += "\t<key>\(escaped(key))</key>\n\t<string>\(escaped(value))</string>\n" }
        text += "\t<key>CFBundleIdentifier</key>\n\t<string>eu.exelban.Stats</string>\n</dict>\n</plist>\n"
        return Data(text.utf8)
    }

    static let statsKeys = [("CFBundleName", "Stats"), ("NSHumanReadableCopyright", "Copyright © 2020 Serhiy Mytrovtsiy. All rights reserved.")]

    private func statsProject(_ extra: [String: Data] = [:]) throws -> URL {
        var files: [String: Data] = [
            "App/Info.plist": Self.plist(Self.statsKeys),
            "App/en.lproj/Localizable.strings": Data("\"Close\" = \"Close\";\n".utf8),
            "App/de.lproj/Localizable.strings": Data("\"Close\" = \"Close\";\n".utf8),
        ]
        files.merge(extra) { _, new in new }
        return try ExchangeFixtures.project(self, files: files)
    }

    private func unit(_ id: String, _ source: String, _ target: String?, note: String? = nil) -> TransUnit {
        TransUnit(id: id, source: source, target: target, note: note)
    }

    private func statsInput(original: String = "App/en.lproj/InfoPlist.strings", _ extra: [TransUnit] = []) throws -> ImportInput {
        let units = [unit("CFBundleName", "Stats", "Stats", note: "Bundle name"),
                     unit("NSHumanReadableCopyright", "Copyright © 2020 Serhiy Mytrovtsiy. All rights reserved.",
                          "Copyright © 2020 Serhiy Mytrovtsiy. Alle Rechte vorbehalten.", note: "Copyright (human-readable)")] + extra
        let document = XLIFFDocument(files: [
            XLIFFFile(original: original, sourceLanguage: "en", targetLanguage: "de", units: units),
            XLIFFFile(original: "App/en.lproj/Localizable.strings", sourceLanguage: "en", targetLanguage: "de",
                      units: [unit("Close", "Close", "Schließen", note: "No comment provided by engineer.")]),
        ])
        let data = try XLIFFWriter(tool: ExchangeFixtures.tool).data(document)
        return ImportInput(path: "de.xliff", document: try XLIFFReader().read(data, path: "de.xliff"))
    }

    // MARK: Import

    /// The hunt case (exelban/stats' layout): the whole file was refused, exit 2, and the
    /// Localizable translation lost with it. Now the plist's units create `App/de.lproj/InfoPlist.strings`
    /// in Xcode's `.strings` layout (each entry under its note) and the other file is imported too.
    func testXcodesInfoPlistUnitsCreateTheLocalesInfoPlistStrings() throws {
        let root = try statsProject()
        let plan = try ExchangeFixtures.plan(root, [try statsInput()])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .applied])
        XCTAssertEqual(plan.outcomes.map(\.targetPath), ["App/de.lproj/InfoPlist.strings", "App/de.lproj/InfoPlist.strings",
                                                         "App/de.lproj/Localizable.strings"])
        XCTAssertEqual(plan.changes.map(\.path).sorted(), ["App/de.lproj/InfoPlist.strings", "App/de.lproj/Localizable.strings"])
        XCTAssertEqual(plan.changes.first { $0.path == "App/de.lproj/InfoPlist.strings" }?.isNew, true)
        try plan.write()
        LegacyGolden.assertMatches(try Data(contentsOf: root.appendingPathComponent("App/de.lproj/InfoPlist.strings")),
                                   "exchange/InfoPlist/de.lproj/InfoPlist.strings")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("App/en.lproj/InfoPlist.strings").path),
                       "the development language's texts stay the plist's")
        // Imported again: the file now exists and holds every value, so nothing changes.
        let again = try ExchangeFixtures.plan(root, [try statsInput()])
        XCTAssertEqual(again.outcomes.map(\.status), [.unchanged, .unchanged, .unchanged])
        XCTAssertEqual(again.changes.map(\.path), [])
    }

    /// `l10n import` on the hunt case's file: exit 0 (it was 2, nothing written); with an id the
    /// plist lacks, exit 1 and the rest written; `--dry-run` writes nothing.
    func testImportCommandExitStatus() throws {
        let root = try statsProject()
        let xliff = root.appendingPathComponent("../de.xliff").standardizedFileURL
        let data = try XLIFFWriter(tool: ExchangeFixtures.tool).data(try statsInput([unit("NSCameraUsageDescription", "Scan.", "Scannen.")]).document)
        try data.write(to: xliff)
        let before = try ExchangeFixtures.snapshot(root)
        let dry = CLIRun(["import", xliff.path, "--project", root.path, "--dry-run"])
        XCTAssertEqual(dry.status, 1, dry.stdout + dry.stderr)
        XCTAssertTrue(dry.stdout.contains("would write App/de.lproj/InfoPlist.strings: 2 values, new file"), dry.stdout)
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
        let run = CLIRun(["import", xliff.path, "--project", root.path])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("4 units: 3 applied, 0 unchanged, 0 skipped, 1 refused (1 unknown-id)"), run.stdout)
        try XLIFFWriter(tool: ExchangeFixtures.tool).data(try statsInput().document).write(to: xliff)
        XCTAssertEqual(CLIRun(["import", xliff.path, "--project", root.path]).status, 0)
    }

    /// An existing locale file (a translator's layout: a header, no comments) is edited in place:
    /// only the changed value token, and a new key at the end, as any `.strings` import.
    func testAnExistingLocaleFileKeepsItsLayout() throws {
        let german = "// Stats, German\n\"CFBundleName\"=\"Statistik\";\n"
        let root = try statsProject(["App/de.lproj/InfoPlist.strings": Data(german.utf8)])
        let plan = try ExchangeFixtures.plan(root, [try statsInput()])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .applied])
        XCTAssertEqual(plan.outcomes[0].oldValue, "Statistik")
        try plan.write()
        LegacyGolden.assertMatches(try Data(contentsOf: root.appendingPathComponent("App/de.lproj/InfoPlist.strings")),
                                   "exchange/InfoPlist/de.lproj/InfoPlist.edited.strings")
    }

    /// A unit whose id is no localizable string key of the plist is refused alone, saying what to
    /// do; the plist's other units and the other file are imported (exit 1, not 2).
    func testAnIDThePlistLacksIsRefusedAlone() throws {
        let root = try statsProject()
        let plan = try ExchangeFixtures.plan(root, [try statsInput([
            unit("NSCameraUsageDescription", "Scan receipts.", "Belege scannen."),
            unit("CFBundleIdentifier", "eu.exelban.Stats", "de.exelban.Stats"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .refused, .refused, .applied])
        XCTAssertEqual(plan.outcomes[2].reason, .unknownID)
        XCTAssertEqual(plan.outcomes[2].message, "App/en.lproj/InfoPlist.strings is made of App/Info.plist, which has no localizable string key \"NSCameraUsageDescription\"; add the key to App/Info.plist (the target's Info tab) and import again, or leave the unit out")
        XCTAssertEqual(plan.outcomes[3].reason, .unknownID, "a string key iOS does not localize is no unit of the table")
        try plan.write()
        let written = try String(contentsOf: root.appendingPathComponent("App/de.lproj/InfoPlist.strings"), encoding: .utf8)
        XCTAssertFalse(written.contains("NSCameraUsageDescription") || written.contains("CFBundleIdentifier"), written)
    }

    /// A source that is not the plist's value is stale; a plist value the build expands
    /// (`$(PRODUCT_NAME)`) cannot be compared, and its unit is applied.
    func testSourcesAreThePlistsValues() throws {
        let root = try ExchangeFixtures.project(self, files: [
            "App/Info.plist": Self.plist([("CFBundleName", "$(PRODUCT_NAME)"), ("NSHumanReadableCopyright", "© 2020 Stats")]),
        ])
        let document = XLIFFDocument(files: [XLIFFFile(original: "App/en.lproj/InfoPlist.strings", sourceLanguage: "en", targetLanguage: "de", units: [
            unit("CFBundleName", "Stats", "Statistik"),
            unit("NSHumanReadableCopyright", "© 2019 Stats", "© 2019 Statistik"),
        ])])
        let input = ImportInput(path: "de.xliff", document: try XLIFFReader().read(try XLIFFWriter(tool: ExchangeFixtures.tool).data(document), path: "de.xliff"))
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .refused])
        XCTAssertEqual(plan.outcomes[1].reason, .staleSource)
    }

    /// The development language's units are copy edits of the plist, which l10n never writes.
    func testCopyEditsOfThePlistAreRefused() throws {
        let root = try statsProject()
        let document = XLIFFDocument(files: [XLIFFFile(original: "App/en.lproj/InfoPlist.strings", sourceLanguage: "en", targetLanguage: "en", units: [
            unit("CFBundleName", "Stats", "Stats Pro"),
        ])])
        let input = ImportInput(path: "en.xliff", document: try XLIFFReader().read(try XLIFFWriter(tool: ExchangeFixtures.tool).data(document), path: "en.xliff"))
        let before = try ExchangeFixtures.snapshot(root)
        let plan = try ExchangeFixtures.plan(root, [input], sourceEdits: true)
        XCTAssertEqual(plan.outcomes.map(\.reason), [.unsupportedFile])
        XCTAssertTrue(plan.outcomes[0].message?.contains("values of App/Info.plist") ?? false, plan.outcomes[0].message ?? "")
        try plan.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    /// A dry run plans the new file and writes nothing.
    func testDryRunWritesNothing() throws {
        let root = try statsProject()
        let before = try ExchangeFixtures.snapshot(root)
        let result = try ImportJob(options: ImportOptions(dryRun: true)).run([try statsInput()], root: root)
        XCTAssertEqual(result.plan.changes.map(\.path).sorted(), ["App/de.lproj/InfoPlist.strings", "App/de.lproj/Localizable.strings"])
        XCTAssertFalse(result.wrote)
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    // MARK: Hostile originals

    /// Only the folder of a discovered Info.plist names such a table. A folder without one (also
    /// reached by `..`, or through a symbolic link inside the project) stays refused as a whole
    /// (exit 2) and nothing changes; a path leading out of the project (`../`, absolute, a link
    /// to a folder with a plist outside) is a file l10n never writes, as before: its units are
    /// refused as `read-only-file`, nothing is written there, and the other file is imported.
    func testOtherFoldersStayRefusedAndNothingChanges() throws {
        let outside = try Fixtures.temporaryFolder(self).appendingPathComponent("Outside", isDirectory: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Self.plist(Self.statsKeys).write(to: outside.appendingPathComponent("Info.plist"))
        let root = try statsProject(["Other/en.lproj/Localizable.strings": Data("\"A\" = \"A\";\n".utf8)])
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Linked"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Alias"), withDestinationURL: root.appendingPathComponent("App"))
        let before = try ExchangeFixtures.snapshot(root)
        let outsideBefore = try ExchangeFixtures.snapshot(outside)
        for original in ["Other/en.lproj/InfoPlist.strings", "en.lproj/InfoPlist.strings", "Alias/en.lproj/InfoPlist.strings",
                         "App/en.lproj/../../Other/en.lproj/InfoPlist.strings"] {
            XCTAssertEqual(try ExchangeFixtures.failure(root, [try statsInput(original: original)]), [.unknownFile], original)
            XCTAssertThrowsError(try ImportJob().run([try statsInput(original: original)], root: root), original)
        }
        do {
            _ = try ExchangeFixtures.plan(root, [try statsInput(original: "Other/en.lproj/InfoPlist.strings")])
            XCTFail("a folder without a plist is refused")
        } catch let failure as ImportFailure {
            XCTAssertEqual(failure.errors.first?.hint, "Xcode's InfoPlist.strings of an Info.plist is imported for the folder of an Info.plist the project has (Other has none); check --project")
        }
        for original in ["App/../../Outside/en.lproj/InfoPlist.strings", "../Outside/en.lproj/InfoPlist.strings",
                         outside.path + "/en.lproj/InfoPlist.strings", "Linked/en.lproj/InfoPlist.strings"] {
            let plan = try ExchangeFixtures.plan(root, [try statsInput(original: original)])
            XCTAssertEqual(plan.outcomes.map(\.reason), [.readOnlyFile, .readOnlyFile, nil], original)
            XCTAssertEqual(plan.changes.map(\.path), ["App/de.lproj/Localizable.strings"], original)
        }
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
        XCTAssertEqual(try ExchangeFixtures.snapshot(outside), outsideBefore)
    }

    // MARK: Export

    /// `--scope all` (what Xcode exports) holds the table of a plist without `InfoPlist.strings`:
    /// Xcode's keys with a string value, in code-point order, each with Xcode's note; a value the
    /// build expands and keys Xcode does not export are left out. Without a German file the tag
    /// writes `datatype` right after `original`, as Xcode 15.0 does for such a file. `missing`
    /// and `overrides` leave the table out, as before.
    func testScopeAllExportsThePlistsTableAsXcodeDoes() throws {
        let root = try ExchangeFixtures.project(self, files: [
            "App/Info.plist": Self.plist([("NSPhotoLibraryAddUsageDescription", "Save images you select from articles to your photos."),
                                          ("CFBundleName", "$(PRODUCT_NAME)"), ("CFBundleDisplayName", "Elytra"),
                                          ("NSHumanReadableCopyright", "© 2016-2024 Nikhil Nigade - All Rights Reserved"),
                                          ("NSAppleEventsUsageDescription", "Elytra & friends <share> articles."),
                                          ("NSLocalNetworkUsageDescription", "Find feeds on your network.")]),
            "App/en.lproj/Localizable.strings": Data("\"Close\" = \"Close\";\n".utf8),
        ])
        let project = try ProjectDiscovery(root: root).discover()
        let export = XLIFFExporter(project: project).export(locale: "de", scope: .all)
        XCTAssertEqual(export.document.files.map(\.original), ["App/en.lproj/InfoPlist.strings", "App/en.lproj/Localizable.strings"])
        let text = String(decoding: try XLIFFWriter(tool: ExchangeFixtures.tool).data(export.document), as: UTF8.self)
        let element = try XCTUnwrap(ExchangeFixtures.fileElements(text)["App/en.lproj/InfoPlist.strings"])
        LegacyGolden.assertMatches(Data(element.utf8), "exchange/InfoPlist/de.InfoPlist.file.xliff")
        for scope in [ExportScope.missing, .overrides] {
            XCTAssertFalse(XLIFFExporter(project: project).export(locale: "de", scope: scope).document.files.map(\.original)
                .contains("App/en.lproj/InfoPlist.strings"), "\(scope)")
        }
        // A project with its own InfoPlist.strings exports that table, not the plist's.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/Base.lproj"), withIntermediateDirectories: true)
        try Data("\"CFBundleDisplayName\" = \"Elytra\";\n".utf8).write(to: root.appendingPathComponent("App/Base.lproj/InfoPlist.strings"))
        let own = XLIFFExporter(project: try ProjectDiscovery(root: root).discover()).export(locale: "de", scope: .all)
        XCTAssertEqual(own.document.files.map(\.original), ["App/Base.lproj/InfoPlist.strings", "App/en.lproj/Localizable.strings"])
    }

    /// Which plists get a synthesized table (found by a review): a plist inside a built bundle
    /// (a checked-in `.xcframework`) got one, so an import wrote into the signed framework; a
    /// plist beside a sibling folder holding the bundle's own `InfoPlist.strings` got a second
    /// table, whose import made a second `de.lproj/InfoPlist.strings` in the target (Xcode: "Multiple
    /// commands produce"); `App-Info.plist` was exported as `InfoPlist.strings`, which Xcode names otherwise.
    func testOnlyAnInfoPlistOfTheAppsOwnFoldersWithoutATableGetsOne() throws {
        func originals(_ files: [String: Data]) throws -> [String] {
            let root = try ExchangeFixtures.project(self, files: files.merging(["App/en.lproj/Localizable.strings": Data("\"Close\" = \"Close\";\n".utf8)]) { $1 })
            return XLIFFExporter(project: try ProjectDiscovery(root: root).discover()).export(locale: "de", scope: .all).document.files.map(\.original)
                .filter { $0.hasSuffix("InfoPlist.strings") }
        }
        let keys = Self.plist(Self.statsKeys)
        XCTAssertEqual(try originals(["App/Info.plist": keys, "Frameworks/Foo.xcframework/ios-arm64/Foo.framework/Info.plist": keys,
                                      "Widget/Resources/Bar.bundle/Info.plist": keys]),
                       ["App/en.lproj/InfoPlist.strings"])
        XCTAssertEqual(try originals(["App/Supporting Files/Info.plist": keys,
                                      "App/Resources/en.lproj/InfoPlist.strings": Data("\"CFBundleName\" = \"Stats\";\n".utf8),
                                      "Widget/Info.plist": keys]),
                       ["App/Resources/en.lproj/InfoPlist.strings", "Widget/en.lproj/InfoPlist.strings"])
        XCTAssertEqual(try originals(["App/App-Info.plist": keys]), [])
    }

    /// Xcode 15.0's export of Elytra (../shared/fixtures/xliff/Elytra.de.xliff): each
    /// `<folder>/en.lproj/InfoPlist.strings` outside vendor folders whose ids are all keys Xcode
    /// exports (Info-notarized's and the app's have document-type names too, which l10n does not
    /// read) is rebuilt as a project holding only `<folder>/Info.plist` with the units' sources.
    /// The fixture's units import into new German files, and the export gives back every such
    /// `<file>` element byte for byte, header aside: the ones with targets in Xcode's attribute
    /// order, SelectFeedIntent's (no German file) with `datatype` first.
    func testElytrasInfoPlistFilesRoundTripByteForByte() throws {
        let data = try Data(contentsOf: Fixtures.shared("fixtures/xliff/Elytra.de.xliff"))
        let document = try XLIFFReader().read(data, path: "Elytra.de.xliff")
        let synthesized = document.files.filter { file in
            file.original.hasSuffix("/en.lproj/InfoPlist.strings") && !ProjectDiscovery.isVendorPath(file.original)
                && file.units.allSatisfy { InfoPlistStrings.notes[$0.id] != nil }
        }
        XCTAssertEqual(synthesized.map(\.original), [
            "notificationContext/en.lproj/InfoPlist.strings", "notificationsService/en.lproj/InfoPlist.strings",
            "safari-subscribe-ios/en.lproj/InfoPlist.strings", "safari-subscribe/en.lproj/InfoPlist.strings",
            "SelectFeedIntent/en.lproj/InfoPlist.strings", "SelectFolderIntents/en.lproj/InfoPlist.strings",
            "Yeti/widgets/en.lproj/InfoPlist.strings", "YetiShare/en.lproj/InfoPlist.strings",
        ])
        var files: [String: Data] = [:]
        for file in synthesized {
            let folder = (file.original as NSString).deletingLastPathComponent
            files[(folder as NSString).deletingLastPathComponent + "/Info.plist"] = Self.plist(file.units.map { ($0.id, $0.source) })
        }
        let root = try ExchangeFixtures.project(self, files: files)
        let plan = try ExchangeFixtures.plan(root, [ImportInput(path: "Elytra.de.xliff", document: XLIFFDocument(files: synthesized))])
        XCTAssertEqual(plan.outcomes.map(\.status), synthesized.flatMap(\.units).map { $0.target == nil ? .skipped : .applied })
        try plan.write()
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("SelectFeedIntent/de.lproj").path))

        let export = XLIFFExporter(project: try ProjectDiscovery(root: root).discover()).export(locale: "de", scope: .all)
        XCTAssertEqual(export.document.files.map(\.original), synthesized.map(\.original))
        let ours = ExchangeFixtures.fileElements(String(decoding: try XLIFFWriter(tool: ExchangeFixtures.tool).data(export.document), as: UTF8.self))
        let xcode = ExchangeFixtures.fileElements(String(decoding: data, as: UTF8.self))
        for file in synthesized {
            XCTAssertEqual(ours[file.original], xcode[file.original], file.original)
        }
    }

    /// The copy editors' file holds the table with every target its source, as Xcode 11.6's
    /// development-language export of exelban/stats does (`Stats/Supporting Files/Stats/en.xcloc/
    /// Localized Contents/en.xliff` at 7b06a72: its `Stats/Supporting Files/en.lproj/InfoPlist.strings`
    /// element, header aside, is the golden file). Returned unchanged with --source-edits, its
    /// units are unchanged and nothing is written.
    func testTheCopyEditorsFileHoldsThePlistsTableAsXcodeWritesIt() throws {
        let root = try ExchangeFixtures.project(self, files: [
            "Stats/Supporting Files/Info.plist": Self.plist(Self.statsKeys),
            "Stats/Supporting Files/en.lproj/Localizable.strings": Data("\"Close\" = \"Close\";\n".utf8),
        ])
        let export = XLIFFExporter(project: try ProjectDiscovery(root: root).discover()).export(locale: "en", scope: .all)
        let data = try XLIFFWriter(tool: ExchangeFixtures.tool).data(export.document)
        let element = try XCTUnwrap(ExchangeFixtures.fileElements(String(decoding: data, as: UTF8.self))["Stats/Supporting Files/en.lproj/InfoPlist.strings"])
        LegacyGolden.assertMatches(Data(element.utf8), "exchange/InfoPlist/stats.en.InfoPlist.file.xliff")
        // The .xcloc's Source Contents copy is the table as Xcode wrote it in that bundle (Source
        // Contents/Stats/Supporting Files/en.lproj/InfoPlist.strings, 166 characters).
        let sourceCopy = try XCTUnwrap(export.sourceContents.first { $0.path == "Stats/Supporting Files/en.lproj/InfoPlist.strings" })
        XCTAssertEqual(String(decoding: sourceCopy.data, as: UTF8.self), "/* Bundle name */\n\"CFBundleName\" = \"Stats\";\n/* Copyright (human-readable) */\n\"NSHumanReadableCopyright\" = \"Copyright © 2020 Serhiy Mytrovtsiy. All rights reserved.\";\n")
        let before = try ExchangeFixtures.snapshot(root)
        let plan = try ExchangeFixtures.plan(root, [ImportInput(path: "en.xliff", document: try XLIFFReader().read(data, path: "en.xliff"))], sourceEdits: true)
        XCTAssertEqual(plan.outcomes.map(\.status), [.unchanged, .unchanged, .unchanged])
        XCTAssertEqual(plan.changes.map(\.path), [])
        try plan.write()
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }
}
