import L10nCore
import L10nFormats
/// Display width of text in terminal-style columns, the measure of the `width` check's budgets:
/// a Latin letter is 1, a CJK ideograph or an emoji 2.
///
/// Text is measured per extended grapheme cluster (ICU's character break iterator), so a base with
/// its marks counts once:
/// - an emoji cluster is 2: an Emoji_Presentation base (👍), a text-default emoji with VS16 U+FE0F
///   (☺️), a skin-tone modifier (✌🏽), a ZWJ sequence (👩‍💻), a flag (🇩🇪, a pair of regional
///   indicators), a keycap (1️⃣). VS15 U+FE0E asks for text presentation (☺︎ is 1), but it does not
///   narrow a character that is East Asian Wide by itself (⌚︎ stays 2);
/// - otherwise the cluster's base decides: East Asian Wide and Fullwidth are 2 (CJK, kana, Hangul
///   syllables and leading jamo), Ambiguous is 1 unless `ambiguous` is `.wide` (for East Asian
///   contexts), everything else 1;
/// - a cluster with no visible base is 0: control characters (tab, newline and CR count 0: the
///   check measures one line of a label, and a budget cannot say what a tab is worth), format
///   characters (soft hyphen U+00AD, ZWSP, ZWJ, ZWNJ, bidi marks, word joiner, BOM), other
///   default-ignorable characters, line and paragraph separators, and a combining mark on its own;
/// - marks (Mn, Mc, Me), format characters and conjoining vowel and trailing jamo inside a cluster
///   add nothing (`e` + U+0301 is 1, ᄀ+ᅡ+ᆨ is 2, a Devanagari conjunct such as क्षि is one cluster
///   and 1, Thai ที่ is 1). Letters a cluster rule attaches that are themselves Halfwidth or
///   Fullwidth add their own width: the halfwidth voiced sound mark of ｶﾞ takes its own cell, so
///   ｶﾞ is 2 like ガ.
public enum TextWidth {
    /// How to count East Asian Ambiguous characters (Greek, Cyrillic, ①, …).
    public enum AmbiguousWidth: Sendable {
        /// 1: Western and most UI contexts.
        case narrow
        /// 2: as CJK terminals and fonts show them.
        case wide
    }

    /// The width of `text` in columns.
    public static func columns(_ text: String, ambiguous: AmbiguousWidth = .narrow) -> Int {
        scalarColumns(text, ambiguous: ambiguous) ?? columnsByCluster(text, ambiguous: ambiguous)
    }

