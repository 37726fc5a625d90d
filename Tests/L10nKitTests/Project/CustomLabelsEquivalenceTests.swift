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
@testable import L10nTestSupport

/// `Project.customLabels` (catalogs looked up once per layer, keys sorted once, locales ordered
/// by rank) gives what the straightforward lookup it replaced gave, and `catalog(atPath:)`
/// follows every change of `catalogs`.
final class CustomLabelsEquivalenceTests: XCTestCase {
    /// `customLabels` as it was (commit e5d6c77): a lookup through the chain for every SDK key.
    private func referenceCustomLabels(_ project: Project) -> [CustomLabel] {
        guard let sdkLayer = project.lookupChain.sdkLayer, let sdkCatalog = project.catalog(for: sdkLayer) else { return [] }
        var labels: [CustomLabel] = []
        for key in Collator.xcodeKeyOrder.sorted(Array(sdkCatalog.entries.keys)) {
            guard let layer = project.lookupChain.appLayers.first(where: { project.layer($0, contains: key) }),
                  let catalog = project.catalog(for: layer) else { continue }
            let appLocales = catalog.entries[key]?.locales ?? []
            let sdkLocales = sdkCatalog.entries[key]?.locales ?? []
            let shadowed = sdkLocales.filter { !appLocales.contains($0) }
            labels.append(CustomLabel(key: key, layer: layer, appLocales: appLocales, sdkLocales: sdkLocales, shadowedLocales: shadowed))
        }
        return labels
    }

    /// `customLabelKeys` (what the report reads) lists `customLabels`' keys and layers, in order,
    /// byte for byte.
    private func assertKeysMatch(_ project: Project, file: StaticString = #filePath, line: UInt = #line) {
        let keys = project.customLabelKeys, labels = project.customLabels
        XCTAssertEqual(keys.map { Array($0.key.utf8) }, labels.map { Array($0.key.utf8) }, file: file, line: line)
        XCTAssertEqual(keys.map(\.layer), labels.map(\.layer), file: file, line: line)
    }

    func testGeneratedProjects() throws {
        for (size, seed) in [(ProjectGenerator.Size.small, UInt64(1)), (ProjectGenerator.Size(sdkKeys: 1_500, locales: 24, tables: 1), 5)] {
            let folder = try Fixtures.temporaryFolder(self)
            _ = try ProjectGenerator(size: size, seed: seed).write(to: folder)
            let project = try ProjectDiscovery(root: folder).discover()
            let labels = project.customLabels
            XCTAssertGreaterThan(labels.count, 10)
            XCTAssertTrue(labels.contains { !$0.shadowedLocales.isEmpty })
            XCTAssertEqual(labels, referenceCustomLabels(project), "\(size)")
            assertKeysMatch(project)
        }
    }

    private func entry(_ locales: [String]) -> CatalogEntry {
        var entry = CatalogEntry()
        entry.localizations = CatalogLocalizations(uniqueKeysWithValues: locales.map {
            ($0, CatalogLocalization(stringUnit: StringUnit(state: "translated", value: "v \($0)")))
        })
        return entry
    }

