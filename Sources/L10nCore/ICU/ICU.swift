import CICU

/// Swift face of the `CICU` wrapper: the only place that calls into ICU.
public enum ICU {
    /// The ICU version linked at run time, e.g. "72.1".
    public static var version: String { String(cString: l10n_icu_version()) }

    /// Calls a CICU function that writes a NUL-terminated ASCII string into a buffer.
    static func string(
        capacity: Int = 157,
        _ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32
    ) -> String? {
        var buffer = [CChar](repeating: 0, count: capacity)
        let length = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32(capacity)) }
        guard length >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// ICU root collation (tertiary, punctuation not ignorable), optionally with numeric ordering.
///
/// With numeric ordering it reproduces Foundation's `[.numeric, .caseInsensitive, .forcedOrdering]`
/// compare, which is how Xcode orders every object's keys in a String Catalog.
public final class Collator: @unchecked Sendable {
    private let handle: OpaquePointer

    /// The order Xcode writes String Catalog keys in.
    public static let xcodeKeyOrder = Collator(numeric: true)

    public init(numeric: Bool) {
        guard let handle = l10n_collator_open(numeric ? 1 : 0) else {
            preconditionFailure("ICU root collator could not be opened; is libicu installed?")
        }
        self.handle = handle
    }

    deinit { l10n_collator_close(handle) }

    /// A binary sort key: comparing keys bytewise orders strings like `compare` does.
    public func sortKey(_ text: String) -> [UInt8] {
        let units = Array(text.utf16)
        var capacity = units.count * 4 + 16
        while true {
            var key = [UInt8](repeating: 0, count: capacity)
            let length = units.withUnsafeBufferPointer { source in
                key.withUnsafeMutableBufferPointer { out in
                    l10n_collator_sort_key(handle, source.baseAddress, Int32(source.count), out.baseAddress, Int32(capacity))
                }
            }
            if length <= capacity {
                key.removeLast(capacity - Int(max(length, 0)))
                return key
            }
            capacity = Int(length)
        }
    }

    /// Orders two strings; ties under collation are broken by UTF-16 code units so the order is total.
    public func compare(_ a: String, _ b: String) -> Int {
        // Compared in UTF-8 as the strings hold it; UTF-16 copies only for a tie (or a failure).
        let collated = a.withUTF8Bytes { x in
            b.withUTF8Bytes { y in
                x.withMemoryRebound(to: CChar.self) { x in
                    y.withMemoryRebound(to: CChar.self) { y in
                        l10n_collator_compare_utf8(handle, x.baseAddress, Int32(x.count), y.baseAddress, Int32(y.count))
                    }
                }
            }
        }
        if collated != 0 && collated != Int32.min { return Int(collated) }
        let x = Array(a.utf16), y = Array(b.utf16)
        let result = x.withUnsafeBufferPointer { pa in
            y.withUnsafeBufferPointer { pb in
                l10n_collator_compare(handle, pa.baseAddress, Int32(pa.count), pb.baseAddress, Int32(pb.count))
            }
        }
        if result != 0 { return Int(result) }
        return x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
    }

