import L10nFormats
import L10nCore
import L10nLocale

/// A `%` followed by a space in a string that is formatted: Xcode does not count it as a
/// placeholder, but `String(format:)` reads `30% for` as `% f` and consumes an argument.
public struct SuspiciousPercentCheck: Check {
    public static let id = "suspicious-percent"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A '%' followed by a space in a format string, which String(format:) misreads (30% for → % f)"
    public static let hint = "write %% for a percent sign in a string that has placeholders"

    public static let triggeringExamples: [CheckExample] = [
        .app("'30% for' in a string that also has a placeholder",
             localizable: ["discount": ["en": "Save 30% for %@", "de": "Spare 30% für %@"]]),
        .app("The same in a legacy .strings table", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Shop.strings": .text("\"discount\" = \"Save 30%% for %@\";\n"),
                    "App/de.lproj/Shop.strings": .text("\"discount\" = \"Spare 30% für %@\";\n")]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("No placeholder: the string is not formatted", localizable: ["discount": ["en": "Save 30% for friends", "de": "30 % Rabatt für Freunde"]]),
        .app("%% is a percent sign", localizable: ["discount": ["en": "Save 30%% for %@", "de": "Spare 30 %% für %@"]]),
        .app("A legacy table whose source has no placeholder", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Shop.strings": .text("\"discount\" = \"Save 30% for friends\";\n"),
                    "App/de.lproj/Shop.strings": .text("\"discount\" = \"30 % Rabatt für Freunde\";\n")]),
    ]

    public init() {}

    /// Whether `% ` occurs: each `%` found by `memchr` (most values have none), then the byte
    /// after it looked at.
    static func hasPercentBeforeSpace(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            var from = 0
            while let percent = base.firstIndex(of: UInt8(ascii: "%"), from: from, to: bytes.count) {
                if percent + 1 < bytes.count, base[percent + 1] == UInt8(ascii: " ") { return true }
                from = percent + 1
            }
            return false
        }
    }

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        var sources = SourceFormats()
        context.appUnitsInPlace { file, unit in
            guard Self.hasPercentBeforeSpace(unit.value) else { return }
            guard sources.format(file, unit) != nil else { return }
            let key = unit.key, locale = unit.locale, leaf = unit.leaf
            let argument = CheckContext.substitutionArgument(file.catalog.entries[key]?.localizations?[locale], leaf.path)
            for issue in FormatString(leaf.unit.value, substitution: argument).issues {
                guard case .lonePercent(let reading?) = issue.kind else { continue }
                result.append(finding(file: file.path, key: key, locale: locale,
                                      message: "\(PlaceholderMismatchCheck.describe(key, leaf.path)) [\(locale)] \(CheckContext.quoted(leaf.unit.value)): String(format:) reads '\(reading)' and consumes an argument"))
            }
        }
        // Legacy tables: the development language's values and each translation, when the key's
        // source text has a placeholder.
        var formatted: [String: Bool] = [:]
        func hasPlaceholder(_ source: String) -> Bool {
            if let known = formatted[source] { return known }
            let has = !FormatString(source).specifiers.isEmpty
            formatted[source] = has
            return has
        }
        // The source file first, then each translation by locale; an entry is looked at only
        // when it holds `% ` (most hold none), its source text only then.
        for table in context.appStringsTables {
            guard let (sourceLocale, sourceFile) = table.sourceFile(sourceLanguage: context.sourceLanguage) else { continue }
            let translations = table.files.filter { $0.key != sourceLocale && $0.key != "Base" && $0.key != context.sourceLanguage }
                .sorted { $0.key < $1.key }
            for (locale, file) in [(sourceLocale, sourceFile)] + translations {
                for index in file.entries.indices where Self.hasPercentBeforeSpace(file.entries[index].value) {
                    let entry = file.entries[index]
                    guard let source = locale == sourceLocale ? entry.value : sourceFile.value(forKey: entry.key), hasPlaceholder(source) else { continue }
                    for issue in FormatString(entry.value).issues {
                        guard case .lonePercent(let reading?) = issue.kind else { continue }
                        result.append(finding(file: table.path(locale: locale), key: entry.key, locale: locale,
                                              line: entry.location?.line, column: entry.location?.column,
                                              message: "\"\(entry.key)\" [\(locale)] \(CheckContext.quoted(entry.value)): String(format:) reads '\(reading)' and consumes an argument"))
                    }
                }
            }
        }
        return result
    }
}
