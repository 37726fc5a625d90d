import L10nCore
import L10nProject

/// The project's locale each translator file's `target-language` stands for. Tools write a
/// language with its default region (`fr-FR`, `de-DE`, `zh-CN`) where Xcode projects say `fr`,
/// `de`, `zh-Hans`: such an id is the project's locale with the same likely subtags (ICU: `fr`
/// and `fr-FR` are both `fr_Latn_FR`), of several the one that writes the file's subtags.
/// `fr-CA` or `pt-PT` stays itself, and is noted as a locale the import adds.
struct TargetLocales {
    let project: Project
    let files: ExchangeFiles
    /// Every locale the project has: the app's declared and shipped ones, the source language,
    /// and those of the catalogs and tables an import writes. Worked out on the first id that
    /// is not one of the app's.
    private var known: Set<String>?
    private var resolved: [String: String] = [:]
    /// A note for each declared id imported as another locale, in the order met.
    private(set) var notes: [String] = []
    /// Each declared id that is no locale of the project, with the input that named it first.
    private(set) var newLocales: [(input: String, locale: String)] = []

    init(project: Project, files: ExchangeFiles) {
        self.project = project
        self.files = files
    }

    /// The project's locale for a canonical `target-language` of the file `input`; throws the
    /// project's locales it could mean when it means several equally (`pt-Latn-BR` where the
    /// project has `pt` and `pt-BR` is `pt-BR`, the one that writes its region; `zh-Hans-CN`
    /// beside `zh-Hans` and `zh-CN` is either).
    mutating func locale(for declared: String, input: String) throws(AmbiguousTargetLanguage) -> String {
        if let locale = resolved[declared] { return locale }
        let (locale, isKnown) = try resolve(declared)
        resolved[declared] = locale
        if locale != declared {
            notes.append("\(input): target-language \"\(declared)\" is imported as \(locale), the project's locale for that language (ICU gives both as \(ICULocale.addLikelySubtags(locale) ?? locale))")
        } else if !isKnown {
            newLocales.append((input, declared))
        }
        return locale
    }

    private mutating func resolve(_ declared: String) throws(AmbiguousTargetLanguage) -> (locale: String, isKnown: Bool) {
        if declared == project.sourceLanguage || project.app.availableLocalizations.contains(declared) { return (declared, true) }
        let known = knownLocales()
        if known.contains(declared) { return (declared, true) }
        guard let likely = ICULocale.addLikelySubtags(declared) else { return (declared, false) }
        let same = known.filter { ICULocale.addLikelySubtags($0) == likely }.sorted()
        if same.isEmpty { return (declared, false) }
        if same.count == 1 { return (same[0], true) }
        // Of several, the one whose every subtag the file writes too, with the most of them.
        let written = Set(Self.subtags(declared))
        let fitting = same.filter { Self.subtags($0).allSatisfy(written.contains) }
        let most = fitting.map { Self.subtags($0).count }.max()
        let best = fitting.filter { Self.subtags($0).count == most }
        guard best.count == 1 else { throw AmbiguousTargetLanguage(declared: declared, candidates: same) }
        return (best[0], true)
    }

    /// The notes for the locales the project lacks, now that the import's `outcomes` tell
    /// whether any unit adds them.
    func newLocaleNotes(_ outcomes: [ImportUnitOutcome]) -> [String] {
        guard !newLocales.isEmpty else { return [] }
        var applied: [String: Int] = [:]
        for outcome in outcomes where outcome.status == .applied { applied[outcome.locale, default: 0] += 1 }
        return newLocales.map { input, locale in
            guard let count = applied[locale] else {
                return "\(input): target-language \"\(locale)\" is not a locale of the project; no unit was applied, so the import adds nothing for it"
            }
            return "\(input): target-language \"\(locale)\" is not a locale of the project: the \(count) unit\(count == 1 ? "" : "s") applied add\(count == 1 ? "s" : "") it; add it to the app's localizations (the Xcode project, CFBundleLocalizations) to ship it"
        }
    }

    /// The subtags after the language: `pt-Latn-BR` → `Latn`, `BR`.
    private static func subtags(_ id: String) -> [Substring] {
        Array(id.split(separator: "-").dropFirst())
    }

    private mutating func knownLocales() -> Set<String> {
        if let known { return known }
        var locales = Set(project.app.availableLocalizations)
        locales.insert(project.sourceLanguage)
        for catalog in files.catalogs { locales.formUnion(catalog.catalog.locales) }
        for table in project.stringsTables where !ProjectDiscovery.isVendorPath(table.folder) {
            locales.formUnion(table.locales)
            locales.formUnion(table.pluralFiles.keys)
        }
        locales.remove("Base")
        known = locales
        return locales
    }

}

/// A `target-language` that names several of the project's locales equally well.
struct AmbiguousTargetLanguage: Error {
    var declared: String
    var candidates: [String]
}
