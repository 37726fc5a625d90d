import Foundation
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

// The translation memory as it was before its rewrite around interned source and locale numbers
// (issue 14's bench), kept as a test oracle while the new one is young: `SuggestionEquivalenceTests`
// compares every suggestion of both on the sample, the real catalogs and generated projects.

/// The project's finished translations by source text, for suggestions in the hand-off
/// (`export --suggestions`) and for `l10n fill`: every catalog's (the SDK's and catalogs the
/// chain never reads included) `translated` string units, and every `.strings` value, per locale.
///
/// Exact matches are a dictionary lookup. Near matches compare source texts folded to NFC, lower
/// case and without punctuation, scored 1 − Levenshtein distance over grapheme clusters ÷ the
/// longer length, at least 75%. Candidates come from a bigram index: two texts within that
/// distance share at least max(L) − 1 − 2k bigrams (the q-gram lemma), so only texts sharing that
/// many are compared; each source text's near matches are computed once for every locale. The
/// search is exact within a budget (`postingBudget`, `comparedBudget`); beyond it (a large memory
/// made of few words) it may miss a near match, never report a wrong one.
struct TranslationMemoryReference: Sendable {
    /// The lowest near-match score, in percent.
    public static let nearThreshold = 75
    /// At most this many suggestions per unit, best first.
    public static let maximumSuggestions = 5
    /// Postings a near-match search counts before it skips a source's most frequent bigrams.
    var postingBudget = 1_000
    /// Texts compared by distance when a search had to skip bigrams and found more candidates.
    var comparedBudget = 12

    struct Entry: Sendable {
        var target: String
        var file: String
        var id: String
        var fromSDK: Bool
        /// The target's specifiers (`signature(of:)`) as an interned number; -1 when unusual.
        var signature: Int32
    }

    /// Source text (XLIFF form) → locale → translations.
    private var bySource: [String: [String: [Entry]]] = [:]
    /// Folded source texts: their raw forms, grapheme codes and the bigram index over them.
    private var folded: [String] = []
    private var foldedIndex: [String: Int] = [:]
    private var rawSources: [[String]] = []
    private var codes: [[UInt32]] = []
    private var index: [UInt64: [Int32]] = [:]
    /// Per folded text, the number of the last query that reached it (each candidate is checked once).
    private var visited: [Int32] = []
    /// Per folded text, how many of the current query's bigram tokens it has (valid where `visited` is the query).
    private var counts: [Int32] = []
    private var queries: Int32 = 0
    /// Rows of the Levenshtein distance, reused.
    private var rows: [Int] = []
    private var graphemeCodes: [String: UInt32] = [:]
    /// Near matches of a folded query text: (folded memory text, score), computed once.
    private var nearCache: [String: [(text: Int, score: Int)]] = [:]
    /// `fits` verdicts by pair of interned specifier lists (and whether the unit is a plural case).
    private var fitting: [Int64: Bool] = [:]
    /// Interned specifier lists; "" (no specifier) is 0.
    private var signatures: [String: Int32] = ["": 0]
    /// The interned specifier list of each unit source seen.
    private var sourceSignatures: [String: Int32] = [:]
    /// The same by the unfolded source, so a source seen before is not folded again.
    private var nearBySource: [String: [(text: Int, score: Int)]] = [:]

    /// The SDK's catalog, whose translations of an app copy's key are `sdk` suggestions.
    private var sdkPath: String?

