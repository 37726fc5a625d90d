import L10nCore
import L10nFormats
import L10nLocale

/// Format specifiers of a translation that differ from its source's: an error where
/// `String(format:)` would misread memory or crash, a warning where an argument is only dropped.
public struct PlaceholderMismatchCheck: Check {
    public static let id = "placeholder-mismatch"
    public static let defaultSeverity = Severity.error
    public static let severityRule: String? = "error for a changed type or an argument the source does not pass; warning for a dropped argument, an integer of another size or a placeholder in a translation whose source takes no argument"
    public static let summary = "A translation's format specifiers do not fit its source's"
    public static let hint = "use the source's specifiers (reorder with positions such as %2$@ if the language needs it)"

    public static let triggeringExamples: [CheckExample] = [
        .app("%@ became %lld: a crash", localizable: ["By %@": ["en": "By %@", "de": "Von %lld"]]),
        .app("The translation drops the argument", localizable: ["greeting": ["en": "Hello, %@!", "de": "Hallo!"]]),
        .app("A placeholder the source does not have: nothing fills it (real Solstice's Italian 'il %1$@')",
             localizable: ["on (baseDateString)": ["de": "am %1$@"]]),
        .app("The same in a legacy .strings table", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Shop.strings": .text("\"welcome\" = \"Welcome!\";\n"),
                    "App/de.lproj/Shop.strings": .text("\"welcome\" = \"Willkommen, %@!\";\n")]),
        .app("A legacy .stringsdict form reads the count as an object: a crash", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Colors.stringsdict": .plurals(key: "%ld colors", variable: "colors", valueType: "ld",
                                                              forms: ["one": "%ld color", "other": "%ld colors"]),
                    "App/de.lproj/Colors.stringsdict": .plurals(key: "%ld colors", variable: "colors", valueType: "ld",
                                                              forms: ["one": "%@ Farbe", "other": "%ld Farben"])]),
        .app("'100 % sicher' beside the source's %@: '% s' reads a C string that is not passed", localizable: ["Size: %@": ["en": "Size: %@", "de": "Größe: %@, 100 % sicher"]]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("Reordered with positions", localizable: ["by": ["en": "%1$@ by %2$@", "de": "von %2$@: %1$@"]]),
        .app("No argument in the source: a % is text", localizable: ["snap": ["en": "Snap to 25% Steps", "de": "In 25 %-Schritten einrasten"]]),
        .app("No argument in the source: '25 %ige' and '%-Schritten' are words, '%%' a percent sign",
             localizable: ["raise": ["en": "A 25% raise in steps", "de": "Eine 25 %ige Erhöhung in %-Schritten, 100 %% sicher"]]),
        .app("A plural form names the count the other forms use",
             localizable: ["%lld files": ["en/plural/one": "One file", "en/plural/other": "%lld files",
                                          "de/plural/one": "%lld Datei", "de/plural/other": "%lld Dateien"]]),
        .app("'50% and' is text, so the source has no argument",
             localizable: ["damage": ["en": "Inflicts damage between 50% and 150% of the base value",
                                      "de": "Fügt Schaden zwischen 50 %1$ und 150 %2$ des Grundwerts zu"]]),
        .app("A plural substitution beside positional arguments, as Xcode writes it",
             localizable: ["seen": ["en": "Seen %#@dogs@, rated %2$lld/%3$lld", "en/substitutions/dogs/plural/one": "%arg dog",
                                    "en/substitutions/dogs/plural/other": "%arg dogs",
                                    "de": "%#@dogs@ gesehen, Wertung %2$lld/%3$lld", "de/substitutions/dogs/plural/one": "%arg Hund",
                                    "de/substitutions/dogs/plural/other": "%arg Hunde"]]),
        .app("A legacy .stringsdict form states its count in words", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Colors.stringsdict": .plurals(key: "%ld colors", variable: "colors", valueType: "ld",
                                                              forms: ["one": "%ld color", "other": "%ld colors"]),
                    "App/de.lproj/Colors.stringsdict": .plurals(key: "%ld colors", variable: "colors", valueType: "ld",
                                                              forms: ["one": "Eine Farbe", "other": "%ld Farben"])]),
        .app("A plural form states its count in words",
             localizable: ["%lld files": ["en/plural/one": "One file", "en/plural/other": "%lld files",
                                          "de/plural/one": "Eine Datei", "de/plural/other": "%lld Dateien"]]),
        .app("A .stringsdict 'one' form shows the count the English one leaves out: Russian 'one' covers 21 and 31 (Signal)",
             localizable: ["x": ["en": "x"]], more: [
                 "App/en.lproj/Members.stringsdict": .plurals(key: "ADD_MEMBERS_%d", variable: "text", valueType: "d",
                                                              forms: ["one": "Add member to “%2$@”?", "other": "Add %d members to “%2$@”?"]),
                 "App/de.lproj/Members.stringsdict": .plurals(key: "ADD_MEMBERS_%d", variable: "text", valueType: "d",
                                                              forms: ["one": "%1$d Mitglied zu „%2$@“ hinzufügen?", "other": "%1$d Mitglieder zu „%2$@“ hinzufügen?"]),
             ]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        var sources = SourceFormats()
        context.appUnitsInPlace { file, unit in
            guard !unit.isIn(file.catalog.sourceLanguage) else { return }
            // Most sources have no specifier: settled before the unit's key, locale, path or
            // text is copied.
            guard let source = sources.format(file, unit) else {
                // A plain translation's placeholder that its plain source lacks: nothing fills it.
                if unit.isRoot, unit.valueContainsASCII(UInt8(ascii: "%")), let found = unfilledFinding(file, unit) { result.append(found) }
                return
            }
            let key = unit.key, locale = unit.locale, leaf = unit.leaf
            let translationArgument = leaf.path.isRoot ? nil
                : CheckContext.substitutionArgument(file.catalog.entries[key]?.localizations?[locale], leaf.path)
            for mismatch in Self.mismatches(source: source, translation: leaf.unit.value,
                                            translationSubstitution: translationArgument, isPluralCase: leaf.path.isPluralCase) {
                result.append(finding(mismatch.severity, file: file.path, key: key, locale: locale,
                                      message: "\(Self.describe(key, leaf.path)) [\(locale)] \(CheckContext.quoted(leaf.unit.value)): \(mismatch.message)"))
            }
        }
        // A legacy table's source value is compared with each locale's: parsed once per text.
        // A hit must be byte-equal: `==` joins canonically equivalent texts, which the parser,
        // reading UTF-16, may read differently (`50%ó` and `50%o` with a combining accent).
        var stringsSources: [String: SourceFormats.Parsed] = [:]
        func parsed(_ sourceText: String) -> SourceFormats.Parsed {
            guard sourceText.containsASCII(UInt8(ascii: "%")) else { return sources.withoutSpecifiers }
            if let known = stringsSources[sourceText], known.text.hasSameUTF8(as: sourceText) { return known }
            let made = SourceFormats.Parsed(sourceText, substitution: nil)
            stringsSources[sourceText] = made
            return made
        }
        context.appStringsTranslations { table, locale, entry, sourceText in
            // An empty source is empty-value's to report: it says nothing of the arguments passed.
            guard !sourceText.isEmpty else { return }
            let source = parsed(sourceText)
            guard source.hasSpecifiers else {
                // A placeholder its source lacks: nothing fills it.
                if entry.value.containsASCII(UInt8(ascii: "%")), let specifier = Self.unfilledSpecifier(entry.value) {
                    result.append(finding(.warning, file: table.path(locale: locale), key: entry.key, locale: locale,
                                          line: entry.location?.line, column: entry.location?.column,
                                          message: "\"\(entry.key)\" [\(locale)] \(CheckContext.quoted(entry.value)): \(Self.unfilledMessage(specifier))"))
                }
                return
            }
            for mismatch in Self.mismatches(source: source, translation: entry.value, translationSubstitution: nil, isPluralCase: false) {
                result.append(finding(mismatch.severity, file: table.path(locale: locale), key: entry.key, locale: locale,
                                      line: entry.location?.line, column: entry.location?.column,
                                      message: "\"\(entry.key)\" [\(locale)] \(CheckContext.quoted(entry.value)): \(mismatch.message)"))
            }
        }
        // A legacy `.stringsdict`: the format key and each form against the source file's (the
        // source file's own forms against its `other`, said so).
        context.appStringsdictTranslations { table, locale, key, place, text, compared, sourceText, isPluralCase, location in
            let source = parsed(sourceText)
            let isSourceForm = locale == context.sourceLanguage || locale == "Base"
            for mismatch in Self.mismatches(source: source, translation: compared, translationSubstitution: nil, isPluralCase: isPluralCase,
                                            naming: isSourceForm ? .sourceForm : .translation) {
                result.append(finding(mismatch.severity, file: table.pluralPath(locale: locale), key: key, locale: locale,
                                      line: location?.line, column: location?.column,
                                      message: "\(place()) [\(locale)] \(CheckContext.quoted(text)): \(mismatch.message)"))
            }
        }
        return result
    }

    /// The finding for a plain translation holding a placeholder its plain source lacks (the
    /// source has no specifier): asked only for values with a `%`, apart from the walk's hot path.
    @inline(never)
    private func unfilledFinding(_ file: CheckContext.AppCatalog, _ unit: CheckContext.UnitInPlace) -> Finding? {
        guard let specifier = Self.unfilledSpecifier(unit.value), let entry = file.catalog.entries[unit.key],
              Self.isPlain(entry.localizations?[file.catalog.sourceLanguage]), Self.isPlain(entry.localizations?[unit.locale]) else { return nil }
        return finding(.warning, file: file.path, key: unit.key, locale: unit.locale,
                       message: "\(Self.describe(unit.key, unit.path)) [\(unit.locale)] \(CheckContext.quoted(unit.value)): \(Self.unfilledMessage(specifier))")
    }

    /// `mismatches(source:…)` of a parsed source: a translation that reads like its plain
    /// specifiers is settled without parsing either text when the source is known to have no issue.
    static func mismatches(source: SourceFormats.Parsed, translation: String, translationSubstitution: SubstitutionArgument?,
                           isPluralCase: Bool, naming: FormatComparisonOptions.Naming = .translation) -> [(severity: Severity, message: String)] {
        guard source.hasSpecifiers else { return [] }
        if let plain = source.plain, source.isPlainWithoutIssues || source.format.issues.isEmpty,
           FormatString.readsLikePlainSource(translation, plain, translationSubstitution: translationSubstitution, sourceSubstitution: source.substitution) {
            return []
        }
        return mismatches(source: source.format, sourceSubstitution: source.substitution, translation: translation,
                          translationSubstitution: translationSubstitution, isPluralCase: isPluralCase, naming: naming)
    }

    /// The mismatches that matter, judged as the import judges them
    /// (`FormatString.translationMismatches`): a source without arguments is not a format string.
    static func mismatches(source sourceFormat: FormatString, sourceSubstitution: SubstitutionArgument?, translation: String,
                           translationSubstitution: SubstitutionArgument?, isPluralCase: Bool,
                           plainSource: [Substring]? = nil,
                           naming: FormatComparisonOptions.Naming = .translation) -> [(severity: Severity, message: String)] {
        guard !sourceFormat.specifiers.isEmpty else { return [] }
        // The common case, plain specifiers reading the same arguments (positional ones in any
        // order), is settled without parsing the translation (`plainSource`: the source's, when
        // it has only plain ones).
        if let plainSource, sourceFormat.issues.isEmpty,
           FormatString.readsLikePlainSource(translation, plainSource, translationSubstitution: translationSubstitution, sourceSubstitution: sourceSubstitution) {
            return []
        }
        let translationFormat = FormatString(translation, substitution: translationSubstitution)
        // The common case, the same specifiers reading the same arguments in the same order with
        // nothing odd in the text, needs no comparison.
        if translationFormat.issues.isEmpty, sourceFormat.issues.isEmpty,
           translationFormat.specifiers.count == sourceFormat.specifiers.count,
           zip(sourceFormat.specifiers, translationFormat.specifiers).allSatisfy({
               $0.argument == $1.argument && $0.kind == $1.kind && $0.conversion == $1.conversion
                   && $0.widthArgument == $1.widthArgument && $0.precisionArgument == $1.precisionArgument
           }) {
            return []
        }
        // A form may state its count in words; plural-categories reports forms where that misreads.
        return FormatString.translationMismatches(source: sourceFormat, sourceSubstitution: sourceSubstitution,
                                                  translation: translationFormat, isPluralCase: isPluralCase, naming: naming).compactMap { mismatch in
            // suspicious-percent reports a lone `%` as a warning; one that reads a C string or an
            // object the source does not pass is an error here, as the import refuses it.
            if case .translationIssue(.lonePercent) = mismatch.kind, mismatch.severity != .error { return nil }
            return (mismatch.severity == .error ? .error : .warning, mismatch.message)
        }
    }

    /// The first placeholder of a text that is never a word (`%@`, `%1$@`, `%lld`, or `%d`, `%u`,
    /// `%f` before a non-letter), nil when it has none: in `25 %ige` or `%-Schritten` the `%` is
    /// text, `%%` a percent sign. Most texts hold no `%`, which `memchr` settles.
    package static func unfilledSpecifier(_ text: String) -> String? {
        text.withUTF8Bytes { bytes -> String? in
            guard let base = bytes.baseAddress else { return nil }
            let count = bytes.count
            func byte(_ i: Int) -> UInt8 { i < count ? base[i] : 0 }
            func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
            // Any non-ASCII byte starts a letter too (Turkish `%işlem`): a word, not a placeholder.
            func isLetter(_ b: UInt8) -> Bool { b >= 0x80 || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")) }
            var from = 0
            while let percent = base.firstIndex(of: UInt8(ascii: "%"), from: from, to: count) {
                var i = percent + 1
                if byte(i) == UInt8(ascii: "%") { from = i + 1; continue }
                var digits = i
                while isDigit(byte(digits)) { digits += 1 }
                if digits > i, byte(digits) == UInt8(ascii: "$") { i = digits + 1 }
                var end: Int?
                if byte(i) == UInt8(ascii: "@") {
                    end = i + 1
                } else {
                    var j = i
                    if byte(j) == UInt8(ascii: "l") { j += 1; if byte(j) == UInt8(ascii: "l") { j += 1 } }
                    let conversion = byte(j)
                    let isInteger = conversion == UInt8(ascii: "d") || conversion == UInt8(ascii: "i") || conversion == UInt8(ascii: "u")
                    if (isInteger || (conversion == UInt8(ascii: "f") && j == i)) && !isLetter(byte(j + 1)) { end = j + 1 }
                }
                if let end { return String(decoding: UnsafeBufferPointer(start: base + percent, count: end - percent), as: UTF8.self) }
                from = percent + 1
            }
            return nil
        }
    }

    /// Whether a localization is one plain string (no variations or substitutions); an absent
    /// one is (the key is the source text).
    static func isPlain(_ localization: CatalogLocalization?) -> Bool {
        localization?.hasNoVariationsOrSubstitutions ?? true
    }

    static func unfilledMessage(_ specifier: String) -> String {
        "the source takes no argument, so nothing fills \(specifier): devices show it as written"
    }

    static func describe(_ key: String, _ path: StringUnitPath) -> String {
        path.isRoot ? "\"\(key)\"" : "\"\(key)\" \(path.components.joined(separator: "."))"
    }

    /// `describe(key, path)` appended to a message.
    static func appendDescription(_ key: String, _ path: StringUnitPath, to message: inout MessageBuilder) {
        message.append("\"")
        message.append(key)
        message.append("\"")
        guard !path.isRoot else { return }
        message.append(" ")
        message.append(path.components, separator: ".")
    }
}

