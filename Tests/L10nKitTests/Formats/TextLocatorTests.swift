import XCTest
@testable import L10nCore
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// The one locator every byte-level reader reports positions with: LF, CRLF and a lone CR end a
/// line, columns count scalars, a byte order mark is no column, and asking backwards starts over.
final class TextLocatorTests: XCTestCase {
    private func locations(_ text: [UInt8], _ offsets: [Int], bom: Bool = false) -> [String] {
        text.withUnsafeBufferPointer { bytes in
            var locator = TextLocator(path: "f", bom: bom)
            return offsets.map { locator.location(at: $0, in: bytes).description }
        }
    }

    func testLineEndsAndColumns() {
        let text = Array("a\nb\r\nc\rdé€x".utf8)
        // a=0 \n=1 b=2 \r=3 \n=4 c=5 \r=6 d=7 é=8,9 €=10,11,12 x=13
        XCTAssertEqual(locations(text, [0, 2, 5, 7, 8, 10, 13]), ["f:1:1", "f:2:1", "f:3:1", "f:4:1", "f:4:2", "f:4:3", "f:4:4"])
        XCTAssertEqual(locations(text, [13, 2]), ["f:4:4", "f:2:1"], "an earlier offset after a later one")
        XCTAssertEqual(locations(text, [99]), ["f:4:5"], "past the end: just after the last scalar")
    }

    func testByteOrderMarkIsNoColumn() {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ab".utf8)
        XCTAssertEqual(locations(text, [0, 3, 4], bom: true), ["f:1:1", "f:1:1", "f:1:2"])
        XCTAssertEqual(locations(text, [4]), ["f:1:3"], "without bom the mark is a scalar")
    }

    /// The JSON reader and the `.strings` reader agree where a lone CR ends a line.
    func testReadersAgreeOnALoneCR() throws {
        XCTAssertThrowsError(try JSONReader.parse(Data("{\r\"a\" : x }".utf8), file: "c.json")) { error in
            XCTAssertEqual((error as? JSONError)?.location?.description, "c.json:2:7", "\(error)")
        }
        XCTAssertThrowsError(try StringsReader.parse(Data("\"a\" = \"b\";\r\"c\" = ;".utf8), path: "c.strings")) { error in
            XCTAssertEqual((error as? StringsSyntaxError)?.location?.description, "c.strings:2:7", "\(error)")
        }
    }

    /// The locator finds lines with `memchr` or eight bytes at a time and counts columns apart from
    /// lines; this is the byte loop it replaced, kept as the oracle.
    private func referenceLocations(_ text: [UInt8], _ offsets: [Int], bom: Bool) -> [String] {
        var offset = bom ? 3 : 0, line = 1, column = 0
        return offsets.map { target in
            if target < offset { (offset, line, column) = (bom ? 3 : 0, 1, 0) }
            var i = offset
            while i < min(target, text.count) {
                let byte = text[i]
                if byte == 0x0A || (byte == 0x0D && !(i + 1 < text.count && text[i + 1] == 0x0A)) {
                    line += 1
                    column = 0
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
            offset = max(i, offset)
            return "f:\(line):\(column + 1)"
        }
    }

    func testWordAtATimeMatchesTheByteLoop() {
        let pieces = ["a", "bc", " ", "é", "€", "😀", "\n", "\r", "\r\n", "\n\n", "\"key\" : {", "        "].map { Array($0.utf8) }
        var random = SystemRandomNumberGenerator()
        for round in 0..<3_000 {
            var text: [UInt8] = round % 5 == 0 ? [0xEF, 0xBB, 0xBF] : []
            // Every other text has no CR, which the locator crosses from LF to LF.
            let usable = round % 2 == 0 ? pieces : pieces.filter { !$0.contains(0x0D) }
            for _ in 0..<Int.random(in: 0...60, using: &random) { text += usable.randomElement(using: &random)! }
            var offsets = (0..<Int.random(in: 1...12, using: &random)).map { _ in Int.random(in: 0...(text.count + 3), using: &random) }
            if round % 3 != 0 { offsets.sort() }
            let bom = round % 5 == 0
            XCTAssertEqual(locations(text, offsets, bom: bom), referenceLocations(text, offsets, bom: bom), "\(text) at \(offsets)")
        }
    }
}
