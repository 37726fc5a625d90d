import L10nCore
/// A value in state `needs_review` or `new`: it ships as it is, unreviewed.
public struct NeedsReviewCheck: Check {
    public static let id = "needs-review"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A translation is marked needs_review or new, and ships unreviewed"
    public static let hint = "review it and mark it translated (or export it again for the translator)"

    public static let triggeringExamples: [CheckExample] = [
        .app("A translation still to review", localizable: ["search": ["en": "Search %@…", "de": "[needs_review] %@ durchsuchen…"]]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("Translated", localizable: ["search": ["en": "Search %@…", "de": "%@ durchsuchen…"]]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        context.appUnitsInPlace { file, unit in
            let state = unit.state
            guard state == .needsReview || state == .new, !unit.value.isEmpty else { return }
            let key = unit.key, locale = unit.locale, leaf = unit.leaf
            var message = MessageBuilder()
            PlaceholderMismatchCheck.appendDescription(key, leaf.path, to: &message)
            message.append(" [")
            message.append(locale)
            message.append("] ")
            CheckContext.appendQuoted(leaf.unit.value, to: &message)
            message.append(" is ")
            message.append(leaf.unit.state.rawValue)
            message.append(": devices show it unreviewed")
            result.append(finding(file: file.path, key: key, locale: locale, message: message.text))
        }
        return result
    }
}
