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

/// `JSONReader` with string tokens validated in one pass gives what it gave before
/// (`ReferenceJSONReader`): the same values, or the same error at the same place, for strings with
/// every kind of valid and invalid UTF-8, control characters, escapes and cut-off ends.
final class JSONReaderEquivalenceTests: XCTestCase {
    private func assertSameParse(_ bytes: [UInt8], _ context: @autoclosure () -> String, line: UInt = #line) {
        let expected = Result { try ReferenceJSONReader.parse(Data(bytes), file: "t.json") }
        let actual = Result { try JSONReader.parse(Data(bytes), file: "t.json") }
        switch (expected, actual) {
        case (.success(let a), .success(let b)):
            XCTAssertEqual(b, a, "\(context()) \(bytes)", line: line)
            if case .string(let x) = a, case .string(let y) = b {
                XCTAssertTrue(x.utf8.elementsEqual(y.utf8), "\(context()) \(bytes)", line: line)
            }
        case (.failure(let a), .failure(let b)):
            XCTAssertEqual(b as? JSONError, a as? JSONError, "\(context()) \(bytes)", line: line)
        default:
            XCTFail("reference \(expected), now \(actual): \(context()) \(bytes)", line: line)
        }
    }

    func testRandomStringTokens() {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), Array("é".utf8), Array("中".utf8), Array("😀".utf8), Array("\\n".utf8), Array("\\\"".utf8),
            Array("\\u00e9".utf8), Array("\\uD83D\\uDE00".utf8), Array("\\uD83D".utf8), Array("\\x".utf8), Array("\\".utf8), Array("\"".utf8),
            [0x0A], [0x09], [0x00], [0x1F], [0x7F], [0x80], [0xBF], [0xC0, 0xAF], [0xC2], [0xC3, 0x28], [0xE0, 0x80, 0x80], [0xE0, 0xA0],
            [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE2, 0x80, 0xA8],
        ]
        var random = SeededRandom(seed: 61)
        for round in 0..<20_000 {
            var token: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) { token += pieces.randomElement(using: &random)! }
            let document: [UInt8]
            switch Int.random(in: 0..<4, using: &random) {
            case 0: document = [0x22] + token + [0x22]
            case 1: document = Array("{\"k\" : \"".utf8) + token + Array("\", \"".utf8) + token + Array("\" : 1}".utf8)
            case 2: document = Array("[\"".utf8) + token
            default: document = Array("{\n  \"".utf8) + token + Array("\" : [\"x\"]\n}".utf8)
            }
            assertSameParse(document, "round \(round)")
        }
    }

    func testRealCatalogs() throws {
        var urls = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        urls.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        for url in urls {
            let bytes = Array(try Data(contentsOf: url))
            assertSameParse(bytes, url.lastPathComponent)
            var random = SeededRandom(seed: 62)
            for round in 0..<50 {
                var damaged = bytes
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                assertSameParse(damaged, "\(url.lastPathComponent) damaged \(round)")
            }
        }
    }
}