    /// The width of text in which every scalar is a grapheme cluster by itself, as most labels
    /// are, without running a break iterator: the sum of each scalar's width, which is what the
    /// clusters measure. Nil when some scalar may join a cluster with its neighbour.
    static func scalarColumns(_ text: String, ambiguous: AmbiguousWidth) -> Int? {
        // Read as UTF-8 bytes in place, the table taken once: walking the scalar view and
        // reaching the lazy table for every scalar cost about twice as much.
        let table = StandaloneWidth.basicPlane
        let shift: UInt8 = ambiguous == .narrow ? 0 : 2
        return text.withUTF8Bytes { bytes -> Int? in
            var total = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let lead = bytes[index]
                if lead < 0x80 {
                    if lead >= 0x20 && lead != 0x7F { total += 1 }
                    index += 1
                    continue
                }
                // A String's UTF-8 is valid: the lead byte gives the length.
                let width: UInt8
                if lead < 0xE0 {
                    width = table[Int(lead & 0x1F) << 6 | Int(bytes[index + 1] & 0x3F)]
                    index += 2
                } else if lead < 0xF0 {
                    width = table[Int(lead & 0x0F) << 12 | Int(bytes[index + 1] & 0x3F) << 6 | Int(bytes[index + 2] & 0x3F)]
                    index += 3
                } else {
                    let value = UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                        | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                    width = StandaloneWidth.entry(for: Unicode.Scalar(value)!)
                    index += 4
                }
                guard width != StandaloneWidth.joins else { return nil }
                total += Int(width >> shift & 0x3)
            }
            return total
        }
    }

    /// The width of `text` cluster by cluster, as ICU's character break iterator cuts it.
    static func columnsByCluster(_ text: String, ambiguous: AmbiguousWidth) -> Int {
        let cuts = Graphemes.boundaries(text)
        guard cuts.count > 1 else { return 0 }
        let scalars = Array(text.unicodeScalars)
        var total = 0
        var start = 0
        var offset = 0
        var next = 1
        for index in scalars.indices {
            offset += scalars[index].utf16.count
            if offset == cuts[next] {
                total += columns(cluster: scalars[start...index], ambiguous: ambiguous)
                start = index + 1
                next += 1
            }
        }
        return total
    }

    /// Widths of scalars that are always a cluster by themselves (see `entry(for:)`).
    enum StandaloneWidth {
        /// A scalar that can join a cluster with its neighbours.
        static let joins: UInt8 = 0xFF

        /// The entry of every scalar of the basic multilingual plane, computed once.
        static let basicPlane: [UInt8] = (0..<0x10000).map { value in
            Unicode.Scalar(UInt32(value)).map(entry(for:)) ?? joins
        }

        /// `joins`, or the width with ambiguous narrow in bits 0-1 and wide in bits 2-3.
        ///
        /// ICU (UAX #29 and its conjunct rule) keeps two scalars in one cluster only for CR LF,
        /// Hangul jamo sequences, a following Extend, ZWJ or SpacingMark, a preceding Prepend,
        /// a pair of regional indicators, and emoji or conjuncts joined by ZWJ or a virama (both
        /// Extend). A scalar of any other break class (other, control, CR, LF, LV and LVT
        /// syllables) therefore ends a cluster unless the next one is of those classes; text made
        /// only of such scalars is one cluster per scalar, except CR LF, whose width is 0 either way.
        static func entry(for scalar: Unicode.Scalar) -> UInt8 {
            switch UnicodeProperty.graphemeClusterBreak(scalar) {
            case 0, 1, 2, 5, 6, 7: break
            default: return joins
            }
            // The modes differ only for a visible base of width 1 that is East Asian Ambiguous:
            // measured once, not twice, for each of the 65,536 scalars of the table.
            let narrow = TextWidth.columns(cluster: CollectionOfOne(scalar), ambiguous: .narrow)
            let wide = narrow == 1 && UnicodeProperty.eastAsianWidth(scalar) == .ambiguous ? 2 : narrow
            return UInt8(narrow) | UInt8(wide) << 2
        }
    }

    /// The width of each grapheme cluster of `text`, in order.
    public static func clusterColumns(_ text: String, ambiguous: AmbiguousWidth = .narrow) -> [(cluster: String, columns: Int)] {
        Graphemes.clusters(text).map { ($0, columns(cluster: Array($0.unicodeScalars), ambiguous: ambiguous)) }
    }

    static func columns<Cluster: BidirectionalCollection<Unicode.Scalar>>(cluster: Cluster, ambiguous: AmbiguousWidth) -> Int {
        if isEmoji(cluster) { return 2 }
        guard let baseIndex = cluster.firstIndex(where: { !isInvisible($0) }) else { return 0 }
        var width = columns(base: cluster[baseIndex], ambiguous: ambiguous)
        for scalar in cluster[cluster.index(after: baseIndex)...] where isSpacingLetter(scalar) {
            switch UnicodeProperty.eastAsianWidth(scalar) {
            case .halfwidth: width += 1
            case .fullwidth, .wide: width += 2
            default: break
            }
        }
        return width
    }

    /// General categories from ICU's `UCharCategory`.
    private enum Category {
        static let nonSpacingMark: Int32 = 6
        static let enclosingMark: Int32 = 7
        static let spacingMark: Int32 = 8
        static let lineSeparator: Int32 = 13
        static let paragraphSeparator: Int32 = 14
        static let control: Int32 = 15
        static let format: Int32 = 16
        static let letters: ClosedRange<Int32> = 1...5
    }

    /// Characters that never show as a cluster's base.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch UnicodeProperty.generalCategory(scalar) {
        case Category.control, Category.format, Category.lineSeparator, Category.paragraphSeparator: return true
        default: return UnicodeProperty.isDefaultIgnorable(scalar)
        }
    }

    private static func columns(base scalar: Unicode.Scalar, ambiguous: AmbiguousWidth) -> Int {
        switch UnicodeProperty.generalCategory(scalar) {
        case Category.nonSpacingMark, Category.enclosingMark, Category.spacingMark: return 0
        default: break
        }
        switch UnicodeProperty.hangulSyllableType(scalar) {
        case 2, 3: return 0  // a vowel or trailing jamo that follows no leading jamo
        default: break
        }
        switch UnicodeProperty.eastAsianWidth(scalar) {
        case .wide, .fullwidth: return 2
        case .ambiguous: return ambiguous == .wide ? 2 : 1
        default: return 1
        }
    }

    /// A letter that a cluster rule attaches to its base (not a mark, not a conjoining jamo).
    private static func isSpacingLetter(_ scalar: Unicode.Scalar) -> Bool {
        Category.letters.contains(UnicodeProperty.generalCategory(scalar)) && UnicodeProperty.hangulSyllableType(scalar) == 0
    }

    private static let variationSelector15: Unicode.Scalar = "\u{FE0E}"
    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

    /// Whether a cluster shows as an emoji picture.
    static func isEmoji<Cluster: BidirectionalCollection<Unicode.Scalar>>(_ cluster: Cluster) -> Bool {
        guard let base = cluster.first else { return false }
        if UnicodeProperty.isRegionalIndicator(base) { return true }
        guard UnicodeProperty.isEmoji(base) || UnicodeProperty.isExtendedPictographic(base) else { return false }
        let rest = cluster.dropFirst()
        if rest.first == variationSelector15 { return false }
        if rest.contains(variationSelector16) { return true }
        if UnicodeProperty.isExtendedPictographic(base) {
            if rest.contains(where: UnicodeProperty.isEmojiModifier) { return true }
            if let joiner = rest.firstIndex(of: zeroWidthJoiner),
               cluster[cluster.index(after: joiner)...].contains(where: UnicodeProperty.isExtendedPictographic) {
                return true
            }
        }
        return UnicodeProperty.isEmojiPresentation(base)
    }
}
