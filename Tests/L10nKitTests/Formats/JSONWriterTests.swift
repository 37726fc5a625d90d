import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
@testable import L10nTestSupport

final class JSONWriterTests: XCTestCase {
    private func text(_ value: JSONValue, _ writer: JSONWriter = JSONWriter()) -> String {
        String(decoding: writer.bytes(for: value), as: UTF8.self)
    }

    func testXcodeLayout() {
        let value = JSONValue.object([
            ("strings", .object([("Go Back", .object([])), ("a", .object([("n", .number("1.50"))]))])),
            ("list", .array([.number("1"), .bool(true), .null, .array([]), .object([])])),
        ])
        XCTAssertEqual(text(value), """
        {
          "list" : [
            1,
            true,
            null,
            [

            ],
            {

            }
          ],
          "strings" : {
            "a" : {
              "n" : 1.50
            },
            "Go Back" : {

            }
          }
        }
        """)
        XCTAssertEqual(text(.object([])), "{\n\n}")
        XCTAssertEqual(text(.array([])), "[\n\n]")
        XCTAssertEqual(text(.string("x")), "\"x\"")
    }

    /// Every indent is two spaces a level, also past the 32 levels the writer copies from one
    /// static text (the deeper ones are written space by space).
    func testIndentsAtEveryDepth() {
        for depth in [1, 2, 31, 32, 33, 40] {
            var value = JSONValue.number("1")
            for _ in 0..<depth { value = .object([("k", value)]) }
            var expected = ""
            for level in 0..<depth { expected += "{\n" + String(repeating: "  ", count: level + 1) + "\"k\" : " }
            expected += "1"
            for level in (0..<depth).reversed() { expected += "\n" + String(repeating: "  ", count: level) + "}" }
            XCTAssertEqual(text(value), expected, "depth \(depth)")
        }
    }

    func testFinalNewlineAndGivenOrder() {
        let value = JSONValue.object([("b", .null), ("a", .null)])
        XCTAssertEqual(text(value, JSONWriter(keyOrder: .asGiven)), "{\n  \"b\" : null,\n  \"a\" : null\n}")
        XCTAssertEqual(text(value, JSONWriter(finalNewline: true)), "{\n  \"a\" : null,\n  \"b\" : null\n}\n")
    }

