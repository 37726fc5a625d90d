import Foundation
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
@testable import L10nTestSupport

/// Seeded random catalogs and JSON values: shapes no fixture has (empty objects, deep variations,
/// unknown fields everywhere, keys that sort only by numeric or case rules, control characters).
enum XCStringsRandomCatalog {
    static let pieces = [
        "a", "A", "b", "Z", "message ", "Radial ", "menu", "Menu", "9", "10", "0", "2", " ", "-", "_", ".", "%@", "%lld",
        "\"", "\\", "/", "\n", "\t", "\r", "\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{1B}", "\u{1F}", "\u{7F}",
        "é", "e\u{301}", "ß", "中", "文", "😀", "👩‍👩‍👧", "\u{2028}", "שלום", "ı", "İ", "ﬁ", "%#@count@",
    ]
    static let locales = ["de", "en", "fr", "zh-Hant", "zh-HK", "zh-Hans", "pt-BR", "ru", "ar", "sr-Latn"]
    static let states: [StringUnitState] = [.new, .translated, .needsReview, .stale, .machineTranslated, "custom_state"]

    static func string(_ random: inout SeededRandom, maxPieces: UInt64 = 6) -> String {
        (0..<Int(random.next() % (maxPieces + 1))).map { _ in random.pick(pieces) }.joined()
    }

    static func catalog(_ random: inout SeededRandom, entries count: Int = 40) -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: random.pick(["en", "de", "zh-Hant"]),
                                    version: random.pick(["1.0", "1.1", nil]))
        if random.percentChance(30) { catalog.unknownFields = unknownFields(&random, avoiding: ["sourceLanguage", "strings", "version"]) }
        for _ in 0..<count {
            catalog.entries[string(&random, maxPieces: 4)] = entry(&random)
        }
        return catalog
    }

    static func entry(_ random: inout SeededRandom) -> CatalogEntry {
        var entry = CatalogEntry()
        if random.percentChance(10) { return entry }
        if random.percentChance(50) { entry.comment = string(&random) }
        if random.percentChance(30) { entry.extractionState = random.pick([.manual, .stale, .extractedWithValue, .migrated, "future_state"]) }
        if random.percentChance(15) { entry.shouldTranslate = random.percentChance(80) ? false : true }
        if random.percentChance(75) {
            var localizations = CatalogLocalizations()
            for _ in 0..<Int(random.next() % 4) { localizations[random.pick(locales)] = localization(&random, depth: 0) }
            entry.localizations = localizations
        }
        if random.percentChance(15) {
            entry.unknownFields = unknownFields(&random, avoiding: ["comment", "extractionState", "localizations", "shouldTranslate"])
        }
        return entry
    }

    static func localization(_ random: inout SeededRandom, depth: Int) -> CatalogLocalization {
        var localization = CatalogLocalization()
        if random.percentChance(depth == 0 ? 80 : 90) { localization.stringUnit = stringUnit(&random) }
        if depth < 3, random.percentChance(depth == 0 ? 25 : 15) { localization.variations = variations(&random, depth: depth) }
        if depth < 2, random.percentChance(12) {
            var substitutions: [String: Substitution] = [:]
            for _ in 0..<Int(random.next() % 3 + 1) {
                var substitution = Substitution(argNum: random.percentChance(70) ? Int(random.next() % 12) : nil,
                                                formatSpecifier: random.pick(["lld", "@", "d", "f", ".2f"]))
                if random.percentChance(90) { substitution.variations = variations(&random, depth: depth + 1) }
                if random.percentChance(10) { substitution.unknownFields = unknownFields(&random, avoiding: ["argNum", "formatSpecifier", "variations"]) }
                substitutions[random.pick(["count", "items", "arg2", "x"])] = substitution
            }
            localization.substitutions = substitutions
        }
        if random.percentChance(5) { localization.unknownFields = unknownFields(&random, avoiding: ["stringUnit", "substitutions", "variations"]) }
        return localization
    }

    static func stringUnit(_ random: inout SeededRandom) -> StringUnit {
        var unit = StringUnit(state: random.pick(states), value: string(&random))
        if random.percentChance(5) { unit.unknownFields = unknownFields(&random, avoiding: ["state", "value"]) }
        return unit
    }

    static func variations(_ random: inout SeededRandom, depth: Int) -> CatalogVariations {
        var variations = CatalogVariations()
        if random.percentChance(5) { return variations }
        let kind = random.pick(["plural", "plural", "device", "width"])
        let names = kind == "plural" ? ["zero", "one", "two", "few", "many", "other"]
            : kind == "device" ? ["iphone", "ipod", "ipad", "mac", "applewatch", "appletv", "applevision", "other"]
            : ["1", "20", "100"]
        var cases = CatalogLocalizations()
        for _ in 0..<Int(random.next() % 4 + 1) { cases[random.pick(names)] = localization(&random, depth: depth + 1) }
        variations.kinds[kind] = cases
        return variations
    }

    static func unknownFields(_ random: inout SeededRandom, avoiding known: Set<String>) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        for _ in 0..<Int(random.next() % 3 + 1) {
            let name = random.pick(["isCommentAutoGenerated", "generatesSymbol", "x-note", "Ünknown", "10", "9", ""])
            guard !known.contains(name) else { continue }
            fields[name] = sortedForXcode(jsonValue(&random, depth: 1))
        }
        return fields
    }

    /// Any JSON value; object keys unique, in no particular order.
    static func jsonValue(_ random: inout SeededRandom, depth: Int) -> JSONValue {
        switch random.next() % (depth > 3 ? 4 : 6) {
        case 0: return .string(string(&random))
        case 1: return .number(random.pick(["0", "1", "-0", "1.50", "12345678901234567890", "1e10", "2E-3", "-7.25e+2"]))
        case 2: return .bool(random.percentChance(50))
        case 3: return .null
        case 4: return .array((0..<Int(random.next() % 4)).map { _ in jsonValue(&random, depth: depth + 1) })
        default:
            var seen = Set<String>()
            var members: [(key: String, value: JSONValue)] = []
            for _ in 0..<Int(random.next() % 5) {
                let key = string(&random, maxPieces: 3)
                if seen.insert(key).inserted { members.append((key, jsonValue(&random, depth: depth + 1))) }
            }
            return .object(members)
        }
    }

    /// The value with every object's members in Xcode's order: what reading a written value gives.
    static func sortedForXcode(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            let values = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
            return .object(Collator.xcodeKeyOrder.sorted(members.map(\.key)).map { ($0, sortedForXcode(values[$0]!)) })
        case .array(let elements):
            return .array(elements.map(sortedForXcode))
        default:
            return value
        }
    }
}
