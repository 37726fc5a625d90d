import L10nCore
import L10nFormats
/// A bundle's localizations as CoreFoundation gathers them, and the ones it uses on a device.
///
/// Mirrors `CFBundleCopyBundleLocalizations` and `_CFBundleCopyLanguageSearchListInBundle`: the
/// development region is a fallback, and a framework bundle (such as the editor SDK) follows the main
/// app's resolved localizations unless the app sets `CFBundleAllowMixedLocalizations`. Inputs are
/// plain values; reading Info.plist and listing folders happen elsewhere.
public struct BundleLocalizations: Sendable, Equatable {
    /// `CFBundleLocalizations`, nil when Info.plist has no such array (non-string entries already dropped).
    public var declared: [String]?
    /// Names of the bundle's `*.lproj` folders without the extension, in the order the file system
    /// lists them; `Base` among them when `Base.lproj` exists.
    public var lprojFolders: [String]
    /// `CFBundleDevelopmentRegion`; an empty string counts as absent.
    public var developmentRegion: String?
    /// `CFBundleAllowMixedLocalizations`: only the main app's value matters, and only for its frameworks.
    public var allowsMixedLocalizations: Bool

    /// `hasBaseFolder` adds `Base` to `lprojFolders` when the caller listed the folders without it.
    public init(
        declared: [String]? = nil,
        lprojFolders: [String] = [],
        hasBaseFolder: Bool = false,
        developmentRegion: String? = nil,
        allowsMixedLocalizations: Bool = false
    ) {
        self.declared = declared
        self.lprojFolders = lprojFolders
        if hasBaseFolder && !lprojFolders.contains(Self.baseFolder) {
            self.lprojFolders.append(Self.baseFolder)
        }
        self.developmentRegion = developmentRegion
        self.allowsMixedLocalizations = allowsMixedLocalizations
    }

    static let baseFolder = "Base"

    private var development: String? {
        guard let developmentRegion, !developmentRegion.isEmpty else { return nil }
        return developmentRegion
    }

    /// Whether the bundle has `Base.lproj` (or declares `Base`).
    public var hasBaseFolder: Bool { available.contains(Self.baseFolder) }

    /// The localizations the bundle offers, in CoreFoundation's order: the non-empty declared ones,
    /// then every `.lproj` folder, then the development region when `Base.lproj` exists and the region
    /// is not there in some form. Without declarations or folders, just the development region.
    public var available: [String] {
        var list: [String]? = declared?.filter { !$0.isEmpty }
        if !lprojFolders.isEmpty { list = (list ?? []) + lprojFolders }
        guard var list else { return development.map { [$0] } ?? [] }
        if let development, list.contains(Self.baseFolder), Self.spelling(of: development, in: list) == nil {
            list.append(development)
        }
        return list
    }

    /// The localizations the main app uses on a device with these preferred languages, in resource
    /// lookup order (what `Bundle.main.preferredLocalizations` starts with, plus fallbacks).
    public func localizations(forPreferredLanguages preferred: [String], matcher: LocaleMatcher = LocaleMatcher()) -> [String] {
        searchList(preferred: preferred, mainBundleLanguages: nil, matcher: matcher)
    }

    /// The localizations this bundle uses as a framework inside `app`: the preferred list is the app's
    /// own resolved localizations unless the app allows mixed localizations. So an app that does not
    /// declare `de` shows this bundle's English on a German device even when this bundle ships `de`.
    public func localizations(forPreferredLanguages preferred: [String], inApp app: BundleLocalizations, matcher: LocaleMatcher = LocaleMatcher()) -> [String] {
        let appLanguages = app.allowsMixedLocalizations ? nil : app.localizations(forPreferredLanguages: preferred, matcher: matcher)
        return searchList(preferred: preferred, mainBundleLanguages: appLanguages, matcher: matcher)
    }

