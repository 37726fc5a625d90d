import Foundation
import XCTest
@testable import L10nCore
@testable import L10nExchange
@testable import L10nFormats
@testable import L10nProject
@testable import L10nTestSupport

/// `CheckContext.chainWinners`, found once per context while the layers' keys are merged,
/// holds for every chain key what the checks looked up for themselves before: the key's
/// winner in a table of every key's first layer (the code before, kept here as the oracle)
/// and that layer's entry; `winningLayer`, asked of the layers in turn, answers as the table.
final class ChainWinnersTests: XCTestCase {
    /// The chain keys and the table of winners as the context made them before.
    private func reference(_ chain: [CheckContext.ChainLayer]) -> (keys: [String], winners: [String: Int]) {
        let collator = Collator.xcodeKeyOrder
        var merged: [String] = []
        var winners: [String: Int] = [:]
        for (index, layer) in chain.enumerated() {
            var layerKeys: [String] = []
            if let catalog = layer.catalog { layerKeys = catalog.orderedKeys }
            if let table = layer.table {
                var keys = Set<String>()
                for file in table.files.values { keys.formUnion(file.keys) }
                layerKeys = collator.merged(layerKeys, collator.sorted(Array(keys)))
            }
            merged = collator.merged(merged, layerKeys)
            var keys: [String] = []
            if let catalog = layer.catalog { keys = Array(catalog.entries.keys) }
            if let table = layer.table { for file in table.files.values { keys += file.keys } }
            for key in keys where winners[key] == nil { winners[key] = index }
        }
        return (merged, winners)
    }

    private func assertLookups(_ context: CheckContext, file: StaticString = #filePath, line: UInt = #line) {
        let (keys, winners) = reference(context.chain)
        XCTAssertEqual(context.chainKeys, keys, file: file, line: line)
        XCTAssertEqual(context.chainWinners.count, context.chainKeys.count, file: file, line: line)
        for key in ["", "no such key", "ly_img_editor_no_such_key"] + context.chainKeys {
            XCTAssertEqual(context.winningLayer(key), winners[key], key, file: file, line: line)
        }
        for (key, winner) in zip(context.chainKeys, context.chainWinners) {
            let layer = winners[key]
            XCTAssertEqual(winner.layer, layer, key, file: file, line: line)
            XCTAssertEqual(winner.entry, layer.flatMap { context.chain[$0].entries?[key] }, key, file: file, line: line)
            // What a device shows, as `shown(key, locales:)` found it before: every lookup by key.
            let expected = context.locales.map { locale -> String? in
                guard let layer else { return nil }
                let chainLayer = context.chain[layer]
                for candidate in context.searchList(for: locale) {
                    if let text = chainLayer.value(key, locale: candidate) { return "\(layer) \(candidate) \(text)" }
                }
                return "\(layer) - \(chainLayer.value(key, locale: chainLayer.catalogSourceLanguage ?? context.sourceLanguage) ?? key)"
            }
            XCTAssertEqual(context.shown(key, winner: winner.layer, entry: winner.entry, locales: context.locales).map { $0.map { "\($0.layer) \($0.locale ?? "-") \($0.value)" } },
                           expected, key, file: file, line: line)
        }
    }

    func testTheSampleAndItsPseudoLocaleCopy() throws {
        let project = try ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover()
        let base = try CheckContext(project: project)
        XCTAssertGreaterThan(Set(base.chainWinners.map(\.layer)).count, 2, "keys won by every layer")
        assertLookups(base)
        // The pseudo-locale's copy takes the base's keys and winners, but has entries of its own.
        let pseudo = PseudoLocalization()
        let taken = try CheckContext(project: pseudo.applied(to: project), locales: [pseudo.locale], keysOf: base)
        assertLookups(taken)
        XCTAssertNotEqual(taken.chainWinners.map(\.entry), base.chainWinners.map(\.entry))
    }

    func testAGeneratedProject() throws {
        let output = try ProjectGenerator(size: .small, seed: 31).write(to: try Fixtures.temporaryFolder(self))
        let context = try CheckContext(project: ProjectDiscovery(root: output.root).discover())
        XCTAssertGreaterThan(context.chainKeys.count, 200)
        assertLookups(context)
    }

    /// Canonically equivalent keys are one key to a lookup; with a key collated between them
    /// the merge does not join them, and the later layer's form still wins in the earlier layer.
    func testEquivalentKeysApartInTheMergeWinInTheFirstLayerThatHasThem() throws {
        func catalog(_ keys: [String]) -> StringCatalog {
            var catalog = StringCatalog(sourceLanguage: "en")
            for key in keys {
                catalog.entries[key] = CatalogEntry(localizations: ["en": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: key))])
            }
            return catalog
        }
        let layers = [
            Layer(bundle: "App", table: "Localizable", role: .app, catalogPath: "App/Localizable.xcstrings"),
            Layer(bundle: "App", table: "IMGLYEditor", role: .app, catalogPath: "App/IMGLYEditor.xcstrings"),
            Layer(bundle: "SDK", table: "IMGLYEditor", role: .sdk, catalogPath: "SDK/IMGLYEditor.xcstrings"),
        ]
        // é decomposed and precomposed; ASCII K and the Kelvin sign (U+212A), whose
        // decomposition is ASCII. U+0001 is ignored by the collation: it sorts between them.
        for (first, second, twin) in [(["e\u{301}\u{1}", "\u{E9}", "a"], ["e\u{301}", "b"], "\u{E9}"),
                                      (["K\u{1}", "\u{212A}", "a"], ["K", "b"], "K")] {
            let project = Project(
                root: URL(fileURLWithPath: "/nowhere"), sourceLanguage: "en", app: AppBundle(name: "App", folder: "App"),
                catalogs: [CatalogFile(path: "App/Localizable.xcstrings", table: "Localizable", bundle: "App", catalog: catalog(first)),
                           CatalogFile(path: "App/IMGLYEditor.xcstrings", table: "IMGLYEditor", bundle: "App", catalog: catalog(second)),
                           CatalogFile(path: "SDK/IMGLYEditor.xcstrings", table: "IMGLYEditor", bundle: "SDK", catalog: catalog([twin, "a", "c"]))],
                stringsTables: [], interfaceFiles: [], lookupChain: LookupChain(layers: layers, isEditorChain: true), storyboardKeyPaths: [])
            let context = try CheckContext(project: project)
            XCTAssertEqual(context.chainKeys.filter { $0 == twin }.count, 2, "the merge keeps both forms of \(twin.debugDescription) apart")
            assertLookups(context)
        }
    }
}
