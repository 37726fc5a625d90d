@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
import Foundation
import XCTest

/// What translators' tools write that Xcode never does: inline codes that carry the original's
/// text only in `equiv-text` (Trados, memoQ, Okapi), and pretty-printed text without
/// `xml:space="preserve"`. Both readers must give the same unit.
final class XLIFFThirdPartyMarkupTests: XCTestCase {
    /// Reads `text` with the byte reader and with libxml2, which must agree.
    private func units(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [TransUnit] {
        let data = Data(text.utf8)
        let fast = try XCTUnwrap(XLIFFByteReader.read(data, path: "in.xliff"), "the byte reader refused it", file: file, line: line)
        let reference = try XLIFFReader().readWithLibXML2(data, path: "in.xliff")
        XCTAssertEqual(fast, reference, "the two readers differ", file: file, line: line)
        return try XCTUnwrap(reference.files.first?.units, file: file, line: line)
    }

    private func document(_ body: String, fileAttributes: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext"\(fileAttributes)>
            <body>
        \(body)
            </body>
          </file>
        </xliff>
        """
    }

    func testEmptyCodesReadAsTheirEquivText() throws {
        let units = try units(document("""
              <trans-unit id="Delete %@" xml:space="preserve"><source>Delete <x id="1" equiv-text="%@"/></source><target state="translated">Supprimer <x id="1" equiv-text="%@"/></target></trans-unit>
              <trans-unit id="b" xml:space="preserve"><source><bx id="2" equiv-text="&lt;b&gt;"/>Bold<ex id="3" equiv-text="&lt;/b&gt;"/> %lld</source><target><bx id="2" equiv-text="&lt;b&gt;"/>Gras<ex id="3" equiv-text="&lt;/b&gt;"/> <ph id="4" equiv-text="%lld"/></target></trans-unit>
              <trans-unit id="c" xml:space="preserve"><source>By <ph id="1">%@</ph></source><target>Par <ph id="1" equiv-text="{0}">%@</ph></target></trans-unit>
        """))
        XCTAssertEqual(units.map(\.source), ["Delete %@", "<b>Bold</b> %lld", "By %@"])
        XCTAssertEqual(units.map(\.target), ["Supprimer %@", "<b>Gras</b> %lld", "Par %@"], "a code with content is its content")
        XCTAssertEqual(units.map(\.unknownInlineCode), [nil, nil, nil])
    }

    /// Okapi and memoQ give the text once, in the source: the target's code of the same id is that text.
    func testTargetCodeWithoutEquivTextIsTheSourcesCodeOfItsID() throws {
        let units = try units(document("""
              <trans-unit id="a" xml:space="preserve"><source><x id="1" equiv-text="%1$@"/> of <x id="2" equiv-text="%2$@"/></source><target><x id="2"/> de <x id="1"/></target></trans-unit>
              <trans-unit id="b" xml:space="preserve"><source>Delete <x id="1" equiv-text="%@"/></source><target>Supprimer <x id="9"/></target></trans-unit>
              <trans-unit id="c" xml:space="preserve"><source>Delete <x id="1"/></source><target>Supprimer <x id="1"/></target></trans-unit>
              <trans-unit id="d" xml:space="preserve"><source>Hello<g id="1"/></source><target>Salut<mrk mtype="x-empty"/></target></trans-unit>
        """))
        XCTAssertEqual(units[0].target, "%2$@ de %1$@")
        XCTAssertNil(units[0].unknownInlineCode)
        XCTAssertEqual(units[1].target, "Supprimer ")
        XCTAssertEqual(units[1].unknownInlineCode, .target, "no code 9 in the source")
        XCTAssertEqual(units[2].source, "Delete ")
        XCTAssertEqual(units[2].unknownInlineCode, .source, "the source itself does not say")
        XCTAssertNil(units[3].unknownInlineCode, "an empty <g> or <mrk> wraps no text; it stands for none")
        XCTAssertEqual(units[3].target, "Salut")
    }

    func testLayoutAroundTextIsDroppedUnlessPreserved() throws {
        let units = try units(document("""
              <trans-unit id="Close">
                <source>
                  Close
                </source>
                <target state="translated">
                  Fermer
                </target>
              </trans-unit>
              <trans-unit id="Kept" xml:space="preserve">
                <source>
                  Kept
                </source>
              </trans-unit>
              <trans-unit id="Own">
                <source>Line
        </source>
                <target>Ligne :
                </target>
              </trans-unit>
              <group xml:space="preserve"><trans-unit id="Inner"><source> Inner
         </source></trans-unit>
                <trans-unit id="Reset" xml:space="default"><source>
                   Reset</source><target xml:space="preserve">
                   Remise</target></trans-unit>
              </group>
              <trans-unit id="Blank"><source>A</source><target>
                </target></trans-unit>
        """))
        XCTAssertEqual(units.map(\.source), ["Close", "\n          Kept\n        ", "Line\n", " Inner\n ", "Reset", "A"])
        XCTAssertEqual(units.map(\.target), ["Fermer", nil, "Ligne :", nil, "\n           Remise", ""],
                       "a text's own line break and the spaces on its line stay; a target's own xml:space wins")
    }

    func testFileLevelPreserveIsInherited() throws {
        let units = try units(document("""
              <trans-unit id="a"><source>
          a
        </source></trans-unit>
        """, fileAttributes: " xml:space=\"preserve\""))
        XCTAssertEqual(units.map(\.source), ["\n  a\n"])
    }

    func testWithoutLayout() {
        let cases: [(String, String)] = [
            ("", ""), ("a", "a"), (" a ", " a "), ("\n  a\n  ", "a"), ("\na", "\na"), ("a\n", "a\n"),
            ("\n\n    a b\n\n  ", "a b"), ("a \n  ", "a "), ("\t\n\ta", "a"), ("\n   ", ""), ("\n", "\n"), ("  ", "  "),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(XLIFFInlineText.withoutLayout(text), expected, text.debugDescription)
        }
    }

    /// The import applies what the codes stand for, and refuses a unit whose code it cannot read,
    /// naming the rule, while the other units go in.
    func testImportRestoresCodesAndRefusesUnknownOnes() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try CheckExample.app("codes", declared: ["en", "fr"], localizable: [
            "Delete %@": ["en": "Delete %@"],
            "%@ of %@": ["en": "%1$@ of %2$@"],
            "Close": ["en": "Close"],
            "Share %@": ["en": "Share %@"],
        ]).write(to: root)
        let text = document("""
              <trans-unit id="Delete %@"><source>Delete <x id="1" ctype="x-printf" equiv-text="%@"/></source><target state="translated">Supprimer <x id="1" equiv-text="%@"/></target></trans-unit>
              <trans-unit id="%@ of %@"><source><x id="1" equiv-text="%1$@"/> of <x id="2" equiv-text="%2$@"/></source><target state="translated"><x id="2"/> de <x id="1"/></target></trans-unit>
              <trans-unit id="Close">
                <source>
                  Close
                </source>
                <target state="translated">
                  Fermer
                </target>
              </trans-unit>
              <trans-unit id="Share %@"><source>Share <x id="1"/></source><target state="translated">Partager <x id="1"/></target></trans-unit>
        """)
        let input = ImportInput(path: "fr.xliff", document: try XLIFFReader().read(Data(text.utf8), path: "fr.xliff"))
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .applied, .refused])
        XCTAssertEqual(plan.outcomes.map(\.newValue), ["Supprimer %@", "%2$@ de %1$@", "Fermer", nil])
        XCTAssertEqual(plan.outcomes.last?.reason, .inlineCode)
        XCTAssertEqual(plan.outcomes.last?.location, SourceLocation(file: "fr.xliff", line: 15, column: 7))
        XCTAssertTrue(plan.outcomes.last?.message?.contains("without equiv-text") ?? false, plan.outcomes.last?.message ?? "")
    }
}

/// What a second look at CAT tools' files found: paired codes, codes with content, segments, the root's `xml:space`.
final class XLIFFThirdPartyCodeTests: XCTestCase {
    private func units(_ body: String, root: String = "") throws -> [TransUnit] {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"\(root)>
              <file original="App/Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext"><body>
            \(body)
              </body></file>
            </xliff>
            """
        let data = Data(text.utf8)
        let fast = try XCTUnwrap(XLIFFByteReader.read(data, path: "in.xliff"), "the byte reader refused it")
        let reference = try XLIFFReader().readWithLibXML2(data, path: "in.xliff")
        XCTAssertEqual(fast, reference, "the two readers differ")
        return try XCTUnwrap(reference.files.first?.units)
    }

    /// `<bpt>`/`<ept>` and `<bx>`/`<ex>` pairs share their id (Okapi): the closing code is the source's closing code.
    func testPairedCodesAreToldApartByKind() throws {
        let units = try units("""
            <trans-unit id="a"><source>Tap <bpt id="1" equiv-text="&lt;b&gt;"/>%@<ept id="1" equiv-text="&lt;/b&gt;"/> now</source><target>Touchez <bpt id="1"/>%@<ept id="1"/> maintenant</target></trans-unit>
            <trans-unit id="b"><source>By <bx id="1" equiv-text="%1$@"/> on <ex id="1" equiv-text="%2$@"/></source><target>Par <bx id="1"/> sur <ex id="1"/></target></trans-unit>
            <trans-unit id="c"><source>Tap <bpt id="1">&lt;b&gt;</bpt>%@<ept id="1">&lt;/b&gt;</ept></source><target><x id="1"/></target></trans-unit>
            """)
        XCTAssertEqual(units[0].target, "Touchez <b>%@</b> maintenant")
        XCTAssertEqual(units[1].target, "Par %1$@ sur %2$@")
        XCTAssertEqual(units.map(\.unknownInlineCode), [nil, nil, .target], "an <x> for id 1 could be either code of the pair")
    }

    /// A source code that holds its text as content (`<ph id="1">%@</ph>`) gives it to the target's empty code.
    func testSourceCodeContentFillsTheTargetsEmptyCode() throws {
        let units = try units("""
            <trans-unit id="a"><source>Height (<ph id="1">%@</ph>)</source><target>Hauteur (<ph id="1"/>)</target></trans-unit>
            <trans-unit id="b"><source>One<ph id="lb" ctype="lb">
            </ph>Two</source><target>Un<ph id="lb"/>Deux</target></trans-unit>
            """)
        XCTAssertEqual(units.map(\.target), ["Hauteur (%@)", "Un\nDeux"])
        XCTAssertEqual(units.map(\.unknownInlineCode), [nil, nil])
    }

    /// `<x id="1"></x>` is `<x id="1"/>` to XML: read the same way, never as nothing.
    func testACodeWithAnEndTagAndNoContentIsAnEmptyCode() throws {
        let units = try units("""
            <trans-unit id="a"><source>Delete <x id="1" equiv-text="%@"></x></source><target>Supprimer <x id="1"></x></target></trans-unit>
            <trans-unit id="b"><source>Delete <x id="1" equiv-text="%@"/></source><target>Supprimer <x id="2"></x></target></trans-unit>
            <trans-unit id="c"><source>Delete <ph id="1"></ph></source><target>Supprimer</target></trans-unit>
            """)
        XCTAssertEqual(units.map(\.source), ["Delete %@", "Delete %@", "Delete "])
        XCTAssertEqual(units[0].target, "Supprimer %@")
        XCTAssertEqual(units.map(\.unknownInlineCode), [nil, .target, .source])
    }

    /// A target's references copy the source's code: past a megabyte a unit's codes are not
    /// read (the unit is refused), so a small file cannot grow into gigabytes (a red-team run
    /// crashed on a 1 MB file of references).
    func testReferencesToTheSourcesCodesAreBounded() throws {
        let big = String(repeating: "a", count: 400_000)
        let references = String(repeating: "<x id=\"1\"/>", count: 3)
        let units = try units("""
            <trans-unit id="a"><source><x id="1" equiv-text="\(big)"/></source><target>\(references)</target></trans-unit>
            <trans-unit id="b"><source><x id="1" equiv-text="\(big)"/></source><target><x id="1"/><x id="1"/></target></trans-unit>
            """)
        XCTAssertEqual(units.map(\.unknownInlineCode), [.target, nil])
        XCTAssertEqual(units[1].target?.utf8.count, 800_000)
    }

    func testAnEmptySegmentMarksTheUnitUnfinished() throws {
        let units = try units("""
            <trans-unit id="a"><source>Saved. Share it?</source><seg-source><mrk mtype="seg" mid="1">Saved.</mrk> <mrk mtype="seg" mid="2">Share it?</mrk></seg-source><target><mrk mtype="seg" mid="1">Enregistré.</mrk> <mrk mtype="seg" mid="2"/></target></trans-unit>
            <trans-unit id="b"><source>Saved. Share it?</source><target><mrk mtype="seg" mid="1">Enregistré.</mrk> <mrk mtype="seg" mid="2"> </mrk></target></trans-unit>
            <trans-unit id="c"><source>Saved. Share it?</source><target><mrk mtype="seg" mid="1">Enregistré.</mrk> <mrk mtype="seg" mid="2">Partager ?</mrk><mrk mtype="protected"/></target></trans-unit>
            """)
        XCTAssertEqual(units.map(\.hasEmptySegment), [true, true, false])
        XCTAssertEqual(units[2].target, "Enregistré. Partager ?")
    }

    func testRootPreserveIsInherited() throws {
        let units = try units("""
            <trans-unit id="a"><source>Quit</source><target>Quitter
                </target></trans-unit>
            """, root: " xml:space=\"preserve\"")
        XCTAssertEqual(units.map(\.target), ["Quitter\n    "])
    }

    /// Through the import: a blank target is no translation, an empty segment leaves the unit for later.
    func testImportSkipsBlankTargetsAndUnfinishedSegments() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try CheckExample.app("blank", declared: ["en", "fr"], localizable: [
            "Cancel": ["en": "Cancel", "fr": "Annuler"],
            "Saved": ["en": "Saved. Share it?"],
        ]).write(to: root)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext"><body>
                <trans-unit id="Cancel" xml:space="preserve"><source>Cancel</source><target state="translated">&#160;</target></trans-unit>
                <trans-unit id="Saved" xml:space="preserve"><source>Saved. Share it?</source><target state="translated"><mrk mtype="seg" mid="1">Enregistré.</mrk> <mrk mtype="seg" mid="2"/></target></trans-unit>
              </body></file>
            </xliff>
            """
        let input = ImportInput(path: "fr.xliff", document: try XLIFFReader().read(Data(text.utf8), path: "fr.xliff"))
        let plan = try ExchangeFixtures.plan(root, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), [.skipped, .skipped])
        XCTAssertEqual(plan.outcomes.map(\.reason), [.noTarget, .notTranslated])
        XCTAssertEqual(plan.changes.map(\.path), [])
    }
}
