@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import Foundation
import XCTest
@testable import L10nTestSupport

/// The report rewritten for speed (issue 11: locale-independent work once per key, renderings
/// that escape only what needs it) against the job and renderings it replaced
/// (`ReferenceReportJob`, `CoverageReport.referenceRender`): the same text in every format, on
/// generated projects, the sample app, the variations project and real catalogs.
final class ReportEquivalenceTests: XCTestCase {
    @discardableResult
    private func assertSameReports(_ root: URL, thresholds: CoverageThresholds? = nil, locales: [String] = [],
                                   file: StaticString = #filePath, line: UInt = #line) throws -> CoverageReport {
        let project = try ProjectDiscovery(root: root).discover()
        var options = CheckOptions()
        options.locales = locales
        let new = try ReportJob(checkOptions: options, thresholds: thresholds).run(on: project)
        let old = try ReferenceReportJob(checkOptions: options, thresholds: thresholds).run(on: project)
        for format in ReportFormat.allCases {
            for prefix in ["", "../"] {
                // Bytes, not `String`'s `==`, which takes canonically equivalent texts as equal.
                let newText = Array(new.render(format, pathPrefix: prefix, color: format == .text).utf8)
                XCTAssertEqual(newText, Array(old.referenceRender(format, pathPrefix: prefix, color: format == .text).utf8), "\(format) \(prefix)",
                               file: file, line: line)
                XCTAssertEqual(newText, Array(new.referenceRender(format, pathPrefix: prefix, color: format == .text).utf8),
                               "\(format) \(prefix): the new rendering of the new report", file: file, line: line)
            }
        }
        XCTAssertEqual(new.render(.text, color: false), old.referenceRender(.text, color: false), file: file, line: line)
        XCTAssertEqual(new.pseudoWidth == nil, old.pseudoWidth == nil, file: file, line: line)
        // Compared with a previous report that had fewer findings and no custom labels.
        var previous = old
        previous.findings.findings = Array(old.findings.findings.prefix(old.findings.findings.count / 2))
        previous.customLabels = []
        let previousData = Data(previous.referenceRender(.json).utf8)
        var compared = new
        compared.comparison = try ReportComparison.compare(new, previous: previousData, file: "previous.json", pathPrefix: "")
        for format in ReportFormat.allCases {
            XCTAssertEqual(compared.render(format), compared.referenceRender(format), "\(format) with a comparison", file: file, line: line)
        }
        // The findings JSON the report streams is the document `FindingsReport.jsonValue` describes.
        var stream = JSONStream()
        FindingsReport(result: new.findings, pathPrefix: "../").write(to: &stream)
        let tree = JSONWriter(keyOrder: .asGiven).data(for: FindingsReport(result: new.findings, pathPrefix: "../").jsonValue)
        XCTAssertEqual(stream.text, String(decoding: tree, as: UTF8.self), file: file, line: line)
        return new
    }

