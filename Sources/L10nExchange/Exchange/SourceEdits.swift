import L10nCore
import L10nFormats
import L10nLocale

/// Copy edits of the development language (`l10n import --source-edits`): Xcode exports the
/// development language as a file whose targets are the source texts, and teams send it to copy
/// editors. What comes back changes source texts, which every translation was made from.
///
/// This type holds what the import needs beyond the unit rules: the text written for an edited
/// source, the argument comparison of the `source-placeholders` rule, and which translations a
/// changed source puts up for review.
struct SourceEdits {
    /// One translation of a changed source text, as the catalog holds it.
    struct Review {
        var locale: String
        var id: String
        var path: StringUnitPath
        package var value: String
        var state: StringUnitState
    }

    /// `CatalogUnits` per locale, made once per run (each asks ICU for plural rules).
    private var unitsByLocale: [String: CatalogUnits] = [:]

    /// The translations in every other locale of the entry whose source text differs between
    /// `before` and `after`, in Xcode's locale order, then unit order. Translations already
    /// waiting for a translator (`new`, `needs_review`) are left out: they are exported as missing anyway.
    mutating func translationsToReview(key: String, before: CatalogEntry, after: CatalogEntry, sourceLanguage: String) -> [Review] {
        var reviews: [Review] = []
        let locales = Collator.xcodeKeyOrder.sorted(after.localizations.map { Array($0.keys) } ?? [])
        for locale in locales where locale != sourceLanguage {
            if unitsByLocale[locale] == nil { unitsByLocale[locale] = CatalogUnits(locale: locale) }
            let units = unitsByLocale[locale]!
            var sourcesBefore: [String: String] = [:]
            for unit in units.units(key: key, entry: before, sourceLanguage: sourceLanguage) { sourcesBefore[unit.id] = unit.sourceValue }
            for unit in units.units(key: key, entry: after, sourceLanguage: sourceLanguage) {
                guard let value = unit.targetValue, let state = unit.targetState, state != .needsReview, state != .new,
                      sourcesBefore[unit.id] != unit.sourceValue else { continue }
                reviews.append(Review(locale: locale, id: unit.id, path: unit.path, value: value, state: state))
            }
        }
        return reviews
    }

    /// The text written for an edited source: as edited, except that Xcode's positional form of
    /// a source the project writes without positions (exported `%1$@ of %2$@` for `%@ of %@`)
    /// goes back to the implicit form when its arguments still come in order, so the project
    /// keeps its own spelling.
    static func written(_ edited: String, replacing current: String) -> String {
        let old = FormatString(current)
        guard old.specifiers.count >= 2, !old.usesPositions else { return edited }
        let new = FormatString(edited)
        guard !new.specifiers.isEmpty, new.specifiers.enumerated().allSatisfy({ index, specifier in
            specifier.position == index + 1 && specifier.argument == index + 1 && specifier.widthArgument == nil
                && specifier.precisionArgument == nil && specifier.text.hasPrefix("%\(index + 1)$")
        }) else { return edited }
        var text = ""
        for token in new.tokens {
            switch token {
            case .literal(let literal): text += literal
            case .percentSign: text += "%%"
            case .specifier(let specifier):
                text += "%" + specifier.text.dropFirst("%\(specifier.argument)$".count)
            }
        }
        return text
    }

    /// What an edited source changes in the arguments its translations read (one message per
    /// change; empty when it reads the same ones as the same kinds). A source that read no
    /// argument and still reads none is not a format string. In a plural case the count may be
    /// written in words (`One draft` for `%lld draft`), as a translation may.
    static func argumentChanges(current: String, edited: String, substitution: SubstitutionArgument?, isPluralCase: Bool) -> [String] {
        let old = FormatString(current, substitution: substitution)
        let new = FormatString(edited, substitution: substitution)
        if old.specifiers.isEmpty && new.specifiers.isEmpty { return [] }
        let options = isPluralCase ? FormatComparisonOptions.pluralCase(of: old, substitution: substitution) : FormatComparisonOptions()
        return FormatString.mismatches(source: old, translation: new, options: options).compactMap { mismatch in
            // A problem of the new text alone that reads no argument (`30% for`) is not a change of arguments.
            if case .translationIssue = mismatch.kind, mismatch.severity != .error { return nil }
            return mismatch.message
                .replacingOccurrences(of: " in the source", with: " in the current source")
                .replacingOccurrences(of: "the translation", with: "the edited source")
                .replacingOccurrences(of: "which the source does not pass", with: "which the code does not pass")
        }
    }
}
