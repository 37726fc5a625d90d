import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// A plural variation that lacks a category CLDR defines for its locale, or a form that drops the
/// count although its category covers more than one number.
public struct PluralCategoriesCheck: Check {
    public static let id = "plural-categories"
    public static let defaultSeverity = Severity.error
    public static let severityRule: String? = "error when the category covers an integer below 100 (or `other` is missing); warning when only larger numbers reach it (French many: 1,000,000), or when no form shows the count (the categories then choose words only)"
    public static let summary = "A plural variation lacks a category its locale's CLDR rules select, or a form drops a count that varies"
    public static let hint = "add the missing plural forms (l10n plurals LOCALE lists them)"

    public static let triggeringExamples: [CheckExample] = [
        .app("Russian lacks few and many", declared: ["en", "ru"],
             localizable: ["%lld files": ["en/plural/one": "%lld file", "en/plural/other": "%lld files",
                                          "ru/plural/one": "%lld файл", "ru/plural/other": "%lld файла"]]),
        .app("French lacks many (a warning: only 1,000,000 and up read wrong)", declared: ["en", "fr"],
             localizable: ["%lld drafts": ["en/plural/one": "%lld draft", "en/plural/other": "%lld drafts",
                                           "fr/plural/one": "%lld brouillon", "fr/plural/other": "%lld brouillons"]]),
        .app("Russian 'one' drops the count but also covers 21, 31, …", declared: ["en", "ru"],
             localizable: ["%lld files": ["en/plural/one": "%lld file", "en/plural/other": "%lld files",
                                          "ru/plural/one": "Один файл", "ru/plural/few": "%lld файла",
                                          "ru/plural/many": "%lld файлов", "ru/plural/other": "%lld файла"]]),
        .app("A legacy .stringsdict whose Russian 'one' states no count", declared: ["en", "ru"], localizable: ["x": ["en": "x"]],
             more: ["App/ru.lproj/Files.stringsdict": Self.russianFiles(one: "Один файл")]),
        .app("German 'other' drops the count the English 'other' shows: 0, 2, 3, … all read 'Farben'",
             localizable: ["%lld colors": ["en/plural/one": "%lld color", "en/plural/other": "%lld colors",
                                           "de/plural/one": "%lld Farbe", "de/plural/other": "Farben"]]),
        .app("A .stringsdict 'one' form reads the names but writes the count as 1: Russian 'one' covers 21 and 31 (DuckDuckGo)",
             declared: ["en", "ru"], localizable: ["x": ["en": "x"]], more: [
                 "App/en.lproj/Trackers.stringsdict": .plurals(key: "trackers", variable: "count", valueType: "d",
                                                               forms: ["one": "%2$@ and 1 other", "other": "%2$@ and %1$d others"]),
                 "App/ru.lproj/Trackers.stringsdict": .plurals(key: "trackers", variable: "count", valueType: "d",
                                                               forms: ["one": "%2$@ и ещё 1", "few": "%2$@ и ещё %1$d", "many": "%2$@ и ещё %1$d", "other": "%2$@ и ещё %1$d"]),
             ]),
        .app("A zero form takes 0, but Russian still lacks 'many' for 5, 6, …", declared: ["en", "ru"], localizable: ["x": ["en": "x"]],
             more: ["App/ru.lproj/Days.stringsdict": .plurals(key: "days ago", variable: "days", valueType: "d",
                                                              forms: ["zero": "Сегодня", "one": "%d день назад", "few": "%d дня назад", "other": "%d дня назад"])]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("French 'one' may say 'Un fichier' when a zero form takes 0: it then covers only 1",
             declared: ["en", "fr"],
             localizable: ["%lld files": ["en/plural/one": "%lld file", "en/plural/other": "%lld files",
                                          "fr/plural/zero": "Aucun fichier", "fr/plural/one": "Un fichier", "fr/plural/many": "%lld de fichiers",
                                          "fr/plural/other": "%lld fichiers"]]),
        .app("A legacy .stringsdict with every Russian form counting", declared: ["en", "ru"], localizable: ["x": ["en": "x"]],
             more: ["App/ru.lproj/Files.stringsdict": Self.russianFiles(one: "%d файл")]),
        .app("English one may say 'One file': it covers only 1",
             localizable: ["%lld files": ["en/plural/one": "One file", "en/plural/other": "%lld files",
                                          "de/plural/one": "Eine Datei", "de/plural/other": "%lld Dateien"]]),
        .app("No form shows the count, in the source either: a plural for the words only",
             localizable: ["delete files": ["en/plural/one": "Delete this file?", "en/plural/other": "Delete these files?",
                                            "de/plural/one": "Diese Datei löschen?", "de/plural/other": "Diese Dateien löschen?"]]),
        .app("An explicit zero is allowed everywhere",
             localizable: ["%lld files": ["en/plural/zero": "No files", "en/plural/one": "%lld file", "en/plural/other": "%lld files"]]),
        .app("A substitution whose only form is the number reads right for every count", declared: ["en", "ru"],
             localizable: ["left": ["en": "%#@n@ left", "en/substitutions/n/plural/other": "%arg",
                                    "ru": "Осталось %#@n@", "ru/substitutions/n/plural/other": "%arg"]]),
    ]

    /// A Russian `.stringsdict` with one plural variable, `one` as given.
    static func russianFiles(one: String) -> ExampleFile {
        .plurals(key: "%d files", variable: "files", valueType: "d",
                 forms: ["one": one, "few": "%d файла", "many": "%d файлов", "other": "%d файла"])
    }

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        var rulesByLocale: [String: LocaleRules?] = [:]
        func rules(for locale: String) -> LocaleRules? {
            if let known = rulesByLocale[locale] { return known }
            let made = LocaleRules(locale)
            rulesByLocale[locale] = .some(made)
            return made
        }
        // Entry order does not matter: findings are sorted by file and line at the end.
        for file in context.appCatalogFiles {
            // The path taken once: the closure below that read `file.path` copied the whole
            // catalog file (a retain of each of its fields) for every variation.
            let path = file.path
            for (key, entry) in file.catalog.entries {
                guard let localizations = entry.localizations else { continue }
                for (locale, localization) in localizations where localization.variations != nil || localization.substitutions != nil {
                    // The locale's rules, looked up at the localization's first plural variation.
                    var localizationRules: LocaleRules?? = nil
                    Self.forEachPluralVariation(in: localization) { prefix, cases in
                        if localizationRules == nil { localizationRules = .some(rules(for: locale)) }
                        guard let localeRules = localizationRules ?? nil else { return }
                        var present: UInt8 = 0
                        for name in cases.keys { present |= PluralCategory(name: name)?.bit ?? 0 }
                        check(present: present, other: cases["other"]?.stringUnit?.value,
                              sourceOther: {
                                  CheckContext.sourceText(in: file.catalog, key: key,
                                                          path: StringUnitPath(prefix().components + ["plural", "other"])).text
                              },
                              forms: { body in for (category, form) in cases { body(category, form.stringUnit?.value, nil) } },
                              place: {
                                  let path = prefix()
                                  return path.isRoot ? "\"\(key)\"" : "\"\(key)\" \(path.components.joined(separator: "."))"
                              },
                              rules: localeRules, file: path, key: key, locale: locale, into: &result)
                    }
                }
            }
        }
        // Legacy tables' `.stringsdict` files: each plural variable (`%#@files@`) the same way.
        for table in context.appStringsTables {
            for (locale, plurals) in table.pluralFiles {
                // `Base.lproj` holds the development language's forms.
                guard let localeRules = rules(for: locale == "Base" ? context.sourceLanguage : locale) else { continue }
                let file = table.pluralPath(locale: locale)
                let sourceFile = table.sourcePluralFile(sourceLanguage: context.sourceLanguage)
                // The source's entries by key, made once per file and only when asked.
                var sourceEntries: [String: StringsdictEntry]?
                func sourceEntry(_ key: String) -> StringsdictEntry? {
                    if sourceEntries == nil { sourceEntries = sourceFile?.entriesByKey ?? [:] }
                    return sourceEntries?[key]
                }
                for entry in plurals.entries {
                    // The argument each variable counts: a form shows its count when it reads
                    // that one, not any (DuckDuckGo's Russian `one` "%2$@, %3$@ и ещё 1" reads
                    // two names and writes the count as 1, wrong for 21 and 31).
                    // Asked only of a form that writes positions (`%2$@`): one of implicit
                    // specifiers only reads its variable's argument with any of them.
                    var arguments: [String: Int]?
                    func counted(_ name: String) -> Int? {
                        if arguments == nil { arguments = entry.variableArguments }
                        if arguments?[name] == nil, let known = sourceEntry(entry.key)?.variableArguments[name] { arguments?[name] = known }
                        return arguments?[name]
                    }
                    for variable in entry.variables where variable.ruleType == .plural {
                        var present: UInt8 = 0
                        for form in variable.cases { present |= PluralCategory(name: form.category)?.bit ?? 0 }
                        let name = variable.name
                        check(present: present, other: variable.value(for: "other"),
                              sourceOther: { sourceEntry(entry.key)?.variable(name)?.value(for: "other") },
                              showsCount: { text in
                                  guard text.utf8.contains(UInt8(ascii: "$")), let argument = counted(name) else { return FormatString.hasSpecifiers(text) }
                                  return FormatString.reads(text, argument: argument)
                              },
                              forms: { body in for form in variable.cases { body(form.category, form.string, form.location) } },
                              place: { "\"\(entry.key)\" %#@\(variable.name)@" },
                              rules: localeRules, file: file, key: entry.key, locale: locale,
                              line: variable.location?.line, column: variable.location?.column, into: &result)
                    }
                }
            }
        }
        return result
    }

