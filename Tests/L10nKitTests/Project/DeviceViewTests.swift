import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

final class DeviceViewTests: XCTestCase {
    func sample() throws -> Project {
        try ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover()
    }

    /// Findings name a locale that devices of its language reach as itself ("de devices" are all
    /// German ones, not only de-AT's): an app that offers only Japanese is reached by en-US devices
    /// too, yet its findings speak of ja devices. One only other devices reach is named by them.
    func testALocaleIsNamedByDevicesOfItsLanguage() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("App", isDirectory: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ja.lproj"), withIntermediateDirectories: true)
        try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleLocalizations</key><array><string>ja</string></array></dict></plist>"#.utf8)
            .write(to: root.appendingPathComponent("Info.plist"))
        try Data("\"Open\" = \"開く\";\n".utf8).write(to: root.appendingPathComponent("ja.lproj/Localizable.strings"))
        let context = try CheckContext(project: ProjectDiscovery(root: root).discover())
        XCTAssertEqual(context.device(for: "ja"), "ja")
        XCTAssertEqual(try CheckContext(project: sample()).device(for: "de"), "de")
    }

    func testGermanDeviceGetsGermanAppAndSDK() throws {
        let view = try sample().deviceView(preferred: ["de-AT"])
        XCTAssertEqual(view.bundles.map(\.bundle), ["BrandedEditor", "IMGLYCoreUI", "OnboardingKit"])
        XCTAssertEqual(view.app.localizations, ["de", "en"])
        XCTAssertEqual(view.bundles[1].localizations, ["de", "en"])
        XCTAssertEqual(view.bundles[1].kind, .sdk)
    }

    func testFrameworkFollowsTheAppNotTheDevice() throws {
        // OnboardingKit ships ru, but the app does not declare it: the app falls back to English
        // and the framework follows, so a Russian device sees English onboarding.
        let view = try sample().deviceView(preferred: ["ru-RU"])
        XCTAssertEqual(view.app.localizations.first, "en")
        XCTAssertEqual(view.bundles[2].available, ["en", "ru"])
        XCTAssertEqual(view.bundles[2].localizations.first, "en")
    }

    /// An app without CFBundleLocalizations (most String Catalog apps) offers every locale its
    /// catalogs hold, as Xcode compiles each into an .lproj: a German device gets German.
    func testCatalogLocalesAreOfferedWithoutCFBundleLocalizations() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("App")
        try CheckExample.app("no CFBundleLocalizations", localizable: ["Done": ["en": "Done", "de": "Fertig", "fr": "Terminé"]],
                             more: ["App/Info.plist": .text(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleDevelopmentRegion</key><string>en</string></dict></plist>"#)])
            .write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertNil(project.app.declaredLocalizations)
        XCTAssertEqual(project.app.availableLocalizations, ["de", "en", "fr"])
        XCTAssertEqual(project.deviceView(preferred: ["de-AT"]).app.localizations.first, "de")
        XCTAssertEqual(project.deviceView(preferred: ["fr-CA"]).app.localizations.first, "fr")
        XCTAssertEqual(XLIFFExporter(project: project).defaultLocales, ["de", "fr"])
    }

    func testFullLocalizationLocaleLeavesTheSDKInEnglish() throws {
        let view = try sample().deviceView(preferred: ["fr-CA", "en"])
        XCTAssertEqual(view.app.localizations.first, "fr")
        XCTAssertEqual(view.bundles[1].localizations.first, "en")
    }

    func testMatchCommandWithProject() throws {
        let run = CLIRun(["match", "--project", "Samples/BrandedEditor", "--preferred", "de-AT"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, """
        device de-AT
          BrandedEditor (app): de, then en
          IMGLYCoreUI (sdk): de, then en
          OnboardingKit (framework): en

        """)
        let json = CLIRun(["match", "--project", "Samples/BrandedEditor", "--preferred", "ja", "--json"])
        XCTAssertEqual(json.stdout, #"[{"preferred":["ja"],"bundles":[{"bundle":"BrandedEditor","kind":"app","available":["en","de","fr","ja"],"localizations":["ja","en"]},{"bundle":"IMGLYCoreUI","kind":"sdk","available":["de","en"],"localizations":["en"]},{"bundle":"OnboardingKit","kind":"framework","available":["en","ru"],"localizations":["en"]}]}]"# + "\n")
        let bad = CLIRun(["match", "--project", "Samples/BrandedEditor", "--available", "en"])
        XCTAssertEqual(bad.status, 2)
        let missing = CLIRun(["match", "--project", "Samples/NoSuchProject", "--preferred", "de"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("does not exist"), missing.stderr)
    }
}