    /// Two lists already in this order (`sorted`'s) as one, a string in both kept once: one
    /// comparison per string where sorting the union would compute a sort key for each.
    public func merged(_ a: [String], _ b: [String]) -> [String] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var result: [String] = []
        result.reserveCapacity(a.count + b.count)
        merge(a, b) { string, _ in result.append(string) }
        return result
    }

    /// The walk behind `merged`: `body` gets each string of the merged list in order, with its
    /// position in `a` (nil for a string only `b` has), so a caller can carry what it knows of
    /// `a`'s strings along.
    @inlinable
    public func merge(_ a: [String], _ b: [String], _ body: (_ string: String, _ inA: Int?) -> Void) {
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                body(a[i], i); i += 1; j += 1
                continue
            }
            if compare(a[i], b[j]) < 0 { body(a[i], i); i += 1 } else { body(b[j], nil); j += 1 }
        }
        while i < a.count { body(a[i], i); i += 1 }
        while j < b.count { body(b[j], nil); j += 1 }
    }

    /// Up to how many strings `sorted` compares instead of computing sort keys.
    package static let fewToCompare = 4

    /// Sorts strings by this collation with code-unit tie-breaks, computing each sort key once.
    public func sorted(_ strings: [String]) -> [String] {
        guard strings.count > 1 else { return strings }  // nothing to compare: no sort key
        // A handful (a localization's substitution names) is put in order by comparing: a
        // comparison stops at the first difference, where a sort key reads the whole text,
        // copied to UTF-16, at all collation levels (about 10,000 instructions a key).
        if strings.count <= Self.fewToCompare {
            var result = strings
            for i in 1..<result.count {
                var j = i
                while j > 0 && compare(result[j - 1], result[j]) > 0 {
                    result.swapAt(j - 1, j)
                    j -= 1
                }
            }
            return result
        }
        let keyed = strings.map { (sortKey($0), Array($0.utf16), $0) }
        return keyed.sorted { l, r in
            if l.0 != r.0 { return l.0.lexicographicallyPrecedes(r.0) }
            return l.1.lexicographicallyPrecedes(r.1)
        }.map(\.2)
    }
}

/// Words as ICU's word break iterator finds them: what translation vendors count and quote by.
public enum Words {
    /// The words of `text` in `locale` (letters, numbers, kana and ideographs; Chinese, Japanese and
    /// Thai by ICU's dictionaries, so text without spaces counts right); 0 when ICU fails.
    public static func count(_ text: String, locale: String) -> Int {
        if let count = plainCount(text, locale: locale) { return count }
        return icuCount(text, locale: locale)
    }

    /// `count` by ICU's word break iterator itself.
    package static func icuCount(_ text: String, locale: String) -> Int {
        let units = Array(text.utf16)
        // `pt-BR` → `pt_BR` on bytes: Foundation's `replacingOccurrences` cost more than the count.
        let icuLocale = locale.utf8.contains(0x2D) ? String(decoding: locale.utf8.map { $0 == 0x2D ? 0x5F : $0 }, as: UTF8.self) : locale
        let count = units.withUnsafeBufferPointer { l10n_word_count(icuLocale, $0.baseAddress, Int32($0.count)) }
        return max(0, Int(count))
    }

    /// The words of a text that ICU's word break rules (UAX #29) split in one obvious way, found
    /// from its bytes; nil for any other text, which ICU counts. Such a text is printable ASCII,
    /// tabs and line breaks, without `_` (which joins words), without `@` (a letter to ICU 72:
    /// `@` alone is a word, `a@b` one) and without any of `. : , ; '` between two letters or
    /// digits (which may join them, depending on the locale's rules). Every other byte ends a
    /// word, so the words are the runs of letters and digits (ICU gives a run of letters, or of
    /// letters and digits, status "letter", a run of digits "number"; both count). ICU counts a
    /// few thousand instructions a text, its setup included; a source text of an export is
    /// counted once a run, and most are plain English.
    ///
    /// With `refusingPercent`, nil also for a text with a `%` (a caller that leaves out format
    /// specifiers, which are no words, reads those itself).
    package static func plainCount(_ text: String, locale: String, refusingPercent: Bool = false) -> Int? {
        // Locales as `l10n_word_count` takes them: a name it refuses (too long) counts 0, and
        // keywords (`@…`) may choose other rules.
        guard locale.utf8.count < 64, locale.utf8.allSatisfy({ isAlphanumeric($0) || $0 == 0x2D || $0 == 0x5F }) else { return nil }
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var words = 0
            var previousIsAlphanumeric = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if isAlphanumeric(byte) {
                    if !previousIsAlphanumeric { words += 1 }
                    previousIsAlphanumeric = true
                    index += 1
                    continue
                }
                switch byte {
                case 0x25 where refusingPercent:
                    return nil
                case 0x20, 0x21...0x26, 0x28...0x2B, 0x2D, 0x2F, 0x3C...0x3F, 0x5B...0x5E, 0x60, 0x7B...0x7E, 0x09, 0x0A, 0x0D:
                    break
                case 0x27, 0x2C, 0x2E, 0x3A, 0x3B:
                    // `'` `,` `.` `:` `;` between two letters or digits may join them.
                    if previousIsAlphanumeric && index + 1 < bytes.count && isAlphanumeric(bytes[index + 1]) { return nil }
                default:
                    return nil
                }
                previousIsAlphanumeric = false
                index += 1
            }
            return words
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}

