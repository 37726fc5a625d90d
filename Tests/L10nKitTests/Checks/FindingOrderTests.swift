import XCTest
@testable import L10nJobs
@testable import L10nProject
import L10nTestSupport

/// Findings sort as before the ranks skipped re-hashing a file or check equal to the previous
/// finding's: the old ranking is the oracle, on findings in runs and shuffled.
final class FindingOrderTests: XCTestCase {
    private func referenceSorted(_ findings: [Finding]) -> [Finding] {
        let files = Set(findings.map { $0.file ?? "" }).sorted()
        let fileRank = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($0.element, $0.offset) })
        let checks = Set(findings.map(\.check)).sorted()
        let checkRank = Dictionary(uniqueKeysWithValues: checks.enumerated().map { ($0.element, $0.offset) })
        let ranks = findings.map { (fileRank[$0.file ?? ""]!, $0.line ?? 0, $0.column ?? 0, checkRank[$0.check]!) }
        let indices = findings.indices.sorted { a, b in
            if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            return (findings[a].key ?? "", findings[a].locale ?? "", findings[a].message) < (findings[b].key ?? "", findings[b].locale ?? "", findings[b].message)
        }
        return indices.map { findings[$0] }
    }

    func testSortedAsTheOldRanking() {
        var random = SeededRandom(seed: 23)
        let files: [String?] = [nil, "", "A.xcstrings", "B.strings", "a.xcstrings", "e\u{301}.strings", "\u{E9}.strings"]
        let checks = ["width", "needs-review", "shadowed-locale", "x"]
        for round in 0..<200 {
            var findings: [Finding] = []
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                // Runs of one file and check, as checks return them, and single findings.
                let file = files.randomElement(using: &random)!, check = checks.randomElement(using: &random)!
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    var finding = Finding(check: check, severity: .warning, file: file,
                                          key: ["k1", "k2", nil].randomElement(using: &random)!,
                                          locale: ["de", "fr", nil].randomElement(using: &random)!,
                                          message: ["m", "n"].randomElement(using: &random)!)
                    // A tag per finding: equal findings must keep the order they came in.
                    finding.hint = String(findings.count)
                    if Bool.random(using: &random) { finding.line = Int.random(in: 1...5, using: &random); finding.column = Int.random(in: 1...3, using: &random) }
                    findings.append(finding)
                }
            }
            if round % 2 == 1 { findings.shuffle(using: &random) }
            var sorted = findings
            CheckJob.sort(&sorted)
            let expected = referenceSorted(findings)
            XCTAssertEqual(sorted.count, expected.count)
            for (found, wanted) in zip(sorted, expected) {
                XCTAssertEqual([found.file, found.check, found.key, found.locale, found.message].map { $0.map { Array($0.utf8) } },
                               [wanted.file, wanted.check, wanted.key, wanted.locale, wanted.message].map { $0.map { Array($0.utf8) } }, "round \(round)")
                XCTAssertEqual(found.hint, wanted.hint, "round \(round)")
                XCTAssertEqual(found.line, wanted.line)
                XCTAssertEqual(found.column, wanted.column)
            }
        }
    }

    /// The checks' findings are joined in their order, as appending them did, and moved out.
    func testJoinedKeepsTheChecksOrder() {
        var random = SeededRandom(seed: 5)
        for _ in 0..<50 {
            var parts: [[Finding]] = (0..<Int.random(in: 0...6, using: &random)).map { part in
                (0..<Int.random(in: 0...5, using: &random)).map { index in
                    Finding(check: "c\(part)", severity: .warning, key: "k\(index)", message: "m\(part).\(index)")
                }
            }
            let expected = parts.flatMap { $0 }.map(\.message)
            XCTAssertEqual(CheckJob.joined(&parts).map(\.message), expected)
            XCTAssertTrue(parts.allSatisfy(\.isEmpty))
        }
    }
}
