import L10nFormats
import L10nLocale
import L10nXLIFF

/// One translatable string of a catalog entry or `.strings` key for one target locale: what an
/// export writes as a `<trans-unit>` and what an import checks a returned unit against.
///
/// Export and import compute these the same way (`CatalogUnits`, `StringsUnits`), so a unit the
/// export wrote is always recognized by the import, with the same id and the same source text.
public struct ExchangeUnit: Hashable, Sendable {
    /// The XLIFF id: the key, or `KEY|==|plural.one` for a variation.
    public var id: String
    /// The catalog or `.strings` key.
    public var key: String
    /// Where the string unit sits in the locale's localization (`[]` for the plain value).
    public var path: StringUnitPath
    /// The source text as Xcode exports it (positional specifiers when it reads several arguments,
    /// a substitution's `%arg` as `%N$lld`).
    public var source: String
    /// The source text as the catalog or `.strings` file holds it.
    public var sourceValue: String
    /// The meaning of `%arg` in the source when the unit is a substitution's variation.
    public var sourceSubstitution: SubstitutionArgument?
    /// The meaning of `%arg` in the target (the target locale's substitution, else the source's).
    public var targetSubstitution: SubstitutionArgument?
    /// The locale's current value, nil when it has none.
    public var targetValue: String?
    /// The locale's current `stringUnit.state`; nil for `.strings` values, which have no state.
    public var targetState: StringUnitState?
    /// False for catalog entries with `shouldTranslate: false`.
    public var translate: Bool
    /// The `<note>` text ("" gives `<note/>`).
    public var note: String
    /// Whether the unit is one case of a plural variation (its count may be written in words).
    public var isPluralCase: Bool
    /// Whether the export writes the target in positional form, as it does the source. Xcode
    /// does so for catalog values but writes a `.strings` value as the file holds it (Xcode 15:
    /// target `Importieren %d von %d` beside the source `Importing %1$d of %2$d`).
    public var positionalizesTarget: Bool = true
    /// For a plural case whose own source states no count ("One file"): its variation's
    /// `other` source when that one does. The case's form must still state the count where its
    /// category covers several numbers (Russian `one`: 1, 21, 31, …).
    public var countSource: String?
    /// For a case of a `.stringsdict` variable: what its specifiers are judged against.
    public var variableForm: VariableForm?

    /// How a `.stringsdict` variable's form is judged, as the `placeholder-mismatch` check
    /// judges it: against the source variable's `other` (what the key passes; the source's own
    /// `one` may leave out the count a Russian `one` must show), a form's one implicit
    /// specifier read at the variable's argument (`of %d matches` and `из %2$d совпадений`
    /// under `%2$#@total@` read the same argument). A reference: most units have none.
    public final class VariableForm: Hashable, Sendable {
        /// The source text the form is judged against, positioned.
        public let source: String
        /// The variable's argument, when the entry names it.
        public let argument: Int?

        public init(source: String, argument: Int?) {
            self.source = source
            self.argument = argument
        }

        public static func == (a: VariableForm, b: VariableForm) -> Bool { a.source == b.source && a.argument == b.argument }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(source)
            hasher.combine(argument)
        }

        /// A form's text as judged.
        public func positioned(_ text: String) -> String {
            argument.map { FormatString.positioned(text, argument: $0) } ?? text
        }
    }

    /// `countSource` of a plural case whose own source is `source` in a variation whose
    /// `other` source is `other`: that `other` when it states the count and the case does not.
    static func countSource(of source: String, other: String?) -> String? {
        guard let other, !ImportPolicy.hasPercent(source), ImportPolicy.hasPercent(other) else { return nil }
        return other
    }

    /// Whether the locale has a finished translation: a value in state `translated`, or any value
    /// of a `.strings` file. Everything else (no value, `new`, `needs_review`, `stale`,
    /// `machine_translated`) is what the `missing` scope exports.
    public var isTranslated: Bool {
        guard targetValue != nil else { return false }
        return targetState == nil || targetState == .translated
    }

    /// The XLIFF state the current target is exported with (nil for `.strings` values).
    public var exportedTargetState: XLIFFTargetState? {
        targetState.map(ExchangeStates.exported)
    }

    /// The `<trans-unit>` an export writes: no `<target>` when the locale has no value.
    public var transUnit: TransUnit {
        let target = targetValue.map { positionalizesTarget ? FormatString.positionalized($0, substitution: targetSubstitution) : $0 }
        return TransUnit(id: id, translate: translate, source: source, target: target,
                         targetState: target == nil ? nil : exportedTargetState, note: note)
    }

    /// The XLIFF id of a key and a variation path.
    public static func id(key: String, path: StringUnitPath) -> String {
        path.isRoot ? key : key + XcodeUnitID.variationSeparator + path.description
    }
}

