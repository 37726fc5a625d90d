import Foundation
import L10nCore
import L10nFormats
import L10nLocale
import L10nXLIFF
import L10nProject

/// A translation the project already has, offered for a unit that has no finished one.
public struct TranslationSuggestion: Hashable, Sendable {
    /// Where it comes from, which decides how far to trust it.
    public enum Kind: String, Sendable {
        /// The SDK's own translation of the same key, whose English the app's entry copies.
        case sdk
        /// The same source text, translated for the locale under another key or in another file.
        case exact
        /// A similar source text (`TranslationMemory.nearThreshold`), with its score.
        case near
    }

    public var kind: Kind
    /// In percent: 100 for `sdk` and `exact`, 75 to 99 for `near`.
    public var quality: Int
    /// The source text the suggestion translates (XLIFF form).
    public var source: String
    /// The translation (XLIFF form: positional specifiers where the export writes them).
    public var target: String
    /// The project-relative file it comes from and its unit id there.
    public var file: String
    public var id: String

    /// The `<alt-trans>` an export writes for it.
    public var altTrans: AltTrans {
        AltTrans(matchQuality: quality, originKind: kind.rawValue, originFile: file, originID: id, source: source, target: target)
    }
}

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
public struct TranslationMemory: Sendable {
    /// The lowest near-match score, in percent.
    public static let nearThreshold = 75
    /// At most this many suggestions per unit, best first.
    public static let maximumSuggestions = 5
    /// Postings a near-match search counts before it skips a source's most frequent bigrams.
    var postingBudget = 1_000
    /// Texts compared by distance when a search had to skip bigrams and found more candidates.
    var comparedBudget = 12
    /// Whether a search that counts one list takes its first texts without counting the rest
    /// (off only in tests, as the oracle of what counting keeps).
    var takesSingleListPrefix = true

    /// 56 bytes: a memory holds one per finished translation of the project (150,000 in the
    /// bench's), so the rare substitution is a number into `substitutionTable`, not a value.
    struct Entry: Sendable {
        /// The value as the catalog or table holds it; its export form once `isExportForm`.
        var target: String
        var id: String
        var source: Int32
        var locale: Int32
        /// The file's number in `files`.
        package var file: Int32
        /// The target's specifiers (`signature(of:)`) as an interned number; -1 when unusual,
        /// `Source.unknownSignature` until the entry is first offered.
        var signature: Int32
        /// The substitution a variation's `%arg` stands for, as its number in `substitutionTable`
        /// (only for a value with `%` under a substitution); -1 for none.
        var substitution: Int32
        var fromSDK: Bool
        /// Whether `target` is already in XLIFF form (no `%`, a `.strings` value, or converted).
        var isExportForm: Bool
    }

    /// A source text the memory holds or was asked about, by number; what a query needs of it is
    /// worked out once, when first asked.
    struct Source: Sendable {
        var text: String
        /// Its specifiers as an interned number (-1 unusual); `unknownSignature` until asked.
        var signature: Int32 = Self.unknownSignature
        /// Its near matches (folded text number, score), best first; nil until asked.
        var near: [NearMatch]?

        static let unknownSignature: Int32 = -2
    }

    struct NearMatch: Sendable {
        var text: Int32
        var score: Int
    }

    /// Source texts (XLIFF form) by number, and their numbers.
    private var sources: [Source] = []
    private var sourceNumbers: [UTF8Key: Int32] = [:]
    /// Locale ids by number.
    private var localeNumbers: [String: Int32] = [:]
    /// Project-relative files by number, and their rank in path order (entries sort by it).
    private var files: [String] = []
    private var fileNumbers: [String: Int32] = [:]
    private var fileRanks: [Int32] = []
    /// Every translation, by source number, locale number, file path and id.
    private var entries: [Entry] = []
    /// The SDK's translations by unit id and locale, for `sdk` suggestions: `entries` keeps only
    /// the first two entries per distinct translation of a source (an `OK` translated alike under
    /// hundreds of keys would be scanned on every query), which may drop the SDK's own.
    private var sdkEntries: [Entry] = []
    private var sdkIndex: [SDKEntryKey: Int32] = [:]

    struct SDKEntryKey: Hashable, Sendable {
        var id: UTF8Key
        var locale: Int32
    }

    /// Each entry's locale number, apart: the binary search of `range(of:locale:)` reads 4 bytes
    /// per step instead of an entry.
    private var entryLocales: [Int32] = []
    /// Where each source's translations start in `entries` (one more element: the end).
    private var sourceStarts: [Int32] = []
    /// Folded source texts: their sources by number, grapheme codes and the bigram index over them.
    private var folded: [String] = []
    private var foldedIndex: [String: Int] = [:]
    /// Each folded text's sources are `rawSources[rawStarts[text]..<rawStarts[text + 1]]`, its
    /// grapheme codes `codes[codeStarts[text]..<codeStarts[text + 1]]`: one array each for all
    /// the texts (as an array per text, the arrays' own headers outweighed what they held).
    private var rawSources: [Int32] = []
    private var rawStarts: [Int32] = [0]
    private var codes: [UInt32] = []
    private var codeStarts: [Int32] = [0]
    /// Bigram token → its list of postings: the folded texts that have it, in order, are
    /// `postings[postingStarts[list]..<postingStarts[list + 1]]` (one array for all the lists: as
    /// an array per list, 60,000 small arrays cost twice the postings themselves).
    private var postingLists: [UInt64: Int32] = [:]
    private var postingStarts: [Int32] = [0]
    private var postings: [Int32] = []
    /// Per folded text, the last query that reached it and how many of that query's bigram
    /// tokens it has: side by side, so counting a posting touches one place in memory.
    private var tallies: [Tally] = []
    private var queries: Int32 = 0

