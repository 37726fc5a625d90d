import L10nFormats

/// A key of the app's own tables that no Swift source, storyboard or the editor SDK looks up. A
/// note only: keys may be built at run time, so nothing is ever deleted on its word.
public struct KeyUnusedCheck: Check {
    public static let id = "key-unused"
    public static let defaultSeverity = Severity.note
    public static let summary = "A key of the app's tables that no Swift code, storyboard or SDK looks up (it may be built at run time)"
    public static let hint = "if no code builds the key at run time, it can go; l10n never deletes it"

    public static let triggeringExamples: [CheckExample] = [
        .app("'old_banner' is referenced nowhere", localizable: ["welcome_title": ["en": "Welcome", "de": "Willkommen"],
                                                                 "old_banner": ["en": "Summer sale", "de": "Sommerschlussverkauf"]],
             more: ["App/Home.swift": .text(#"let title = Text("welcome_title") // Text("old_banner")"#)]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .editor("SDK overrides are the SDK's to look up; an interpolated key matches",
                sdk: ["ly_img_editor_dock_button_images": ["en": "Images", "de": "Bilder"]],
                localizable: ["ly_img_editor_dock_button_images": ["en": "Pictures", "de": "Motive"], "%lld drafts": ["en": "%lld drafts", "de": "%lld Entwürfe"]],
                more: ["App/Home.swift": .text(#"func f(n: Int) -> Text { Text("\(n) drafts") }"#)]),
        .app("SwiftUI views and modifiers look their titles up like Text",
             localizable: ["Delete": ["en": "Delete", "de": "Löschen"], "Notes": ["en": "Notes", "de": "Notizen"],
                           "Search notes": ["en": "Search notes", "de": "Notizen suchen"]],
             more: ["App/NoteList.swift": .text(#"""
             import SwiftUI
             struct NoteList: View {
                 var body: some View {
                     List { Button("Delete", role: .destructive) { } }
                         .navigationTitle("Notes")
                         .searchable(text: $query, prompt: "Search notes")
                 }
             }
             """#)]),
        .app("A storyboard's strings file: its object ids are the storyboard's, which ibtool applies at build time (Pack_It, WorldTrotter)",
             localizable: ["welcome_title": ["en": "Welcome", "de": "Willkommen"]],
             more: ["App/Home.swift": .text(#"let title = Text("welcome_title")"#),
                    "App/Base.lproj/Main.storyboard": .text(#"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s"><objects><label id="3JI-87-cfh" text="Hello"/></objects></scene></scenes></document>"#),
                    "App/de.lproj/Main.strings": .text("/* Class = \"UILabel\"; text = \"Hello\"; ObjectID = \"3JI-87-cfh\"; */\n\"3JI-87-cfh.text\" = \"Hallo\";\n")]),
        .app("A Settings bundle's Root.strings: the Settings app reads the titles Root.plist names",
             localizable: ["welcome_title": ["en": "Welcome", "de": "Willkommen"]],
             more: ["App/Home.swift": .text(#"let title = Text("welcome_title")"#),
                    "App/Settings.bundle/en.lproj/Root.strings": .text("\"Group\" = \"Group\";\n\"Name\" = \"Name\";\n"),
                    "App/Settings.bundle/de.lproj/Root.strings": .text("\"Group\" = \"Gruppe\";\n\"Name\" = \"Name\";\n")]),
        .app("A storyboard text is the key where the element's class looks its own text up in awakeFromNib",
             localizable: ["welcome_title": ["en": "Welcome", "de": "Willkommen"]],
             more: ["App/LocalizedLabel.swift": .text("""
                    import UIKit
                    final class LocalizedLabel: UILabel {
                        override func awakeFromNib() {
                            super.awakeFromNib()
                            text = text?.localized
                        }
                    }
                    """),
                    "App/Base.lproj/Main.storyboard": .text(#"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s"><objects><label id="3JI-87-cfh" customClass="LocalizedLabel" text="welcome_title"/></objects></scene></scenes></document>"#)]),
        .app("Without Swift sources nothing is reported (every key would be unused)",
             localizable: ["old_banner": ["en": "Summer sale", "de": "Sommerschlussverkauf"]]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        let project = context.project
        guard !project.swiftSources.isEmpty else { return [] }
        var referenced = CodeLookups(project.swiftSources)
        for document in context.interfaceDocuments {
            for key in document.localizationKeys { referenced.insert(key.key, table: "Localizable") }
        }
        // `text = text?.localized` in a class's `awakeFromNib`: the texts of its elements are keys.
        let textClasses = Set(project.swiftSources.flatMap(\.textLocalizingClasses))
        if !textClasses.isEmpty {
            for document in context.interfaceDocuments {
                for text in document.texts where textClasses.contains(text.customClass ?? text.className) || textClasses.contains(text.className) {
                    referenced.insert(text.value, table: "Localizable")
                }
            }
        }
        let sdkKeys = project.sdkKeys
        func isUsed(_ key: String) -> Bool {
            if sdkKeys.contains(key) { return true }
            // Keys named for the SDK (an override, or a misspelt one `unknown-key` reports) are the SDK's.
            if project.lookupChain.isEditorChain && key.hasPrefix("ly_img_editor_") { return true }
            return referenced.contains(key)
        }
        // Tables the SDK or the system reads by themselves: the editor table, Info.plist's.
        let readBySystem: Set<String> = [ProjectDiscovery.editorTable, "InfoPlist"]
        var result: [Finding] = []
        for file in context.appCatalogs where !readBySystem.contains(file.table) {
            for key in file.catalog.orderedKeys where !isUsed(key) {
                result.append(finding(file: file.path, key: key, message: "\(CheckContext.quoted(key)) is looked up by no Swift source, storyboard or the SDK"))
            }
        }
        // A storyboard's own strings file (`de.lproj/Main.strings`, keys `kCO-9u-5kw.text`) is
        // read by the storyboard at build time, not looked up by code.
        let documentTables = context.documentTableIDs
        // A Settings bundle's tables are read by the Settings app, for the titles `Root.plist` names.
        for table in context.appStringsTables where !readBySystem.contains(table.table) && !documentTables.contains(table.folder + "/" + table.table)
            && !CheckContext.isSettingsBundle(table.folder) {
            let keys = Set(table.files.values.flatMap(\.keys)).filter { !isUsed($0) }
            for key in keys.sorted() {
                let locale = table.files[context.sourceLanguage]?.value(forKey: key) != nil
                    ? context.sourceLanguage : table.locales.first { table.files[$0]?.value(forKey: key) != nil }!
                result.append(finding(file: table.path(locale: locale), key: key,
                                      message: "\(CheckContext.quoted(key)) is looked up by no Swift source, storyboard or the SDK"))
            }
        }
        return result
    }
}
