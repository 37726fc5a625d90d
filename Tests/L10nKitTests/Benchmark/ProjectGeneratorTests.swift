import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
@testable import L10nTestSupport

final class ProjectGeneratorTests: XCTestCase {
    func generate(_ size: ProjectGenerator.Size = .small, seed: UInt64 = 7) throws -> ProjectGenerator.Output {
        try ProjectGenerator(size: size, seed: seed).write(to: try Fixtures.temporaryFolder(self))
    }

    func bytes(_ output: ProjectGenerator.Output) throws -> [String: Data] {
        Dictionary(uniqueKeysWithValues: try output.files.map { ($0, try Data(contentsOf: output.root.appendingPathComponent($0))) })
    }

    func testSameSeedGivesTheSameBytes() throws {
        let first = try generate()
        let second = try generate()
        XCTAssertEqual(first.files, second.files)
        let (a, b) = (try bytes(first), try bytes(second))
        for path in first.files {
            XCTAssertEqual(a[path], b[path], path)
        }
        XCTAssertEqual(first.byteCount, a.values.reduce(0) { $0 + $1.count })
        let other = try bytes(try generate(seed: 8))
        XCTAssertNotEqual(other[ProjectGenerator.sdkCatalogPath], a[ProjectGenerator.sdkCatalogPath])
    }

    func testLayoutFollowsTheSize() throws {
        let output = try generate(ProjectGenerator.Size(sdkKeys: 120, locales: 4, tables: 3))
        XCTAssertEqual(output.locales, ["en", "de", "fr", "ja"])
        XCTAssertEqual(output.fullLocalizationLocales, ["fr", "ja"])
        XCTAssertEqual(output.tables, ["Localizable", "Onboarding", "Settings"])
        XCTAssertTrue(output.files.contains("EditorApp/Info.plist"))
        XCTAssertTrue(output.files.contains("OnboardingKit/Base.lproj/Onboarding.storyboard"))
        for locale in output.locales {
            XCTAssertTrue(output.files.contains("OnboardingKit/\(locale).lproj/Localizable.strings"), locale)
        }
        let sdk = try StringCatalogReader.read(contentsOf: output.root.appendingPathComponent(ProjectGenerator.sdkCatalogPath))
        XCTAssertEqual(sdk.entries.count, 120)
        XCTAssertEqual(sdk.locales, ["de", "en"])
        XCTAssertTrue(sdk.entries.keys.allSatisfy { $0.hasPrefix("ly_img_editor_") })
    }

    func testEveryFileReadsBackAndIsCanonical() throws {
        let output = try generate()
        var encodings = Set<String>()
        for (path, data) in try bytes(output) {
            if path.hasSuffix(".strings") {
                encodings.insert(StringsEncoding.detect(Array(data.prefix(4))).description)
                XCTAssertFalse(try StringsReader.parse(data, path: path).entries.isEmpty, path)
            }
            if path.hasSuffix(".xcstrings") {
                XCTAssertEqual(try StringCatalogReader.read(data, file: path).sourceLanguage, "en", path)
            }
            guard let form = CanonicalForm.form(forPath: path) else { continue }
            XCTAssertEqual(try form.canonicalize(data, path, nil), data, "\(path) is not in \(form.name) canonical form")
        }
        XCTAssertEqual(encodings, ["UTF-8", "UTF-16LE with BOM"])
    }

    func testDiscoveryFindsLayersCustomLabelsAndFullLocalizationLocales() throws {
        let output = try generate()
        let project = try ProjectDiscovery(root: output.root).discover()
        XCTAssertEqual(project.app.name, ProjectGenerator.appName)
        XCTAssertEqual(project.app.developmentRegion, "en")
        XCTAssertEqual(project.app.declaredLocalizations, output.locales)
        XCTAssertEqual(project.lookupChain.layers.map(\.name),
                       ["EditorApp/Localizable", "EditorApp/IMGLYEditor", "IMGLYCoreUI/IMGLYEditor"])
        XCTAssertEqual(project.lookupChain.sdkLayer?.catalogPath, ProjectGenerator.sdkCatalogPath)
        XCTAssertEqual(project.sdkLocales, ProjectGenerator.sdkLocales)
        XCTAssertEqual(project.fullLocalizationLocales, output.fullLocalizationLocales)
        XCTAssertEqual(output.fullLocalizationLocales, ["fr", "ja", "es"])
        XCTAssertEqual(project.ignoredCatalogs.count, 0)

        let labels = project.customLabels
        XCTAssertEqual(labels.map(\.key), Collator.xcodeKeyOrder.sorted(Array(Set(output.renamedKeys + output.editorKeys))))
        XCTAssertEqual(labels.filter { $0.layer.table == "Localizable" }.map(\.key), output.renamedKeys)
        XCTAssertEqual(labels.filter { !$0.shadowedLocales.isEmpty }.map(\.key), output.shadowingKeys)
        XCTAssertFalse(output.shadowingKeys.isEmpty)
        XCTAssertLessThan(output.shadowingKeys.count, output.renamedKeys.count)
        for label in labels where !label.shadowedLocales.isEmpty {
            XCTAssertEqual(label.shadowedLocales, ["de"], label.key)
            XCTAssertEqual(project.resolve(label.key, localizations: ["de", "en"]).locale, "en", label.key)
        }
        XCTAssertLessThan(output.editorKeys.count, project.sdkKeys.count, "the app translates only part of the SDK")

        XCTAssertEqual(project.stringsTables.map(\.table), output.tables)
        XCTAssertTrue(project.stringsTables.allSatisfy { $0.bundle == ProjectGenerator.frameworkName })
        XCTAssertEqual(project.stringsTables.first?.locales, output.locales.sorted())
        XCTAssertEqual(project.interfaceFiles, ["OnboardingKit/Base.lproj/Onboarding.storyboard"])
    }

