import CICU
import Foundation
import L10nCore
import L10nFormats

/// A locale id that is safe to use as a folder name (`<id>.lproj`), a file name (`<id>.xliff`)
/// and a catalog key: validated and in the form Xcode writes (BCP 47 with catalog casing: `en`,
/// `pt-BR`, `zh-Hans`, `es-419`).
///
/// The rule: an ISO 639 language (2 or 3 letters, as ICU lists them), then optionally a script
/// (4 letters), a region (ISO 3166, 2 letters, or UN M.49, 3 digits) and variants (5 to 8
/// letters or digits, or 4 starting with a digit), separated by `-` or `_`, at most
/// `maximumLength` characters; plus `Base`, `mul` and the pseudo-locales `en-XA` and `ar-XB`.
/// Anything else (paths, control characters, extensions, unknown languages) is refused.
public struct LocaleIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The canonical form.
    public let rawValue: String

    public var description: String { rawValue }

    /// Longest id accepted; the longest real ones (`zh-Hant-HK`, `ca-ES-valencia`) are far shorter.
    public static let maximumLength = 35

    /// Ids accepted as they are although they are no language: Xcode's `Base` localization, the
    /// catalog's "multiple languages" key and Xcode's pseudo-locales (accented and bidi).
    public static let specialIdentifiers: [String] = ["Base", "mul", "en-XA", "ar-XB"]

    /// What replaces a legacy language code ICU's list of languages lacks, in Xcode's form:
    /// CLDR's language aliases (`in` → `id`, `iw` → `he`, `tl` → `fil`, `sh` → `sr-Latn`, as
    /// Java and Android still write them). Nil for a code ICU lists, or one no alias replaces.
    public static func replacement(ofLegacyLanguage code: String) -> String? {
        let language = code.lowercased()
        guard (2...3).contains(language.utf8.count), !isoLanguages.contains(language), !isIndividualLanguage(language),
              let alias = ICULocale.alias(table: "language", key: language) else { return nil }
        return try? canonical(alias).get()
    }

    /// The locale id an `.lproj` folder named with a legacy language code stands for (`iw` → `he`,
    /// `in-ID` → `id-ID`): CFLocale canonicalizes such names before matching. Nil for any other name.
    public static func replacementOfLegacyFolder(_ name: String) -> String? {
        let parts = name.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first, let language = replacement(ofLegacyLanguage: String(first)) else { return nil }
        return try? canonical(([language] + parts.dropFirst().map(String.init)).joined(separator: "-")).get()
    }

    /// Whether a code ICU's ISO list lacks is an individual language of a macrolanguage, which
    /// CLDR aliases to it (`kmr`, Northern Kurdish, of `ku`; `arb` of `ar`): a language of its
    /// own that Xcode writes (mastodon-ios's `kmr-TR`), unlike a deprecated code (`iw`, `in`).
    static func isIndividualLanguage(_ language: String) -> Bool {
        language.utf8.count == 3 && ICULocale.alias(table: "language", key: language, field: "reason") == "macrolanguage"
    }

    /// The old English names CFBundle still reads as languages (`English.lproj` is `en`):
    /// CoreFoundation's short list.
    public static let oldLanguageNames = [
        "English": "en", "French": "fr", "German": "de", "Italian": "it", "Dutch": "nl", "Spanish": "es", "Japanese": "ja",
    ]

    /// Validates and canonicalizes (`fr_FR` → `fr-FR`, `EN` → `en`, `zh_hant_tw` → `zh-Hant-TW`,
    /// `English` → `en`).
    public init(validating text: String) throws(LocaleIdentifierError) {
        switch Self.canonical(text) {
        case .success(let id): self.rawValue = id
        case .failure(let reason):
            throw LocaleIdentifierError(text: text, reason: reason, suggestion: Self.suggestion(for: text))
        }
    }

    /// The canonical form of a valid id, or nil.
    public static func canonicalized(_ text: String) -> String? {
        try? LocaleIdentifier(validating: text).rawValue
    }

    // MARK: Rule

    static func canonical(_ text: String) -> Result<String, LocaleIdentifierError.Reason> {
        guard !text.isEmpty else { return .failure(.empty) }
        guard text.utf8.count <= maximumLength else { return .failure(.tooLong) }
        guard text.utf8.allSatisfy({ $0 < 0x80 && (isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")) }) else {
            return .failure(.invalidCharacter)
        }
        if let special = specialIdentifiers.first(where: { $0.lowercased() == text.lowercased().replacingOccurrences(of: "_", with: "-") }) {
            return .success(special)
        }
        if let language = oldLanguageNames[text] { return .success(language) }
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
            .map { String($0) }
        guard !subtags.contains(where: \.isEmpty) else { return .failure(.emptySubtag) }
        var parts: [String] = []
        var index = 0
        let language = subtags[0].lowercased()
        guard (2...3).contains(language.count), language.utf8.allSatisfy(isLetter) else { return .failure(.language(subtags[0])) }
        guard isoLanguages.contains(language) || isIndividualLanguage(language) else { return .failure(.unknownLanguage(subtags[0])) }
        parts.append(language)
        index = 1
        if index < subtags.count, subtags[index].count == 4, subtags[index].utf8.allSatisfy(isLetter) {
            let script = subtags[index]
            parts.append(script.prefix(1).uppercased() + script.dropFirst().lowercased())
            index += 1
        }
        if index < subtags.count {
            let region = subtags[index]
            if region.count == 2, region.utf8.allSatisfy(isLetter) {
                guard isoRegions.contains(region.uppercased()) else { return .failure(.unknownRegion(region)) }
                parts.append(region.uppercased())
                index += 1
            } else if region.count == 3, region.utf8.allSatisfy(isDigit) {
                parts.append(region)
                index += 1
            }
        }
        while index < subtags.count {
            let variant = subtags[index]
            let isVariant = (5...8).contains(variant.count) || (variant.count == 4 && isDigit(variant.utf8.first!))
            guard isVariant else { return .failure(.subtag(variant)) }
            parts.append(variant.lowercased())
            index += 1
        }
        return .success(parts.joined(separator: "-"))
    }

    /// The nearest valid id: Apple's language names (`English` → `en`), else the longest valid
    /// leading run of subtags (`de/x` → `de`, `fr_FR.UTF-8` → `fr-FR`); nil when there is none.
    static func suggestion(for text: String) -> String? {
        // Only the start can hold a locale id; a megabyte-long id is not scanned to its end.
        let trimmed = String(text.unicodeScalars.prefix(4 * maximumLength)).trimmingCharacters(in: .whitespacesAndNewlines)
        if let alias = AppleLocaleData.aliases[trimmed.lowercased()], let id = try? canonical(alias).get() { return id }
        if trimmed != text, let id = try? canonical(trimmed).get() { return id }
        var pieces: [String] = []
        var current = ""
        for scalar in trimmed.unicodeScalars {
            if scalar.isASCII, isLetter(UInt8(scalar.value)) || isDigit(UInt8(scalar.value)) {
                current.unicodeScalars.append(scalar)
            } else if scalar == "-" || scalar == "_" {
                pieces.append(current)
                current = ""
            } else {
                break
            }
        }
        pieces.append(current)
        while !pieces.isEmpty {
            if let id = try? canonical(pieces.joined(separator: "-")).get(), id != text { return id }
            pieces.removeLast()
        }
        // A legacy code (as Java and Android still write them) before a guess from a country of
        // the same letters (`in` is India, whose likely language is Hindi; `tl` Timor-Leste).
        var subtags = trimmed.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        if let first = subtags.first, let replacement = replacement(ofLegacyLanguage: first) {
            subtags[0] = replacement
            return (try? canonical(subtags.joined(separator: "-")).get()) ?? replacement
        }
        return nearestLanguage(to: trimmed)
    }

    /// A mistyped language name (`Germna` → `de`, by edit distance to Apple's language names) or
    /// a country code given as a language (`jp` → `ja`, the country's likely language).
    static func nearestLanguage(to text: String) -> String? {
        guard text.utf8.allSatisfy(isLetter) else { return nil }
        if text.count > 3 {
            let names = AppleLocaleData.aliases.filter { !$0.key.contains("_") }
            return Suggestion.didYouMean(text, among: names.keys.sorted()).flatMap { names[$0] }.flatMap { try? canonical($0).get() }
        }
        guard text.count == 2, isoRegions.contains(text.uppercased()),
              let likely = ICULocale.addLikelySubtags("und_" + text.uppercased()) else { return nil }
        let language = ICULocale.language(likely)
        return language.isEmpty || language == "und" ? nil : try? canonical(language).get()
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// ISO 639 codes as ICU lists them (`uloc_getISOLanguages`).
    static let isoLanguages: Set<String> = strings(l10n_iso_languages())
    /// ISO 3166 codes as ICU lists them (`uloc_getISOCountries`).
    static let isoRegions: Set<String> = strings(l10n_iso_countries())

    private static func strings(_ list: UnsafePointer<UnsafePointer<CChar>?>?) -> Set<String> {
        guard var cursor = list else { return [] }
        var result = Set<String>()
        while let item = cursor.pointee {
            result.insert(String(cString: item))
            cursor += 1
        }
        return result
    }
}

/// A locale id that cannot be used, with the nearest valid one when there is one.
public struct LocaleIdentifierError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Error, Equatable, Sendable {
        case empty
        case tooLong
        /// A character other than ASCII letters, digits, `-` and `_` (a path, a space, a control character).
        case invalidCharacter
        case emptySubtag
        /// The first subtag is not 2 or 3 letters.
        case language(String)
        /// A language code ICU does not list in ISO 639.
        case unknownLanguage(String)
        /// A two-letter region ICU does not list in ISO 3166.
        case unknownRegion(String)
        /// A subtag that is neither script, region nor variant.
        case subtag(String)
    }

    /// The id as given.
    public var text: String
    public var reason: Reason
    /// The nearest valid id, for the hint.
    public var suggestion: String?

    /// The id, shortened and with control characters escaped, safe to print.
    public var shownText: String {
        let head = text.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? String($0) : $0.escaped(asASCII: true) }.joined()
        return text.unicodeScalars.count > 40 ? head + "… (\(text.utf8.count) bytes)" : head
    }

    public var message: String {
        let why: String
        switch reason {
        case .empty: why = "it is empty"
        case .tooLong: why = "it is longer than \(LocaleIdentifier.maximumLength) characters"
        case .invalidCharacter: why = "it may only hold letters, digits, '-' and '_'"
        case .emptySubtag: why = "it has an empty part between separators"
        case .language(let subtag): why = "'\(subtag)' is not a language code (2 or 3 letters)"
        case .unknownLanguage(let subtag):
            why = LocaleIdentifier.replacement(ofLegacyLanguage: subtag).map { "'\(subtag)' is a legacy code, replaced by '\($0)'" }
                ?? "'\(subtag)' is not an ISO 639 language"
        case .unknownRegion(let subtag): why = "'\(subtag)' is not an ISO 3166 region"
        case .subtag(let subtag): why = "'\(subtag)' is not a script (4 letters), region (2 letters or 3 digits) or variant"
        }
        return "'\(shownText)' is not a valid locale id: \(why)"
    }

    public var hint: String {
        let example = "a locale id such as de, pt-BR, zh-Hans or es-419"
        return suggestion.map { "did you mean '\($0)'? use \(example)" } ?? "use \(example)"
    }

    public var description: String { message }
}
