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

/// A small project for the reliability tests, XLIFF text for it, and the built `l10n` binary
/// (for the tests that kill a run or race two of them).
enum ReliabilityFixtures {
    /// `App/Localizable.xcstrings`, `App/Second.xcstrings`, `App/Third.xcstrings` (keys `k0`..., English only) and
    /// `App/en.lproj/Legacy.strings` (keys `s0`...), all in Xcode's format.
    static func project(_ testCase: XCTestCase, keys: Int = 10) throws -> URL {
        let root = try Fixtures.temporaryFolder(testCase).appendingPathComponent("Project", isDirectory: true)
        let entries = (0..<keys).map { "\"k\($0)\" : {}" }.joined(separator: ", ")
        let catalog = try StringCatalogReader.read(Data("{ \"sourceLanguage\" : \"en\", \"strings\" : { \(entries) }, \"version\" : \"1.0\" }".utf8), file: "x")
        let strings = (0..<keys).map { "\"s\($0)\" = \"S\($0)\";\n" }.joined()
        for (path, data) in [("App/Localizable.xcstrings", StringCatalogWriter().data(for: catalog)),
                             ("App/Second.xcstrings", StringCatalogWriter().data(for: catalog)),
                             ("App/Third.xcstrings", StringCatalogWriter().data(for: catalog)),
                             ("App/en.lproj/Legacy.strings", Data(strings.utf8))] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return root
    }

    /// An XLIFF file with one `<file>` per (original, units); catalog units are `k<n>`, table units `s<n>`.
    static func xliff(target: String = "de", _ files: [(original: String, units: [(id: String, source: String, target: String)])]) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
        for file in files {
            text += "  <file original=\"\(file.original)\" source-language=\"en\" target-language=\"\(target)\" datatype=\"plaintext\">\n    <body>\n"
            for unit in file.units {
                text += "      <trans-unit id=\"\(unit.id)\"><source>\(unit.source)</source><target state=\"translated\">\(unit.target)</target></trans-unit>\n"
            }
            text += "    </body>\n  </file>\n"
        }
        return text + "</xliff>\n"
    }

    /// Catalog units `k<from..<to>` translated as `<prefix><n>`.
    static func catalogUnits(_ range: Range<Int>, _ prefix: String) -> [(id: String, source: String, target: String)] {
        range.map { ("k\($0)", "k\($0)", "\(prefix)\($0)") }
    }

    /// Writes text to a file in the folder and returns its URL.
    @discardableResult
    static func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Every regular file under the folder (hidden ones too) with its bytes.
    static func snapshot(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            result[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = try Data(contentsOf: url)
        }
        return result
    }

    /// Every path under the folder, folders included, hidden ones too.
    static func paths(_ root: URL) -> Set<String> {
        let prefix = root.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        _ = prefix
        return Set(enumerator.compactMap { $0 as? String })
    }

    /// The `l10n` binary built beside the test bundle (`L10N_TEST_BINARY` names another one, e.g.
    /// an older build, to see these tests fail on it).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["L10N_TEST_BINARY"] { return URL(fileURLWithPath: path) }
        let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        return executable.deletingLastPathComponent().appendingPathComponent("l10n")
    }

    /// Starts the binary; stdout and stderr go to files in `folder`.
    static func start(_ arguments: [String], in folder: URL, environment: [String: String] = [:], log: String,
                      executable: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        FileManager.default.createFile(atPath: folder.appendingPathComponent(log + ".out").path, contents: nil)
        FileManager.default.createFile(atPath: folder.appendingPathComponent(log + ".err").path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: folder.appendingPathComponent(log + ".out"))
        process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent(log + ".err"))
        try process.run()
        return process
    }

    static func output(_ log: String, in folder: URL) -> String {
        ((try? String(contentsOf: folder.appendingPathComponent(log + ".out"), encoding: .utf8)) ?? "")
            + ((try? String(contentsOf: folder.appendingPathComponent(log + ".err"), encoding: .utf8)) ?? "")
    }

    static func requireBinary() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) is not built")
    }

    /// The translations of a catalog for a locale, by key.
    static func values(_ url: URL, locale: String = "de") throws -> [String: String] {
        let catalog = try StringCatalogReader.read(contentsOf: url)
        var result: [String: String] = [:]
        for (key, entry) in catalog.entries {
            if let value = entry.localizations?[locale]?.stringUnit?.value { result[key] = value }
        }
        return result
    }
}
