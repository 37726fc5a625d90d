import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange

/// A pipeline stage that wrote files updates the model from the bytes it wrote instead of reading
/// the whole project again: the result must be what discovery would read.
final class ProjectApplyingTests: XCTestCase {
    func testTheSampleHandoffAppliedEqualsTheProjectReadAgain() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let input = try ImportInput.read(contentsOf: Fixtures.sample("BrandedEditor/handoff/fr.xliff"))
        let before = try ProjectDiscovery(root: root).discover()
        let result = try ImportJob().run([input], root: root, project: before)
        XCTAssertFalse(result.plan.changes.isEmpty)
        let written = result.plan.changes.map { ($0.path, $0.data) }
        XCTAssertFalse(result.plan.changes.contains(where: \.isNew), "the sample's French files all exist: \(result.plan.changes.map(\.path))")
        let applied = try XCTUnwrap(try result.project.applying(written: written))
        let read = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(applied.catalogs.map(\.path), read.catalogs.map(\.path))
        for (mine, theirs) in zip(applied.catalogs, read.catalogs) { XCTAssertEqual(mine.catalog, theirs.catalog, mine.path) }
        for (mine, theirs) in zip(applied.stringsTables, read.stringsTables) { XCTAssertEqual(mine.files, theirs.files, mine.table) }
        XCTAssertEqual(applied.fileStamps, read.fileStamps)
        // And the checks see the same thing.
        XCTAssertEqual(try CheckJob().run(on: applied).findings.map(\.message), try CheckJob().run(on: read).findings.map(\.message))
    }

    func testACreatedFileNeedsDiscovery() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertNil(try project.applying(written: [("BrandedEditor/New.xcstrings", Data())]))
    }
}
