@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import Foundation
import XCTest
@testable import L10nTestSupport

/// The byte-level XLIFF reader (issue 11) against the libxml2 reader it sits in front of, which
/// stays the judge of everything the byte reader refuses: on real, exported, generated and hostile
/// inputs, the byte reader gives libxml2's document or refuses, and `XLIFFReader.read` gives the
/// same document or the same located error as libxml2 alone.
final class XLIFFByteReaderTests: XCTestCase {
    /// Compares the two readers on one input; returns whether the byte reader read it.
    @discardableResult
    private func assertSame(_ data: Data, _ name: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let reference = Result { try XLIFFReader().readWithLibXML2(data, path: name) }
        let fast = XLIFFByteReader.read(data, path: name)
        if let fast {
            switch reference {
            case .success(let document):
                if fast != document {
                    XCTFail("\(name): the byte reader's document differs from libxml2's\n\(firstDifference(fast, document))", file: file, line: line)
                }
            case .failure(let error):
                XCTFail("\(name): the byte reader read a document libxml2 refuses: \(error)", file: file, line: line)
            }
        }
        let combined = Result { try XLIFFReader().read(data, path: name) }
        switch (combined, reference) {
        case (.success(let a), .success(let b)):
            XCTAssertTrue(a == b, "\(name): documents differ", file: file, line: line)
        case (.failure(let a as XLIFFError), .failure(let b as XLIFFError)):
            XCTAssertEqual(a.kind, b.kind, name, file: file, line: line)
            XCTAssertEqual(a.description, b.description, name, file: file, line: line)
            XCTAssertEqual(a.hint, b.hint, name, file: file, line: line)
        default:
            XCTFail("\(name): \(combined) vs \(reference)", file: file, line: line)
        }
        return fast != nil
    }

    private func firstDifference(_ a: XLIFFDocument, _ b: XLIFFDocument) -> String {
        guard a.files.count == b.files.count else { return "files: \(a.files.count) vs \(b.files.count)" }
        for (x, y) in zip(a.files, b.files) where x != y {
            var header = x
            header.units = []
            var other = y
            other.units = []
            if header != other { return "file: \(header) vs \(other)" }
            guard x.units.count == y.units.count else { return "units of \(x.original): \(x.units.count) vs \(y.units.count)" }
            for (u, v) in zip(x.units, y.units) where u != v { return "unit: \(u) vs \(v)" }
        }
        return "?"
    }

    // MARK: What Xcode, l10n and translators write: read by the byte reader

