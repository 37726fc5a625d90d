import Foundation
@testable import L10nKit

/// SplitMix64: a small deterministic generator so random tests fail the same way every run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
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
