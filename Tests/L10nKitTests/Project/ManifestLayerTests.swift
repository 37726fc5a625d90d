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

/// Manifest layers: a path that names nothing is an error at the layer; a layer outside the
/// project root (a SwiftPM checkout) is read, and written only when marked `"writable": true`.
final class ManifestLayerTests: XCTestCase {
    /// A project folder `Project` beside a package folder `Package` (both in one temporary folder).
    func folders() throws -> (root: URL, package: URL) {
        let base = try Fixtures.temporaryFolder(self)
        let root = base.appendingPathComponent("Project", isDirectory: true)
        let package = base.appendingPathComponent("Package", isDirectory: true)
        for folder in [root.appendingPathComponent("App"), package.appendingPathComponent("Sources/Kit/Resources")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try ExampleFile.infoPlist(declared: ["en", "de"]).data.write(to: root.appendingPathComponent("App/Info.plist"))
        return (root, package)
    }

    func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func catalog(_ entries: [String: [String: String]]) -> String {
        var catalog = StringCatalog(sourceLanguage: "en")
        for (key, values) in entries {
            var entry = CatalogEntry()
            entry.localizations = CatalogLocalizations(values.mapValues { CatalogLocalization(stringUnit: StringUnit(state: "translated", value: $0)) })
            catalog.entries[key] = entry
        }
        return String(decoding: StringCatalogWriter().data(for: catalog), as: UTF8.self)
    }

    /// Before: the layer was dropped silently, so the chain had no SDK and every check passed.
    func testALayerPathThatNamesNothingIsAnErrorAtTheLayer() throws {
        let (root, _) = try folders()
        try write(catalog(["greeting": ["en": "Hello"]]), root.appendingPathComponent("App/Localizable.xcstrings"))
        try write("""
        {
          "layers": [
            { "bundle": "App", "table": "Localizable", "path": "App/Localizable.xcstrings" },
            { "bundle": "IMGLYEditor", "table": "IMGLYEditor", "role": "sdk", "path": "../Package/Missing.xcstrings" }
          ]
        }
        """, root.appendingPathComponent("l10n.json"))
        XCTAssertThrowsError(try ProjectDiscovery(root: root).discover()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("l10n.json:4:5: error: layer IMGLYEditor/IMGLYEditor: \"../Package/Missing.xcstrings\" names no file"), text)
            XCTAssertTrue(text.contains("docs/project.md"), text)
        }
        let run = CLIRun(["check", "--project", root.path], in: root)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("names no file"), run.stderr)
        for (path, expected) in [("../Package", "is a folder"), ("App/Info.plist", "is not a .xcstrings or .strings file")] {
            try write("{ \"layers\": [ { \"bundle\": \"S\", \"table\": \"S\", \"role\": \"sdk\", \"path\": \"\(path)\" } ] }", root.appendingPathComponent("l10n.json"))
            XCTAssertThrowsError(try ProjectDiscovery(root: root).discover()) { XCTAssertTrue("\($0)".contains(expected), "\($0)") }
        }
    }

    func testLayerFieldsAreChecked() throws {
        let cases: [(String, String)] = [
            (#"{ "bundle": "S", "table": "T", "role": "sdk", "path": "x.xcstrings", "writable": true }"#, "false for an sdk layer"),
            (#"{ "bundle": "S", "table": "T", "writable": "yes" }"#, "\"layers[0].writable\" must be true or false"),
            (#"{ "bundle": "S", "table": "T", "writeable": true }"#, "did you mean \"writable\""),
            (#"{ "bundle": "S", "table": "T", "path": "" }"#, "\"layers[0].path\" must be a non-empty string"),
        ]
        for (layer, expected) in cases {
            XCTAssertThrowsError(try ProjectManifest.read(Data("{\n  \"layers\": [\n    \(layer)\n  ]\n}".utf8), file: "l10n.json"), layer) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
                XCTAssertTrue("\(error)".hasPrefix("l10n.json:3:5: error:"), "\(error)")
            }
        }
    }

    /// The real SDK catalog, named by an absolute path outside the project (as a SwiftPM checkout
    /// in DerivedData is), is the SDK layer: the shadowing trap is found in it.
    func testTheRealSDKCatalogOutsideTheProjectIsTheSDKLayer() throws {
        let sdkURL = try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings")
        let (root, _) = try folders()
        try write(catalog(["ly_img_editor_inspector_bar_button_duplicate": ["en": "Copy"]]), root.appendingPathComponent("App/IMGLYEditor.xcstrings"))
        try write("""
        { "layers": [
            { "bundle": "App", "table": "IMGLYEditor", "path": "App/IMGLYEditor.xcstrings" },
            { "bundle": "IMGLYEditor", "table": "IMGLYEditor", "role": "sdk", "path": "\(sdkURL.path)" } ] }
        """, root.appendingPathComponent("l10n.json"))
        let project = try ProjectDiscovery(root: root).discover()
        let sdkPath = try XCTUnwrap(project.lookupChain.sdkLayer?.catalogPath)
        XCTAssertTrue(sdkPath.hasPrefix("../"), sdkPath)
        XCTAssertEqual(FileTransaction.resolved(project.url(forPath: sdkPath)), FileTransaction.resolved(sdkURL))
        XCTAssertEqual(project.catalog(atPath: sdkPath)?.catalog.entries.count, 545)
        let findings = try CheckJob(options: CheckOptions(only: ["shadowed-locale"])).run(on: project).findings
        XCTAssertEqual(findings.map { "\($0.key ?? "") \($0.locale ?? "")" }, ["ly_img_editor_inspector_bar_button_duplicate de"])
        XCTAssertEqual(findings.first?.device?.instead, "Duplizieren")
        // Export never offers the read-only SDK catalog, and format leaves it alone.
        let export = CLIRun(["export", "--xliff", "--project", root.path, "--out", root.appendingPathComponent("out").path, "--locale", "de"], in: root)
        XCTAssertEqual(export.status, 0, export.stderr)
        let xliff = try String(contentsOf: root.appendingPathComponent("out/de.xliff"), encoding: .utf8)
        XCTAssertFalse(xliff.contains("original=\"../"), "the SDK's catalog is not exported")
        XCTAssertTrue(try FormatJob(options: FormatOptions(rewrite: false)).run(FormatJob.files(of: project), root: project.root)
            .differences.allSatisfy { !$0.path.hasPrefix("../") })
    }

    /// Xcode exports a local package's catalog as `../Package/...`: it is imported only into a
    /// layer marked writable, through the same all-or-nothing transaction; read-only otherwise.
    func testAnOutsideLayerIsWrittenOnlyWhenMarkedWritable() throws {
        let (root, package) = try folders()
        let kit = package.appendingPathComponent("Sources/Kit/Resources/Kit.xcstrings")
        try write(catalog(["kit_title": ["en": "Kit"]]), kit)
        try write(catalog(["greeting": ["en": "Hello"]]), root.appendingPathComponent("App/Localizable.xcstrings"))
        func manifest(writable: Bool) throws {
            try write("""
            { "layers": [
                { "bundle": "App", "table": "Localizable", "path": "App/Localizable.xcstrings" },
                { "bundle": "Kit", "table": "Kit", "path": "../Package/Sources/Kit/Resources/Kit.xcstrings", "writable": \(writable) } ] }
            """, root.appendingPathComponent("l10n.json"))
        }
        let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="../Package/Sources/Kit/Resources/Kit.xcstrings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="kit_title" xml:space="preserve"><source>Kit</source><target state="translated">Baukasten</target></trans-unit>
            </body>
          </file>
        </xliff>
        """
        let input = root.deletingLastPathComponent().appendingPathComponent("de.xliff")
        try write(xliff, input)
        let before = try Data(contentsOf: kit)

        try manifest(writable: false)
        let refused = CLIRun(["import", input.path, "--project", root.path], in: root)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stdout.contains("error: refused (read-only-file)"), refused.stdout)
        XCTAssertTrue(refused.stdout.contains("is the layer ../Package/Sources/Kit/Resources/Kit.xcstrings outside the project folder, which is read-only"), refused.stdout)
        XCTAssertTrue(refused.stdout.contains("\"writable\": true"), refused.stdout)
        XCTAssertEqual(try Data(contentsOf: kit), before)

        try manifest(writable: true)
        let exported = CLIRun(["export", "--xliff", "--project", root.path, "--out", root.appendingPathComponent("out").path, "--locale", "de"], in: root)
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertTrue(try String(contentsOf: root.appendingPathComponent("out/de.xliff"), encoding: .utf8)
            .contains("<file original=\"../Package/Sources/Kit/Resources/Kit.xcstrings\""))
        // An .xcloc bundle carries the layer's units; its source copy has no place inside the bundle.
        let bundled = CLIRun(["export", "--xcloc", "--project", root.path, "--out", root.appendingPathComponent("xcloc").path, "--locale", "de"], in: root)
        XCTAssertEqual(bundled.status, 0, bundled.stderr)
        let bundle = root.appendingPathComponent("xcloc/de.xcloc")
        XCTAssertTrue(try String(contentsOf: bundle.appendingPathComponent("Localized Contents/de.xliff"), encoding: .utf8)
            .contains("<file original=\"../Package/Sources/Kit/Resources/Kit.xcstrings\""))
        XCTAssertFalse(ReliabilityFixtures.paths(bundle).contains { $0.contains("Kit.xcstrings") }, "\(ReliabilityFixtures.paths(bundle))")
        let applied = CLIRun(["import", input.path, "--project", root.path], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        let written = try StringCatalogReader.read(contentsOf: kit)
        XCTAssertEqual(written.entries["kit_title"]?.localizations?["de"]?.stringUnit?.value, "Baukasten")
        // No journal, lock or temporary file is left on either side.
        for folder in [root, package] {
            let leftovers = ReliabilityFixtures.paths(folder).filter { $0.contains(".l10n") }
            XCTAssertEqual(leftovers, [], folder.path)
        }
    }

    /// A symbolic link inside a writable layer's folder does not widen what may be written: only
    /// the layer's own catalog is allowed outside the root.
    func testOnlyTheWritableLayersOwnFileMayBeWrittenOutsideTheRoot() throws {
        let (root, package) = try folders()
        let kit = package.appendingPathComponent("Sources/Kit/Resources/Kit.xcstrings")
        try write(catalog(["kit_title": ["en": "Kit"]]), kit)
        var transaction = FileTransaction(root: root, changes: [FileTransaction.Change(url: package.appendingPathComponent("Other.xcstrings"), data: Data("x".utf8))])
        transaction.allowedOutside = [kit]
        XCTAssertThrowsError(try transaction.commit()) { XCTAssertTrue("\($0)".contains("refusing to write outside"), "\($0)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: package.appendingPathComponent("Other.xcstrings").path))
    }

    /// A layer reached through a symbolic link that leads out of the project is outside: read-only
    /// unless writable, and its values are not the app's to fix (no checks on it, no export).
    func testALayerBehindALinkOutOfTheProjectIsOutside() throws {
        let (root, package) = try folders()
        let kit = package.appendingPathComponent("Sources/Kit/Resources/Kit.xcstrings")
        try write(catalog(["kit_title": ["en": "Kit", "de": ""]]), kit)
        try write(catalog(["greeting": ["en": "Hello", "de": "Hallo"]]), root.appendingPathComponent("App/Localizable.xcstrings"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Packages"), withDestinationURL: package)
        try write("""
        { "layers": [
            { "bundle": "App", "table": "Localizable", "path": "App/Localizable.xcstrings" },
            { "bundle": "Kit", "table": "Kit", "path": "Packages/Sources/Kit/Resources/Kit.xcstrings" } ] }
        """, root.appendingPathComponent("l10n.json"))
        let project = try ProjectDiscovery(root: root).discover()
        let path = try XCTUnwrap(project.lookupChain.layers.last?.catalogPath)
        XCTAssertEqual(path, "../Package/Sources/Kit/Resources/Kit.xcstrings")
        XCTAssertFalse(project.mayWrite(path: path))
        XCTAssertNotNil(project.catalog(atPath: path))
        let findings = try CheckJob(options: CheckOptions(only: ["empty-value"])).run(on: project).findings
        XCTAssertEqual(findings.map(\.key), [], "the read-only layer's empty German is not the app's to fix")
        XCTAssertFalse(ExchangeFiles(project: project).catalogs.contains { $0.path == path })
    }

    func testAStringsTableOutsideTheProjectIsRefused() throws {
        let (root, package) = try folders()
        try write("\"a\" = \"A\";\n", package.appendingPathComponent("en.lproj/Kit.strings"))
        try write(catalog(["greeting": ["en": "Hello"]]), root.appendingPathComponent("App/Localizable.xcstrings"))
        try write(#"{ "layers": [ { "bundle": "Kit", "table": "Kit", "path": "../Package/en.lproj/Kit.strings" } ] }"#, root.appendingPathComponent("l10n.json"))
        XCTAssertThrowsError(try ProjectDiscovery(root: root).discover()) {
            XCTAssertTrue("\($0)".contains("is a .strings table outside the project folder, which l10n does not read"), "\($0)")
        }
    }
}
