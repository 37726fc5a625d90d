import Foundation
import XCTest
@testable import L10nCore
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// `l10n migrate-ib` on a storyboard localized with ibtool strings files in two locales.
///
/// The storyboard follows Xcode 15's output for an iOS scene (document header, dependencies,
/// four-space indentation, `<state>` children of buttons, `<segments>`); the strings files follow
/// ibtool's layout (formats.md section 3: a blank line first, the `Class = ...; ObjectID = ...;`
/// comment above each entry, entries in code-point order), as in the Dutch `Main.strings` shown in
/// AnirudhDas/AniruddhaDas.github.io (iOS/Using Xliff).
final class StoryboardMigrationTests: XCTestCase {
    /// The storyboard with a `stbLocKey` attribute on the elements that `keys` names (none: the original).
    static func storyboard(keys: [String: String] = [:]) -> String {
        func attributes(_ id: String, indent: String) -> String {
            guard let key = keys[id] else { return "" }
            return """
            \(indent)<userDefinedRuntimeAttributes>
            \(indent)    <userDefinedRuntimeAttribute type="string" keyPath="stbLocKey" value="\(key)"/>
            \(indent)</userDefinedRuntimeAttributes>

            """
        }
        let barButton = keys["Hq1-3g-Xp2"] == nil
            ? #"                        <barButtonItem key="rightBarButtonItem" title="Done" id="Hq1-3g-Xp2"/>"# + "\n"
            : #"                        <barButtonItem key="rightBarButtonItem" title="Done" id="Hq1-3g-Xp2">"# + "\n"
                + attributes("Hq1-3g-Xp2", indent: String(repeating: " ", count: 28)) + "                        </barButtonItem>\n"
        let views = String(repeating: " ", count: 32)
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="BYZ-38-t0r">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
                <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
            </dependencies>
            <scenes>
                <!--Form-->
                <scene sceneID="tne-QT-ifu">
                    <objects>
                        <viewController id="BYZ-38-t0r" customClass="FormViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="8bC-Xf-vdC">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Fill in the form" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="kCO-9u-5kw">
                                        <rect key="frame" x="16" y="119" width="361" height="21"/>
                                        <attributedString key="userComments">
                                            <fragment content="Title above the form"/>
                                        </attributedString>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
        \(attributes("kCO-9u-5kw", indent: views))                            </label>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Name" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="ju9-fj-dox">
                                        <rect key="frame" x="16" y="160" width="361" height="21"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        <nil key="textColor"/>
                                        <nil key="highlightedColor"/>
        \(attributes("ju9-fj-dox", indent: views))                            </label>
                                    <textField opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="248" contentHorizontalAlignment="left" contentVerticalAlignment="center" text="Anna" borderStyle="roundedRect" placeholder="Your name" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="T8a-hm-lDV">
                                        <rect key="frame" x="16" y="189" width="361" height="34"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                        <textInputTraits key="textInputTraits"/>
        \(attributes("T8a-hm-lDV", indent: views))                            </textField>
                                    <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="dml-Pt-frp">
                                        <rect key="frame" x="16" y="231" width="361" height="32"/>
                                        <segments>
                                            <segment title="Female"/>
                                            <segment title="Male"/>
                                        </segments>
                                    </segmentedControl>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="JxI-gF-4bE">
                                        <rect key="frame" x="16" y="271" width="361" height="30"/>
                                        <state key="normal" title="Send"/>
                                        <state key="highlighted" title="Sending"/>
        \(attributes("JxI-gF-4bE", indent: views))                                <connections>
                                            <action selector="send:" destination="BYZ-38-t0r" eventType="touchUpInside" id="Wgq-xT-a1c"/>
                                        </connections>
                                    </button>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="6Tk-OE-BBY"/>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                            </view>
                            <navigationItem key="navigationItem" id="Zb1-nK-4Qa">
        \(barButton)                    </navigationItem>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="dkx-z0-nzr" sceneMemberID="firstResponder"/>
                    </objects>
                    <point key="canvasLocation" x="139" y="4"/>
                </scene>
            </scenes>
            <resources>
                <systemColor name="systemBackgroundColor">
                    <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
            </resources>
        </document>

        """
    }

    /// ibtool's strings file for a locale: `(id.property, class, base text, translation)`, sorted by key.
    static func ibtoolStrings(_ entries: [(String, String, String, String)]) -> String {
        var text = ""
        for (key, className, base, value) in entries.sorted(by: { $0.0 < $1.0 }) {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            let name = parts[1].contains("[") ? key : parts[1]
            text += "\n/* Class = \"\(className)\"; \(name) = \"\(base)\"; ObjectID = \"\(parts[0])\"; */\n\"\(key)\" = \"\(value)\";\n"
        }
        return text
    }

    static let english: [(String, String, String, String)] = [
        ("kCO-9u-5kw.text", "UILabel", "Fill in the form", "Fill in the form"),
        ("ju9-fj-dox.text", "UILabel", "Name", "Name"),
        ("T8a-hm-lDV.text", "UITextField", "Anna", "Anna"),
        ("T8a-hm-lDV.placeholder", "UITextField", "Your name", "Your name"),
        ("dml-Pt-frp.segmentTitles[0]", "UISegmentedControl", "Female", "Female"),
        ("dml-Pt-frp.segmentTitles[1]", "UISegmentedControl", "Male", "Male"),
        ("JxI-gF-4bE.normalTitle", "UIButton", "Send", "Send"),
        ("JxI-gF-4bE.highlightedTitle", "UIButton", "Sending", "Sending"),
        ("Hq1-3g-Xp2.title", "UIBarButtonItem", "Done", "Done"),
    ]
    static let russian: [(String, String, String, String)] = [
        ("kCO-9u-5kw.text", "UILabel", "Fill in the form", "Заполните анкету"),
        ("ju9-fj-dox.text", "UILabel", "Name", "Имя"),
        ("T8a-hm-lDV.text", "UITextField", "Anna", "Анна"),
        ("T8a-hm-lDV.placeholder", "UITextField", "Your name", "Ваше имя"),
        ("dml-Pt-frp.segmentTitles[0]", "UISegmentedControl", "Female", "Женский"),
        ("dml-Pt-frp.segmentTitles[1]", "UISegmentedControl", "Male", "Мужской"),
        ("JxI-gF-4bE.normalTitle", "UIButton", "Send", "Отправить"),
        ("JxI-gF-4bE.highlightedTitle", "UIButton", "Sending", "Отправка"),
        ("Hq1-3g-Xp2.title", "UIBarButtonItem", "Done", "Готово"),
    ]

    /// An app folder with the storyboard, both strings files and, when given, a Localizable
    /// catalog and Swift sources.
    func makeProject(catalog: String? = nil, swift: [String: String] = [:], strings: [String: String] = [:]) throws -> URL {
        let root = try Fixtures.temporaryFolder(self)
        let app = root.appendingPathComponent("App")
        let files: [String: String] = [
            "Info.plist": String(decoding: ExampleFile.infoPlist(declared: ["en", "ru"]).data, as: UTF8.self),
            "Base.lproj/Main.storyboard": Self.storyboard(),
            "en.lproj/Main.strings": Self.ibtoolStrings(Self.english),
            "ru.lproj/Main.strings": Self.ibtoolStrings(Self.russian),
        ].merging(catalog.map { ["Localizable.xcstrings": $0] } ?? [:]) { a, _ in a }.merging(swift) { a, _ in a }.merging(strings) { a, _ in a }
        for (path, text) in files {
            let url = app.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let catalogWithName = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Name" : {
          "localizations" : {
            "ru" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Название"
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

    /// Every file under a folder with its bytes.
    func snapshot(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            result[url.path.replacingOccurrences(of: root.path, with: "")] = try Data(contentsOf: url)
        }
        return result
    }

    // MARK: Tests

    func testMigratesTwoLocalesIntoTheCatalog() throws {
        let root = try makeProject(catalog: Self.catalogWithName)
        let before = try InterfaceBuilderScanner().scan(contentsOf: root.appendingPathComponent("App/Base.lproj/Main.storyboard"))
        let run = CLIRun(["migrate-ib", "App/Base.lproj/Main.storyboard"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)

        // The storyboard: the expected attributes, every other byte as it was.
        let keys = ["kCO-9u-5kw": "Fill in the form", "ju9-fj-dox": "Name_2", "T8a-hm-lDV": "Your name",
                    "JxI-gF-4bE": "Send", "Hq1-3g-Xp2": "Done"]
        let written = try String(contentsOf: root.appendingPathComponent("App/Base.lproj/Main.storyboard"), encoding: .utf8)
        XCTAssertEqual(written, Self.storyboard(keys: keys))
        let after = try InterfaceBuilderScanner().scan(contentsOf: root.appendingPathComponent("App/Base.lproj/Main.storyboard"))
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: after.localizationKeys.map { ($0.objectID, $0.key) }), keys)
        XCTAssertEqual(after.texts.map { "\($0.stringsKey)=\($0.value)" }, before.texts.map { "\($0.stringsKey)=\($0.value)" })
        XCTAssertEqual(after.localizationKeys.first { $0.objectID == "kCO-9u-5kw" }?.note, "Title above the form")

        // The catalog: every locale's value is the old per-locale text of the element.
        let catalog = try StringCatalogReader.read(contentsOf: root.appendingPathComponent("App/Localizable.xcstrings"))
        let english = Dictionary(uniqueKeysWithValues: Self.english.map { ($0.0, $0.3) })
        let russian = Dictionary(uniqueKeysWithValues: Self.russian.map { ($0.0, $0.3) })
        let migrated = ["kCO-9u-5kw.text", "ju9-fj-dox.text", "T8a-hm-lDV.placeholder", "JxI-gF-4bE.normalTitle", "Hq1-3g-Xp2.title"]
        for stringsKey in migrated {
            let key = keys[String(stringsKey.prefix(10))]!
            let entry = try XCTUnwrap(catalog.entries[key], key)
            XCTAssertEqual(entry.localizations?["en"]?.stringUnit?.value, english[stringsKey], key)
            XCTAssertEqual(entry.localizations?["ru"]?.stringUnit?.value, russian[stringsKey], key)
            XCTAssertEqual(entry.extractionState, .manual, key)
        }
        XCTAssertEqual(catalog.entries["Fill in the form"]?.comment, "Title above the form")
        XCTAssertEqual(catalog.entries["Name"]?.localizations?["ru"]?.stringUnit?.value, "Название", "the existing key is left alone")
        XCTAssertTrue(run.stdout.contains(#"collision: "Name" is in App/Localizable.xcstrings with other texts; ju9-fj-dox gets "Name_2""#), run.stdout)

        // The strings files keep only what the extension cannot set, and say why.
        let keptEnglish = try StringsReader.read(contentsOf: root.appendingPathComponent("App/en.lproj/Main.strings"))
        XCTAssertEqual(keptEnglish.keys.sorted(), ["JxI-gF-4bE.highlightedTitle", "T8a-hm-lDV.text", "dml-Pt-frp.segmentTitles[0]", "dml-Pt-frp.segmentTitles[1]"])
        let keptRussian = try StringsReader.read(contentsOf: root.appendingPathComponent("App/ru.lproj/Main.strings"))
        XCTAssertEqual(keptRussian["T8a-hm-lDV.text"], "Анна")
        XCTAssertEqual(keptRussian.keys.count, 4)
        XCTAssertTrue(run.stdout.contains("kept for ibtool: JxI-gF-4bE.highlightedTitle (UIButton): the stbLocKey extension of UIButton sets only normalTitle"), run.stdout)
        XCTAssertTrue(run.stdout.contains("kept for ibtool: dml-Pt-frp.segmentTitles[1] (UISegmentedControl): no stbLocKey extension for UISegmentedControl"), run.stdout)

        // No Swift source had the extension: it is written for the classes migrated.
        let source = try String(contentsOf: root.appendingPathComponent("App/InterfaceBuilderLocalization.swift"), encoding: .utf8)
        for name in ["UILabel", "UIButton", "UITextField", "UIBarButtonItem"] {
            XCTAssertTrue(source.contains("extension \(name) {\n    @IBInspectable var stbLocKey: String? {"), name)
        }
        XCTAssertFalse(source.contains("UISegmentedControl"))
        XCTAssertTrue(run.stdout.contains("extension: wrote App/InterfaceBuilderLocalization.swift for UILabel, UITextField, UIButton, UIBarButtonItem"), run.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(".l10n").path))

        // A second run finds the extension and nothing left to migrate.
        let again = CLIRun(["migrate-ib", "App/Base.lproj/Main.storyboard"], in: root)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("migrated 0 texts"), again.stdout)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("App/Base.lproj/Main.storyboard"), encoding: .utf8), written)
    }

    func testDryRunChangesNothing() throws {
        let root = try makeProject(catalog: Self.catalogWithName)
        let before = try snapshot(root)
        let run = CLIRun(["migrate-ib", "App/Base.lproj/Main.storyboard", "--project", ".", "--dry-run"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try snapshot(root), before)
        XCTAssertTrue(run.stdout.contains("would be modified: App/Base.lproj/Main.storyboard"), run.stdout)
        XCTAssertTrue(run.stdout.contains("would be created: App/InterfaceBuilderLocalization.swift"), run.stdout)
        XCTAssertTrue(run.stdout.contains("would migrate 5 texts to App/Localizable.xcstrings, 4 kept for ibtool; nothing written (--dry-run)"), run.stdout)
    }

    /// The article's extension in the app for labels and buttons; a storyboard of labels and a
    /// button only; `.strings` tables: nothing Swift is written, the emptied ibtool files go.
    func testExtensionPresentIsNotWrittenAndEmptiedStringsFilesAreRemoved() throws {
        let article = """
        import UIKit

        protocol StbIBLocalizable {
            var stbLocKey: String? { get set }
        }

        extension UILabel: StbIBLocalizable {
            @IBInspectable var stbLocKey: String? {
                get { return nil }
                set(key) {
                    text = key?.localized
                }
            }
        }

        extension UIButton: StbIBLocalizable {
            @IBInspectable var stbLocKey: String? {
                get { return nil }
                set(key) {
                    setTitle(key?.localized, for: .normal)
                }
            }
        }

        """
        let root = try makeProject(swift: ["StbIBLocalizable.swift": article], strings: [
            "en.lproj/Localizable.strings": "/* Shown on the home screen */\n\"Welcome\" = \"Welcome\";\n",
            "ru.lproj/Localizable.strings": "/* Shown on the home screen */\n\"Welcome\" = \"Добро пожаловать\";\n",
        ])
        let labelsOnly = Self.english.filter { $0.0.hasPrefix("kCO") || $0.0.hasPrefix("ju9") || $0.0.hasPrefix("JxI-gF-4bE.normal") }
        let russian = Self.russian.filter { $0.0.hasPrefix("kCO") || $0.0.hasPrefix("ju9") || $0.0.hasPrefix("JxI-gF-4bE.normal") }
        try Data(Self.ibtoolStrings(labelsOnly).utf8).write(to: root.appendingPathComponent("App/en.lproj/Main.strings"))
        try Data(Self.ibtoolStrings(russian).utf8).write(to: root.appendingPathComponent("App/ru.lproj/Main.strings"))

        let run = CLIRun(["migrate-ib", "App/Base.lproj/Main.storyboard"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("extension: found in App/StbIBLocalizable.swift"), run.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("App/InterfaceBuilderLocalization.swift").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("App/en.lproj/Main.strings").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("App/ru.lproj/Main.strings").path))
        XCTAssertTrue(run.stdout.contains("removed: App/ru.lproj/Main.strings"), run.stdout)

        // The tables keep their bytes and gain the keys at the end, with the localizer note.
        let ru = try String(contentsOf: root.appendingPathComponent("App/ru.lproj/Localizable.strings"), encoding: .utf8)
        XCTAssertTrue(ru.hasPrefix("/* Shown on the home screen */\n\"Welcome\" = \"Добро пожаловать\";\n"), ru)
        let table = try StringsReader.read(contentsOf: root.appendingPathComponent("App/ru.lproj/Localizable.strings"))
        XCTAssertEqual(table["Fill in the form"], "Заполните анкету")
        XCTAssertEqual(table["Name"], "Имя")
        XCTAssertEqual(table["Send"], "Отправить")
        XCTAssertEqual(table.entry(forKey: "Fill in the form")?.comment, "Title above the form")
        let en = try StringsReader.read(contentsOf: root.appendingPathComponent("App/en.lproj/Localizable.strings"))
        XCTAssertEqual(en["Name"], "Name")
        let after = try InterfaceBuilderScanner().scan(contentsOf: root.appendingPathComponent("App/Base.lproj/Main.storyboard"))
        XCTAssertEqual(after.localizationKeys.map(\.key), ["Fill in the form", "Name", "Send"])
    }

    /// An element that already has the app's own localizing attribute (Pack_It's `xibLocKey`,
    /// an `@IBInspectable` whose setter looks the key up) keeps it: a second, `stbLocKey`, one
    /// would be applied after it and show the ibtool text instead. The check reads its key too.
    func testAnElementWithTheAppsOwnKeyPathIsKept() throws {
        let extensionSource = """
        import UIKit

        extension UIButton {
            @IBInspectable var xibLocKey: String? {
                get { return nil }
                set(key) { setTitle(key?.localized, for: .normal) }
            }
        }

        extension UIView {
            @IBInspectable var cornerName: String? {
                get { return nil }
                set { layer.name = newValue }
            }
        }

        extension UILabel {
            @IBInspectable var badgeText: String? {
                get { return nil }
                set { text = newValue?.uppercased(); accessibilityLabel = NSLocalizedString("badge_accessibility", comment: "") }
            }
        }

        """
        let root = try makeProject(swift: ["ButtonExtensions.swift": extensionSource], strings: [
            "en.lproj/Localizable.strings": "\"send_button\" = \"Send\";\n\"unused_key\" = \"Unused\";\n",
            "ru.lproj/Localizable.strings": "\"send_button\" = \"Отправить\";\n\"unused_key\" = \"Не нужно\";\n",
        ])
        let storyboard = Self.storyboard(keys: ["JxI-gF-4bE": "send_button"]).replacingOccurrences(of: "stbLocKey", with: "xibLocKey")
        try Data(storyboard.utf8).write(to: root.appendingPathComponent("App/Base.lproj/Main.storyboard"))
        XCTAssertEqual(try ProjectDiscovery(root: root).discover().storyboardKeyPaths, ["stbLocKey", "xibLocKey"],
                       "a property that does not look its value up is no key path, nor one that looks up another text")

        let run = CLIRun(["migrate-ib", "App/Base.lproj/Main.storyboard", "--dry-run"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("kept for ibtool: JxI-gF-4bE.normalTitle (UIButton): the element already has a xibLocKey key"), run.stdout)
        let check = CLIRun(["check", "--only", "key-unused,ib-key-missing"], in: root)
        XCTAssertTrue(check.stdout.contains("'unused_key' is looked up by no Swift source"), check.stdout)
        XCTAssertFalse(check.stdout.contains("'send_button'"), check.stdout)
    }

    /// A locale the table had no file for gets one holding only the moved keys: its devices
    /// then show the table's other keys raw, which the run says (Criptext's XIB, whose Spanish
    /// strings file met a Localizable table without Spanish).
    func testANewLocaleFileSaysWhichKeysItLacks() throws {
        let root = try makeProject(strings: ["en.lproj/Localizable.strings": "\"Welcome\" = \"Welcome\";\n"])
        let run = CLIRun(["migrate-ib", "App/Base.lproj/Main.storyboard", "--dry-run"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("warning: App/ru.lproj/Localizable.strings is new: 1 other key of the table (\"Welcome\") has no 'ru' value in it, "
                                          + "so 'ru' devices show it as a raw key"), run.stderr)
        XCTAssertFalse(run.stderr.contains("App/en.lproj/Localizable.strings is new"), run.stderr)
    }

    func testBadInputIsRefusedWithItsPlaceAndNothingChanges() throws {
        let root = try makeProject()
        let storyboard = root.appendingPathComponent("App/Base.lproj/Main.storyboard")

        let missing = CLIRun(["migrate-ib", "App/Base.lproj/Other.storyboard"], in: root)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no such file: App/Base.lproj/Other.storyboard"), missing.stderr)

        try Data(Self.storyboard().replacingOccurrences(of: "</label>\n", with: "\n").utf8).write(to: storyboard)
        var before = try snapshot(root)
        let malformed = CLIRun(["migrate-ib", "App/Base.lproj/Main.storyboard"], in: root)
        XCTAssertEqual(malformed.status, 2)
        XCTAssertNotNil(malformed.stderr.range(of: #"App/Base.lproj/Main.storyboard:\d+:\d+: error: "#, options: .regularExpression), malformed.stderr)
        XCTAssertEqual(try snapshot(root), before)

        try Data(Self.storyboard().utf8).write(to: storyboard)
        try Data("\n\"kCO-9u-5kw.text\" = \"Заполните анкету\"\n\"ju9-fj-dox.text\" = \"Имя\";\n".utf8)
            .write(to: root.appendingPathComponent("App/ru.lproj/Main.strings"))
        before = try snapshot(root)
        let badStrings = CLIRun(["migrate-ib", "App/Base.lproj/Main.storyboard"], in: root)
        XCTAssertEqual(badStrings.status, 2)
        XCTAssertNotNil(badStrings.stderr.range(of: #"App/ru.lproj/Main.strings:\d+:\d+: error: "#, options: .regularExpression), badStrings.stderr)
        XCTAssertEqual(try snapshot(root), before)
    }

    /// The manifest's key pattern names the keys; an unusable pattern is an error at the field.
    func testManifestKeyPattern() throws {
        let root = try makeProject(catalog: Self.catalogWithName)
        try Data(#"{ "migrationKeyPattern": "{storyboard}.{snake}" }"#.utf8).write(to: root.appendingPathComponent("l10n.json"))
        let run = CLIRun(["migrate-ib", "App/Base.lproj/Main.storyboard"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let after = try InterfaceBuilderScanner().scan(contentsOf: root.appendingPathComponent("App/Base.lproj/Main.storyboard"))
        XCTAssertEqual(after.localizationKeys.map(\.key), ["Main.fill_in_the_form", "Main.name", "Main.your_name", "Main.send", "Main.done"])
        let catalog = try StringCatalogReader.read(contentsOf: root.appendingPathComponent("App/Localizable.xcstrings"))
        XCTAssertEqual(catalog.entries["Main.name"]?.localizations?["ru"]?.stringUnit?.value, "Имя")
        XCTAssertFalse(run.stdout.contains("collision"), run.stdout)

        let other = try makeProject()
        try Data(#"{ "migrationKeyPattern": "{storyboard}.{title}" }"#.utf8).write(to: other.appendingPathComponent("l10n.json"))
        let before = try snapshot(other)
        let bad = CLIRun(["migrate-ib", "App/Base.lproj/Main.storyboard"], in: other)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains(#"l10n.json:1:26: error: field "migrationKeyPattern" must be a key pattern"#), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("(unknown placeholder {title})"), bad.stderr)
        XCTAssertEqual(try snapshot(other), before)
    }

    /// A removal is undone with the rest when a later file of the transaction fails.
    func testTransactionRemovalIsRolledBack() throws {
        let root = try Fixtures.temporaryFolder(self)
        let kept = root.appendingPathComponent("Main.strings"), other = root.appendingPathComponent("Other.strings")
        try Data("old".utf8).write(to: kept)
        try Data("before".utf8).write(to: other)
        var transaction = FileTransaction(root: root, changes: [.removal(of: kept), .init(url: other, data: Data("after".utf8))])
        transaction.failingRename = 1
        XCTAssertThrowsError(try transaction.commit())
        XCTAssertEqual(try Data(contentsOf: kept), Data("old".utf8))
        XCTAssertEqual(try Data(contentsOf: other), Data("before".utf8))

        transaction.failingRename = nil
        try transaction.commit()
        XCTAssertFalse(FileManager.default.fileExists(atPath: kept.path))
        XCTAssertEqual(try Data(contentsOf: other), Data("after".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted(), ["Other.strings"])
    }
}