    /// A chain whose first app layer is a legacy table (which hides keys it has), entries without
    /// localizations, and locale names in mixed case, with digits and outside ASCII.
    func testLegacyLayerAndOddLocaleNames() throws {
        // `zh-HK` with a Kelvin sign is `==` to `zh-HK` (never both in one entry): the names
        // come back as the entry spells them.
        let kelvin = "zh-H\u{212A}"
        let locales = ["de", "en", "zh-Hans", "zh-hans", "pt-BR", "es-419", "sr-Latn", "Base", "é", "e\u{301}x", "ja", "zh-HK", kelvin]
        var random = SeededRandom(seed: 41)
        func pick() -> [String] {
            var picked = locales.filter { _ in Bool.random(using: &random) }
            if picked.contains(where: { $0.utf8.elementsEqual("zh-HK".utf8) }) { picked.removeAll { $0.utf8.elementsEqual(kelvin.utf8) } }
            return picked
        }
        var sdk = StringCatalog(sourceLanguage: "en"), app = StringCatalog(sourceLanguage: "en")
        var table: [String: StringsFile] = ["en": StringsFile(path: "en.lproj/Localizable.strings")]
        for index in 0..<400 {
            let key = ["key\(index)", "Key \(index)", "ä\(index)", "item\(index * 7 % 13)_\(index)"][index % 4]
            sdk.entries[key] = index % 17 == 0 ? CatalogEntry() : entry(pick())
            if index % 3 == 0 { app.entries[key] = index % 11 == 0 ? CatalogEntry() : entry(pick()) }
            if index % 5 == 0 { table["en"]!.setValue("legacy", forKey: key) }
        }
        let layers = [
            Layer(bundle: "App", table: "Localizable", role: .app, catalogPath: nil),
            Layer(bundle: "App", table: "IMGLYEditor", role: .app, catalogPath: "App/IMGLYEditor.xcstrings"),
            Layer(bundle: "SDK", table: "IMGLYEditor", role: .sdk, catalogPath: "SDK/IMGLYEditor.xcstrings"),
        ]
        let project = Project(
            root: URL(fileURLWithPath: "/nowhere"), sourceLanguage: "en", app: AppBundle(name: "App", folder: "App"),
            catalogs: [CatalogFile(path: "App/IMGLYEditor.xcstrings", table: "IMGLYEditor", bundle: "App", catalog: app),
                       CatalogFile(path: "SDK/IMGLYEditor.xcstrings", table: "IMGLYEditor", bundle: "SDK", catalog: sdk)],
            stringsTables: [StringsTable(bundle: "App", table: "Localizable", folder: "App", files: table)],
            interfaceFiles: [], lookupChain: LookupChain(layers: layers, isEditorChain: true), storyboardKeyPaths: [])
        let labels = project.customLabels
        XCTAssertGreaterThan(labels.count, 50)
        XCTAssertFalse(labels.contains { $0.key == "key0" }, "the legacy table above hides the key")
        let reference = referenceCustomLabels(project)
        XCTAssertEqual(labels, reference)
        assertKeysMatch(project)
        // `==` on the names is canonical equivalence: the bytes are compared too.
        let bytes = { (labels: [CustomLabel]) in labels.map { ($0.appLocales + ["|"] + $0.sdkLocales).map { Array($0.utf8) } } }
        XCTAssertEqual(bytes(labels), bytes(reference))
        XCTAssertTrue(labels.contains { $0.appLocales.contains { $0.utf8.elementsEqual(kelvin.utf8) } }, "the Kelvin spelling is kept")
    }

    func testCatalogAtPathFollowsChangesOfCatalogs() throws {
        let folder = try Fixtures.temporaryFolder(self)
        _ = try ProjectGenerator(size: .small, seed: 2).write(to: folder)
        var project = try ProjectDiscovery(root: folder).discover()
        let paths = project.catalogs.map(\.path)
        for path in paths { XCTAssertEqual(project.catalog(atPath: path)?.path, path) }
        XCTAssertNil(project.catalog(atPath: "Missing.xcstrings"))

        project.catalogs[0].path = "Moved.xcstrings"
        XCTAssertNil(project.catalog(atPath: paths[0]))
        XCTAssertEqual(project.catalog(atPath: "Moved.xcstrings")?.table, project.catalogs[0].table)

        let copy = project.catalogs[1]
        project.catalogs.insert(CatalogFile(path: copy.path, table: "Other", bundle: copy.bundle, catalog: copy.catalog), at: 0)
        XCTAssertEqual(project.catalog(atPath: copy.path)?.table, "Other", "the first catalog at a path wins")
        project.catalogs.removeFirst()
        XCTAssertEqual(project.catalog(atPath: copy.path)?.table, copy.table)
        project.catalogs = []
        XCTAssertNil(project.catalog(atPath: copy.path))
    }
}
