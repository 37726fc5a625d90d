@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import Foundation
import XCTest
@testable import L10nTestSupport

/// The import judges the catalog with the most units on a second core beside the rest
/// (`ImportParts`, issue 11). Its plan is the plan one session judging every unit in input order
/// makes: the same outcomes in the same order, the same files and bytes, the same notes. Each
/// case checks that the two-session path is the one taken.
final class ImportPartsTests: XCTestCase {
    /// The document with `edit` applied to each unit, given the unit's position (from 1).
    private func editing(_ document: XLIFFDocument, _ edit: (Int, inout TransUnit) -> Void) -> XLIFFDocument {
        var document = document
        var position = 0
        for file in document.files.indices {
            for unit in document.files[file].units.indices {
                position += 1
                edit(position, &document.files[file].units[unit])
            }
        }
        return document
    }

    /// Every locale exported with scope all, then edited unit by unit so that most rules fire:
    /// targets changed, kept, dropped, given a placeholder the source lacks, or marked final.
    private func returnedFiles(_ project: Project) -> [ImportInput] {
        let exporter = XLIFFExporter(project: project)
        var inputs: [ImportInput] = []
        let locales = Set(project.catalogs.flatMap(\.catalog.locales) + project.app.availableLocalizations)
        for locale in locales.sorted() where locale != project.sourceLanguage && locale != "Base" {
            let document = editing(exporter.export(locale: locale, scope: .all).document) { position, unit in
                switch position % 6 {
                case 0: break
                case 1: unit.target = (unit.target ?? unit.source) + " (\(locale))"
                case 2: unit.target = nil
                case 3: unit.target = "%@ %lld \(unit.source)"
                case 4:
                    unit.target = "\(locale): " + unit.source
                    unit.targetState = XLIFFTargetState.final
                default: unit.target = unit.source
                }
            }
            inputs.append(ImportInput(path: "\(locale).xliff", document: document))
        }
        // The first file again: every unit a duplicate of one already judged.
        if let first = inputs.first { inputs.append(ImportInput(path: "again.xliff", document: first.document)) }
        return inputs
    }

    /// Copy edits of the development language: targets changed (applied as source edits, their
    /// translations put up for review), dropped, or changed but left `new` (the unfinished-edit note).
    private func copyEdits(_ project: Project) -> ImportInput {
        let exported = XLIFFExporter(project: project).export(locale: project.sourceLanguage, scope: .all).document
        let document = editing(exported) { position, unit in
            switch position % 5 {
            case 0:
                unit.target = (unit.target ?? unit.source) + " (edited)"
                unit.targetState = .translated
            case 1: unit.target = nil
            case 2:
                unit.target = (unit.target ?? unit.source) + " (draft)"
                unit.targetState = .new
            default: break
            }
        }
        return ImportInput(path: "\(project.sourceLanguage).xliff", document: document)
    }

    private func assertSamePlan(_ root: URL, _ name: String, copyEditsFirst: Bool? = nil,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        let project = try ProjectDiscovery(root: root).discover()
        var inputs = returnedFiles(project)
        if let first = copyEditsFirst {
            inputs.insert(copyEdits(project), at: first ? 0 : inputs.count)
        }
        let sourceEdits = copyEditsFirst != nil
        // The two-session path is the one taken.
        let importer = XLIFFImporter(project: project, sourceEdits: sourceEdits)
        let destinations = inputs.map { $0.document.files.map { try? importer.destination(for: $0).get() } }
        XCTAssertNotNil(XLIFFImporter.catalogWithMostUnits(inputs, destinations), "\(name): one session only", file: file, line: line)

        let parted = try importer.plan(inputs)
        var oneSession = XLIFFImporter(project: project, sourceEdits: sourceEdits)
        oneSession.judgesLargestCatalogApart = false
        let whole = try oneSession.plan(inputs)
        XCTAssertEqual(parted.outcomes.count, inputs.reduce(0) { $0 + $1.document.unitCount }, name, file: file, line: line)
        XCTAssertEqual(parted.outcomes.count, whole.outcomes.count, name, file: file, line: line)
        for (index, (a, b)) in zip(parted.outcomes, whole.outcomes).enumerated() where a != b {
            XCTFail("\(name): outcome \(index) differs: \(a) vs \(b)", file: file, line: line)
            break
        }
        XCTAssertEqual(parted.changes.map(\.path), whole.changes.map(\.path), name, file: file, line: line)
        XCTAssertTrue(parted.changes == whole.changes, "\(name): the files' bytes differ", file: file, line: line)
        XCTAssertEqual(parted.notes, whole.notes, name, file: file, line: line)
        // The outcomes follow the inputs' documents, unit by unit.
        let expected = inputs.flatMap { input in input.document.files.flatMap { file in file.units.map { "\(input.path) \(file.original) \($0.id)" } } }
        XCTAssertEqual(parted.outcomes.map { "\($0.input) \($0.original) \($0.id)" }, expected, name, file: file, line: line)
        let statuses = Set(parted.outcomes.map(\.status))
        XCTAssertEqual(statuses, [.applied, .unchanged, .skipped, .refused], name, file: file, line: line)
        if sourceEdits {
            XCTAssertTrue(parted.outcomes.contains { $0.sourceEdit != nil }, "\(name): no copy edit applied", file: file, line: line)
        }
    }

