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

final class InfoPlistTests: XCTestCase {
    /// An app's Info.plist as Xcode's iOS template writes it, with localizations declared.
    static let appInfoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>$(DEVELOPMENT_LANGUAGE)</string>
        \t<key>CFBundleDisplayName</key>
        \t<string>Elytra</string>
        \t<key>CFBundleExecutable</key>
        \t<string>$(EXECUTABLE_NAME)</string>
        \t<key>CFBundleLocalizations</key>
        \t<array>
        \t\t<string>en</string>
        \t\t<string>de</string>
        \t\t<string></string>
        \t\t<string>pt-BR</string>
        \t\t<string>zh-Hans</string>
        \t</array>
        \t<key>CFBundleAllowMixedLocalizations</key>
        \t<true/>
        \t<key>UIApplicationSceneManifest</key>
        \t<dict>
        \t\t<key>UIApplicationSupportsMultipleScenes</key>
        \t\t<false/>
        \t</dict>
        </dict>
        </plist>

        """

    func testXMLInfoPlist() throws {
        let info = try InfoPlistReader.parse(Data(Self.appInfoPlist.utf8), path: "Elytra/Info.plist")
        XCTAssertEqual(info.format, .xml)
        XCTAssertEqual(info.developmentRegion, "$(DEVELOPMENT_LANGUAGE)")
        XCTAssertTrue(info.developmentRegionIsBuildSetting)
        XCTAssertEqual(info.localizations, ["en", "de", "pt-BR", "zh-Hans"])
        XCTAssertTrue(info.allowsMixedLocalizations)
        XCTAssertEqual(info.keyLocations[InfoPlist.localizationsKey], SourceLocation(file: "Elytra/Info.plist", line: 11, column: 2))
        XCTAssertEqual(info.keyLocations[InfoPlist.developmentRegionKey]?.line, 5)
    }

    func testMissingKeysHaveDefaults() throws {
        let xml = "<plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>de</string></dict></plist>"
        let info = try InfoPlistReader.parse(Data(xml.utf8), path: "Info.plist")
        XCTAssertEqual(info.developmentRegion, "de")
        XCTAssertFalse(info.developmentRegionIsBuildSetting)
        XCTAssertEqual(info.localizations, [])
        XCTAssertFalse(info.allowsMixedLocalizations)
        XCTAssertNil(info.keyLocations[InfoPlist.allowMixedLocalizationsKey])
    }

    func testAllowMixedLocalizationsIsReadAsCFBundleReadsIt() throws {
        let cases: [(String, Bool)] = [
            ("<true/>", true), ("<false/>", false), ("<string>YES</string>", true), ("<string>True</string>", true),
            ("<string>no</string>", false), ("<string>1</string>", false), ("<integer>1</integer>", true),
            ("<integer>0</integer>", false), ("<real>0.0</real>", false),
        ]
        for (value, expected) in cases {
            let xml = "<plist><dict><key>CFBundleAllowMixedLocalizations</key>\(value)</dict></plist>"
            XCTAssertEqual(try InfoPlistReader.parse(Data(xml.utf8), path: "x").allowsMixedLocalizations, expected, value)
        }
    }

    func testBinaryInfoPlist() throws {
        let object: [String: Any] = [
            "CFBundleDevelopmentRegion": "en",
            "CFBundleLocalizations": ["en", "de", "", "fr"],
            "CFBundleAllowMixedLocalizations": true,
            "CFBundleVersion": 42,
            "LSMinimumSystemVersion": 12.5,
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        XCTAssertTrue(data.starts(with: Array("bplist00".utf8)))
        let info = try InfoPlistReader.parse(data, path: "App.app/Info.plist")
        XCTAssertEqual(info.format, .binary)
        XCTAssertEqual(info.developmentRegion, "en")
        XCTAssertEqual(info.localizations, ["en", "de", "fr"])
        XCTAssertTrue(info.allowsMixedLocalizations)
        XCTAssertTrue(info.keyLocations.isEmpty)
    }

    func testReadingFromDisk() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let url = folder.appendingPathComponent("Info.plist")
        try Data(Self.appInfoPlist.utf8).write(to: url)
        XCTAssertEqual(try InfoPlistReader.read(contentsOf: url).localizations.count, 4)
        XCTAssertThrowsError(try InfoPlistReader.read(contentsOf: folder.appendingPathComponent("Missing.plist"))) { error in
            XCTAssertTrue(error is LocatedError)
        }
    }

    // MARK: Errors

    private func assertError(_ data: Data, line: Int, column: Int, contains fragment: String,
                             file: StaticString = #filePath, lineNumber: UInt = #line) {
        XCTAssertThrowsError(try InfoPlistReader.parse(data, path: "Info.plist"), file: file, line: lineNumber) { error in
            guard let error = error as? LocatedError else { return XCTFail("\(error)", file: file, line: lineNumber) }
            XCTAssertEqual(error.location, SourceLocation(file: "Info.plist", line: line, column: column), "\(error)", file: file, line: lineNumber)
            XCTAssertTrue(error.message.contains(fragment), error.message, file: file, line: lineNumber)
            XCTAssertNotNil(error.hint, file: file, line: lineNumber)
        }
    }

    private func xml(_ body: String) -> Data {
        Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n".utf8)
    }

    func testWrongTypesAreLocated() {
        assertError(xml("\t<key>CFBundleLocalizations</key>\n\t<string>en de</string>"), line: 4, column: 2,
                    contains: "CFBundleLocalizations must be an array of strings, not string")
        assertError(xml("\t<key>CFBundleName</key>\n\t<string>X</string>\n\t<key>CFBundleLocalizations</key>\n\t<array><string>en</string><integer>7</integer></array>"),
                    line: 6, column: 2, contains: "must hold only strings, not integer")
        assertError(xml("<key>CFBundleDevelopmentRegion</key>\n<array/>"), line: 4, column: 1,
                    contains: "CFBundleDevelopmentRegion must be a string, not array")
        assertError(xml("<key>CFBundleAllowMixedLocalizations</key>\n<date>2024-01-01T00:00:00Z</date>"), line: 4, column: 1,
                    contains: "must be a boolean, not date")
        assertError(Data("<plist version=\"1.0\">\n<array/>\n</plist>".utf8), line: 0, column: 0, contains: "root of an Info.plist must be a dict")
    }

    func testMalformedFilesAreLocated() throws {
        assertError(xml("<key>CFBundleDevelopmentRegion</key>\n<string>en</strng>"), line: 5, column: 19, contains: "malformed XML")
        assertError(Data("bplist00 not really".utf8), line: 0, column: 0, contains: "malformed binary property list")
        assertError(Data("{ CFBundleDevelopmentRegion = en; }".utf8), line: 1, column: 1, contains: "malformed XML")
    }
}
