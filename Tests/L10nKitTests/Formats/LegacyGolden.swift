import Foundation
import XCTest

/// Byte-for-byte comparison with files under `Tests/L10nKitTests/Golden/`.
///
/// Run with `L10N_UPDATE_GOLDEN=1` to (re)write a golden file after checking the change by eye;
/// without it a difference fails the test and names the first differing line.
enum LegacyGolden {
    static func read(_ name: String) throws -> Data {
        try Data(contentsOf: Fixtures.golden(name))
    }

    static func assertMatches(_ actual: Data, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = Fixtures.golden(name)
        if ProcessInfo.processInfo.environment["L10N_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            XCTFail("golden file \(name) is missing; run with L10N_UPDATE_GOLDEN=1 to create it", file: file, line: line)
            return
        }
        guard actual != expected else { return }
        let offset = Array(zip(actual, expected)).firstIndex { $0 != $1 } ?? min(actual.count, expected.count)
        let lineNumber = expected.prefix(offset).filter { $0 == 0x0A }.count + 1
        XCTFail("\(name) differs from its golden file at byte \(offset) (line \(lineNumber)); sizes \(actual.count) vs \(expected.count)",
                file: file, line: line)
    }
}
