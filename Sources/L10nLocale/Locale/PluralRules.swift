import Foundation
import L10nCore
import L10nFormats

/// A CLDR plural category, as String Catalogs and `.stringsdict` files name their plural cases.
///
/// Ordered canonically (`zero one two few many other`), the order Xcode's editor shows them in.
public enum PluralCategory: String, CaseIterable, Comparable, Sendable, Codable {
    case zero, one, two, few, many, other

    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// `init(rawValue:)`, by comparing the name with each category's, most frequent first: the
    /// string switch behind `rawValue` cost several times more for a catalog's every case name.
    public init?(name: String) {
        if name == "other" { self = .other
        } else if name == "one" { self = .one
        } else if name == "few" { self = .few
        } else if name == "many" { self = .many
        } else if name == "two" { self = .two
        } else if name == "zero" { self = .zero
        } else { return nil }
    }

    /// The category's bit in a set of categories held as one byte.
    public var bit: UInt8 {
        switch self {
        case .zero: return 1
        case .one: return 2
        case .two: return 4
        case .few: return 8
        case .many: return 16
        case .other: return 32
        }
    }
}

/// Cardinal plural rules number → category (`2 files`) or ordinal ones (`2nd`).
public enum PluralRuleType: String, Sendable, Codable {
    case cardinal, ordinal
}

/// The CLDR plural rules of one locale, from ICU's data (`uplrules`).
///
/// Accepts the locale ids catalogs and `.lproj` folders use, BCP 47 (`zh-Hant`, `pt-BR`, `es-419`)
/// or ICU style (`en_GB`, `zh_Hant_TW`), and converts them to ICU ids. Locales that ICU has no rules
/// for (`mul`, unknown languages) get the root rules, where every number is `other`;
/// `hasLocaleData` tells them apart.
public struct PluralRules: Sendable, Hashable {
    /// The id as given.
    public let locale: String
    /// The same locale as an ICU id (`zh_Hant`, `pt_BR`).
    public let icuLocale: String
    public let type: PluralRuleType
    /// The categories this locale's rules select, in canonical order (`one few many other` for `ru`).
    public let categories: [PluralCategory]
    /// The locale whose CLDR rules apply (`pt_PT` for `pt-PT`, `pt` for `pt-BR`), nil when ICU has none.
    public let rulesLocale: String?

    /// Rules for a locale id; throws `InvalidLocaleIdentifier` for text that is not a locale id
    /// (`Base`, `en-`, `en GB`).
    public init(locale: String, type: PluralRuleType = .cardinal) throws {
        // A legacy folder's old name (`Italian.lproj`) has its language's rules.
        let icu = try LocaleIdentifierSyntax.icuIdentifier(LocaleIdentifier.oldLanguageNames[locale] ?? locale)
        self.locale = locale
        self.icuLocale = icu
        self.type = type
        let ordinal = type == .ordinal
        let keywords = ICUPluralRules.keywords(locale: icu, ordinal: ordinal)
        self.categories = keywords.compactMap(PluralCategory.init(rawValue:)).sorted()
        self.rulesLocale = ICUPluralRules.rulesLocale(locale: icu, ordinal: ordinal)
    }

    /// Whether CLDR has rules for this locale or a parent of it (false means ICU's root rules).
    public var hasLocaleData: Bool { rulesLocale != nil }

    /// The category an integer selects.
    public func select(_ number: Int) -> PluralCategory {
        select(decimal: String(number)) ?? .other
    }

    /// The integers from 0 below `limit` each category selects: which numbers a form stands for.
    public func integers(below limit: Int) -> [PluralCategory: [Int]] {
        guard let keywords = ICUPluralRules.selectIntegers(locale: icuLocale, count: limit, ordinal: type == .ordinal),
              keywords.count == limit else {
            return Dictionary(grouping: 0..<limit, by: { select($0) })
        }
        var result: [PluralCategory: [Int]] = [:]
        for (number, keyword) in keywords.enumerated() {
            result[PluralCategory(rawValue: keyword) ?? .other, default: []].append(number)
        }
        return result
    }

    /// The category a decimal number selects, written with its visible fraction digits:
    /// in English `"1"` is `one` but `"1.0"` is `other`. Nil when `number` is not of the form
    /// `-?[0-9]+(\.[0-9]+)?`.
    public func select(_ number: String) -> PluralCategory? {
        select(decimal: number)
    }

    private func select(decimal number: String) -> PluralCategory? {
        guard Self.isDecimal(number) else { return nil }
        guard let keyword = ICUPluralRules.select(locale: icuLocale, number: number, ordinal: type == .ordinal) else { return nil }
        return PluralCategory(rawValue: keyword)
    }

    static func isDecimal(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let integer = bytes.prefix(while: isDigit)
        guard !integer.isEmpty else { return false }
        let rest = bytes.dropFirst(integer.count)
        if rest.isEmpty { return true }
        guard rest.first == UInt8(ascii: "."), rest.count > 1 else { return false }
        return rest.dropFirst().allSatisfy(isDigit)
    }

    /// The CLDR rule of a category with its sample numbers; nil for a category the locale does not use
    /// or a locale without data.
    public func rule(for category: PluralCategory) -> PluralRule? {
        guard categories.contains(category),
              let text = ICUPluralRules.rule(locale: icuLocale, keyword: category.rawValue, ordinal: type == .ordinal)
        else { return nil }
        return PluralRule(category: category, text: text)
    }

    /// Compares the categories a plural variation has with those this locale's rules select.
    public func coverage<Categories: Sequence>(of present: Categories) -> PluralCoverage where Categories.Element == PluralCategory {
        PluralCoverage(locale: locale, required: categories, present: Array(Set(present)).sorted())
    }
}

