import XCTest
@testable import L10nCore
@testable import L10nFormats
@testable import L10nTestSupport

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

    /// Cases whose names are of `a` to `z` only are in Xcode's order as stored.
    func testStoredOrderOfLetterNamesIsTheCollatorsOrder() {
        var random = SeededRandom(seed: 21)
        let pool = ["one", "other", "few", "iphone", "ipad", "applewatch", "appletv", "a", "ab", "b", "zz", "z", "",
                    "Other", "one1", "10", "9", "médium", "o_ne", "vision"]
        var fast = 0, slow = 0
        for _ in 0..<3_000 {
            var cases = CatalogLocalizations()
            for _ in 0..<Int(random.next() % 6) { cases[random.pick(pool)] = CatalogLocalization() }
            let stored = Array(cases.keys)
            if VariationNameOrder.isStoredInXcodeOrder(cases) {
                fast += 1
                XCTAssertEqual(stored, Collator.xcodeKeyOrder.sorted(stored), "\(stored)")
            } else {
                slow += 1
                XCTAssertTrue(stored.contains { $0.utf8.contains { $0 < UInt8(ascii: "a") || $0 > UInt8(ascii: "z") } }, "\(stored)")
            }
        }
        XCTAssertGreaterThan(fast, 500)
        XCTAssertGreaterThan(slow, 500)
    }

    /// `stringUnits` gives the leaves in the order of the walk that sorts every name list.
    func testStringUnitsInTheSortedWalksOrder() {
        var random = SeededRandom(seed: 22)
        var withVariations = 0
        for _ in 0..<4_000 {
            let localization = XCStringsRandomCatalog.localization(&random, depth: 0)
            if localization.variations != nil { withVariations += 1 }
            XCTAssertEqual(localization.stringUnits.map(\.path), Self.sortedWalk(localization, prefix: StringUnitPath()))
        }
        XCTAssertGreaterThan(withVariations, 800)
    }

    /// The paths as the walk before the stored-order shortcut found them.
    private static func sortedWalk(_ localization: CatalogLocalization, prefix: StringUnitPath) -> [StringUnitPath] {
        var paths: [StringUnitPath] = []
        if localization.stringUnit != nil { paths.append(prefix) }
        if let substitutions = localization.substitutions {
            for name in Collator.xcodeKeyOrder.sorted(Array(substitutions.keys)) {
                if let variations = substitutions[name]?.variations {
                    paths += sortedWalk(variations, prefix: prefix.appending("substitutions", name))
                }
            }
        }
        if let variations = localization.variations { paths += sortedWalk(variations, prefix: prefix) }
        return paths
    }

    private static func sortedWalk(_ variations: CatalogVariations, prefix: StringUnitPath) -> [StringUnitPath] {
        var paths: [StringUnitPath] = []
        for kind in Collator.xcodeKeyOrder.sorted(Array(variations.kinds.keys)) {
            guard let cases = variations.kinds[kind] else { continue }
            for name in Collator.xcodeKeyOrder.sorted(Array(cases.keys)) {
                if let variation = cases[name] { paths += sortedWalk(variation, prefix: prefix.appending(kind, name)) }
            }
        }
        return paths
    }
}