extension StringUnitPath {
    /// Whether the leaf is a plural case (of the entry, a device case or a substitution).
    var isPluralCase: Bool {
        components.count >= 2 && components[components.count - 2] == "plural"
    }

    /// The plural category of a plural case.
    package var pluralCategory: PluralCategory? {
        isPluralCase ? PluralCategory(rawValue: components[components.count - 1]) : nil
    }
}

/// The parsed source text of each leaf of the entry being checked, so every locale of a key
/// compares against one parse.
struct SourceFormats {
    /// One leaf's source, parsed; a reference, so each unit takes it with one retain.
    final class Parsed {
        let text: String
        let substitution: SubstitutionArgument?
        /// The source's specifiers when all are plain (`FormatString.plainSpecifiers`).
        let plain: [Substring]?
        /// Whether the source has specifiers: without any, a translation has nothing to match.
        let hasSpecifiers: Bool
        /// Whether the parse would find specifiers and no issue (`FormatString.isPlainWithoutIssues`):
        /// then the parse waits until a translation does not read like `plain`, which most do.
        let isPlainWithoutIssues: Bool
        private var parsed: FormatString?

        init(_ text: String, substitution: SubstitutionArgument?) {
            self.text = text
            self.substitution = substitution
            plain = FormatString.plainSpecifiers(in: text, readingSubstitution: substitution != nil)
            isPlainWithoutIssues = plain != nil && FormatString.isPlainWithoutIssues(text)
            if isPlainWithoutIssues {
                hasSpecifiers = true
            } else {
                let format = FormatString(text, substitution: substitution)
                parsed = format
                hasSpecifiers = !format.specifiers.isEmpty
            }
        }

