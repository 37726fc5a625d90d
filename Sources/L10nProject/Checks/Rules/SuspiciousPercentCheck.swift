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
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("No placeholder: the string is not formatted", localizable: ["discount": ["en": "Save 30% for friends", "de": "30 % Rabatt für Freunde"]]),
        .app("%% is a percent sign", localizable: ["discount": ["en": "Save 30%% for %@", "de": "Spare 30 %% für %@"]]),
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
        return result
    }
}
