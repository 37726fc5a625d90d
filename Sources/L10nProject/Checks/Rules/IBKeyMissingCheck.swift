/// A storyboard's runtime-attribute key that its bundle's `Localizable` table lacks in a
/// localization: a device that picks it shows the raw key (Foundation does not fall back to
/// another `.lproj` for one key).
public struct IBKeyMissingCheck: Check {
    public static let id = "ib-key-missing"
    public static let defaultSeverity = Severity.error
    public static let summary = "A storyboard's stbLocKey names a key its bundle's Localizable table lacks, so the raw key shows"
    public static let hint = "add the key to Localizable.strings in every localization of the bundle"

    static let storyboard = ExampleFile.text("""
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <viewController id="v1" sceneMemberID="viewController">
                        <view key="view" id="w1">
                            <subviews>
                                <label opaque="NO" text="Welcome" id="L1-ab-cde">
                                    <userDefinedRuntimeAttributes>
                                        <userDefinedRuntimeAttribute type="string" keyPath="stbLocKey" value="welcome_title"/>
                                    </userDefinedRuntimeAttributes>
                                </label>
                            </subviews>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """)
    public static let triggeringExamples: [CheckExample] = [
        .app("The key is in en but not in de", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Kit/Base.lproj/Main.storyboard": storyboard,
                    "Kit/en.lproj/Localizable.strings": .text("\"welcome_title\" = \"Welcome\";\n"),
                    "Kit/de.lproj/Localizable.strings": .text("\"other\" = \"Andere\";\n")]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("Every localization has the key", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Kit/Base.lproj/Main.storyboard": storyboard,
                    "Kit/en.lproj/Localizable.strings": .text("\"welcome_title\" = \"Welcome\";\n"),
                    "Kit/de.lproj/Localizable.strings": .text("\"welcome_title\" = \"Willkommen\";\n")]),
        .app("German has only a .stringsdict: its devices read the English .strings, which has the key", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Kit/Base.lproj/Main.storyboard": storyboard,
                    "Kit/en.lproj/Localizable.strings": .text("\"welcome_title\" = \"Welcome\";\n"),
                    "Kit/de.lproj/Localizable.stringsdict": .plurals(key: "%d files", variable: "n", valueType: "d", forms: ["one": "%d Datei", "other": "%d Dateien"])]),
        .app("The key is in each localization's .stringsdict, which Foundation reads with the table", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["Kit/Base.lproj/Main.storyboard": storyboard,
                    "Kit/en.lproj/Localizable.stringsdict": .plurals(key: "welcome_title", variable: "n", valueType: "d", forms: ["one": "Welcome", "other": "Welcome all"]),
                    "Kit/de.lproj/Localizable.stringsdict": .plurals(key: "welcome_title", variable: "n", valueType: "d", forms: ["one": "Willkommen", "other": "Willkommen alle"])]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        let project = context.project
        let discovery = ProjectDiscovery(root: project.root)
        var result: [Finding] = []
        for document in context.interfaceDocuments {
            let bundle = discovery.bundle(of: document.path, app: project.app)
            let table = project.stringsTables.first { $0.bundle == bundle && $0.table == "Localizable" }
            let catalog = project.catalogs.first { $0.bundle == bundle && $0.table == "Localizable" }
            for reference in document.localizationKeys {
                var lacking: [String] = []
                var all: [String] = []
                if let catalog {
                    all.append(catalog.path)
                    if catalog.catalog.entries[reference.key] == nil { lacking.append(catalog.path) }
                }
                if let table {
                    // The localizations with a `.strings` file (one without falls back to the next
                    // localization's); a key of the same localization's `.stringsdict` is the
                    // table's too, Foundation reads both. A table of `.stringsdict` files only: those.
                    // `Base.lproj` is the development language's file when the table has no
                    // `<source>.lproj` one (ZorkLocalizationDemo): its devices read it.
                    let locales = table.files.isEmpty ? table.pluralFiles.keys.sorted() : table.locales
                    let baseIsSource = table.files[context.sourceLanguage] == nil && table.pluralFiles[context.sourceLanguage] == nil
                    for locale in locales where locale != "Base" || baseIsSource {
                        all.append(locale)
                        if table.files[locale]?.value(forKey: reference.key) == nil && table.pluralFiles[locale]?.root[reference.key] == nil {
                            lacking.append(locale)
                        }
                    }
                }
                let place = "\(reference.elementName) \(reference.objectID)"
                if all.isEmpty || lacking.count == all.count {
                    result.append(finding(file: document.path, key: reference.key, line: reference.location.line, column: reference.location.column,
                                          message: "\(place) names \"\(reference.key)\" (\(reference.keyPath)), which no Localizable table of \(bundle) has: every device shows the raw key"))
                    continue
                }
                for lackingLocale in lacking {
                    let locale = lackingLocale == "Base" ? context.sourceLanguage : lackingLocale
                    result.append(finding(file: document.path, key: reference.key, locale: locale,
                                          line: reference.location.line, column: reference.location.column,
                                          message: "\(place) names \"\(reference.key)\" (\(reference.keyPath)), which \(table?.path(locale: lackingLocale) ?? locale) lacks: a device that picks '\(locale)' shows the raw key"))
                }
            }
        }
        return result
    }
}