    struct Tally {
        /// The number of the last query that reached the text (each candidate is checked once).
        var query: Int32
        /// How many of that query's bigram tokens the text has.
        var count: Int32
    }
    /// Near matches by folded query text, so sources that differ only in case or punctuation
    /// search once. Kept by the folded text's number when the memory holds that text (most
    /// queries: kept by the text, each was a second copy of it until the export ended)...
    private var nearByFoldedNumber: [Int32: [NearMatch]] = [:]
    /// ...and by the text when it does not.
    private var nearByFolded: [String: [NearMatch]] = [:]
    /// Rows of the Levenshtein distance, reused.
    private var rows: [Int] = []
    private var graphemeCodes: [String: UInt32] = [:]
    /// `fits` verdicts by pair of interned specifier lists (and whether the unit is a plural case).
    private var fitting: [Int64: Bool] = [:]
    /// Interned specifier lists; "" (no specifier) is 0.
    private var signatures: [String: Int32] = ["": 0]

    /// The SDK's catalog, whose translations of an app copy's key are `sdk` suggestions.
    private var sdkPath: String?
    /// The distinct substitutions entries name, by number (a catalog has a handful).
    private var substitutionTable: [SubstitutionArgument] = []
    private var substitutionNumbers: [SubstitutionArgument: Int32] = [:]

    /// Reads every finished translation of the project.
    public init(project: Project) {
        let sdkPath = project.lookupChain.sdkLayer?.catalogPath
        self.sdkPath = sdkPath
        for file in project.catalogs {
            let catalog = file.catalog
            let fromSDK = file.path == sdkPath
            let fileNumber = number(ofFile: file.path)
            // A catalog has a dozen locales: comparing short strings beats hashing them per value.
            var locales: [(locale: String, number: Int32)] = []
            for (key, entry) in catalog.entries where entry.shouldTranslate != false {
                guard let localizations = entry.localizations, localizations.count > 1,
                      let source = localizations[catalog.sourceLanguage] else { continue }
                // Most entries are one plain string: no leaf list to build for them.
                let leaves = source.variations == nil && source.substitutions == nil
                    ? source.stringUnit.map { [StringUnitLeaf(path: [], unit: $0)] } ?? [] : source.stringUnits
                for leaf in leaves {
                    let sourceNumber = number(ofSource: Self.xliffForm(leaf.unit.value, localization: source, path: leaf.path))
                    var id: String?
                    for (locale, localization) in localizations where locale != catalog.sourceLanguage {
                        guard let unit = leaf.path.isRoot ? localization.stringUnit : localization.stringUnit(at: leaf.path),
                              unit.state == .translated, !unit.value.isEmpty else { continue }
                        let localeNumber: Int32
                        if let known = locales.first(where: { $0.locale == locale }) {
                            localeNumber = known.number
                        } else {
                            localeNumber = number(ofLocale: locale)
                            locales.append((locale, localeNumber))
                        }
                        let unitID = id ?? ExchangeUnit.id(key: key, path: leaf.path)
                        id = unitID
                        // The export form and the specifiers are worked out when the entry is first offered.
                        let plain = !unit.value.containsASCII(UInt8(ascii: "%"))
                        let substitution = plain || leaf.path.isRoot ? nil
                            : CatalogUnits.substitution(in: localization, at: leaf.path) ?? CatalogUnits.substitution(in: source, at: leaf.path)
                        entries.append(Entry(target: unit.value, id: unitID, source: sourceNumber, locale: localeNumber, file: fileNumber,
                                             signature: plain ? 0 : Source.unknownSignature, substitution: number(ofSubstitution: substitution),
                                             fromSDK: fromSDK, isExportForm: plain))
                    }
                }
            }
        }
        for table in project.stringsTables {
            guard let source = table.sourceFile(sourceLanguage: project.sourceLanguage)?.file else { continue }
            for (locale, file) in table.files where locale != project.sourceLanguage && locale != "Base" {
                let localeNumber = number(ofLocale: locale)
                let fileNumber = number(ofFile: table.path(locale: locale))
                for key in source.keys {
                    guard let sourceText = source.value(forKey: key), let value = file.value(forKey: key), !value.isEmpty else { continue }
                    let plain = !value.containsASCII(UInt8(ascii: "%"))
                    entries.append(Entry(target: value, id: key, source: number(ofSource: sourceText), locale: localeNumber, file: fileNumber,
                                         signature: plain ? 0 : Source.unknownSignature, substitution: -1, fromSDK: false, isExportForm: true))
                }
            }
        }
        fileRanks = [Int32](repeating: 0, count: files.count)
        for (rank, file) in files.indices.sorted(by: { files[$0] < files[$1] }).enumerated() { fileRanks[file] = Int32(rank) }
        let ranks = fileRanks
        // Sorted as (source, locale, file rank) numbers with the entry's index, the id deciding
        // only ties; the entries are then copied once, in that order and without the repeated
        // translations: entries are large to move while sorting.
        // In a block of its own, so that every entry (the dropped ones' strings too) is let go
        // before the index is built.
        do {
            let all = entries
            entries = []
            var order: [(key: UInt64, index: Int32)]
            if localeNumbers.count < 1 << 16, files.count < 1 << 16 {
                order = all.indices.map { index -> (key: UInt64, index: Int32) in
                    let entry = all[index]
                    return (UInt64(UInt32(entry.source)) << 32 | UInt64(UInt16(truncatingIfNeeded: entry.locale)) << 16
                            | UInt64(UInt16(truncatingIfNeeded: ranks[Int(entry.file)])), Int32(index))
                }
                order.sort { $0.key != $1.key ? $0.key < $1.key : all[Int($0.index)].id < all[Int($1.index)].id }
            } else {
                order = all.indices.map { (0, Int32($0)) }
                order.sort {
                    let a = all[Int($0.index)], b = all[Int($1.index)]
                    if a.source != b.source { return a.source < b.source }
                    if a.locale != b.locale { return a.locale < b.locale }
                    if a.file != b.file { return ranks[Int(a.file)] < ranks[Int(b.file)] }
                    return a.id < b.id
                }
            }
            let sorted = order.map(\.index)
            order = []
            keepDistinctTranslations(of: all, in: sorted)
        }
        finishIndex()
    }

