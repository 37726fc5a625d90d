import Foundation
import L10nCore
import L10nFormats
/// How iOS chooses a bundle's localization for the user's preferred languages.
///
/// A reimplementation of `ualoc_localizationsToUse` (Apple's ICU fork, called by CoreFoundation) on the
/// public ICU C API plus ``AppleLocaleData``; docs/locale-matching.md describes the rules. Foundation's
/// own matching is not used: on Linux it returns the first entry.
public struct LocaleMatcher: Sendable {
    /// How many localizations CoreFoundation keeps from one match.
    public static let defaultLimit = 8

    /// Parent chains never hold more entries than this (Apple's `kMaxParentChainLength` slots, one
    /// of which is the terminator).
    static let maximumChainLength = 9

    /// At most this many localizations are returned (at least one when anything matches).
    public var limit: Int

    public init(limit: Int = LocaleMatcher.defaultLimit) {
        self.limit = max(1, limit)
    }

    /// The localizations to use, best first: the chosen one, then the available localizations on its
    /// parent chain. Empty when nothing matches (and `zxx` is not available).
    public func localizationsToUse(preferred: [String], available: [String]) -> [String] {
        match(preferred: preferred, available: available).localizations
    }

    /// The whole decision: the localizations to use and why the first one was chosen.
    public func match(preferred: [String], available: [String]) -> LocaleMatch {
        let preferences = preferred.map(Identifier.taken)
        let candidates = available.map(Identifier.taken)
        var chosen: Int?
        var chosenBy: Int?
        var score = 999
        var portuguese: (available: Int, preferred: Int)?
        var candidateChains = [[String]?](repeating: nil, count: candidates.count)
        let index = CandidateIndex(candidates)
        var scanned: [String: Bool] = [:]

        // Per preference, as a scan of every candidate in order would decide: the first candidate
        // with the same base name wins outright; else the first with the same normalized name;
        // else the nearest parent chain among the candidates of the same language group. Looked
        // up in tables, so that many preferences against many candidates stay linear.
        for (p, preference) in preferences.enumerated() where chosen == nil && preference.isUsable {
            if let a = index.firstByBase[preference.base] {
                (chosen, chosenBy, score) = (a, p, -1)
                continue
            }
            if let a = index.firstByNormalized[preference.normalized] {
                (chosen, chosenBy, score) = (a, p, 0)
                continue
            }
            guard let group = index.byGroup[preference.group] else { continue }
            // A preference equal (normalized) to one already scanned without a choice decides
            // the same again; only Portuguese's last resort takes the later preference.
            if let setPortuguese = scanned[preference.normalized] {
                if setPortuguese, let last = portuguese { portuguese = (last.available, p) }
                continue
            }
            let before = portuguese.map { [$0.available, $0.preferred] }
            defer { scanned[preference.normalized] = portuguese.map { [$0.available, $0.preferred] } != before }
            let chain = preference.parentChain(penalizingNonDefaultRegion: false)
            for a in group {
                let candidate = candidates[a]
                let candidateChain = candidateChains[a] ?? candidate.parentChain(penalizingNonDefaultRegion: true)
                candidateChains[a] = candidateChain
                for (i, link) in chain.enumerated() {
                    for (j, other) in candidateChain.enumerated() where link == other {
                        if preference.normalized == "pt_PT" && candidate.normalized == "pt_BR" {
                            portuguese = (a, p)
                            continue
                        }
                        let distance = i + j + (preference.language == candidate.language ? 0 : 1)
                        if distance < score {
                            (chosen, chosenBy, score) = (a, p, distance)
                        }
                    }
                }
            }
        }

        var reason: LocaleMatch.Reason
        switch score {
        case -1: reason = .exactBaseName
        case 0: reason = .sameNormalizedName
        default: reason = .parentChain(score: score)
        }
        if let current = chosen, score > 0, candidates[current].specifiesRegion, candidates[current].language != "zh",
           let exact = laterExactMatch(language: candidates[current].language, preferences, index) {
            (chosen, chosenBy) = (exact.available, exact.preferred)
            reason = .exactMatchOfLaterPreference
        }
        if chosen == nil, let portuguese {
            (chosen, chosenBy) = (portuguese.available, portuguese.preferred)
            reason = .portugueseLastResort
        }

        guard let chosen else {
            if let zxx = available.firstIndex(of: "zxx") {
                return LocaleMatch(localizations: ["zxx"], chosenIndex: zxx, preferredIndex: nil, reason: .noLinguisticContent)
            }
            return LocaleMatch(localizations: [], chosenIndex: nil, preferredIndex: nil, reason: .noMatch)
        }
        return LocaleMatch(
            localizations: fallbacks(of: chosen, among: candidates),
            chosenIndex: chosen, preferredIndex: chosenBy, reason: reason
        )
    }