        /// The parse of the text, made at the first call when the initializer did not need it
        /// (a check's own parses are used on one thread).
        var format: FormatString {
            if let parsed { return parsed }
            let format = FormatString(text, substitution: substitution)
            parsed = format
            return format
        }
    }

    /// The parse of every text without a `%` (most sources): it has no specifier to compare.
    let withoutSpecifiers = Parsed("", substitution: nil)

    /// The parse of a text, `withoutSpecifiers` when it has no `%`.
    func parsed(_ text: String, substitution: SubstitutionArgument?) -> Parsed {
        text.containsASCII(UInt8(ascii: "%")) ? Parsed(text, substitution: substitution) : withoutSpecifiers
    }

    private var file: CheckContext.AppCatalog?
    private var key = ""
    /// Most entries have one leaf, at the root: it is kept apart from the paths' table, which
    /// hashes a path of strings for every unit.
    private var root: Parsed?
    /// The entry's other leaves (plural and device cases: a dozen at most), compared one by one:
    /// hashing a path's strings for every unit cost more than the comparisons.
    private var leaves: [(path: StringUnitPath, parsed: Parsed)] = []

    /// The parsed source of a unit read in place, nil when it has no specifier (most units): the
    /// unit's key and path are compared where they lie and copied only for a new entry or leaf.
    mutating func format(_ catalog: CheckContext.AppCatalog, _ unit: CheckContext.UnitInPlace) -> Parsed? {
        if catalog !== file || !unit.hasKey(key) { start(catalog, unit.key) }
        if unit.isRoot {
            if let root { return root.hasSpecifiers ? root : nil }
        } else if let index = leaves.firstIndex(where: { unit.isAt($0.path) }) {
            return leaves[index].parsed.hasSpecifiers ? leaves[index].parsed : nil
        }
        let parsed = parse(catalog, key, unit.path)
        return parsed.hasSpecifiers ? parsed : nil
    }

    private mutating func start(_ catalog: CheckContext.AppCatalog, _ key: String) {
        self.key = key
        file = catalog
        root = nil
        if !leaves.isEmpty { leaves.removeAll(keepingCapacity: true) }
    }

    private mutating func parse(_ catalog: CheckContext.AppCatalog, _ key: String, _ path: StringUnitPath) -> Parsed {
        let (text, substitution) = CheckContext.sourceText(in: catalog.catalog, key: key, path: path)
        let made = parsed(text, substitution: substitution)
        if path.isRoot { root = made } else { leaves.append((path, made)) }
        return made
    }
}