    /// Keeps the SDK's entries aside for `sdk` suggestions, then in each (source, locale) block
    /// the first two entries of each distinct translation: a query offers one of them (the second
    /// when the first is the unit itself), and the rest would only be skipped as duplicates.
    /// `order` lists `all` sorted; `entries` gets the kept ones in that order, at their count.
    private mutating func keepDistinctTranslations(of all: [Entry], in order: [Int32]) {
        for index in order.lazy.map({ Int($0) }) where all[index].fromSDK {
            sdkIndex[SDKEntryKey(id: UTF8Key(all[index].id), locale: all[index].locale)] = Int32(sdkEntries.count)
            sdkEntries.append(all[index])
        }
        struct Translation: Hashable {
            var target: UTF8Key
            var substitution: Int32
        }
        // The kept entries' positions in `all`, then the entries: one array of the kept size.
        var kept: [Int32] = []
        kept.reserveCapacity(all.count)
        var blockStart = 0
        var previous: Int?
        var counts: [Translation: Int] = [:]
        for index in order.lazy.map({ Int($0) }) {
            let entry = all[index]
            if let previous, entry.source == all[previous].source, entry.locale == all[previous].locale {} else {
                blockStart = kept.count
                if !counts.isEmpty { counts.removeAll(keepingCapacity: true) }
            }
            previous = index
            let block = kept.count - blockStart
            if block < 16 {
                let same = all.withUnsafeBufferPointer { all in
                    kept[blockStart...].lazy.filter {
                        UTF8Key.same(all[Int($0)].target, entry.target) && all[Int($0)].substitution == entry.substitution
                    }.count
                }
                guard same < 2 else { continue }
                if block == 15 {
                    for earlier in kept[blockStart...] {
                        counts[Translation(target: UTF8Key(all[Int(earlier)].target), substitution: all[Int(earlier)].substitution), default: 0] += 1
                    }
                }
            } else {
                let key = Translation(target: UTF8Key(entry.target), substitution: entry.substitution)
                guard counts[key, default: 0] < 2 else { continue }
                counts[key, default: 0] += 1
            }
            kept.append(Int32(index))
        }
        entries = kept.map { all[Int($0)] }
    }

    /// Where each source's block starts, and the near-match index.
    private mutating func finishIndex() {
        entryLocales = entries.map(\.locale)
        sourceStarts = [Int32](repeating: 0, count: sources.count + 1)
        for entry in entries { sourceStarts[Int(entry.source) + 1] += 1 }
        for index in sources.indices { sourceStarts[index + 1] += sourceStarts[index] }
        buildIndex()
    }

    private mutating func number(ofSubstitution substitution: SubstitutionArgument?) -> Int32 {
        guard let substitution else { return -1 }
        if let known = substitutionNumbers[substitution] { return known }
        let number = Int32(substitutionTable.count)
        substitutionTable.append(substitution)
        substitutionNumbers[substitution] = number
        return number
    }

    private mutating func number(ofSource text: String) -> Int32 {
        if let known = sourceNumbers[UTF8Key(text)] { return known }
        let number = Int32(sources.count)
        sources.append(Source(text: text))
        sourceNumbers[UTF8Key(text)] = number
        return number
    }

    private mutating func number(ofLocale locale: String) -> Int32 {
        if let known = localeNumbers[locale] { return known }
        let number = Int32(localeNumbers.count)
        localeNumbers[locale] = number
        return number
    }

    private mutating func number(ofFile path: String) -> Int32 {
        if let known = fileNumbers[path] { return known }
        let number = Int32(files.count)
        files.append(path)
        fileNumbers[path] = number
        return number
    }

    /// A value as an export writes it: positional specifiers when it reads several arguments,
    /// a substitution's `%arg` as `%N$…`.
    private static func xliffForm(_ value: String, localization: CatalogLocalization, path: StringUnitPath,
                                  fallback: CatalogLocalization? = nil) -> String {
        guard value.containsASCII(UInt8(ascii: "%")) else { return value }
        let substitution = path.isRoot ? nil
            : CatalogUnits.substitution(in: localization, at: path) ?? fallback.flatMap { CatalogUnits.substitution(in: $0, at: path) }
        return FormatString.exported(value, substitution: substitution)
    }

    /// The suggestions for one unit of an export to `locale`, best first; `file` and `id` name the
    /// unit itself (never suggested to itself). A suggestion whose specifiers do not fit the
    /// source (an error the import would refuse) is dropped.
    public mutating func suggestions(for source: String, locale: String, file: String, id: String) -> [TranslationSuggestion] {
        guard let localeNumber = number(ofKnownLocale: locale) else { return [] }
        return suggestions(for: source, locale: localeNumber, file: number(ofKnownFile: file), id: id)
    }

    /// A locale's number; nil when the memory has no translation into it.
    func number(ofKnownLocale locale: String) -> Int32? { localeNumbers[locale] }