    /// Texts a renderer must escape: table bars, newlines, markup, quotes, a control character
    /// XML cannot carry, a combining mark after a bar; a plural entry and a state to review.
    func testTextsThatNeedEscapingReportAsBefore() throws {
        let catalog = #"""
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
          "a|b" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "x|y\nz" } } } },
          "line\nbreak" : { "comment" : "<b>&amp;</b> \"quoted\"", "localizations" : {
            "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Zeile\nUmbruch <&>" } } } },
          "bar|\u0301" : { "localizations" : { "de" : { "stringUnit" : { "state" : "new", "value" : "\u0001|\u0301" } } } },
          "%lld items" : { "localizations" : {
            "de" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Ding" } } } } },
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } } } } } } }
        } }
        """#
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>CFBundleDevelopmentRegion</key><string>en</string>
        <key>CFBundleLocalizations</key><array><string>en</string><string>de</string><string>fr</string></array></dict></plist>
        """
        try assertSameReports(try ExchangeFixtures.project(self, files: [
            "App/Localizable.xcstrings": Data(catalog.utf8), "App/Info.plist": Data(plist.utf8),
        ]))
    }

    /// A package's and a widget's catalogs count in the languages they show.
    func testOtherBundlesCatalogsReportAsBefore() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Bundles", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": .infoPlist(declared: ["en", "de", "fr"]),
            "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "de": "Hallo", "fr": "Bonjour"]]),
            "Packages/Feature/Package.swift": .text("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Feature\")\n"),
            "Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings": .catalog(["Sign in": ["en": "Sign in", "fr": "Se connecter"]]),
            "Widget/Info.plist": .text(UndeclaredLocaleCheck.widgetPlist),
            "Widget/Localizable.xcstrings": .catalog(["Now": ["en": "Now", "de-AT": "Jetzt"], "Later": ["en": "Later"]]),
        ]).write(to: root)
        let report = try assertSameReports(root)
        XCTAssertEqual(report.appLocales.first { $0.locale == "de" }?.tables.map(\.table) ?? report.fullLocalization.first { $0.locale == "de" }?.tables.map(\.table),
                       ["App/Localizable", "Feature/Localizable", "Widget/Localizable"])
    }

    func testGeneratedProjectsReportAsBefore() throws {
        for (size, seed) in [(ProjectGenerator.Size.small, UInt64(1)), (ProjectGenerator.Size(sdkKeys: 900, locales: 9, tables: 3), 7)] {
            let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Generated-\(seed)")
            _ = try ProjectGenerator(size: size, seed: seed).write(to: root)
            let report = try assertSameReports(root)
            XCTAssertFalse(report.pseudoWidth?.findings.isEmpty ?? true, "the pseudo-locale part is compared too")
            try assertSameReports(root, thresholds: CoverageThresholds(byLocale: ["de": 10], fallback: 50), locales: ["de", "fr"])
        }
    }

    func testSampleAppReportsAsBefore() throws {
        try assertSameReports(Fixtures.sample("BrandedEditor"))
        try assertSameReports(Fixtures.sample("BrandedEditor"), thresholds: CoverageThresholds(fallback: 0))
    }

    func testVariationsAndLegacyProjectReportsAsBefore() throws {
        try assertSameReports(try ExchangeFixtures.importProject(self))
    }

    /// The real catalogs of ../shared in one project, the SDK catalog as the vendor's layer.
    func testRealCatalogsReportAsBefore() throws {
        var files: [String: Data] = [:]
        for url in try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings") {
            files["App/" + url.lastPathComponent] = try Data(contentsOf: url)
        }
        files["Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings"] = try Data(contentsOf: Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        try assertSameReports(try ExchangeFixtures.project(self, files: files))
        try assertSameReports(try ExchangeFixtures.project(self, files: [
            "App/Localizable.xcstrings": try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings")),
        ]))
    }

    /// JUnit written into bytes with escaping in place, piece by piece, against the string it
    /// replaced: random findings of every severity (notes go to `<system-out>`), texts with
    /// quotes, markup, line breaks and characters XML cannot carry, several files and checks.
    func testJUnitWrittenInPlaceEqualsTheInterpolatedString() {
        let texts = ["plain", "a \"quoted\" <b>&</b>", "line\nbreak\ttab\rcr", "é 日本 😀", "\u{1}control", "\u{FFFE}nonchar",
                     "ﾠ\u{EF}", "'50%'", "", "\u{FFFF}\u{FEFF}\u{0}", "cr\r", "\nlf", "e\u{301}"]
        var random = SeededRandom(seed: 40)
        for round in 0..<300 {
            var findings: [Finding] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let severity = [Severity.error, .warning, .note].randomElement(using: &random)!
                var finding = Finding(check: ["width", "needs-review", "x&y"].randomElement(using: &random)!, severity: severity,
                                      file: [nil, "A.xcstrings", "B <1>.strings", "(project)"].randomElement(using: &random)!,
                                      message: texts.randomElement(using: &random)! + texts.randomElement(using: &random)!,
                                      hint: [nil, texts.randomElement(using: &random)!].randomElement(using: &random)!)
                if Bool.random(using: &random) { finding.line = Int.random(in: 1...99, using: &random); finding.column = [nil, 3].randomElement(using: &random)! }
                findings.append(finding)
            }
            let result = CheckResult(findings: findings, baselined: 0, checks: ["width", "needs-review", "unused", "x&y"], strict: false)
            var report = FindingsReport(result: result, pathPrefix: round % 2 == 0 ? "" : "../")
            if round % 3 == 0 { report.extraSuite = ("  <testsuite name=\"extra\"/>\n", 1, 1) }
            // Bytes, not `String`'s `==`, which takes canonically equivalent texts as equal.
            XCTAssertEqual(Array(report.junit.utf8), Array(report.referenceJunit.utf8), "round \(round)")
        }
    }
}