/// Extended grapheme clusters, as ICU's character break iterator finds them.
public enum Graphemes {
    /// UTF-16 offsets of every cluster boundary, from 0 to the string's UTF-16 length.
    public static func boundaries(_ text: String) -> [Int] {
        let units = Array(text.utf16)
        var capacity = units.count + 2
        while true {
            var out = [Int32](repeating: 0, count: capacity)
            let count = units.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer { l10n_grapheme_boundaries(source.baseAddress, Int32(source.count), $0.baseAddress, Int32(capacity)) }
            }
            precondition(count >= 0, "ICU character break iterator failed")
            if Int(count) <= capacity { return out.prefix(Int(count)).map(Int.init) }
            capacity = Int(count)
        }
    }

    /// The clusters themselves, in order.
    public static func clusters(_ text: String) -> [String] {
        let units = Array(text.utf16)
        let cuts = boundaries(text)
        return zip(cuts, cuts.dropFirst()).map { String(decoding: units[$0..<$1], as: UTF16.self) }
    }
}

/// Unicode character properties from ICU's data (the same Unicode version as ICU).
public enum UnicodeProperty {
    public enum EastAsianWidth: Int32, Sendable { case neutral, ambiguous, halfwidth, fullwidth, narrow, wide }

    public static func eastAsianWidth(_ scalar: Unicode.Scalar) -> EastAsianWidth {
        EastAsianWidth(rawValue: l10n_char_east_asian_width(scalar.value)) ?? .neutral
    }
    /// ICU `UCharCategory` raw value.
    public static func generalCategory(_ scalar: Unicode.Scalar) -> Int32 { l10n_char_general_category(scalar.value) }
    public static func isEmoji(_ scalar: Unicode.Scalar) -> Bool { l10n_char_is_emoji(scalar.value) != 0 }
    public static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool { l10n_char_is_emoji_presentation(scalar.value) != 0 }
    public static func isExtendedPictographic(_ scalar: Unicode.Scalar) -> Bool { l10n_char_is_extended_pictographic(scalar.value) != 0 }
    public static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool { l10n_char_is_regional_indicator(scalar.value) != 0 }
    public static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool { l10n_char_is_default_ignorable(scalar.value) != 0 }
    public static func isEmojiModifier(_ scalar: Unicode.Scalar) -> Bool { l10n_char_is_emoji_modifier(scalar.value) != 0 }
    /// 0 none, 1 leading jamo, 2 vowel jamo, 3 trailing jamo, 4 LV syllable, 5 LVT syllable.
    public static func hangulSyllableType(_ scalar: Unicode.Scalar) -> Int32 { l10n_char_hangul_syllable_type(scalar.value) }
    /// ICU `UGraphemeClusterBreak` raw value: 0 other, 1 control, 2 CR, 3 extend, 4 L, 5 LF, 6 LV,
    /// 7 LVT, 8 T, 9 V, 10 spacing mark, 11 prepend, 12 regional indicator, 17 ZWJ.
    public static func graphemeClusterBreak(_ scalar: Unicode.Scalar) -> Int32 { l10n_char_grapheme_cluster_break(scalar.value) }
}

