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

    /// The jobs hand back the model after their writes themselves: the import's equals the
    /// project read again, and a dry run's is the model it planned against.
    func testTheImportJobHandsBackTheUpdatedModel() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let input = try ImportInput.read(contentsOf: Fixtures.sample("BrandedEditor/handoff/fr.xliff"))
        let before = try ProjectDiscovery(root: root).discover()
        let dry = try ImportJob(options: ImportOptions(dryRun: true)).run([input], root: root, project: before)
        XCTAssertFalse(dry.wrote)
        XCTAssertEqual(try dry.updatedProject().catalogs.map(\.catalog), before.catalogs.map(\.catalog))
        let result = try ImportJob().run([input], root: root, project: before)
        XCTAssertTrue(result.wrote)
        let updated = try result.updatedProject()
        let read = try ProjectDiscovery(root: root).discover()
        XCTAssertNotEqual(updated.catalogs.map(\.catalog), before.catalogs.map(\.catalog), "the import changed a catalog")
        XCTAssertEqual(updated.catalogs.map(\.catalog), read.catalogs.map(\.catalog))
        XCTAssertEqual(updated.fileStamps, read.fileStamps)
    }

    func testTheFormatJobHandsBackTheRewrittenModel() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let project = try ProjectDiscovery(root: root).discover()
        let file = try XCTUnwrap(project.catalogs.first { project.mayWrite(path: $0.path) })
        // The same catalog, written compactly: not Xcode's form, so the job rewrites it.
        let url = project.url(forPath: file.path)
        try JSONWriter.compactString(try JSONReader.parse(Data(contentsOf: url), file: file.path)).write(to: url, atomically: true, encoding: .utf8)
        let messy = try ProjectDiscovery(root: root).discover()
        let result = try FormatJob(options: FormatOptions(rewrite: true)).run(on: messy)
        XCTAssertEqual(result.written.map(\.path), [file.path])
        let updated = try XCTUnwrap(result.project)
        let read = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(updated.catalogs.map(\.catalog), read.catalogs.map(\.catalog))
        XCTAssertEqual(updated.fileStamps, read.fileStamps)
        XCTAssertEqual(updated.fileStamps[file.path], FileStamp(url))
    }
}