    /// Reads every finished translation of the project.
    init(project: Project) {
        let sdkPath = project.lookupChain.sdkLayer?.catalogPath
        self.sdkPath = sdkPath
        for file in project.catalogs {
            let catalog = file.catalog
            let fromSDK = file.path == sdkPath
            for (key, entry) in catalog.entries where entry.shouldTranslate != false {
                guard let localizations = entry.localizations, localizations.count > 1,
                      let source = localizations[catalog.sourceLanguage] else { continue }
                // Most entries are one plain string: no leaf list to build for them.
                let leaves = source.variations == nil && source.substitutions == nil
                    ? source.stringUnit.map { [StringUnitLeaf(path: [], unit: $0)] } ?? [] : source.stringUnits
                for leaf in leaves {
                    let sourceText = Self.xliffForm(leaf.unit.value, localization: source, path: leaf.path)
                    for (locale, localization) in localizations where locale != catalog.sourceLanguage {
                        guard let unit = leaf.path.isRoot ? localization.stringUnit : localization.stringUnit(at: leaf.path),
                              unit.state == .translated, !unit.value.isEmpty else { continue }
                        let target = Self.xliffForm(unit.value, localization: localization, path: leaf.path, fallback: source)
                        add(sourceText, locale: locale, Entry(target: target, file: file.path, id: ExchangeUnit.id(key: key, path: leaf.path), fromSDK: fromSDK,
                                                              signature: signatureID(of: target)))
                    }
                }
            }
        }
        for table in project.stringsTables {
            guard let source = table.files[project.sourceLanguage] ?? table.files["Base"] else { continue }
            for (locale, file) in table.files where locale != project.sourceLanguage && locale != "Base" {
                for key in source.keys {
                    guard let sourceText = source.value(forKey: key), let value = file.value(forKey: key), !value.isEmpty else { continue }
                    add(sourceText, locale: locale, Entry(target: value, file: table.path(locale: locale), id: key, fromSDK: false,
                                                          signature: signatureID(of: value)))
                }
            }
        }
        for source in bySource.keys {
            for locale in bySource[source]!.keys {
                bySource[source]![locale]!.sort { ($0.file, $0.id) < ($1.file, $1.id) }
            }
        }
        buildIndex()
    }

    /// A value as an export writes it: positional specifiers when it reads several arguments,
    /// a substitution's `%arg` as `%N$…`.
    private static func xliffForm(_ value: String, localization: CatalogLocalization, path: StringUnitPath,
                                  fallback: CatalogLocalization? = nil) -> String {
        guard value.utf8.contains(UInt8(ascii: "%")) else { return value }
        let substitution = path.isRoot ? nil
            : CatalogUnits.substitution(in: localization, at: path) ?? fallback.flatMap { CatalogUnits.substitution(in: $0, at: path) }
        return FormatString.exported(value, substitution: substitution)
    }

    private mutating func add(_ source: String, locale: String, _ entry: Entry) {
        bySource[source, default: [:]][locale, default: []].append(entry)
    }

    /// The suggestions for one unit of an export to `locale`, best first; `file` and `id` name the
    /// unit itself (never suggested to itself). A suggestion whose specifiers do not fit the
    /// source (an error the import would refuse) is dropped.
    mutating func suggestions(for source: String, locale: String, file: String, id: String) -> [TranslationSuggestion] {
        guard !source.isEmpty else { return [] }
        var found: [TranslationSuggestion] = []
        let plural = Self.isPluralCase(id)
        let sourceSignature: Int32
        if let known = sourceSignatures[source] {
            sourceSignature = known
        } else {
            sourceSignature = signatureID(of: source)
            sourceSignatures[source] = sourceSignature
        }
        func offer(_ entries: [Entry], source candidate: String, kind: TranslationSuggestion.Kind, quality: Int,
                   only: (Entry) -> Bool = { _ in true }) {
            entries.withUnsafeBufferPointer { entries in
                for index in entries.indices where found.count < Self.maximumSuggestions && only(entries[index]) {
                    guard !(entries[index].file == file && entries[index].id == id),
                          !found.contains(where: { $0.target == entries[index].target }),
                          fits(entries[index], source: source, sourceSignature: sourceSignature, pluralCase: plural) else { continue }
                    let entry = entries[index]
                    found.append(TranslationSuggestion(kind: kind, quality: quality, source: candidate, target: entry.target, file: entry.file, id: entry.id))
                }
            }
        }
        if let entries = bySource[source]?[locale] {
            if sdkPath != nil { offer(entries, source: source, kind: .sdk, quality: 100) { $0.fromSDK && $0.id == id } }
            offer(entries, source: source, kind: .exact, quality: 100)
        }
        guard found.count < Self.maximumSuggestions else { return found }
        let matches: [(text: Int, score: Int)]
        if let cached = nearBySource[source] {
            matches = cached
        } else {
            matches = near(source)
            nearBySource[source] = matches
        }
        for match in matches where found.count < Self.maximumSuggestions {
            for raw in rawSources[match.text] where raw != source {
                guard let entries = bySource[raw]?[locale] else { continue }
                offer(entries, source: raw, kind: .near, quality: match.score)
            }
        }
        return found
    }

