import Foundation
import L10nKit
import XCTest
@testable import L10nFormats
@testable import L10nProject

/// Projects that commit no `.xcodeproj` but a generator's spec: XcodeGen's `project.yml` and
/// Tuist's `Project.swift` name the targets, their kinds, plists and folders. The layouts are
/// those of real projects (bitwarden/ios, ruuvi's station, element-x, Infomaniak's kMail, a
/// Tuist workspace of feature modules), cut down.
final class GeneratedProjectSpecTests: XCTestCase {
    private func discover(_ files: [String: ExampleFile]) throws -> Project {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Spec", isDirectory: true)
        try CheckExample("", files: files).write(to: root)
        return try ProjectDiscovery(root: root).discover()
    }

    private func bundles(_ project: Project, preferred: String = "de") -> [String] {
        project.deviceView(preferred: [preferred]).bundles.map { "\($0.bundle) (\($0.kind.rawValue)): \($0.localizations.first ?? "-")" }
    }

    private static let plist = ExampleFile.infoPlist(declared: ["en", "de", "fr"])
    private static let extensionPlist = ExampleFile.text(UndeclaredLocaleCheck.widgetPlist)

    func testTheYAMLFormsProjectSpecsUse() throws {
        let text = """
        # a comment
        PROJECT: &NAME Ruuvi
        name: *NAME
        base: &base
          platform: iOS
          type: framework
        include:
        - Common/target.yml
        - path: "Share/target.yml"   # a comment after a value
        targets:
          Kit:
            <<: *base
            sources: [Sources, 'Shared Files', {path: Extra, name: x}]
            info:
              path: Kit/Info.plist
            settings:
              base:
                INFOPLIST_FILE: "Kit/Info.plist"
            description: |
              two
              lines
          App:
            type: application
            sources:
            - path: App
              excludes:
                - "**/*Tests.*"
            - Shared
        """
        let node = try YAMLReader().read(Data(text.utf8), path: "project.yml")
        XCTAssertEqual(node["name"], .scalar("Ruuvi"))
        XCTAssertEqual(node["include"]?.items.map { $0.string ?? $0["path"]?.string ?? "?" }, ["Common/target.yml", "Share/target.yml"])
        let kit = try XCTUnwrap(node["targets"]?["Kit"])
        XCTAssertEqual(kit["type"], .scalar("framework"), "a merge key brings the anchored mapping's entries")
        XCTAssertEqual(kit["sources"]?.items.map { $0.string ?? $0["path"]?.string ?? "?" }, ["Sources", "Shared Files", "Extra"])
        XCTAssertEqual(kit["settings"]?["base"]?["INFOPLIST_FILE"], .scalar("Kit/Info.plist"))
        XCTAssertEqual(kit["description"], .scalar("two\nlines"))
        let app = try XCTUnwrap(node["targets"]?["App"])
        XCTAssertEqual(app["sources"]?.items.map { $0.string ?? $0["path"]?.string ?? "?" }, ["App", "Shared"])
        XCTAssertEqual(app["sources"]?.items.first?["excludes"]?.items, [.scalar("**/*Tests.*")])
        XCTAssertEqual(node.entries.map(\.key), ["PROJECT", "name", "base", "include", "targets"])

        // Hostile nesting ends in an error, not a crash; an unclosed flow over many lines is read once.
        let deep = (0..<150).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + " x\n"
        let unclosed = "a: [" + String(repeating: "b,\n", count: 20_000)
        let flows = "a: " + String(repeating: "[", count: 150) + String(repeating: "]", count: 150) + "\n"
        for (bad, line) in [("a:\n  b: 1\n c: 2\n", 3), ("a: \"open\n", 1), ("a: [1, 2\n", 1), ("a: *missing\n", 1),
                            (deep, 101), (unclosed, 1), (flows, 1)] {
            XCTAssertThrowsError(try YAMLReader().read(Data(bad.utf8), path: "p.yml"), bad) { error in
                XCTAssertEqual((error as? any LocatedError)?.location?.line, line, "\(bad): \(error)")
            }
        }
    }

