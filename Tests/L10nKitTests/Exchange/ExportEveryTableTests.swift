import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// Every table of the app goes out and is checked, not only the editor's chain; only a catalog
/// the chain never reads that holds SDK keys (`MyBrand.xcstrings`) is ignored.
final class ExportEveryTableTests: XCTestCase {
    func testInfoPlistCatalogIsExportedAndCheckedMyBrandIsNot() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let infoPlist = ExampleFile.catalog([
            "NSPhotoLibraryUsageDescription": ["en": "Brand Studio places your photos in designs.", "de": "Brand Studio setzt deine Fotos in Designs ein."],
            "CFBundleDisplayName": ["en": "Brand Studio", "de": "Brand Studio", "fr": "Brand Studio", "ja": "ブランドスタジオ"],
        ])
        try infoPlist.data.write(to: root.appendingPathComponent("BrandedEditor/InfoPlist.xcstrings"))
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.ignoredCatalogs.map(\.path), ["BrandedEditor/MyBrand.xcstrings"])

        let export = XLIFFExporter(project: project).export(locale: "fr", scope: .missing)
        let files = export.document.files.map(\.original)
        XCTAssertTrue(files.contains("BrandedEditor/InfoPlist.xcstrings"), "\(files)")
        XCTAssertFalse(files.contains("BrandedEditor/MyBrand.xcstrings"), "\(files)")
        let units = export.document.files.first { $0.original == "BrandedEditor/InfoPlist.xcstrings" }?.units.map(\.id)
        XCTAssertEqual(units, ["NSPhotoLibraryUsageDescription"], "the display name has its French")

        let findings = try CheckJob(options: CheckOptions(only: ["missing-translation", "ignored-catalog"])).run(on: project).findings
        XCTAssertTrue(findings.contains { $0.check == "missing-translation" && $0.file == "BrandedEditor/InfoPlist.xcstrings" && $0.locale == "fr" },
                      findings.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(findings.filter { $0.check == "ignored-catalog" }.map(\.file), ["BrandedEditor/MyBrand.xcstrings"])

        // A translator's French comes back into the InfoPlist catalog.
        var document = XLIFFDocument()
        var file = try XCTUnwrap(export.document.files.first { $0.original == "BrandedEditor/InfoPlist.xcstrings" })
        file.units[0].target = "Brand Studio place vos photos dans les designs."
        file.units[0].targetState = .translated
        document.files = [file]
        let plan = try XLIFFImporter(project: project).plan([ImportInput(path: "fr.xliff", document: document)])
        XCTAssertEqual(plan.totals.applied, 1)
        try plan.write()
        let written = try StringCatalogReader.read(contentsOf: root.appendingPathComponent("BrandedEditor/InfoPlist.xcstrings"))
        XCTAssertEqual(written.entries["NSPhotoLibraryUsageDescription"]?.localizations?["fr"]?.stringUnit?.value,
                       "Brand Studio place vos photos dans les designs.")
    }
}