    /// A file's number; -1 when the memory holds nothing of it.
    func number(ofKnownFile path: String) -> Int32 { fileNumbers[path] ?? -1 }

    /// The same with the locale and file as numbers (-1: a file the memory does not hold).
    mutating func suggestions(for sourceText: String, locale: Int32, file: Int32, id: String) -> [TranslationSuggestion] {
        // An empty source is no text: another empty source's translation (of "Cancel", say) is
        // no translation of whatever this key shows.
        guard !sourceText.isEmpty else { return [] }
        let source = number(ofSource: sourceText)
        var sourceSignature = sources[Int(source)].signature
        if sourceSignature == Source.unknownSignature {
            sourceSignature = signatureID(of: sourceText)
            sources[Int(source)].signature = sourceSignature
        }
        var query = Query(source: source, sourceText: sourceText, sourceSignature: sourceSignature, locale: locale, file: file, id: id)
        if sdkPath != nil, let sdk = sdkIndex[SDKEntryKey(id: UTF8Key(id), locale: locale)], sdkEntries[Int(sdk)].source == source {
            offerSDK(Int(sdk), to: &query)
        }
        offer(source, kind: .exact, quality: 100, to: &query)
        guard query.found.count < Self.maximumSuggestions else { return query.found }
        let matches: [NearMatch]
        if let known = sources[Int(source)].near {
            matches = known
        } else {
            matches = near(sourceText)
            sources[Int(source)].near = matches
        }
        for match in matches where query.found.count < Self.maximumSuggestions {
            for raw in rawSources(of: Int(match.text)) where raw != source {
                offer(raw, kind: .near, quality: match.score, to: &query)
            }
        }
        return query.found
    }

    /// One unit's search: what it is, and what was found so far.
    private struct Query {
        var source: Int32
        var sourceText: String
        var sourceSignature: Int32
        var locale: Int32
        package var file: Int32
        var id: String
        var plural: Bool?
        var found: [TranslationSuggestion] = []

        init(source: Int32, sourceText: String, sourceSignature: Int32, locale: Int32, file: Int32, id: String) {
            self.source = source
            self.sourceText = sourceText
            self.sourceSignature = sourceSignature
            self.locale = locale
            self.file = file
            self.id = id
        }
    }

    /// Offers a candidate source's translations into the query's locale: not the unit itself,
    /// not a target already found (the same bytes), only what fits the source's specifiers.
    private mutating func offer(_ candidate: Int32, kind: TranslationSuggestion.Kind, quality: Int, to query: inout Query) {
        guard let range = range(of: candidate, locale: query.locale) else { return }
        for index in range where query.found.count < Self.maximumSuggestions {
            if entries[index].file == query.file, UTF8Key.same(entries[index].id, query.id) { continue }
            if !entries[index].isExportForm || entries[index].signature == Source.unknownSignature { entries[index] = materialized(entries[index]) }
            let target = entries[index].target
            guard !query.found.contains(where: { UTF8Key.same($0.target, target) }),
                  fits(target, signature: entries[index].signature, to: &query) else { continue }
            query.found.append(TranslationSuggestion(kind: kind, quality: quality, source: sources[Int(candidate)].text, target: target,
                                                     file: files[Int(entries[index].file)], id: entries[index].id))
        }
    }

    /// Offers the SDK's own translation of the unit's key (the app's entry copies the SDK's English).
    private mutating func offerSDK(_ index: Int, to query: inout Query) {
        if sdkEntries[index].file == query.file { return }
        if !sdkEntries[index].isExportForm || sdkEntries[index].signature == Source.unknownSignature { sdkEntries[index] = materialized(sdkEntries[index]) }
        let entry = sdkEntries[index]
        guard fits(entry.target, signature: entry.signature, to: &query) else { return }
        query.found.append(TranslationSuggestion(kind: .sdk, quality: 100, source: sources[Int(entry.source)].text, target: entry.target,
                                                 file: files[Int(entry.file)], id: entry.id))
    }

