import Foundation
import L10nKit

/// `l10n plurals LOCALE...`: the CLDR plural categories each locale needs, as ICU knows them.
struct PluralsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "plurals",
        abstract: "Print the plural categories of locales (CLDR rules from ICU).",
        discussion: """
            Prints one line per locale, e.g. "ru: one few many other". A plural variation in a \
            String Catalog needs exactly these cases; a zero case is allowed in every language \
            (Foundation shows it for 0).
            """)
    static let arguments: [ArgumentSpec] = [
        .positional("locale", help: "A locale id: en, pt-BR, zh-Hant, sr-Latn, en_GB.", repeating: true),
        .flag("ordinal", help: "Ordinal rules (1st, 2nd, 3rd) instead of cardinal ones."),
        .flag("rules", help: "Also print each category's CLDR condition and sample numbers."),
        OutputFormat.argument(help: "text, or json: a JSON array of {\"locale\", \"categories\"} objects."),
        OutputFormat.jsonFlag,
    ]

    var locales: [String]
    var type: PluralRuleType
    var showsRules: Bool
    var json: Bool

    init(_ arguments: ParsedArguments) throws {
        locales = arguments.values("locale")
        type = arguments.flag("ordinal") ? .ordinal : .cardinal
        showsRules = arguments.flag("rules")
        json = try OutputFormat(arguments) == .json
        if showsRules && json { throw UsageError("--rules and --json cannot be combined (nor --rules and --format json)") }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let rules = try locales.map { try PluralRules(locale: $0, type: type) }
        for rule in rules where !rule.hasLocaleData {
            var suggestion: String?
            do { _ = try LocaleIdentifier(validating: rule.locale) } catch { suggestion = error.suggestion }
            context.note("warning: ICU has no plural rules for '\(rule.locale)'; it uses the root rules, where every number is other"
                         + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
        if json {
            context.print(JSONWriter.rows(rules.map { rule in
                .object([("locale", .string(rule.locale)), ("categories", .array(rule.categories.map { .string($0.rawValue) }))])
            }))
            return .success
        }
        for rule in rules {
            context.print("\(rule.locale): " + rule.categories.map(\.rawValue).joined(separator: " "))
            guard showsRules else { continue }
            for category in rule.categories {
                guard let detail = rule.rule(for: category) else { continue }
                var line = "  " + category.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
                line += " " + (detail.condition.isEmpty ? "(everything else)" : detail.condition)
                // Compact-notation samples ("1c6") never reach a catalog's plural variations.
                let plain = { (samples: [String]) in samples.filter { !$0.contains("c") } }
                let samples = plain(detail.integerSamples).prefix(6) + plain(detail.decimalSamples).prefix(3)
                if !samples.isEmpty { line += "  e.g. " + samples.joined(separator: ", ") }
                context.print(line)
            }
        }
        return .success
    }
}