/// Computes the units of String Catalog entries for a target locale.
///
/// The source language's structure decides the units: one per string unit of the source
/// localization (the key itself when the entry has none), plus the target's own variation cases.
/// Plural variations follow the target language: one unit per CLDR category the target locale
/// uses (`ru`: one few many other, `ja`: other), plus any case the target already has and a
/// `zero` case the source has; a category the source lacks takes its source text from the
/// source's `other` case (formats.md §2). A target-only device case takes the source's `other`
/// device case; a target that varies where the source does not takes the source's plain value.
public struct CatalogUnits: Sendable {
    public var locale: String
    /// The CLDR plural categories of the locale; nil when ICU does not know the locale id.
    public var pluralCategories: [PluralCategory]?

    public init(locale: String) {
        self.locale = locale
        self.pluralCategories = (try? PluralRules(locale: locale))?.categories
    }

    /// The units of one entry in Xcode's unit order (by id).
    public func units(key: String, entry: CatalogEntry, sourceLanguage: String) -> [ExchangeUnit] {
        units(key: key, localizations: entry.localizations, note: entry.comment ?? "", translate: entry.shouldTranslate != false,
              sourceLanguage: sourceLanguage)
    }

    /// The same, from the parts of the entry the units carry.
    func units(key: String, localizations: CatalogLocalizations?, note: String, translate: Bool,
               sourceLanguage: String) -> [ExchangeUnit] {
        let source = localizations?[sourceLanguage]
        let target = locale == sourceLanguage ? nil : localizations?[locale]
        let sourceLeaves = source?.stringUnits ?? []
        let targetLeaves = target?.stringUnits ?? []

        var candidates: [StringUnitPath] = sourceLeaves.map(\.path)
        // A locale that varies a string its source does not (a translator's device or plural
        // forms) has no plain value: the variations replace it, as Xcode's import makes them.
        if target?.hasVariations == true, source?.hasVariations != true, target?.stringUnit == nil {
            candidates.removeAll { $0.isRoot }
        }
        for leaf in targetLeaves where !candidates.contains(leaf.path) { candidates.append(leaf.path) }
        if candidates.isEmpty { candidates = [StringUnitPath()] }
        let paths = expandPlurals(candidates, sourceLeaves: sourceLeaves, targetLeaves: targetLeaves)

        var units: [ExchangeUnit] = []
        for path in paths {
            guard let resolved = Self.sourceText(at: path, key: key, source: source, sourceHasLeaves: !sourceLeaves.isEmpty) else { continue }
            let sourceSubstitution = resolved.substitution
            let targetSubstitution = target.flatMap { Self.substitution(in: $0, at: path) } ?? sourceSubstitution
            let current = target?.stringUnit(at: path)
            units.append(ExchangeUnit(
                id: ExchangeUnit.id(key: key, path: path),
                key: key,
                path: path,
                source: FormatString.positionalized(resolved.value, substitution: sourceSubstitution),
                sourceValue: resolved.value,
                sourceSubstitution: sourceSubstitution,
                targetSubstitution: targetSubstitution,
                targetValue: current?.value,
                targetState: current?.state,
                translate: translate,
                note: note,
                isPluralCase: path.components.count >= 2 && path.components[path.components.count - 2] == "plural"))
        }
        for index in units.indices where units[index].isPluralCase && !ImportPolicy.hasPercent(units[index].sourceValue) {
            let other = StringUnitPath(units[index].path.components.dropLast() + ["other"])
            units[index].countSource = ExchangeUnit.countSource(of: units[index].sourceValue, other: units.first { $0.path == other }?.sourceValue)
        }
        return units.sorted { XLIFFOrder.catalogUnitPrecedes($0.id, $1.id) }
    }

