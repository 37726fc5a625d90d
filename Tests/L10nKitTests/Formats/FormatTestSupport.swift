import Foundation
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import L10nTestSupport

extension SeededRandom {
    /// True in `percent` of 100 draws.
    mutating func percentChance(_ percent: UInt64) -> Bool { next() % 100 < percent }
}

/// Key order of every object in a JSON tree, checked against `Collator.xcodeKeyOrder`.
struct KeyOrderAudit {
    var objects = 0
    var pairs = 0
    var inversions: [(String, String)] = []

    init(_ value: JSONValue) { visit(value) }

    private mutating func visit(_ value: JSONValue) {
        switch value {
        case .object(let members):
            objects += 1
            for (a, b) in zip(members, members.dropFirst()) {
                pairs += 1
                if Collator.xcodeKeyOrder.compare(a.key, b.key) >= 0 { inversions.append((a.key, b.key)) }
            }
            for member in members { visit(member.value) }
        case .array(let elements):
            for element in elements { visit(element) }
        default:
            break
        }
    }
}

/// Lines of UTF-8 text, split on LF only.
func lines(_ data: Data) -> [Substring] {
    String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
}
