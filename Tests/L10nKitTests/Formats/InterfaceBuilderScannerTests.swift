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

final class InterfaceBuilderScannerTests: XCTestCase {
    private func scan(_ name: String, keyPaths: Set<String> = ["stbLocKey"]) throws -> InterfaceBuilderDocument {
        try InterfaceBuilderScanner(keyPaths: keyPaths).scan(LegacyGolden.read("ib/" + name), path: name)
    }

    // MARK: Runtime-attribute keys

    func testStbLocKeysInBothForms() throws {
        let document = try scan("Main.storyboard")
        XCTAssertEqual(document.platform, .iOS)
        XCTAssertEqual(document.localizationKeys.map(\.key), ["fill_form", "name", "sex", "", "open_settings"])
        XCTAssertEqual(document.localizationKeys.map(\.objectID), ["kCO-9u-5kw", "ju9-fj-dox", "W2K-Eo-MGa", "co5-kx-oQ8", "F9H-Kr-npj"])
        XCTAssertEqual(document.localizationKeys.map(\.elementName), ["label", "label", "button", "button", "label"])
        XCTAssertEqual(document.localizationKeys.map(\.customClass), [nil, "SurveyLabel", "SurveyButton", nil, nil])
        XCTAssertEqual(document.localizationKeys.map(\.location.line), [40, 49, 91, 98, 146])
        XCTAssertEqual(document.localizationKeys[0].location, SourceLocation(file: "Main.storyboard", line: 40, column: 37))
        XCTAssertEqual(document.localizationKeys[4].location.column, 57)
        XCTAssertEqual(Set(document.localizationKeys.map(\.keyPath)), ["stbLocKey"])
        XCTAssertEqual(document.localizationKeys[1].note, "Letters are spaced on purpose: keep the spaces")
        XCTAssertNil(document.localizationKeys[0].note)
    }

    func testKeyPathsAreConfigurable() throws {
        let both = try scan("Main.storyboard", keyPaths: ["stbLocKey", "xibLocKey"])
        XCTAssertEqual(both.localizationKeys.map(\.key), ["fill_form", "name", "sex_options", "sex", "", "open_settings"])
        let sexOptions = both.localizationKeys[2]
        XCTAssertEqual(sexOptions.keyPath, "xibLocKey")
        XCTAssertEqual(sexOptions.objectID, "RLb-GV-4hh")
        XCTAssertEqual(sexOptions.elementName, "segmentedControl")
        XCTAssertEqual(sexOptions.location.line, 79)
        XCTAssertEqual(try scan("Main.storyboard", keyPaths: ["xibLocKey"]).localizationKeys.map(\.key), ["sex_options"])
        XCTAssertTrue(try scan("Main.storyboard", keyPaths: ["layer.cornerRadius"]).localizationKeys.first?.key == "",
                      "a non-string attribute has no string value")
    }

    // MARK: ibtool texts

