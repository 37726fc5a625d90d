/// An empty translation of a non-empty source: the label shows nothing.
public struct EmptyValueCheck: Check {
    public static let id = "empty-value"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A translation is empty although its source is not, so the label shows nothing"
    public static let hint = "translate it, or remove the empty value so the source language shows"

    public static let triggeringExamples: [CheckExample] = [
        .app("An empty German value", localizable: ["done": ["en": "Done", "de": "[new] "]]),
        .app("An empty .strings value", localizable: ["x": ["en": "x", "de": "x"]],
             more: ["App/en.lproj/Settings.strings": .text("\"title\" = \"Settings\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"title\" = \"\";\n")]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("An empty source may stay empty", localizable: ["spacer": ["en": "", "de": ""]]),
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
        return result
    }
}
