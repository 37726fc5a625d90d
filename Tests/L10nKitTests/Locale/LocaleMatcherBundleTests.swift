import XCTest
import L10nKit

/// `BundleLocalizations`: CoreFoundation's available list, the development-region fallback, and
/// framework bundles (the SDK) following the app.
final class LocaleMatcherBundleTests: XCTestCase {
    // MARK: Available localizations

    func testDeclaredThenFolders() {
        let bundle = BundleLocalizations(declared: ["en", "", "de"], lprojFolders: ["fr", "en"])
        XCTAssertEqual(bundle.available, ["en", "de", "fr", "en"])
    }

    func testDevelopmentRegionJoinsOnlyWithBaseAndWhenNotThereInAnyForm() {
        XCTAssertEqual(BundleLocalizations(lprojFolders: ["Base", "fr"], developmentRegion: "en").available, ["Base", "fr", "en"])
        XCTAssertEqual(BundleLocalizations(lprojFolders: ["fr"], hasBaseFolder: true, developmentRegion: "en").available, ["fr", "Base", "en"])
        XCTAssertEqual(BundleLocalizations(lprojFolders: ["fr"], developmentRegion: "en").available, ["fr"])
        XCTAssertEqual(BundleLocalizations(lprojFolders: ["Base", "English"], developmentRegion: "en").available, ["Base", "English"])
        XCTAssertEqual(BundleLocalizations(lprojFolders: ["Base", "en-US"], developmentRegion: "en_US").available, ["Base", "en-US"])
        XCTAssertEqual(BundleLocalizations(lprojFolders: ["Base", "zh-Hant-TW"], developmentRegion: "zh_TW").available, ["Base", "zh-Hant-TW"])
        XCTAssertEqual(BundleLocalizations(lprojFolders: ["Base", "en-GB"], developmentRegion: "en").available, ["Base", "en-GB", "en"])
        XCTAssertTrue(BundleLocalizations(lprojFolders: ["Base"]).hasBaseFolder)
    }

    func testWithoutDeclarationsOrFoldersOnlyTheDevelopmentRegion() {
        XCTAssertEqual(BundleLocalizations(developmentRegion: "en").available, ["en"])
        XCTAssertEqual(BundleLocalizations(developmentRegion: "").available, [])
        XCTAssertEqual(BundleLocalizations(declared: [], developmentRegion: "en").available, [], "an empty declared array is still a list")
    }

    // MARK: The app

    func testAppResolvesTheMatchThenTheDevelopmentRegion() {
        let app = BundleLocalizations(declared: ["en", "fr"], developmentRegion: "en")
        XCTAssertEqual(app.localizations(forPreferredLanguages: ["fr-CA", "en"]), ["fr", "en"])
        XCTAssertEqual(app.localizations(forPreferredLanguages: ["en-GB"]), ["en"])
        XCTAssertEqual(app.localizations(forPreferredLanguages: ["de-DE"]), ["en"], "nothing matches: the development region")
        XCTAssertEqual(app.localizations(forPreferredLanguages: []), ["en"])
    }

    func testFallbackWithoutDevelopmentRegion() {
        XCTAssertEqual(BundleLocalizations(declared: ["fr", "en"]).localizations(forPreferredLanguages: ["ja"]), ["en"], "en_US stands in")
        XCTAssertEqual(BundleLocalizations(declared: ["de", "fr"]).localizations(forPreferredLanguages: ["ja"]), ["de"], "then the first")
        XCTAssertEqual(BundleLocalizations(declared: ["de", "English"]).localizations(forPreferredLanguages: ["de"]), ["de", "English"])
        XCTAssertEqual(BundleLocalizations().localizations(forPreferredLanguages: ["de"]), ["en"])
    }

    func testDevelopmentRegionNotAvailableIsStillAppended() {
        let app = BundleLocalizations(declared: ["de", "fr"], developmentRegion: "en")
        XCTAssertEqual(app.localizations(forPreferredLanguages: ["ja"]), ["de", "en"])
    }

    func testIdentifiersCoreFoundationCannotPassToICUPreventTheMatch() {
        let app = BundleLocalizations(declared: ["de", "fr", "Français"], developmentRegion: "en")
        XCTAssertEqual(app.localizations(forPreferredLanguages: ["fr"]), ["en"])
    }

    // MARK: Frameworks

    private let sdk = BundleLocalizations(lprojFolders: ["en", "de", "fr", "ja"], developmentRegion: "en")

    func testSDKFollowsAnAppThatDoesNotDeclareGerman() {
        let app = BundleLocalizations(declared: ["en", "fr"], developmentRegion: "en")
        XCTAssertEqual(app.localizations(forPreferredLanguages: ["de-DE"]), ["en"])
        XCTAssertEqual(sdk.localizations(forPreferredLanguages: ["de-DE"], inApp: app), ["en"])
        XCTAssertEqual(sdk.localizations(forPreferredLanguages: ["de-DE"]), ["de", "en"], "the SDK alone would show German")
    }

    func testSDKShowsGermanWhenTheAppDeclaresIt() {
        let app = BundleLocalizations(declared: ["en", "de"], developmentRegion: "en")
        XCTAssertEqual(sdk.localizations(forPreferredLanguages: ["de-AT", "en"], inApp: app), ["de", "en"])
    }

    func testMixedLocalizationsLetTheSDKUseTheDeviceLanguages() {
        let app = BundleLocalizations(declared: ["en", "fr"], developmentRegion: "en", allowsMixedLocalizations: true)
        XCTAssertEqual(sdk.localizations(forPreferredLanguages: ["de-DE"], inApp: app), ["de", "en"])
    }

    func testSDKFallsBackToTheDeviceWhenItHasNoneOfTheAppsLanguages() {
        let app = BundleLocalizations(declared: ["it"], developmentRegion: "it")
        let sdk = BundleLocalizations(lprojFolders: ["en", "de"], developmentRegion: "en")
        XCTAssertEqual(app.localizations(forPreferredLanguages: ["it", "de"]), ["it"])
        XCTAssertEqual(sdk.localizations(forPreferredLanguages: ["it", "de"], inApp: app), ["de", "en"])
    }

    func testTheSDKsRegionalFallbacksFollowTheAppsChoice() {
        let app = BundleLocalizations(declared: ["en", "en-GB"], developmentRegion: "en")
        let sdk = BundleLocalizations(lprojFolders: ["en", "en-AU", "en-GB"], developmentRegion: "en")
        XCTAssertEqual(app.localizations(forPreferredLanguages: ["en-AU"]), ["en-GB", "en"])
        XCTAssertEqual(sdk.localizations(forPreferredLanguages: ["en-AU"], inApp: app), ["en-GB", "en"])
    }
}
