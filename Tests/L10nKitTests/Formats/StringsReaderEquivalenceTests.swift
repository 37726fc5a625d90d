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
@testable import L10nTestSupport

/// The byte-level `.strings` reader gives exactly what the scalar-level reader it replaced gave
/// (`ReferenceStringsReader`): the same entries, sources, trivia, comments, locations and line
/// break, or the same error at the same place, on real, generated and random input.
final class StringsReaderEquivalenceTests: XCTestCase {
    private func assertSameReading(_ data: Data, path: String = "Test.strings", _ message: @autoclosure () -> String = "",
                                   file: StaticString = #filePath, line: UInt = #line) {
        let expected = Result { try ReferenceStringsReader.parse(data, path: path) }
        let actual = Result { try StringsReader.parse(data, path: path) }
        switch (expected, actual) {
        case (.success(let a), .success(let b)):
            XCTAssertEqual(b, a, "\(message()) \(Array(data))", file: file, line: line)
            XCTAssertEqual(b.entries.map(\.location), a.entries.map(\.location), message(), file: file, line: line)
        case (.failure(let a), .failure(let b)):
            XCTAssertEqual(b as? StringsSyntaxError, a as? StringsSyntaxError, "\(message()) \(Array(data))", file: file, line: line)
        default:
            XCTFail("reference \(expected), fast \(actual) for \(message()) \(Array(data))", file: file, line: line)
        }
    }

