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
import L10nTestSupport

final class StringsdictTests: XCTestCase {
    private func sample() throws -> Stringsdict {
        try StringsdictReader.parse(LegacyGolden.read("stringsdict/Localizable.stringsdict"), path: "Localizable.stringsdict")
    }

    func testXcodeStyleFileRoundTripsByteForByte() throws {
        let data = try LegacyGolden.read("stringsdict/Localizable.stringsdict")
        let file = try StringsdictReader.parse(data, path: "Localizable.stringsdict")
        XCTAssertEqual(StringsdictWriter.data(for: file), data)
    }

    func testPluralEntries() throws {
        let file = try sample()
        XCTAssertEqual(file.keys, ["summaryLinesFormat", "unreadsCountFormat", "%lld articles in %lld feeds",
                                   "Tap to refresh", "Mark all as read", "SyncBadge"])
        let summary = try XCTUnwrap(file.entry(forKey: "summaryLinesFormat"))
        XCTAssertEqual(summary.formatKey, "%#@lineCount@")
        XCTAssertEqual(summary.location, SourceLocation(file: "Localizable.stringsdict", line: 5, column: 2))
        let lineCount = try XCTUnwrap(summary.variable("lineCount"))
        XCTAssertEqual(lineCount.ruleType, .plural)
        XCTAssertEqual(lineCount.valueType, "u")
        XCTAssertEqual(lineCount.cases.map(\.category), ["zero", "one", "other"])
        XCTAssertEqual(lineCount.value(for: "zero"), "")
        XCTAssertEqual(lineCount.value(for: "one"), "%u line")
        XCTAssertEqual(lineCount.cases[1].location?.line, 17)
        XCTAssertNil(lineCount.value(for: "few"))

        let two = try XCTUnwrap(file.entry(forKey: "%lld articles in %lld feeds"))
        XCTAssertEqual(two.variables.map(\.name), ["articles", "feeds"])
        XCTAssertEqual(two.variable("feeds")?.value(for: "other"), "%2$lld feeds")
        XCTAssertEqual(two.otherKeys, ["NSStringLocalizedFormatComment"])
        XCTAssertEqual(file.root["%lld articles in %lld feeds"]?.dictionary?["NSStringLocalizedFormatComment"],
                       .string("Unknown keys & their <markup> stay as they are"))
    }

    func testDeviceAndWidthRules() throws {
        let file = try sample()
        let device = try XCTUnwrap(file.entry(forKey: "Tap to refresh"))
        XCTAssertNil(device.formatKey)
        XCTAssertEqual(device.deviceCases?.map(\.category), ["iphone", "mac", "appletv"])
        XCTAssertEqual(device.deviceCases?[1].string, "Click to refresh")
        let width = try XCTUnwrap(file.entry(forKey: "Mark all as read"))
        XCTAssertEqual(width.widthCases?.map(\.category), ["1", "20", "50"])
        XCTAssertEqual(width.widthCases?.last?.string, "Mark all as read")
        XCTAssertEqual(StringsdictRuleType(rawValue: "NSStringDeviceSpecificRuleType"), .deviceSpecific)
        XCTAssertEqual(StringsdictRuleType(rawValue: "NSStringVariableWidthRuleType").rawValue, "NSStringVariableWidthRuleType")
        XCTAssertEqual(StringsdictRuleType(rawValue: "NSStringFutureRuleType"), .other("NSStringFutureRuleType"))
    }

    func testUnknownValuesAreKeptVerbatim() throws {
        let file = try sample()
        let badge = try XCTUnwrap(file.root["SyncBadge"]?.dictionary)
        XCTAssertEqual(badge["priority"], .integer("2"))
        XCTAssertEqual(badge["enabled"], .boolean(true))
        XCTAssertEqual(badge["ratio"], .real("0.5"))
        XCTAssertEqual(badge["tags"], .array([.string("sync")]))
        XCTAssertEqual(badge["empty"], .dictionary(PropertyListDictionary()))
        XCTAssertEqual(file.entry(forKey: "SyncBadge")?.otherKeys, ["priority", "enabled", "ratio", "tags", "empty"])
    }