    /// Whether a form holds a count and no words: its text outside the specifiers has no letter.
    /// Read as a substitution's form, so `%arg` is a specifier (a plain form has none).
    static func isOnlyTheNumber(_ text: String) -> Bool {
        let format = FormatString(text, substitution: SubstitutionArgument(number: nil, formatSpecifier: "lld"))
        guard !format.specifiers.isEmpty, format.issues.isEmpty else { return false }
        return !format.tokens.contains { token in
            if case .literal(let literal) = token { return literal.unicodeScalars.contains { $0.properties.isAlphabetic } }
            return false
        }
    }

    /// A locale's rules and which integers below 100 each category covers, asked of ICU once.
    struct LocaleRules {
        let rules: PluralRules
        let integersBelow100: [PluralCategory: [Int]]
        /// CLDR's sample integers per category, as people read them.
        let samples: [PluralCategory: [String]]

        init?(_ locale: String) {
            guard let rules = try? PluralRules(locale: locale), rules.hasLocaleData else { return nil }
            self.rules = rules
            integersBelow100 = rules.integers(below: 100)
            samples = Dictionary(uniqueKeysWithValues: rules.categories.map { ($0, PluralCategoriesCheck.readable(rules.rule(for: $0)?.integerSamples ?? [])) })
        }
    }

