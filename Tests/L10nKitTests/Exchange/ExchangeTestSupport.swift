import Foundation
import L10nKit
import XCTest

/// Projects and helpers shared by the export and import tests.
enum ExchangeFixtures {
    static let tool = XLIFFTool.l10n(version: "0.1.0")

    /// A temporary project with the given files (project-relative path → bytes).
    static func project(_ testCase: XCTestCase, files: [String: Data]) throws -> URL {
        let root = try Fixtures.temporaryFolder(testCase).appendingPathComponent("Project", isDirectory: true)
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    /// A temporary copy of `Samples/BrandedEditor` (tests never modify Samples/).
    static func sampleCopy(_ testCase: XCTestCase) throws -> URL {
        let root = try Fixtures.temporaryFolder(testCase).appendingPathComponent("BrandedEditor", isDirectory: true)
        try FileManager.default.copyItem(at: Fixtures.sample("BrandedEditor"), to: root)
        return root
    }

    /// Every regular file under a folder with its bytes, by relative path.
    static func snapshot(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in enumerator {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            result[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = try Data(contentsOf: url)
        }
        return result
    }

    /// The text of each `<file ...>...</file>` element, header set aside (as Xcode comparisons do).
    static func fileElements(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for element in XLIFFFixtureTests.fileElements(text) {
            let original = element.components(separatedBy: "original=\"")[1].components(separatedBy: "\"")[0]
            result[original] = XLIFFFixtureTests.withoutHeader(element)
        }
        return result
    }

    /// Lines present in `after` but not in `before`, and the reverse, as a line diff would count them.
    static func changedLines(_ before: Data, _ after: Data) -> (removed: [String], added: [String]) {
        let a = String(decoding: before, as: UTF8.self).components(separatedBy: "\n")
        let b = String(decoding: after, as: UTF8.self).components(separatedBy: "\n")
        let diff = b.difference(from: a)
        var removed: [String] = [], added: [String] = []
        for change in diff {
            switch change {
            case .remove(_, let line, _): removed.append(line)
            case .insert(_, let line, _): added.append(line)
            }
        }
        return (removed, added)
    }
}
