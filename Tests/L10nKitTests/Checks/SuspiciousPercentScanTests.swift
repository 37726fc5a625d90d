import XCTest
@testable import L10nProject
@testable import L10nTestSupport

/// `SuspiciousPercentCheck.hasPercentBeforeSpace` finds `% ` as the byte loop it replaced did.
final class SuspiciousPercentScanTests: XCTestCase {
    /// The loop over every UTF-8 byte, kept as the oracle.
    private static func byteLoop(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "%"), byte == UInt8(ascii: " ") { return true }
            previous = byte
        }
        return false
    }

    func testMemchrScanEqualsTheByteLoop() {
        let pieces = ["%", " ", "%%", "% ", "%@", "30", "for", "é", "日本", "😀", "\n", "\u{0}", "a", "%\u{A0}"]
        var random = SeededRandom(seed: 23)
        var found = 0, notFound = 0
        for _ in 0..<30_000 {
            let text = (0..<Int(random.next() % 8)).map { _ in random.pick(pieces) }.joined()
            let expected = Self.byteLoop(text)
            XCTAssertEqual(SuspiciousPercentCheck.hasPercentBeforeSpace(text), expected, text.debugDescription)
            if expected { found += 1 } else { notFound += 1 }
        }
        XCTAssertGreaterThan(found, 5_000)
        XCTAssertGreaterThan(notFound, 5_000)
        XCTAssertTrue(SuspiciousPercentCheck.hasPercentBeforeSpace(String(Substring("x 30% for"))))
        XCTAssertFalse(SuspiciousPercentCheck.hasPercentBeforeSpace("ends with %"))
    }
}
