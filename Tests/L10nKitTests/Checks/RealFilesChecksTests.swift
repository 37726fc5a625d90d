import Foundation
import L10nKit
import XCTest

/// The checks on catalogs Xcode wrote for real apps (../shared/fixtures), each as a project of its own.
final class RealFilesChecksTests: XCTestCase {
    func project(_ files: [String: URL], extra: [String: String] = [:]) throws -> Project {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Project", isDirectory: true)
        for (path, source) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: url)
        }
        for (path, text) in extra {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try ProjectDiscovery(root: root).discover()
    }

    func testMacMouseFixPluralsLackManyAndStaleTranslationsLostTheirArgument() throws {
        let model = try project(["App/Localizable.xcstrings": try Fixtures.shared("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings")])
        let findings = try CheckJob(options: CheckOptions(only: ["plural-categories", "placeholder-mismatch"])).run(on: model).findings
        let plural = findings.filter { $0.check == "plural-categories" }
        XCTAssertEqual(Set(plural.compactMap(\.locale)), ["es", "fr", "pt-BR"])
        XCTAssertEqual(plural.count, 12, "4 plural keys x 3 locales")
        XCTAssertTrue(plural.allSatisfy { $0.severity == .warning && $0.message.contains("lacks 'many'") })
        let placeholders = findings.filter { $0.check == "placeholder-mismatch" }
        XCTAssertEqual(placeholders.map { $0.locale! }, ["fr", "ko", "vi", "zh-Hant", "zh-HK"])
        XCTAssertTrue(placeholders.allSatisfy { $0.key == "license-toast.no-internet" && $0.severity == .warning })
        XCTAssertTrue(placeholders[0].message.contains("does not use argument 1 (%@ in the source)"), placeholders[0].message)
    }

    /// Xcode writes `new` on the development-language texts it extracts from a storyboard with
    /// their value (110 in MacMouseFix's Main catalog): the developer's own text, not a
    /// translation waiting for review. Translations in `new` or `needs_review`, and a source
    /// text someone marked for review, are still reported.
    func testMacMouseFixExtractedSourceTextsAreNotUnreviewed() throws {
        let model = try project(["App/Main.xcstrings": try Fixtures.shared("fixtures/xcstrings/MacMouseFix.Main.xcstrings"),
                                 "App/Localizable.xcstrings": try Fixtures.shared("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings")])
        let findings = try CheckJob(options: CheckOptions(only: ["needs-review"])).run(on: model).findings
        let main = findings.filter { $0.file?.hasSuffix("App/Main.xcstrings") == true }
        // 48 values to review, less 6 of keys nobody translates (shouldTranslate false or stale,
        // which export and coverage leave out); counted apart by a script over the file.
        XCTAssertEqual(main.count, 42, "the translations in needs_review; none of the 110 extracted English texts")
        XCTAssertFalse(main.contains { $0.locale == "en" })
        let localizable = findings.filter { $0.file?.hasSuffix("App/Localizable.xcstrings") == true }
        XCTAssertEqual(localizable.count, 370, "of 370 translations in needs_review, 10 in new and 1 English text marked for review, 11 are of keys nobody translates")
        XCTAssertEqual(localizable.filter { $0.locale == "en" }.map(\.key), ["app-version"])
        XCTAssertEqual(localizable.filter { $0.message.hasSuffix("is new: devices show it unreviewed") }.count, 5)
    }

    func testKeepingYouAwakeIsClean() throws {
        let model = try project(["App/Localizable.xcstrings": try Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.Localizable.xcstrings"),
                                 "App/KYASettings.xcstrings": try Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.KYASettings.xcstrings")])
        let findings = try CheckJob(options: CheckOptions(skip: ["missing-translation"])).run(on: model).findings
        XCTAssertEqual(findings.map(\.message), [], "a translated app with complete catalogs has nothing to report")
    }

    /// The real SDK catalog as the SDK layer and an override catalog of our own with three traps.
    func testRealSDKChainFindsTheTrapsAndNothingElse() throws {
        let overrides = """
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
          "ly_img_editor_dock_button_photo_roll" : { "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Galerie" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Gallery" } } } },
          "ly_img_editor_inspector_bar_button_duplicate" : { "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Copy" } } } },
          "ly_img_editor_dock_buton_text" : { "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Überschriften" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Headlines" } } } },
          "Open Editor" : { "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Editor öffnen" } } } }
        } }
        """
        let sdkURL = try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings")
        let sdk = try StringCatalogReader.read(contentsOf: sdkURL)
        let placeholderKey = try XCTUnwrap(sdk.orderedKeys.first { $0.hasPrefix("ly_img_editor_") && $0.hasSuffix(" %@") && !$0.dropLast(3).contains("%") })
        let base = String(placeholderKey.dropLast(3))
        let editorTable = """
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
          "\(base)" : { "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "x %@" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "x %@" } } } } } }
        """
        let model = try project(["Vendor/IMGLYEditor/IMGLYEditor.xcstrings": sdkURL],
                                extra: ["App/Info.plist": String(decoding: ExampleFile.infoPlist(declared: ["en", "de"]).data, as: UTF8.self),
                                        "App/Localizable.xcstrings": overrides, "App/IMGLYEditor.xcstrings": editorTable])
        XCTAssertTrue(model.lookupChain.isEditorChain)
        let result = try CheckJob(options: CheckOptions(skip: ["width"])).run(on: model)
        let rows = result.findings.map { "\($0.check) \($0.key ?? "-") \($0.locale ?? "-")" }
        XCTAssertEqual(Set(rows), [
            "shadowed-locale ly_img_editor_inspector_bar_button_duplicate de",
            "unknown-key ly_img_editor_dock_buton_text -",
            "unknown-key \(base) -",
        ])
        XCTAssertTrue(result.findings.contains { $0.message.contains("did you mean \"ly_img_editor_dock_button_text\"") })
        XCTAssertTrue(result.findings.contains { $0.message.contains("did you mean \"\(placeholderKey)\"") })
        let shadowed = try XCTUnwrap(result.findings.first { $0.check == "shadowed-locale" })
        XCTAssertEqual(shadowed.device?.shows, "Copy")
        XCTAssertEqual(shadowed.device?.instead, CheckContextProbe.value(sdk, "ly_img_editor_inspector_bar_button_duplicate", "de"))
    }

    func testRealSDKWidthsAgainstBudgetsTheTestSets() throws {
        let sdkURL = try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings")
        let manifest = #"{ "widths": [ { "name": "dock", "keys": "ly_img_editor_dock_", "budget": 15 } ] }"#
        let model = try project(["Vendor/IMGLYEditor/IMGLYEditor.xcstrings": sdkURL],
                                extra: ["App/Info.plist": String(decoding: ExampleFile.infoPlist(declared: ["en", "de"]).data, as: UTF8.self),
                                        "App/Localizable.xcstrings": #"{ "sourceLanguage" : "en", "strings" : { "Open Editor" : { } }, "version" : "1.0" }"#,
                                        "l10n.json": manifest])
        let findings = try CheckJob(options: CheckOptions(only: ["width"])).run(on: model).findings
        // The real SDK's only German dock label over 15 columns is "Medienbibliothek" (16).
        XCTAssertEqual(findings.map { "\($0.key!) \($0.locale!)" }, ["ly_img_editor_dock_button_library de"])
        XCTAssertTrue(findings[0].message.contains("16 columns wide; the dock has 15"), findings[0].message)
        XCTAssertEqual(findings[0].file, "Vendor/IMGLYEditor/IMGLYEditor.xcstrings")
    }
}

enum CheckContextProbe {
    static func value(_ catalog: StringCatalog, _ key: String, _ locale: String) -> String? {
        catalog.stringUnit(key: key, locale: locale)?.value
    }
}
