import Foundation
import L10nKit
import XCTest

/// The checks over Swift sources, message by message: what each example of code-label-unlocalized,
/// key-missing, key-unused and width (for code labels) reports, and the cases between them.
final class CodeChecksTests: XCTestCase {
    private func findings(_ check: any Check.Type, _ example: CheckExample) throws -> [String] {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try example.write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        return try CheckJob(options: CheckOptions(only: [check.id])).run(on: project).findings.map { finding in
            "\(finding.file ?? "-"):\(finding.line ?? 0) \(finding.severity.rawValue) \(finding.locale ?? "-") \(finding.message)"
        }
    }

    func testCodeLabelUnlocalizedExamples() throws {
        let examples = CodeLabelUnlocalizedCheck.triggeringExamples
        XCTAssertEqual(try findings(CodeLabelUnlocalizedCheck.self, examples[0]), [
            "App/BrandDock.swift:10 warning - Dock.Buttons.imagesLibrary(title:) shows Text(\"Pictures\"), a key the app's Localizable table does not define: every device shows 'Pictures' as written",
        ])
        XCTAssertEqual(try findings(CodeLabelUnlocalizedCheck.self, examples[1]), [
            "App/BrandDock.swift:10 warning de Dock.Buttons.imagesLibrary(title:) shows Text(\"Pictures\"), which Localizable has no 'de' value for: de devices see 'Pictures'",
        ])
    }

    func testCodeLabelInAnotherTableAndNotToBeTranslated() throws {
        let swift = ExampleFile.text("""
        Dock.Buttons.imagesLibrary(title: { _ in Text("Pictures") })
        Dock.Buttons.textLibrary(title: { _ in Text("Pictures", tableName: "MyBrand") })
        NavigationBar.Buttons.export(label: { _ in Label { Text("Brand") } icon: { Image.imgly.export } })
        """)
        var example = CheckExample.editor("", sdk: ["ly_img_editor_dock_button_images": ["en": "Images", "de": "Bilder"]],
                                          localizable: ["other": ["en": "x", "de": "x"]], more: ["App/Dock.swift": swift])
        example.files["App/MyBrand.xcstrings"] = .catalog(["Pictures": ["en": "Pictures", "de": "Motive"]])
        // "Brand" is marked not to be translated: it reads the same everywhere on purpose.
        let brand = StringCatalog(sourceLanguage: "en", entries: [
            "Brand": CatalogEntry(shouldTranslate: false),
            "other": CatalogEntry(localizations: ["en": CatalogLocalization(stringUnit: StringUnit(state: "translated", value: "x"))]),
        ])
        example.files["App/Localizable.xcstrings"] = .text(String(decoding: StringCatalogWriter().data(for: brand), as: UTF8.self))
        XCTAssertEqual(try findings(CodeLabelUnlocalizedCheck.self, example), [
            "App/Dock.swift:1 warning - Dock.Buttons.imagesLibrary(title:) shows Text(\"Pictures\"), a key the app's Localizable table does not define (App/MyBrand.xcstrings has it, but Text reads Localizable): every device shows 'Pictures' as written",
        ])
        XCTAssertEqual(try findings(KeyMissingCheck.self, example), [], "a label's text is code-label-unlocalized's, not key-missing's")
    }

