import L10nCore
import L10nProject

/// The project's locale each translator file's `target-language` stands for. Tools write a
/// language with its default region (`fr-FR`, `de-DE`, `zh-CN`) where Xcode projects say `fr`,
/// `de`, `zh-Hans`: such an id is the project's locale it means, not a new one, when exactly one
/// project locale has the same likely subtags (ICU: `fr` and `fr-FR` are both `fr_Latn_FR`).
/// `fr-CA` or `pt-PT` stays itself, and is noted as a locale the import adds.
struct TargetLocales {
    let project: Project
    let files: ExchangeFiles
    /// Every locale the project has: the app's declared and shipped ones, the source language,
    /// and those of the catalogs and tables an import writes. Worked out on the first id that
    /// is not one of the app's.
    private var known: Set<String>?
    private var resolved: [String: String] = [:]
    /// A note for each declared id imported as another locale or adding one, in the order met.
    private(set) var notes: [String] = []

    init(project: Project, files: ExchangeFiles) {
        self.project = project
        self.files = files
    }

    /// The project's locale for a canonical `target-language` of the file `input`.
    mutating func locale(for declared: String, input: String) -> String {
        if let locale = resolved[declared] { return locale }
        let (locale, isKnown) = resolve(declared)
        resolved[declared] = locale
        if locale != declared {
            notes.append("\(input): target-language \"\(declared)\" is imported as \(locale), the project's locale for that language (ICU gives both as \(ICULocale.addLikelySubtags(locale) ?? locale))")
        } else if !isKnown {
            notes.append("\(input): target-language \"\(declared)\" is not a locale of the project: the units applied add it; add it to the app's localizations (the Xcode project, CFBundleLocalizations) to ship it")
        }
        return locale
    }

    private mutating func resolve(_ declared: String) -> (locale: String, isKnown: Bool) {
        if declared == project.sourceLanguage || project.app.availableLocalizations.contains(declared) { return (declared, true) }
        let known = knownLocales()
        if known.contains(declared) { return (declared, true) }
        guard let likely = ICULocale.addLikelySubtags(declared) else { return (declared, false) }
        let same = known.filter { ICULocale.addLikelySubtags($0) == likely }
        return same.count == 1 ? (same.first!, true) : (declared, false)
    }

    private mutating func knownLocales() -> Set<String> {
        if let known { return known }
        var locales = Set(project.app.availableLocalizations)
        locales.insert(project.sourceLanguage)
        for catalog in files.catalogs { locales.formUnion(catalog.catalog.locales) }
        for table in project.stringsTables where table.bundle == project.app.name { locales.formUnion(table.locales) }
        locales.remove("Base")
        known = locales
        return locales
    }

}