    /// A generated project: two app catalogs, the SDK's keys copied into the editor catalog,
    /// legacy tables and a storyboard's strings, all interleaved in each returned file.
    func testGeneratedProject() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Generated")
        _ = try ProjectGenerator(size: ProjectGenerator.Size(sdkKeys: 300, locales: 4, tables: 2), seed: 12).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertGreaterThan(project.catalogs.count, 2)
        try assertSamePlan(root, "generated")
    }

    func testSampleApp() throws {
        try assertSamePlan(ExchangeFixtures.sampleCopy(self), "sample")
    }

    /// Copy edits (`--source-edits`) before and after the translations: catalogs, legacy tables
    /// and the storyboard's Base texts, each in the session of its file.
    func testCopyEditsBeforeAndAfterTranslations() throws {
        try assertSamePlan(ExchangeFixtures.sampleCopy(self), "sample, copy edits first", copyEditsFirst: true)
        try assertSamePlan(ExchangeFixtures.sampleCopy(self), "sample, copy edits last", copyEditsFirst: false)
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Generated")
        _ = try ProjectGenerator(size: ProjectGenerator.Size(sdkKeys: 300, locales: 4, tables: 2), seed: 12).write(to: root)
        try assertSamePlan(root, "generated, copy edits first", copyEditsFirst: true)
    }

    /// Real catalogs beside a real storyboard's strings and a real `.stringsdict` table.
    func testRealCatalogsWithStoryboardAndStringsdict() throws {
        let root = try ElytraStringsdict.project(self, units: ElytraStringsdict.load().file.units)
        var files: [String: Data] = [
            "WorldTrotter/Base.lproj/Main.storyboard": try LegacyGolden.read("ib/WorldTrotter/Base.lproj/Main.storyboard"),
            "WorldTrotter/es.lproj/Main.strings": try LegacyGolden.read("ib/WorldTrotter/es.lproj/Main.strings"),
        ]
        for name in ["Localizable", "Main"] {
            files["App/\(name).xcstrings"] = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.\(name).xcstrings"))
        }
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        try assertSamePlan(root, "MacMouseFix, WorldTrotter, Elytra")
        try assertSamePlan(root, "MacMouseFix, WorldTrotter, Elytra, copy edits", copyEditsFirst: true)
    }

    /// MacMouseFix's two real catalogs, side by side in one project.
    func testRealCatalogs() throws {
        var files: [String: Data] = [:]
        for name in ["Localizable", "Main"] {
            files["App/\(name).xcstrings"] = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.\(name).xcstrings"))
        }
        try assertSamePlan(ExchangeFixtures.project(self, files: files), "MacMouseFix")
    }

    /// A catalog not in Xcode's format gets its note when the other session checked it.
    func testRealCatalogNotInXcodeFormat() throws {
        var files: [String: Data] = [:]
        for name in ["Localizable", "Main"] {
            files["App/\(name).xcstrings"] = try Data(contentsOf: Fixtures.shared("fixtures/xcstrings/MacMouseFix.\(name).xcstrings"))
        }
        let object = try JSONSerialization.jsonObject(with: files["App/Main.xcstrings"]!)
        files["App/Main.xcstrings"] = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        let root = try ExchangeFixtures.project(self, files: files)
        try assertSamePlan(root, "MacMouseFix, Main reformatted")
        let project = try ProjectDiscovery(root: root).discover()
        let notes = try XLIFFImporter(project: project).plan(returnedFiles(project)).notes
        XCTAssertEqual(notes.filter { $0.contains("not in Xcode's format") }.map { String($0.prefix(18)) }, ["App/Main.xcstrings"])
    }
}
