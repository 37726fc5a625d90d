/// An empty translation of a non-empty source: the label shows nothing.
public struct EmptyValueCheck: Check {
    public static let id = "empty-value"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A value is empty although its source is not (a development-language .strings value: although Base.lproj or a translation has a text), so the label shows nothing"
    public static let hint = "translate it, or remove the empty value so the source language shows"

    public static let triggeringExamples: [CheckExample] = [
        .app("An empty German value", localizable: ["done": ["en": "Done", "de": "[new] "]]),
        .app("An empty .strings value", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/en.lproj/Settings.strings": .text("\"title\" = \"Settings\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"title\" = \"\";\n")]),
        .app("An empty development-language value over Base.lproj's text (CeaselessIOS): en.lproj is read first",
             localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/Base.lproj/Settings.strings": .text("\"Cancel\" = \"Cancel\";\n"),
                    "App/en.lproj/Settings.strings": .text("\"Cancel\" = \"\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"Cancel\" = \"Abbrechen\";\n")]),
        .app("An empty development-language value that German translates", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/en.lproj/Settings.strings": .text("\"Save\" = \"\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"Save\" = \"Sichern\";\n")]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("An empty source may stay empty", localizable: ["spacer": ["en": "", "de": ""]]),
        .app("An empty development-language .strings value no other file gives a text", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/en.lproj/Settings.strings": .text("\"spacer\" = \"\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"spacer\" = \"\";\n")]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        context.appUnitsInPlace { file, unit in
            guard unit.value.isEmpty, !unit.isIn(file.catalog.sourceLanguage) else { return }
            let key = unit.key, locale = unit.locale, leaf = unit.leaf
            guard !CheckContext.sourceText(in: file.catalog, key: key, path: leaf.path).text.isEmpty else { return }
            result.append(finding(file: file.path, key: key, locale: locale,
                                  message: "\(PlaceholderMismatchCheck.describe(key, leaf.path)) [\(locale)] is empty: the label shows nothing"))
        }
        context.appStringsTranslations { table, locale, entry, source in
            guard entry.value.isEmpty, !source.isEmpty else { return }
            result.append(finding(file: table.path(locale: locale), key: entry.key, locale: locale,
                                  line: entry.location?.line, column: entry.location?.column,
                                  message: "\"\(entry.key)\" [\(locale)] is empty: the label shows nothing"))
        }
        // The development language's own file: an empty value where Base.lproj or a translation
        // has a text is a label its devices (and those falling back to it) show empty.
        let source = context.sourceLanguage
        for table in context.appStringsTables {
            guard let file = table.files[source] else { continue }
            for entry in file.entries where entry.value.isEmpty {
                let base = table.files["Base"]?.value(forKey: entry.key).flatMap { $0.isEmpty ? nil : $0 }
                let translated = base != nil ? nil : table.locales.first { locale in
                    locale != source && locale != "Base" && !(table.files[locale]?.value(forKey: entry.key)?.isEmpty ?? true)
                }
                guard base != nil || translated != nil else { continue }
                let why = base.map { "Base.lproj's \(CheckContext.quoted($0)) never shows, as Foundation reads \(source).lproj first" }
                    ?? "'\(translated!)' translates it, so the key is a label, not a spacer"
                result.append(finding(file: table.path(locale: source), key: entry.key, locale: source,
                                      line: entry.location?.line, column: entry.location?.column,
                                      message: "\"\(entry.key)\" [\(source)] is empty: the label shows nothing in '\(source)' and where devices fall back to it; \(why)",
                                      hint: base != nil ? "write the text in \(table.path(locale: source)), or remove the empty value so Base.lproj's shows"
                                          : "write the \(source) text in \(table.path(locale: source))"))
            }
        }
        return result
    }
}
