import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

final class ProjectDiscoveryTests: XCTestCase {
    func sample() throws -> Project {
        try ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover()
    }

    /// Xcode's Info.plist template says `$(DEVELOPMENT_LANGUAGE)`; it was taken as a locale id
    /// (`source $(DEVELOPMENT_LANGUAGE); offers $(DEVELOPMENT_LANGUAGE)`, export wrote nothing).
    func testDevelopmentLanguageBuildSettingIsResolved() throws {
        let plist = ExampleFile.text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleDevelopmentRegion</key><string>$(DEVELOPMENT_LANGUAGE)</string></dict></plist>
            """)
        var files: [String: ExampleFile] = [
            "App/Info.plist": plist,
            "App/en.lproj/Localizable.strings": .text("\"Hello\" = \"Hello\";\n\"Bye\" = \"Bye\";\n"),
            "App/de.lproj/Localizable.strings": .text("\"Hello\" = \"Hallo\";\n"),
        ]
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: files).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertNil(project.app.developmentRegion, "no project file says what it is")
        XCTAssertEqual(project.sourceLanguage, "en")
        XCTAssertEqual(project.app.availableLocalizations.sorted(), ["de", "en"])
        let export = CLIRun(["export", "--xliff", "--locale", "de", "--out", root.appendingPathComponent("out").path, "--project", root.path])
        XCTAssertTrue(export.stdout.contains("wrote"), export.stdout + export.stderr)

        // The project file's developmentRegion, as the build resolves it.
        files["App.xcodeproj/project.pbxproj"] = .text("// !$*UTF8*$!\n{\n\t\tdevelopmentRegion = de;\n}\n")
        let withProject = try Fixtures.temporaryFolder(self).appendingPathComponent("Q", isDirectory: true)
        try CheckExample("", files: files).write(to: withProject)
        let resolved = try ProjectDiscovery(root: withProject).discover()
        XCTAssertEqual(resolved.app.developmentRegion, "de")
        XCTAssertFalse(resolved.app.availableLocalizations.contains { $0.contains("$") })
    }

    /// Without a project file, `$(DEVELOPMENT_LANGUAGE)` is the catalogs' source language, as the
    /// build resolves it (Xcode writes the project's development language there): a Norwegian
    /// device that no localization matches reads `en`, not `en-US` (mastodon-ios's catalog has both).
    func testUnresolvedDevelopmentLanguageIsTheCatalogsSourceLanguage() throws {
        // A plist as written without the key (not completed by Xcode) has no region: CoreFoundation's `en_US` fallback.
        let unstated = try Fixtures.temporaryFolder(self).appendingPathComponent("U", isDirectory: true)
        try CheckExample("", files: ["App/Info.plist": Self.plist([("CFBundleDisplayName", "X")]),
                                     "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "de": "Hallo"]])]).write(to: unstated)
        XCTAssertNil(try ProjectDiscovery(root: unstated).discover().app.developmentRegion)

        let files: [String: ExampleFile] = [
            "App/Info.plist": Self.plist([("CFBundleDevelopmentRegion", "$(DEVELOPMENT_LANGUAGE)")]),
            "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello there", "en-US": "Hello", "de": "Hallo"]]),
        ]
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: files).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.app.developmentRegion, "en")
        XCTAssertEqual(project.app.localizations.localizations(forPreferredLanguages: ["nb"]).first, "en")
    }

    /// A plist without `CFBundleDevelopmentRegion` that Xcode completes (`GENERATE_INFOPLIST_FILE`)
    /// gets the generated `$(DEVELOPMENT_LANGUAGE)`: the project file's region (Genshin-Pizza-Helper's
    /// zh-Hans was taken as `en`, every fallback named wrongly); a plist Xcode does not complete has none.
    func testAPlistXcodeCompletesHasTheProjectsRegion() throws {
        func project(generated: Bool) throws -> Project {
            let files: [String: ExampleFile] = [
                "App/Info.plist": Self.plist([("CFBundleDisplayName", "Pizza")]),
                "App/zh-Hans.lproj/Localizable.strings": .text("\"home\" = \"主页\";\n"),
                "App/fr.lproj/Localizable.strings": .text("\"home\" = \"Accueil\";\n"),
                // A test target's settings generate its own plist, whichever the app's do.
                "App.xcodeproj/project.pbxproj": .text(Self.projectFile(region: "zh-Hans", targets: [
                    ("App", "com.apple.product-type.application", (generated ? ["GENERATE_INFOPLIST_FILE = YES;"] : []) + ["INFOPLIST_FILE = App/Info.plist;"]),
                    ("AppTests", "com.apple.product-type.bundle.unit-test", ["GENERATE_INFOPLIST_FILE = YES;", "INFOPLIST_FILE = AppTests/Info.plist;"]),
                ])),
            ]
            let root = try Fixtures.temporaryFolder(self).appendingPathComponent(generated ? "G" : "N", isDirectory: true)
            try CheckExample("", files: files).write(to: root)
            return try ProjectDiscovery(root: root).discover()
        }
        let completed = try project(generated: true)
        XCTAssertEqual(completed.app.developmentRegion, "zh-Hans")
        XCTAssertEqual(completed.sourceLanguage, "zh-Hans")
        XCTAssertNil(try project(generated: false).app.developmentRegion, "CoreFoundation reads no region from the plist as written")
    }

    /// A project file with `region` and native targets (name, product type, build settings), each
    /// with one build configuration, as Xcode links them.
    static func projectFile(region: String, targets: [(name: String, type: String, settings: [String])]) -> String {
        var objects = ""
        for (index, target) in targets.enumerated() {
            objects += "\t\tT\(index) /* \(target.name) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = L\(index);\n"
                + "\t\t\tname = \(target.name);\n\t\t\tproductType = \"\(target.type)\";\n\t\t};\n"
                + "\t\tL\(index) = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\tC\(index) /* Release */,\n\t\t\t);\n\t\t};\n"
                + "\t\tC\(index) /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n"
                + target.settings.map { "\t\t\t\t\($0)\n" }.joined() + "\t\t\t};\n\t\t\tname = Release;\n\t\t};\n"
        }
        return "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tP = {\n\t\t\tisa = PBXProject;\n\t\t\tdevelopmentRegion = \"\(region)\";\n\t\t};\n"
            + objects + "\t};\n}\n"
    }

    static func plist(_ members: [(String, String)], localizations: [String]? = nil) -> ExampleFile {
        let body = members.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined()
            + (localizations.map { "<key>CFBundleLocalizations</key><array>" + $0.map { "<string>\($0)</string>" }.joined() + "</array>" } ?? "")
        return .text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(body)</dict></plist>\n")
    }

    /// Xcode's templates before Xcode 5 named the app's plist `<Product>-Info.plist`
    /// (gfxCardStatus, DisableMonitor): it was ignored silently, so a German app's source
    /// became `en` and its declared locales were lost. A Firebase `GoogleService-Info.plist`
    /// beside it describes no bundle, and a test target's plist is the app's only when no other is.
    func testProductNamedInfoPlistIsTheApps() throws {
        let files: [String: ExampleFile] = [
            "AGoogle/GoogleService-Info.plist": Self.plist([("API_KEY", "x"), ("BUNDLE_ID", "com.example")]),
            "ATests/ATests-Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en"), ("CFBundlePackageType", "BNDL")]),
            "MyApp/MyApp-Info.plist": Self.plist([("CFBundleDevelopmentRegion", "de"), ("CFBundlePackageType", "APPL")],
                                                 localizations: ["de", "en"]),
            "MyApp/de.lproj/Localizable.strings": .text("\"Open\" = \"Öffnen\";\n"),
            "MyApp/en.lproj/Localizable.strings": .text("\"Open\" = \"Open\";\n"),
            "MyApp/fr.lproj/Localizable.strings": .text("\"Open\" = \"Ouvrir\";\n"),
        ]
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: files).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.app.infoPlistPath, "MyApp/MyApp-Info.plist")
        XCTAssertEqual(project.app.name, "MyApp")
        XCTAssertEqual(project.sourceLanguage, "de")
        XCTAssertEqual(project.app.declaredLocalizations, ["de", "en"])

        // Without the app's plist, the test bundle's is taken rather than nothing; the Firebase
        // file never is.
        var testOnly = files
        testOnly["MyApp/MyApp-Info.plist"] = nil
        let second = try Fixtures.temporaryFolder(self).appendingPathComponent("Q", isDirectory: true)
        try CheckExample("", files: testOnly).write(to: second)
        XCTAssertEqual(try ProjectDiscovery(root: second).discover().app.infoPlistPath, "ATests/ATests-Info.plist")
    }

    /// A plist of any name counts when a project file's `INFOPLIST_FILE` names it.
    func testInfoPlistFileSettingNamesTheAppsPlist() throws {
        let files: [String: ExampleFile] = [
            "Proj/App.xcodeproj/project.pbxproj": .text("""
                // !$*UTF8*$!
                {
                				INFOPLIST_FILE = "$(SRCROOT)/Supporting Files/Settings.plist";
                				INFOPLIST_FILE = AppTests/Info.plist;
                }

                """),
            "Proj/Supporting Files/Settings.plist": Self.plist([("CFBundleDevelopmentRegion", "ja")], localizations: ["ja", "en"]),
            "Proj/Other.plist": Self.plist([("CFBundleDevelopmentRegion", "fr")], localizations: ["fr"]),
            "Proj/ja.lproj/Localizable.strings": .text("\"Open\" = \"開く\";\n"),
        ]
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: files).write(to: root)
        let discovery = ProjectDiscovery(root: root)
        XCTAssertEqual(discovery.infoPlistSettings(), ["Proj/Supporting Files/Settings.plist", "Proj/AppTests/Info.plist"])
        XCTAssertEqual(ProjectDiscovery.joined("ios", "../Shared/App-Info.plist"), "Shared/App-Info.plist", "a project file below the root")
        XCTAssertEqual(ProjectDiscovery.joined("", "./App/../App/Info.plist"), "App/Info.plist")
        XCTAssertNil(ProjectDiscovery.joined("ios", "../../etc/passwd"), "above the project folder")
        let project = try discovery.discover()
        XCTAssertEqual(project.app.infoPlistPath, "Proj/Supporting Files/Settings.plist")
        XCTAssertEqual(project.sourceLanguage, "ja")
        XCTAssertEqual(project.app.declaredLocalizations, ["ja", "en"])
    }

    /// Red-team cases: a widget extension's plist (alphabetically first) was taken for the
    /// app's; a malformed plist the project file names was skipped silently; settings written
    /// on one line (`B1 = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = …; }; };`)
    /// were misread.
    func testTheProjectFilesPlistsAreRankedAndAMalformedOneIsAnError() throws {
        let pbxproj = ExampleFile.text("// !$*UTF8*$!\n{\n\tobjects = {\n"
            + "\t\tA1 = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = AWidget/Info.plist; }; name = Debug; };\n"
            + "\t\tB1 = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = \"App/App-Info.plist\"; }; name = Debug; };\n\t};\n}\n")
        var files: [String: ExampleFile] = [
            "App.xcodeproj/project.pbxproj": pbxproj,
            "AWidget/Info.plist": .text("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>en</string>"
                                       + "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict></plist>\n"),
            "App/App-Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en")], localizations: nil),
            "App/de.lproj/Localizable.strings": .text("\"Open\" = \"Öffnen\";\n"),
        ]
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: files).write(to: root)
        XCTAssertEqual(ProjectDiscovery(root: root).infoPlistSettings(), ["AWidget/Info.plist", "App/App-Info.plist"])
        XCTAssertEqual(try ProjectDiscovery(root: root).discover().app.infoPlistPath, "App/App-Info.plist")
        // Also when only the extension's plist declares localizations (a review's case).
        var declaring = files
        declaring["AWidget/Info.plist"] = .text("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>en</string>"
                                               + "<key>CFBundleLocalizations</key><array><string>en</string><string>fr</string></array>"
                                               + "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict></plist>\n")
        let widgetDeclares = try Fixtures.temporaryFolder(self).appendingPathComponent("R", isDirectory: true)
        try CheckExample("", files: declaring).write(to: widgetDeclares)
        XCTAssertEqual(try ProjectDiscovery(root: widgetDeclares).discover().app.infoPlistPath, "App/App-Info.plist")

        files["App/App-Info.plist"] = .text("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict>\n<key>CFBundleDevelopmentRegion</key><string>Photos & videos</string></dict></plist>\n")
        let broken = try Fixtures.temporaryFolder(self).appendingPathComponent("Q", isDirectory: true)
        try CheckExample("", files: files).write(to: broken)
        XCTAssertThrowsError(try ProjectDiscovery(root: broken).discover()) { error in
            XCTAssertEqual((error as? LocatedError)?.location?.line, 3, "\(error)")
            XCTAssertTrue("\(error)".contains("App/App-Info.plist"), "\(error)")
        }
    }

    /// Xcode puts a file into a bundle by target membership: with a project file, the app's
    /// catalogs at the root beside `iOS/Info.plist` (real Solstice) and shared tables in
    /// `Locale/` (real gracegyu/sudoku) are the app's. They were taken for frameworks named
    /// after their folders: `check` called every locale undeclared, `export` found none. A
    /// folder with another bundle's Info.plist (a widget) or named as a framework target stays
    /// a bundle of its own, named after it, and so does a local Swift package's target (a review
    /// found a package's catalog taken for a second app table); without a project file each
    /// outside folder still is one. The
    /// widget is an app extension, which chooses its own localization (real Solstice's widget
    /// was said to show Italian, its only folder, on every device).
    func testFilesOutsideTheAppFolderAreTheAppsUnlessAnotherBundleHoldsThem() throws {
        let projectFile = "// !$*UTF8*$!\n{\n\tobjects = {\n"
            + "\t\tT1 /* Solstice */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildPhases = (\n\t\t\t);\n\t\t\tname = Solstice;\n"
            + "\t\t\tproductType = \"com.apple.product-type.application\";\n\t\t};\n"
            + "\t\tT2 /* Kit */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tname = \"SolsticeKit\";\n"
            + "\t\t\tproductType = \"com.apple.product-type.framework\";\n\t\t};\n\t};\n}\n"
        var files: [String: ExampleFile] = [
            "iOS/Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en"), ("CFBundlePackageType", "APPL")]),
            "Localizable.xcstrings": .catalog(["Today": ["en": "Today", "it": "Oggi"], "Yesterday": ["en": "Yesterday"]]),
            "Shared/Locale/it.lproj/Extra.strings": .text("\"Now\" = \"Adesso\";\n"),
            "Shared/Locale/en.lproj/Extra.strings": .text("\"Now\" = \"Now\";\n"),
            "Widget/Info.plist": .text("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>en</string>"
                                      + "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict></plist>\n"),
            "Widget/fr.lproj/Widget.strings": .text("\"Now\" = \"Maintenant\";\n"),
            "SolsticeKit/Resources/ja.lproj/Kit.strings": .text("\"Now\" = \"今\";\n"),
            "Packages/Feature/Package.swift": .text("// swift-tools-version:5.9\n"),
            "Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings": .catalog(["Feed": ["en": "Feed", "ja": "フィード"]]),
        ]
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: files.merging(["Solstice.xcodeproj/project.pbxproj": .text(projectFile)]) { $1 }).write(to: root)
        XCTAssertEqual(ProjectDiscovery.nonApplicationTargets(in: [("Solstice.xcodeproj", projectFile)]), ["SolsticeKit"])
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.app.name, "iOS")
        XCTAssertEqual(project.catalogs.filter { !$0.path.hasPrefix("Packages/") }.map(\.bundle), ["iOS"])
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: project.stringsTables.map { ($0.table, $0.bundle) }),
                       ["Extra": "iOS", "Widget": "Widget", "Kit": "SolsticeKit"])
        XCTAssertEqual(project.catalogs.first { $0.path.hasPrefix("Packages/") }?.bundle, "Feature", "a local package's target")
        XCTAssertEqual(project.app.availableLocalizations, ["en", "it"])
        // The widget is an app extension: it matches the device's languages among its own.
        let french = project.deviceView(preferred: ["fr-FR"])
        XCTAssertEqual(french.app.localizations.first, "en")
        XCTAssertEqual(french.bundles.first { $0.bundle == "Widget" }.map { "\($0.kind) \($0.localizations.first ?? "")" }, "appExtension fr")
        let export = CLIRun(["export", "--xliff", "--out", "out", "--project", "."], in: root)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(export.stdout.hasPrefix("wrote out/it.xliff"), export.stdout)

        // The same files without a project file: each outside folder is a bundle of its own.
        let bare = try Fixtures.temporaryFolder(self).appendingPathComponent("Q", isDirectory: true)
        files["Localizable.xcstrings"] = nil
        try CheckExample("", files: files).write(to: bare)
        let folders = try ProjectDiscovery(root: bare).discover()
        XCTAssertNil(folders.app.outsideFolders.targetNames)
        XCTAssertEqual(folders.app.outsideFolders.extensionFolders, ["Widget"])
        XCTAssertEqual(folders.extensionBundles, ["Widget"])
        XCTAssertEqual(folders.stringsTables.first { $0.table == "Extra" }?.bundle, "Locale")
    }

    /// A catalog of extracted keys has no value in its source language, yet Xcode builds its
    /// `en.lproj` from the keys: real LoopKit/Loop's status extension was said to show Arabic, its
    /// alphabetically first locale, on every English device (and an app so made offered no `en`).
    func testACatalogsSourceLanguageIsCompiledWithoutValuesOfItsOwn() throws {
        let files: [String: ExampleFile] = [
            "App/Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en"), ("CFBundlePackageType", "APPL")]),
            "App/Localizable.xcstrings": .catalog(["Remaining": ["ar": "متبقي", "de": "Übrig"]]),
            "Status/Info.plist": .text(UndeclaredLocaleCheck.widgetPlist),
            "Status/Localizable.xcstrings": .catalog(["Now": ["ar": "الآن", "de": "Jetzt"]]),
        ]
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: files).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.catalogs.first?.catalog.locales, ["ar", "de"])
        XCTAssertEqual(project.catalogs.first?.catalog.compiledLocales, ["ar", "de", "en"])
        XCTAssertEqual(project.app.availableLocalizations, ["ar", "de", "en"])
        let english = project.deviceView(preferred: ["en-US"])
        XCTAssertEqual(english.bundles.map { "\($0.bundle) \($0.localizations.first ?? "")" }, ["App en", "Status en"])
        XCTAssertEqual(StringCatalog(sourceLanguage: "en", entries: [:]).compiledLocales, [], "no keys, no table")
    }

    /// The project file's targets as Xcode writes them: quoted names, application targets left
    /// out (a watch app is not the app), odd names harmless to the folder lookup.
    func testNonApplicationTargetsOfAProjectFile() {
        func target(_ name: String, _ type: String) -> String {
            "\t\tT\(Array(name.utf8).map(String.init).joined()) = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildPhases = (\n\t\t\t\tA /* Resources */,\n\t\t\t);\n"
                + "\t\t\tname = \(name);\n\t\t\tproductName = x;\n\t\t\tproductType = \"\(type)\";\n\t\t};\n"
        }
        let text = "// !$*UTF8*$!\n{\n\tobjects = {\n"
            + target("App", "com.apple.product-type.application")
            + target("\"My Widget\"", "com.apple.product-type.app-extension")
            + target("Watch", "com.apple.product-type.application.watchapp2")
            + target("Kit", "com.apple.product-type.framework")
            + target("\"\"", "com.apple.product-type.bundle")
            + target("\".\"", "com.apple.product-type.bundle")
            + "\t\tC = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tname = Debug;\n\t\t};\n\t};\n}\n"
        let names = ProjectDiscovery.nonApplicationTargets(in: [("App.xcodeproj", text)])
        XCTAssertEqual(names, ["My Widget", "Watch", "Kit", "", "."])
        let outside = AppBundle.OutsideFolders(targetNames: names)
        XCTAssertEqual(outside.holder(of: "My Widget/fr.lproj/Widget.strings"), "My Widget")
        XCTAssertEqual(outside.holder(of: "Shared/fr.lproj/Localizable.strings"), nil, "'' and '.' name no folder of a discovered path")
        XCTAssertTrue(outside.isApps("Shared/fr.lproj/Localizable.strings"))
        XCTAssertFalse(outside.isApps("Kit/Resources/fr.lproj/Kit.strings"))
        XCTAssertFalse(AppBundle.OutsideFolders().isApps("Shared/fr.lproj/Localizable.strings"), "without a project file")
    }

    /// Xcode 16 projects have no Info.plist files and synchronize folders into targets
    /// (`PBXFileSystemSynchronizedRootGroup`): real Bunn/PiStats' widget catalog was taken for
    /// the app's, so `resolve Cancel` looked in the widget's `Localizable` first and said a
    /// pt-BR device shows the raw key. A folder synchronized into a widget target is that
    /// target's bundle, an extension; one the app synchronizes too is the app's. Nested
    /// dictionaries (`explicitFileTypes = {`) and exception sets are no objects.
    func testSynchronizedFoldersOfXcode16BelongToTheirTargets() throws {
        let projectFile = """
            // !$*UTF8*$!
            {
            	archiveVersion = 1;
            	objectVersion = 77;
            	objects = {

            /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
            		E1 /* Exceptions for "Shared" folder in "WidgetExtension" target */ = {
            			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
            			membershipExceptions = (
            				ContentView.swift,
            			);
            			target = T2 /* WidgetExtension */;
            		};
            /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

            /* Begin PBXFileSystemSynchronizedRootGroup section */
            		G1 /* Shared */ = {
            			isa = PBXFileSystemSynchronizedRootGroup;
            			exceptions = (
            				E1 /* Exceptions for "Shared" folder in "WidgetExtension" target */,
            			);
            			explicitFileTypes = {
            			};
            			explicitFolders = (
            			);
            			path = Shared;
            			sourceTree = "<group>";
            		};
            		G2 /* Widget */ = {
            			isa = PBXFileSystemSynchronizedRootGroup;
            			explicitFileTypes = {
            			};
            			path = "Pi Widget";
            			sourceTree = "<group>";
            		};
            /* End PBXFileSystemSynchronizedRootGroup section */

            /* Begin PBXNativeTarget section */
            		T1 /* PiStats */ = {
            			isa = PBXNativeTarget;
            			buildPhases = (
            			);
            			fileSystemSynchronizedGroups = (
            				G1 /* Shared */,
            			);
            			name = PiStats;
            			productType = "com.apple.product-type.application";
            		};
            		T2 /* WidgetExtension */ = {
            			isa = PBXNativeTarget;
            			fileSystemSynchronizedGroups = (
            				G1 /* Shared */,
            				G2 /* Widget */,
            			);
            			name = WidgetExtension;
            			productType = "com.apple.product-type.app-extension";
            		};
            /* End PBXNativeTarget section */
            	};
            }

            """
        let synchronized = ProjectDiscovery.synchronizedFolders(in: [("PiStats.xcodeproj", projectFile)])
        XCTAssertEqual(synchronized.folders, ["Pi Widget": "WidgetExtension"], "Shared is the app's too")
        XCTAssertEqual(synchronized.extensions, ["WidgetExtension"])
        XCTAssertEqual(ProjectDiscovery.synchronizedFolders(in: [("iOS/PiStats.xcodeproj", projectFile)]).folders, ["iOS/Pi Widget": "WidgetExtension"],
                       "paths are the project folder's")
        // A synchronized folder inside a group with a path of its own lies in that group's folder.
        let nested = projectFile.replacingOccurrences(of: "/* Begin PBXNativeTarget section */", with: """
            /* Begin PBXGroup section */
            \t\tM0 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tG1 /* Shared */,
            \t\t\t\tM1 /* Modules */,
            \t\t\t);
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\tM1 /* Modules */ = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (
            \t\t\t\tG2 /* Widget */,
            \t\t\t);
            \t\t\tpath = Modules;
            \t\t\tsourceTree = "<group>";
            \t\t};
            /* End PBXGroup section */

            /* Begin PBXNativeTarget section */
            """)
        XCTAssertEqual(ProjectDiscovery.synchronizedFolders(in: [("PiStats.xcodeproj", nested)]).folders, ["Modules/Pi Widget": "WidgetExtension"])
        XCTAssertEqual(ProjectDiscovery.synchronizedFolders(in: [("PiStats.xcodeproj", projectFile.replacingOccurrences(of: "path = \"Pi Widget\";", with: "path = /etc;"))]).folders,
                       [:], "an absolute path is no folder of the project")

        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "PiStats.xcodeproj/project.pbxproj": .text(projectFile),
            "Shared/Localizable.xcstrings": .catalog(["Cancel": ["en": "Cancel", "pt-BR": "Cancelar"]]),
            "Pi Widget/Localizable.xcstrings": .catalog(["Paused": ["en": "Paused", "pt-BR": "Pausado"], "Offline": ["en": "Offline"]]),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: project.catalogs.map { ($0.path, $0.bundle) }),
                       ["Shared/Localizable.xcstrings": "PiStats", "Pi Widget/Localizable.xcstrings": "WidgetExtension"],
                       "the app's plist is generated: the app is named after its target")
        XCTAssertEqual(project.extensionBundles, ["WidgetExtension"])
        let brazil = project.deviceView(preferred: ["pt-BR"])
        XCTAssertEqual(brazil.bundles.map { "\($0.bundle) \($0.kind) \($0.localizations.first ?? "")" }, ["PiStats app pt-BR", "WidgetExtension appExtension pt-BR"])
        let resolve = CLIRun(["resolve", "Cancel", "--languages", "pt-BR", "--project", "."], in: root)
        XCTAssertTrue(resolve.stdout.contains("shows 'Cancelar'"), resolve.stdout + resolve.stderr)
        let check = CLIRun(["check", "--project", "."], in: root)
        XCTAssertTrue(check.stdout.contains("Pi Widget/Localizable.xcstrings: warning: 1 key of WidgetExtension/Localizable has no 'pt-BR': pt-BR devices see them in 'en' (\"Offline\") [missing-translation]"),
                      check.stdout)
    }

    /// Xcode 16.0 writes a synchronized folder on one line; a watch app is an `application` on
    /// `watchos` (real Cizzuk/CBNote, whose watch catalog sorted first and was taken for the
    /// iPhone app's `Localizable`), an App Clip one that installs on demand: each is a bundle of
    /// its own that chooses its language, and the phone's app stays the app.
    func testOneLineFoldersWatchAppsAndAppClipsOfAProjectFile() {
        func target(_ id: String, _ name: String, _ type: String, sdk: String, groups: [String]) -> String {
            "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = \(id)L /* Build configuration list for PBXNativeTarget \"\(name)\" */;\n"
                + "\t\t\tfileSystemSynchronizedGroups = (\n" + groups.map { "\t\t\t\t\($0) /* x */,\n" }.joined() + "\t\t\t);\n"
                + "\t\t\tname = \"\(name)\";\n\t\t\tproductType = \"\(type)\";\n\t\t};\n"
                + "\t\t\(id)L /* Build configuration list */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t\(id)C /* Debug */,\n\t\t\t);\n\t\t};\n"
                + "\t\t\(id)C /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t\tINFOPLIST_KEY_CFBundleDisplayName = Demo;\n"
                + "\t\t\t\tSDKROOT = \(sdk);\n\t\t\t};\n\t\t\tname = Debug;\n\t\t};\n"
        }
        let text = "// !$*UTF8*$!\n{\n\tobjects = {\n"
            + "\t\tG1 /* Demo */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Demo; sourceTree = \"<group>\"; };\n"
            + "\t\tG2 /* Watch */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = \"Demo Watch App\"; sourceTree = \"<group>\"; };\n"
            + "\t\tG3 /* Clip */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Clip; sourceTree = \"<group>\"; };\n"
            + "\t\tG4 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Widget; sourceTree = \"<group>\"; };\n"
            + target("T1", "Demo", "com.apple.product-type.application", sdk: "iphoneos", groups: ["G1"])
            + target("T2", "Demo Watch", "com.apple.product-type.application", sdk: "watchos", groups: ["G2"])
            + target("T3", "DemoClip", "com.apple.product-type.application.on-demand-install-capable", sdk: "iphoneos", groups: ["G3"])
            + target("T4", "DemoWidget", "com.apple.product-type.app-extension", sdk: "iphoneos", groups: ["G4"])
            + target("T5", "Demo macOS", "com.apple.product-type.application", sdk: "macosx", groups: [])
            + "\t};\n}\n"
        let synchronized = ProjectDiscovery.synchronizedFolders(in: [("Demo.xcodeproj", text)])
        XCTAssertEqual(synchronized.folders, ["Demo Watch App": "Demo Watch", "Clip": "DemoClip", "Widget": "DemoWidget"])
        XCTAssertEqual(synchronized.extensions, ["Demo Watch", "DemoClip", "DemoWidget", "Demo macOS"])
        XCTAssertEqual(synchronized.separateApps, ["Demo Watch": .watchApp, "DemoClip": .appClip, "Demo macOS": .otherPlatformApp],
                       "a widget is an extension, not an app; the Mac app beside the phone's is an app of its own")
        let objects = ProjectDiscovery.projectObjects(text)
        XCTAssertEqual(objects["T2C"]?.values["buildSettings.SDKROOT"], "watchos")
        XCTAssertEqual(objects["T2"]?.values["buildConfigurationList"], "T2L", "the comment is no part of the value")
        XCTAssertEqual(objects["G2"]?.values["path"], "Demo Watch App")
        XCTAssertEqual(objects["G2"]?.lists["explicitFolders"], [])
    }

    /// A project file with targets `(name, productType, SDKROOT, INFOPLIST_FILE)`, as Xcode writes them.
    private static func projectFile(_ targets: [(String, String, String, String?)]) -> String {
        var text = "// !$*UTF8*$!\n{\n\tobjects = {\n"
        for (index, (name, type, sdk, plist)) in targets.enumerated() {
            text += "\t\tT\(index) /* \(name) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = L\(index) /* list */;\n"
                + "\t\t\tname = \"\(name)\";\n\t\t\tproductType = \"\(type)\";\n\t\t};\n"
                + "\t\tL\(index) /* list */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\tC\(index) /* Debug */,\n\t\t\t);\n\t\t};\n"
                + "\t\tC\(index) /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n"
                + (plist.map { "\t\t\t\tINFOPLIST_FILE = \"\($0)\";\n" } ?? "\t\t\t\tGENERATE_INFOPLIST_FILE = YES;\n")
                + "\t\t\t\tSDKROOT = \(sdk);\n\t\t\t};\n\t\t\tname = Debug;\n\t\t};\n"
        }
        return text + "\t};\n}\n"
    }

    /// The project file decides which plist is the app's. Xcode 11's framework template writes
    /// `CFBundlePackageType = $(PRODUCT_BUNDLE_PACKAGE_TYPE)`, so mastodon-ios's `AppShared`
    /// framework (sorting before `Mastodon`) and xikolo-ios's `Binge` were taken for the app:
    /// every German device was told it sees English. A plist no target names is its folder's
    /// target's; with an application target, an extension's plist is never the app's (the app's
    /// is generated), and the app is named after its target.
    func testTheProjectFileTellsTheAppsInfoPlist() throws {
        let templated = Self.plist([("CFBundleDevelopmentRegion", "$(DEVELOPMENT_LANGUAGE)"), ("CFBundlePackageType", "$(PRODUCT_BUNDLE_PACKAGE_TYPE)")])
        let app = "com.apple.product-type.application", framework = "com.apple.product-type.framework"
        for named in [true, false] {
            let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
            try CheckExample("", files: [
                "Mastodon.xcodeproj/project.pbxproj": .text(Self.projectFile([
                    ("Mastodon", app, "iphoneos", named ? "Mastodon/Info.plist" : nil),
                    ("AppShared", framework, "iphoneos", named ? "AppShared/Info.plist" : nil)])),
                "AppShared/Info.plist": templated, "Mastodon/Info.plist": templated,
                "Mastodon/en.lproj/Localizable.strings": .text("\"Hello\" = \"Hello\";\n"),
                "Mastodon/de.lproj/Localizable.strings": .text("\"Hello\" = \"Hallo\";\n"),
            ]).write(to: root)
            let project = try ProjectDiscovery(root: root).discover()
            XCTAssertEqual(project.app.infoPlistPath, "Mastodon/Info.plist", named ? "by INFOPLIST_FILE" : "by folder")
            XCTAssertEqual(project.deviceView(preferred: ["de-AT"]).bundles.map { "\($0.bundle) \($0.kind) \($0.localizations.first ?? "")" },
                           ["Mastodon app de"])
        }

        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "Notes.xcodeproj/project.pbxproj": .text(Self.projectFile([
                ("Notes", app, "iphoneos", nil), ("WidgetExtension", "com.apple.product-type.app-extension", "iphoneos", "Widget/Info.plist"),
                ("ShareExtension", "com.apple.product-type.app-extension", "iphoneos", nil),
                ("Notes Watch App", app, "watchos", nil)])),
            "Notes/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "de": "Hallo", "fr": "Bonjour"]]),
            "Widget/Info.plist": .text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>NSExtension</key><dict/></dict></plist>\n"),
            "Widget/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "ja": "こんにちは"]]),
            "ShareExtension/Localizable.xcstrings": .catalog(["Share": ["en": "Share", "ja": "共有"]]),
            "Notes Watch App/Localizable.xcstrings": .catalog(["Time": ["en": "Time", "ja": "時間"]]),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertNil(project.app.infoPlistPath, "the widget's plist is not the app's")
        XCTAssertEqual(project.app.name, "Notes")
        XCTAssertEqual(project.deviceView(preferred: ["ja-JP"]).bundles.map { "\($0.bundle) (\($0.kind.rawValue)) \($0.localizations.first ?? "")" },
                       ["Notes (app) en", "Notes Watch App (watch app) ja", "ShareExtension (extension) ja", "Widget (extension) ja"],
                       "a classic watch app and an extension known only by its target's name choose their own language")
    }

    /// XcodeGen and Tuist projects commit no `.xcodeproj` and keep the plist in a support folder
    /// (4nhus/ultimate-portfolio-app: `Configuration/Info.plist` beside `Localisation/`). The app
    /// was "Configuration" and its catalog another bundle's: 81 false `key-missing` errors.
    func testAPlistInASupportFolderMakesTheFolderAboveItTheApps() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "UltimatePortfolio/Configuration/Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en"), ("CFBundlePackageType", "APPL")]),
            "UltimatePortfolio/Localisation/Localizable.xcstrings": .catalog(["Priority": ["en": "Priority", "hu": "Prioritás"]]),
            "UltimatePortfolio/Editing/IssueView.swift": .text("import SwiftUI\nlet p = Picker(\"Priority\", selection: $priority) { }\n"),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.app.name, "UltimatePortfolio")
        XCTAssertEqual(project.app.folder, "UltimatePortfolio")
        XCTAssertEqual(project.catalogs.map(\.bundle), ["UltimatePortfolio"])
        let check = CLIRun(["check", "--project", "."], in: root)
        XCTAssertTrue(check.stdout.hasPrefix("0 errors\n0 warnings\n"), check.stdout)
    }

    /// An SDK repository is a package at the top with its example app in a folder
    /// (atacan/DiscussionStringCatalogPackage): the package's catalog was merged into the app's
    /// Localizable, and its `Text` without `bundle:` passed although it reads the app's table.
    func testAPackageAtTheTopHoldsItsTargetsFolders() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "Package.swift": .text(#"let package = Package(name: "Kit", defaultLocalization: "en", targets: [.target(name: "Kit")])"#),
            "Sources/Kit/Resources/Localizable.xcstrings": .catalog(["Hello, world!": ["en": "Hello, world!", "de": "Hallo, Welt!"]]),
            "Sources/Kit/KitView.swift": .text("import SwiftUI\nstruct KitView: View { var body: some View { Text(\"Hello, world!\") } }\n"),
            "Example/Example.xcodeproj/project.pbxproj": .text(Self.projectFile([("Example", "com.apple.product-type.application", "iphoneos", nil)])),
            "Example/Example/Localizable.xcstrings": .catalog(["In the app": ["en": "In the app", "de": "In der App"]]),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: project.catalogs.map { ($0.path, $0.bundle) }),
                       ["Sources/Kit/Resources/Localizable.xcstrings": "Kit", "Example/Example/Localizable.xcstrings": "Example"])
        let check = CLIRun(["check", "--project", "."], in: root)
        XCTAssertTrue(check.stdout.contains("Text looks up 'Hello, world!', which the Localizable table of Example does not define (the file is Kit's"), check.stdout)
    }

    /// From a red-team run: a project of a watch app alone has that app as its app (an invented
    /// app named after the folder showed raw keys); a support folder at the top of the project
    /// is no reason to make the whole project the app's (a widget's catalog became a second Localizable).
    func testAWatchOnlyProjectAndATopLevelSupportFolder() throws {
        let app = "com.apple.product-type.application"
        var root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "Watch.xcodeproj/project.pbxproj": .text(Self.projectFile([("WatchApp", app, "watchos", nil)])),
            "WatchApp/Localizable.xcstrings": .catalog(["Start": ["en": "Start", "de": "Los"]]),
        ]).write(to: root)
        var project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.app.name, "WatchApp")
        XCTAssertEqual(project.deviceView(preferred: ["de"]).bundles.map { "\($0.bundle) \($0.kind) \($0.localizations.first ?? "")" }, ["WatchApp app de"])

        root = try Fixtures.temporaryFolder(self).appendingPathComponent("Q", isDirectory: true)
        try CheckExample("", files: [
            "App.xcodeproj/project.pbxproj": .text(Self.projectFile([("App", app, "iphoneos", "Configuration/Info.plist"),
                                                                     ("Widget", "com.apple.product-type.app-extension", "iphoneos", nil)])),
            "Configuration/Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en"), ("CFBundlePackageType", "APPL")]),
            "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "de": "Hallo"]]),
            "Widget/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "fr": "Bonjour"]]),
        ]).write(to: root)
        project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.app.folder, "Configuration")
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: project.catalogs.map { ($0.path, $0.bundle) }),
                       ["App/Localizable.xcstrings": "App", "Widget/Localizable.xcstrings": "Widget"])
    }

    /// An extension or a local package kept inside the app's folder is a bundle of its own: its
    /// Japanese made the app claim Japanese, and its catalog was read as the app's Localizable.
    func testBundlesNestedInTheAppFolderAreTheirOwn() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en"), ("CFBundlePackageType", "APPL")]),
            "App/Localizable.xcstrings": .catalog(["Hello": ["en": "Hello", "de": "Hallo"]]),
            "App/ShareExtension/Info.plist": .text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>en</string>"
                                                   + "<key>NSExtension</key><dict/></dict></plist>\n"),
            "App/ShareExtension/Localizable.xcstrings": .catalog(["Share": ["en": "Share", "ja": "共有"]]),
            "App/Packages/Feature/Package.swift": .text(#"let package = Package(name: "Feature", defaultLocalization: "en", targets: [.target(name: "Feature")])"#),
            "App/Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings": .catalog(["Save": ["en": "Save", "ko": "저장"]]),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: project.catalogs.map { ($0.path, $0.bundle) }), [
            "App/Localizable.xcstrings": "App", "App/ShareExtension/Localizable.xcstrings": "ShareExtension",
            "App/Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings": "Feature"])
        XCTAssertEqual(project.app.availableLocalizations, ["de", "en"])
        XCTAssertEqual(project.deviceView(preferred: ["ja-JP"]).bundles.map { "\($0.bundle) (\($0.kind.rawValue)) \($0.localizations.first ?? "")" },
                       ["App (app) en", "Feature (framework) en", "ShareExtension (extension) ja"])
    }

    /// A watch app and an App Clip choose their own language like an extension, but `match` names
    /// them for what they are (CBNote's watch app read "(extension)"). Classic projects tell them
    /// by their Info.plist: `WKApplication`, `NSAppClip` (an App Clip used to follow the app).
    func testWatchAppsAndAppClipsAreNamedForWhatTheyAre() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en"), ("CFBundlePackageType", "APPL")]),
            "App/en.lproj/Localizable.strings": .text("\"Hello\" = \"Hello\";\n"),
            "App/de.lproj/Localizable.strings": .text("\"Hello\" = \"Hallo\";\n"),
            "Watch/Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en"), ("WKApplication", "true")]),
            "Watch/en.lproj/Localizable.strings": .text("\"Hello\" = \"Hello\";\n"),
            "Watch/fr.lproj/Localizable.strings": .text("\"Hello\" = \"Bonjour\";\n"),
            "Clip/Info.plist": .text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>en</string>"
                                     + "<key>NSAppClip</key><dict><key>NSAppClipRequestEphemeralUserNotification</key><false/></dict></dict></plist>\n"),
            "Clip/en.lproj/Localizable.strings": .text("\"Hello\" = \"Hello\";\n"),
            "Clip/fr.lproj/Localizable.strings": .text("\"Hello\" = \"Bonjour\";\n"),
            "Widget/Info.plist": .text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>en</string>"
                                       + "<key>NSExtension</key><dict/></dict></plist>\n"),
            "Widget/en.lproj/Widget.strings": .text("\"Hello\" = \"Hello\";\n"),
            "Widget/fr.lproj/Widget.strings": .text("\"Hello\" = \"Bonjour\";\n"),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.separateApps, ["Watch": .watchApp, "Clip": .appClip])
        let french = project.deviceView(preferred: ["fr-FR", "de-DE"])
        // The app has no French and shows German; the others have French of their own.
        XCTAssertEqual(french.bundles.map { "\($0.bundle) (\($0.kind.rawValue)) \($0.localizations.first ?? "")" },
                       ["App (app) de", "Clip (App Clip) fr", "Watch (watch app) fr", "Widget (extension) fr"])
        let match = CLIRun(["match", "--preferred", "fr-FR", "--project", "."], in: root)
        XCTAssertTrue(match.stdout.contains("Watch (watch app): fr"), match.stdout)
        XCTAssertTrue(match.stdout.contains("Clip (App Clip): fr"), match.stdout)
    }

    /// Xcode 16's Target Membership on a synchronized folder: an exception set of the folder's
    /// own target leaves a file out of it, one of another target builds the file into that one.
    /// A catalog moved from the app's folder into the widget (and one the other way) stayed in its
    /// folder's bundle.
    func testMembershipExceptionsOfSynchronizedFolders() throws {
        func target(_ id: String, _ name: String, _ type: String, group: String) -> String {
            "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tfileSystemSynchronizedGroups = (\n\t\t\t\t\(group) /* x */,\n\t\t\t);\n"
                + "\t\t\tname = \(name);\n\t\t\tproductType = \"\(type)\";\n\t\t};\n"
        }
        func exceptions(_ id: String, target: String, _ files: [String]) -> String {
            "\t\t\(id) /* Exceptions */ = {\n\t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;\n\t\t\tmembershipExceptions = (\n"
                + files.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t);\n\t\t\ttarget = \(target) /* t */;\n\t\t};\n"
        }
        func group(_ id: String, _ path: String, exceptions: [String]) -> String {
            "\t\t\(id) /* \(path) */ = {\n\t\t\tisa = PBXFileSystemSynchronizedRootGroup;\n\t\t\texceptions = (\n"
                + exceptions.map { "\t\t\t\t\($0) /* Exceptions */,\n" }.joined() + "\t\t\t);\n\t\t\tpath = \(path);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
        }
        let text = "// !$*UTF8*$!\n{\n\tobjects = {\n"
            // Demo/Shared/Widget Strings.xcstrings: out of the app, into the widget. DemoWidget/Localizable.xcstrings: out of the widget, into the app.
            + exceptions("E1", target: "T1", ["\"Shared/Widget Strings.xcstrings\""]) + exceptions("E2", target: "T2", ["\"Shared/Widget Strings.xcstrings\""])
            + exceptions("E3", target: "T2", ["Localizable.xcstrings"]) + exceptions("E4", target: "T1", ["Localizable.xcstrings"])
            + group("G1", "Demo", exceptions: ["E1", "E2"]) + group("G2", "DemoWidget", exceptions: ["E3", "E4"])
            + target("T1", "Demo", "com.apple.product-type.application", group: "G1")
            + target("T2", "DemoWidgetExtension", "com.apple.product-type.app-extension", group: "G2")
            + "\t};\n}\n"
        let synchronized = ProjectDiscovery.synchronizedFolders(in: [("Demo.xcodeproj", text)])
        XCTAssertEqual(synchronized.fileTargets, ["Demo/Shared/Widget Strings.xcstrings": "DemoWidgetExtension"])
        XCTAssertEqual(synchronized.appFiles, ["DemoWidget/Localizable.xcstrings"])

        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "Demo.xcodeproj/project.pbxproj": .text(text),
            "Demo/Shared/Widget Strings.xcstrings": .catalog(["Paused": ["en": "Paused", "ja": "一時停止"]]),
            "DemoWidget/Localizable.xcstrings": .catalog(["Take Photo": ["en": "Take Photo", "de": "Foto aufnehmen"]]),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: project.catalogs.map { ($0.path, $0.bundle) }),
                       ["Demo/Shared/Widget Strings.xcstrings": "DemoWidgetExtension", "DemoWidget/Localizable.xcstrings": "Demo"])
        XCTAssertEqual(project.deviceView(preferred: ["ja-JP", "de-DE"]).bundles.map { "\($0.bundle) \($0.localizations.first ?? "")" },
                       ["Demo de", "DemoWidgetExtension ja"])
    }

    /// A project file from which no target can be read (Xcode's XML form, a damaged file) says
    /// nothing of membership: files outside the app folder keep their folders' bundles, with a
    /// warning. It made a framework's `ru.lproj` the app's (a red-team run).
    func testAProjectFileWithoutReadableTargetsIsAsNone() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en"), ("CFBundlePackageType", "APPL")]),
            "App/en.lproj/Localizable.strings": .text("\"Hello\" = \"Hello\";\n"),
            "Kit/en.lproj/Kit.strings": .text("\"Now\" = \"Now\";\n"),
            "Kit/ru.lproj/Kit.strings": .text("\"Now\" = \"Сейчас\";\n"),
            "App.xcodeproj/project.pbxproj": .text("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>objects</key><dict/></dict></plist>\n"),
        ]).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertNil(project.app.outsideFolders.targetNames)
        XCTAssertEqual(project.stringsTables.first { $0.table == "Kit" }?.bundle, "Kit")
        XCTAssertEqual(project.app.availableLocalizations, ["en"])
        XCTAssertEqual(project.warnings.filter { $0.contains("no target could be read") }.count, 1, "\(project.warnings)")
    }

    /// A long one-line object is read in one pass, every key to the last.
    func testALongOneLineObject() {
        let keys = (0..<20_000).map { "k\($0) = v\($0);" }.joined(separator: " ")
        let text = "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tG1 = {isa = PBXGroup; \(keys) children = (A /* a */, B); path = \"x; {y}\"; };\n\t};\n}\n"
        let object = ProjectDiscovery.projectObjects(text)["G1"]
        XCTAssertEqual(object?.values["k19999"], "v19999")
        XCTAssertEqual(object?.lists["children"], ["A", "B"])
        XCTAssertEqual(object?.values["path"], "x; {y}")
    }

    /// A bundle directory is a bundle of its own wherever it lies: `Settings.bundle/de.lproj`
    /// inside the app folder made the app "offer" German (the report failed its release on a
    /// German it does not have, and told de-AT devices the app shows German). The Settings app
    /// matches the device's languages, an embedded framework follows the app.
    func testBundleDirectoriesAreBundlesOfTheirOwn() throws {
        let files: [String: ExampleFile] = [
            "App/Info.plist": Self.plist([("CFBundleDevelopmentRegion", "en"), ("CFBundlePackageType", "APPL")]),
            "App/en.lproj/Localizable.strings": .text("\"Hello\" = \"Hello\";\n"),
            "App/Settings.bundle/en.lproj/Root.strings": .text("\"Group\" = \"Group\";\n"),
            "App/Settings.bundle/de.lproj/Root.strings": .text("\"Group\" = \"Gruppe\";\n"),
            "App/Frameworks/Kit.framework/fr.lproj/Kit.strings": .text("\"Done\" = \"OK\";\n"),
        ]
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: files).write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.app.availableLocalizations, ["en"])
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: project.stringsTables.map { ($0.table, $0.bundle) }),
                       ["Localizable": "App", "Root": "Settings", "Kit": "Kit"])
        XCTAssertEqual(project.extensionBundles, ["Settings"])
        let german = project.deviceView(preferred: ["de-DE"])
        // Kit follows the app's English, which it lacks: CFBundle then takes its first localization.
        XCTAssertEqual(german.bundles.map { "\($0.bundle) \($0.localizations.first ?? "")" }, ["App en", "Kit fr", "Settings de"])
        XCTAssertEqual(german.bundles.map(\.kind), [.app, .framework, .settings], "the Settings app's bundle is no extension")
        XCTAssertNil(ProjectDiscovery.bundleDirectory(of: "App/.bundle/x.strings"))
        XCTAssertEqual(ProjectDiscovery.bundleDirectory(of: "A.framework/B.bundle/en.lproj/x.strings")?.name, "B")
        let check = CLIRun(["check", "--project", "."], in: root)
        XCTAssertTrue(check.stdout.contains("Kit ships 'fr', which the app does not offer"), check.stdout)
        XCTAssertTrue(check.stdout.contains("\n0 errors\n1 warning (undeclared-locale 1)\n"), check.stdout)
        XCTAssertFalse(check.stdout.contains("Settings"), "the Settings bundle's German is its own: " + check.stdout)
    }

    func testSampleAppBundleComesFromItsInfoPlist() throws {
        let project = try sample()
        XCTAssertEqual(project.app.name, "BrandedEditor")
        XCTAssertEqual(project.app.infoPlistPath, "BrandedEditor/Info.plist")
        XCTAssertEqual(project.app.developmentRegion, "en")
        XCTAssertEqual(project.app.declaredLocalizations, ["en", "de", "fr", "ja"])
        XCTAssertEqual(project.sourceLanguage, "en")
    }

    func testSampleHasTheEditorChain() throws {
        let project = try sample()
        XCTAssertTrue(project.lookupChain.isEditorChain)
        XCTAssertEqual(project.lookupChain.layers.map(\.name),
                       ["BrandedEditor/Localizable", "BrandedEditor/IMGLYEditor", "IMGLYCoreUI/IMGLYEditor"])
        XCTAssertEqual(project.lookupChain.layers.map(\.role), [.app, .app, .sdk])
        XCTAssertEqual(project.lookupChain.sdkLayer?.catalogPath, "Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings")
    }

    func testStrayCatalogIsIgnoredByTheChain() throws {
        XCTAssertEqual(try sample().ignoredCatalogs.map(\.path), ["BrandedEditor/MyBrand.xcstrings"])
    }

    func testLegacyTablesAndStoryboardsAreFound() throws {
        let project = try sample()
        XCTAssertEqual(project.stringsTables.map(\.bundle), ["OnboardingKit"])
        XCTAssertEqual(project.stringsTables.first?.locales, ["en", "ru"])
        XCTAssertEqual(project.stringsTables.first?.path(locale: "ru"), "OnboardingKit/ru.lproj/Localizable.strings")
        XCTAssertEqual(project.interfaceFiles, ["OnboardingKit/Base.lproj/Onboarding.storyboard"])
    }

    func testFullLocalizationLocalesAreThoseTheSDKDoesNotShip() throws {
        let project = try sample()
        XCTAssertEqual(project.sdkLocales, ["de", "en"])
        XCTAssertEqual(project.fullLocalizationLocales, ["fr", "ja"])
    }

    func testEnglishOnlyOverrideShadowsGerman() throws {
        let project = try sample()
        let label = try XCTUnwrap(project.customLabels.first { $0.key == "ly_img_editor_canvas_menu_button_duplicate" })
        XCTAssertEqual(label.layer.table, "Localizable")
        XCTAssertEqual(label.shadowedLocales, ["de"])
        let german = project.resolve(label.key, localizations: ["de", "en"])
        XCTAssertEqual(german.layer?.table, "Localizable")
        XCTAssertEqual(german.locale, "en")
        XCTAssertEqual(german.value, "Copy")
    }

    func testResolutionFallsThroughToTheSDK() throws {
        let project = try sample()
        let sdk = try XCTUnwrap(project.catalog(for: try XCTUnwrap(project.lookupChain.sdkLayer)))
        let key = try XCTUnwrap(sdk.orderedKeys.first { key in
            !project.lookupChain.appLayers.contains { project.layer($0, contains: key) }
        })
        let resolution = project.resolve(key, localizations: ["de", "en"])
        XCTAssertEqual(resolution.layer?.role, .sdk)
        XCTAssertEqual(resolution.skipped.count, 2)
        XCTAssertEqual(resolution.value, sdk.stringUnit(key: key, locale: "de")?.value)
        XCTAssertEqual(project.resolve("no_such_key", localizations: ["de"]).value, "no_such_key")
    }

    func testMalformedCatalogStopsDiscoveryWithItsLocation() throws {
        let root = try Fixtures.temporaryFolder(self)
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {,}\n}".utf8)
            .write(to: root.appendingPathComponent("Localizable.xcstrings"))
        XCTAssertThrowsError(try ProjectDiscovery(root: root).discover()) { error in
            let located = error as? LocatedError
            XCTAssertEqual(located?.location?.line, 3)
            XCTAssertTrue(located?.location?.file.hasSuffix("Localizable.xcstrings") ?? false)
        }
    }

    func testManifestOverridesTheChain() throws {
        let root = try Fixtures.temporaryFolder(self)
        try Data(#"{"sourceLanguage":"en","strings":{"a":{}},"version":"1.0"}"#.utf8).write(to: root.appendingPathComponent("Main.xcstrings"))
        try Data(#"{"layers":[{"bundle":"App","table":"Main","path":"Main.xcstrings"}]}"#.utf8)
            .write(to: root.appendingPathComponent("l10n.json"))
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(project.lookupChain.layers.map(\.name), ["App/Main"])
        try Data(#"{"layerz":[]}"#.utf8).write(to: root.appendingPathComponent("l10n.json"))
        XCTAssertThrowsError(try ProjectDiscovery(root: root).discover()) { error in
            XCTAssertTrue("\(error)".contains("unknown field \"layerz\""), "\(error)")
        }
    }

    /// The manifest's paths and locale ids are checked where they are written: an absolute
    /// `infoPlist` was joined to the project, a missing one or a missing baseline named no place,
    /// a `sourceLanguage` of "../../PWN" was shown to users as a language, and a coverage
    /// threshold for a typo (`Frnch`) was a gate no locale ever met.
    func testManifestPathsAndLocalesAreCheckedAtTheirField() throws {
        let root = try Fixtures.temporaryFolder(self)
        try Data(#"{"sourceLanguage":"en","strings":{"a":{}},"version":"1.0"}"#.utf8).write(to: root.appendingPathComponent("Localizable.xcstrings"))
        let cases: [(String, Int, String)] = [
            ("{\n  \"infoPlist\" : \"\" }", 2, "field \"infoPlist\" must be a file's path relative to the project folder"),
            ("{\n\n  \"infoPlist\" : \"App/Info.plist\" }", 3, "\"infoPlist\" names no file: App/Info.plist"),
            ("{\n  \"infoPlist\" : \"/no/such/Info.plist\" }", 2, "\"infoPlist\" names no file: /no/such/Info.plist"),
            ("{\n  \"sourceLanguage\" : \"../../PWN\" }", 2, "field \"sourceLanguage\" must be a locale id"),
            ("{\n  \"baseline\" : \"a\\u0000b\" }", 2, "field \"baseline\" must be a file's path relative to the project folder"),
            ("{\n  \"release\" : { \"minCoverage\" : { \"Frnch\" : 90 } } }", 2, "must be an object of locale → percentage"),
        ]
        for (text, line, message) in cases {
            try Data(text.utf8).write(to: root.appendingPathComponent("l10n.json"))
            XCTAssertThrowsError(try ProjectDiscovery(root: root).discover(), text) { error in
                XCTAssertEqual((error as? LocatedError)?.location?.line, line, "\(error)")
                XCTAssertTrue((error as? LocatedError)?.location?.file.hasSuffix("l10n.json") ?? false, "\(error)")
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
        try Data("{\n\n  \"baseline\" : \"l10n-baseline.json\" }".utf8).write(to: root.appendingPathComponent("l10n.json"))
        let check = CLIRun(["check", "--project", root.path])
        XCTAssertEqual(check.status, 2, check.stdout)
        XCTAssertTrue(check.stderr.contains("l10n.json:3:16: error: the baseline"), check.stderr)
    }
}

final class AtomicFileTests: XCTestCase {
    func testWriteAllChangesNothingWhenOneFileCannotBeWritten() throws {
        let root = try Fixtures.temporaryFolder(self)
        let first = root.appendingPathComponent("a.txt")
        try Data("old".utf8).write(to: first)
        let missingFolder = root.appendingPathComponent("no-such-folder/b.txt")
        XCTAssertThrowsError(try AtomicFile.writeAll([(Data("new".utf8), first), (Data("x".utf8), missingFolder)])) { error in
            XCTAssertTrue("\(error)".contains("no file was changed"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: first, encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["a.txt"], "no temporary file is left behind")
    }

    func testWriteAllReplacesEveryFileAndKeepsPermissions() throws {
        let root = try Fixtures.temporaryFolder(self)
        let first = root.appendingPathComponent("a.txt"), second = root.appendingPathComponent("b.txt")
        try Data("old".utf8).write(to: first)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: first.path)
        try AtomicFile.writeAll([(Data("new a".utf8), first), (Data("new b".utf8), second)])
        XCTAssertEqual(try String(contentsOf: first, encoding: .utf8), "new a")
        XCTAssertEqual(try String(contentsOf: second, encoding: .utf8), "new b")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: first.path)[.posixPermissions] as? NSNumber)?.intValue, 0o640)
    }
}
