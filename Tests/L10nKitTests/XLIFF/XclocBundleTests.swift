import Foundation
import L10nKit
import XCTest

/// `.xcloc` bundles: `contents.json` and `Localized Contents/<lang>.xliff`.
final class XclocBundleTests: XCTestCase {
    static let contentsJSON = """
        {
          "developmentRegion" : "en",
          "project" : "KeepingYouAwake.xcodeproj",
          "targetLocale" : "de",
          "toolInfo" : {
            "toolBuildNumber" : "16F6",
            "toolID" : "com.apple.dt.xcode",
            "toolName" : "Xcode",
            "toolVersion" : "16.4"
          },
          "version" : "1.0"
        }
        """

    private func makeBundle(named name: String, xliffName: String, xliff: Data, contents: String?) throws -> URL {
        let bundle = try Fixtures.temporaryFolder(self).appendingPathComponent(name)
        let localized = bundle.appendingPathComponent("Localized Contents")
        try FileManager.default.createDirectory(at: localized, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Source Contents"), withIntermediateDirectories: true)
        try xliff.write(to: localized.appendingPathComponent(xliffName))
        if let contents { try Data(contents.utf8).write(to: bundle.appendingPathComponent("contents.json")) }
        return bundle
    }

    func testReadsBundleWithRealExport() throws {
        let fixture = try Data(contentsOf: Fixtures.shared("fixtures/xliff/KeepingYouAwake.de.xliff"))
        let url = try makeBundle(named: "de.xcloc", xliffName: "de.xliff", xliff: fixture, contents: Self.contentsJSON)
        let bundle = try XclocBundle.read(at: url)
        XCTAssertEqual(bundle.contents, XclocContents(
            developmentRegion: "en", targetLocale: "de", project: "KeepingYouAwake.xcodeproj",
            toolInfo: .init(toolBuildNumber: "16F6", toolID: "com.apple.dt.xcode", toolName: "Xcode", toolVersion: "16.4"), version: "1.0"))
        XCTAssertEqual(bundle.document.allUnits.count, 71)
        XCTAssertTrue(bundle.xliffPath.hasSuffix("de.xcloc/Localized Contents/de.xliff"))
        XCTAssertEqual(bundle.document.files.first?.location?.file, bundle.xliffPath)
    }

    /// Xcode puts an asset catalog's localized images and colours into `Localized Contents` beside
    /// the XLIFF (teeeeeegz/focusedwork-translations' Xcode 13.1 en-GB.xcloc, SimpleX's de.xcloc):
    /// l10n imports only the XLIFF, and says so in a note instead of "nothing to write" alone.
    func testFilesBesidesTheXLIFFAreNamedInANote() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let model = try ProjectDiscovery(root: root).discover()
        let export = XLIFFExporter(project: model).export(locale: "fr", scope: .missing)
        let url = try export.write(to: Fixtures.temporaryFolder(self), format: .xcloc, tool: ExchangeFixtures.tool)
        let imageset = url.appendingPathComponent("Localized Contents/BrandedEditor/Assets.xcassets/onboarding.imageset")
        try FileManager.default.createDirectory(at: imageset, withIntermediateDirectories: true)
        try Data(#"{ "images" : [ { "filename" : "2-1.png", "idiom" : "universal", "locale" : "fr" } ] }"#.utf8).write(to: imageset.appendingPathComponent("Contents.json"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: imageset.appendingPathComponent("2-1.png"))
        try Data().write(to: url.appendingPathComponent("Localized Contents/._fr.xliff"))
        XCTAssertEqual(try XclocBundle.read(at: url).otherLocalizedContents, [
            "Localized Contents/BrandedEditor/Assets.xcassets/onboarding.imageset/2-1.png",
            "Localized Contents/BrandedEditor/Assets.xcassets/onboarding.imageset/Contents.json",
        ])
        let input = try ImportInput.read(contentsOf: url, displayPath: "fr.xcloc")
        let plan = try XLIFFImporter(project: model).plan([input])
        XCTAssertEqual(plan.notes.filter { $0.hasPrefix("fr.xcloc") }, [
            "fr.xcloc holds 2 files besides its XLIFF that l10n does not import (\"Localized Contents/BrandedEditor/Assets.xcassets/onboarding.imageset/2-1.png\", "
                + "\"Localized Contents/BrandedEditor/Assets.xcassets/onboarding.imageset/Contents.json\"): Xcode puts an asset catalog's localized "
                + "images and colours there, and its Import Localizations (xcodebuild -importLocalizations) applies them",
        ])
        // The bundle l10n writes has nothing besides its XLIFF there.
        let plain = try export.write(to: Fixtures.temporaryFolder(self), format: .xcloc, tool: ExchangeFixtures.tool)
        XCTAssertEqual(try XclocBundle.read(at: plain).otherLocalizedContents, [])
    }

    func testFallsBackToTargetLocaleOrTheOnlyXLIFF() throws {
        let xliff = Data(XLIFFReaderTests.minimal.utf8)
        let renamed = try makeBundle(named: "Translations from vendor", xliffName: "de.xliff", xliff: xliff, contents: Self.contentsJSON)
        XCTAssertEqual(try XclocBundle.read(at: renamed).document.files.count, 1)
        let only = try makeBundle(named: "fr.xcloc", xliffName: "fr-FR.xliff", xliff: xliff, contents: nil)
        let bundle = try XclocBundle.read(at: only)
        XCTAssertNil(bundle.contents)
        XCTAssertEqual(bundle.document.files.first?.units.first?.target, "Einstellungen")
    }

    func testWorkspaceAndErrors() throws {
        let workspace = try XclocContents(json: Data(#"{"workspace":"App.xcworkspace","targetLocale":"ja","version":"1.0","extra":[1]}"#.utf8), path: "contents.json")
        XCTAssertEqual(workspace.workspace, "App.xcworkspace")
        XCTAssertNil(workspace.project)
        XCTAssertNil(workspace.toolInfo)

        XCTAssertThrowsError(try XclocContents(json: Data("{ nope".utf8), path: "c.json")) { error in
            XCTAssertEqual((error as? XLIFFError)?.kind, .bundle)
            XCTAssertEqual((error as? XLIFFError)?.location?.file, "c.json")
        }
        XCTAssertThrowsError(try XclocContents(json: Data("[1]".utf8), path: "c.json"))

        let folder = try Fixtures.temporaryFolder(self)
        XCTAssertThrowsError(try XclocBundle.read(at: folder.appendingPathComponent("absent.xcloc"))) { error in
            XCTAssertEqual((error as? XLIFFError)?.kind, .bundle)
        }
        let empty = folder.appendingPathComponent("de.xcloc/Localized Contents")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertThrowsError(try XclocBundle.read(at: folder.appendingPathComponent("de.xcloc"))) { error in
            XCTAssertEqual((error as? XLIFFError)?.kind, .bundle)
            XCTAssertTrue((error as? XLIFFError)?.message.contains("de.xliff") ?? false)
        }
        let broken = try makeBundle(named: "it.xcloc", xliffName: "it.xliff", xliff: Data("<xliff version=\"1.2\"><file".utf8), contents: nil)
        XCTAssertThrowsError(try XclocBundle.read(at: broken)) { error in
            XCTAssertEqual((error as? XLIFFError)?.kind, .malformedXML)
            XCTAssertTrue((error as? XLIFFError)?.location?.file.hasSuffix("it.xcloc/Localized Contents/it.xliff") ?? false)
        }
    }

    /// `targetLocale` names the bundle's XLIFF file: a path there would read a file outside the
    /// bundle (`../../elsewhere/fr`), so it must be a locale id, refused at its line and column;
    /// a broken `contents.json` is located too.
    func testTargetLocaleMustBeALocaleIdAndErrorsAreLocated() throws {
        let contents = "{\n  \"developmentRegion\" : \"en\",\n  \"targetLocale\" : \"../../elsewhere/fr\"\n}\n"
        XCTAssertThrowsError(try XclocContents(json: Data(contents.utf8), path: "b.xcloc/contents.json")) { error in
            XCTAssertEqual((error as? XLIFFError)?.location, SourceLocation(file: "b.xcloc/contents.json", line: 3, column: 20))
            XCTAssertTrue((error as? XLIFFError)?.message.contains("targetLocale \"../../elsewhere/fr\" is not a locale id") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try XclocContents(json: Data("{\n  \"targetLocale\" : \n}\n".utf8), path: "c.json")) { error in
            XCTAssertEqual((error as? XLIFFError)?.location?.line, 3, "\(error)")
        }
        let renamed = try makeBundle(named: "returned", xliffName: "de.xliff", xliff: Data(XLIFFReaderTests.minimal.utf8),
                                     contents: Self.contentsJSON.replacingOccurrences(of: "\"de\"", with: "\"../de\""))
        XCTAssertThrowsError(try XclocBundle.read(at: renamed))
    }

    /// Xcode writes one XLIFF per bundle: a second one beside it would be left unread, so the
    /// bundle is refused and names it; a Mac archive's hidden `._de.xliff` is not a translation.
    func testASecondXLIFFInTheBundleIsNamedNotDropped() throws {
        let xliff = Data(XLIFFReaderTests.minimal.utf8)
        let url = try makeBundle(named: "de.xcloc", xliffName: "de.xliff", xliff: xliff, contents: Self.contentsJSON)
        try Data([0, 5, 22, 7]).write(to: url.appendingPathComponent("Localized Contents/._de.xliff"))
        XCTAssertEqual(try XclocBundle.read(at: url).document.files.count, 1)
        try xliff.write(to: url.appendingPathComponent("Localized Contents/de-part2.xliff"))
        XCTAssertThrowsError(try XclocBundle.read(at: url, displayPath: "de.xcloc")) { error in
            XCTAssertEqual((error as? XLIFFError)?.kind, .bundle)
            XCTAssertTrue((error as? XLIFFError)?.message.contains("another XLIFF file besides de.xliff (de-part2.xliff)") ?? false, "\(error)")
        }
    }

    /// Xcode writes one locale id in `contents.json` and in the XLIFF's `target-language`; a
    /// bundle where they differ (a translator renamed the folder, a tool rewrote one) is refused
    /// before anything is read, at the `<file>`'s `target-language`, naming contents.json's line.
    /// Spellings of one locale (`pt_BR`, `PT-br`, `pt-BR`) are the same id once canonicalized.
    func testTargetLocaleAndTargetLanguageMustNameOneLocale() throws {
        let portuguese = XLIFFReaderTests.minimal.replacingOccurrences(of: "target-language=\"de\"", with: "target-language=\"pt-PT\"")
        let contents = Self.contentsJSON.replacingOccurrences(of: "\"de\"", with: "\"pt-BR\"")
        let renamed = try makeBundle(named: "pt-BR.xcloc", xliffName: "pt-BR.xliff", xliff: Data(portuguese.utf8), contents: contents)
        XCTAssertThrowsError(try ImportInput.read(contentsOf: renamed, displayPath: "pt-BR.xcloc")) { error in
            let error = error as? XLIFFError
            XCTAssertEqual(error?.kind, .bundle)
            XCTAssertEqual(error?.location, SourceLocation(file: "pt-BR.xcloc/Localized Contents/pt-BR.xliff", line: 3, column: 3))
            XCTAssertTrue(error?.message.hasPrefix("target-language \"pt-PT\" of <file original=\"App/Localizable.xcstrings\"> is not the bundle's locale: pt-BR.xcloc/contents.json:4:20 names targetLocale \"pt-BR\"") ?? false,
                          "\(String(describing: error))")
        }
        for (declared, named) in [("pt_BR", "pt-BR"), ("pt-BR", "pt_br"), ("PT-br", "pt-BR"), ("zh-Hant-TW", "zh_hant_tw")] {
            let xliff = XLIFFReaderTests.minimal.replacingOccurrences(of: "target-language=\"de\"", with: "target-language=\"\(declared)\"")
            let url = try makeBundle(named: "\(named).xcloc", xliffName: "\(named).xliff", xliff: Data(xliff.utf8),
                                     contents: Self.contentsJSON.replacingOccurrences(of: "\"de\"", with: "\"\(named)\""))
            XCTAssertEqual(try XclocBundle.read(at: url).document.files.first?.targetLanguage, declared)
        }
    }
}
