import Foundation
import L10nKit
import XCTest
@testable import L10nProject
@testable import L10nExchange

/// The catalogs of the app's other bundles (a Swift package's, a framework's, a widget's) count
/// in the report's coverage where `missing-translation` finds their gaps: a package without the
/// app's German used to leave German at 100% and the release passing, while German devices read
/// the package's English.
final class OtherBundleCoverageTests: XCTestCase {
    private func project(_ files: [String: ExampleFile], declared: [String] = ["en", "de", "fr"]) throws -> Project {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Bundles", isDirectory: true)
        var all = files
        all["App/Info.plist"] = .infoPlist(declared: declared)
        try CheckExample("", files: all).write(to: root)
        return try ProjectDiscovery(root: root).discover()
    }

    private func coverage(_ report: CoverageReport, _ locale: String) throws -> CoverageReport.LocaleCoverage {
        try XCTUnwrap((report.fullLocalization + report.appLocales).first { $0.locale == locale }, "no coverage row for \(locale)")
    }

    func testAPackageWithoutTheAppsLanguagesFailsTheRelease() throws {
        let model = try project([
            "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "de": "Hallo", "fr": "Bonjour"]]),
            "Packages/Feature/Package.swift": .text("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Feature\")\n"),
            "Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings":
                .catalog(["Welcome back": ["en": "Welcome back"], "Sign in": ["en": "Sign in", "fr": "Se connecter"], "": [:]]),
        ])
        let report = try ReportJob().run(on: model)
        let german = try coverage(report, "de")
        XCTAssertEqual(german.tables.map(\.table), ["App/Localizable", "Feature/Localizable"])
        XCTAssertEqual(german.tables.map(\.file), ["App/Localizable.xcstrings", "Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings"])
        XCTAssertEqual(german.tables.map(\.reachable), [1, 2], "the empty key shows nothing and is not counted")
        XCTAssertEqual(german.tables.last?.missingKeys, ["Sign in", "Welcome back"])
        XCTAssertFalse(german.passes)
        let french = try coverage(report, "fr")
        XCTAssertEqual(french.tables.last?.missingKeys, ["Welcome back"], "French is the package's: one key lacks it")
        XCTAssertEqual(french.finished, 2)
        XCTAssertFalse(report.passes)
        XCTAssertTrue(report.verdictReasons.contains { $0.hasPrefix("de coverage 33.3%") }, "\(report.verdictReasons)")

        // The findings name the same keys the coverage counts missing.
        let findings = try CheckJob(options: CheckOptions(only: [MissingTranslationCheck.id])).run(on: model).findings
        XCTAssertEqual(findings.filter { $0.file == german.tables.last?.file }.map(\.keys), [["Sign in", "Welcome back"], ["Welcome back"]])
    }

    func testATranslatedPackagePasses() throws {
        let model = try project([
            "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "de": "Hallo"]]),
            "Packages/Feature/Package.swift": .text("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Feature\")\n"),
            "Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings": .catalog(["Sign in": ["en": "Sign in", "de": "Anmelden"]]),
        ], declared: ["en", "de"])
        let report = try ReportJob().run(on: model)
        XCTAssertEqual(try coverage(report, "de").tables.map(\.finished), [1, 1])
        XCTAssertTrue(report.passes, "\(report.verdictReasons)")
    }

    /// A framework's legacy table counts its development language's keys: a German file with
    /// one of three used to count 100% (1/1), and no finding named the two German devices see raw.
    func testAFrameworksPartialTableCountsWhatItLacks() throws {
        let model = try project([
            "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "de": "Hallo"]]),
            "Packages/Feature/Package.swift": .text("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Feature\")\n"),
            "Packages/Feature/Sources/Feature/Resources/en.lproj/Localizable.strings":
                .text("\"Settings\" = \"Settings\";\n\"Sign out\" = \"Sign out\";\n\"Delete\" = \"Delete\";\n"),
            "Packages/Feature/Sources/Feature/Resources/de.lproj/Localizable.strings": .text("\"Settings\" = \"Einstellungen\";\n"),
        ], declared: ["en", "de"])
        let german = try coverage(try ReportJob().run(on: model), "de")
        XCTAssertEqual(german.tables.map(\.table), ["App/Localizable", "Feature/Localizable"])
        XCTAssertEqual(german.tables.last?.reachable, 3)
        XCTAssertEqual(german.tables.last?.missingKeys, ["Sign out", "Delete"])
        let findings = try CheckJob(options: CheckOptions(only: [MissingTranslationCheck.id])).run(on: model).findings
        XCTAssertEqual(findings.map(\.message), [
            "2 keys of Feature/Localizable have no 'de': de devices see the raw keys (\"Sign out\", \"Delete\")",
        ])
        XCTAssertEqual(findings.map(\.file), ["Packages/Feature/Sources/Feature/Resources/de.lproj/Localizable.strings"])
    }

    /// A widget's `InfoPlist.strings` without a key shows the Info.plist's value, never the raw key.
    func testAnExtensionsInfoPlistTableShowsThePlistsValue() throws {
        let model = try project([
            "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "de": "Hallo"]]),
            "Widget/Info.plist": .text(UndeclaredLocaleCheck.widgetPlist),
            "Widget/en.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"Sun\";\n\"NSLocationWhenInUseUsageDescription\" = \"Where\";\n"),
            "Widget/de.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"Sonne\";\n"),
        ], declared: ["en", "de"])
        let findings = try CheckJob(options: CheckOptions(only: [MissingTranslationCheck.id])).run(on: model).findings
        XCTAssertEqual(findings.map(\.message), [
            "1 key of Widget/InfoPlist has no 'de': de devices see them in 'en' (\"NSLocationWhenInUseUsageDescription\")",
        ])
    }

    /// A widget chooses its own language: its German variant serves German devices, a key
    /// without it is a gap; one only to review counts as such.
    func testAWidgetsCatalogCountsInTheLanguageItShows() throws {
        let model = try project([
            "App/Localizable.xcstrings": .catalog(["x": ["en": "x", "de": "x"]]),
            "Widget/Info.plist": .text(UndeclaredLocaleCheck.widgetPlist),
            "Widget/Localizable.xcstrings": .catalog(["Now": ["en": "Now", "de-AT": "Jetzt"], "Later": ["en": "Later"]]),
        ], declared: ["en", "de"])
        let report = try ReportJob().run(on: model)
        let german = try coverage(report, "de")
        XCTAssertEqual(german.tables.map(\.table), ["App/Localizable", "Widget/Localizable"])
        XCTAssertEqual(german.tables.last?.missingKeys, ["Later"])
        XCTAssertEqual(german.tables.last?.finished, 1)
        XCTAssertFalse(report.passes)
    }
}