/// ICU locale-id operations (`uloc_*`), on ICU-style ids such as `zh_Hant_TW`.
public enum ICULocale {
    public static func baseName(_ id: String) -> String? { ICU.string { l10n_locale_base_name(id, $0, $1) } }
    public static func canonicalize(_ id: String) -> String? { ICU.string { l10n_locale_canonicalize(id, $0, $1) } }
    public static func addLikelySubtags(_ id: String) -> String? { ICU.string { l10n_locale_add_likely_subtags(id, $0, $1) } }
    public static func minimizeSubtags(_ id: String) -> String? { ICU.string { l10n_locale_minimize_subtags(id, $0, $1) } }
    public static func language(_ id: String) -> String { ICU.string { l10n_locale_language(id, $0, $1) } ?? "" }
    public static func script(_ id: String) -> String { ICU.string { l10n_locale_script(id, $0, $1) } ?? "" }
    public static func region(_ id: String) -> String { ICU.string { l10n_locale_region(id, $0, $1) } ?? "" }
    public static func parent(_ id: String) -> String { ICU.string { l10n_locale_parent(id, $0, $1) } ?? "" }
    public static func languageTag(_ id: String) -> String? { ICU.string { l10n_locale_to_language_tag(id, $0, $1) } }
    public static func fromLanguageTag(_ tag: String) -> String? { ICU.string { l10n_locale_from_language_tag(tag, $0, $1) } }

    /// CLDR alias from ICU's `metadata` bundle (`table` is "language", "script" or "territory"):
    /// its `replacement`, or its `reason` (`deprecated`, `macrolanguage`...); nil when there is none.
    public static func alias(table: String, key: String, field: String = "replacement") -> String? {
        guard let value = ICU.string(capacity: 256, { l10n_locale_alias(table, key, field, $0, $1) }), !value.isEmpty else { return nil }
        return value
    }
}

/// CLDR plural rules through ICU's `uplrules`.
public enum ICUPluralRules {
    /// Keywords in ICU's order, e.g. `["few", "many", "one", "other"]` for `ru`.
    public static func keywords(locale: String, ordinal: Bool = false) -> [String] {
        guard let text = ICU.string(capacity: 128, { l10n_plural_keywords(locale, ordinal ? 1 : 0, $0, $1) }) else { return ["other"] }
        return text.split(separator: " ").map(String.init)
    }

    /// The keyword a number selects; `number` is decimal digits, fraction digits kept ("1.0" ≠ "1").
    public static func select(locale: String, number: String, ordinal: Bool = false) -> String? {
        ICU.string(capacity: 32) { l10n_plural_select(locale, ordinal ? 1 : 0, number, $0, $1) }
    }

    /// The keywords the integers `0 ..< count` select, in that order: `select` for each, with the
    /// rules opened once. Nil when ICU fails.
    public static func selectIntegers(locale: String, count: Int, ordinal: Bool = false) -> [String]? {
        guard count > 0 else { return [] }
        guard let text = ICU.string(capacity: count * 6 + 1, { l10n_plural_select_integers(locale, ordinal ? 1 : 0, Int32(count), $0, $1) }) else { return nil }
        return text.split(separator: " ").map(String.init)
    }
}

extension ICUPluralRules {
    /// The locale id whose CLDR plural data applies (`"pt_PT"`, `"pt"` for `pt_BR`), or nil when ICU
    /// has none and falls back to the root rules (every number is `other`).
    public static func rulesLocale(locale: String, ordinal: Bool = false) -> String? {
        guard let id = ICU.string(capacity: 157, { l10n_plural_rules_locale(locale, ordinal ? 1 : 0, $0, $1) }), !id.isEmpty else { return nil }
        return id
    }

    /// One keyword's CLDR rule text with its samples (`"i = 1 and v = 0 @integer 1"`), or nil.
    public static func rule(locale: String, keyword: String, ordinal: Bool = false) -> String? {
        guard let text = ICU.string(capacity: 1024, { l10n_plural_rule(locale, ordinal ? 1 : 0, keyword, $0, $1) }), !text.isEmpty else { return nil }
        return text
    }
}
