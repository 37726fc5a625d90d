import XCTest
@testable import L10nCore
@testable import L10nFormats

/// Variation names are put in Xcode's order from ranks learned once; the collator is the oracle.
final class VariationNameOrderTests: XCTestCase {
    func testRanksGiveTheCollatorsOrder() {
        let known = Array(VariationNameOrder.ranks.keys)
        let others = ["Other", "one1", "ipad2", "a", "zz", "médium", "10", "9", ""]
        var random = SystemRandomNumberGenerator()
        for round in 0..<2_000 {
            var names = Array(known.shuffled(using: &random).prefix(Int.random(in: 0...known.count, using: &random)))
            if round % 4 == 0 { names.append(others.randomElement(using: &random)!) }
            names = Array(Set(names)).shuffled(using: &random)
            XCTAssertEqual(VariationNameOrder.sorted(names), Collator.xcodeKeyOrder.sorted(names), "\(names)")
        }
    }
}
