import Foundation
import L10nKit
import XCTest

/// Paths of the repository, its golden files and the real files in `../shared`.
enum Fixtures {
    /// The package root (the folder holding Package.swift).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/L10nKitTests/Golden/<name>`.
    static func golden(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Tests/L10nKitTests/Golden").appendingPathComponent(name)
    }

    /// `Samples/<path>`.
    static func sample(_ path: String) -> URL {
        packageRoot.appendingPathComponent("Samples").appendingPathComponent(path)
    }

    /// The `../shared` folder beside the checkout, or nil when absent.
    static var sharedRoot: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// A file under `../shared` (e.g. `fixtures/xcstrings/X.xcstrings`); skips the test with a
    /// clear message when `../shared` is not there.
    static func shared(_ path: String) throws -> URL {
        guard let root = sharedRoot else {
            throw XCTSkip("../shared is absent beside the checkout; skipping a test that reads the real file \(path)")
        }
        let url = root.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("../shared/\(path) is absent; skipping")
        }
        return url
    }

    /// Every file with the given extension under a `../shared` folder, sorted.
    static func sharedFiles(in folder: String, withExtension ext: String) throws -> [URL] {
        let root = try shared(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix("." + ext) }.sorted()
        return names.map { root.appendingPathComponent($0) }
    }

    /// A fresh temporary folder, removed when the test ends.
    static func temporaryFolder(_ testCase: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// One translation's string unit in a real catalog, as the real-text oracles walk them.
struct CatalogTranslation {
    let file: URL
    let catalog: StringCatalog
    let key: String
    let locale: String
    let localization: CatalogLocalization
    let leaf: StringUnitLeaf

    /// Where it is, for an assertion's message.
    var place: String { "\(file.lastPathComponent) \(key) [\(locale)] \(leaf.path)" }
}

extension Fixtures {
    /// Every string unit of every localization but the source language's in the catalogs at `files`.
    static func translations(in files: [URL]) throws -> [CatalogTranslation] {
        var result: [CatalogTranslation] = []
        for file in files {
            let catalog = try StringCatalogReader.read(contentsOf: file)
            for (key, entry) in catalog.entries {
                for (locale, localization) in entry.localizations ?? [:] where locale != catalog.sourceLanguage {
                    for leaf in localization.stringUnits {
                        result.append(CatalogTranslation(file: file, catalog: catalog, key: key, locale: locale, localization: localization, leaf: leaf))
                    }
                }
            }
        }
        return result
    }
}