    /// The first preference of `language` that has an exact (base-name or normalized) match, so that
    /// `fr-CH, fr-CA` against `fr-FR, fr-CA` picks `fr-CA` rather than the nearby `fr-FR`.
    private func laterExactMatch(language: String, _ preferences: [Identifier], _ index: CandidateIndex) -> (available: Int, preferred: Int)? {
        for (p, preference) in preferences.enumerated() where preference.isUsable && preference.language == language {
            let matches = [index.firstByBase[preference.base], index.firstByNormalized[preference.normalized]].compactMap { $0 }
            if let a = matches.min() { return (a, p) }
        }
        return nil
    }

    /// The usable candidates by base name and normalized name (first index of each) and by
    /// language group (every index, in order).
    struct CandidateIndex {
        var firstByBase: [String: Int] = [:]
        var firstByNormalized: [String: Int] = [:]
        var byGroup: [String: [Int]] = [:]

        init(_ candidates: [Identifier]) {
            for (a, candidate) in candidates.enumerated() where candidate.isUsable {
                if firstByBase[candidate.base] == nil { firstByBase[candidate.base] = a }
                if firstByNormalized[candidate.normalized] == nil { firstByNormalized[candidate.normalized] = a }
                byGroup[candidate.group, default: []].append(a)
            }
        }
    }

    /// The chosen localization followed by every other available one on its parent chain, in chain
    /// order; `zh_Hant_HK` on the chain also brings in `zh_Hant_TW`.
    private func fallbacks(of chosen: Int, among candidates: [Identifier]) -> [String] {
        var result = [candidates[chosen].original]
        let chain = candidates[chosen].parentChain(penalizingNonDefaultRegion: true)
        for (index, link) in chain.enumerated() {
            if index > 0 && chain[index - 1] == link { continue }
            for (a, candidate) in candidates.enumerated() where a != chosen && candidate.isUsable && result.count < limit {
                if link == "zh_Hant_HK" && candidate.normalized == "zh_Hant_TW" {
                    result.append(candidate.original)
                } else if link == candidate.normalized {
                    result.append(candidate.original)
                }
            }
        }
        return result
    }
}

/// The outcome of ``LocaleMatcher/match(preferred:available:)``.
public struct LocaleMatch: Sendable, Equatable {
    /// Why the first localization was chosen.
    public enum Reason: Sendable, Equatable {
        /// A preferred language has the same ICU base name (`en-GB` and `en_GB`).
        case exactBaseName
        /// Same after Apple and CLDR aliases (`he` and `iw`, `zh-Hant-TW` and `zh_TW`).
        case sameNormalizedName
        /// The nearest common entry of the two parent chains; lower is closer.
        case parentChain(score: Int)
        /// A regional near match gave way to a later preference of the same language with an exact match.
        case exactMatchOfLaterPreference
        /// Only `pt_PT` against `pt_BR` matched, which is used only when nothing else does.
        case portugueseLastResort
        /// Nothing matched; the bundle has `zxx` (no linguistic content).
        case noLinguisticContent
        /// Nothing matched.
        case noMatch
    }

    /// The localizations to use, best first, spelled as given.
    public var localizations: [String]
    /// Index of the chosen localization in the available list.
    public var chosenIndex: Int?
    /// Index of the preferred language that led to it.
    public var preferredIndex: Int?
    public var reason: Reason
}

extension LocaleMatcher {
    /// One localization identifier as the matcher sees it.
    public struct Identifier: Sendable, Equatable {
        /// The caller's string.
        public let original: String
        /// `uloc_getBaseName`: lower-case language, `_` separators, no keywords.
        public let base: String
        /// `base` after Apple's aliases, else CLDR's language aliases.
        public let normalized: String
        /// The language subtag of `normalized`.
        public let language: String
        /// `language`, or the language it is compared as (`nb` → `no`, `yue` → `zh`).
        public let group: String
        /// False when ICU cannot take the identifier apart (too long); such an identifier matches nothing.
        public let isUsable: Bool

        /// Apple's fixed buffer for a base name (`kMaxLocaleIDLength`), terminator included.
        static let baseNameCapacity = 58
        /// Apple's buffer for a minimized id (`kLocBaseNameMax`).
        static let minimizedCapacity = 16

