import Foundation
import L10nCore
/// Keys a translation's `.strings` file defines that the table's development-language file does
/// not: leftovers of renamed or removed texts (gfxCardStatus keeps seven in `zh_CN.lproj`). No
/// export offers them, and a device in any other locale shows the raw key where code asks for one.
/// Not a key the Swift code looks up in that table: Xcode extracts such keys (`Text("Track
/// Steps")`) from the code, and the development-language file need not list them (FitTrackPro, SimpleX).
public struct TranslationOnlyKeyCheck: Check {
    public static let id = "translation-only-key"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A translation's .strings file has keys the development language's file lacks"
    public static let hint = "delete them if no code asks for them; otherwise add them to the development language's file, so every locale is translated"

    public static let triggeringExamples: [CheckExample] = [
        .app("A key only the German table still has", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Settings.strings": .text("\"title\" = \"Settings\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"title\" = \"Einstellungen\";\n\"oldTitle\" = \"Optionen\";\n")]),
        .app("A table kept in Base.lproj, a key only German has", localizable: ["x": ["en": "x"]],
             more: ["App/Base.lproj/Settings.strings": .text("\"title\" = \"Settings\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"title\" = \"Einstellungen\";\n\"done\" = \"Fertig\";\n")]),
        .app("A key the code looks up, but in another table: a leftover here", localizable: ["Cancel": ["en": "Cancel", "de": "Abbrechen"]],
             more: ["App/en.lproj/Settings.strings": .text("\"title\" = \"Settings\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"title\" = \"Einstellungen\";\n\"Cancel\" = \"Abbrechen\";\n"),
                    "App/View.swift": .text("Text(\"Cancel\")\n")]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("The same keys in every locale's file", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Settings.strings": .text("\"title\" = \"Settings\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"title\" = \"Einstellungen\";\n")]),
        .app("InfoPlist.strings: its keys are Info.plist's, which the English file need not repeat", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/InfoPlist.strings": .text("\"CFBundleDisplayName\" = \"App\";\n"),
                    "App/de.lproj/InfoPlist.strings": .text("\"NSCameraUsageDescription\" = \"Für Fotos\";\n")]),
        .app("Japanese keeps a plural key in its .strings; English has it in its .stringsdict", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Localizable.strings": .text("\"Open\" = \"Open\";\n"),
                    "App/en.lproj/Localizable.stringsdict": .plurals(key: "%d files", variable: "files", valueType: "d", forms: ["one": "%d file", "other": "%d files"]),
                    "App/ja.lproj/Localizable.strings": .text("\"Open\" = \"開く\";\n\"%d files\" = \"%d ファイル\";\n")]),
        .app("A key Xcode extracts from the Swift code: only the translations' files list it", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Settings.strings": .text("\"title\" = \"Settings\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"title\" = \"Einstellungen\";\n\"Track steps\" = \"Schritte erfassen\";\n\"%lld steps\" = \"%lld Schritte\";\n"),
                    "App/StepsView.swift": .text("Text(\"Track steps\", tableName: \"Settings\")\nText(\"\\(count) steps\", tableName: \"Settings\")\n")]),
        .app("A table with no development-language file (nothing to compare with)", localizable: ["x": ["en": "x"]],
             more: ["App/de.lproj/Settings.strings": .text("\"title\" = \"Einstellungen\";\n")]),
        .app("A storyboard's table: its keys are the storyboard's, whatever en.lproj/Main.strings holds", localizable: ["x": ["en": "x"]],
             more: ["App/Base.lproj/Main.storyboard": .text(#"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes><scene sceneID="s"><objects><label id="abc-de-fgh" text="Hello"/><label id="xyz-uv-wst" text="Bye"/></objects></scene></scenes></document>"#),
                    "App/en.lproj/Main.strings": .text("\"abc-de-fgh.text\" = \"Hello\";\n"),
                    "App/de.lproj/Main.strings": .text("\"abc-de-fgh.text\" = \"Hallo\";\n\"xyz-uv-wst.text\" = \"Tschüss\";\n")]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        let source = context.sourceLanguage
        // A storyboard's, XIB's or intent definition's table takes its keys from the document,
        // not from a development-language `.strings` file.
        let documentTables = context.documentTableIDs
        // The SDK's keys are the app's legacy editor table's too: export hands them there, import writes them.
        let editorTable = context.legacyEditorTable
        // Built only when some file has keys its development-language file lacks.
        var codeLookups: CodeLookups?
        for table in context.appStringsTables where table.table != "InfoPlist" && !documentTables.contains(table.folder + "/" + table.table) {
            guard let (sourceLocale, sourceFile) = table.sourceFile(sourceLanguage: source) else { continue }
            // A key of the development language's `.stringsdict` is the table's too: a language
            // without plurals (ja) keeps Apple's plural keys in its `.strings`. Made only for a
            // file whose keys leave the source's order.
            var known: Set<String>?
            let sourceEntries = sourceFile.entries
            let sourcePath = table.path(locale: sourceLocale)
            for (locale, file) in table.files.sorted(by: { $0.key < $1.key }) where locale != source && locale != "Base" {
                // Walked beside the source file: most translations list its keys in its order, which
                // costs a comparison per key, not a hash.
                var extra: [String] = []
                var next = 0
                for index in file.entries.indices {
                    let key = file.entries[index].key
                    if next < sourceEntries.count, sourceEntries[next].key == key {
                        next += 1
                        continue
                    }
                    if known == nil {
                        // A Settings bundle's titles are its keys too: export offers them.
                        known = Set(sourceEntries.lazy.map(\.key)).union(table.sourcePluralFile(sourceLanguage: source)?.root.keys ?? [])
                            .union(context.project.settingsTitles(of: table) ?? [])
                        if let editorTable, editorTable.folder == table.folder, editorTable.table == table.table, let sdk = context.sdkCatalog {
                            known!.formUnion(sdk.entries.keys)
                        }
                    }
                    if !known!.contains(key) { extra.append(key) }
                }
                if !extra.isEmpty, !context.project.swiftSources.isEmpty {
                    if codeLookups == nil { codeLookups = CodeLookups(context.project.swiftSources) }
                    extra = extra.filter { !codeLookups!.contains($0, table: table.table) }
                }
                if extra.count > 1 {
                    var seen = Set<String>()
                    extra = extra.filter { seen.insert($0).inserted }
                }
                guard let first = extra.first, let location = file.entry(forKey: first)?.location else { continue }
                let count = extra.count
                var finding = finding(file: table.path(locale: locale), key: count == 1 ? first : nil, locale: locale,
                                      line: location.line, column: location.column,
                                      message: "\(count) key\(count == 1 ? "" : "s") of \(table.bundle)/\(table.table) \(count == 1 ? "is" : "are") only in '\(locale)', not in \(sourcePath): "
                                        + "no export offers \(count == 1 ? "it" : "them"), and other locales show the raw key where code asks (\(MessageText.firstItems(extra)))")
                finding.keys = extra
                result.append(finding)
            }
        }
        return result
    }
}