    func testEscapes() {
        var controls = ""
        for code in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(code))) }
        let expected = #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f""#
        XCTAssertEqual(text(.string(controls)), expected)
        XCTAssertEqual(text(.string("a \"quoted\" back\\slash / é 中 😀 \u{7F} \u{2028} \u{200B}")),
                       "\"a \\\"quoted\\\" back\\\\slash / é 中 😀 \u{7F} \u{2028} \u{200B}\"")
        XCTAssertEqual(text(.string("")), "\"\"")
    }

    /// The eight-bytes-at-a-time scan stops exactly where a byte-by-byte scan does: at the
    /// first byte below 0x20, `"` or `\\`, wherever it lies in a word, beside any UTF-8.
    func testCleanPrefixMatchesAByteScan() {
        func byteScan(_ bytes: [UInt8]) -> Int {
            bytes.firstIndex { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } ?? bytes.count
        }
        let alphabet: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x41, 0x7F, 0x80, 0xA2, 0xDC, 0xE2, 0xFF]
        var random = SeededRandom(seed: 8)
        for length in 0..<40 {
            for _ in 0..<300 {
                var bytes = (0..<length).map { _ in UInt8(ascii: "a") + UInt8(random.below(26)) }
                // Mostly clean texts, with one or two special bytes somewhere.
                for _ in 0..<random.below(3) where length > 0 {
                    bytes[random.below(length)] = alphabet[random.below(alphabet.count)]
                }
                let found = bytes.withUnsafeBufferPointer { JSONOutput.cleanPrefixLength($0) }
                XCTAssertEqual(found, byteScan(bytes), "\(bytes)")
            }
        }
    }

    /// The order facts of formats.md §1, written out by hand (not computed by the collator).
    func testKeyOrderFollowsXcode() {
        let expected = [
            "", " ", "_", "-", ",", "!", "?", ".", "'", "\"", "(", "@", "*", "/", "&", "#", "%", "+", "<", "=", "$",
            "0", "1", "2", "9", "10", "010x", "100",
            "a", "A", "ä", "b", "B",
            "item 2", "item 9", "item 10", "item 10b", "item 100",
            "message 9", "message 10",
            "Radial menu", "Radial Menu",
            "z", "zh", "zh-Hans", "zh-Hant", "zh-HK", "zh-TW",
        ]
        var random = SeededRandom(seed: 3)
        let shuffled = expected.shuffled(using: &random)
        let written = text(.object(shuffled.map { ($0, .null) }))
        let read = try? JSONReader.parse(Data(written.utf8), file: "t")
        XCTAssertEqual(read?.objectMembers?.map(\.key), expected)
    }

    func testCollationTiesAreBrokenByCodeUnits() {
        // Control characters are ignorable in collation: "a\u{1}b" and "ab" tie, code units decide.
        let keys = ["ab", "a\u{1}b", "a\u{1F}b"]
        XCTAssertEqual(Collator.xcodeKeyOrder.sortKey(keys[0]), Collator.xcodeKeyOrder.sortKey(keys[1]))
        for order in [keys, keys.reversed()] {
            let read = try? JSONReader.parse(Data(text(.object(order.map { ($0, .null) })).utf8), file: "t")
            XCTAssertEqual(read?.objectMembers?.map(\.key), ["a\u{1}b", "a\u{1F}b", "ab"])
        }
    }

    func testCanonicallyEquivalentKeysAreRefusedNotMerged() {
        let bytes = Data("{\n  \"\u{E9}\" : 1,\n  \"e\u{301}\" : 2\n}".utf8)
        XCTAssertThrowsError(try JSONReader.parse(bytes, file: "t")) { error in
            let error = error as? JSONError
            XCTAssertEqual(error?.location?.line, 3)
            XCTAssertTrue(error?.message.contains("normalization") ?? false, error?.message ?? "")
        }
    }

    func testReadWriteIsStableForArbitraryValues() throws {
        var random = SeededRandom(seed: 11)
        for _ in 0..<300 {
            let value = XCStringsRandomCatalog.jsonValue(&random, depth: 0)
            let once = JSONWriter().bytes(for: value)
            let read = try JSONReader.parse(Data(once), file: "t")
            XCTAssertEqual(JSONWriter().bytes(for: read), once)
            XCTAssertEqual(KeyOrderAudit(read).inversions.count, 0)
        }
    }

    /// The compact style: one line, no spaces, the same escapes as the Xcode style.
    func testCompactStyle() {
        let value = JSONValue.object([("b", .array([.number("1"), .string("x\"\n\u{8}")])), ("a", .object([])), ("c", .array([])), ("d", .null)])
        let text = String(decoding: JSONWriter(keyOrder: .asGiven, compact: true).bytes(for: value), as: UTF8.self)
        XCTAssertEqual(text, #"{"b":[1,"x\"\n\b"],"a":{},"c":[],"d":null}"#)
        XCTAssertEqual(JSONWriter.compactString(value), text)
    }

    /// The rows style of `plurals --json` and `width --json`: an element per line, a space after
    /// `:` and `,` inside it, members as given, `[]` when empty.
    func testRowsStyle() {
        let rows = [JSONValue.object([("b", .array([.number("1"), .string("x\"")])), ("a", .object([])), ("c", .object([("d", .null), ("e", .bool(true))]))]),
                    .array([])]
        XCTAssertEqual(JSONWriter.rows(rows), "[\n  {\"b\": [1, \"x\\\"\"], \"a\": {}, \"c\": {\"d\": null, \"e\": true}},\n  []\n]")
        XCTAssertEqual(JSONWriter.rows([]), "[]")
    }
}
