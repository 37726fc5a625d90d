import L10nFormats
import L10nCore

/// Keys a device in an offered locale reaches whose winning table has no value for that locale,
/// so it shows the source language; one finding per locale and table.
public struct MissingTranslationCheck: Check {
    public static let id = "missing-translation"
    public static let defaultSeverity = Severity.warning
    public static let summary = "Keys a device in an offered locale shows in the source language (one finding per locale and table)"
    public static let hint = "export them for translators: l10n export --xliff --locale LOCALE"

    public static let triggeringExamples: [CheckExample] = [
        .editor("French is offered, the SDK ships only en and de: every SDK key needs an app-side value",
                declared: ["en", "de", "fr"],
                sdk: ["ly_img_editor_dock_button_crop": ["en": "Crop", "de": "Zuschneiden"],
                      "ly_img_editor_dock_button_text": ["en": "Text", "de": "Text"]],
                editorTable: ["ly_img_editor_dock_button_crop": ["en": "Crop", "de": "Zuschneiden", "fr": "Recadrer"]]),
        .app("An app string without German", localizable: ["Open Editor": ["en": "Open Editor"]]),
        .app("A permission prompt the German InfoPlist.strings lacks", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/en.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"Photos\";\n\"NSCameraUsageDescription\" = \"Take photos\";\n"),
                    "App/de.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"Fotos\";\n")]),
        .app("A .stringsdict key the German table lacks", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/en.lproj/Files.stringsdict": .plurals(key: "%d files", variable: "files", valueType: "d",
                                                              forms: ["one": "%d file", "other": "%d files"]),
                    "App/de.lproj/Files.strings": .text("\"title\" = \"Titel\";\n")]),
        .app("A storyboard label the German Main.strings lacks", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/Base.lproj/Main.storyboard": storyboard(["abc-de-fgh": "Hello", "xyz-uv-wst": "Goodbye"]),
                    "App/de.lproj/Main.strings": .text("\"abc-de-fgh.text\" = \"Hallo\";\n")]),
        .app("The app shows German, its widget extension has none (English and French only)", declared: ["en", "de"],
             localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Widget/Info.plist": .text(UndeclaredLocaleCheck.widgetPlist),
                    "Widget/en.lproj/Widget.strings": .text("\"title\" = \"Title\";\n"),
                    "Widget/fr.lproj/Widget.strings": .text("\"title\" = \"Titre\";\n")]),
        .app("A widget extension chooses German, which its Widget table lacks", declared: ["en", "de"],
             localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Widget/Info.plist": .text(UndeclaredLocaleCheck.widgetPlist),
                    "Widget/InfoPlist.xcstrings": .catalog(["CFBundleDisplayName": ["en": "Sun", "de": "Sonne"]]),
                    "Widget/en.lproj/Widget.strings": .text("\"title\" = \"Title\";\n")]),
        .app("A framework's catalog has no German at all: it follows the app's German and shows English", declared: ["en", "de"],
             localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Kit/Localizable.xcstrings": .catalog(["Hi": ["en": "Hi"]])]),
        .app("A framework's German table lacks two keys its English one has: German devices see them raw", declared: ["en", "de"],
             localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Kit/en.lproj/Kit.strings": .text("\"settings\" = \"Settings\";\n\"sign_out\" = \"Sign out\";\n\"delete\" = \"Delete\";\n"),
                    "Kit/de.lproj/Kit.strings": .text("\"settings\" = \"Einstellungen\";\n")]),
        .app("A widget offers French, which the app does not: French devices see its French, and English where it lacks a key",
             declared: ["en", "de"], localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Widget/Info.plist": .text(UndeclaredLocaleCheck.widgetPlist),
                    "Widget/Localizable.xcstrings": .catalog(["Due soon": ["en": "Due soon", "de": "Bald fällig", "fr": "Bientôt"],
                                                              "Renew": ["en": "Renew", "de": "Verlängern"]])]),
        .app("A widget's catalog lacks a key's German, which the widget shows", declared: ["en", "de"],
             localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Widget/Info.plist": .text(UndeclaredLocaleCheck.widgetPlist),
                    "Widget/Localizable.xcstrings": .catalog(["Now": ["en": "Now", "de": "Jetzt"], "Later": ["en": "Later"]])]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("A widget's catalog translates every key", declared: ["en", "de"],
             localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Widget/Info.plist": .text(UndeclaredLocaleCheck.widgetPlist),
                    "Widget/Localizable.xcstrings": .catalog(["Now": ["en": "Now", "de": "Jetzt"], "Later": ["en": "Later", "de": "Später"]])]),
        .editor("Every locale the app offers has a value",
                sdk: ["ly_img_editor_dock_button_crop": ["en": "Crop", "de": "Zuschneiden"]],
                localizable: ["ly_img_editor_dock_button_crop": ["en": "Trim", "de": "Beschneiden"],
                              "Open Editor": ["de": "Editor öffnen"]]),
        .editor("The app offers de-AT, the SDK ships de: the SDK's bundle reads its German on de-AT devices",
                declared: ["en", "de", "de-AT"],
                sdk: ["ly_img_editor_dock_button_shapes": ["en": "Shapes", "de": "Formen"]],
                localizable: ["Month": ["en": "January", "de": "Januar", "de-AT": "Jänner"]]),
        .app("An empty key (Xcode extracts Text(\"\")): it shows nothing in any language", localizable: ["": [:], "x": ["en": "x", "de": "x"]]),
        .app("A key Xcode marked stale (no longer in the code, left out of the export): no device looks it up",
             localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/Old.xcstrings": .text(#"{"sourceLanguage":"en","strings":{"Old":{"extractionState":"stale","localizations":{"en":{"stringUnit":{"state":"translated","value":"Old"}}}}},"version":"1.0"}"#)]),
        .app("A storyboard whose texts come from stbLocKey at run time: no locale has its .strings", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/Base.lproj/Main.storyboard": storyboard(["abc-de-fgh": "Hello"])]),
        .app("A storyboard migrated to a String Catalog (mul.lproj) that translates it", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/Base.lproj/Main.storyboard": storyboard(["abc-de-fgh": "Hello"]),
                    "App/mul.lproj/Main.xcstrings": .catalog(["abc-de-fgh.text": ["en": "Hello", "de": "Hallo"]])]),
    ]

    /// A storyboard of labels (object id, text) for the examples.
    static func storyboard(_ labels: KeyValuePairs<String, String>) -> ExampleFile {
        .text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s"><objects>
            \(labels.map { "<label id=\"\($0.key)\" text=\"\($0.value)\"/>" }.joined())</objects></scene></scenes></document>
            """)
    }

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        let project = context.project
        let source = context.sourceLanguage
        let keys = context.chainKeys
        var result: [Finding] = []
        let checkedTables = Set(context.appCatalogs.map(\.path))
        // The chain, key by key: each key's winning entry is looked up once for every locale.
        // `sdk`: the SDK's own translation such a device reads (its bundle follows the app's
        // choice: de for an app in de-AT), which an SDK key needs a value in.
        let shipped = context.sdkLocales
        let targets = context.translationLocales.compactMap { locale -> (locale: String, chosen: String, sdk: String)? in
            guard let chosen = context.searchList(for: locale).first, chosen != source else { return nil }
            return (locale, chosen, project.sdkTranslation(forAppLocale: chosen, shipped: shipped) ?? chosen)
        }
        // Missing keys per target locale, then per chain layer (an array: appended to 200,000 times).
        var missing = [[[String]]](repeating: Array(repeating: [], count: context.translationTargetCount), count: targets.count)
        let translationTargets = context.chain.indices.map(context.translationTarget(ofWinner:))
        // Groups holding keys another layer shows (SDK keys whose translation lands in the app's
        // table): those show the other layer's text, so the group is not said to show raw keys.
        var routed = [[Bool]](repeating: Array(repeating: false, count: context.translationTargetCount), count: targets.count)
        for (offset, key) in keys.enumerated() {
            let (position, entry) = context.chainWinners[offset]
            let winner = context.chain[position]
            // An empty key (Xcode extracts `Text("")`) shows nothing in any language.
            if !context.isToTranslate(key, layer: position, entry: entry) || key.isEmpty { continue }
            // No code looks up a misnamed override; unknown-key reports it.
            if context.misnamedOverride(key, layer: position) != nil { continue }
            // The layers below an app winner, their entries of the key looked up once for all locales.
            var below: CheckContext.LayersBelow?
            for (index, target) in targets.enumerated() {
                if winner.hasValue(key, entry: entry, locale: winner.layer.role == .sdk ? target.sdk : target.chosen) { continue }
                // An SDK key translated in a locale file of the app's legacy editor table: the app's table is read first.
                if context.translatedInLegacyTarget(key, target: translationTargets[position], winner: position, locale: target.chosen) { continue }
                // A key a lower layer translates is shadowed, which shadowed-locale reports.
                if winner.layer.role == .app {
                    if below == nil { below = CheckContext.LayersBelow(context, key: key, winner: position) }
                    if below?.translation(locale: target.chosen) != nil { continue }
                }
                missing[index][translationTargets[position]].append(key)
                if translationTargets[position] != position { routed[index][translationTargets[position]] = true }
            }
        }
        var reportedCatalogs = Set<String>()
        let otherCatalogs = context.otherBundleCatalogs
        let frameworkTables = context.frameworkTablesWithKeys
        // A legacy table without the device's localization is read from the first one of its
        // search list that has it: zh-Hant's for a zh-HK device, before the development language.
        func shown(_ table: StringsTable?, _ locale: String, _ chosen: String) -> String {
            guard let table, table.files[chosen] == nil,
                  let found = context.searchList(for: locale).first(where: { table.files[$0] != nil }), found != "Base" else { return source }
            return found
        }
        // A catalog without any value in the chosen localization compiles no table for it: the
        // device reads the next localization of its search list the catalog has, the one
        // `readLocalization` found for the layer once per device.
        func catalogFallback(_ target: Int, _ locale: String, _ chosen: String) -> String? {
            guard let read = context.readLocalization(layer: target, locale: locale), read != chosen, read != source, read != "Base" else { return nil }
            return read
        }
        // The keys such a device lacks: those the file it reads has show in its language, the
        // others raw (Foundation reads no further file for one key).
        func groups(file: String?, table: StringsTable?, name: String, keys: [String], locale: String, chosen: String, rawKey: Bool,
                    absentShowRaw: Bool = true) -> [Finding] {
            let device = context.device(for: locale), fallback = shown(table, locale, chosen)
            guard fallback != source, let read = table?.files[fallback] else {
                return [group(file: file, table: name, keys: keys, locale: chosen, device: device, source: fallback, rawKey: rawKey)]
            }
            let plurals = table?.pluralFiles[fallback]
            let present = keys.filter { read.value(forKey: $0) != nil || plurals?.root[$0] != nil }
            let absent = keys.filter { read.value(forKey: $0) == nil && plurals?.root[$0] == nil }
            return (present.isEmpty ? [] : [group(file: file, table: name, keys: present, locale: chosen, device: device, source: fallback)])
                + (absent.isEmpty ? [] : [group(file: file, table: name, keys: absent, locale: chosen, device: device, source: source, rawKey: absentShowRaw)])
        }
        for (index, (locale, chosen, _)) in targets.enumerated() {
            for target in missing[index].indices where !missing[index][target].isEmpty {
                guard target < context.chain.count else {
                    // SDK keys whose translations go to the editor catalog an import creates: the
                    // SDK's text shows until then.
                    let layer = context.translationTargetLayer(target)
                    result.append(group(file: layer.catalogPath, table: "\(layer.name) (no such catalog yet)", keys: missing[index][target], locale: chosen,
                                        device: context.device(for: locale), source: source))
                    continue
                }
                let layer = context.chain[target]
                // A legacy table's locale file without the key: Foundation shows the raw key.
                let rawKey = layer.catalog == nil && layer.table?.files[chosen] != nil && !routed[index][target]
                if layer.catalog == nil {
                    result += groups(file: layer.file(locale: chosen), table: layer.table, name: layer.layer.name, keys: missing[index][target],
                                     locale: locale, chosen: chosen, rawKey: rawKey, absentShowRaw: !routed[index][target])
                } else if layer.catalog != nil, let fallback = catalogFallback(target, locale, chosen) {
                    // No table of the chosen localization is compiled from the catalog: devices read
                    // the next one it has (de for a declared de-AT), as `resolve` shows.
                    let keys = missing[index][target]
                    let present = keys.filter { layer.value($0, locale: fallback) != nil }
                    let absent = keys.filter { layer.value($0, locale: fallback) == nil }
                    let device = context.device(for: locale)
                    if !present.isEmpty {
                        result.append(group(file: layer.file(locale: chosen), table: layer.layer.name, keys: present, locale: chosen, device: device, source: fallback))
                    }
                    if !absent.isEmpty {
                        result.append(group(file: layer.file(locale: chosen), table: layer.layer.name, keys: absent, locale: chosen, device: device, source: source))
                    }
                } else {
                    result.append(group(file: layer.file(locale: chosen), table: layer.layer.name, keys: missing[index][target],
                                        locale: chosen, device: context.device(for: locale), source: source, rawKey: rawKey))
                }
            }
            let chainPaths = Set(context.chain.compactMap(\.layer.catalogPath))
            for file in project.catalogs where checkedTables.contains(file.path) && !chainPaths.contains(file.path) && file.bundle == project.app.name {
                let lacking = Self.keys(of: file.catalog, lacking: chosen)
                if !lacking.isEmpty {
                    result.append(group(file: file.path, table: "\(file.bundle)/\(file.table)", keys: lacking, locale: chosen,
                                        device: context.device(for: locale), source: source))
                }
            }
            for table in context.appTableKeys {
                let lacking = table.keys.filter { !table.has($0, locale: chosen) }
                if !lacking.isEmpty {
                    result += groups(file: table.path(locale: chosen), table: table.table, name: table.name, keys: lacking, locale: locale, chosen: chosen,
                                     rawKey: table.showsRawKey(locale: chosen), absentShowRaw: table.table.table != "InfoPlist" && !table.isDocument)
                }
            }
            // Another bundle's catalog (a widget's, a framework's): the keys lacking the language
            // it shows on this device, the app's (or, for an extension, a variant of it); when it
            // has not that language at all, every key lacking the app's, shown in the one it uses.
            for file in otherCatalogs {
                guard let (gap, shown) = context.catalogGap(of: file, locale: locale, chosen: chosen), gap != source, gap != "Base",
                      reportedCatalogs.insert(file.path + "\u{0}" + gap).inserted else { continue }
                let lacking = Self.keys(of: file.catalog, lacking: gap)
                if !lacking.isEmpty {
                    result.append(group(file: file.path, table: "\(file.bundle)/\(file.table)", keys: lacking, locale: gap,
                                        device: context.device(for: locale), source: shown))
                }
            }
            for framework in frameworkTables {
                let table = framework.table
                guard let (keys, used, serves) = context.frameworkTableView(framework, locale: locale, chosen: chosen), !keys.isEmpty else { continue }
                let name = "\(table.bundle)/\(table.table)", device = context.device(for: locale)
                guard let file = table.files[used] else {
                    // A table without the localization its bundle chose shows its development language's texts.
                    if used != source, used != "Base" {
                        result.append(group(file: table.path(locale: used), table: name, keys: keys, locale: used, device: device, source: source))
                    } else if !serves {
                        // A bundle without the device's language falls back to its development
                        // language, held by a document rather than a file of the table (an intent
                        // definition in `zh-Hans.lproj`): the device sees that language.
                        result.append(group(file: table.path(locale: chosen), table: name, keys: keys, locale: chosen, device: device,
                                            source: used == "Base" ? source : used))
                    }
                    continue
                }
                if serves {
                    // The device's language, but not every key: Foundation shows a key its file lacks raw.
                    let lacking = keys.filter { file.value(forKey: $0) == nil }
                    if !lacking.isEmpty, used != source, used != "Base" {
                        result.append(group(file: table.path(locale: used), table: name, keys: lacking, locale: used, device: device,
                                            source: source, rawKey: context.showsRawKey(table)))
                    }
                    continue
                }
                result.append(group(file: table.path(locale: chosen), table: name, keys: keys, locale: chosen, device: device, source: used))
            }
        }
        // Unless `--locale` narrows the run: an extension's own languages the app does not offer
        // (a widget in French beside an app without French) are what French devices see of it.
        if context.locales.count == context.offeredLocales.count {
            result += extensionOnlyGaps(context, catalogs: otherCatalogs, tables: frameworkTables)
        }
        return result
    }

    /// The keys an extension's tables lack in its languages of its own: those no offered locale
    /// shares a language with.
    private func extensionOnlyGaps(_ context: CheckContext, catalogs: [CatalogFile], tables: [CheckContext.FrameworkTable]) -> [Finding] {
        let project = context.project, source = context.sourceLanguage
        let offeredLanguages = Set(context.offeredLocales.map(ICULocale.language))
        var result: [Finding] = []
        for bundle in project.extensionBundles.sorted() {
            let own = project.localizations(ofBundle: bundle).filter { $0 != "Base" && !offeredLanguages.contains(ICULocale.language($0)) }
            for locale in own {
                for file in catalogs where file.bundle == bundle {
                    let lacking = Self.keys(of: file.catalog, lacking: locale)
                    if !lacking.isEmpty {
                        result.append(group(file: file.path, table: "\(bundle)/\(file.table)", keys: lacking, locale: locale, device: locale, source: source))
                    }
                }
                for framework in tables where framework.table.bundle == bundle {
                    let table = framework.table
                    guard let keys = framework.keysOfAnyFile, !keys.isEmpty else { continue }
                    let file = table.files[locale]
                    let lacking = file.map { file in keys.filter { file.value(forKey: $0) == nil } } ?? keys
                    if !lacking.isEmpty {
                        result.append(group(file: table.path(locale: locale), table: "\(bundle)/\(table.table)", keys: lacking, locale: locale,
                                            device: locale, source: source, rawKey: file != nil && context.showsRawKey(table)))
                    }
                }
            }
        }
        return result
    }

    /// A catalog's keys to translate (not empty, not `shouldTranslate: false`, not stale) with no value in `locale`, in Xcode's order.
    private static func keys(of catalog: StringCatalog, lacking locale: String) -> [String] {
        catalog.orderedKeys.filter { key in
            guard !key.isEmpty, let entry = catalog.entries[key], entry.isToTranslate else { return false }
            return CheckContext.plainValue(entry, locale: locale) == nil
        }
    }

    /// `rawKey`: the locale's file of a legacy table exists but lacks the keys, so a device shows
    /// the keys themselves (Foundation takes no other `.lproj`'s value for one key).
    private func group(file: String?, table: String, keys: [String], locale: String, device: String, source: String,
                       rawKey: Bool = false) -> Finding {
        let listed = MessageText.firstItems(keys)
        let shown = rawKey ? "see the raw key\(keys.count == 1 ? "" : "s")" : "see them in '\(source)'"
        var result = finding(file: file, locale: locale,
                             message: "\(keys.count) key\(keys.count == 1 ? "" : "s") of \(table) \(keys.count == 1 ? "has" : "have") no '\(locale)': \(device) devices \(shown) (\(listed))")
        result.keys = keys
        return result
    }
}
