/// A `.strings` file that defines a key more than once: Foundation keeps the last value, so the
/// earlier ones never show (and an editor who changes the first changes nothing).
public struct DuplicateKeyCheck: Check {
    public static let id = "duplicate-key"
    public static let defaultSeverity = Severity.warning
    public static let severityRule: String? = "warning when the values differ (the earlier ones never show), note when they are the same"
    public static let summary = "A .strings file defines a key more than once; the last value wins"
    public static let hint = "keep the definition devices should show and delete the others"

    public static let triggeringExamples: [CheckExample] = [
        .app("A key defined twice with different values", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Settings.strings": .text("\"title\" = \"Settings\";\n\"title\" = \"Preferences\";\n")]),
        .app("A key defined twice with the same value", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Settings.strings": .text("\"title\" = \"Settings\";\n\"title\" = \"Settings\";\n")]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("The same key in each locale's file", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Settings.strings": .text("\"title\" = \"Settings\";\n"),
                    "App/de.lproj/Settings.strings": .text("\"title\" = \"Einstellungen\";\n")]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        for table in context.appStringsTables {
            for (locale, file) in table.files {
                for duplicate in file.duplicateKeys {
                    let lines = duplicate.locations.map { String($0.line) }
                    let at = lines.count == duplicate.values.count ? " (lines \(lines.joined(separator: ", ")))" : ""
                    let winner = duplicate.values.last!
                    let differs = Set(duplicate.values).count > 1
                    let message = differs
                        ? "\"\(duplicate.key)\" [\(locale)] is defined \(duplicate.values.count) times\(at) with different values: devices show the last one, \(CheckContext.quoted(winner))"
                        : "\"\(duplicate.key)\" [\(locale)] is defined \(duplicate.values.count) times\(at) with the same value: only the last one counts"
                    let first = duplicate.locations.first
                    result.append(finding(differs ? .warning : .note, file: table.path(locale: locale), key: duplicate.key, locale: locale,
                                          line: first?.line, column: first?.column, message: message))
                }
            }
        }
        return result
    }
}