    /// Forms real specs use that a first reader got wrong (a review's probes): CRLF line ends, a
    /// byte-order mark, `...`, an anchored sequence item, an apostrophe in a flow list, a tab
    /// after a colon, an escaped quote before `#`, plain text over two lines, aliases and merge
    /// keys in flow collections; and aliases that would copy billions of nodes.
    func testMoreYAMLFormsAndAnAliasBomb() throws {
        let text = "\u{FEFF}defaults: &defaults\r\n  platform: iOS\r\nitems:\r\n- &first\r\n  name: a\r\n- *first\r\n"
            + "words: [Don't, \"x\"]\r\ntabbed:\tvalue\r\nquoted: \"a \\\" # b\"\r\n"
            + "flags: -ObjC\r\n  -lz\r\nApp: {<<: *defaults, type: application}\r\nKit:\r\n  <<: [*defaults]\r\n  type: framework\r\n...\r\n"
        let node = try YAMLReader().read(Data(text.utf8), path: "project.yml")
        XCTAssertEqual(node["defaults"]?["platform"], .scalar("iOS"))
        XCTAssertEqual(node["items"]?.items.map { $0["name"]?.string }, ["a", "a"])
        XCTAssertEqual(node["words"]?.items, [.scalar("Don't"), .scalar("x")])
        XCTAssertEqual(node["tabbed"], .scalar("value"))
        XCTAssertEqual(node["quoted"], .scalar("a \" # b"))
        XCTAssertEqual(node["flags"], .scalar("-ObjC -lz"))
        XCTAssertEqual(node["App"]?["platform"], .scalar("iOS"))
        XCTAssertEqual(node["Kit"]?["platform"], .scalar("iOS"))
        XCTAssertEqual(node["Kit"]?["type"], .scalar("framework"))

        var bomb = "l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 { bomb += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        XCTAssertThrowsError(try YAMLReader().read(Data(bomb.utf8), path: "p.yml")) { error in
            XCTAssertTrue("\(error)".contains("more than 1000000 nodes"), "\(error)")
        }
        // Thousands of anchors on one value (a red-team run overflowed the stack), a tab in the
        // indentation and a second document are errors or values, never a crash or a silent misreading.
        let anchored = try YAMLReader().read(Data(("x: " + String(repeating: "&a ", count: 5_000) + "v\ny: *a\n").utf8), path: "p.yml")
        XCTAssertEqual(anchored["y"], .scalar("v"))
        for (bad, message) in [("a:\n\tb: 1\n", "a tab in the indentation"), ("a: 1\n---\na: 2\n", "a second YAML document")] {
            XCTAssertThrowsError(try YAMLReader().read(Data(bad.utf8), path: "p.yml")) { XCTAssertTrue("\($0)".contains(message), "\($0)") }
        }
        // Forty thousand keys read in linear time (a duplicate replaced each earlier one's value in a scan).
        let many = (0..<40_000).map { "k\($0): v" }.joined(separator: "\n") + "\nk7: last\n"
        let large = try YAMLReader().read(Data(many.utf8), path: "p.yml")
        XCTAssertEqual(large.entries.count, 40_000)
        XCTAssertEqual(large["k7"], .scalar("last"))
    }

    /// bitwarden/ios: each target names its plist with `INFOPLIST_FILE` inside `…/Application/Support/`.
    /// Without the spec the app was "Application" and the shared framework's table merged into it.
    func testXcodeGenTargetsNameTheBundles() throws {
        let project = try discover([
            "project.yml": .text("""
            name: Bitwarden
            targets:
              Bitwarden:
                type: application
                platform: iOS
                settings:
                  base:
                    INFOPLIST_FILE: Bitwarden/Application/Support/Info.plist
                sources:
                  - path: Bitwarden
              BitwardenShared:
                type: framework
                platform: iOS
                settings:
                  base:
                    INFOPLIST_FILE: BitwardenShared/UI/Platform/Application/Support/Info.plist
                sources:
                  - path: BitwardenShared
              BitwardenWatchApp:
                type: application
                platform: watchOS
                info:
                  path: BitwardenWatchApp/Info.plist
                sources: [BitwardenWatchApp]
            """),
            "Bitwarden/Application/Support/Info.plist": Self.plist,
            "Bitwarden/Application/Support/en.lproj/AppShortcuts.strings": .text("\"a\" = \"A\";\n"),
            "Bitwarden/Application/Support/de.lproj/AppShortcuts.strings": .text("\"a\" = \"A\";\n"),
            "BitwardenShared/UI/Platform/Application/Support/Info.plist": .infoPlist(declared: ["en"]),
            "BitwardenShared/UI/Platform/Application/Support/Localizations/en.lproj/Localizable.strings": .text("\"b\" = \"B\";\n"),
            "BitwardenShared/UI/Platform/Application/Support/Localizations/de.lproj/Localizable.strings": .text("\"b\" = \"B\";\n"),
            "BitwardenWatchApp/Info.plist": .infoPlist(declared: ["en", "de"]),
            "BitwardenWatchApp/Localization/en.lproj/Localizable.strings": .text("\"c\" = \"C\";\n"),
            "BitwardenWatchApp/Localization/de.lproj/Localizable.strings": .text("\"c\" = \"C\";\n"),
        ])
        XCTAssertEqual(project.app.name, "Bitwarden")
        XCTAssertEqual(project.stringsTables.map { "\($0.bundle)/\($0.table)" }.sorted(),
                       ["Bitwarden/AppShortcuts", "BitwardenShared/Localizable", "BitwardenWatchApp/Localizable"])
        XCTAssertEqual(bundles(project), ["Bitwarden (app): de", "BitwardenShared (framework): de", "BitwardenWatchApp (watch app): de"])
    }

    /// ruuvi and element-x: included files whose paths are their own folder's, a target template
    /// with `${target_name}`, and a folder that is also a Swift package.
    func testXcodeGenIncludesAndTemplates() throws {
        let project = try discover([
            "project.yml": .text("""
            targetTemplates:
              CommonFramework:
                type: framework
                platform: iOS
                info:
                  path: Common/${target_name}/Info.plist
            include:
            - Common/RuuviLocalization/target.yml
            - path: Apps/Station/target.yml
            options:
              developmentLanguage: en
            """),
            "Common/RuuviLocalization/target.yml": .text("targets:\n  RuuviLocalization:\n    templates:\n    - CommonFramework\n    sources:\n    - path: Sources\n"),
            "Common/RuuviLocalization/Package.swift": .text("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"RuuviLocalization\")\n"),
            "Common/RuuviLocalization/Sources/Resources/en.lproj/Localizable.strings": .text("\"k\" = \"K\";\n"),
            "Common/RuuviLocalization/Sources/Resources/de.lproj/Localizable.strings": .text("\"k\" = \"K\";\n"),
            "Apps/Station/target.yml": .text("targets:\n  station:\n    type: application\n    info:\n      path: Info.plist\n    sources: [Sources]\n"),
            "Apps/Station/Info.plist": Self.plist,
            "Apps/Station/Sources/en.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"Station\";\n"),
            "Apps/Station/Sources/de.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"Station\";\n"),
        ])
        XCTAssertEqual(project.app.name, "station")
        XCTAssertEqual(project.stringsTables.map { "\($0.bundle)/\($0.table)" }.sorted(), ["RuuviLocalization/Localizable", "station/InfoPlist"],
                       "the package's Sources/Resources is the template's framework, not a bundle named Resources")
    }

    /// Generated plists, an App Clip and a `Shared/` folder both apps list: the App Clip's code
    /// reads the Shared table too.
    func testXcodeGenAppClipAndASharedFolder() throws {
        let project = try discover([
            "project.yml": .text("""
            options: {developmentLanguage: fr}
            targets:
              Gyeop:
                type: application
                platform: iOS
                sources: [App, Shared]
                settings: {GENERATE_INFOPLIST_FILE: YES}
              GyeopClip:
                type: application.on-demand-install-capable
                platform: iOS
                sources: [AppClip, Shared]
            """),
            "App/Localizable.xcstrings": .catalog(["home": ["en": "Home", "de": "Start"]]),
            "AppClip/Localizable.xcstrings": .catalog(["clip.open": ["en": "Open", "de": "Öffnen"]]),
            "AppClip/ClipView.swift": .text("import SwiftUI\nlet v = Text(\"card.share\", tableName: \"Shared\")\n"),
            "Shared/Shared.xcstrings": .catalog(["card.share": ["en": "Share", "de": "Teilen"]]),
        ])
        XCTAssertEqual(project.app.name, "Gyeop")
        XCTAssertEqual(project.catalogs.map { "\($0.bundle)/\($0.table)" }.sorted(), ["Gyeop/Localizable", "Gyeop/Shared", "GyeopClip/Localizable"])
        XCTAssertEqual(bundles(project), ["Gyeop (app): de", "GyeopClip (App Clip): de"])
        let findings = try CheckJob(options: CheckOptions(only: [KeyMissingCheck.id])).run(on: project).findings
        XCTAssertEqual(findings.map(\.message), [], "Shared/ is built into the App Clip too")
    }

    /// Tuist: a resources framework whose folder an extension lists too, an app target made by a
    /// helper function, a module manifest made by a helper with a constant name, and demo apps.
    func testTuistTargetsAndModules() throws {
        let project = try discover([
            "Project.swift": .text("""
            import ProjectDescription
            func mainTarget(name: String) -> Target {
                .target(name: name, destinations: [.iPhone], product: .app, bundleId: "x", infoPlist: "Mail/Info.plist", sources: "Mail/**",
                        resources: ["MailResources/**/PrivacyInfo.xcprivacy", "MailResources/**/*.xcassets"])
            }
            let project = Project(name: "Mail", targets: [
                mainTarget(name: "Infomaniak Mail"),
                .target(name: "MailDemo", destinations: [.iPhone], product: .app, bundleId: "d", infoPlist: "Demo/Info.plist", sources: ["Demo/**"]),
                .target(name: "MailAppIntentsExtension", destinations: [.iPhone], product: .extensionKitExtension, bundleId: "y",
                        infoPlist: .extendingDefault(with: [:]), sources: "MailAppIntentsExtension/**",
                        resources: ["MailResources/**/*.strings"]),
                .target(name: "MailResources", destinations: [.iPhone], product: .framework, bundleId: "z", infoPlist: .default,
                        resources: ["MailResources/**/*.xcassets", "MailResources/**/*.strings"]),
            ])
            """),
            "Mail/Info.plist": Self.plist,
            "Demo/Info.plist": .infoPlist(declared: ["en"]),
            "Mail/Localizable/de.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"Mail\";\n"),
            "Mail/Localizable/en.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"Mail\";\n"),
            "MailResources/Localizable/en.lproj/Localizable.strings": .text("\"k\" = \"K\";\n"),
            "MailResources/Localizable/de.lproj/Localizable.strings": .text("\"k\" = \"K\";\n"),
            "MailAppIntentsExtension/Localizable.xcstrings": .catalog(["focus": ["en": "Focus", "de": "Fokus"]]),
            "Modules/Home/Project.swift": .text("import ProjectDescription\nlet name = \"Home\"\nlet project = Project.makeFeatureModule(name: name, includeDemo: true)\n"),
            "Modules/Home/Resources/en.lproj/Localization.strings": .text("\"h\" = \"H\";\n"),
            "Modules/Home/Demo/Info.plist": .infoPlist(declared: ["en"]),
        ])
        XCTAssertEqual(project.app.name, "Infomaniak Mail", "named by the helper's call; the demo app is not the app")
        XCTAssertEqual(project.app.infoPlistPath, "Mail/Info.plist")
        XCTAssertEqual((project.stringsTables.map { "\($0.bundle)/\($0.table)" } + project.catalogs.map { "\($0.bundle)/\($0.table)" }).sorted(),
                       ["Home/Localization", "Infomaniak Mail/InfoPlist", "MailAppIntentsExtension/Localizable", "MailResources/Localizable"],
                       "MailResources/ is the framework named like it, though the extension lists it first and the app takes files of other kinds from it")
        XCTAssertTrue(project.extensionBundles.contains("MailAppIntentsExtension"))
    }

    /// azkar-ios: a widget lists the app's catalog as a resource of its own: the widget's code finds its keys.
    func testATableATargetListsByItself() throws {
        let project = try discover([
            "Project.swift": .text("""
            import ProjectDescription
            let project = Project(name: "Azkar", options: .options(developmentRegion: "en"), targets: [
                .target(name: "Azkar", destinations: .iOS, product: .app, bundleId: "a", infoPlist: .file(path: "Azkar/Info.plist"),
                        sources: ["Azkar/Sources/**"], resources: ["Azkar/Resources/**"]),
                .target(name: "AzkarWidgets", destinations: .iOS, product: .appExtension, bundleId: "w",
                        infoPlist: .file(path: "AzkarWidgets/Info.plist"), sources: ["AzkarWidgets/Sources/**"],
                        resources: ["AzkarWidgets/Resources/**", "Azkar/Resources/Localizable.xcstrings"]),
            ])
            """),
            "Azkar/Info.plist": Self.plist,
            "Azkar/Resources/Localizable.xcstrings": .catalog(["item.count": ["en": "Items", "de": "Einträge"]]),
            "AzkarWidgets/Info.plist": Self.extensionPlist,
            "AzkarWidgets/Resources/Widgets.xcstrings": .catalog(["widget.title": ["en": "Azkar", "de": "Azkar"]]),
            "AzkarWidgets/Sources/Widget.swift": .text("let a = String(localized: \"item.count\"), b = String(localized: \"widget.title\", table: \"Widgets\")\n"),
        ])
        XCTAssertEqual(project.app.outsideFolders.otherTargets(building: "Azkar/Resources/Localizable.xcstrings"), ["AzkarWidgets"])
        let findings = try CheckJob(options: CheckOptions(only: [KeyMissingCheck.id])).run(on: project).findings
        XCTAssertEqual(findings.map(\.message), [])
    }

    /// element-ios and kiwix: the shipped app among two applications is the one named like the
    /// project (or embedding an extension), not the shallower component harness; a project-level
    /// `INFOPLIST_FILE` names the app's plist; a target without one has the Info.plist among its sources.
    func testXcodeGenShippedAppProjectSettingsAndImplicitPlists() throws {
        let project = try discover([
            "project.yml": .text("""
            name: Riot
            settings:
              base:
                INFOPLIST_FILE: Riot/SupportingFiles/Info.plist
            targets:
              Riot:
                type: application
                platform: iOS
                sources: [Riot]
                dependencies:
                - target: RiotNSE
              RiotSwiftUI:
                type: application
                platform: iOS
                sources: [RiotSwiftUI]
                settings: {INFOPLIST_FILE: RiotSwiftUI/Info.plist}
              RiotNSE:
                type: app-extension
                platform: iOS
                sources: [RiotNSE]
            """),
            "Riot/SupportingFiles/Info.plist": Self.plist,
            "Riot/Assets/en.lproj/Vector.strings": .text("\"a\" = \"A\";\n"),
            "Riot/Assets/de.lproj/Vector.strings": .text("\"a\" = \"A\";\n"),
            "RiotSwiftUI/Info.plist": .infoPlist(declared: ["en"]),
            "RiotNSE/Support/Info.plist": Self.extensionPlist,
            "RiotNSE/Support/en.lproj/NSE.strings": .text("\"n\" = \"N\";\n"),
        ])
        XCTAssertEqual(project.app.name, "Riot")
        XCTAssertEqual(project.app.infoPlistPath, "Riot/SupportingFiles/Info.plist")
        XCTAssertEqual(bundles(project), ["Riot (app): de", "RiotNSE (extension): en"])
    }

    /// Tuist: `.relativeToRoot` paths, a generated plist whose region is the manifest's
    /// `developmentRegion`, a helper-made module beside an app whose resources lie outside its
    /// plist's folder, and local packages whose targets set `path: "Sources"`.
    func testTuistRootPathsGeneratedRegionAppFoldersAndPackagePaths() throws {
        let package = { (name: String) in
            ExampleFile.text("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"\(name)\", "
                             + "targets: [.target(name: \"\(name)\", path: \"Sources\", resources: [.process(\"Resources\")])])\n")
        }
        let project = try discover([
            "Projects/App/Project.swift": .text("""
            import ProjectDescription
            let project = Project(name: "Shop", options: .options(developmentRegion: "ko"), targets: [
                .target(name: "Shop", destinations: .iOS, product: .app, bundleId: "s", infoPlist: .extendingDefault(with: [:]),
                        sources: [.glob(.relativeToRoot("Projects/App/Sources/**"), excluding: ["Projects/App/Sources/Legacy/**"])],
                        resources: ["Resources/**"]),
            ])
            """),
            "Projects/App/Resources/ko.lproj/Localizable.strings": .text("\"a\" = \"가\";\n"),
            "Projects/App/Resources/en.lproj/Localizable.strings": .text("\"a\" = \"A\";\n"),
            "Projects/App/Sources/Legacy/Old.swift": .text("let x = 1\n"),
            "Projects/Core/Project.swift": .text("import ProjectDescription\nlet project = Project.framework(name: \"Core\")\n"),
            "Packages/InboxCore/Package.swift": package("InboxCore"),
            "Packages/InboxCore/Sources/Resources/Localizable.xcstrings": .catalog(["Cancel": ["en": "Cancel", "ko": "취소"]]),
            "Packages/InboxComposer/Package.swift": package("InboxComposer"),
            "Packages/InboxComposer/Sources/Resources/Localizable.xcstrings": .catalog(["Compose": ["en": "Compose"]]),
        ])
        XCTAssertEqual(project.app.name, "Shop")
        XCTAssertEqual(project.app.developmentRegion, "ko", "the generated plist's $(DEVELOPMENT_LANGUAGE)")
        XCTAssertEqual(project.app.outsideFolders.appFolders, ["Projects/App/Resources", "Projects/App/Sources"],
                       "a root-relative glob's folder; its excluding: list names none")
        XCTAssertEqual(project.stringsTables.map { "\($0.bundle)/\($0.table)" }, ["Shop/Localizable"],
                       "the app lists Resources/ although a helper-made module leaves the spec incomplete")
        XCTAssertEqual(project.catalogs.map(\.bundle).sorted(), ["InboxComposer", "InboxCore"], "no merged bundle named Resources")
        XCTAssertEqual(bundles(project, preferred: "fr").first, "Shop (app): ko")
    }

    /// element-ios: `excludes: ["**/*.strings"]` on the app's folder, then only the languages
    /// translated enough listed file by file; kiwix-apple: `excludes: ["**/qqq.lproj"]`. A table
    /// every entry leaves out is built into no product, so no bundle offers its language.
    func testXcodeGenExcludesAndIncludes() throws {
        let project = try discover([
            "project.yml": .text("""
            name: Riot
            targets:
              Riot:
                type: application
                platform: iOS
                sources:
                - path: App
                  excludes:
                    - "**/*.strings" # all languages out
                    - "**/qqq.lproj"
                # Once a language is over 80% translated, it is listed here
                - path: App/Assets/de.lproj/Vector.strings
                - path: App/Assets/en.lproj/Vector.strings
              Kit:
                type: framework
                sources:
                - path: Kit
                  includes: ["{en,fr}.lproj/*"]
            """),
            "App/Info.plist": Self.plist,
            "App/Assets/en.lproj/Vector.strings": .text("\"a\" = \"A\";\n"),
            "App/Assets/de.lproj/Vector.strings": .text("\"a\" = \"A\";\n"),
            "App/Assets/cs.lproj/Vector.strings": .text("\"a\" = \"A\";\n"),
            "App/Assets/qqq.lproj/Vector.stringsdict": .plurals(key: "n", variable: "n", valueType: "d", forms: ["other": "%d"]),
            "Kit/en.lproj/Kit.strings": .text("\"k\" = \"K\";\n"),
            "Kit/fr.lproj/Kit.strings": .text("\"k\" = \"K\";\n"),
            "Kit/ja.lproj/Kit.strings": .text("\"k\" = \"K\";\n"),
        ])
        XCTAssertEqual(project.stringsTables.map { "\($0.bundle)/\($0.table): \($0.files.keys.sorted())" }.sorted(),
                       ["Kit/Kit: [\"en\", \"fr\"]", "Riot/Vector: [\"de\", \"en\"]"])
        XCTAssertEqual(project.stringsTables.flatMap { $0.pluralFiles.keys }, [], "qqq.lproj is left out as a folder")
        XCTAssertEqual(bundles(project, preferred: "cs"), ["Riot (app): en", "Kit (framework): en"])
    }

    /// bitwarden/ios: targets declared through templates whose `templateAttributes` name their
    /// folder (`path: ${sourcesPath}`), and a framework that excludes `**/Fixtures/*` which only
    /// its unit-test target includes: the fixture table ships in no product.
    func testXcodeGenTemplateAttributesAndTestOnlyTables() throws {
        let project = try discover([
            "project.yml": .text("""
            name: Bitwarden
            targetTemplates:
              CommonTarget:
                sources:
                  - path: ${sourcesPath}
                    excludes: ["**/*Tests.*", "**/Fixtures/*"]
              TestTarget:
                sources:
                  - path: ${sourcesPath}
                    includes: ["**/*Tests.*", "**/Fixtures/*"]
            targets:
              Bitwarden:
                type: application
                platform: iOS
                templates: [CommonTarget]
                templateAttributes: {sourcesPath: Bitwarden}
              BitwardenShared:
                type: framework
                platform: iOS
                templates: [CommonTarget]
                templateAttributes:
                  sourcesPath: BitwardenShared
              BitwardenSharedTests:
                type: bundle.unit-test
                platform: iOS
                templates: [TestTarget]
                templateAttributes: {sourcesPath: BitwardenShared}
            """),
            "Bitwarden/Info.plist": Self.plist,
            "BitwardenShared/UI/Support/Info.plist": .infoPlist(declared: []),
            "BitwardenShared/UI/Support/Localizations/en.lproj/Localizable.strings": .text("\"Save\" = \"Save\";\n"),
            "BitwardenShared/UI/Support/Localizations/de.lproj/Localizable.strings": .text("\"Save\" = \"Sichern\";\n"),
            "BitwardenShared/TestHelpers/Fixtures/ru.lproj/Localizable.strings": .text("\"Save\" = \"Сохранить\";\n"),
        ])
        XCTAssertEqual(project.stringsTables.map { "\($0.bundle)/\($0.table): \($0.files.keys.sorted())" },
                       ["BitwardenShared/Localizable: [\"de\", \"en\"]"], "named by its template's folder; the fixture left out")
    }

    /// A Tuist glob's `excluding:` list leaves its tables out, as XcodeGen's `excludes:` does.
    func testTuistExcludingLeavesTablesOut() throws {
        let project = try discover([
            "Project.swift": .text("""
            import ProjectDescription
            let project = Project(name: "Kiwix", targets: [
                .target(name: "Kiwix", destinations: .iOS, product: .app, bundleId: "k", infoPlist: "App/Info.plist",
                        sources: ["App/**"], resources: [.glob(pattern: "Resources/**", excluding: ["Resources/qqq.lproj/**"])]),
            ])
            """),
            "App/Info.plist": Self.plist,
            "Resources/en.lproj/Localizable.strings": .text("\"a\" = \"A\";\n"),
            "Resources/de.lproj/Localizable.strings": .text("\"a\" = \"A\";\n"),
            "Resources/qqq.lproj/Localizable.strings": .text("\"a\" = \"Message documentation\";\n"),
        ])
        XCTAssertEqual(project.stringsTables.first?.files.keys.sorted(), ["de", "en"])
    }

    /// ProtonMail's layout: XcodeGen writes the Info.plist from `info: properties:` and the
    /// repository does not commit it, so the properties are all there is; another target's plist
    /// is named in an xcconfig its configurations are based on.
    func testXcodeGenInfoPropertiesAndConfigFiles() throws {
        let project = try discover([
            "project.yml": .text("""
            name: Kana
            configFiles:
              Debug: Config/Shared.xcconfig
            targets:
              Kana:
                type: application
                platform: iOS
                sources: [App]
                info:
                  path: App/Generated/Info.plist
                  properties:
                    CFBundleDevelopmentRegion: ja
                    CFBundleLocalizations: [ja, en]
              Widget:
                type: app-extension
                platform: iOS
                sources: [Widget]
                configFiles:
                  Debug: Config/Widget.xcconfig
            """),
            "Config/Shared.xcconfig": .text("SWIFT_VERSION = 5.0\n"),
            "Config/Widget.xcconfig": .text("#include \"Base.xcconfig\"\nINFOPLIST_FILE = Widget/Support/WidgetInfo.plist // the widget's\n"),
            "Config/Base.xcconfig": .text("INFOPLIST_FILE = Other/WrongInfo.plist\n"),
            "Other/WrongInfo.plist": Self.extensionPlist,
            "App/ja.lproj/Localizable.strings": .text("\"a\" = \"あ\";\n"),
            "App/en.lproj/Localizable.strings": .text("\"a\" = \"A\";\n"),
            "Widget/Support/WidgetInfo.plist": Self.extensionPlist,
            "Widget/en.lproj/Widget.strings": .text("\"w\" = \"W\";\n"),
        ])
        XCTAssertEqual(project.app.name, "Kana")
        XCTAssertEqual(project.app.infoPlistPath, "App/Generated/Info.plist")
        XCTAssertEqual(project.app.developmentRegion, "ja")
        XCTAssertEqual(project.app.declaredLocalizations, ["ja", "en"])
        XCTAssertEqual(bundles(project, preferred: "fr"), ["Kana (app): ja", "Widget (extension): en"])
        XCTAssertEqual(project.app.outsideFolders.extensionFolders, ["Widget"],
                       "the xcconfig's last assignment names the plist, not its include's")
    }

    /// Tuist generates the plist of `infoPlist: .extendingDefault(with: [ … ])`; its localization
    /// keys, inline or in a constant of the manifest (the inline ones over the constant's), are the app's.
    func testTuistExtendedDefaultPlist() throws {
        let project = try discover([
            "Project.swift": .text("""
            import ProjectDescription
            let shared: [String: Plist.Value] = [
                "CFBundleDevelopmentRegion": "en",
                "CFBundleLocalizations": [.string("ko"), "en"],
                "UILaunchScreen": [:],
            ]
            let project = Project(name: "Shop", targets: [
                .target(name: "Shop", destinations: .iOS, product: .app, bundleId: "s",
                        infoPlist: .extendingDefault(with: shared.merging(["CFBundleAllowMixedLocalizations": true, "CFBundleDevelopmentRegion": "ko"]) { $1 }),
                        sources: ["Shop/**"]),
            ])
            """),
            "Shop/ko.lproj/Localizable.strings": .text("\"a\" = \"가\";\n"),
            "Shop/en.lproj/Localizable.strings": .text("\"a\" = \"A\";\n"),
            "Shop/de.lproj/Localizable.strings": .text("\"a\" = \"A\";\n"),
        ])
        XCTAssertEqual(project.app.name, "Shop")
        XCTAssertNil(project.app.infoPlistPath)
        XCTAssertEqual(project.app.developmentRegion, "ko")
        XCTAssertEqual(project.app.declaredLocalizations, ["ko", "en"])
        XCTAssertTrue(project.app.allowsMixedLocalizations)
        XCTAssertEqual(bundles(project, preferred: "fr"), ["Shop (app): ko"])
    }

    /// The globs of `excludes:` and `excluding:`: names, classes, `**`, alternatives, and folders.
    func testPathGlobs() {
        let cases: [(String, String, Bool)] = [
            ("App/**/*.strings", "App/Assets/cs.lproj/Vector.strings", true),
            ("App/**/*.strings", "App/Vector.strings", true),
            ("App/**/*.strings", "App/Assets/cs.lproj/Vector.stringsdict", false),
            ("App/**/qqq.lproj", "App/a/b/qqq.lproj/Localizable.strings", true),
            ("App/*.lproj", "App/de.lproj/Localizable.strings", true),
            ("App/*.lproj", "App/Sub/de.lproj/Localizable.strings", false),
            ("App/[a-c]?.lproj/*", "App/cs.lproj/L.strings", true),
            ("App/[!a-c]?.lproj/*", "App/cs.lproj/L.strings", false),
            ("App/{en,fr}.lproj/*", "App/fr.lproj/L.strings", true),
            ("App/{en,fr}.lproj/*", "App/de.lproj/L.strings", false),
            ("App/?.lproj/*", "App/é.lproj/L.strings", true),
            ("Other/**", "App/de.lproj/L.strings", false),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(PathGlob(pattern).matches(path), expected, "\(pattern) ~ \(path)")
        }
        XCTAssertEqual(PathGlob.expandingBraces("{a,b}{c,d}").sorted(), ["ac", "ad", "bc", "bd"])
        XCTAssertEqual(PathGlob.expandingBraces(String(repeating: "{a,b}", count: 20)).count, PathGlob.alternativeLimit)
        // Every step counts against a budget: the review's 144-byte globs of braces, stars and
        // `**` against deep paths of long names cost up to a second each before.
        let hostile = PathGlob(String(repeating: "{a,b}*a*a*/**/", count: 6) + "*x*y*z")
        let deep = (0..<15).map { _ in String(repeating: "a", count: 200) }.joined(separator: "/")
        var budget = 100_000
        XCTAssertNil(hostile.matches(deep, budget: &budget), "the budget runs out")
        XCTAssertLessThan(budget, 0)
        XCTAssertFalse(PathGlob(String(repeating: "*", count: PathGlob.lengthLimit + 1)).matches("a"), "too long to be real")
        // A pattern that would backtrack exponentially runs in linear time.
        XCTAssertFalse(PathGlob(String(repeating: "*a", count: 200) + "b").matches(String(repeating: "a", count: 5_000)))
    }

    /// kDrive: a target made by another factory (`.extensionTarget(name:…)`) is not read, so the
    /// spec is incomplete: the folder of that extension keeps its own bundle, not the app's.
    func testAnotherTargetFactoryLeavesTheSpecIncomplete() throws {
        let project = try discover([
            "Project.swift": .text("""
            import ProjectDescription
            let project = Project(name: "kDrive", targets: [
                .target(name: "kDrive", destinations: .iOS, product: .app, bundleId: "d", infoPlist: "kDrive/Info.plist", sources: ["kDrive/**"]),
                .extensionTarget(name: "kDriveShareExtension", bundleId: "s", entitlements: "x"),
            ])
            """),
            "kDrive/Info.plist": Self.plist,
            "kDrive/Localizable.xcstrings": .catalog(["a": ["en": "A", "de": "A"]]),
            "kDriveShareExtension/Localizable.xcstrings": .catalog(["share": ["en": "Share", "de": "Teilen"]]),
        ])
        XCTAssertNil(project.app.outsideFolders.targetNames, "not every target was read")
        XCTAssertEqual(project.catalogs.map(\.bundle).sorted(), ["kDrive", "kDriveShareExtension"])
    }

    /// A committed project file is what Xcode builds: the spec beside it is not read.
    func testASpecBesideAProjectFileIsNotRead() throws {
        let pbxproj = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tA1 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tname = App;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t};
        }
        """
        let project = try discover([
            "App.xcodeproj/project.pbxproj": .text(pbxproj),
            "project.yml": .text("targets:\n  Kit:\n    type: framework\n    sources: [Kit]\n"),
            "App/Info.plist": Self.plist,
            "App/Localizable.xcstrings": .catalog(["a": ["en": "A", "de": "A"]]),
            "Kit/Localizable.xcstrings": .catalog(["b": ["en": "B", "de": "B"]]),
        ])
        XCTAssertEqual(project.catalogs.map(\.bundle), ["App", "App"],
                       "the project file has no Kit target, so Kit/ is the app's: the spec's framework is not read")
        XCTAssertEqual(project.app.outsideFolders.targetFolders, [:])
    }

    /// A model type's `Project.swift` is no manifest (no `import ProjectDescription`), nor are the
    /// helpers in `Tuist/`; a demo app in a committed project file is judged as before.
    func testWhatIsNoSpec() throws {
        let project = try discover([
            "App/Models/Project.swift": .text("struct Project { static func sample(name: String) -> Project { Project() } }\nlet p = Project.sample(name: \"Preview\")\n"),
            "Tuist/ProjectDescriptionHelpers/Project.swift": .text("import ProjectDescription\nextension Project { static func app(name: String) -> Project { fatalError() } }\n"),
            "Projects/Shop/Project.swift": .text("import ProjectDescription\nlet project = Project(name: \"Shop\", targets: [.target(name: \"Shop\", product: .app, infoPlist: \"Info.plist\", sources: [\"Sources/**\"])])\n"),
            "Projects/Shop/Info.plist": Self.plist,
            "Projects/Shop/Sources/Localizable.xcstrings": .catalog(["a": ["en": "A", "de": "A"]]),
            "App/Info.plist": .infoPlist(declared: ["en"]),
        ])
        XCTAssertEqual(project.app.name, "Shop")
        XCTAssertEqual(project.app.outsideFolders.targetNames, [], "every manifest read completely: the model file and Tuist's helpers are none")

        let pbxproj = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tA1 /* Foo */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tname = Foo;\n\t\t\tproductType = "com.apple.product-type.application";\n\t\t};
        \t\tA2 /* FooDemo */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tname = FooDemo;\n\t\t\tproductType = "com.apple.product-type.application";\n\t\t};
        \t};
        }
        """
        XCTAssertEqual(ProjectDiscovery.appTargetNames(ProjectDiscovery.projectTargets(in: [("Foo.xcodeproj", ProjectDiscovery.projectObjects(pbxproj))])),
                       ["Foo", "FooDemo"], "a project file's demo app is an app as before; only a spec's is set aside")
    }

    func testASpecThatCannotBeReadIsAWarning() throws {
        let project = try discover([
            "project.yml": .text("targets:\n  App:\n    type: [application\n"),
            "App/Info.plist": Self.plist,
            "App/Localizable.xcstrings": .catalog(["a": ["en": "A", "de": "A"]]),
        ])
        XCTAssertEqual(project.warnings.filter { $0.contains("project.yml") }.count, 1, "\(project.warnings)")
        XCTAssertTrue(project.warnings.contains { $0.hasPrefix("project.yml:3:") }, "\(project.warnings)")
    }
}
