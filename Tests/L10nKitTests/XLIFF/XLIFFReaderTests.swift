import Foundation
import L10nKit
import XCTest

/// Reader edge cases: what other tools send back, and bad input located by line and column.
final class XLIFFReaderTests: XCTestCase {
    private func read(_ text: String, path: String = "in.xliff") throws -> XLIFFDocument {
        try XLIFFReader().read(Data(text.utf8), path: path)
    }

    private func readError(_ data: Data, path: String = "in.xliff", file: StaticString = #filePath, line: UInt = #line) -> XLIFFError? {
        do {
            _ = try XLIFFReader().read(data, path: path)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch let error as XLIFFError {
            return error
        } catch {
            XCTFail("unexpected error type \(error)", file: file, line: line)
            return nil
        }
    }

    private func readError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> XLIFFError? {
        readError(Data(text.utf8), file: file, line: line)
    }

    static let minimal = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="Settings" xml:space="preserve">
                <source>Settings</source>
                <target state="translated">Einstellungen</target>
                <note>Title &amp; "more"</note>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """

    func testMinimal() throws {
        let document = try read(Self.minimal)
        XCTAssertEqual(document.files.count, 1)
        let file = document.files[0]
        XCTAssertEqual(file.original, "App/Localizable.xcstrings")
        XCTAssertNil(file.tool)
        XCTAssertEqual(file.units, [TransUnit(id: "Settings", source: "Settings", target: "Einstellungen", targetState: .translated,
                                              note: "Title & \"more\"", location: SourceLocation(file: "in.xliff", line: 5, column: 7))])
    }

    func testUTF8ByteOrderMark() throws {
        let document = try XLIFFReader().read(Data([0xEF, 0xBB, 0xBF]) + Data(Self.minimal.utf8), path: "bom.xliff")
        XCTAssertEqual(document.files.first?.units.first?.target, "Einstellungen")
        XCTAssertEqual(document.files.first?.units.first?.location, SourceLocation(file: "bom.xliff", line: 5, column: 7))
    }

    func testUTF16WithByteOrderMark() throws {
        let text = Self.minimal.replacingOccurrences(of: "UTF-8", with: "UTF-16").replacingOccurrences(of: "Einstellungen", with: "Einstellungen ✓ 😀")
        var little = Data([0xFF, 0xFE])
        var big = Data([0xFE, 0xFF])
        for unit in text.utf16 {
            little.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)])
            big.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)])
        }
        for data in [little, big] {
            let document = try XLIFFReader().read(data, path: "utf16.xliff")
            let unit = try XCTUnwrap(document.files.first?.units.first)
            XCTAssertEqual(unit.target, "Einstellungen ✓ 😀")
            XCTAssertEqual(unit.note, "Title & \"more\"")
            XCTAssertEqual(unit.location, SourceLocation(file: "utf16.xliff", line: 5, column: 7))
        }
    }

    /// An encoding declared in the XML declaration (not UTF-8/16) is honoured by libxml2.
    func testDeclaredLatin1() throws {
        let text = Self.minimal.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1").replacingOccurrences(of: "Einstellungen", with: "Größe")
        let data = try XCTUnwrap(text.data(using: .isoLatin1))
        let unit = try XCTUnwrap(XLIFFReader().read(data, path: "latin1.xliff").files.first?.units.first)
        XCTAssertEqual(unit.target, "Größe")
        XCTAssertEqual(unit.location, SourceLocation(file: "latin1.xliff", line: 5, column: 7))
    }

    func testCDATAInlineElementsAndSegSource() throws {
        let document = try read("""
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
            <file original="a.strings" source-language="en" target-language="fr" datatype="plaintext"><body>
            <trans-unit id="k1"><source><![CDATA[<b>Bold</b> & more]]></source><target state="final">Gras <![CDATA[& <i>]]> fin</target></trans-unit>
            <trans-unit id="k2">
              <source>Hello <g id="1">dear</g> <ph id="2">%@</ph><x id="3"/>!</source>
              <seg-source><mrk mtype="seg" mid="0">Hello dear %@!</mrk></seg-source>
              <target state="needs-review-translation"><mrk mtype="seg" mid="0">Bonjour <g id="1">cher</g> <ph id="2">%@</ph> !</mrk></target>
            </trans-unit>
            </body></file></xliff>
            """)
        let units = try XCTUnwrap(document.files.first?.units)
        XCTAssertEqual(units[0].source, "<b>Bold</b> & more")
        XCTAssertEqual(units[0].target, "Gras & <i> fin")
        XCTAssertEqual(units[0].targetState, .final)
        XCTAssertNil(units[0].note)
        XCTAssertEqual(units[1].source, "Hello dear %@!")
        XCTAssertEqual(units[1].target, "Bonjour cher %@ !")
        XCTAssertEqual(units[1].targetState, .needsReviewTranslation)
    }

    /// `<alt-trans>` suggestions, before or after the real target, never replace it.
    func testAltTransIgnored() throws {
        let document = try read("""
            <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="a.strings" source-language="en" target-language="fr" datatype="plaintext"><body>
            <trans-unit id="a"><source>Yes</source>
              <alt-trans match-quality="80"><source>Yes!</source><target state="translated">Oui !</target></alt-trans>
              <target state="translated">Oui</target>
            </trans-unit>
            <trans-unit id="b"><source>No</source>
              <alt-trans><target>Non (suggestion)</target></alt-trans>
            </trans-unit>
            <trans-unit id="c"><source>Maybe</source><target>Peut-être</target>
              <alt-trans><target>Possiblement</target><note>from memory</note></alt-trans>
            </trans-unit>
            </body></file></xliff>
            """)
        let units = try XCTUnwrap(document.files.first?.units)
        XCTAssertEqual(units.map(\.target), ["Oui", nil, "Peut-être"])
        XCTAssertEqual(units.map(\.source), ["Yes", "No", "Maybe"])
        XCTAssertEqual(units[2].note, nil)
        XCTAssertNil(units[1].target)
    }

    /// Attributes in any order (Xcode 10 wrote `datatype` before `target-language`), single quotes,
    /// unknown elements and attributes, other namespaces, `<group>`s and a `<bin-unit>`.
    func testOtherToolsShapes() throws {
        let document = try read("""
            <?xml version='1.0' encoding='utf-8'?>
            <!-- written by a CAT tool -->
            <xliff xmlns:cat="urn:example:cat" version='1.2' xmlns='urn:oasis:names:tc:xliff:document:1.2'>
              <file datatype="plaintext" target-language="ja" source-language="en" original="Old/en.lproj/Main.strings" cat:origin="x">
                <header><skl><external-file href="x"/></skl><tool tool-name="Other" tool-id="other.tool" tool-version="9"/><phase-group/></header>
                <body>
                  <cat:extension><trans-unit id="fake"><source>not XLIFF</source></trans-unit></cat:extension>
                  <group id="g1" resname="Group">
                    <context-group><context context-type="sourcefile">Main.strings</context></context-group>
                    <trans-unit xml:space="preserve" translate="no" approved="yes" id="kCO-9u-5kw.text" cat:score="3">
                      <note from="developer">First</note>
                      <target state-qualifier="exact-match" state="signed-off">テキスト</target>
                      <cat:comment>ignored</cat:comment>
                      <source>Text</source>
                      <note>Second</note>
                      <count-group name="c"><count count-type="x-words">1</count></count-group>
                    </trans-unit>
                    <group><trans-unit id="deep"><source>Deep</source><target state="x-custom">深い</target></trans-unit></group>
                  </group>
                  <bin-unit id="img" mime-type="image/png"><bin-source><external-file href="a.png"/></bin-source></bin-unit>
                </body>
              </file>
            </xliff>
            """)
        let file = try XCTUnwrap(document.files.first)
        XCTAssertEqual(file.targetLanguage, "ja")
        XCTAssertEqual(file.sourceLanguage, "en")
        XCTAssertEqual(file.tool, XLIFFTool(id: "other.tool", name: "Other", version: "9", buildNumber: nil))
        XCTAssertEqual(file.units.map(\.id), ["kCO-9u-5kw.text", "deep"])
        let unit = file.units[0]
        XCTAssertFalse(unit.translate)
        XCTAssertEqual(unit.approved, true)
        XCTAssertEqual(unit.source, "Text")
        XCTAssertEqual(unit.target, "テキスト")
        XCTAssertEqual(unit.targetState, .signedOff)
        XCTAssertEqual(unit.note, "First\nSecond")
        XCTAssertFalse(unit.translate)
        XCTAssertEqual(file.units[1].targetState, .custom("x-custom"))
        XCTAssertEqual(file.units[1].location, SourceLocation(file: "in.xliff", line: 18, column: 16))
    }

    /// Whitespace inside source and target is kept exactly, with or without `xml:space`.
    func testWhitespaceAndLineEndsKept() throws {
        let text = "<xliff version=\"1.2\"><file original=\"a.strings\" source-language=\"en\" target-language=\"de\"><body>"
            + "<trans-unit id=\" a\tb&#10;c \"><source>  two\n lines\t</source><target>   </target><note/></trans-unit>"
            + "<trans-unit id=\"cr\"><source>a&#13;b\r\nc</source></trans-unit>"
            + "</body></file></xliff>"
        let document = try read(text)
        let units = try XCTUnwrap(document.files.first?.units)
        XCTAssertEqual(units[0].id, " a b\nc ")
        XCTAssertEqual(units[0].source, "  two\n lines\t")
        XCTAssertEqual(units[0].target, "   ")
        XCTAssertEqual(units[0].note, "")
        XCTAssertEqual(units[1].source, "a\rb\nc")
        XCTAssertEqual(document.files.first?.datatype, "plaintext")
    }

    func testMissingTargetLanguageIsLocatedAtTheFile() throws {
        let text = Self.minimal.replacingOccurrences(of: #" target-language="de""#, with: "")
        let error = try XCTUnwrap(readError(text))
        XCTAssertEqual(error.kind, .missingTargetLanguage)
        XCTAssertEqual(error.location, SourceLocation(file: "in.xliff", line: 3, column: 3))
        XCTAssertTrue(error.message.contains("App/Localizable.xcstrings"), error.message)
        XCTAssertNotNil(error.hint)
        XCTAssertTrue(error.description.hasPrefix("in.xliff:3:3: error: "), error.description)
    }

    /// The second of two `<file>`s on one line: the column still points at it.
    func testErrorColumnOnACrowdedLine() throws {
        let text = #"<xliff version="1.2"><file original="a" source-language="en" target-language="de"/><file original="b" source-language="en"/></xliff>"#
        let error = try XCTUnwrap(readError(text))
        XCTAssertEqual(error.kind, .missingTargetLanguage)
        XCTAssertEqual(error.location, SourceLocation(file: "in.xliff", line: 1, column: 84))
    }

    func testMissingRequiredParts() throws {
        XCTAssertEqual(readError(#"<xliff version="1.2"><file source-language="en" target-language="de"/></xliff>"#)?.kind, .missingAttribute("original"))
        XCTAssertEqual(readError(#"<xliff version="1.2"><file original="a" target-language="de"/></xliff>"#)?.kind, .missingAttribute("source-language"))
        let noID = readError(#"<xliff version="1.2"><file original="a" source-language="en" target-language="de"><body>"# + "\n  <trans-unit><source>x</source></trans-unit></body></file></xliff>")
        XCTAssertEqual(noID?.kind, .missingAttribute("id"))
        XCTAssertEqual(noID?.location, SourceLocation(file: "in.xliff", line: 2, column: 3))
        let noSource = readError(#"<xliff version="1.2"><file original="a" source-language="en" target-language="de"><body><trans-unit id="x"><target>y</target></trans-unit></body></file></xliff>"#)
        XCTAssertEqual(noSource?.kind, .missingSource)
    }

    func testMalformedXMLIsLocated() throws {
        let text = Self.minimal.replacingOccurrences(of: "<target state=\"translated\">Einstellungen</target>", with: "<target state=\"translated\">Einstellungen</targt>")
        let error = try XCTUnwrap(readError(text))
        XCTAssertEqual(error.kind, .malformedXML)
        XCTAssertEqual(error.location?.file, "in.xliff")
        XCTAssertEqual(error.location?.line, 7)
        XCTAssertGreaterThan(error.location?.column ?? 0, 1)
        XCTAssertTrue(error.message.contains("target"), error.message)

        let truncated = try XCTUnwrap(readError(String(Self.minimal.prefix(200))))
        XCTAssertEqual(truncated.kind, .malformedXML)
        XCTAssertNotNil(truncated.location)

        let notUTF8 = try XCTUnwrap(readError(Data(Self.minimal.utf8.prefix(180)) + Data([0xC3, 0x28]) + Data(Self.minimal.utf8.dropFirst(180))))
        XCTAssertEqual(notUTF8.kind, .malformedXML)
        XCTAssertEqual(notUTF8.location?.line, 3)

        XCTAssertEqual(readError(Data())?.kind, .malformedXML)
        XCTAssertEqual(readError("just text")?.kind, .malformedXML)
    }

    /// Issue 12 item 13: a file cut off inside the document was reported as libxml2's "Extra
    /// content at the end of the document", which sends the user looking for content to remove.
    func testCutOffFileIsReportedAsCutOff() throws {
        let bytes = Array(Self.minimal.utf8)
        let closing = try XCTUnwrap(Self.minimal.range(of: "</xliff>")).lowerBound.utf16Offset(in: Self.minimal)
        for cut in stride(from: 60, to: closing, by: 7) {
            let error = try XCTUnwrap(readError(Data(bytes.prefix(cut))), "cut at \(cut)")
            XCTAssertEqual(error.kind, .malformedXML)
            XCTAssertTrue(error.message.hasPrefix("the file ends in the middle of the document"), "cut at \(cut): \(error.message)")
            XCTAssertFalse(error.message.hasPrefix("Extra content"), "cut at \(cut)")
        }
        let wrong = try XCTUnwrap(readError(Self.minimal.replacingOccurrences(of: "</xliff>", with: "</xliff><x/>")))
        XCTAssertFalse(wrong.message.contains("middle of the document"), "a complete document with extra content is not cut off: \(wrong.message)")
    }

    func testNotXLIFFOrNot12() throws {
        let plist = try XCTUnwrap(readError("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>"))
        XCTAssertEqual(plist.kind, .notXLIFF)
        XCTAssertEqual(plist.location, SourceLocation(file: "in.xliff", line: 2, column: 1))
        let two = try XCTUnwrap(readError(#"<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f"/></xliff>"#))
        XCTAssertEqual(two.kind, .unsupportedVersion("2.0"))
        XCTAssertEqual(readError(#"<xliff version="1.1"><file/></xliff>"#)?.kind, .unsupportedVersion("1.1"))
        XCTAssertEqual(readError("<xliff><file/></xliff>")?.kind, .unsupportedVersion(""))
        XCTAssertEqual(try read(#"<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2"/>"#).files, [])
    }

    /// Billion laughs: entity declarations are refused before libxml2 parses them; nothing expands.
    func testEntityExpansionRefused() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE xliff [\n  <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            text += "  <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1 == 0 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        text += "]>\n<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\" target-language=\"de\"><body>"
        text += "<trans-unit id=\"x\"><source>&lol9;</source></trans-unit></body></file></xliff>"
        let started = Date()
        let error = try XCTUnwrap(readError(text))
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
        XCTAssertEqual(error.kind, .entity)
        XCTAssertEqual(error.location, SourceLocation(file: "in.xliff", line: 3, column: 3))

        // A single harmless-looking entity is refused too: we never expand any.
        let one = "<!DOCTYPE xliff [<!ENTITY app \"MyApp\">]><xliff version=\"1.2\"><file original=\"a\" source-language=\"en\" target-language=\"de\"><body><trans-unit id=\"x\"><source>&app;</source></trans-unit></body></file></xliff>"
        XCTAssertEqual(readError(one)?.kind, .entity)

        // External entities (XXE) are refused the same way, and no DTD or file is ever loaded.
        let external = "<!DOCTYPE xliff [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><xliff version=\"1.2\"><file original=\"a\" source-language=\"en\" target-language=\"de\"><body><trans-unit id=\"x\"><source>&xxe;</source></trans-unit></body></file></xliff>"
        XCTAssertEqual(readError(external)?.kind, .entity)
    }

    /// A DOCTYPE naming an external DTD is allowed (old tools wrote one) but never loaded; an
    /// undeclared entity is an error, not an expansion.
    func testExternalDTDNotLoaded() throws {
        let header = "<!DOCTYPE xliff PUBLIC \"-//XLIFF//DTD XLIFF//EN\" \"http://www.oasis-open.org/committees/xliff/documents/xliff.dtd\">\n"
        let body = "<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\" target-language=\"de\"><body><trans-unit id=\"x\"><source>Hi &amp; bye &#233;</source></trans-unit></body></file></xliff>"
        XCTAssertEqual(try read(header + body).files.first?.units.first?.source, "Hi & bye é")
        let undeclared = try XCTUnwrap(readError(header + body.replacingOccurrences(of: "&amp;", with: "&nope;")))
        XCTAssertEqual(undeclared.location?.line, 2)
    }

    func testReadsFromURL() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let url = folder.appendingPathComponent("de.xliff")
        try Data(Self.minimal.utf8).write(to: url)
        XCTAssertEqual(try XLIFFReader().read(contentsOf: url).files.first?.units.first?.location?.file, url.path)
        XCTAssertEqual(try XLIFFReader().read(contentsOf: url, displayPath: "de.xliff").files.first?.location?.file, "de.xliff")
        do {
            _ = try XLIFFReader().read(contentsOf: folder.appendingPathComponent("absent.xliff"))
            XCTFail("expected an error")
        } catch let error as XLIFFError {
            XCTAssertEqual(error.kind, .io)
        }
    }
}

/// Large exports: lines past libxml2's 65535 limit still get exact locations.
final class XLIFFLargeFileTests: XCTestCase {
    func testLocationsPastLine65535() throws {
        let units = (0..<15_000).map { TransUnit(id: "key \($0)", source: "Source \($0)", target: "Ziel \($0)", targetState: .translated, note: "") }
        let document = XLIFFDocument(files: [XLIFFFile(original: "Big.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: units)])
        let data = try XLIFFWriter(tool: .l10n(version: "1")).data(document)
        let started = Date()
        let read = try XLIFFReader().read(data, path: "big.xliff")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        XCTAssertEqual(read.files[0].units.count, 15_000)
        // Header and body take 7 lines; each unit takes 5.
        XCTAssertEqual(read.files[0].units.last?.location, SourceLocation(file: "big.xliff", line: 8 + 14_999 * 5, column: 7))
        XCTAssertEqual(read.files[0].units.last?.target, "Ziel 14999")
    }
}
