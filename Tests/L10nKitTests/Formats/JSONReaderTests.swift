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

final class JSONReaderTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONReader.parse(Data(text.utf8), file: "t.json")
    }

    /// Parses bytes that must fail; returns the one error, checking it is a located `JSONError`.
    private func failure(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
        do {
            let value = try JSONReader.parse(Data(bytes), file: "t.json")
            XCTFail("parsed although malformed: \(value)", file: file, line: line)
            return nil
        } catch let error as JSONError {
            XCTAssertNotNil(error.hint, "no hint for: \(error.message)", file: file, line: line)
            XCTAssertEqual(error.location?.file, "t.json", file: file, line: line)
            return error
        } catch {
            XCTFail("not a JSONError: \(error)", file: file, line: line)
            return nil
        }
    }

    private func assertFailure(_ text: String, _ reason: JSONErrorReason, line: Int, column: Int,
                               file: StaticString = #filePath, sourceLine: UInt = #line) {
        assertFailure(Array(text.utf8), reason, line: line, column: column, file: file, sourceLine: sourceLine)
    }

    private func assertFailure(_ bytes: [UInt8], _ reason: JSONErrorReason, line: Int, column: Int,
                               file: StaticString = #filePath, sourceLine: UInt = #line) {
        guard let error = failure(bytes, file: file, line: sourceLine) else { return }
        XCTAssertEqual(error.reason, reason, error.message, file: file, line: sourceLine)
        XCTAssertEqual(error.location?.line, line, "line of: \(error.message)", file: file, line: sourceLine)
        XCTAssertEqual(error.location?.column, column, "column of: \(error.message)", file: file, line: sourceLine)
    }

    func testKeepsMemberOrderAndNumberLexemes() throws {
        let value = try parse(#"{ "b" : 1, "a" : [1.50, -0, 2E-3, 1e10, 0], "c" : { "z" : null, "y" : true, "x" : false } }"#)
        XCTAssertEqual(value.objectMembers?.map(\.key), ["b", "a", "c"])
        XCTAssertEqual(value["b"], .number("1"))
        XCTAssertEqual(value["a"], .array([.number("1.50"), .number("-0"), .number("2E-3"), .number("1e10"), .number("0")]))
        XCTAssertEqual(value["c"]?.objectMembers?.map(\.key), ["z", "y", "x"])
        XCTAssertEqual(value["c"]?["y"], .bool(true))
        XCTAssertEqual(value["c"]?["z"], .null)
        XCTAssertNotEqual(JSONValue.object([("a", .null), ("b", .null)]), .object([("b", .null), ("a", .null)]))
    }

    func testDecodesEveryEscapeAndSurrogatePairs() throws {
        let value = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u00E9", "\ud83d\ude00", "\u0000\u001f", "plain é 😀 中"]"#)
        XCTAssertEqual(value, .array([
            .string("\"\\/\u{8}\u{C}\n\r\t"), .string("éé"), .string("😀"), .string("\u{0}\u{1F}"), .string("plain é 😀 中"),
        ]))
    }

    func testAcceptsByteOrderMarkAndSurroundingWhitespace() throws {
        XCTAssertEqual(try JSONReader.parse(Data([0xEF, 0xBB, 0xBF] + Array(" \r\n\t{}\n".utf8)), file: "t"), .object([]))
        assertFailure([0xEF, 0xBB, 0xBF, 0x20, UInt8(ascii: "x")], .unexpectedCharacter, line: 1, column: 2)
    }

    func testTruncatedInput() {
        assertFailure("", .truncated, line: 0, column: 0)  // a whole-file error: no position (json.md)
        assertFailure("{\n  \"a\" : ", .truncated, line: 2, column: 9)
        assertFailure("{\n  \"a\" : 1", .truncated, line: 2, column: 10)
        assertFailure("{\n  \"a\" : \"abc", .truncated, line: 2, column: 13)
        assertFailure("[1, 2", .truncated, line: 1, column: 6)
        assertFailure("[tru", .truncated, line: 1, column: 5)
        assertFailure("[\"\\u12", .truncated, line: 1, column: 3)
        assertFailure("-", .truncated, line: 1, column: 2)
    }

    /// Every proper prefix of a document fails with one located error; none crashes.
    func testEveryPrefixOfADocumentFails() {
        let text = #"{ "a" : [1, -2.5e3, "x\n\u00e9😀"], "b" : { "c" : true, "d" : null }, "e" : false }"#
        let bytes = Array(text.utf8)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            do {
                _ = try JSONReader.parse(Data(prefix), file: "t")
                XCTFail("prefix of \(length) bytes parsed")
            } catch let error as JSONError {
                XCTAssertTrue([.truncated, .invalidUTF8].contains(error.reason), "\(length): \(error.message)")
            } catch {
                XCTFail("\(error)")
            }
        }
    }

    func testStrayAndMissingCommas() {
        assertFailure("{ \"a\" : 1, }", .strayComma, line: 1, column: 10)
        assertFailure("[1, 2,\n]", .strayComma, line: 1, column: 6)
        assertFailure("{ \"a\" : 1,, \"b\" : 2 }", .strayComma, line: 1, column: 11)
        assertFailure("[,1]", .strayComma, line: 1, column: 2)
        assertFailure("{ , \"a\" : 1 }", .strayComma, line: 1, column: 3)
        assertFailure("{ \"a\" : 1\n  \"b\" : 2 }", .missingComma, line: 2, column: 3)
        assertFailure("[1 2]", .missingComma, line: 1, column: 4)
    }

    func testInvalidUTF8() {
        let quote = UInt8(ascii: "\"")
        assertFailure([quote, 0xFF, quote], .invalidUTF8, line: 1, column: 2)
        assertFailure([quote, 0xC0, 0x80, quote], .invalidUTF8, line: 1, column: 2)          // overlong
        assertFailure([quote, 0xED, 0xA0, 0x80, quote], .invalidUTF8, line: 1, column: 2)    // UTF-16 surrogate
        assertFailure([quote, 0xF4, 0x90, 0x80, 0x80, quote], .invalidUTF8, line: 1, column: 2) // beyond U+10FFFF
        assertFailure([quote, 0xE2, 0x82, quote], .invalidUTF8, line: 1, column: 2)          // cut short
        assertFailure([quote, 0xC3, 0xA9, 0x41, 0x80, quote], .invalidUTF8, line: 1, column: 4) // stray continuation after é
        assertFailure([quote, 0xC3], .invalidUTF8, line: 1, column: 2)
        assertFailure([0xFE], .invalidUTF8, line: 1, column: 1)
        assertFailure(Array("[\"\\n\", ".utf8) + [0xC3, 0x28], .invalidUTF8, line: 1, column: 8)
    }

    func testBadEscapesAndControlCharacters() {
        assertFailure(#"["a\x"]"#, .badEscape, line: 1, column: 4)
        assertFailure(#"["\u12G4"]"#, .badEscape, line: 1, column: 3)
        assertFailure(#"["\ud83d"]"#, .badEscape, line: 1, column: 3)
        assertFailure(#"["\ud83d\u0041"]"#, .badEscape, line: 1, column: 3)
        assertFailure(#"["\ude00"]"#, .badEscape, line: 1, column: 3)
        assertFailure("[\"a\tb\"]", .controlCharacter, line: 1, column: 4)
        assertFailure("{ \"a\" : \"open\n}", .controlCharacter, line: 1, column: 14)
    }

    func testInvalidNumbersAndLiterals() {
        assertFailure("[01]", .invalidNumber, line: 1, column: 2)
        assertFailure("[1.]", .invalidNumber, line: 1, column: 2)
        assertFailure("[1e]", .invalidNumber, line: 1, column: 2)
        assertFailure("[-a]", .invalidNumber, line: 1, column: 2)
        assertFailure("[.5]", .unexpectedCharacter, line: 1, column: 2)
        assertFailure("[+1]", .unexpectedCharacter, line: 1, column: 2)
        assertFailure("[True]", .unexpectedCharacter, line: 1, column: 2)
        assertFailure("[nul ]", .unexpectedCharacter, line: 1, column: 2)
        assertFailure("{'a' : 1}", .unexpectedCharacter, line: 1, column: 2)
    }

    func testDuplicateKeyNamesBothPlaces() {
        assertFailure("{\n  \"a\" : 1,\n  \"b\" : 2,\n  \"a\" : 3\n}", .duplicateKey("a"), line: 4, column: 3)
        let many = (0..<100).map { "\"k\($0)\" : \($0)" }.joined(separator: ", ")
        let text = "{ \(many), \"k42\" : 0 }"
        let column = text.distance(from: text.startIndex, to: text.range(of: "\"k42\" : 0 ")!.lowerBound) + 1
        assertFailure(text, .duplicateKey("k42"), line: 1, column: column)
        XCTAssertTrue(failure(Array("{ \"x\" : { \"a\" : 1, \"a\" : 1 } }".utf8))?.message.contains("first at line 1, column 11") ?? false)
        XCTAssertNoThrow(try parse(#"{ "a" : { "a" : 1 }, "b" : { "a" : 1 } }"#))
    }

    func testNestingIsLimitedWithoutCrashing() throws {
        let depth = JSONReader.maximumDepth
        XCTAssertNoThrow(try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
        assertFailure(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000), .tooDeep, line: 1, column: depth + 1)
        assertFailure(String(repeating: "{\"a\":", count: 1_000) + "1" + String(repeating: "}", count: 1_000), .tooDeep, line: 1, column: 5 * depth + 1)
    }

    func testTrailingContent() {
        assertFailure("{}\n}", .trailingContent, line: 2, column: 1)
        assertFailure("{} {}", .trailingContent, line: 1, column: 4)
    }

    func testColumnsCountUnicodeScalars() {
        assertFailure("{ \"é😀\" : x }", .unexpectedCharacter, line: 1, column: 10)
    }

    func testMergeConflictMarkerGetsAHint() {
        let error = failure(Array("{\n<<<<<<< HEAD\n}".utf8))
        XCTAssertEqual(error?.location?.line, 2)
        XCTAssertTrue(error?.hint?.contains("merge conflict") ?? false)
    }

    /// Random byte damage to a real catalog: every outcome is a value or one located `JSONError`.
    func testDamagedRealFileNeverCrashes() throws {
        let url = try Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.KYASettings.xcstrings")
        let original = Array(try Data(contentsOf: url))
        var random = SeededRandom(seed: 7)
        let replacements: [UInt8] = Array("{}[],:\"\\ 0-eE.tfnu".utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
        var failures = 0
        for _ in 0..<1_500 {
            var bytes = original
            for _ in 0..<Int(random.next() % 3 + 1) {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[index] = replacements[Int(random.next() % UInt64(replacements.count))]
                case 1: bytes.remove(at: index)
                default: bytes.removeSubrange(index...)
                }
            }
            do {
                _ = try JSONReader.parse(Data(bytes), file: "t")
            } catch let error as JSONError {
                failures += 1
                XCTAssertGreaterThan(error.location?.line ?? 0, 0)
            }
        }
        XCTAssertGreaterThan(failures, 1_000)
    }
    /// The byte loop `skipValue` had before quotes were found with `memchr` and a container's
    /// other bytes passed in one loop: where it stops, or nil where it throws.
    private func referenceSkip(_ bytes: [UInt8], from start: Int) -> Int? {
        var offset = start
        while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
        guard offset < bytes.count else { return nil }
        var depth = 0, i = offset
        repeat {
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case 0x22:
                i += 1
                while i < bytes.count, bytes[i] != 0x22 { i += bytes[i] == 0x5C ? 2 : 1 }
                i += 1
            case 0x7B, 0x5B: depth += 1; i += 1
            case 0x7D, 0x5D: depth -= 1; i += 1
            default:
                if depth == 0 {
                    while i < bytes.count, ![0x2C, 0x7D, 0x5D, 0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
                } else {
                    i += 1
                }
            }
        } while depth > 0
        return min(i, bytes.count)
    }

    func testSkipValueStopsWhereTheByteLoopStopped() throws {
        let pieces = ["\"", "\\", "\\\"", "{", "}", "[", "]", " ", "  ", "\n", ":", ",", "a", "é", "12", "true", "\"de\" : ", "\\\\"]
        var random = SeededRandom(seed: 9)
        for _ in 0..<20_000 {
            var text: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &random) { text += Array(pieces.randomElement(using: &random)!.utf8) }
            let expected = referenceSkip(text, from: 0)
            let found: Int? = try? JSONReader.read(Data(text), file: "t.json") { reader -> Int in
                try reader.skipValue()
                return reader.offset
            }
            XCTAssertEqual(found, expected, "\(String(decoding: text, as: UTF8.self).debugDescription)")
        }
    }
}
