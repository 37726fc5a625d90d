@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import Foundation
import XCTest
@testable import L10nTestSupport

/// The export rewritten for speed (issue 11: locale-independent work once per project, units
/// ordered as indices, the XLIFF written as bytes) against the exporter, unit order and writer it
/// replaced (`ReferenceXLIFFExporter`, `ReferenceUnitOrder`, `ReferenceXLIFFWriter`): the same
/// bytes for every locale and scope, on generated projects, the sample app and real catalogs.
final class ExportEquivalenceTests: XCTestCase {
    /// Every locale the project has text for or declares, the source language included, plus one
    /// ICU does not know (its plural categories come from the catalog).
    private func locales(_ project: Project, _ exporter: XLIFFExporter) -> [String] {
        var locales = Set(exporter.defaultLocales)
        for file in project.catalogs { locales.formUnion(file.catalog.locales) }
        locales.insert(project.sourceLanguage)
        locales.insert("x-unknown-locale")
        return locales.sorted()
    }

    private func assertSameExports(_ root: URL, checkSources: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws {
        let project = try ProjectDiscovery(root: root).discover()
        let exporter = XLIFFExporter(project: project)
        let reference = ReferenceXLIFFExporter(project: project)
        let tool = ExchangeFixtures.tool
        var compared = 0
        for locale in locales(project, exporter) {
            for scope in ExportScope.allCases {
                let new = exporter.export(locale: locale, scope: scope)
                let old = reference.export(locale: locale, scope: scope)
                let newBytes = try XLIFFWriter(tool: tool).data(new.document)
                let oldBytes = Data(try ReferenceXLIFFWriter(tool: tool).string(old.document).utf8)
                XCTAssertEqual(new.document, old.document, "\(locale) \(scope)", file: file, line: line)
                XCTAssertTrue(newBytes == oldBytes, "\(locale) \(scope): XLIFF bytes differ", file: file, line: line)
                if checkSources {
                    XCTAssertEqual(new.sourceContents.map(\.path), old.sourceContents.map(\.path), "\(locale) \(scope)", file: file, line: line)
                    XCTAssertTrue(new.sourceContents.map(\.data) == old.sourceContents.map(\.data), "\(locale) \(scope): source contents differ",
                                  file: file, line: line)
                }
                compared += new.unitCount
            }
        }
        XCTAssertGreaterThan(compared, 0, file: file, line: line)
    }

    /// The SDK keys of a legacy `IMGLYEditor.strings` editor table, with and without its development-language file.
    func testALegacyEditorTableExportsAsTheReference() throws {
        for english in [true, false] {
            var files: [String: Data] = [
                "App/Info.plist": ExampleFile.infoPlist(declared: ["en", "de", "fr"]).data,
                "App/en.lproj/Localizable.strings": Data("\"own\" = \"Own\";\n".utf8),
                "App/de.lproj/IMGLYEditor.strings": Data("\"ly_img_editor_undo\" = \"Zurücknehmen\";\n".utf8),
                "App/fr.lproj/IMGLYEditor.strings": Data("\"ly_img_editor_cut\" = \"Couper\";\n".utf8),
                "Vendor/IMGLYEditor/IMGLYEditor.xcstrings": Data(LegacyEditorTableExchangeTests.sdkCatalog.utf8),
            ]
            if english { files["App/en.lproj/IMGLYEditor.strings"] = Data(LegacyEditorTableExchangeTests.english.utf8) }
            let root = try ExchangeFixtures.project(self, files: files)
            try assertSameExports(root)
            try FileManager.default.removeItem(at: root)
        }
    }

    func testGeneratedProjectsExportAsBefore() throws {
        for (size, seed) in [(ProjectGenerator.Size.small, UInt64(1)), (ProjectGenerator.Size(sdkKeys: 900, locales: 9, tables: 3), 7)] {
            let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Generated-\(seed)")
            _ = try ProjectGenerator(size: size, seed: seed).write(to: root)
            try assertSameExports(root, checkSources: seed == 1)
        }
    }

    func testSampleAppExportsAsBefore() throws {
        try assertSameExports(try ExchangeFixtures.sampleCopy(self))
    }

    func testVariationsAndLegacyProjectExportsAsBefore() throws {
        try assertSameExports(try ExchangeFixtures.importProject(self))
    }

    /// The real catalogs of ../shared placed in one project; the SDK catalog as the vendor's,
    /// so its keys are exported under the app's editor catalog.
    func testRealCatalogsExportAsBefore() throws {
        var files: [String: Data] = [:]
        for url in try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings") {
            files["App/" + url.lastPathComponent] = try Data(contentsOf: url)
        }
        files["Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings"] = try Data(contentsOf: Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        try assertSameExports(try ExchangeFixtures.project(self, files: files))
    }

    func testUnitOrderAsBefore() throws {
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "B", "0", "00", "7", "09", "10", "9", " ", "_", "|==|", ".", "plural.one", "é", "日本", "🇩🇪", "\u{FFFF}", "z", "%@", "1$"]
        var ids: [String] = []
        for _ in 0..<3_000 {
            ids.append((0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        for (a, b) in zip(ids, ids.shuffled()) {
            XCTAssertEqual(XLIFFOrder.catalogUnitOrder(a, b), ReferenceUnitOrder.catalogUnitOrder(a, b), "\(a) vs \(b)")
        }
        let sorted = XLIFFOrder.unitOrder(ids: ids).map { ids[$0] }
        XCTAssertEqual(sorted, ids.sorted { ReferenceUnitOrder.catalogUnitOrder($0, $1) < 0 })
    }

    /// `FormatString.exported` skips parsing only where the text is its own positional form.
    func testExportedFormIsPositionalized() throws {
        var texts = ["", "%", "%%", "50% off", "%@", "%@ %@", "%1$@ %2$@", "%*d", "%.*f", "%arg", "%#@n@", "%lld files", "100%% %@",
                     "%d%%", "%%d", "a % b", "%ld of %ld", "%-5s", "%2$@",
                     "%2$@ von %1$@", "%1$@ %@", "%@ %1$@", "%1$ and %@ %@", "%1$lld of %2$lld", "%2$lu %1$llx %3$c", "%1$ld %@",
                     "%0$@ %@", "%1$q %@", "%1$lf %@", "%1$s %2$s", "%10$@ %1$@", "%1$@ %#@n@", "%1$@ %arg", "%1$* %@", "%1$@%", "%1$",
                     "%@ of %lld", "%d%%%d", "%lu %llx %c %s", "%@%@", "%@ %ll", "%lld %lld%", "%@ %l@ %@", "%lf %@", "%D %@",
                     "%@ %ld %lli %llu %x %i %u %f", "%lllld %@", "%@ % d", "%@ %5d", "%@ %-d", "%@ %.2f", "%@ %#@n@", "%@ %arg",
                     "%1$@ %@", "%@ %1$@", "日本 %@ – %d 🇩🇪", "%@\n%@", "%@ %%@ %@", "%@ %q", "%@ %ls", "%@ %lc", "%@ %hd", "%@ %zd", "%@ %qd",
                     "%@ %lx%llx%lu", "%@ %", "% %@ %@", "%@ %@ %@ %@ %@ %@ %@ %@ %@ %@ %@"]
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Generated")
        _ = try ProjectGenerator(size: .small, seed: 3).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        for file in project.catalogs {
            for entry in file.catalog.entries.values {
                for localization in (entry.localizations ?? [:]).values { texts += localization.stringUnits.map(\.unit.value) }
            }
        }
        let substitution = SubstitutionArgument(number: 2, formatSpecifier: "lld")
        for text in texts {
            XCTAssertEqual(FormatString.exported(text, substitution: nil), FormatString.positionalized(text), text)
            XCTAssertEqual(FormatString.exported(text, substitution: substitution), FormatString.positionalized(text, substitution: substitution), text)
        }
    }

    /// An exported unit carries its id, source and note escaped once per exporter
    /// (`XLIFFUnitTexts`); the writer must notice when a unit no longer holds those texts (a
    /// caller changed them after the export) and escape the unit's own texts instead.
    func testChangedUnitsAreNotWrittenFromTheirEscapedTexts() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Generated")
        _ = try ProjectGenerator(size: .small, seed: 5).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        let exporter = XLIFFExporter(project: project)
        let tool = ExchangeFixtures.tool
        for locale in exporter.defaultLocales.prefix(3) {
            var document = exporter.export(locale: locale, scope: .all).document
            XCTAssertTrue(document.files.contains { $0.units.contains { $0.escaped.texts != nil } }, locale)
            var changed = 0
            for f in document.files.indices {
                for u in document.files[f].units.indices {
                    switch (f + u) % 7 {
                    case 0: document.files[f].units[u].id += "<&\"x\">"
                    case 1: document.files[f].units[u].source = "S & <\(u)>"
                    case 2: document.files[f].units[u].note = nil
                    case 3: document.files[f].units[u].note = "a\r\nnote & \"\(u)\""
                    case 4: document.files[f].units[u].source = ""
                    default: continue
                    }
                    changed += 1
                }
            }
            XCTAssertGreaterThan(changed, 0)
            let new = try XLIFFWriter(tool: tool).data(document)
            let old = Data(try ReferenceXLIFFWriter(tool: tool).string(document).utf8)
            XCTAssertTrue(new == old, "\(locale): XLIFF bytes differ")
            // A control character put into a unit's source after the export is still refused.
            let f = try XCTUnwrap(document.files.firstIndex { !$0.units.isEmpty })
            document.files[f].units[0].source = "bad\u{0001}"
            XCTAssertThrowsError(try XLIFFWriter(tool: tool).data(document))
        }
    }

    /// The byte writer refuses what the string writer refused, with the same message.
    func testUnrepresentableCharactersAreStillRefused() throws {
        for bad in ["a\u{0001}b", "x\u{FFFE}", "\u{FFFF}", "ok"] {
            let document = XLIFFDocument(files: [XLIFFFile(original: "App/L.xcstrings", sourceLanguage: "en", targetLanguage: "de",
                                                           units: [TransUnit(id: "k", source: "s", target: bad, targetState: .translated, note: "n\u{FF01}")])])
            let new = Result { try XLIFFWriter(tool: ExchangeFixtures.tool).string(document) }
            let old = Result { try ReferenceXLIFFWriter(tool: ExchangeFixtures.tool).string(document) }
            switch (new, old) {
            case (.success(let a), .success(let b)): XCTAssertEqual(a, b)
            case (.failure(let a), .failure(let b)): XCTAssertEqual("\(a)", "\(b)")
            default: XCTFail("\(bad.unicodeScalars.map(\.value)): \(new) vs \(old)")
            }
        }
    }
}