    func testKeyMissingExamples() throws {
        let examples = KeyMissingCheck.triggeringExamples
        XCTAssertEqual(try findings(KeyMissingCheck.self, examples[0]), [
            "App/Home.swift:1 error - NSLocalizedString looks up 'welcome_titel', which the Localizable table of App does not define: every device shows the raw key",
        ])
        XCTAssertEqual(try findings(KeyMissingCheck.self, examples[1]), [
            "App/Album.swift:2 error - Text looks up '%lld photos', which the Localizable table of App does not define (it has '%@ photos': an interpolated value's type decides the specifier): every device shows the text as written in code, untranslated in de",
        ])
        XCTAssertEqual(try findings(KeyMissingCheck.self, examples[2]), [
            "App/Sheet.swift:1 error - .imgly.localized looks up 'ly_img_editor_dock_button_imgs', which no layer of the lookup chain defines: every device shows the raw key",
        ])
        XCTAssertEqual(try findings(KeyMissingCheck.self, examples[3]), [
            "App/Editor.swift:2 error - Button looks up 'Discard changes', which the Localizable table of App does not define: every device shows the text as written in code, untranslated in de",
        ])
        XCTAssertEqual(try findings(KeyMissingCheck.self, examples[4]), [
            "Packages/Feature/Sources/Feature/FeatureView.swift:2 error - Button looks up 'Save', which the Localizable table of App does not define (the file is Feature's, whose Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings has it, but without bundle: the call reads the app's main bundle; pass bundle: .module in a package, the framework's bundle in a framework): every device shows the text as written in code, untranslated in de",
        ], "Text(\"Delete\", bundle: .module) reads the package")
        XCTAssertEqual(try findings(KeyMissingCheck.self, examples[5]), [
            "App/Settings.swift:1 error - NSLocalizedString looks up 'settings.navigationTitle', which the Localizable table of App does not define: every device shows 'Settings', the call's default value, untranslated in de",
        ])
        XCTAssertEqual(try findings(KeyMissingCheck.self, examples[6]), [
            "App/Home.swift:1 error - L10n.tr looks up 'home.title', which the Localizable table of App does not define: every device shows the raw key",
        ])
        XCTAssertEqual(try findings(KeyMissingCheck.self, examples[7]), [
            "App/Profile.swift:1 error - .localised looks up 'profile.title', which the Localizable table of Strings does not define: every device shows the raw key",
        ], "the app's table has the key, but the definition reads the package's")
        XCTAssertEqual(examples.count, 8)
    }

    func testAKeyReadsAsTextOrAsAnIdentifier() {
        for key in ["Hello", "Discard changes", "%lld photos", "OK", "设置", "Delete %@?", "Ärger", "%lld", "Loading...", "—", "km/h", "Hello_"] {
            XCTAssertTrue(KeyMissingCheck.readsAsText(key), key)
        }
        for key in ["welcome_title", "home.title", "save", "tab.Home", "camelCase", "iCloud", "Onboarding.Title", "error_%@"] {
            XCTAssertFalse(KeyMissingCheck.readsAsText(key), key)
        }
    }