    /// `_CFBundleCopyLanguageSearchListInBundle`: the match, else the development region, `en_US` or the
    /// first localization as preferred language; the development region always ends the list.
    private func searchList(preferred: [String], mainBundleLanguages: [String]?, matcher: LocaleMatcher) -> [String] {
        // A localization both declared and shipped as a folder is one candidate for matching.
        var seen = Set<String>()
        let localizations = available.filter { seen.insert($0).inserted }
        func attempt(_ fallback: String?) -> [String] {
            Self.preferredLanguages(in: localizations, fallback: fallback, preferred: preferred,
                                    mainBundleLanguages: mainBundleLanguages, matcher: matcher)
        }
        var result = attempt(development)
        if result.isEmpty { result = attempt("en_US") }
        if result.isEmpty, let first = localizations.first { result = attempt(first) }
        if let development {
            if !result.contains(development) { result.append(development) }
        } else if let english = ["en", "English", "en_US"].first(where: localizations.contains) {
            if !result.contains(english) { result.append(english) }
        }
        return result.isEmpty ? ["en"] : result
    }

    /// `_CFBundleCopyPreferredLanguagesInList`: the main bundle's languages first (for a framework),
    /// then the user's, then the fallback, then `en_US`.
    private static func preferredLanguages(
        in localizations: [String], fallback: String?, preferred: [String],
        mainBundleLanguages: [String]?, matcher: LocaleMatcher
    ) -> [String] {
        var lists: [[String]] = []
        if let mainBundleLanguages { lists.append(mainBundleLanguages) }
        lists.append(preferred)
        if let fallback { lists.append([fallback]) }
        lists.append(["en_US"])
        for list in lists {
            let result = localizationsToUse(preferred: list, available: localizations, matcher: matcher)
            if !result.isEmpty { return result }
        }
        return []
    }

    /// Whether CoreFoundation can hand the id to ICU: an ASCII C string of at most 156 characters.
    /// One localization that is not (`ü.lproj`) makes it skip the match for every device.
    public static func isMatchable(_ id: String) -> Bool { id.utf16.count <= 156 && id.utf8.allSatisfy { $0 < 0x80 } }

    /// CoreFoundation hands ICU ASCII C strings of at most 156 characters; when any identifier is not
    /// one, it skips the match altogether.
    private static func localizationsToUse(preferred: [String], available: [String], matcher: LocaleMatcher) -> [String] {
        guard !preferred.isEmpty, !available.isEmpty,
              preferred.allSatisfy(isMatchable), available.allSatisfy(isMatchable) else { return [] }
        return matcher.localizationsToUse(preferred: preferred, available: available)
    }

    /// `language` as `list` spells it (`pt_BR` for `pt-BR` among folders), else as it is.
    package static func spelled(_ language: String, in list: [String]) -> String {
        spelling(of: language, in: list) ?? language
    }

    /// How `language` is spelled in `list` if it is there in some form (`_CFBundleCopyLanguageFoundInLocalizations`):
    /// as is, as the old name (`en` ↔ `English`), with `-`/`_` swapped after two letters, or with the
    /// same canonical form. The canonical form here is the BCP 47 tag of the matcher's normalized id,
    /// standing in for `CFLocaleCreateCanonicalLanguageIdentifierFromString`.
    package static func spelling(of language: String, in list: [String]) -> String? {
        if list.contains(language) { return language }
        if let alternate = oldLanguageNames[language] ?? oldLanguageNames.first(where: { $0.value == language })?.key,
           list.contains(alternate) {
            return alternate
        }
        var characters = Array(language)
        if characters.count >= 4, characters[2] == "-" || characters[2] == "_" {
            characters[2] = characters[2] == "-" ? "_" : "-"
            let swapped = String(characters)
            if list.contains(swapped) { return swapped }
        }
        guard let canonical = canonicalLanguage(language) else { return nil }
        return list.first { canonicalLanguage($0) == canonical }
    }

    /// CoreFoundation's short list of localizations still commonly named in English, by language.
    private static let oldLanguageNames = Dictionary(uniqueKeysWithValues: LocaleIdentifier.oldLanguageNames.map { ($0.value, $0.key) })

    private static func canonicalLanguage(_ id: String) -> String? {
        let identifier = LocaleMatcher.Identifier.taken(id)
        guard identifier.isUsable, !identifier.normalized.isEmpty else { return nil }
        return ICULocale.languageTag(identifier.normalized)
    }
}