    func testGoldenFiles() throws {
        let folder = Fixtures.golden("strings")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".strings") }.sorted()
        XCTAssertGreaterThan(names.count, 5)
        for name in names {
            assertSameReading(try Data(contentsOf: folder.appendingPathComponent(name)), path: name, name)
        }
    }

    func testGeneratedProjectTables() throws {
        let output = try ProjectGenerator(size: .small, seed: 3).write(to: try Fixtures.temporaryFolder(self))
        let paths = output.files.filter { $0.hasSuffix(".strings") }
        XCTAssertGreaterThan(paths.count, 5)
        for path in paths {
            let data = try Data(contentsOf: output.root.appendingPathComponent(path))
            assertSameReading(data, path: path, path)
            // Every file cut short: errors in the middle of an entry, at every kind of place.
            for cut in stride(from: 1, to: min(data.count, 3_000), by: 7) {
                assertSameReading(data.prefix(cut), path: path, "\(path) cut at \(cut)")
            }
        }
    }

    /// Pieces chosen to hit every branch: escapes of each kind (surrogate halves alone, in pairs
    /// and reversed, octal overflow, escaped multi-byte characters), both quotes, tokens, both
    /// comment kinds (unterminated too), every line break and separator, BOMs and invalid bytes.
    static let pieces: [[UInt8]] = [
        "\"", "'", "=", ";", " ", "\t", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{0B}", "/*", "*/", "//", "/", "*",
        "\\", "\\n", "\\t", "\\\"", "\\'", "\\\\", "\\U", "\\U41", "\\U00e9", "\\UD83D", "\\UDE00", "\\UD83D\\UDE00",
        "\\UDE00\\UD83D", "\\101", "\\777", "\\1", "\\18", "\\é", "\\🇩🇪", "\\\u{2028}", "\\a\\b\\f\\v\\r", "\\x",
        "key", "a.b-c_d$e:f/g", "%1$@", "ä", "€", "😀", "🇩🇪", "\u{301}", "ｶﾞ", "é", "@", "(", "{",
    ].map { Array($0.utf8) } + [[0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                                  [0xE0, 0x80, 0x80], [0xC0, 0xAF], [0x80], [0xFF], [0x00]]

    func testRandomPiecesInEveryEncoding() {
        var random = SeededRandom(seed: 11)
        for round in 0..<6_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<24, using: &random) { bytes += Self.pieces.randomElement(using: &random)! }
            assertSameReading(Data(bytes), "round \(round)")
            // The same text in UTF-16 (when it is valid UTF-8), with and without BOM, in both byte orders.
            guard let text = String(validating: bytes, as: UTF8.self) else { continue }
            var le: [UInt8] = [], be: [UInt8] = []
            for unit in text.utf16 {
                le += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                be += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: assertSameReading(Data([0xFF, 0xFE] + le), "round \(round) UTF-16LE")
            case 1: assertSameReading(Data([0xFE, 0xFF] + be), "round \(round) UTF-16BE")
            case 2: assertSameReading(Data(le), "round \(round) UTF-16LE without BOM")
            default: assertSameReading(Data([0xEF, 0xBB, 0xBF] + bytes), "round \(round) UTF-8 with BOM")
            }
        }
    }

    func testBrokenUTF16() {
        var random = SeededRandom(seed: 12)
        let units: [UInt16] = [0x22, 0x3D, 0x3B, 0x20, 0x0A, 0x0D, 0x61, 0xE9, 0x2028, 0xD83D, 0xDE00, 0xDBFF, 0xDC00, 0x5C]
        for round in 0..<3_000 {
            var bytes: [UInt8] = [0xFF, 0xFE]
            for _ in 0..<Int.random(in: 0..<16, using: &random) {
                let unit = units.randomElement(using: &random)!
                bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
            if Int.random(in: 0..<5, using: &random) == 0 { bytes.append(0x41) }
            assertSameReading(Data(bytes), "round \(round)")
        }
    }

    func testMutatedGoldenFiles() throws {
        var random = SeededRandom(seed: 13)
        for name in ["Tricky.strings", "InfoPlist.utf16le.strings", "Main.strings"] {
            let original = Array(try LegacyGolden.read("strings/" + name))
            for round in 0..<800 {
                var bytes = original
                for _ in 0..<(1 + Int.random(in: 0..<3, using: &random)) {
                    let position = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes.remove(at: position)
                    case 1: bytes.insert(contentsOf: Self.pieces.randomElement(using: &random)!, at: position)
                    default: bytes[position] = UInt8(truncatingIfNeeded: random.next())
                    }
                }
                assertSameReading(Data(bytes), path: name, "\(name) round \(round)")
            }
        }
    }

    func testTextParseMatchesUTF8Bytes() throws {
        for text in ["\"a\" = \"b\";", "/* x */\r\n\"é\" = \"\\UD83D\\UDE00\";\r\n", "\"open", ""] {
            let expected = Result { try ReferenceStringsReader.parse(Data(text.utf8), path: "t") }
            let actual = Result { try StringsReader.parse(text, path: "t") }
            switch (expected, actual) {
            case (.success(let a), .success(let b)): XCTAssertEqual(b, a)
            case (.failure(let a), .failure(let b)): XCTAssertEqual(b as? StringsSyntaxError, a as? StringsSyntaxError)
            default: XCTFail("\(text.debugDescription): reference \(expected), fast \(actual)")
            }
        }
    }

    /// `StringsFile.comments(in:)` (used by edits and the canonical writer) finds the same comments
    /// with the same scalar ranges and texts.
    func testCommentsInTrivia() {
        var random = SeededRandom(seed: 14)
        let pieces = [" ", "\n", "\r\n", "\u{2028}", "/* a */", "/*\u{2029}ä*/", "// é 😀", "//", "/**/", "/*", "*/", "/* ｶﾞ ",
                      "x", "\"", "\t/* two\nlines */\t"]
        for round in 0..<4_000 {
            let text = (0..<Int.random(in: 0..<8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let scalars = Array(text.unicodeScalars)
            let expected = ReferenceStringsReader.comments(in: scalars)
            let actual = StringsFile.comments(in: scalars)
            XCTAssertEqual(actual.map { $0.range }, expected.map { $0.range }, "round \(round): \(text.debugDescription)")
            XCTAssertEqual(actual.map { $0.text }, expected.map { $0.text }, "round \(round): \(text.debugDescription)")
        }
    }
}