    /// Replaces the cases of every plural variation by the categories the target locale needs.
    private func expandPlurals(_ candidates: [StringUnitPath], sourceLeaves: [StringUnitLeaf], targetLeaves: [StringUnitLeaf]) -> [StringUnitPath] {
        func pluralPrefix(_ path: StringUnitPath) -> [String]? {
            let c = path.components
            guard c.count >= 2, c[c.count - 2] == "plural" else { return nil }
            return Array(c.dropLast(2))
        }
        func cases(at prefix: [String], in leaves: [StringUnitLeaf]) -> Set<String> {
            Set(leaves.compactMap { leaf in pluralPrefix(leaf.path) == prefix ? leaf.path.components.last : nil })
        }
        var result: [StringUnitPath] = []
        var expanded = Set<[String]>()
        for path in candidates {
            guard let prefix = pluralPrefix(path) else {
                if !result.contains(path) { result.append(path) }
                continue
            }
            guard expanded.insert(prefix).inserted else { continue }
            let sourceCases = cases(at: prefix, in: sourceLeaves)
            var categories = Set((pluralCategories ?? []).map(\.rawValue))
            if pluralCategories == nil { categories.formUnion(sourceCases) }
            categories.formUnion(cases(at: prefix, in: targetLeaves))
            if sourceCases.contains("zero") { categories.insert("zero") }
            // A form varied further (`plural.one.device.mac`) has units of its own, not one of its own text.
            let variedForms = Set(sourceLeaves.compactMap { leaf -> String? in
                let c = leaf.path.components
                guard c.count > prefix.count + 2, c[prefix.count] == "plural", c.starts(with: prefix) else { return nil }
                return c[prefix.count + 1]
            })
            for category in categories.sorted() where !variedForms.contains(category) {
                let path = StringUnitPath(prefix + ["plural", category])
                if !result.contains(path) { result.append(path) }
            }
        }
        return result
    }

    /// The source text for a path of the target's structure, with the substitution `%arg` means there.
    static func sourceText(at path: StringUnitPath, key: String, source: CatalogLocalization?,
                           sourceHasLeaves: Bool) -> (value: String, substitution: SubstitutionArgument?)? {
        guard let source, sourceHasLeaves else { return (key, nil) }
        // The path itself first, before the other attempts are made (most paths are the source's own).
        if let unit = source.stringUnit(at: path) {
            return (unit.value, substitution(in: source, at: path))
        }
        var attempts: [[String]] = []
        func replacing(_ kind: String, in components: [String]) -> [String]? {
            var copy = components
            guard let index = stride(from: copy.count - 2, through: 0, by: -2).first(where: { copy[$0] == kind }),
                  copy[index + 1] != "other" else { return nil }
            copy[index + 1] = "other"
            return copy
        }
        if let plural = replacing("plural", in: path.components) { attempts.append(plural) }
        if let device = replacing("device", in: path.components) {
            attempts.append(device)
            if let both = replacing("plural", in: device) { attempts.append(both) }
        }
        for attempt in attempts {
            let candidate = StringUnitPath(attempt)
            if let unit = source.stringUnit(at: candidate) {
                return (unit.value, substitution(in: source, at: candidate))
            }
        }
        if !path.components.contains("substitutions"), let root = source.stringUnit {
            return (root.value, nil)
        }
        return nil
    }

    /// The substitution a path's last steps go through (`substitutions.NAME.plural.one`), as the
    /// meaning of `%arg` there; nil for paths outside substitutions.
    static func substitution(in localization: CatalogLocalization, at path: StringUnitPath) -> SubstitutionArgument? {
        var current: CatalogLocalization? = localization
        var index = 0
        let c = path.components
        while index + 1 < c.count, let here = current {
            if c[index] == "substitutions" {
                return here.substitutions?[c[index + 1]].map { SubstitutionArgument(number: $0.argNum, formatSpecifier: $0.formatSpecifier) }
            }
            current = here.variations?.kinds[c[index]]?[c[index + 1]]
            index += 2
        }
        return nil
    }
}

/// Computes the units of a legacy `.strings` table for a target locale (its file is `target`,
/// nil when the locale has none): one per key of the source-language file, in Xcode's unit order,
/// with the key's comment as note and the target file's value as written, without state.
///
/// As Xcode 15 exports them (Elytra fixture): an entry without a comment has an empty note
/// (`<note/>`); `No comment provided by engineer.` is the comment genstrings writes for an empty
/// one, exported like any other comment.
public enum StringsUnits {
    /// Every key's unit, in Xcode's unit order.
    public static func units(source: StringsFile, target: StringsFile?) -> [ExchangeUnit] {
        source.keys.compactMap { unit(forKey: $0, source: source, target: target) }
            .sorted { XLIFFOrder.catalogUnitPrecedes($0.id, $1.id) }
    }

    /// The unit of one key of the source file, nil when the source file lacks the key.
    public static func unit(forKey key: String, source: StringsFile, target: StringsFile?) -> ExchangeUnit? {
        guard let entry = source.entry(forKey: key) else { return nil }
        return ExchangeUnit(
            id: key, key: key, path: StringUnitPath(),
            source: FormatString.positionalized(entry.value), sourceValue: entry.value,
            sourceSubstitution: nil, targetSubstitution: nil,
            targetValue: target?.value(forKey: key), targetState: nil,
            translate: true, note: entry.comment ?? "", isPluralCase: false, positionalizesTarget: false)
    }
}