    func testGoldenAndRealFilesReadAsByLibXML2() throws {
        var urls: [URL] = []
        for folder in ["exchange", "pseudo", "xliff"] {
            let root = Fixtures.golden(folder)
            urls += try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil).filter { $0.pathExtension == "xliff" }
        }
        XCTAssertGreaterThanOrEqual(urls.count, 8)
        for url in urls.sorted(by: { $0.path < $1.path }) {
            let data = try Data(contentsOf: url)
            let read = assertSame(data, url.lastPathComponent)
            // edge-cases.xliff ends with a <file> without target-language: an error, left to libxml2.
            if (try? XLIFFReader().readWithLibXML2(data, path: url.lastPathComponent)) != nil {
                XCTAssertTrue(read, "\(url.lastPathComponent) went to libxml2")
            }
        }
    }

    func testSharedFixturesReadAsByLibXML2() throws {
        let urls = try Fixtures.sharedFiles(in: "fixtures/xliff", withExtension: "xliff")
        XCTAssertFalse(urls.isEmpty)
        for url in urls {
            XCTAssertTrue(assertSame(try Data(contentsOf: url), url.lastPathComponent), "\(url.lastPathComponent) went to libxml2")
        }
    }

    /// Every locale's export of the sample app and of generated projects, as written and as a
    /// translator returns it (targets changed, some markup a tool adds).
    func testExportsReadAsByLibXML2() throws {
        var roots = [try ExchangeFixtures.sampleCopy(self), try ExchangeFixtures.importProject(self)]
        for (size, seed) in [(ProjectGenerator.Size.small, UInt64(1)), (ProjectGenerator.Size(sdkKeys: 900, locales: 9, tables: 3), 7)] {
            let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Generated-\(seed)")
            _ = try ProjectGenerator(size: size, seed: seed).write(to: root)
            roots.append(root)
        }
        var units = 0
        for root in roots {
            let project = try ProjectDiscovery(root: root).discover()
            let exporter = XLIFFExporter(project: project)
            for locale in exporter.defaultLocales {
                for scope in ExportScope.allCases {
                    var document = exporter.export(locale: locale, scope: scope).document
                    let data = try XLIFFWriter(tool: ExchangeFixtures.tool).data(document)
                    XCTAssertTrue(assertSame(data, "\(root.lastPathComponent).\(locale).\(scope).xliff"))
                    for f in document.files.indices {
                        for u in document.files[f].units.indices {
                            document.files[f].units[u].target = (document.files[f].units[u].target ?? document.files[f].units[u].source) + " <&> \"übersetzt\" 🇩🇪"
                            document.files[f].units[u].targetState = .translated
                        }
                    }
                    let changed = try XLIFFWriter(tool: ExchangeFixtures.tool).data(document)
                    XCTAssertTrue(assertSame(changed, "\(root.lastPathComponent).\(locale).\(scope).changed.xliff"))
                    units += document.files.reduce(0) { $0 + $1.units.count }
                }
            }
        }
        XCTAssertGreaterThan(units, 1_000)
    }

    // MARK: Hostile and unusual input

    static let base = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
          <file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
            <header>
              <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="16.4" build-num="16F6"/>
            </header>
            <body>
              <trans-unit id="%lld files" xml:space="preserve">
                <source>%lld files &amp; &lt;folders&gt; &#233;&#x1F600;</source>
                <target state="translated">%lld Dateien &quot;x&quot; &apos;y&apos;</target>
                <note>A note — with “quotes”</note>
              </trans-unit>
              <group id="g">
                <trans-unit id="k|==|plural.one" translate="no" approved="yes" maxwidth="20" size-unit="char">
                  <source>One <g id="1">file</g><!-- a comment --><![CDATA[ <raw> & ]]></source>
                  <target>Eine Datei</target>
                  <note/>
                  <note>second</note>
                </trans-unit>
              </group>
              <trans-unit id="empty"><source/><target state="needs-review-translation"/></trans-unit>
            </body>
          </file>
          <file original="App/Other.strings" datatype="plaintext" source-language="en" target-language="de">
            <body><trans-unit id="x"><source>a</source></trans-unit></body>
          </file>
        </xliff>

        """

    func testUnusualButWellFormedInput() throws {
        let base = Self.base
        XCTAssertTrue(assertSame(Data(base.utf8), "base.xliff"))
        let variants: [(String, String)] = [
            ("bom", "\u{FEFF}" + base),
            ("crlf", base.replacingOccurrences(of: "\n", with: "\r\n")),
            ("cr", base.replacingOccurrences(of: "\n", with: "\r")),
            ("single-quotes", base.replacingOccurrences(of: "\"", with: "'")),
            ("reordered", base.replacingOccurrences(of: "source-language=\"en\" target-language=\"de\" datatype=\"plaintext\"",
                                                   with: "datatype=\"plaintext\" target-language=\"de\" source-language=\"en\"")),
            ("spaces-around-equals", base.replacingOccurrences(of: "id=\"", with: "id = \"")),
            ("no-declaration", String(base.drop { $0 != "\n" }.dropFirst())),
            ("declaration-lowercase-encoding", base.replacingOccurrences(of: "UTF-8", with: "utf-8")),
            ("declaration-standalone", base.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-8\" standalone=\"yes\"")),
            ("declaration-only-version", base.replacingOccurrences(of: " encoding=\"UTF-8\"", with: "")),
            ("prefixed", base.replacingOccurrences(of: "<xliff xmlns=", with: "<x:xliff xmlns:x=").replacingOccurrences(of: "</xliff>", with: "</x:xliff>")),
            ("no-namespace", base.replacingOccurrences(of: "xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" ", with: "")),
            ("no-version", base.replacingOccurrences(of: " version=\"1.2\"", with: "")),
            ("foreign-element", base.replacingOccurrences(of: "<note/>", with: "<x:note xmlns:x=\"urn:other\">skipped</x:note><note/>")),
            ("foreign-default", base.replacingOccurrences(of: "<note/>", with: "<note xmlns=\"urn:other\">skipped</note>")),
            ("undeclared-default", base.replacingOccurrences(of: "<note/>", with: "<note xmlns=\"\">skipped</note>")),
            ("comments-everywhere", base.replacingOccurrences(of: "<body>", with: "<body><!-- c1 --><!---->").replacingOccurrences(of: "</xliff>", with: "</xliff>\n<!-- after -->\n")),
            ("tab-in-attribute", base.replacingOccurrences(of: "id=\"empty\"", with: "id=\"em\tpty\"")),
            ("newline-in-attribute", base.replacingOccurrences(of: "id=\"empty\"", with: "id=\"em\npty\"")),
            ("reference-in-attribute", base.replacingOccurrences(of: "id=\"empty\"", with: "id=\"a&amp;b&#10;&#x9;c&lt;\"")),
            ("gt-in-attribute", base.replacingOccurrences(of: "id=\"empty\"", with: "id=\"a>b\"")),
            ("second-source", base.replacingOccurrences(of: "<target>Eine Datei</target>", with: "<source>again</source><target>Eine Datei</target><target>twice</target>")),
            ("processing-instruction", base.replacingOccurrences(of: "<body>", with: "<body><?pi data?>")),
            ("doctype", base.replacingOccurrences(of: "<xliff ", with: "<!DOCTYPE xliff>\n<xliff ")),
            ("latin1-declared", base.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1")),
            ("version-1.1", base.replacingOccurrences(of: "version=\"1.0\"", with: "version=\"1.1\"")),
            ("xliff-2.0", base.replacingOccurrences(of: "version=\"1.2\"", with: "version=\"2.0\"")),
            ("not-xliff", base.replacingOccurrences(of: "<xliff ", with: "<xlf ").replacingOccurrences(of: "</xliff>", with: "</xlf>")),
            ("no-original", base.replacingOccurrences(of: "original=\"App/Other.strings\" ", with: "")),
            ("no-target-language", base.replacingOccurrences(of: " target-language=\"de\" datatype", with: " datatype")),
            ("empty-target-language", base.replacingOccurrences(of: "target-language=\"de\" datatype", with: "target-language=\"\" datatype")),
            ("no-id", base.replacingOccurrences(of: "trans-unit id=\"x\"", with: "trans-unit")),
            ("no-source", base.replacingOccurrences(of: "<source>a</source>", with: "")),
            ("unknown-entity", base.replacingOccurrences(of: "&amp;", with: "&nbsp;")),
            ("bad-character-reference", base.replacingOccurrences(of: "&#233;", with: "&#1;")),
            ("surrogate-reference", base.replacingOccurrences(of: "&#233;", with: "&#xD800;")),
            ("uppercase-hex-reference", base.replacingOccurrences(of: "&#x1F600;", with: "&#X1F600;")),
            ("unterminated-reference", base.replacingOccurrences(of: "&amp;", with: "&amp")),
            ("bare-ampersand", base.replacingOccurrences(of: "&amp;", with: "& ")),
            ("lt-in-attribute", base.replacingOccurrences(of: "id=\"empty\"", with: "id=\"a<b\"")),
            ("cdata-end-in-text", base.replacingOccurrences(of: "A note", with: "A ]]> note")),
            ("double-hyphen-comment", base.replacingOccurrences(of: "a comment", with: "a -- comment")),
            ("comment-ending-in-hyphen", base.replacingOccurrences(of: "a comment ", with: "a comment-")),
            ("duplicate-attribute", base.replacingOccurrences(of: "translate=\"no\"", with: "translate=\"no\" translate=\"yes\"")),
            ("duplicate-expanded-attribute", base.replacingOccurrences(of: "<note/>", with: "<note xmlns:a=\"urn:z\" xmlns:b=\"urn:z\" a:k=\"1\" b:k=\"2\"/>")),
            ("xliff-namespace-attribute", base.replacingOccurrences(of: "<note/>", with: "<note xmlns:x=\"urn:oasis:names:tc:xliff:document:1.2\" x:id=\"1\"/>")),
            ("unbound-prefix", base.replacingOccurrences(of: "<note/>", with: "<y:note/>")),
            ("unbound-attribute-prefix", base.replacingOccurrences(of: "<note/>", with: "<note y:a=\"1\"/>")),
            ("no-space-between-attributes", base.replacingOccurrences(of: "translate=\"no\" approved", with: "translate=\"no\"approved")),
            ("mismatched-end", base.replacingOccurrences(of: "</group>", with: "</grop>")),
            ("second-root", base + "<xliff version=\"1.2\"/>"),
            ("text-after-root", base + "trailing"),
            ("text-before-root", "junk" + base),
            ("space-before-declaration", " " + base),
            ("control-character", base.replacingOccurrences(of: "second", with: "sec\u{1}ond")),
            ("nonchar-fffe", base.replacingOccurrences(of: "second", with: "sec\u{FFFE}ond")),
            ("del-and-c1", base.replacingOccurrences(of: "second", with: "sec\u{7F}\u{85}ond")),
            ("end-tag-with-space", base.replacingOccurrences(of: "</group>", with: "</group >")),
            ("empty-root", "<?xml version=\"1.0\"?><xliff version=\"1.2\"/>"),
            ("nested-groups", base.replacingOccurrences(of: "<group id=\"g\">", with: "<group><group><group id=\"g\">").replacingOccurrences(of: "</group>", with: "</group></group></group>")),
            ("deep", base.replacingOccurrences(of: "<note/>", with: String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300))),
            ("colon-name", base.replacingOccurrences(of: "<note/>", with: "<a:b:c/>")),
            ("digit-local-name", base.replacingOccurrences(of: "<note/>", with: "<x:1 xmlns:x=\"urn:z\"/>")),
            ("xml-prefix-rebound", base.replacingOccurrences(of: "<note/>", with: "<note xmlns:xml=\"urn:z\"/>")),
            ("prefix-undeclared", base.replacingOccurrences(of: "<note/>", with: "<note xmlns:p=\"\"/>")),
            ("non-ascii-name", base.replacingOccurrences(of: "<note/>", with: "<nöte/>")),
            ("many-attributes", base.replacingOccurrences(of: "<note/>", with: "<note " + (0..<100).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + "/>")),
            ("many-attributes-duplicate", base.replacingOccurrences(of: "<note/>", with: "<note " + (0..<100).map { "a\($0 % 99)=\"\($0)\"" }.joined(separator: " ") + "/>")),
            ("empty", ""),
            ("whitespace-only", "  \n"),
        ]
        // What translators' tools plausibly send back is read without libxml2.
        let fastVariants: Set = ["bom", "crlf", "cr", "single-quotes", "reordered", "spaces-around-equals", "no-declaration",
                                 "declaration-lowercase-encoding", "declaration-standalone", "declaration-only-version", "prefixed",
                                 "no-namespace", "no-version", "foreign-element", "foreign-default", "undeclared-default",
                                 "comments-everywhere", "reference-in-attribute", "gt-in-attribute", "second-source",
                                 "del-and-c1", "end-tag-with-space", "empty-root", "nested-groups"]
        for (name, text) in variants {
            let read = assertSame(Data(text.utf8), name + ".xliff")
            if fastVariants.contains(name) { XCTAssertTrue(read, "\(name) went to libxml2") }
        }

        var binary: [(String, Data)] = [
            ("utf16le", Data([0xFF, 0xFE]) + base.data(using: .utf16LittleEndian)!),
            ("utf16be", Data([0xFE, 0xFF]) + base.data(using: .utf16BigEndian)!),
            ("utf16le-no-bom", base.data(using: .utf16LittleEndian)!),
            ("latin1", Self.latin1(base.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1"))),
            ("latin1-undeclared", Self.latin1(base)),
        ]
        let utf8 = Array(base.utf8)
        let second = Array(base.utf8).firstRange(of: Array("second".utf8))!.lowerBound
        for (name, bytes) in [("invalid-continuation", [0xC3, 0x28]), ("overlong", [0xC0, 0xAF]), ("surrogate", [0xED, 0xA0, 0x80]),
                              ("too-large", [0xF4, 0x90, 0x80, 0x80]), ("lone-continuation", [0x80]), ("truncated-sequence", [0xE2, 0x82])] as [(String, [UInt8])] {
            var copy = utf8
            copy.insert(contentsOf: bytes, at: second)
            binary.append((name, Data(copy)))
        }
        for (name, data) in binary { assertSame(data, name + ".xliff") }
    }

    /// The text in ISO 8859-1 with a raw `é`; characters beyond it become `-`.
    private static func latin1(_ text: String) -> Data {
        Data(text.replacingOccurrences(of: "second", with: "s\u{E9}cond").unicodeScalars.map { $0.value < 0x100 ? UInt8($0.value) : UInt8(ascii: "-") })
    }

    /// Every cut of the file (a download or copy interrupted) is refused as libxml2 refuses it.
    func testTruncatedInput() throws {
        let data = Data(Self.base.utf8)
        var read = 0
        for end in 0..<data.count where assertSame(data.prefix(end), "cut-\(end).xliff") { read += 1 }
        // Only cuts in the whitespace after </xliff> are whole documents.
        XCTAssertLessThanOrEqual(read, 2)
    }

    /// Random single-byte changes: the byte reader never accepts what libxml2 refuses, and reads
    /// what it accepts the same way.
    func testRandomByteChanges() throws {
        var random = SeededRandom(seed: 11)
        let data = Array(Self.base.utf8)
        let replacements: [UInt8] = Array("<>&;\"'/=!?-[]# \t\r\nax:0".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        var accepted = 0
        for round in 0..<1_500 {
            var copy = data
            for _ in 0..<(1 + round % 3) {
                let at = Int(random.next() % UInt64(copy.count))
                switch random.next() % 3 {
                case 0: copy[at] = replacements[Int(random.next() % UInt64(replacements.count))]
                case 1: copy.remove(at: at)
                default: copy.insert(replacements[Int(random.next() % UInt64(replacements.count))], at: at)
                }
            }
            if assertSame(Data(copy), "random-\(round).xliff") { accepted += 1 }
        }
        XCTAssertGreaterThan(accepted, 100)
    }

    /// The line and column of every `<file>` and `<trans-unit>`, counted as the scans step over
    /// each line break (in text, between attributes, in comments and CDATA, outside the root),
    /// are those a byte-by-byte count gives (LF or a lone CR ends a line; columns in scalars),
    /// over layouts of every kind and any UTF-8; and libxml2 reads each document the same.
    /// (No CR inside CDATA: the byte reader makes it an LF there, libxml2's path keeps it, as
    /// before these line counts; left as it is, behaviour unchanged.)
    func testLocationsMatchAByteByByteCount() {
        func reference(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
            var line = 1, column = 1
            for k in 0..<offset {
                let c = bytes[k]
                if c == 0x0A || (c == 0x0D && (k + 1 >= bytes.count || bytes[k + 1] != 0x0A)) {
                    line += 1
                    column = 1
                } else if c != 0x0D && c & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return (line, column)
        }
        let breaks = ["\n", "\r\n", "\r", " ", "  ", "\t", "\n    ", "\r\n\t", "\n\n", "\r\r\n"]
        let texts = ["Grüße 日本 😀", "a\nb", "a\r\nb\rc", "x<!-- c\r\nd\ne -->y", "<![CDATA[p\nq\n\tr]]>", "&amp;\n&#10;",
                     String(repeating: "x", count: 37), "", "<g id=\"1\">in\nline</g>"]
        var random = L10nTestSupport.SeededRandom(seed: 21)
        var units = 0
        for round in 0..<300 {
            func space() -> String { (0..<random.below(3)).map { _ in breaks[random.below(breaks.count)] }.joined() }
            var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>" + space() + "<!-- a\ncomment -->" + space()
            document += "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\"" + (space().isEmpty ? " " : space() + " ") + "version=\"1.2\">" + space()
            for f in 0..<(1 + random.below(2)) {
                document += "<file original=\"f\(f)\"" + " " + space() + "source-language=\"en\" target-language=\"de\">" + space() + "<body>"
                for u in 0..<random.below(6) {
                    document += space() + "<trans-unit" + " " + space() + "id=\"u\(u)\"" + space() + ">" + space()
                    document += "<source>" + texts[random.below(texts.count)] + "</source>" + space()
                    if round.isMultiple(of: 3) { document += "<target" + space() + ">" + texts[random.below(texts.count)] + "</target" + space() + ">" + space() }
                    document += "</trans-unit>"
                }
                document += space() + "</body>" + space() + "</file>" + space()
            }
            document += "</xliff>" + space()
            let bytes = Array(document.utf8)
            guard let read = XLIFFByteReader.read(Data(bytes), path: "p") else {
                XCTFail("round \(round): refused\n\(document)")
                continue
            }
            var starts: [Int] = []
            for k in bytes.indices where bytes[k] == UInt8(ascii: "<") {
                if bytes[k...].starts(with: Array("<file ".utf8)) || bytes[k...].starts(with: Array("<trans-unit".utf8)) { starts.append(k) }
            }
            let located = read.files.flatMap { [$0.location] + $0.units.map(\.location) }
            XCTAssertEqual(located.count, starts.count, "round \(round)")
            for (location, offset) in zip(located, starts) {
                let expected = reference(bytes, offset)
                XCTAssertEqual(location?.line, expected.line, "round \(round) offset \(offset)")
                XCTAssertEqual(location?.column, expected.column, "round \(round) offset \(offset)")
            }
            units += starts.count
            assertSame(Data(bytes), "layout-\(round).xliff")
        }
        XCTAssertGreaterThan(units, 500)
    }

    /// The XLIFF files under the folder `L10N_XLIFF_ORACLE_DIR` names (translators' files, the
    /// bench's hand-off, exports of real projects), as they are and changed as files get broken
    /// (line ends, cuts, random bytes): the byte reader gives libxml2's document or refuses,
    /// and the reader gives the same document or the same located error. Skipped without it.
    func testFilesOfAFolderReadAsByLibXML2() throws {
        guard let folder = ProcessInfo.processInfo.environment["L10N_XLIFF_ORACLE_DIR"] else {
            throw XCTSkip("L10N_XLIFF_ORACLE_DIR names no folder")
        }
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".xliff") }.sorted() ?? []
        XCTAssertFalse(files.isEmpty)
        var random = SeededRandom(seed: 39)
        for name in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name))
            XCTAssertTrue(assertSame(data, name), "\(name) went to libxml2")
            let text = String(decoding: data, as: UTF8.self)
            assertSame(Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8), name + ".crlf")
            assertSame(Data(text.replacingOccurrences(of: "\n", with: "\r").utf8), name + ".cr")
            let bytes = Array(data)
            let replacements: [UInt8] = Array("<>&;\"'/=!?-[]# \t\r\nax:0".utf8) + [0x00, 0x80, 0xC3, 0xFF]
            for round in 0..<12 {
                var copy = bytes
                let at = Int(random.next() % UInt64(copy.count))
                switch round % 4 {
                case 0: copy = Array(copy[..<at])
                case 1: copy[at] = replacements[Int(random.next() % UInt64(replacements.count))]
                case 2: copy.remove(at: at)
                default: copy.insert(replacements[Int(random.next() % UInt64(replacements.count))], at: at)
                }
                assertSame(Data(copy), "\(name).changed-\(round)")
            }
        }
    }

    /// Each name the byte reader compares as words is the text it stands for.
    func testByteNamesAreTheirTexts() {
        for (text, name) in ByteName.all {
            let bytes = Array(text.utf8)
            XCTAssertEqual(name.count, bytes.count, text)
            var low: UInt64 = 0, high: UInt64 = 0
            for (k, byte) in bytes.prefix(16).enumerated() {
                if k < 8 { low |= UInt64(byte) << UInt64(8 * k) } else { high |= UInt64(byte) << UInt64(8 * (k - 8)) }
            }
            XCTAssertEqual(name.low, low, text)
            XCTAssertEqual(name.high, high, text)
        }
    }

    /// A `<trans-unit>`'s attributes, read in one walk: in any order, repeated, with the names'
    /// look-alikes, prefixed in the XLIFF namespace (refused), in another namespace or `xml:`
    /// (ignored), or missing, each unit reads as libxml2 reads it.
    func testUnitAttributesInAnyOrderAndPrefix() throws {
        var random = L10nTestSupport.SeededRandom(seed: 38)
        let attributes = [#"id="a""#, #"id="b&amp;c""#, #"translate="no""#, #"translate="yes""#, #"approved="yes""#, #"approved="no""#,
                          #"size-unit="char""#, #"size-unit="pixel""#, #"maxwidth="20""#, #"maxwidth="x""#, #"x:id="p""#, #"o:id="q""#,
                          #"x:translate="no""#, #"o:maxwidth="5""#, #"xml:id="r""#, #"xml:space="preserve""#, #"idx="s""#, #"i="t""#,
                          #"translatE="no""#, #"approve="yes""#, #"size-units="char""#, #"maxwidt="3""#, #"resname="n""#]
        var read = 0
        for round in 0..<600 {
            var chosen: [String] = []
            for _ in 0..<random.below(6) {
                let attribute = attributes[random.below(attributes.count)]
                // The same name twice is malformed XML; both readers refuse it.
                if round % 5 != 0, chosen.contains(where: { $0.prefix(while: { $0 != "=" }) == attribute.prefix(while: { $0 != "=" }) }) { continue }
                chosen.append(attribute)
            }
            // Most units have their id, somewhere among the others: the byte reader reads those.
            if round % 5 != 4, !chosen.contains(where: { $0.hasPrefix("id=") }) { chosen.insert(#"id="u""#, at: random.below(chosen.count + 1)) }
            let document = """
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:x="urn:oasis:names:tc:xliff:document:1.2" xmlns:o="urn:other" version="1.2">
                  <file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                    <body><trans-unit \(chosen.joined(separator: " "))><source>Done</source><target>Fertig</target></trans-unit></body>
                  </file>
                </xliff>
                """
            if assertSame(Data(document.utf8), "attributes-\(round).xliff") { read += 1 }
        }
        XCTAssertGreaterThan(read, 250)
    }
}

/// A small deterministic generator (SplitMix64), so a failing round can be replayed.
private struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