    /// The findings of one plural variation (a catalog's or a `.stringsdict` variable's): the
    /// categories `present` (bits), the `other` form's text, and a walk of the forms (category,
    /// text, where it stands when the finding's own line is not the variable's) and the
    /// description of the variation, asked only when needed.
    private func check(present: UInt8, other: String?, sourceOther: () -> String?,
                       showsCount readsCount: ((String) -> Bool)? = nil,
                       forms: ((_ category: String, _ text: String?, _ location: SourceLocation?) -> Void) -> Void, place: () -> String,
                       rules localeRules: LocaleRules, file: String, key: String, locale: String,
                       line: Int? = nil, column: Int? = nil, into result: inout [Finding]) {
        let rules = localeRules.rules
        func finding(_ severity: Severity, message: String, hint: String? = nil, at location: SourceLocation? = nil) -> Finding {
            self.finding(severity, file: file, key: key, locale: locale, line: location?.line ?? line, column: location?.column ?? column,
                         message: message, hint: hint)
        }
        let integersBelow100 = localeRules.integersBelow100
        // An `other` form that is only the number (`%arg`, `(%lld)`) reads right for every count;
        // asked once, and only of a variation that lacks a category.
        var otherIsOnlyTheNumber: Bool?
        // Foundation uses an explicit zero form for exactly 0 in every language, whatever CLDR
        // says: 0 then reads right whichever category CLDR gives it.
        let zeroIsOwn = present & PluralCategory.zero.bit != 0
        func covered(_ category: PluralCategory) -> [Int] {
            let numbers = integersBelow100[category] ?? []
            return zeroIsOwn && numbers.first == 0 ? Array(numbers.dropFirst()) : numbers
        }
        // A form shows the count when it has a specifier, unless the caller knows which argument it is.
        func showsCount(_ text: String) -> Bool { readsCount?(text) ?? FormatString.hasSpecifiers(text) }
        // Whether the variation shows its count: its `other` form does, or the source's does.
        var knownShowsCount: Bool?
        func showsItsCount() -> Bool {
            if let known = knownShowsCount { return known }
            let shows = other.map(showsCount) == true || sourceOther().map(showsCount) == true
            knownShowsCount = shows
            return shows
        }
        for category in rules.categories where present & category.bit == 0 {
            let numbers = covered(category)
            if category != .other {
                if otherIsOnlyTheNumber == nil { otherIsOnlyTheNumber = other.map(Self.isOnlyTheNumber) ?? false }
                if otherIsOnlyTheNumber == true { continue }
            }
            if category == .other {
                result.append(finding(.error, message: "\(place()) [\(locale)] has no 'other' form: every number without its own form shows nothing"))
            } else if !numbers.isEmpty, !showsItsCount() {
                // No form shows the count ("Удалить список?" / "Удалить списки?"): the
                // categories choose words only, which the `other` form's may fit.
                result.append(finding(.warning, message: "\(place()) [\(locale)] lacks '\(category.rawValue)': \(Self.list(numbers)) use the 'other' form's words (no form shows the count)"))
            } else if !numbers.isEmpty {
                result.append(finding(.error, message: "\(place()) [\(locale)] lacks '\(category.rawValue)': \(Self.list(numbers)) use the 'other' form and read wrong"))
            } else {
                let samples = (localeRules.samples[category] ?? []).prefix(3).joined(separator: ", ")
                result.append(finding(.warning, message: "\(place()) [\(locale)] lacks '\(category.rawValue)': numbers such as \(samples) use the 'other' form"))
            }
        }
        // The variation shows its count when its `other` form does, or when the source's does
        // (a translated `other` that dropped it is then a form without a count too); forms
        // that all leave it out ("Delete these files?", or a count shown beside the
        // substitution) are a choice, not a loss.
        guard other != nil, showsItsCount() else { return }
        // Forms that state no count although their category covers several integers (rare: the
        // list stays empty, unallocated, for almost every variation).
        var wordy: [(category: String, text: String, numbers: [Int], location: SourceLocation?)] = []
        forms { category, text, location in
            // Foundation uses an explicit zero form for exactly 0 in every language.
            guard let text, let plural = PluralCategory(name: category),
                  plural != .zero, !showsCount(text) else { return }
            let numbers = covered(plural)
            if numbers.count > 1 { wordy.append((category, text, numbers, location)) }
        }
        for (category, text, numbers, location) in wordy {
            result.append(finding(.error,
                                  message: "\(place()) [\(locale)] '\(category)' form \(CheckContext.quoted(text)) states no count, but '\(category)' covers \(Self.list(numbers)): all of them read as that text",
                                  hint: "keep the count placeholder in this form; only a category that covers a single number may state it in words",
                                  at: location))
        }
    }