    func testStoryboardKeysExistInTheFrameworksLocalizableTable() throws {
        let output = try generate()
        let project = try ProjectDiscovery(root: output.root).discover()
        let document = try InterfaceBuilderScanner().scan(contentsOf: project.url(forPath: project.interfaceFiles[0]))
        XCTAssertEqual(document.localizationKeys.map(\.key), output.storyboardKeys)
        XCTAssertFalse(output.storyboardKeys.isEmpty)
        let table = try XCTUnwrap(project.stringsTables.first { $0.table == "Localizable" })
        for locale in output.locales {
            for key in output.storyboardKeys {
                XCTAssertNotNil(table.files[locale]?.value(forKey: key), "\(key) in \(locale)")
            }
        }
    }

    /// Values carry what the engine must get right: scripts, emoji, escapes, every specifier kind,
    /// plural and device variations and substitutions; translations keep the source's arguments
    /// and plural variations have exactly the categories CLDR gives their locale.
    func testValuesHaveRealShapesAndAgreeWithTheirSource() throws {
        let output = try generate(ProjectGenerator.Size(sdkKeys: 400, locales: 12, tables: 1))
        let project = try ProjectDiscovery(root: output.root).discover()
        var texts: [String] = []
        var variationKinds = Set<String>()
        var substitutionCount = 0
        for file in project.catalogs {
            for (key, entry) in file.catalog.entries {
                let source = file.catalog.stringUnit(key: key, locale: "en")?.value
                for (locale, localization) in entry.localizations ?? [:] {
                    texts += localization.stringUnits.map(\.unit.value)
                    substitutionCount += localization.substitutions?.count ?? 0
                    for (kind, cases) in localization.variations?.kinds ?? [:] {
                        variationKinds.insert(kind)
                        if kind == "plural" {
                            let coverage = try PluralRules(locale: locale).coverage(of: cases.keys.compactMap(PluralCategory.init(rawValue:)))
                            XCTAssertTrue(coverage.isComplete, "\(key) in \(locale): \(coverage.summary)")
                        }
                    }
                    if let source, let value = localization.stringUnit?.value {
                        let mismatches = FormatString.mismatches(source: FormatString(source), translation: FormatString(value))
                        XCTAssertEqual(mismatches.map(\.message), [], "\(key) in \(locale): \(value) for \(source)")
                    }
                }
            }
        }
        XCTAssertEqual(variationKinds, ["plural", "device"])
        XCTAssertGreaterThan(substitutionCount, 0)
        let all = texts.joined(separator: "\u{1}")
        for needle in ["%@", "%lld", "%1$@", "%2$@", "%#@items@", "%arg", "%%", "\n", "\t", "\"", "\\", "…", "👩‍💻", "🇩🇪",
                       "ü", "ç", "キャンバス", "画布", "캔버스", "لوحة", "Холст", "ผืนผ้าใบ"] {
            XCTAssertTrue(all.contains(needle), "no generated value contains \(needle.debugDescription)")
        }
    }

    func testDeviceLanguageListsAreSeeded() {
        let lists = ProjectGenerator.deviceLanguageLists(count: 50, seed: 3)
        XCTAssertEqual(lists, ProjectGenerator.deviceLanguageLists(count: 50, seed: 3))
        XCTAssertNotEqual(lists, ProjectGenerator.deviceLanguageLists(count: 50, seed: 4))
        XCTAssertTrue(lists.allSatisfy { (1...4).contains($0.count) })
    }
}
