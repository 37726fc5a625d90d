import L10nLocale
/// A key that Swift code looks up (`NSLocalizedString("k", comment:)`, `Text("k")`, a SwiftUI
/// title such as `Button("k")`, `String(localized:)`, `.imgly.localized`, a manifest function) that the table it reads does not
/// define: every device shows the raw key. Editor labels set in code are `code-label-unlocalized`'s.
public struct KeyMissingCheck: Check {
    public static let id = "key-missing"
    public static let defaultSeverity = Severity.error
    public static let summary = "Swift code looks up a key that the table it reads does not define, so the raw key shows"
    public static let hint = "add the key to the table (Localizable.xcstrings unless the call names another), or fix the key's spelling in code"

    /// A package that defines the app's `localized` and `localised` with `bundle: .module` and holds their catalog.
    static let stringsPackage: [String: ExampleFile] = [
        "Packages/Strings/Package.swift": .text(#"let package = Package(name: "Strings", defaultLocalization: "en", targets: [.target(name: "Strings")])"#),
        "Packages/Strings/Sources/Strings/Resources/Localizable.xcstrings": .catalog(["settings.title": ["en": "Settings", "de": "Einstellungen"]]),
        "Packages/Strings/Sources/Strings/String+Localized.swift": .text("""
            public extension String {
                var localized: String { NSLocalizedString(self, bundle: .module, comment: "") }
                var localised: String { NSLocalizedString(self, bundle: .module, comment: "") }
            }
            """),
    ]

    public static let triggeringExamples: [CheckExample] = [
        .app("A typo in code: 'welcome_titel'", localizable: ["welcome_title": ["en": "Welcome", "de": "Willkommen"]],
             more: ["App/Home.swift": .text(#"let title = NSLocalizedString("welcome_titel", comment: "Home screen title")"#)]),
        .app("An interpolation of an Int reads '%lld photos'; the table has '%@ photos'",
             localizable: ["%@ photos": ["en": "%@ photos", "de": "%@ Fotos"]],
             more: ["App/Album.swift": .text("""
             struct Album { let count: Int
                 var body: some View { Text("\\(count) photos") } }
             """)]),
        .editor(".imgly.localized with a key no layer of the chain has",
                sdk: ["ly_img_editor_dock_button_images": ["en": "Images", "de": "Bilder"]],
                more: ["App/Sheet.swift": .text(#"let title = Text(.imgly.localized("ly_img_editor_dock_button_imgs"))"#)]),
        .app("A SwiftUI button whose title the table lacks: German devices see it in English", localizable: ["Cancel": ["en": "Cancel", "de": "Abbrechen"]],
             more: ["App/Editor.swift": .text("""
             import SwiftUI
             struct Editor: View { var body: some View { Button("Discard changes") { dismiss() } } }
             """)]),
        .app("A SwiftUI title in a package's code, which reads the app's bundle unless it passes bundle: .module",
             localizable: ["Home": ["en": "Home", "de": "Start"]],
             more: ["Packages/Feature/Package.swift": .text(#"let package = Package(name: "Feature", defaultLocalization: "en", targets: [.target(name: "Feature")])"#),
                    "Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings": .catalog(["Save": ["en": "Save", "de": "Sichern"],
                                                                                                  "Delete": ["en": "Delete", "de": "Löschen"]]),
                    "Packages/Feature/Sources/Feature/FeatureView.swift": .text("""
                    import SwiftUI
                    struct FeatureView: View { var body: some View { VStack { Button("Save") { }; Text("Delete", bundle: .module) } } }
                    """)]),
        .app("An identifier key with a default value: devices show the value, in English",
             localizable: ["Cancel": ["en": "Cancel", "de": "Abbrechen"]],
             more: ["App/Settings.swift": .text(#"let t = NSLocalizedString("settings.navigationTitle", value: "Settings", comment: "Title")"#)]),
        .app("A manifest function", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/Home.swift": .text(#"let a = L10n.tr("home.title")"#),
                    "l10n.json": .text(#"{ "localizedFunctions": ["L10n.tr"] }"#)]),
        .app("The app's own `localised` reads a package's catalog (bundle: .module), which lacks the key",
             localizable: ["profile.title": ["en": "Profile", "de": "Profil"]],
             more: stringsPackage.merging(["App/Profile.swift": .text(#"let title = "profile.title".localised"#)]) { $1 }),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("The app's own `localized` and `localised`, defined in a package with bundle: .module, read the package's catalog from any module",
             localizable: ["x": ["en": "x", "de": "x"]],
             more: stringsPackage.merging(["App/Settings.swift": .text(#"let a = "settings.title".localized, b = "settings.title".localised"#)]) { $1 }),
        .app("Every call's key is defined; an interpolation of unknown type matches any specifier; comments and verbatim text do not count",
             localizable: ["welcome_title": ["en": "Welcome", "de": "Willkommen"], "%lld photos": ["en": "%lld photos", "de": "%lld Fotos"],
                           "Open": ["en": "Open", "de": "Öffnen"], "tab.home": ["en": "Home", "de": "Start"], "home.title": ["en": "Home", "de": "Start"]],
             more: ["App/Home.swift": .text(#"""
             import SwiftUI
             // Text("commented_out")
             let field = TextField("", text: $name)
             /* NSLocalizedString("also /* nested */ out", comment: "") */
             func title(_ album: Album) -> some View {
                 let a = NSLocalizedString("welcome_title", comment: "")
                 let b = String(localized: "Open")
                 let c = "tab.home".localized
                 let d = L10n.tr("home.title")
                 let e = Text(verbatim: "not a key")
                 return Text("\(album.photos.count) photos")
             }
             """#), "l10n.json": .text(#"{ "localizedFunctions": ["L10n.tr"] }"#)]),
        .app("Keys of placeholders alone show the same in every language: nothing to translate",
             localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/Streak.swift": .text(#"import SwiftUI\nstruct S: View { let n: Int; let a = "", b = ""\n var body: some View { VStack { Text("\(n)"); Text("\(a) \(b)"); Text("—") } } }"#)]),
        .app("Without `import SwiftUI`, `Button(\"…\")` may be the app's own type and is not read as a lookup",
             localizable: ["Cancel": ["en": "Cancel", "de": "Abbrechen"]],
             more: ["App/Widgets.swift": .text(#"struct Button { init(_ name: String) {} }\nlet b = Button("not a key")"#)]),
        .app("A title written as its text in an app that offers only its source language shows as meant",
             declared: ["en"], localizable: ["Cancel": ["en": "Cancel"]],
             more: ["App/Editor.swift": .text("import SwiftUI\nlet v = Button(\"Discard changes\") { }\n")]),
        .app("In a package: bundle: .main reads the app's table; another bundle expression is not followed; an English app's package shows English",
             declared: ["en"], localizable: ["app.title": ["en": "Notes"]],
             more: ["Packages/Feature/Package.swift": .text(#"let package = Package(name: "Feature", defaultLocalization: "en", targets: [.target(name: "Feature")])"#),
                    "Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings": .catalog(["Discard changes": ["en": "Discard changes", "de": "Verwerfen", "fr": "Annuler"]]),
                    "Packages/Feature/Sources/Feature/FeatureView.swift": .text("""
                    import SwiftUI
                    let a = Text("app.title", bundle: .main), b = Text("core.title", bundle: CoreResources.bundle)
                    let c = Text("Keep editing", bundle: .module), d = Button("Save") { }
                    """)]),
        .app("SwiftGen's generated lookups, the table first, named in the manifest with their roles",
             localizable: ["account.feed.mine": ["en": "Mine", "de": "Meine"]],
             more: ["App/Onboarding.xcstrings": .catalog(["onboarding.done": ["en": "Done", "de": "Fertig"]]),
                    "App/Strings+Generated.swift": .text(#"""
                    internal enum L10n {
                      internal static let mine = L10n.tr("Localizable", "account.feed.mine", fallback: "Mine")
                      internal static let done = L10n.tr("Onboarding", "onboarding.done", fallback: "Done")
                    }
                    """#), "l10n.json": .text(#"{ "localizedFunctions": ["L10n.tr(table, key)"] }"#)]),
        .app("Apple's plural pattern: the key is only in the table's .stringsdict, which NSLocalizedString reads too",
             localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Localizable.stringsdict": .plurals(key: "items_count", variable: "items", valueType: "d",
                                                                     forms: ["one": "%d item", "other": "%d items"]),
                    "App/en.lproj/Localizable.strings": .text("\"Open\" = \"Open\";\n"),
                    "App/Count.swift": .text(#"let s = String.localizedStringWithFormat(NSLocalizedString("items_count", comment: ""), 3)\n"#)]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        let index = context.codeKeys
        let chain = context.chain.map { CodeKeyIndex.TableID(bundle: $0.layer.bundle, table: $0.layer.table) }
        var result: [Finding] = []
        for file in context.project.swiftSources {
            // An empty key (`TextField("", text:)`) shows nothing whatever the table says.
            // A bundle named by an expression l10n does not follow (`bundle: Resources.bundle`) is left alone.
            for reference in file.references where !reference.isLabel && !reference.key.text.isEmpty {
                let call = "\(reference.call) looks up \(CheckContext.quoted(reference.key.text))"
                if reference.readsEditorChain {
                    guard !chain.contains(where: { !index.keys(matching: reference.key, in: $0).isEmpty }) else { continue }
                    result.append(finding(file: file.path, key: reference.key.text, line: reference.line, column: reference.column,
                                          message: "\(call), which no layer of the lookup chain defines: every device shows the raw key"))
                    continue
                }
                // A key of placeholders and punctuation alone (`Text("\(count)")`, `"%@ %@"`) has nothing to translate.
                guard Self.hasWords(reference.key.text), let table = context.table(of: reference, in: file) else { continue }
                guard index.keys(matching: reference.key, in: table).isEmpty else { continue }
                // A key written as the text itself (`Text("Hello")`, Xcode's convention) or given a default
                // value shows that text: a defect only where the bundle offers another language to leave untranslated.
                var shown = "every device shows the raw key"
                if reference.defaultValue != nil || Self.readsAsText(reference.key.text) {
                    // The languages devices see the bundle in: an extension's own; a framework follows the app's.
                    let bundleLocales = context.project.extensionBundles.contains(table.bundle)
                        ? context.project.localizations(ofBundle: table.bundle) : context.offeredLocales
                    let untranslated = bundleLocales.filter { $0 != context.sourceLanguage && $0 != "Base" }
                    guard !untranslated.isEmpty else { continue }
                    let text = reference.defaultValue.map { "\(CheckContext.quoted($0)), the call's default value" } ?? "the text as written in code"
                    shown = "every device shows \(text), untranslated in \(untranslated.joined(separator: ", "))"
                }
                let elsewhere = index.tables(defining: reference.key, bundle: table.bundle).map { index.tables[$0]!.file }
                var note = elsewhere.isEmpty ? "" : " (\(elsewhere.joined(separator: ", ")) has it, but the call reads \(table.table))"
                if context.readsAppInstead(reference, in: file) {
                    // SwiftUI and Foundation read the main bundle unless told: a package's own catalog is never searched.
                    let bundle = context.ownBundle(of: file)
                    let own = index.tables(defining: reference.key, bundle: bundle).map { index.tables[$0]!.file }
                    note += " (the file is \(bundle)'s\(own.isEmpty ? "" : ", whose \(own.joined(separator: ", ")) has it"), "
                        + "but without bundle: the call reads the app's main bundle; pass bundle: .module in a package, the framework's bundle in a framework)"
                }
                // The same text with other specifiers: the interpolated value's type picked the wrong one.
                let variants = index.keys(withShapeOf: reference.key, in: table)
                if !variants.isEmpty { note += " (it has \(variants.map(CheckContext.quoted).joined(separator: ", ")): an interpolated value's type decides the specifier)" }
                result.append(finding(file: file.path, key: reference.key.text, line: reference.line, column: reference.column,
                                      message: "\(call), which the \(table.table) table of \(table.bundle) does not define\(note): \(shown)"))
            }
        }
        return result
    }

    /// Whether a key has a letter outside its format specifiers: `%lld`, `%@ %@` and `—` show the
    /// same in every language, so a table without them changes nothing a device shows.
    package static func hasWords(_ key: String) -> Bool {
        (FormatString.plainSpecifiersReplaced(in: key, by: "0") ?? key).unicodeScalars.contains(where: \.properties.isAlphabetic)
    }

    /// Whether a key reads as the text it stands for (`Hello`, `Loading...`, `km/h`, `%lld`, `设置`)
    /// rather than an identifier (`welcome_title`, `home.title`, `save`): an identifier is ASCII
    /// letters and digits, in parts joined by `.` or `_`, written in lower case or in parts. Format
    /// specifiers are set aside; a key with no letter left is text.
    package static func readsAsText(_ key: String) -> Bool {
        let words = FormatString.plainSpecifiersReplaced(in: key, by: "0") ?? key
        guard words.unicodeScalars.contains(where: \.properties.isAlphabetic) else { return true }
        let parts = words.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "_" }
        let isIdentifier = parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        return !(isIdentifier && (parts.count > 1 || words.first!.isLowercase))
    }
}
