import Foundation
import L10nKit
import XCTest

/// Writer edge cases against golden files in Golden/xliff (set L10N_RECORD_GOLDEN=1 to rewrite them).
final class XLIFFWriterTests: XCTestCase {
    private let writer = XLIFFWriter(tool: .l10n(version: "0.1.0"))

    private func assertGolden(_ data: Data, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Fixtures.golden("xliff/\(name)")
        if ProcessInfo.processInfo.environment["L10N_RECORD_GOLDEN"] == "1" {
            try data.write(to: url)
        }
        let expected = try Data(contentsOf: url)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), String(decoding: expected, as: UTF8.self), file: file, line: line)
        XCTAssertEqual(data, expected, file: file, line: line)
    }

    static let edgeCases = XLIFFDocument(files: [
        XLIFFFile(original: #"App/R&D "x" <y>'s.xcstrings"#, sourceLanguage: "en", targetLanguage: "de", units: [
            TransUnit(id: #"Tom & Jerry's "quote" <tag> > 1"#, source: #"Tom & Jerry's "quote" <tag> > 1"#,
                      target: #"Tom & Jerrys „Zitat" <tag>"#, targetState: .translated, note: #"A & B "c" <d>"#),
            TransUnit(id: "line1\nline2\ttab\rcr", source: "line1\nline2\ttab\rcr", target: "Zeile1\nZeile2\tTab\rCR",
                      targetState: .needsReviewL10n, note: "two\nlines"),
            TransUnit(id: "empty source", source: "", note: ""),
            TransUnit(id: "empty target", source: "Something", target: "", targetState: .translated, note: nil),
            TransUnit(id: "do not translate", translate: false, source: "MyApp", note: "Brand name"),
            TransUnit(id: "Größe 😀 日本語", source: "Größe 😀 日本語 ‏עברית‏", target: "Größe 😀 日本語", targetState: .new, note: "é"),
            TransUnit(id: "cdata ]]> end", source: "a]]>b", target: "a]]>b", targetState: .final, note: ""),
            TransUnit(id: "items|==|plural.one", source: "%lld item", target: "%lld Objekt", targetState: .translated, note: ""),
            TransUnit(id: "approved", source: "OK", target: "OK", targetState: .signedOff, note: "", approved: true),
        ]),
        XLIFFFile(original: "App/en.lproj/Main.strings", sourceLanguage: "en", targetLanguage: "de", units: [
            TransUnit(id: "kCO-9u-5kw.text", source: "Run", target: "Laufen", note: #"Class = "UILabel"; text = "Run"; ObjectID = "kCO-9u-5kw";"#),
            TransUnit(id: "legacy", source: "No target", note: "No comment provided by engineer."),
        ]),
        XLIFFFile(original: "Source only.xcstrings", sourceLanguage: "en", targetLanguage: nil, datatype: "plaintext", units: []),
    ])

    func testEdgeCasesGolden() throws {
        let data = try writer.data(Self.edgeCases)
        try assertGolden(data, "edge-cases.xliff")
    }

    /// What the writer produces, libxml2 reads back to the same values (the target-less file aside,
    /// which the reader refuses on purpose).
    func testEdgeCasesReparse() throws {
        var document = Self.edgeCases
        document.files.removeLast()
        let data = try writer.data(document)
        let again = try XLIFFReader().read(data, path: "edge-cases.xliff")
        // Every unit gets exactly one <note>: a nil note is written as <note/> and reads back as "".
        document.files[0].units[3].note = ""
        XCTAssertEqual(XLIFFFixtureTests.stripped(again), document)

        XCTAssertThrowsError(try XLIFFReader().read(writer.data(Self.edgeCases), path: "e.xliff")) { error in
            XCTAssertEqual((error as? XLIFFError)?.kind, .missingTargetLanguage)
        }
    }

    func testEmptyDocumentGolden() throws {
        try assertGolden(try writer.data(XLIFFDocument()), "empty.xliff")
        XCTAssertEqual(try XLIFFReader().read(writer.data(XLIFFDocument()), path: "empty.xliff"), XLIFFDocument())
    }

    func testCustomTool() throws {
        let custom = XLIFFWriter(tool: XLIFFTool(id: "com.example.l10n", name: "l10n \"ci\"", version: nil, buildNumber: nil))
        let text = try custom.string(XLIFFFile(original: "a.xcstrings", sourceLanguage: "en", targetLanguage: "fr"))
        XCTAssertEqual(text, """
              <file original="a.xcstrings" source-language="en" target-language="fr" datatype="plaintext">
                <header>
                  <tool tool-id="com.example.l10n" tool-name="l10n &quot;ci&quot;"/>
                </header>
                <body/>
              </file>

            """)
    }

    func testEscaping() {
        XCTAssertEqual(XLIFFWriter.escapeText(#"a & b < c > d "e" 'f'"# + "\n\t\r"), #"a &amp; b &lt; c &gt; d "e" 'f'"# + "\n\t&#13;")
        XCTAssertEqual(XLIFFWriter.escapeAttribute(#"a & b < c > d "e" 'f'"# + "\n\t\r"), "a &amp; b &lt; c &gt; d &quot;e&quot; 'f'&#10;&#9;&#13;")
        XCTAssertEqual(XLIFFWriter.escapeText("plain ü"), "plain ü")
    }

    /// Characters XML 1.0 cannot carry are refused with the unit named, never written broken.
    func testUnrepresentableCharacterRefused() {
        let location = SourceLocation(file: "App/Localizable.xcstrings", line: 12, column: 5)
        let document = XLIFFDocument(files: [XLIFFFile(original: "a.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: [
            TransUnit(id: "bell", source: "ding\u{7}", location: location),
        ])])
        XCTAssertThrowsError(try writer.data(document)) { error in
            let error = error as? XLIFFError
            XCTAssertEqual(error?.kind, .unrepresentableCharacter("\u{7}"))
            XCTAssertEqual(error?.location, location)
            XCTAssertEqual(error?.message, "the source of unit 'bell' of 'a.xcstrings' contains U+0007, which XML 1.0 cannot carry")
        }
        // An exported unit (no place in a translator file) names its project file; the id's
        // control character is spelled out, never written raw to a terminal.
        XCTAssertThrowsError(try writer.data(XLIFFDocument(files: [XLIFFFile(original: "App/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de",
                                                                             units: [TransUnit(id: "nul\u{0}key", source: "x")])]))) { error in
            let error = error as? XLIFFError
            XCTAssertEqual(error?.location, SourceLocation(file: "App/Localizable.xcstrings"))
            XCTAssertEqual(error?.message, "the id of unit 'nul\\u{0}key' of 'App/Localizable.xcstrings' contains U+0000, which XML 1.0 cannot carry")
        }
        XCTAssertThrowsError(try writer.data(XLIFFDocument(files: [XLIFFFile(original: "a\u{FFFE}", sourceLanguage: "en", targetLanguage: "de")])))
        XCTAssertFalse(XLIFFWriter.isRepresentable("\u{0}"))
        XCTAssertTrue(XLIFFWriter.isRepresentable("\u{85}"))
        XCTAssertTrue(XLIFFWriter.isRepresentable("\u{10FFFF}"))
    }

    func testAtomicWrite() throws {
        let url = try Fixtures.temporaryFolder(self).appendingPathComponent("de.xliff")
        try writer.write(Self.edgeCases, to: url)
        XCTAssertEqual(try Data(contentsOf: url), try writer.data(Self.edgeCases))
    }

    /// A suggestion's origin given in pieces (`kind:file#id`, as the translation memory makes it)
    /// is the same value, and is written to the same bytes, as the origin given whole; escaping
    /// and the check of what XML cannot carry reach every piece.
    func testOriginInPiecesIsTheOriginWhole() throws {
        let cases: [(kind: String, file: String, id: String)] = [
            ("exact", "App/Localizable.xcstrings", "Done"),
            ("near", "App/a \"b\" & <c>.xcstrings", "key|==|plural.one\twith\ttabs"),
            ("sdk", "Vendor/IMGLYEditor.xcstrings", ""),
        ]
        for piece in cases {
            let pieced = AltTrans(matchQuality: 80, originKind: piece.kind, originFile: piece.file, originID: piece.id, source: "Open", target: "Öffnen")
            let whole = AltTrans(matchQuality: 80, origin: "\(piece.kind):\(piece.file)#\(piece.id)", source: "Open", target: "Öffnen")
            XCTAssertEqual(pieced.origin, whole.origin)
            XCTAssertEqual(pieced, whole)
            XCTAssertEqual(pieced.hashValue, whole.hashValue)
            func document(_ alternative: AltTrans) -> XLIFFDocument {
                var unit = TransUnit(id: "Open", source: "Open", target: "Öffnen", targetState: .translated)
                unit.alternatives = [alternative]
                return XLIFFDocument(files: [XLIFFFile(original: "App/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: [unit])])
            }
            XCTAssertEqual(try writer.data(document(pieced)), try writer.data(document(whole)))
        }
        var renamed = AltTrans(matchQuality: 80, originKind: "exact", originFile: "App/A.xcstrings", originID: "Done", source: "Open", target: "Öffnen")
        renamed.origin = "tm:elsewhere"
        XCTAssertEqual(renamed.origin, "tm:elsewhere")
        XCTAssertNotEqual(renamed, AltTrans(matchQuality: 80, originKind: "exact", originFile: "App/A.xcstrings", originID: "Done", source: "Open", target: "Öffnen"))
        // A character XML cannot carry is refused in whichever piece it is.
        for (kind, file, id) in [("exact", "App/A.xcstrings", "Done\u{1}"), ("exact", "App/\u{1}.xcstrings", "Done"), ("ex\u{1}act", "App/A.xcstrings", "Done")] {
            var unit = TransUnit(id: "Open", source: "Open", target: "Öffnen", targetState: .translated)
            unit.alternatives = [AltTrans(matchQuality: 80, originKind: kind, originFile: file, originID: id, source: "Open", target: "Öffnen")]
            XCTAssertThrowsError(try writer.data(XLIFFDocument(files: [XLIFFFile(original: "App/Localizable.xcstrings", sourceLanguage: "en",
                                                                                 targetLanguage: "de", units: [unit])])), "\(kind) \(file) \(id)")
        }
    }

    /// A document of several pieces (units with suggestions, 3 MB): the pieces, cut between
    /// units, join to `data`'s bytes, and the file written through them holds those bytes.
    func testPiecesJoinToTheDocument() throws {
        let units = (0..<6_000).map { index in
            var unit = TransUnit(id: "key.\(index) & <\(index)>", source: String(repeating: "Source \(index) ", count: 8),
                                 target: index % 3 == 0 ? nil : "Ziel \(index)", targetState: index % 3 == 0 ? nil : .needsReviewL10n, note: "Note \(index)")
            unit.alternatives = (0..<(index % 4)).map { AltTrans(matchQuality: 90 - $0, origin: "App/Other.xcstrings", source: "Source \(index + $0)", target: "Ziel \($0) \"quoted\"") }
            return unit
        }
        let document = XLIFFDocument(files: [
            XLIFFFile(original: "App/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: Array(units[..<4_000])),
            XLIFFFile(original: "App/Empty.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: []),
            XLIFFFile(original: "App/Other.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: Array(units[4_000...])),
        ])
        let whole = try writer.data(document)
        var pieces: [Data] = []
        try writer.write(document, pieces: { pieces.append(Data($0)) })
        XCTAssertGreaterThan(whole.count, 3_000_000)
        XCTAssertGreaterThanOrEqual(pieces.count, 3)
        XCTAssertEqual(pieces.reduce(Data(), +), whole)
        for piece in pieces.dropLast() {
            XCTAssertTrue(piece.starts(with: Data("      <trans-unit".utf8)) || piece.starts(with: Data("<?xml".utf8)) || piece.starts(with: Data("    </body>".utf8)))
            let end = Data("      </trans-unit>\n".utf8)
            // Pieces of 256 KB, cut at the first unit end after it: the buffer stays about a piece.
            XCTAssertTrue(piece.count >= 1 << 18 && piece.count < (1 << 18) + 4_096 && piece.suffix(end.count) == end, "a piece ends after a unit")
        }
        let url = try Fixtures.temporaryFolder(self).appendingPathComponent("de.xliff")
        try writer.write(document, to: url)
        XCTAssertEqual(try Data(contentsOf: url), whole)
    }

    /// A unit XML cannot carry, after a megabyte of units already handed on: the error is the
    /// writer's, the file written before is untouched, and no temporary file is left.
    func testRefusalAfterPiecesLeavesTheFileAsItWas() throws {
        var units = (0..<20_000).map { TransUnit(id: "key.\($0)", source: "A source text of some length, number \($0)", note: "") }
        units.append(TransUnit(id: "bell", source: "ding\u{7}"))
        let document = XLIFFDocument(files: [XLIFFFile(original: "a.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: units)])
        let folder = try Fixtures.temporaryFolder(self)
        let url = folder.appendingPathComponent("de.xliff")
        try Data("old".utf8).write(to: url)
        var handed = 0
        XCTAssertThrowsError(try writer.write(document, pieces: { handed += $0.count })) { XCTAssertEqual(($0 as? XLIFFError)?.kind, .unrepresentableCharacter("\u{7}")) }
        XCTAssertGreaterThan(handed, 1 << 20, "pieces went out before the refusal")
        XCTAssertThrowsError(try writer.write(document, to: url)) { XCTAssertEqual(($0 as? XLIFFError)?.kind, .unrepresentableCharacter("\u{7}")) }
        XCTAssertEqual(try Data(contentsOf: url), Data("old".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["de.xliff"])
        // An .xcloc bundle streams its XLIFF the same way: the refusal leaves no bundle, no staging folder.
        XCTAssertThrowsError(try XclocBundle.write(document: document, contents: XclocContents(developmentRegion: "en", targetLocale: "de"),
                                                   sourceContents: [], to: folder.appendingPathComponent("de.xcloc"), writer: writer)) {
            XCTAssertEqual(($0 as? XLIFFError)?.kind, .unrepresentableCharacter("\u{7}"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["de.xliff"])
    }
}
