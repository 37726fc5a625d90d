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

/// Inputs found by fuzzing the readers (Tests/Fuzz/run.sh, docs/fuzzing.md) that crashed, hung or
/// took quadratic time, kept so they stay fixed.
final class FuzzRegressionTests: XCTestCase {
    /// Seconds a debug build may take for an input that is read in linear time; a quadratic
    /// reading of the same input took 19 to 120 seconds.
    private let linearBudget: TimeInterval = 5

    private func timed<T>(_ body: () throws -> T) rethrows -> (T, TimeInterval) {
        let start = Date()
        let result = try body()
        return (result, Date().timeIntervalSince(start))
    }

    // MARK: Format strings

    /// Every argument of the source missing from the translation was looked up with a scan over
    /// all specifiers: 20,000 `%@` against one `%1$@` took minutes.
    func testMissingArgumentsAreFoundInLinearTime() {
        let count = 20_000
        let source = String(repeating: "%@ ", count: count)
        let (mismatches, seconds) = timed { FormatString.mismatches(source: source, translation: "%1$@") }
        XCTAssertEqual(mismatches.count, count - 1)
        XCTAssertEqual(mismatches.first?.kind, .missingArgument(2, .object))
        XCTAssertEqual(mismatches.first?.message, "the translation does not use argument 2 (%@ in the source)")
        XCTAssertEqual(mismatches.last?.kind, .missingArgument(count, .object))
        XCTAssertLessThan(seconds, linearBudget)
    }

    /// Every argument read with another kind looked both specifiers up with scans.
    func testDifferentKindsAreReportedInLinearTime() {
        let count = 20_000
        let source = (1...count).map { "%\($0)$@" }.joined(separator: " ")
        let translation = (1...count).reversed().map { "%\($0)$d" }.joined(separator: " ")
        let (mismatches, seconds) = timed { FormatString.mismatches(source: source, translation: translation) }
        XCTAssertEqual(mismatches.count, count)
        XCTAssertEqual(mismatches.first?.message,
                       "argument 1 is %1$d (int) in the translation but %1$@ (object) in the source")
        let lastRange = translation.utf16.count - 4..<translation.utf16.count
        XCTAssertEqual(mismatches.first?.translationRange, lastRange)
        XCTAssertLessThan(seconds, linearBudget)
    }

    /// `substitutionNames` kept names unique with `Array.contains`, and the comparison matched
    /// the two lists the same way: 20,000 distinct `%#@name@` took minutes.
    func testManySubstitutionNamesAreComparedInLinearTime() {
        let count = 20_000
        let translation = (0..<count).map { "%#@n\($0)@" }.joined(separator: " ")
        let (mismatches, seconds) = timed { FormatString.mismatches(source: "%#@n0@", translation: translation) }
        XCTAssertEqual(FormatString(translation).substitutionNames.count, count)
        XCTAssertEqual(mismatches.filter { if case .extraSubstitution = $0.kind { return true } else { return false } }.count,
                       count - 1)
        XCTAssertEqual(mismatches.first { $0.kind == .extraSubstitution("n1") }?.translationRange, 7..<13)
        XCTAssertLessThan(seconds, linearBudget)
    }

    // MARK: JSON locations

    /// `JSONReader.location(at:)` counted lines and columns from the file's start on every call,
    /// and a pipeline locates each stage and each of its fields: 30,000 stages (1 MB) did not
    /// finish in five minutes, on one line or on many; 10,000 took 30 to 60 seconds.
    func testPipelineWithManyStagesReadsInLinearTime() throws {
        let stage = #"{"stage": "format", "check": true}"#
        for separator in [",\n", ","] {
            let text = #"{"project": ".", "stages": ["# + Array(repeating: stage, count: 10_000).joined(separator: separator) + "]}"
            let (pipeline, seconds) = try timed {
                try Pipeline.read(Data(text.utf8), file: "p.json", folder: URL(fileURLWithPath: "/tmp"))
            }
            XCTAssertEqual(pipeline.stages.count, 10_000)
            XCTAssertLessThan(seconds, linearBudget)
        }
    }

    /// Locations asked for in reading order and out of it agree with a fresh count from the start
    /// (byte order mark, CRLF, multi-byte UTF-8 on several lines).
    func testLocationsInAnyOrderMatchAFreshCount() throws {
        let bytes = Data([0xEF, 0xBB, 0xBF] + Array("{\"é\": [1,\r\n  \"ü😀\"],\n\n \"k\": true}".utf8))
        func fresh(_ offset: Int) throws -> SourceLocation {
            try JSONReader.read(bytes, file: "f.json") { reader in reader.location(at: offset) }
        }
        let offsets = Array(0...bytes.count)
        let expected = try offsets.map(fresh)
        XCTAssertEqual(expected[3], SourceLocation(file: "f.json", line: 1, column: 1))
        XCTAssertEqual(expected[bytes.count], SourceLocation(file: "f.json", line: 4, column: 12))
        for order in [offsets, offsets.reversed(), offsets.filter { $0 % 2 == 0 } + offsets.filter { $0 % 2 == 1 }] {
            let seen = try JSONReader.read(bytes, file: "f.json") { reader in order.map { reader.location(at: $0) } }
            XCTAssertEqual(seen, order.map { expected[$0] })
        }
    }
}