/// One category's CLDR rule, e.g. `few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14`.
public struct PluralRule: Sendable, Hashable {
    public let category: PluralCategory
    /// The condition in CLDR syntax; empty for `other`.
    public let condition: String
    /// CLDR's sample integers as written (`"2~4"`, `"22~24"`, `"1c6"`), without the final `…`.
    public let integerSamples: [String]
    /// CLDR's sample decimals as written (`"0.0~1.5"`), without the final `…`.
    public let decimalSamples: [String]

    init(category: PluralCategory, text: String) {
        self.category = category
        var condition = text
        var integers = "", decimals = ""
        if let at = text.range(of: "@decimal") {
            decimals = String(text[at.upperBound...])
            condition = String(text[..<at.lowerBound])
        }
        if let at = condition.range(of: "@integer") {
            integers = String(condition[at.upperBound...])
            condition = String(condition[..<at.lowerBound])
        }
        func samples(_ list: String) -> [String] {
            list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "…" }
        }
        self.condition = condition.trimmingCharacters(in: .whitespaces)
        self.integerSamples = samples(integers)
        self.decimalSamples = samples(decimals)
    }

    /// Whether some integer selects this category: a `%lld` count can reach it.
    public var appliesToIntegers: Bool { !integerSamples.isEmpty }
}

/// How a plural variation's categories compare with what its locale's rules select.
///
/// `zero` is special in Apple's system: Foundation uses a `zero` case for exactly 0 in every
/// language, whether or not CLDR gives the language a zero category. So a `zero` the rules never
/// select is not extra; it is reported as `explicitZero` instead.
public struct PluralCoverage: Sendable, Hashable {
    public let locale: String
    /// What the locale's rules select, in canonical order.
    public let required: [PluralCategory]
    /// What the variation has, in canonical order.
    public let present: [PluralCategory]

    public init(locale: String, required: [PluralCategory], present: [PluralCategory]) {
        self.locale = locale
        self.required = required
        self.present = present
    }

    /// Categories the rules select that the variation lacks; numbers in them fall back to `other`
    /// (or render nothing when `other` is missing too).
    public var missing: [PluralCategory] { required.filter { !present.contains($0) } }
    /// Categories the variation has that the rules never select (an explicit `zero` is not one).
    public var extra: [PluralCategory] { present.filter { !required.contains($0) && $0 != .zero } }
    /// A `zero` case the locale's rules do not have: Foundation shows it for exactly 0.
    public var explicitZero: Bool { present.contains(.zero) && !required.contains(.zero) }
    /// Nothing missing and nothing extra.
    public var isComplete: Bool { missing.isEmpty && extra.isEmpty }

    /// A sentence for a finding: "`ru` needs one, few, many, other; this entry lacks few".
    public var summary: String {
        let names = { (list: [PluralCategory]) in list.map(\.rawValue).joined(separator: ", ") }
        var text = required == [.other] ? "`\(locale)` uses only other" : "`\(locale)` needs \(names(required))"
        var parts: [String] = []
        if !missing.isEmpty { parts.append("this entry lacks \(names(missing))") }
        if !extra.isEmpty {
            parts.append("it has \(names(extra)), which `\(locale)` never selects")
        }
        if parts.isEmpty {
            parts.append("this entry has all of them")
        }
        text += "; " + parts.joined(separator: "; ")
        if explicitZero { text += " (its zero case is shown for exactly 0)" }
        return text
    }
}

/// Text that is not a locale id.
public struct InvalidLocaleIdentifier: LocatedError, Hashable {
    public let identifier: String
    public let reason: String
    public var location: SourceLocation? { nil }
    public var message: String { "'\(identifier)' is not a locale identifier: \(reason)" }
    public var hint: String? {
        identifier.lowercased() == "base"
            ? "Base.lproj holds the development-language files of Interface Builder; it is not a locale"
            : "write a BCP 47 tag such as en, pt-BR, zh-Hant or sr-Latn (ICU style en_GB is accepted too)"
    }
}

/// Checks a locale id's syntax (BCP 47, `_` allowed for `-`) and converts it to an ICU id.
enum LocaleIdentifierSyntax {
    static func icuIdentifier(_ identifier: String) throws -> String {
        let tag = identifier.replacingOccurrences(of: "_", with: "-")
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        func fail(_ reason: String) -> InvalidLocaleIdentifier {
            InvalidLocaleIdentifier(identifier: identifier, reason: reason)
        }
        guard let language = subtags.first, !language.isEmpty else { throw fail("it is empty") }
        let isAlpha = { (text: String) in text.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } }
        let isAlphanumeric = { (text: String) in
            text.utf8.allSatisfy { (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
        }
        guard isAlpha(language), [2, 3, 5, 6, 7, 8].contains(language.count) else {
            throw fail("'\(language)' is not a language subtag (2, 3 or 5 to 8 letters)")
        }
        for subtag in subtags.dropFirst() {
            guard !subtag.isEmpty else { throw fail("it has an empty subtag") }
            guard subtag.count <= 8, isAlphanumeric(subtag) else {
                throw fail("'\(subtag)' is not a subtag (1 to 8 letters or digits)")
            }
        }
        guard let icu = ICULocale.fromLanguageTag(tag), !icu.isEmpty || language.lowercased() == "und" else {
            throw fail("ICU cannot read it as a BCP 47 tag")
        }
        guard icu.isEmpty || ICULocale.language(icu) == language.lowercased() else {
            throw fail("ICU reads it as '\(icu)'")
        }
        return icu
    }
}
