import Foundation
import L10nKit
import XCTest

/// `missing-translation` names the localization a device reads a legacy table from when its own
/// has no file: the first of its search list that has one (Genshin-Pizza-Helper's zh-HK devices
/// read zh-Hant's `Localizable.strings`), as `match` and `resolve` say.
final class MissingTranslationFallbackTests: XCTestCase {
    func testARegionalLocalizationWithoutTheTableReadsItsNeighbours() throws {
        let example = CheckExample.app("", declared: ["en", "zh-Hant", "zh-HK"], localizable: ["x": ["en": "x", "zh-Hant": "x", "zh-HK": "x"]], more: [
            "App/en.lproj/Settings.strings": .text("\"home\" = \"Home\";\n"),
            "App/zh-Hant.lproj/Settings.strings": .text("\"home\" = \"主頁\";\n"),
            "App/zh-HK.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"披薩\";\n"),
        ])
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try example.write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        let findings = try CheckJob(options: CheckOptions(only: ["missing-translation"])).run(on: project).findings
        XCTAssertEqual(findings.map(\.message), ["1 key of App/Settings has no 'zh-HK': zh-HK devices see them in 'zh-Hant' (\"home\")"])
    }
}
