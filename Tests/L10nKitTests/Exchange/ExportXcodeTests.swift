import Foundation
import L10nKit
import XCTest

/// Export against Xcode's own export of the same catalogs (../shared/fixtures).
final class ExportXcodeTests: XCTestCase {
    /// KeepingYouAwake's two catalogs placed where the project has them, exported for `de` with
    /// scope `all`, give Xcode 16.4's `<file>` elements byte for byte, header aside.
    func testKeepingYouAwakeFileElementsMatchXcode() throws {
        let localizable = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.Localizable.xcstrings"))
        let settings = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.KYASettings.xcstrings"))
        let xcode = String(decoding: try Data(contentsOf: Fixtures.shared("fixtures/xliff/KeepingYouAwake.de.xliff")), as: UTF8.self)
        let root = try ExchangeFixtures.project(self, files: [
            "KeepingYouAwake/Localizable.xcstrings": localizable,
            "KeepingYouAwake/Settings/KYASettings.xcstrings": settings,
        ])
        let project = try ProjectDiscovery(root: root).discover()
        let export = XLIFFExporter(project: project).export(locale: "de", scope: .all)
        let written = try XLIFFWriter(tool: ExchangeFixtures.tool).string(export.document)
        let ours = ExchangeFixtures.fileElements(written), theirs = ExchangeFixtures.fileElements(xcode)
        XCTAssertEqual(Array(ours.keys).sorted(), ["KeepingYouAwake/Localizable.xcstrings", "KeepingYouAwake/Settings/KYASettings.xcstrings"])
        for path in ours.keys.sorted() {
            let mine = try XCTUnwrap(ours[path]), xcodes = try XCTUnwrap(theirs[path])
            XCTAssertEqual(mine, xcodes, path)
            if mine != xcodes {
                let diff = ExchangeFixtures.changedLines(Data(xcodes.utf8), Data(mine.utf8))
                XCTFail("\(path): Xcode's lines \(diff.removed.prefix(6)) vs ours \(diff.added.prefix(6))")
            }
        }
        XCTAssertEqual(export.unitCount, 26 + 7)
        XCTAssertTrue(written.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns="))
        XCTAssertTrue(written.hasSuffix("  </file>\n</xliff>\n"))
        let again = try XLIFFReader().read(Data(written.utf8), path: "de.xliff")
        XCTAssertEqual(again.allUnits.count, 33)
    }
}