        /// `Identifier(original)`, remembered: a report matches the same few locales hundreds of
        /// times, and taking one apart asks ICU several times (most of a match's cost). Only a
        /// string equal byte for byte is answered from memory, and only the first thousands are kept.
        static func taken(_ original: String) -> Identifier {
            if let known = TakenIdentifiers.shared.identifier(for: original) { return known }
            let identifier = Identifier(original)
            TakenIdentifiers.shared.remember(identifier)
            return identifier
        }

        public init(_ original: String) {
            self.original = original
            guard let base = ICULocale.baseName(original), base.utf8.count < Self.baseNameCapacity else {
                (base, normalized, language, group, isUsable) = ("", "", "", "", false)
                return
            }
            self.base = base
            normalized = LocaleMatcher.normalize(baseName: base)
            language = ICULocale.language(normalized)
            group = AppleLocaleData.languageGroups[language] ?? language
            isUsable = true
        }

        /// Whether the normalized identifier names a region.
        public var specifiesRegion: Bool { !ICULocale.region(normalized).isEmpty }

        /// `normalized` and its ancestors up to (not including) `root`. For an available localization
        /// (`penalizingNonDefaultRegion`) whose region is not its language's default one, `normalized`
        /// appears twice, which makes `it_CH` one point worse than `it_IT` for a user of `it`.
        public func parentChain(penalizingNonDefaultRegion: Bool) -> [String] {
            guard isUsable else { return [] }
            var chain = [normalized]
            if penalizingNonDefaultRegion && keepsRegionWhenMinimized {
                chain.append(normalized)
            }
            while chain.count < LocaleMatcher.maximumChainLength {
                let parent = LocaleMatcher.parent(of: chain[chain.count - 1])
                if parent.isEmpty || parent == "root" { break }
                chain.append(parent)
            }
            return chain
        }

        private var keepsRegionWhenMinimized: Bool {
            guard specifiesRegion, !AppleLocaleData.noCountryPenalty.contains(normalized),
                  let minimized = ICULocale.minimizeSubtags(normalized),
                  minimized.utf8.count < Self.minimizedCapacity else { return false }
            return !ICULocale.region(minimized).isEmpty
        }
    }

    /// Applies Apple's alias table, else CLDR's language alias (whole base name first, then the
    /// language alone with the original script and region put back), to a `uloc_getBaseName` result.
    public static func normalize(baseName base: String) -> String {
        if let apple = AppleLocaleData.aliases[base] { return apple }
        if let whole = ICULocale.alias(table: "language", key: base) { return whole }
        guard let separator = base.firstIndex(of: "_"),
              let replacement = ICULocale.alias(table: "language", key: String(base[..<separator])) else { return base }
        if !replacement.contains("_") {
            return replacement + base[separator...]
        }
        let bytes = Array(replacement.utf8)
        if bytes.count > 5 && bytes[bytes.count - 5] == UInt8(ascii: "_"),
           let last = base.lastIndex(of: "_"), base[last...].utf8.count <= 4 {
            return replacement + base[last...]
        }
        return replacement
    }

    /// The parent used for matching: Apple's override, else CLDR's parent locale, else the id cut at
    /// its last `_` (`""` after a bare language).
    public static func parent(of id: String) -> String {
        AppleLocaleData.appleParents[id] ?? AppleLocaleData.parentLocales[id] ?? ICULocale.parent(id)
    }
}

/// The identifiers `LocaleMatcher` has taken apart, shared by every matcher (an identifier
/// depends on its string alone).
private final class TakenIdentifiers: @unchecked Sendable {
    static let shared = TakenIdentifiers()
    /// Enough for every locale id a project and its devices name; beyond it nothing is added.
    static let capacity = 4_096
    private let lock = NSLock()
    private var table: [String: LocaleMatcher.Identifier] = [:]

    func identifier(for original: String) -> LocaleMatcher.Identifier? {
        lock.lock()
        let known = table[original]
        lock.unlock()
        // The table's `==` takes canonically equivalent strings as one: the caller's own string
        // must come back as `original`.
        guard let known, known.original.hasSameUTF8(as: original) else { return nil }
        return known
    }

    func remember(_ identifier: LocaleMatcher.Identifier) {
        lock.lock()
        if table.count < Self.capacity, table[identifier.original] == nil { table[identifier.original] = identifier }
        lock.unlock()
    }
}