    /// The XLIFF ids Xcode gave the units of Elytra's Localizable.stringsdict are the paths of our
    /// model's strings, and their sources our values.
    func testModelMatchesXcodesExportOfTheSameFile() throws {
        let url = try Fixtures.shared("fixtures/xliff/Elytra.de.xliff")
        let xliff = try String(contentsOf: url, encoding: .utf8)
        let original = "<file original=\"Yeti/SupportingFiles/Localizations/en.lproj/Localizable.stringsdict\""
        let start = try XCTUnwrap(xliff.range(of: original))
        let section = xliff[start.upperBound...].prefix { _ in true }
        let body = section[..<(section.range(of: "</file>")?.lowerBound ?? section.endIndex)]
        var exported: [String: String] = [:]
        for chunk in body.components(separatedBy: "<trans-unit id=\"").dropFirst() {
            let id = String(chunk.prefix { $0 != "\"" })
            var source = ""
            if let open = chunk.range(of: "<source>"), let close = chunk.range(of: "</source>") {
                source = String(chunk[open.upperBound..<close.lowerBound])
            }
            exported[id] = source
        }
        XCTAssertEqual(exported.count, 8)

        let file = try sample()
        var ours: [String: String] = [:]
        for entry in file.entries where ["summaryLinesFormat", "unreadsCountFormat"].contains(entry.key) {
            ours["/\(entry.key):dict/NSStringLocalizedFormatKey:dict/:string"] = entry.formatKey
            for variable in entry.variables {
                for item in variable.cases {
                    ours["/\(entry.key):dict/\(variable.name):dict/\(item.category):dict/:string"] = item.string
                }
            }
        }
        XCTAssertEqual(ours, exported)
    }

    func testEditingChangesOnlyTheNamedStrings() throws {
        var file = try sample()
        file.setValue("%u Zeile", forKey: "summaryLinesFormat", variable: "lineCount", category: "one")
        file.setValue("%u Zeilen", forKey: "summaryLinesFormat", variable: "lineCount", category: "other")
        file.setValue("%u ungelesen", forKey: "unreadsCountFormat", variable: "unreadsCount", category: "few")
        file.removeValue(forKey: "unreadsCountFormat", variable: "unreadsCount", category: "zero")
        XCTAssertTrue(file.removeEntry(forKey: "Mark all as read"))
        XCTAssertFalse(file.removeEntry(forKey: "Mark all as read"))
        XCTAssertEqual(file.entry(forKey: "unreadsCountFormat")?.variable("unreadsCount")?.cases.map(\.category),
                       ["one", "few", "other"], "a new plural category goes where CLDR puts it")
        let data = StringsdictWriter.data(for: file)
        LegacyGolden.assertMatches(data, "stringsdict/Localizable.edited.stringsdict")
        XCTAssertEqual(try StringsdictReader.parse(data, path: "x").root, file.root)
    }

    func testWritingANewFile() throws {
        var file = Stringsdict(path: "de.lproj/Localizable.stringsdict")
        file.setFormat("%#@files@", forKey: "%lld files selected")
        file.setValue("%lld Datei ausgewählt", forKey: "%lld files selected", variable: "files", category: "one", valueType: "lld")
        file.setValue("%lld Dateien ausgewählt", forKey: "%lld files selected", variable: "files", category: "other")
        file.setValue("Keine Dateien", forKey: "%lld files selected", variable: "files", category: "zero")
        file.setFormat("%#@minutes@ & <%#@seconds@>", forKey: "duration")
        file.setValue("%d min", forKey: "duration", variable: "minutes", category: "other", valueType: "d")
        file.setValue("%d s", forKey: "duration", variable: "seconds", category: "other", valueType: "d")
        file.setFormat("%#@minutes@ · %#@seconds@", forKey: "duration")
        let data = StringsdictWriter.data(for: file)
        LegacyGolden.assertMatches(data, "stringsdict/Written.stringsdict")
        let reread = try StringsdictReader.parse(data, path: "x")
        XCTAssertEqual(reread.entry(forKey: "%lld files selected")?.variable("files")?.cases.map(\.category), ["zero", "one", "other"])
        XCTAssertEqual(reread.entry(forKey: "duration")?.formatKey, "%#@minutes@ · %#@seconds@")
        XCTAssertEqual(reread.root, file.root)
    }

    func testEscapingRoundTrips() throws {
        var file = Stringsdict()
        file.setFormat("a < b & c > d \"q\" 'x'\nline\r\nend", forKey: "k&<>")
        let text = String(decoding: StringsdictWriter.data(for: file), as: UTF8.self)
        XCTAssertTrue(text.contains("\t<key>k&amp;&lt;&gt;</key>\n"))
        XCTAssertTrue(text.contains("<string>a &lt; b &amp; c &gt; d \"q\" 'x'\nline&#13;\nend</string>"))
        XCTAssertEqual(try StringsdictReader.parse(Data(text.utf8), path: "x").entry(forKey: "k&<>")?.formatKey,
                       "a < b & c > d \"q\" 'x'\nline\r\nend")
    }

