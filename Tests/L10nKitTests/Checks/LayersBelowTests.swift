import XCTest
@testable import L10nProject
@testable import L10nTestSupport

/// `CheckContext.LayersBelow`, which looks each lower layer's entry up once per key, answers as
/// asking every lower layer for its value does.
final class LayersBelowTests: XCTestCase {
    func testAnswersAsTheLayersDo() throws {
        let context = try CheckContext(project: ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover())
        XCTAssertGreaterThan(context.chain.count, 2)
        var found = 0, none = 0
        for key in context.chainKeys {
            for winner in context.chain.indices {
                var below = CheckContext.LayersBelow(context, key: key, winner: winner)
                for locale in context.locales + ["xx"] {
                    let expected = context.chain.indices.dropFirst(winner + 1).lazy
                        .compactMap { index in context.chain[index].value(key, locale: locale).map { (index, $0) } }.first
                    let answer = below.translation(locale: locale)
                    XCTAssertEqual(answer?.layer, expected?.0, "\(key) below \(winner) in \(locale)")
                    XCTAssertEqual(answer?.value, expected?.1, "\(key) below \(winner) in \(locale)")
                    if answer == nil { none += 1 } else { found += 1 }
                }
            }
        }
        XCTAssertGreaterThan(found, 100)
        XCTAssertGreaterThan(none, 100)
    }
}