    /// The indices in `entries` of a source's translations into a locale (a source's block is
    /// sorted by locale; a short source of a large project may have thousands).
    private func range(of source: Int32, locale: Int32) -> Range<Int>? {
        guard Int(source) + 1 < sourceStarts.count else { return nil }
        let end = Int(sourceStarts[Int(source) + 1])
        func first(from low: Int, where above: (Int32) -> Bool) -> Int {
            var low = low, high = end
            while low < high {
                let middle = (low + high) / 2
                if above(entryLocales[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let start = first(from: Int(sourceStarts[Int(source)])) { $0 >= locale }
        guard start < end, entryLocales[start] == locale else { return nil }
        return start..<first(from: start) { $0 > locale }
    }

    /// An entry with its export form and specifier list, worked out the first time it is offered.
    private mutating func materialized(_ entry: Entry) -> Entry {
        var entry = entry
        if !entry.isExportForm {
            entry.target = FormatString.exported(entry.target, substitution: entry.substitution < 0 ? nil : substitutionTable[Int(entry.substitution)])
            entry.isExportForm = true
        }
        if entry.signature == Source.unknownSignature { entry.signature = signatureID(of: entry.target) }
        return entry
    }

    /// `fits` for a memory entry, decided once per pair of specifier lists (and kind of unit:
    /// whether the unit's id names a plural case is worked out only when the lists differ).
    private mutating func fits(_ target: String, signature: Int32, to query: inout Query) -> Bool {
        let sourceSignature = query.sourceSignature
        if signature == sourceSignature, signature >= 0 { return true }
        let plural = query.plural ?? Self.isPluralCase(query.id)
        query.plural = plural
        // Against a source without specifiers a target's fit depends on more than its list
        // (`%d Tage` is a placeholder, `%dx` a word): not shared through the table.
        guard signature >= 0, sourceSignature > 0 else {
            return Self.fits(target, source: query.sourceText, pluralCase: plural)
        }
        let key = Int64(signature) << 32 | Int64(sourceSignature) << 1 | (plural ? 1 : 0)
        if let verdict = fitting[key] { return verdict }
        let verdict = Self.fits(target, source: query.sourceText, pluralCase: plural)
        fitting[key] = verdict
        return verdict
    }

    /// The interned number of a text's `signature(of:)`; -1 when it has unusual specifiers.
    private mutating func signatureID(of text: String) -> Int32 {
        if !text.containsASCII(UInt8(ascii: "%")) { return 0 }
        guard let signature = Self.signature(of: text) else { return -1 }
        if let known = signatures[signature] { return known }
        let id = Int32(signatures.count)
        signatures[signature] = id
        return id
    }

    /// A text's specifiers as one string (`""` without any; positional ones sorted), which alone
    /// decides whether two texts' specifiers fit; nil for specifiers `FormatString.plainSpecifiers(in:)` leaves to a full parse.
    static func signature(of text: String) -> String? {
        guard text.containsASCII(UInt8(ascii: "%")) else { return "" }
        return FormatString.plainSpecifiers(in: text)?.joined(separator: " ")
    }

    /// Whether an id names a plural case that may state its count in words (`KEY|==|plural.one`,
    /// `KEY|==|substitutions.N.plural.zero`): `zero`, `one` and `two` stand for one number each
    /// ("Ein Foto"); `few`, `many` and `other` cover many, so they must show the count.
    static func isPluralCase(_ id: String) -> Bool {
        guard let category = pluralCategory(of: id) else { return false }
        return category == "zero" || category == "one" || category == "two"
    }

    /// The plural category an export unit's id names (`few` of `KEY|==|substitutions.N.plural.few`,
    /// `one` of `KEY|==|device.ipad.plural.one`), nil for a unit of no plural.
    public static func pluralCategory(of id: String) -> String? {
        guard let separator = id.range(of: "|==|") else { return nil }
        let components = id[separator.upperBound...].split(separator: ".", omittingEmptySubsequences: false)
        guard let index = components.lastIndex(of: "plural"), index + 1 < components.count else { return nil }
        return String(components[index + 1])
    }

    /// Whether a suggested target's specifiers fit the source: nothing the import would refuse,
    /// and (stricter than the import, which applies it with a warning) no argument dropped. The
    /// same specifiers in any order (positions kept) fit without parsing; anything else is compared.
    static func fits(_ target: String, source: String, pluralCase: Bool) -> Bool {
        let percent = UInt8(ascii: "%")
        guard target.utf8.contains(percent) || source.utf8.contains(percent) else { return true }
        if let a = FormatString.plainSpecifiers(in: target), let b = FormatString.plainSpecifiers(in: source), a == b { return true }
        let parsed = FormatString(source)
        // A source that reads no argument is not a format string: a `%` in the target is text
        // (`In 25 %-Schritten`), unless it is a placeholder nothing would fill, as the check has it.
        guard !parsed.specifiers.isEmpty else { return PlaceholderMismatchCheck.unfilledSpecifier(target) == nil }
        let options = pluralCase ? FormatComparisonOptions.pluralCase(of: parsed, substitution: nil) : FormatComparisonOptions()
        return !FormatString.mismatches(source: parsed, translation: FormatString(target), options: options).contains { mismatch in
            if case .missingArgument = mismatch.kind { return true }
            return mismatch.severity == .error
        }
    }

    // MARK: Near matches

    /// A folded text's grapheme clusters as codes: a one-scalar cluster is its scalar, others are
    /// numbered. Folded ASCII has no CR LF, so each byte is a cluster.
    private mutating func graphemes(_ text: String) -> [UInt32] {
        var text = text
        if let ascii = text.withUTF8({ bytes in bytes.allSatisfy { $0 < 0x80 } ? bytes.map { UInt32($0) } : nil }) { return ascii }
        return text.map { character -> UInt32 in
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
    private static func tokens(_ codes: ArraySlice<UInt32>) -> [UInt64] {
        guard codes.count >= 2 else { return [] }
        var bigrams = (codes.startIndex + 1..<codes.endIndex).map { UInt64(codes[$0 - 1]) << 22 | UInt64(codes[$0]) }
        bigrams.sort()
        var occurrence: UInt64 = 0
        for index in bigrams.indices {
            occurrence = index > 0 && bigrams[index] & 0xFFF_FFFF_FFFF == bigrams[index - 1] & 0xFFF_FFFF_FFFF ? occurrence + 1 : 0
            bigrams[index] |= occurrence << 44
        }
        return bigrams
    }

    /// The sources whose folded text is text `position`.
    private func rawSources(of position: Int) -> ArraySlice<Int32> {
        rawSources[Int(rawStarts[position])..<Int(rawStarts[position + 1])]
    }

    /// The grapheme codes of folded text `position`.
    private func codes(of position: Int) -> ArraySlice<UInt32> {
        codes[Int(codeStarts[position])..<Int(codeStarts[position + 1])]
    }

    private mutating func buildIndex() {
        let texts = sources
        // Each source's folded text, numbered in the order of the sources' texts.
        var textOfSource = [Int32](repeating: -1, count: sources.count)
        let sourceOrder = sources.indices.sorted { texts[$0].text < texts[$1].text }
        for source in sourceOrder {
            let text = TextFolding.fold(sources[source].text)
            guard !text.isEmpty else { continue }
            if let existing = foldedIndex[text] {
                textOfSource[source] = Int32(existing)
                continue
            }
            textOfSource[source] = Int32(folded.count)
            foldedIndex[text] = folded.count
            folded.append(text)
            codes.append(contentsOf: graphemes(text))
            codeStarts.append(Int32(codes.count))
        }
        // The sources of each text, in the order they were met above.
        rawStarts = [Int32](repeating: 0, count: folded.count + 1)
        for text in textOfSource where text >= 0 { rawStarts[Int(text) + 1] += 1 }
        for text in folded.indices { rawStarts[text + 1] += rawStarts[text] }
        var nextRaw = rawStarts
        rawSources = [Int32](repeating: 0, count: Int(rawStarts[folded.count]))
        for source in sourceOrder where textOfSource[source] >= 0 {
            let text = Int(textOfSource[source])
            rawSources[Int(nextRaw[text])] = Int32(source)
            nextRaw[text] += 1
        }
        tallies = [Tally](repeating: Tally(query: -1, count: 0), count: folded.count)
        // Each text's tokens with their list, in text order; then placed list by list.
        var found: [(list: Int32, position: Int32)] = []
        found.reserveCapacity(folded.indices.reduce(0) { $0 + (codes(of: $1).count >= 3 ? codes(of: $1).count - 1 : 0) })
        for position in folded.indices where codes(of: position).count >= 3 {
            for token in Self.tokens(codes(of: position)) {
                let list: Int32
                if let known = postingLists[token] {
                    list = known
                } else {
                    list = Int32(postingLists.count)
                    postingLists[token] = list
                }
                found.append((list, Int32(position)))
            }
        }
        var starts = [Int32](repeating: 0, count: postingLists.count + 1)
        for posting in found { starts[Int(posting.list) + 1] += 1 }
        for list in 0..<postingLists.count { starts[list + 1] += starts[list] }
        var next = starts
        var placed = [Int32](repeating: 0, count: found.count)
        for posting in found {
            placed[Int(next[Int(posting.list)])] = posting.position
            next[Int(posting.list)] += 1
        }
        postingStarts = starts
        postings = placed
    }

    /// Where the postings of `list` are in `postings`, given `postingStarts`.
    private static func postingRange(_ list: Int32, in starts: [Int32]) -> Range<Int> {
        Int(starts[Int(list)])..<Int(starts[Int(list) + 1])
    }

    /// How many texts have the bigram token of `list`.
    private func postingCount(_ list: Int32) -> Int { Self.postingRange(list, in: postingStarts).count }

    /// The Levenshtein distance of two code lists, or nil when it exceeds `limit`: only the band
    /// of cells within `limit` of the diagonal is computed (a path through any other cell costs
    /// more than `limit`), and a row whose band all exceeds it stops the search.
    mutating func distance(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int? {
        distance(a[...], b[...], limit: limit)
    }

    /// `distance(_:_:limit:)` of two runs of code lists.
    private mutating func distance(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>, limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let width = b.count + 1
        if rows.count < 2 * width { rows = [Int](repeating: 0, count: 2 * width) }
        let outside = limit + 1
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                rows.withUnsafeMutableBufferPointer { rows -> Int? in
                    var previous = 0, current = width
                    for j in 0...b.count { rows[j] = min(j, outside) }
                    for i in 1...a.count {
                        let low = max(1, i - limit), high = min(b.count, i + limit)
                        rows[current + low - 1] = low == 1 ? min(i, outside) : outside
                        var rowMinimum = rows[current + low - 1]
                        let code = a[i - 1]
                        if low <= high {
                            for j in low...high {
                                let cost = code == b[j - 1] ? 0 : 1
                                let value = Swift.min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost, outside)
                                rows[current + j] = value
                                rowMinimum = Swift.min(rowMinimum, value)
                            }
                        }
                        if high < b.count { rows[current + high + 1] = outside }
                        if rowMinimum > limit { return nil }
                        swap(&previous, &current)
                    }
                    let result = rows[previous + b.count]
                    return result <= limit ? result : nil
                }
            }
        }
    }

    /// The folded memory texts within the threshold of `source`, best first (the same folded
    /// text, other punctuation or case, scores 99: only the same text is 100).
    private mutating func near(_ source: String) -> [NearMatch] {
        let text = TextFolding.fold(source)
        guard !text.isEmpty else { return [] }
        let same = foldedIndex[text]
        if let same {
            if let known = nearByFoldedNumber[Int32(same)] { return known }
        } else if let known = nearByFolded[text] {
            return known
        }
        var result: [NearMatch] = []
        if let same { result.append(NearMatch(text: Int32(same), score: 99)) }
        let query = graphemes(text)
        if query.count >= 3 {
            // Count, per memory text, the bigram tokens it shares with the query (every posting of
            // every query token); a text is a candidate once it shares as many as the q-gram lemma
            // asks of any text in the length window (max − 1 − 2k, k = max/4, at least ⌈L/2⌉−1).
            let tokens = Self.tokens(query[...])
            queries += 1
            let least = max(1, (query.count + 1) / 2 - 1)
            // Rarest bigrams first, up to a budget of postings: the texts that share `least`
            // bigrams share `least − skipped` of the counted ones, so within the budget nothing is
            // missed. A source whose bigrams are in very many texts (a large memory made of few
            // words) skips its most frequent ones and compares only the texts sharing the most.
            let lists = tokens.compactMap { postingLists[$0] }.sorted { postingCount($0) < postingCount($1) }
            var counted = 0, postingTotal = 0
            while counted < lists.count, counted == 0 || postingTotal + postingCount(lists[counted]) <= postingBudget {
                postingTotal += postingCount(lists[counted])
                counted += 1
            }
            let skipped = lists.count - counted
            let needed = Int32(max(1, least - skipped))
            var candidates: [Int32] = []
            let queryNumber = queries
            let starts = postingStarts
            if counted == 1, takesSingleListPrefix {
                // One list counted (the rarest, when it and the next are over the budget, or the
                // only one): a text has it at most once, so none reaches two, and with one needed
                // the texts kept are the list's first `comparedBudget`, all that counting the
                // whole list would keep.
                if needed == 1 {
                    let first = Self.postingRange(lists[0], in: starts)
                    for candidate in postings[first.prefix(comparedBudget)] {
                        tallies[Int(candidate)] = Tally(query: queryNumber, count: 1)
                        candidates.append(candidate)
                    }
                }
            } else {
                tallies.withUnsafeMutableBufferPointer { tallies in
                    for list in lists[..<counted] {
                        postings[Self.postingRange(list, in: starts)].withUnsafeBufferPointer { list in
                            for candidate in list {
                                let position = Int(candidate)
                                let count = tallies[position].query == queryNumber ? tallies[position].count + 1 : 1
                                tallies[position] = Tally(query: queryNumber, count: count)
                                if count == needed { candidates.append(candidate) }
                            }
                        }
                    }
                }
            }
            if candidates.count > comparedBudget {
                // Keep the texts sharing the most counted bigrams (ties in index order).
                var histogram = [Int](repeating: 0, count: tokens.count + 2)
                for candidate in candidates { histogram[min(Int(tallies[Int(candidate)].count), tokens.count + 1)] += 1 }
                var floor = tokens.count + 1, kept = 0
                while floor > 0, kept + histogram[floor] < comparedBudget {
                    kept += histogram[floor]
                    floor -= 1
                }
                var room = comparedBudget - kept
                candidates = candidates.filter { candidate in
                    let count = min(Int(tallies[Int(candidate)].count), tokens.count + 1)
                    if count > floor { return true }
                    guard count == floor, room > 0 else { return false }
                    room -= 1
                    return true
                }
            }
            for candidate in candidates {
                let position = Int(candidate)
                guard position != same else { continue }
                let length = codes(of: position).count
                let longer = max(length, query.count)
                guard 4 * abs(length - query.count) <= longer, Int(tallies[position].count) + skipped >= longer - 1 - 2 * (longer / 4),
                      let distance = distance(query[...], codes(of: position), limit: longer / 4) else { continue }
                let score = min(99, (100 * (longer - distance)) / longer)
                if score >= Self.nearThreshold { result.append(NearMatch(text: candidate, score: score)) }
            }
        }
        result.sort { $0.score != $1.score ? $0.score > $1.score : folded[Int($0.text)] < folded[Int($1.text)] }
        if let same { nearByFoldedNumber[Int32(same)] = result } else { nearByFolded[text] = result }
        return result
    }
}

/// A text as a dictionary key by its UTF-8 bytes: an XLIFF source matches exactly when its bytes
/// do, and hashing bytes skips the normalization `String` hashing does for non-ASCII text.
struct UTF8Key: Hashable, Sendable {
    var text: String

    init(_ text: String) { self.text = text }

    static func == (a: UTF8Key, b: UTF8Key) -> Bool { same(a.text, b.text) }

    /// Whether two texts have the same UTF-8 bytes (no normalization, unlike `String ==`).
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool {
        a.hasSameUTF8(as: b)
    }

    func hash(into hasher: inout Hasher) {
        if let hashed: Void = text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) {
            return hashed
        }
        var copy = text
        copy.makeContiguousUTF8()
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension XLIFFExporter {
    /// The export with suggestions from `memory` as `<alt-trans>` on every unit that has no
    /// finished translation (no target, or a target in a state other than translated, final or
    /// signed-off); `translate="no"` units get none. Without it the export is Xcode's.
    public func withSuggestions(_ export: LocaleExport, memory: inout TranslationMemory) -> LocaleExport {
        var result = export
        addSuggestions(to: &result, memory: &memory)
        return result
    }

    /// Every locale's export with suggestions from the project's own memory, handed to `each` in
    /// locale order (`export --suggestions`). Two cores work side by side: the memory is built
    /// while the first locale exports, then each locale's suggestions are found while the next
    /// locale exports. `adjust` runs on each export first (budgets); `progress` hears of each
    /// locale before it starts.
    public func exportsWithSuggestions(locales: [String], scope: ExportScope,
                                       adjust: @escaping @Sendable (LocaleExport) -> LocaleExport = { $0 },
                                       progress: (_ done: Int, _ total: Int, _ locale: String) -> Void = { _, _, _ in },
                                       each: (LocaleExport) throws -> Void) rethrows {
        guard let first = locales.first else { return }
        // One thread at a time touches the memory and the export waiting for suggestions; the
        // box only carries them into the concurrent step.
        final class Carried: @unchecked Sendable {
            var memory: TranslationMemory?
            var pending: LocaleExport?
        }
        let carried = Carried()
        let project = self.project
        progress(1, locales.count, first)
        let started = ConcurrentWork.map(2) { part -> LocaleExport? in
            if part == 0 {
                carried.memory = TranslationMemory(project: project)
                return nil
            }
            return adjust(self.export(locale: first, scope: scope))
        }
        carried.pending = started[1]
        for (index, locale) in locales.enumerated().dropFirst() {
            progress(index + 1, locales.count, locale)
            let next = ConcurrentWork.map(2) { part -> LocaleExport? in
                if part == 0 {
                    self.addSuggestions(to: &carried.pending!, memory: &carried.memory!)
                    return nil
                }
                return adjust(self.export(locale: locale, scope: scope))
            }
            let done = carried.pending!
            carried.pending = next[1]
            try each(done)
        }
        addSuggestions(to: &carried.pending!, memory: &carried.memory!)
        try each(carried.pending!)
    }

    /// `withSuggestions` in place, so the export's units are not copied.
    public func addSuggestions(to export: inout LocaleExport, memory: inout TranslationMemory) {
        guard let locale = memory.number(ofKnownLocale: export.locale) else { return }
        for fileIndex in export.document.files.indices {
            let file = memory.number(ofKnownFile: export.document.files[fileIndex].original)
            var units: [TransUnit] = []
            swap(&units, &export.document.files[fileIndex].units)
            for unitIndex in units.indices where units[unitIndex].translate && !Self.isFinished(units[unitIndex]) {
                units[unitIndex].alternatives = memory.suggestions(for: units[unitIndex].source, locale: locale, file: file, id: units[unitIndex].id)
                    .map(\.altTrans)
            }
            swap(&units, &export.document.files[fileIndex].units)
        }
    }

    /// Whether a unit carries a finished translation (a `.strings` value has no state: finished).
    static func isFinished(_ unit: TransUnit) -> Bool {
        guard unit.target != nil else { return false }
        switch unit.targetState {
        case nil, .translated?, .final?, .signedOff?: return true
        default: return false
        }
    }
}

/// `l10n fill`: the units of a locale that have no value at all get the best suggestion of at
/// least `minimumQuality` as a `needs_review` value (never `translated`: a person decides), written
/// the way an import writes (`XLIFFImporter`), so its checks and file handling apply.
public struct TranslationFill: Sendable {
    public var locale: String
    /// 100 (the default): exact and SDK matches only; lower admits near matches from that score.
    public var minimumQuality: Int

    public init(locale: String, minimumQuality: Int = 100) {
        self.locale = locale
        self.minimumQuality = minimumQuality
    }

    /// One unit filled: where it goes and the suggestion it takes.
    public struct Filled: Sendable, Hashable {
        public var file: String
        public var id: String
        public var suggestion: TranslationSuggestion
    }

    /// The units to fill and the import plan that writes them (nothing is written here).
    public func plan(_ project: Project) throws(ImportFailure) -> (filled: [Filled], plan: ImportPlan) {
        let export = XLIFFExporter(project: project).export(locale: locale, scope: .missing)
        var memory = TranslationMemory(project: project)
        var filled: [Filled] = []
        var missedGroups = Set<String>()
        var document = XLIFFDocument()
        for file in export.document.files {
            var units: [TransUnit] = []
            var found: [(unit: TransUnit, suggestion: TranslationSuggestion)] = []
            for unit in file.units where unit.translate && unit.target == nil {
                let category = TranslationMemory.pluralCategory(of: unit.id)
                if let best = memory.suggestions(for: unit.source, locale: locale, file: file.original, id: unit.id)
                    .first(where: { $0.quality >= minimumQuality
                        && (Self.fills(category, from: TranslationMemory.pluralCategory(of: $0.id)) || Self.isSameKey($0, unit.id, file.original)) }) {
                    found.append((unit, best))
                } else {
                    missedGroups.insert(Self.pluralGroup(of: unit.id))
                }
            }
            // A plural's forms are filled all or none: a lone `other` makes a locale that showed
            // the source ("1 file") show "1 Dateien".
            for (unit, suggestion) in found where !missedGroups.contains(Self.pluralGroup(of: unit.id)) {
                var copy = unit
                copy.target = suggestion.target
                copy.targetState = .needsReviewTranslation
                units.append(copy)
                filled.append(Filled(file: file.original, id: unit.id, suggestion: suggestion))
            }
            missedGroups.removeAll()
            guard !units.isEmpty else { continue }
            var copy = file
            copy.units = units
            document.files.append(copy)
        }
        let plan = try XLIFFImporter(project: project).plan([ImportInput(path: "fill \(locale)", document: document)])
        return (filled, plan)
    }

    /// Whether a suggestion from a unit of plural category `from` may fill one of `category`
    /// (nil: no plural). A form takes its own category's translation; `one` and `other`, which
    /// English has, also take a plain value of the same source. `few` and `many` have no English
    /// text of their own (their source is `other`'s), so only a `few` or `many` fills them, or
    /// the same key's own `other`: another key's Russian `other` ("%lld файла") is wrong for 5 files.
    static func fills(_ category: String?, from source: String?) -> Bool {
        guard let category else { return source == nil || source == "other" }
        if let source { return source == category }
        return category == "one" || category == "other"
    }

    /// Whether a suggestion comes from the same key of the same file: the locale's own `other`
    /// for its missing `many` is what a device shows for those numbers already.
    static func isSameKey(_ suggestion: TranslationSuggestion, _ id: String, _ file: String) -> Bool {
        func key(_ id: String) -> Substring { id.range(of: "|==|").map { id[..<$0.lowerBound] } ?? id[...] }
        return suggestion.file == file && key(suggestion.id) == key(id)
    }

    /// The id of a unit with its plural category left out: the forms of one plural share it.
    static func pluralGroup(of id: String) -> String {
        guard let category = TranslationMemory.pluralCategory(of: id), let range = id.range(of: "plural." + category, options: .backwards) else { return id }
        return id.replacingCharacters(in: range, with: "plural.*")
    }
}