    /// Calls `body` with every plural variation in a localization (its own, those inside its
    /// other variation kinds, then its substitutions' by name) and a way to make the path to it:
    /// paths are made only for findings, which most variations have none of.
    static func forEachPluralVariation(in localization: CatalogLocalization, prefix: [String] = [],
                                       _ body: (_ path: () -> StringUnitPath, _ cases: CatalogLocalizations) -> Void) {
        if let variations = localization.variations {
            if let plural = variations.plural { body({ StringUnitPath(prefix) }, plural) }
            for (kind, cases) in variations.kinds where kind != "plural" {
                for (name, variation) in cases where variation.variations != nil || variation.substitutions != nil {
                    forEachPluralVariation(in: variation, prefix: prefix + [kind, name], body)
                }
            }
        }
        if let substitutions = localization.substitutions {
            for name in substitutions.count > 1 ? substitutions.keys.sorted() : Array(substitutions.keys) {
                if let plural = substitutions[name]?.variations?.plural {
                    body({ StringUnitPath(prefix + ["substitutions", name]) }, plural)
                }
            }
        }
    }

    /// CLDR samples as numbers people read: `1c6` → `1000000`; ranges (`2~4`) stay as written.
    static func readable(_ samples: [String]) -> [String] {
        var seen = Set<String>()
        return samples.compactMap { sample in
            var text = sample
            if let c = sample.firstIndex(where: { $0 == "c" || $0 == "e" }), let base = Int(sample[..<c]),
               let exponent = Int(sample[sample.index(after: c)...]), exponent <= 12 {
                text = String(base * Int(pow(10.0, Double(exponent))))
            }
            return seen.insert(text).inserted ? text : nil
        }
    }

    package static func list(_ numbers: [Int]) -> String {
        numbers.prefix(6).map(String.init).joined(separator: ", ") + (numbers.count > 6 ? ", …" : "")
    }
}