    func testTextsIbtoolExtractsFromAStoryboard() throws {
        let document = try scan("Main.storyboard")
        let found = document.texts.map { "\($0.className) \($0.stringsKey) = \($0.value)" }
        XCTAssertEqual(found, [
            "UITabBarItem Tb1-fo-Rm0.title = Form",
            "UIViewController Lx4-Ge-9bA.title = Form",
            "UILabel kCO-9u-5kw.text = Fill in the form",
            "UILabel ju9-fj-dox.text = n a m e",
            "UITextField Ne9-CO-XbT.placeholder = Your name",
            "UITextField Ne9-CO-XbT.accessibilityLabel = Name",
            "UITextField Ne9-CO-XbT.accessibilityHint = Enter your full name",
            "UISegmentedControl RLb-GV-4hh.segmentTitles[0] = Female",
            "UISegmentedControl RLb-GV-4hh.segmentTitles[1] = Male",
            "UISegmentedControl RLb-GV-4hh.segmentTitles[2] = Other",
            "UIButton W2K-Eo-MGa.normalTitle = s e x",
            "UIButton W2K-Eo-MGa.disabledTitle = Not available",
            "UIButton W2K-Eo-MGa.highlightedTitle = Tap to\nchoose",
            "UIButton co5-kx-oQ8.configuration.title = Send & continue",
            "UITextView 8qo-jo-MYf.text = We use your answers only for this survey. Read the \"Privacy\" section for details.",
            "UISearchBar Sx3-Pb-M0q.placeholder = Search answers",
            "UISearchBar Sx3-Pb-M0q.scopeButtonTitles[0] = All",
            "UISearchBar Sx3-Pb-M0q.scopeButtonTitles[1] = Mine",
            "UINavigationItem 8tB-ho-ekQ.title = Survey",
            "UINavigationItem 8tB-ho-ekQ.prompt = Step 1 of 2",
            "UIBarButtonItem 1Iz-ek-qSt.title = Done",
            "UITableViewSection Bmb-Oi-RZK.headerTitle = Account",
            "UITableViewSection Bmb-Oi-RZK.footerTitle = Signed in with iCloud",
            "UILabel F9H-Kr-npj.text = Open System Settings",
            "UITabBarItem 6xh-o5-yRt.title = Settings",
        ])
        let title = try XCTUnwrap(document.texts.first { $0.stringsKey == "Lx4-Ge-9bA.title" })
        XCTAssertEqual(title.customClass, "FormViewController")
        XCTAssertEqual(title.elementName, "viewController")
        XCTAssertEqual(title.location, SourceLocation(file: "Main.storyboard", line: 29, column: 17))
        let highlighted = try XCTUnwrap(document.texts.first { $0.property == "highlightedTitle" })
        XCTAssertEqual(highlighted.location.line, 87, "the <string key=\"title\"> that holds the text")
        XCTAssertEqual(document.texts.first { $0.objectID == "ju9-fj-dox" }?.ibtoolComment,
                       #"Class = "UILabel"; text = "n a m e"; ObjectID = "ju9-fj-dox"; Note = "Letters are spaced on purpose: keep the spaces";"#)
        XCTAssertEqual(document.texts.first { $0.property == "segmentTitles[1]" }?.ibtoolComment,
                       #"Class = "UISegmentedControl"; RLb-GV-4hh.segmentTitles[1] = "Male"; ObjectID = "RLb-GV-4hh";"#)
        XCTAssertEqual(document.notes, ["ju9-fj-dox": "Letters are spaced on purpose: keep the spaces"])
    }

    func testBaseStringsFollowIbtoolsLayout() throws {
        for name in ["Main.storyboard", "PushRequestVC.xib", "SettingsViewControllers.xib"] {
            let document = try scan(name)
            let base = (name as NSString).deletingPathExtension
            let strings = document.baseStrings(path: "Base.lproj/\(base).strings")
            XCTAssertEqual(strings.entries.count, document.texts.count)
            XCTAssertEqual(StringsLayout.inferred(for: strings), .interfaceBuilder)
            XCTAssertEqual(StringsWriter.canonicalData(for: strings), StringsWriter.data(for: strings),
                           "the generated file is already in canonical ibtool layout")
            LegacyGolden.assertMatches(StringsWriter.data(for: strings), "ib/\(base).strings")
        }
    }

    // MARK: Real notes

    /// Notes by unit id from an XLIFF Xcode exported (`&lt;` etc. unescaped).
    private func xliffNotes(_ path: String) throws -> [String: String] {
        let text = try String(contentsOf: try Fixtures.shared(path), encoding: .utf8)
        var notes: [String: String] = [:]
        for chunk in text.components(separatedBy: "<trans-unit id=\"").dropFirst() {
            let id = String(chunk.prefix { $0 != "\"" })
            guard let open = chunk.range(of: "<note>"), let close = chunk.range(of: "</note>") else { continue }
            notes[id] = chunk[open.upperBound..<close.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        }
        return notes
    }

    func testNotesMatchXcodesExportOfElytra() throws {
        let notes = try xliffNotes("fixtures/xliff/Elytra.de.xliff")
        let document = try scan("PushRequestVC.xib")
        XCTAssertEqual(document.texts.map(\.stringsKey), ["maL-2M-Pbz.text", "xH9-bS-Bv3.text", "05p-vO-3Wh.normalTitle"])
        for text in document.texts {
            XCTAssertEqual(text.ibtoolComment, notes[text.stringsKey], text.stringsKey)
        }
        XCTAssertTrue(document.localizationKeys.isEmpty)
    }

    func testMacNotesMatchXcodesExportsAndCatalog() throws {
        var expected = try xliffNotes("fixtures/xliff/Elytra.de.xliff")
        expected.merge(try xliffNotes("fixtures/xliff/KeepingYouAwake.de.xliff")) { $1 }
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.Main.xcstrings")))
        for (key, entry) in ((catalog as? [String: Any])?["strings"] as? [String: [String: Any]]) ?? [:] {
            if let comment = entry["comment"] as? String { expected[key] = comment }
        }
        let document = try scan("SettingsViewControllers.xib")
        XCTAssertEqual(document.platform, .macOS)
        var compared: [String] = []
        for text in document.texts {
            guard let note = expected[text.stringsKey] else { continue }
            XCTAssertEqual(text.ibtoolComment, note, text.stringsKey)
            compared.append(text.stringsKey)
        }
        XCTAssertEqual(compared, ["2Ec-kd-q2K.title", "7z8-pS-A86.title", "dml-Pt-frp.ibShadowedToolTips[0]",
                                  "dml-Pt-frp.ibShadowedToolTips[1]", "mWQ-i7-vza.ibShadowedToolTip",
                                  "2Az-3u-oGb.title", "U86-Hk-nfT.title", "1TU-wL-skT.title"])
        XCTAssertEqual(document.texts.map(\.stringsKey).filter { !compared.contains($0) }, ["W48-6f-4Dl.title"])
    }

    // MARK: Errors

    private func assertError(_ xml: String, line: Int, column: Int? = nil, contains fragment: String,
                             file: StaticString = #filePath, lineNumber: UInt = #line) {
        XCTAssertThrowsError(try InterfaceBuilderScanner().scan(Data(xml.utf8), path: "Bad.storyboard"), file: file, line: lineNumber) { error in
            guard let error = error as? XMLStreamError else { return XCTFail("\(error)", file: file, line: lineNumber) }
            XCTAssertEqual(error.location?.line, line, "\(error)", file: file, line: lineNumber)
            if let column { XCTAssertEqual(error.location?.column, column, "\(error)", file: file, line: lineNumber) }
            XCTAssertTrue(error.message.contains(fragment), error.message, file: file, line: lineNumber)
        }
    }

    func testMalformedDocumentsAreLocated() {
        assertError("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes>
                    <scene sceneID="a">
                        <label text="Hi" id="abc-12-xyz">
                    </scene>
                </scenes>
            </document>
            """, line: 6, column: 17, contains: "Opening and ending tag mismatch")
        assertError("<?xml version=\"1.0\"?>\n<document><label text=\"a < b\" id=\"x\"/></document>", line: 2, contains: "malformed XML")
        assertError("", line: 1, contains: "malformed XML")
        assertError("<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\"/>",
                    line: 2, column: 1, contains: "not an Interface Builder document")
    }

    func testLegacyArchiveHint() {
        XCTAssertThrowsError(try InterfaceBuilderScanner().scan(Data("<archive type=\"x\"/>".utf8), path: "Old.xib")) { error in
            XCTAssertEqual((error as? LocatedError)?.hint, "open the file in Xcode once to upgrade it to the current XIB format")
        }
    }

    func testReadsFromDisk() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let url = folder.appendingPathComponent("Main.storyboard")
        try LegacyGolden.read("ib/Main.storyboard").write(to: url)
        let document = try InterfaceBuilderScanner().scan(contentsOf: url)
        XCTAssertEqual(document.localizationKeys.first?.location.file, url.path)
    }

    func testMutatedDocumentsNeverCrash() throws {
        let original = Array(try LegacyGolden.read("ib/Main.storyboard"))
        var random = SeededRandom(seed: 11)
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(Array("<>/&\"=".utf8).randomElement(using: &random)!, at: position)
                default: bytes[position] = UInt8.random(in: 0...255, using: &random)
                }
            }
            do {
                _ = try InterfaceBuilderScanner(keyPaths: ["stbLocKey", "xibLocKey"]).scan(Data(bytes), path: "mutated")
            } catch let error as LocatedError {
                XCTAssertNotNil(error.location)
            }
        }
    }
}
