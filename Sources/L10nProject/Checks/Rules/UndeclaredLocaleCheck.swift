import Foundation
import L10nLocale

/// A locale that no device can reach, or one the app declares that nothing translates.
///
/// A framework bundle follows the app's choice, so a locale only the framework holds is never
/// shown (an app extension matches the device's languages itself, so its locales are its own); a locale `CFBundleLocalizations` declares without any translation shows the source
/// language while the device believes it is localized.
public struct UndeclaredLocaleCheck: Check {
    public static let id = "undeclared-locale"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A table holds a locale the app does not offer (never shown), or the app declares a locale nothing translates"
    public static let hint = "add the locale to CFBundleLocalizations in Info.plist, or remove its files"

    public static let triggeringExamples: [CheckExample] = [
        .editor("A framework ships Russian the app does not offer",
                sdk: ["ly_img_editor_dock_button_crop": ["en": "Crop"]],
                more: ["Onboarding/en.lproj/Localizable.strings": .text("\"hello\" = \"Hello\";\n"),
                       "Onboarding/ru.lproj/Localizable.strings": .text("\"hello\" = \"Привет\";\n")]),
        .app("Info.plist declares Japanese, no file has it", declared: ["en", "ja"],
             localizable: ["Open Editor": [:]]),
        .app("A 'ua.lproj' (Ukrainian is 'uk'): no device matches it", localizable: ["x": ["en": "x"]],
             more: ["App/ua.lproj/Localizable.strings": .text("\"Open\" = \"Відкрити\";\n")]),
        .app("A 'ü.lproj': one name iOS cannot match makes every device get the development language",
             declared: ["en", "de"], localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/ü.lproj/Localizable.strings": .text("\"Open\" = \"Open\";\n")]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .editor("The framework's locales are all offered", declared: ["en", "ru"],
                sdk: ["ly_img_editor_dock_button_crop": ["en": "Crop"]],
                localizable: ["hello": ["ru": "Привет"]],
                more: ["Onboarding/en.lproj/Localizable.strings": .text("\"hello\" = \"Hello\";\n"),
                       "Onboarding/ru.lproj/Localizable.strings": .text("\"hello\" = \"Привет\";\n")]),
        CheckExample("A framework's catalog in the source language, which the app does not list", files: [
            "App/Info.plist": .infoPlist(declared: ["de"]),
            "Shared/Strings.xcstrings": .catalog(["hello": ["en": "Hello", "de": "Hallo"]]),
        ]),
        .app("German's only value is empty: it is compiled, so de devices get German (empty-value reports the label)",
             declared: ["en", "de"], localizable: ["Hello": ["en": "Hello", "de": ""]]),
        .app("German's only legacy file is a translated .stringsdict", declared: ["en", "de"], localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Files.stringsdict": .plurals(key: "%d files", variable: "files", valueType: "d", forms: ["one": "%d file", "other": "%d files"]),
                    "App/de.lproj/Files.stringsdict": .plurals(key: "%d files", variable: "files", valueType: "d", forms: ["one": "%d Datei", "other": "%d Dateien"])]),
        .app("A widget extension's French: the extension matches the device's languages itself (real Solstice)",
             declared: ["en"], localizable: ["x": ["en": "x"]],
             more: ["Widget/Info.plist": .text(UndeclaredLocaleCheck.widgetPlist),
                    "Widget/InfoPlist.xcstrings": .catalog(["CFBundleDisplayName": ["en": "Sun", "fr": "Soleil"]]),
                    "Widget/fr.lproj/Widget.strings": .text("\"title\" = \"Titre\";\n")]),
        .app("A 'Swedish.lproj': an old English name CFBundle still matches", declared: ["en", "Swedish"],
             localizable: ["x": ["en": "x"]], more: ["App/Swedish.lproj/Localizable.strings": .text("\"x\" = \"x\";\n")]),
    ]

    public init() {}

    /// An app extension's Info.plist (a widget's), for the examples.
    static let widgetPlist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundleDevelopmentRegion</key><string>en</string>"
        + "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict></dict></plist>\n"

    /// Whether a folder's locale is a two- or three-letter language code ISO 639 lacks (`ua`).
    static func isUnknownLanguageCode(_ locale: String) -> Bool {
        unknownLanguageCode(locale) != nil
    }

    /// The validation's error when the locale is such a code (its suggestion: `uk` for `ua`).
    package static func unknownLanguageCode(_ locale: String) -> LocaleIdentifierError? {
        guard locale != "Base", locale != "mul" else { return nil }
        do {
            _ = try LocaleIdentifier(validating: locale)
            return nil
        } catch {
            if case .unknownLanguage = error.reason { return error }
            return nil
        }
    }

    public func findings(in context: CheckContext) -> [Finding] {
        let project = context.project
        // The source language is shown whatever the app declares (its development region).
        let offered = Set(context.offeredLocales).union([context.sourceLanguage])
        var result: [Finding] = []
        // An app extension matches the device's languages itself: its locales are its own.
        let extensions = project.extensionBundles
        for table in context.appStringsTables where table.bundle != project.app.name && !extensions.contains(table.bundle) {
            for locale in table.locales where locale != "Base" && !offered.contains(locale) && !Self.isUnknownLanguageCode(locale) {
                result.append(finding(
                    file: table.path(locale: locale), locale: locale,
                    message: "\(table.bundle) ships '\(locale)', which the app does not offer: frameworks follow the app's choice, so a \(context.device(for: locale)) device never sees this table's '\(locale)'",
                    hint: "add '\(locale)' to CFBundleLocalizations in \(project.app.infoPlistPath ?? "Info.plist") (and translate the app), or remove \(table.path(locale: locale))"))
            }
        }
        // A localization CoreFoundation cannot hand to ICU (not ASCII, or longer than 156
        // characters) makes it skip matching for every device: each one gets the development
        // language, whatever it prefers and whatever the app translates.
        for name in Set(project.app.localizations.available).sorted() where !BundleLocalizations.isMatchable(name) {
            let declared = project.app.declaredLocalizations?.contains(name) ?? false
            let folderFile = context.appStringsTables.first { $0.files[name] != nil || $0.pluralFiles[name] != nil }
                .map { $0.files[name] != nil ? $0.path(locale: name) : $0.pluralPath(locale: name) }
            let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
            result.append(finding(.error,
                file: declared ? project.app.infoPlistPath ?? folderFile : folderFile ?? project.app.infoPlistPath, locale: nil,
                message: "the app's localization '\(shown)' (\(declared ? "in CFBundleLocalizations" : "an .lproj folder")) is \(name.utf8.allSatisfy { $0 < 0x80 } ? "longer than 156 characters" : "not ASCII"): iOS then skips matching for every device, which all get '\(context.sourceLanguage)'",
                hint: declared ? "remove it from CFBundleLocalizations or spell it as a language id (e.g. de, pt-BR)" : "rename the folder to a language id (e.g. 'de.lproj') or remove it"))
        }
        // A folder named with a language code ISO 639 does not have (`ua.lproj` for Ukrainian,
        // which is `uk`): no device's preferred language matches it, in any bundle. Reported once
        // per folder; longer names (`Swedish`) are left alone, CFBundle reads some of them.
        var reportedFolders = Set<String>()
        for table in context.appStringsTables {
            for locale in table.locales.sorted() {
                guard let error = Self.unknownLanguageCode(locale) else { continue }
                let folder = (table.path(locale: locale) as NSString).deletingLastPathComponent
                guard reportedFolders.insert(folder).inserted else { continue }
                result.append(finding(
                    file: table.path(locale: locale), locale: locale,
                    message: "'\(folder)' is named '\(locale)', which is "
                        + (LocaleIdentifier.replacement(ofLegacyLanguage: locale).map { "a legacy language code (replaced by '\($0)'): devices that prefer the language may not be matched to it" }
                            ?? "no ISO 639 language code: no device ever shows it"),
                    hint: error.suggestion.map { "rename the folder to '\($0).lproj'" } ?? "rename the folder to the language's ISO code, e.g. 'de.lproj'"))
            }
        }
        for file in context.appCatalogs where file.bundle != project.app.name && !extensions.contains(file.bundle) {
            for locale in file.catalog.locales where !offered.contains(locale) {
                result.append(finding(
                    file: file.path, locale: locale,
                    message: "\(file.bundle) has '\(locale)' in \(file.path), which the app does not offer: frameworks follow the app's choice, so no device shows it"))
            }
        }
        guard let declared = project.app.declaredLocalizations else { return result }
        let source = context.sourceLanguage
        var translated = Set<String>()
        func isTranslated(_ locale: String) -> Bool {
            translated.contains(locale) || translated.contains { BundleLocalizations.spelling(of: locale, in: [$0]) != nil }
        }
        for table in project.stringsTables {
            for (locale, file) in table.files where !file.entries.isEmpty { translated.insert(locale) }
            // A table whose only file for a locale is its `.stringsdict` translates its plurals.
            for (locale, file) in table.pluralFiles where !file.root.isEmpty { translated.insert(locale) }
        }
        // The catalogs are read until every declared locale has a translation (usually at once).
        var pending = declared.filter { $0 != source && $0 != "Base" && !isTranslated($0) }
        search: for file in project.catalogs where !pending.isEmpty {
            for entry in file.catalog.entries.values {
                for (locale, localization) in entry.localizations ?? [:] where !translated.contains(locale) {
                    // An empty value is compiled into the locale's table too (`empty-value` reports it).
                    guard !localization.stringUnits.isEmpty else { continue }
                    translated.insert(locale)
                    pending.removeAll { isTranslated($0) }
                    if pending.isEmpty { break search }
                }
            }
        }
        for locale in declared where locale != source && locale != "Base" && !isTranslated(locale) {
            // A code that is no language (bitwarden's `dk` and `cz`, Denmark's and Czechia's
            // country codes): no device prefers it, and no translation into it would show.
            if let error = Self.unknownLanguageCode(locale) {
                result.append(finding(
                    file: project.app.infoPlistPath, locale: locale,
                    message: "Info.plist declares '\(locale)', which is no ISO 639 language code: no device prefers it"
                        + (error.suggestion.map { " (did you mean '\($0)'?)" } ?? ""),
                    hint: error.suggestion.map { "replace '\(locale)' by '\($0)' in CFBundleLocalizations" } ?? "remove '\(locale)' from CFBundleLocalizations"))
                continue
            }
            // Its devices read the next localization of their search list that has texts
            // (de for a declared de-AT, zh-Hant for zh-HK), else the development language.
            let shown = context.searchList(for: locale).first { $0 != locale && $0 != "Base" && ($0 == source || isTranslated($0)) } ?? source
            result.append(finding(
                file: project.app.infoPlistPath, locale: locale,
                message: "Info.plist declares '\(locale)', but no catalog or table translates anything into it: \(context.device(for: locale)) devices get the app in \(shown)",
                hint: "translate the app into '\(locale)' or remove it from CFBundleLocalizations"))
        }
        return result
    }
}