    /// `fits` for a memory entry, decided once per pair of specifier lists.
    private mutating func fits(_ entry: borrowing Entry, source: String, sourceSignature: Int32, pluralCase: Bool) -> Bool {
        guard entry.signature >= 0, sourceSignature > 0 else {
            return TranslationMemory.fits(entry.target, source: source, pluralCase: pluralCase)
        }
        if entry.signature == sourceSignature { return true }
        let key = Int64(entry.signature) << 32 | Int64(sourceSignature) << 1 | (pluralCase ? 1 : 0)
        if let verdict = fitting[key] { return verdict }
        let verdict = TranslationMemory.fits(entry.target, source: source, pluralCase: pluralCase)
        fitting[key] = verdict
        return verdict
    }

    /// The interned number of a text's `signature(of:)`; -1 when it has unusual specifiers.
    private mutating func signatureID(of text: String) -> Int32 {
        if !text.utf8.contains(UInt8(ascii: "%")) { return 0 }
        guard let signature = Self.signature(of: text) else { return -1 }
        if let known = signatures[signature] { return known }
        let id = Int32(signatures.count)
        signatures[signature] = id
        return id
    }

    /// A text's specifiers as one string (`""` without any; positional ones sorted), which alone
    /// decides whether two texts' specifiers fit; nil for specifiers `FormatString.plainSpecifiers(in:)` leaves to a full parse.
    static func signature(of text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return "" }
        return FormatString.plainSpecifiers(in: text)?.joined(separator: " ")
    }

    /// Whether an id names a plural case (`KEY|==|plural.one`, `KEY|==|substitutions.N.plural.few`).
    /// Whether the id names a plural case that may state its count in words: `zero`, `one`, `two`
    /// (`few`, `many` and `other` cover many numbers and must show the count).
    static func isPluralCase(_ id: String) -> Bool {
        guard let separator = id.range(of: "|==|") else { return false }
        let components = id[separator.upperBound...].components(separatedBy: ".")
        guard let index = components.lastIndex(of: "plural"), index + 1 < components.count else { return false }
        return ["zero", "one", "two"].contains(components[index + 1])
    }

    // Whether a target fits its source is `TranslationMemory.fits`, the rule both share (the
    // oracle is for the storage and the search).

    // MARK: Near matches

    /// NFC, lower case, punctuation and symbols dropped, runs of white space as one space.
    static func fold(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var space = false
        for scalar in text.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol:
                continue
            case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control:
                space = !result.isEmpty
            default:
                if space { result.append(" ") }
                space = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    private mutating func graphemes(_ text: String) -> [UInt32] {
        text.map { character -> UInt32 in
            let scalars = character.unicodeScalars
            if scalars.count == 1 { return scalars.first!.value }
            let key = String(character)
            if let code = graphemeCodes[key] { return code }
            let code = 0x20_0000 + UInt32(graphemeCodes.count)
            graphemeCodes[key] = code
            return code
        }
    }

    /// Each bigram occurrence as a token: the two codes and which occurrence of that bigram it is.
    private static func tokens(_ codes: [UInt32]) -> [UInt64] {
        guard codes.count >= 2 else { return [] }
        var bigrams = (1..<codes.count).map { UInt64(codes[$0 - 1]) << 22 | UInt64(codes[$0]) }
        bigrams.sort()
        var occurrence: UInt64 = 0
        for index in bigrams.indices {
            occurrence = index > 0 && bigrams[index] & 0xFFF_FFFF_FFFF == bigrams[index - 1] & 0xFFF_FFFF_FFFF ? occurrence + 1 : 0
            bigrams[index] |= occurrence << 44
        }
        return bigrams
    }

    private mutating func buildIndex() {
        for source in bySource.keys.sorted() {
            let text = TextFolding.fold(source)
            guard !text.isEmpty else { continue }
            if let existing = foldedIndex[text] {
                rawSources[existing].append(source)
                continue
            }
            foldedIndex[text] = folded.count
            folded.append(text)
            rawSources.append([source])
            codes.append(graphemes(text))
        }
        let allTokens = codes.map(Self.tokens)
        visited = [Int32](repeating: -1, count: codes.count)
        for (position, tokens) in allTokens.enumerated() where codes[position].count >= 3 {
            for token in tokens { index[token, default: []].append(Int32(position)) }
        }
        counts = [Int32](repeating: 0, count: codes.count)
    }

    /// The Levenshtein distance of two code lists, or nil when it exceeds `limit` (a band of the
    /// matrix, rows reused).
    private mutating func distance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let width = b.count + 1
        if rows.count < 2 * width { rows = [Int](repeating: 0, count: 2 * width) }
        return rows.withUnsafeMutableBufferPointer { rows -> Int? in
            var previous = 0, current = width
            for j in 0...b.count { rows[j] = j }
            for i in 1...a.count {
                rows[current] = i
                var rowMinimum = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    let value = Swift.min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                    rows[current + j] = value
                    rowMinimum = Swift.min(rowMinimum, value)
                }
                if rowMinimum > limit { return nil }
                swap(&previous, &current)
            }
            let result = rows[previous + b.count]
            return result <= limit ? result : nil
        }
    }

    /// The folded memory texts within the threshold of `source`, best first (the same folded
    /// text, other punctuation or case, scores 99: only the same text is 100).
    private mutating func near(_ source: String) -> [(text: Int, score: Int)] {
        let text = TextFolding.fold(source)
        guard !text.isEmpty else { return [] }
        if let cached = nearCache[text] { return cached }
        var result: [(text: Int, score: Int)] = []
        let same = foldedIndex[text]
        if let same { result.append((same, 99)) }
        let query = graphemes(text)
        if query.count >= 3 {
            // Count, per memory text, the bigram tokens it shares with the query (every posting of
            // every query token); a text is a candidate once it shares as many as the q-gram lemma
            // asks of any text in the length window (max − 1 − 2k, k = max/4, at least ⌈L/2⌉−1).
            let tokens = Self.tokens(query)
            queries += 1
            let least = max(1, (query.count + 1) / 2 - 1)
            // Rarest bigrams first, up to a budget of postings: the texts that share `least`
            // bigrams share `least − skipped` of the counted ones, so within the budget nothing is
            // missed. A source whose bigrams are in very many texts (a large memory made of few
            // words) skips its most frequent ones and compares only the texts sharing the most.
            let lists = tokens.compactMap { index[$0] }.sorted { $0.count < $1.count }
            var counted = 0, postings = 0
            while counted < lists.count, counted == 0 || postings + lists[counted].count <= postingBudget {
                postings += lists[counted].count
                counted += 1
            }
            let skipped = lists.count - counted
            let needed = Int32(max(1, least - skipped))
            var candidates: [Int32] = []
            for list in lists[..<counted] {
                for candidate in list {
                    let position = Int(candidate)
                    if visited[position] != queries {
                        visited[position] = queries
                        counts[position] = 0
                    }
                    counts[position] += 1
                    if counts[position] == needed { candidates.append(candidate) }
                }
            }
            if candidates.count > comparedBudget {
                // Keep the texts sharing the most counted bigrams (ties in index order).
                var histogram = [Int](repeating: 0, count: tokens.count + 2)
                for candidate in candidates { histogram[min(Int(counts[Int(candidate)]), tokens.count + 1)] += 1 }
                var floor = tokens.count + 1, kept = 0
                while floor > 0, kept + histogram[floor] < comparedBudget {
                    kept += histogram[floor]
                    floor -= 1
                }
                var room = comparedBudget - kept
                candidates = candidates.filter { candidate in
                    let count = min(Int(counts[Int(candidate)]), tokens.count + 1)
                    if count > floor { return true }
                    guard count == floor, room > 0 else { return false }
                    room -= 1
                    return true
                }
            }
            for candidate in candidates {
                let position = Int(candidate)
                guard position != same else { continue }
                let length = codes[position].count
                let longer = max(length, query.count)
                guard 4 * abs(length - query.count) <= longer, Int(counts[position]) + skipped >= longer - 1 - 2 * (longer / 4),
                      let distance = distance(query, codes[position], limit: longer / 4) else { continue }
                let score = min(99, (100 * (longer - distance)) / longer)
                if score >= Self.nearThreshold { result.append((position, score)) }
            }
        }
        result.sort { $0.score != $1.score ? $0.score > $1.score : folded[$0.text] < folded[$1.text] }
        nearCache[text] = result
        return result
    }
}
