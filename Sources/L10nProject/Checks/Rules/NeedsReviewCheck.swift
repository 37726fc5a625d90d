import L10nCore
/// A value in state `needs_review` or `new` (or `machine_translated`, or `stale`, which no person
/// signed off either): it ships as it is, unreviewed. A development-language value in state `new`
/// is not one: Xcode writes that state on the source texts it extracts with their value
/// (storyboards, Info.plist) and on the positional form it adds for a key with several arguments;
/// nobody reviews those, and a device shows the developer's own text.
public struct NeedsReviewCheck: Check {
    public static let id = "needs-review"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A translation is marked needs_review, new, machine_translated or stale, and ships unreviewed"
    public static let hint = "review it and mark it translated (or export it again for the translator)"

    public static let triggeringExamples: [CheckExample] = [
        .app("A translation still to review", localizable: ["search": ["en": "Search %@…", "de": "[needs_review] %@ durchsuchen…"]]),
        .app("A new translation", localizable: ["search": ["en": "Search %@…", "de": "[new] %@ durchsuchen…"]]),
        .app("A machine translation nobody reviewed", localizable: ["search": ["en": "Search %@…", "de": "[machine_translated] %@ durchsuchen…"]]),
        .app("A development-language text marked for review", localizable: ["search": ["en": "[needs_review] Search %@…"]]),
        .app("App Shortcuts phrases to review", localizable: ["x": ["en": "x"]],
             more: ["App/AppShortcuts.xcstrings": .text(Self.appShortcuts(locale: "de", state: "needs_review"))]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("Translated", localizable: ["search": ["en": "Search %@…", "de": "%@ durchsuchen…"]]),
        .app("The positional form Xcode adds in the development language",
             localizable: ["%@ by %@": ["en": "[new] %1$@ by %2$@", "de": "%1$@ von %2$@"]]),
        .app("App Shortcuts phrases Xcode extracted in the development language", localizable: ["x": ["en": "x"]],
             more: ["App/AppShortcuts.xcstrings": .text(Self.appShortcuts(locale: "en", state: "new"))]),
        .app("A key marked not to translate, or no longer in the code: export and coverage leave it out (real MacMouseFix)",
             localizable: ["x": ["en": "x"]], more: ["App/Brand.xcstrings": .text("""
                 { "sourceLanguage" : "en", "strings" : {
                   "brand" : { "shouldTranslate" : false, "localizations" : { "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Marke" } } } },
                   "old" : { "extractionState" : "stale", "localizations" : { "de" : { "stringUnit" : { "state" : "new", "value" : "Alt" } } } }
                 }, "version" : "1.0" }
                 """)]),
    ]

    /// An App Shortcuts catalog with one phrase set, in `locale` and `state`.
    static func appShortcuts(locale: String, state: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Show the tide in ${applicationName}" : {
              "localizations" : {
                "\(locale)" : {
                  "stringSet" : {
                    "state" : "\(state)",
                    "values" : [
                      "Show the tide in ${applicationName}",
                      "${applicationName} tide"
                    ]
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
    }

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        context.appUnitsInPlace { file, unit in
            let state = unit.state
            // Most units are translated: one comparison for them.
            guard state != .translated, state == .needsReview || state == .new || state == .machineTranslated || state == .stale,
                  !unit.value.isEmpty else { return }
            if state != .needsReview, unit.isIn(file.catalog.sourceLanguage) { return }
            let key = unit.key, locale = unit.locale, leaf = unit.leaf
            // A key nobody translates (`shouldTranslate: false`, or stale and no override of a
            // lower layer's key) is left out of export, coverage and missing-translation alike:
            // no review is asked of it either.
            if let entry = file.catalog.entries[key], !entry.isToTranslate {
                guard let layer = context.chain.firstIndex(where: { $0.layer.catalogPath == file.path }),
                      context.isToTranslate(key, layer: layer, entry: entry) else { return }
            }
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
        // App Shortcuts phrases (`AppShortcuts.xcstrings`, the one name App Intents reads) are
        // string sets, not units: a set's state is its phrases'.
        for file in context.appCatalogs where file.table == "AppShortcuts" {
            for (key, entry) in file.catalog.entries where entry.isToTranslate {
                for (locale, localization) in entry.localizations ?? [:] {
                    guard let set = localization.stringSet, let state = set.state,
                          state == .needsReview || (state == .new && locale != file.catalog.sourceLanguage) else { continue }
                    let first = CheckContext.quoted(set.values[0])
                    let phrases = set.values.count == 1 ? "phrase \(first) is" : "\(set.values.count) phrases \(first), … are"
                    result.append(finding(file: file.path, key: key, locale: locale,
                                          message: "\"\(key)\" [\(locale)] \(phrases) \(state.rawValue): Siri and Shortcuts offer \(set.values.count == 1 ? "it" : "them") unreviewed"))
                }
            }
        }
        return result
    }
}
