import Foundation
import L10nKit

/// Writes a large iOS project on the editor SDK model into a folder, the same bytes for the same
/// seed and size: the input of `l10n-bench` and of tests that need a project of realistic shape.
///
/// Layout (see docs/benchmark.md):
/// ```
/// EditorApp/Info.plist                 CFBundleDevelopmentRegion en, CFBundleLocalizations (size.locales)
/// EditorApp/Localizable.xcstrings      custom labels (renamed SDK keys, some without de: shadowing)
///                                      + the app's strings: plurals, device variations, substitutions
/// EditorApp/IMGLYEditor.xcstrings      partial sets for the full-localization locales
/// Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings   the SDK: en + de
/// OnboardingKit/<locale>.lproj/<Table>.strings   legacy tables, some UTF-16LE with BOM
/// OnboardingKit/Base.lproj/Onboarding.storyboard labels with `stbLocKey` runtime attributes
/// ```
/// Catalogs are written by `StringCatalogWriter` and `.strings` by `StringsWriter`'s canonical
/// layout, so every generated file is already in canonical form.
public struct ProjectGenerator: Sendable {
    /// How much to generate. The derived counts follow the SDK key count unless set.
    public struct Size: Sendable, Equatable {
        /// Keys of the vendor SDK catalog.
        public var sdkKeys: Int
        /// Locales the app declares: `en`, `de`, then full-localization locales (at most
        /// `ProjectGenerator.availableLocales.count`).
        public var locales: Int
        /// Legacy `.strings` tables of the framework (at least 1: its `Localizable`, which the storyboard uses).
        public var tables: Int
        /// SDK keys the app renames in its `Localizable.xcstrings`.
        public var customLabels: Int
        /// The app's own keys in `Localizable.xcstrings`.
        public var appStrings: Int
        /// Keys of each legacy table.
        public var legacyKeys: Int
        /// Labels of the storyboard, each with a `stbLocKey`.
        public var storyboardLabels: Int

        public init(sdkKeys: Int, locales: Int, tables: Int) {
            self.sdkKeys = max(1, sdkKeys)
            self.locales = min(max(1, locales), ProjectGenerator.availableLocales.count)
            self.tables = max(1, tables)
            customLabels = max(1, self.sdkKeys / 20)
            appStrings = max(5, self.sdkKeys / 10)
            legacyKeys = max(4, self.sdkKeys / 40)
            storyboardLabels = min(legacyKeys, 200)
        }

        /// Tens of MB of catalogs: 20,000 SDK keys, 12 locales, 4 legacy tables.
        public static let large = Size(sdkKeys: 20_000, locales: 12, tables: 4)
        /// A project a unit test reads in well under a second.
        public static let small = Size(sdkKeys: 200, locales: 5, tables: 2)
    }

    /// Every locale a generated app can declare, in the order they are taken.
    public static let availableLocales = GeneratedText.locales
    /// The app's folder and bundle name.
    public static let appName = "EditorApp"
    /// The framework holding the legacy tables and the storyboard.
    public static let frameworkName = "OnboardingKit"
    /// Where the vendor SDK's catalog lives, as in a checkout of IMGLYUI-swift.
    public static let sdkCatalogPath = "Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings"
    /// The locales the SDK ships.
    public static let sdkLocales = ["de", "en"]

    public var size: Size
    public var seed: UInt64

    public init(size: Size = .large, seed: UInt64 = 1) {
        self.size = size
        self.seed = seed
    }

    /// What was generated, to check discovery against and to describe the project.
    public struct Output: Sendable {
        public var root: URL
        /// The app's declared locales, `en` first.
        public var locales: [String]
        /// Declared locales the SDK does not ship.
        public var fullLocalizationLocales: [String]
        /// SDK keys the app's `Localizable.xcstrings` renames, in Xcode's key order.
        public var renamedKeys: [String]
        /// Renamed keys without a `de` value: on a German device they show the app's English text.
        public var shadowingKeys: [String]
        /// SDK keys the app's `IMGLYEditor.xcstrings` translates, in Xcode's key order.
        public var editorKeys: [String]
        /// Keys the storyboard names through `stbLocKey`, in document order.
        public var storyboardKeys: [String]
        /// Legacy table names, in the order generated.
        public var tables: [String]
        /// Project-relative paths of every file written, sorted.
        public var files: [String]
        /// Total bytes written.
        public var byteCount: Int
    }