    func testKeyMissingReadsTheNamedTableAndSourcesApartFromResources() throws {
        let example = CheckExample.app("", localizable: ["a": ["en": "A", "de": "A"]], more: [
            "App/Other.xcstrings": .catalog(["b": ["en": "B", "de": "B"]]),
            // A Swift file outside the app's folder looks keys up in the app.
            "Sources/Feature/View.swift": .text(#"""
            let a = NSLocalizedString("a", comment: "")
            let b = NSLocalizedString("b", tableName: "Other", comment: "")
            let c = String(localized: "b")
            """#),
        ])
        XCTAssertEqual(try findings(KeyMissingCheck.self, example), [
            "Sources/Feature/View.swift:3 error - String(localized:) looks up 'b', which the Localizable table of App does not define (App/Other.xcstrings has it, but the call reads Localizable): every device shows the raw key",
        ])
    }

    func testKeyUnusedExamplesAndStoryboardKeys() throws {
        XCTAssertEqual(try findings(KeyUnusedCheck.self, KeyUnusedCheck.triggeringExamples[0]), [
            "App/Localizable.xcstrings:4 note - 'old_banner' is looked up by no Swift source, storyboard or the SDK",
        ])
        let example = CheckExample.app("", localizable: ["a": ["en": "A", "de": "A"]], more: [
            "App/View.swift": .text(#"let a = Text("a")"#),
            "Kit/Base.lproj/Main.storyboard": IBKeyMissingCheckStoryboard.text,
            "Kit/en.lproj/Localizable.strings": .text("\"welcome_title\" = \"Welcome\";\n\"unused\" = \"Unused\";\n"),
        ])
        XCTAssertEqual(try findings(KeyUnusedCheck.self, example), [
            "Kit/en.lproj/Localizable.strings:2 note - 'unused' is looked up by no Swift source, storyboard or the SDK",
        ])
    }

    /// A table whose development-language file is `Base.lproj`'s (ZorkLocalizationDemo's
    /// layout): a key it has is missing only where a translation lacks it.
    func testIBKeyMissingReadsABaseTableAsTheDevelopmentLanguage() throws {
        let base = CheckExample.app("", localizable: ["a": ["en": "A", "de": "A"]], more: [
            "Kit/Base.lproj/Main.storyboard": IBKeyMissingCheckStoryboard.text,
            "Kit/Base.lproj/Localizable.strings": .text("\"welcome_title\" = \"Welcome\";\n"),
            "Kit/de.lproj/Localizable.strings": .text("\"other\" = \"Andere\";\n"),
        ])
        XCTAssertEqual(try findings(IBKeyMissingCheck.self, base), [
            "Kit/Base.lproj/Main.storyboard:7 error de label L1-ab-cde names \"welcome_title\" (stbLocKey), which Kit/de.lproj/Localizable.strings lacks: a device that picks 'de' shows the raw key",
        ])
        let neither = CheckExample.app("", localizable: ["a": ["en": "A", "de": "A"]], more: [
            "Kit/Base.lproj/Main.storyboard": IBKeyMissingCheckStoryboard.text,
            "Kit/Base.lproj/Localizable.strings": .text("\"other\" = \"Other\";\n"),
            "Kit/de.lproj/Localizable.strings": .text("\"welcome_title\" = \"Willkommen\";\n"),
        ])
        XCTAssertEqual(try findings(IBKeyMissingCheck.self, neither), [
            "Kit/Base.lproj/Main.storyboard:7 error en label L1-ab-cde names \"welcome_title\" (stbLocKey), which Kit/Base.lproj/Localizable.strings lacks: a device that picks 'en' shows the raw key",
        ])
    }

    func testWidthOfCodeLabels() throws {
        XCTAssertEqual(try findings(WidthCheck.self, WidthCheck.triggeringExamples[1]), [
            "App/Dock.swift:1 warning - Dock.Buttons.imagesLibrary(title:) shows 'Brand Studio Pro', 16 columns wide; the dock has 14: en, de devices see it truncated",
        ])
        // A key's German value is measured where the device reads it.
        let example = CheckExample.editor("", sdk: ["ly_img_editor_dock_button_images": ["en": "Images", "de": "Bilder"]],
                                          localizable: ["Pictures": ["en": "Pictures", "de": "Bildersammlungen"]],
                                          more: ["App/Dock.swift": .text(#"Dock.Buttons.imagesLibrary(title: { _ in Text("Pictures") })"#)])
        XCTAssertEqual(try findings(WidthCheck.self, example), [
            "App/Dock.swift:1 warning de Dock.Buttons.imagesLibrary(title:) shows 'Bildersammlungen', 16 columns wide; the dock has 14: de devices see it truncated",
        ])
    }
}

/// The storyboard of `ib-key-missing`'s examples, for a test outside its type.
enum IBKeyMissingCheckStoryboard {
    static var text: ExampleFile {
        .text("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
            <scenes><scene sceneID="s1"><objects><viewController id="v1" sceneMemberID="viewController">
                <view key="view" id="w1"><subviews>
                    <label opaque="NO" text="Welcome" id="L1-ab-cde">
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="string" keyPath="stbLocKey" value="welcome_title"/>
                        </userDefinedRuntimeAttributes>
                    </label>
                </subviews></view>
            </viewController></objects></scene></scenes>
        </document>
        """)
    }
}