    func testOtherStylesAreRewrittenInXcodesStyle() throws {
        let compact = """
            <?xml version="1.0"?><plist version="1.0"><dict><key>k</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string><![CDATA[%d <items>]]></string></dict>
            </dict></dict></plist>
            """
        let file = try StringsdictReader.parse(Data(compact.utf8), path: "x")
        XCTAssertEqual(file.entry(forKey: "k")?.variable("n")?.value(for: "other"), "%d <items>")
        let expected = PropertyListXMLWriter.prologue + """
            <dict>
            \t<key>k</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@n@</string>
            \t\t<key>n</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>d</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%d &lt;items&gt;</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """
        XCTAssertEqual(String(decoding: StringsdictWriter.data(for: file), as: UTF8.self), expected)
    }

    // MARK: Malformed input

    private func assertError(_ xml: String, line: Int, column: Int? = nil, contains fragment: String,
                             file: StaticString = #filePath, lineNumber: UInt = #line) {
        XCTAssertThrowsError(try StringsdictReader.parse(Data(xml.utf8), path: "Bad.stringsdict"), file: file, line: lineNumber) { error in
            guard let error = error as? XMLStreamError else { return XCTFail("\(error)", file: file, line: lineNumber) }
            XCTAssertEqual(error.location?.file, "Bad.stringsdict", file: file, line: lineNumber)
            XCTAssertEqual(error.location?.line, line, "\(error)", file: file, line: lineNumber)
            if let column { XCTAssertEqual(error.location?.column, column, "\(error)", file: file, line: lineNumber) }
            XCTAssertTrue(error.message.contains(fragment), error.message, file: file, line: lineNumber)
            XCTAssertNotNil(error.hint, file: file, line: lineNumber)
        }
    }

    func testMalformedXMLIsLocated() {
        assertError("<plist version=\"1.0\">\n<dict>\n\t<key>k</key>\n\t<string>v</strin>\n</dict>\n</plist>\n",
                    line: 4, column: 19, contains: "malformed XML")
        assertError("<plist>\n<dict>\n<key>a</key>\n<string>x & y</string>\n</dict></plist>", line: 4, contains: "malformed XML")
        assertError("<plist>\n<dict>\n<key>a</key>\n", line: 3, contains: "malformed XML")
    }

    func testWrongShapesAreLocated() {
        assertError("<plist>\n<array/>\n</plist>", line: 0, contains: "root of a .stringsdict must be a dict")
        assertError("<plist>\n<dict>\n  <key>a</key>\n  <string>x</string>\n</dict>\n</plist>", line: 3, column: 3,
                    contains: "value of \"a\" must be a dict")
        assertError("<plist>\n<dict>\n<key>a</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key>\n<integer>1</integer>\n</dict>\n</dict>\n</plist>",
                    line: 5, column: 1, contains: "must be a string")
        assertError("<plist>\n<dict>\n<key>a</key>\n<key>b</key>\n</dict>\n</plist>", line: 4, column: 1, contains: "needs a value")
        assertError("<plist>\n<dict>\n<key>a</key>\n\t<map/>\n</dict>\n</plist>", line: 4, column: 2, contains: "element <map>")
        assertError("<plist>\n<dict>\n<string>x</string>\n</dict>\n</plist>", line: 3, contains: "needs a <key>")
        assertError("<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>", line: 3, column: 1, contains: "has no value")
        assertError("<plist>\n</plist>", line: 0, contains: "no value")
    }

    func testEntitiesAreNotExpanded() {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [ <!ENTITY boom "BOOM"> ]>
            <plist><dict><key>a</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>&boom;</string></dict></dict></plist>
            """
        assertError(xml, line: 4, contains: "entity")
    }

    func testMutatedFilesNeverCrash() throws {
        let original = Array(try LegacyGolden.read("stringsdict/Localizable.stringsdict"))
        var random = SeededRandom(seed: 5)
        var accepted = 0
        for _ in 0..<1_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(Array("<>/&\"=k".utf8).randomElement(using: &random)!, at: position)
                default: bytes[position] = UInt8.random(in: 0...255, using: &random)
                }
            }
            do {
                let file = try StringsdictReader.parse(Data(bytes), path: "mutated")
                _ = file.entries
                XCTAssertEqual(try StringsdictReader.parse(StringsdictWriter.data(for: file), path: "again").root, file.root)
                accepted += 1
            } catch let error as LocatedError {
                XCTAssertNotNil(error.location)
            }
        }
        XCTAssertGreaterThan(accepted, 10)
    }
}