    /// Writes the project into `root` (created when absent; files already there with the same
    /// names are replaced) and says what it holds.
    public func write(to root: URL) throws -> Output {
        var random = SeededRandom(seed: seed)
        let locales = Array(Self.availableLocales.prefix(size.locales))
        let fullLocalization = locales.filter { !Self.sdkLocales.contains($0) }
        var files: [String: Data] = [:]

        let sdk = makeSDKKeys(&random)
        files[Self.sdkCatalogPath] = StringCatalogWriter().data(for: sdkCatalog(sdk))

        let renamed = random.sample(size.customLabels, of: sdk.count).map { sdk[$0] }
        var shadowing: [String] = []
        let localizable = try appLocalizable(renamed: renamed, locales: locales, shadowing: &shadowing, &random)
        files["\(Self.appName)/Localizable.xcstrings"] = StringCatalogWriter().data(for: localizable)
        let editor = appEditorCatalog(sdk, fullLocalization: fullLocalization, &random)
        files["\(Self.appName)/IMGLYEditor.xcstrings"] = StringCatalogWriter().data(for: editor)
        files["\(Self.appName)/Info.plist"] = infoPlist(locales: locales)

        let tables = Self.tableNames(size.tables)
        var storyboardKeys: [String] = []
        for (tableIndex, table) in tables.enumerated() {
            let keys = legacyKeys(table: table, &random)
            if tableIndex == 0 { storyboardKeys = Array(keys.prefix(size.storyboardLabels).map(\.key)) }
            for (localeIndex, locale) in locales.enumerated() {
                guard tableIndex == 0 || locale == "en" || random.chance(0.8) else { continue }
                let utf16 = (tableIndex + localeIndex) % 3 == 2
                var file = StringsFile(path: "\(locale).lproj/\(table).strings", encoding: utf16 ? .utf16LittleEndian : .utf8)
                for item in keys {
                    file.setValue(GeneratedText.value(item.words, item.decoration, locale: locale, variant: item.variant),
                                  forKey: item.key, comment: item.comment)
                }
                files["\(Self.frameworkName)/\(locale).lproj/\(table).strings"] = StringsWriter.canonicalData(for: file)
            }
        }
        files["\(Self.frameworkName)/Base.lproj/Onboarding.storyboard"] = storyboard(keys: storyboardKeys, &random)

        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(data, to: url)
        }
        let order = Collator.xcodeKeyOrder
        return Output(root: root, locales: locales, fullLocalizationLocales: fullLocalization,
                      renamedKeys: order.sorted(renamed.map(\.key)), shadowingKeys: order.sorted(shadowing),
                      editorKeys: order.sorted(Array(editor.entries.keys)), storyboardKeys: storyboardKeys,
                      tables: tables, files: files.keys.sorted(), byteCount: files.values.reduce(0) { $0 + $1.count })
    }

    /// Device language settings as users have them: one to four languages, regional variants
    /// that match only through parent chains and aliases (`de-AT`, `zh-HK`, `pt-PT`, `sr-Latn-RS`),
    /// and languages no app localizes. Seeded like the project.
    public static func deviceLanguageLists(count: Int, seed: UInt64) -> [[String]] {
        let languages = ["de-AT", "de-CH", "de-DE", "pt-PT", "pt-BR", "en-IN", "en-GB", "en-AU", "en-US", "zh-HK",
                         "zh-TW", "zh-Hans-CN", "zh-Hant-HK", "yue-Hant-HK", "es-MX", "es-419", "es-ES", "fr-CA",
                         "fr-CH", "ja-JP", "ko-KR", "ar-SA", "ar-EG", "ru-RU", "uk-UA", "it-CH", "th-TH", "hi-IN",
                         "pl-PL", "he-IL", "iw", "tr-TR", "nl-BE", "sv-FI", "cs-CZ", "el-GR", "id-ID", "in",
                         "vi-VN", "nb-NO", "no", "da-DK", "fi-FI", "ca-ES", "sr-Latn-RS", "fil-PH", "ms-MY", "sw-KE"]
        var random = SeededRandom(seed: seed ^ 0x6C31_306E)
        return (0..<count).map { _ in (0..<(1 + random.below(4))).map { _ in random.pick(languages) } }
    }

    // MARK: Keys

    /// One generated label: its key and what its values are made of.
    struct Label {
        var key: String
        var words: [Int]
        var decoration: GeneratedText.Decoration
        var variant: Int
        var comment: String?
    }

    static let surfaces = ["asset_library", "sheet_format", "sheet_animations", "sheet_effect", "sheet_layer",
                           "inspector_bar", "sheet_fill", "dock", "edit_text", "dialog_resize", "sheet_adjustments",
                           "navigation_bar", "dialog_export", "sheet_text", "sheet_crop", "pages_view",
                           "dialog_permission", "timeline", "canvas_menu", "postcard_sheet"]
    static let elements = ["button", "label", "title", "option", "hint", "error", "placeholder", "tab", "value", "menu"]

    /// Keys `ly_img_editor_<surface>_<element>_<name>`, distinct, in generation order.
    func makeSDKKeys(_ random: inout SeededRandom) -> [Label] {
        var seen = Set<String>()
        var labels: [Label] = []
        labels.reserveCapacity(size.sdkKeys)
        while labels.count < size.sdkKeys {
            let words = (0..<(1 + random.below(3))).map { _ in random.below(GeneratedText.english.count) }
            var key = "ly_img_editor_\(random.pick(Self.surfaces))_\(random.pick(Self.elements))_"
                + words.map { GeneratedText.english[$0] }.joined(separator: "_")
            if !seen.insert(key).inserted {
                key += "_\(labels.count)"
                seen.insert(key)
            }
            labels.append(Label(key: key, words: words, decoration: .draw(&random), variant: random.below(64)))
        }
        return labels
    }

    static func tableNames(_ count: Int) -> [String] {
        let names = ["Localizable", "Onboarding", "Settings", "Errors", "Paywall", "Sharing", "Accounts", "Tips"]
        return (0..<count).map { $0 < names.count ? names[$0] : "Table\($0 + 1)" }
    }

    static let comments = ["Shown on the first onboarding page", "Button title; keep it short",
                           "Alert shown when the export fails", "Placeholder of the search field",
                           "Navigation bar title", "Accessibility label of the close button",
                           "Settings row; \"Pro\" is the plan's name", "Tooltip over the timeline"]

    func legacyKeys(table: String, _ random: inout SeededRandom) -> [Label] {
        let prefix = table.lowercased()
        return (0..<size.legacyKeys).map { index in
            let words = (0..<(1 + random.below(3))).map { _ in random.below(GeneratedText.english.count) }
            let key = "\(prefix)_" + words.map { GeneratedText.english[$0] }.joined(separator: "_") + "_\(index)"
            let comment = random.chance(0.7) ? random.pick(Self.comments) : nil
            return Label(key: key, words: words, decoration: .draw(&random), variant: random.below(64), comment: comment)
        }
    }

    // MARK: Catalogs

    static func unit(_ value: String, _ state: StringUnitState = .translated) -> CatalogLocalization {
        CatalogLocalization(stringUnit: StringUnit(state: state, value: value))
    }

    func sdkCatalog(_ labels: [Label]) -> StringCatalog {
        var entries: [String: CatalogEntry] = [:]
        for label in labels {
            entries[label.key] = CatalogEntry(extractionState: .manual, localizations: CatalogLocalizations(uniqueKeysWithValues: Self.sdkLocales.map {
                ($0, Self.unit(GeneratedText.value(label.words, label.decoration, locale: $0, variant: label.variant)))
            }))
        }
        return StringCatalog(sourceLanguage: "en", entries: entries)
    }

    /// The app's partial translation of the SDK: 60 % of the SDK's keys (the screens the app
    /// uses), of which each full-localization locale covers a smaller share than the one before
    /// (100 %, 90 %, ... at least 30 %), with `en` and `de` copied from the SDK as Xcode keeps them.
    func appEditorCatalog(_ sdk: [Label], fullLocalization: [String], _ random: inout SeededRandom) -> StringCatalog {
        var entries: [String: CatalogEntry] = [:]
        for label in sdk where random.chance(0.6) {
            var localizations = CatalogLocalizations()
            for (index, locale) in fullLocalization.enumerated() where random.chance(max(0.3, 1 - 0.1 * Double(index))) {
                let value = GeneratedText.value(label.words, label.decoration, locale: locale, variant: label.variant)
                localizations[locale] = Self.unit(value, random.chance(0.1) ? .needsReview : .translated)
            }
            guard !localizations.isEmpty else { continue }
            for locale in Self.sdkLocales {
                localizations[locale] = Self.unit(GeneratedText.value(label.words, label.decoration, locale: locale, variant: label.variant))
            }
            entries[label.key] = CatalogEntry(extractionState: .manual, localizations: localizations)
        }
        return StringCatalog(sourceLanguage: "en", entries: entries)
    }

    /// Custom labels (renamed SDK keys: `en` always, `de` for 60 % of them, each other locale for
    /// half) and the app's own strings of every shape a catalog has.
    func appLocalizable(renamed: [Label], locales: [String], shadowing: inout [String],
                        _ random: inout SeededRandom) throws -> StringCatalog {
        var entries: [String: CatalogEntry] = [:]
        for label in renamed {
            let words = label.words.map { ($0 + 7) % GeneratedText.english.count } + [random.below(GeneratedText.english.count)]
            var localizations = CatalogLocalizations()
            for locale in locales where locale == "en" || random.chance(locale == "de" ? 0.6 : 0.5) {
                localizations[locale] = Self.unit(GeneratedText.value(words, label.decoration, locale: locale, variant: label.variant))
            }
            if localizations["de"] == nil { shadowing.append(label.key) }
            entries[label.key] = CatalogEntry(extractionState: .manual, localizations: localizations)
        }
        let plurals = try Dictionary(uniqueKeysWithValues: locales.map { ($0, try PluralRules(locale: $0).categories.map(\.rawValue)) })
        var index = 0
        while index < size.appStrings {
            let words = (0..<(1 + random.below(3))).map { _ in random.below(GeneratedText.english.count) }
            let shape = random.below(100)
            let key: String
            let make: (String) -> CatalogLocalization
            switch shape {
            case 0..<45:
                let label = Label(key: "", words: words, decoration: .draw(&random), variant: random.below(64))
                let value = { GeneratedText.value(words, label.decoration, locale: $0, variant: label.variant) }
                key = random.chance(0.5) ? value("en") : "home." + words.map { GeneratedText.english[$0] }.joined(separator: ".") + ".\(index)"
                make = { Self.unit(value($0)) }
            case 45..<60:
                key = "%lld " + GeneratedText.phrase(words, locale: "en").lowercased()
                make = { locale in
                    let cases = plurals[locale, default: ["other"]].enumerated().map { offset, category in
                        (category, Self.unit(category == "one" && locale == "en" ? "One \(GeneratedText.phrase(words, locale: locale).lowercased())"
                                                : "%lld \(GeneratedText.phrase(words + [offset], locale: locale))"))
                    }
                    return CatalogLocalization(variations: CatalogVariations(kinds: ["plural": CatalogLocalizations(uniqueKeysWithValues: cases)]))
                }
            case 60..<75:
                key = "device." + words.map { GeneratedText.english[$0] }.joined(separator: ".") + ".\(index)"
                make = { locale in
                    let phrase = GeneratedText.phrase(words, locale: locale)
                    let cases = [("iphone", "\(phrase) 📱"), ("ipad", "\(phrase) – iPad"), ("mac", "\(phrase) (Mac)"), ("other", phrase)]
                        .map { ($0.0, Self.unit($0.1)) }
                    return CatalogLocalization(variations: CatalogVariations(kinds: ["device": CatalogLocalizations(uniqueKeysWithValues: cases)]))
                }
            default:
                key = GeneratedText.phrase(words, locale: "en") + ": %lld in %lld"
                make = { locale in
                    let substitutions = ["items": 1, "folders": 2].mapValues { argument in
                        let cases = plurals[locale, default: ["other"]].enumerated().map { offset, category in
                            (category, Self.unit("%arg \(GeneratedText.phrase([argument * 8 + offset] + words, locale: locale))"))
                        }
                        return Substitution(argNum: argument, formatSpecifier: "lld",
                                            variations: CatalogVariations(kinds: ["plural": CatalogLocalizations(uniqueKeysWithValues: cases)]))
                    }
                    let text = "\(GeneratedText.phrase(words, locale: locale)): " + (locale == "ja" ? "%2$#@folders@ %1$#@items@" : "%#@items@ / %#@folders@")
                    return CatalogLocalization(stringUnit: StringUnit(state: .translated, value: text), substitutions: substitutions)
                }
            }
            index += 1
            guard entries[key] == nil else { continue }
            var localizations = CatalogLocalizations()
            for locale in locales where locale == "en" || random.chance(0.9) {
                var localization = make(locale)
                if locale != "en", random.chance(0.15) {
                    let state: StringUnitState = random.chance(0.7) ? .needsReview : .new
                    localization = localization.settingStates(state)
                }
                localizations[locale] = localization
            }
            let extraction: ExtractionState? = [nil, nil, nil, nil, nil, nil, nil, .extractedWithValue, .manual, .stale][random.below(10)]
            let comment = random.chance(0.6) ? random.pick(Self.comments) : nil
            entries[key] = CatalogEntry(comment: comment, extractionState: extraction, localizations: localizations)
        }
        return StringCatalog(sourceLanguage: "en", entries: entries)
    }

    // MARK: Other files

    func infoPlist(locales: [String]) -> Data {
        let members: [(String, PropertyListValue)] = [
            ("CFBundleDevelopmentRegion", .string("en")),
            ("CFBundleDisplayName", .string("Editor")),
            ("CFBundleExecutable", .string("$(EXECUTABLE_NAME)")),
            ("CFBundleIdentifier", .string("$(PRODUCT_BUNDLE_IDENTIFIER)")),
            ("CFBundleInfoDictionaryVersion", .string("6.0")),
            ("CFBundleLocalizations", .array(locales.map(PropertyListValue.string))),
            ("CFBundleName", .string("$(PRODUCT_NAME)")),
            ("CFBundlePackageType", .string("$(PRODUCT_BUNDLE_PACKAGE_TYPE)")),
            ("CFBundleShortVersionString", .string("$(MARKETING_VERSION)")),
            ("CFBundleVersion", .string("$(CURRENT_PROJECT_VERSION)")),
            ("LSRequiresIPhoneOS", .boolean(true)),
            ("NSPhotoLibraryUsageDescription", .string("The editor shows your photo library so you can place your pictures in designs.")),
        ]
        return PropertyListXMLWriter.data(for: .dictionary(PropertyListDictionary(members.map { .init(key: $0.0, value: $0.1) })))
    }

    /// An Interface Builder object id (`abc-12-XYZ`).
    static func objectID(_ random: inout SeededRandom) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let characters = (0..<8).map { _ in alphabet[random.below(alphabet.count)] }
        return String(characters[0..<3]) + "-" + String(characters[3..<5]) + "-" + String(characters[5..<8])
    }

    /// A storyboard of scenes with eight labels each; every label names its key through `stbLocKey`,
    /// in the attribute form or the element form Interface Builder also writes.
    func storyboard(keys: [String], _ random: inout SeededRandom) -> Data {
        var lines: [(depth: Int, text: String)] = []
        func add(_ depth: Int, _ text: String) { lines.append((depth, text)) }
        var first = ""
        for (sceneIndex, start) in stride(from: 0, to: keys.count, by: 8).enumerated() {
            let controller = Self.objectID(&random)
            if sceneIndex == 0 { first = controller }
            add(2, "<!--Page \(sceneIndex + 1)-->")
            add(2, "<scene sceneID=\"\(Self.objectID(&random))\">")
            add(3, "<objects>")
            add(4, "<viewController storyboardIdentifier=\"Page\(sceneIndex + 1)\" id=\"\(controller)\" customClass=\"OnboardingPageViewController\" "
                + "customModule=\"\(Self.frameworkName)\" customModuleProvider=\"target\" sceneMemberID=\"viewController\">")
            add(5, "<view key=\"view\" contentMode=\"scaleToFill\" id=\"\(Self.objectID(&random))\">")
            add(6, "<rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"393\" height=\"852\"/>")
            add(6, "<subviews>")
            for (offset, key) in keys[start..<min(start + 8, keys.count)].enumerated() {
                add(7, "<label opaque=\"NO\" userInteractionEnabled=\"NO\" contentMode=\"left\" text=\"\(GeneratedText.phrase([offset, sceneIndex], locale: "en"))\" "
                    + "textAlignment=\"natural\" lineBreakMode=\"tailTruncation\" numberOfLines=\"0\" baselineAdjustment=\"alignBaselines\" "
                    + "translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"\(Self.objectID(&random))\">")
                add(8, "<rect key=\"frame\" x=\"24\" y=\"\(100 + 48 * offset)\" width=\"345\" height=\"40\"/>")
                add(8, "<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/>")
                add(8, "<nil key=\"textColor\"/>")
                add(8, "<nil key=\"highlightedColor\"/>")
                add(8, "<userDefinedRuntimeAttributes>")
                if offset % 3 == 2 {
                    add(9, "<userDefinedRuntimeAttribute type=\"string\" keyPath=\"stbLocKey\">")
                    add(10, "<string key=\"value\">\(key)</string>")
                    add(9, "</userDefinedRuntimeAttribute>")
                } else {
                    add(9, "<userDefinedRuntimeAttribute type=\"string\" keyPath=\"stbLocKey\" value=\"\(key)\"/>")
                }
                add(8, "</userDefinedRuntimeAttributes>")
                add(7, "</label>")
            }
            add(6, "</subviews>")
            add(5, "</view>")
            add(4, "</viewController>")
            add(3, "</objects>")
            add(2, "</scene>")
        }
        let head = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" toolsVersion=\"23094\" "
                + "targetRuntime=\"iOS.CocoaTouch\" propertyAccessControl=\"none\" useAutolayout=\"YES\" useTraitCollections=\"YES\" "
                + "useSafeAreas=\"YES\" colorMatched=\"YES\" initialViewController=\"\(first)\">",
            "    <device id=\"retina6_12\" orientation=\"portrait\" appearance=\"light\"/>",
            "    <dependencies>",
            "        <deployment identifier=\"iOS\"/>",
            "        <plugIn identifier=\"com.apple.InterfaceBuilder.IBCocoaTouchPlugin\" version=\"23084\"/>",
            "    </dependencies>",
            "    <scenes>",
        ]
        let body = lines.map { String(repeating: "    ", count: $0.depth) + $0.text }
        return Data((head + body + ["    </scenes>", "</document>", ""]).joined(separator: "\n").utf8)
    }
}

extension CatalogLocalization {
    /// The same localization with every string unit in `state`.
    func settingStates(_ state: StringUnitState) -> CatalogLocalization {
        var copy = self
        copy.stringUnit?.state = state
        if let kinds = variations?.kinds {
            copy.variations = CatalogVariations(kinds: kinds.mapValues { $0.mapValues { $0.settingStates(state) } })
        }
        copy.substitutions = substitutions?.mapValues { substitution in
            var substitution = substitution
            if let kinds = substitution.variations?.kinds {
                substitution.variations = CatalogVariations(kinds: kinds.mapValues { $0.mapValues { $0.settingStates(state) } })
            }
            return substitution
        }
        return copy
    }
}
