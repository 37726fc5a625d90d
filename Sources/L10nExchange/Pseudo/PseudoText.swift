import L10nCore
import L10nLocale
import L10nProject

/// One way a pseudo-locale changes a source text (docs/pseudo.md).
public enum PseudoStyle: String, Sendable, CaseIterable {
    /// Latin letters replaced by accented ones of the same width: `Settings` → `Šéţţîñĝš`, so a
    /// label that is not localized (hard-coded, or read from the wrong table) stands out.
    case accented
    /// Padding as long languages grow, per text length (`PseudoExpansion`), so truncation shows.
    case expanded
    /// `[` and `]` around each text, so a cut-off end is visible.
    case bracketed
    /// Every word as right-to-left text between bidi marks (U+200F U+202E … U+202C U+200F), as
    /// Android's `ar-XB` does, so layouts that do not mirror show.
    case bidi

    /// Accented, expanded and bracketed: what `l10n pseudo` and `check --pseudo` use by default.
    public static let defaults: [PseudoStyle] = [.accented, .expanded, .bracketed]
}

/// How much wider a pseudo text is than its source, in display columns.
public enum PseudoExpansion: Sendable, Hashable {
    /// By source length, as real translations grow: +100% up to 10 columns, +40% up to 20,
    /// +30% beyond (the growth of 85–92% of the translations in the shared real catalogs).
    case auto
    /// The same percentage for every text.
    case percent(Int)

    /// The percentage a text of `columns` source columns grows by.
    public func percent(forColumns columns: Int) -> Int {
        switch self {
        case .percent(let value): value
        case .auto: columns <= 10 ? 100 : columns <= 20 ? 40 : 30
        }
    }

    /// `auto` or a whole number of percent (`40`, `40%`); nil for anything else.
    public init?(argument: String) {
        if argument == "auto" {
            self = .auto
            return
        }
        let digits = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
        guard let value = Int(digits), value >= 0, value <= 1_000 else { return nil }
        self = .percent(value)
    }
}

/// Turns a source text into its pseudo-localized form, keeping everything a program reads intact
/// and in order: format specifiers (`%@`, `%1$lld`, `%%`, `%#@name@`, a variation's `%arg`),
/// Markdown link targets and attributes (`](url)`, `^[…](inflect: true)`), code spans, App
/// Shortcuts' `${applicationName}`, HTML entities, autolinks and tags, and every character that
/// is not a Latin letter (newlines, escapes' characters, punctuation).
public struct PseudoText: Sendable, Hashable {
    public var styles: Set<PseudoStyle>
    public var expansion: PseudoExpansion

    public init(styles: some Sequence<PseudoStyle> = PseudoStyle.defaults, expansion: PseudoExpansion = .auto) {
        self.styles = Set(styles)
        self.expansion = expansion
    }

    /// The character that pads an expanded text (U+00B7 MIDDLE DOT, one column).
    public static let padding: Character = "·"

    /// The pseudo form of `text`; `substitution` gives the meaning of `%arg` in a substitution's variation.
    public func apply(_ text: String, substitution: SubstitutionArgument? = nil) -> String {
        guard !text.isEmpty else { return text }
        let pieces = Self.pieces(of: text, substitution: substitution)
        var body = ""
        for piece in pieces {
            switch piece {
            case .kept(let kept): body += kept
            case .text(let run): body += transform(run)
            }
        }
        let bracketed = styles.contains(.bracketed)
        var padding = ""
        if styles.contains(.expanded) {
            let columns = TextWidth.columns(DisplayText.visible(text))
            let target = (columns * (100 + expansion.percent(forColumns: columns)) + 99) / 100
            let shown = TextWidth.columns(DisplayText.visible(body)) + (bracketed ? 2 : 0)
            if target > shown { padding = String(repeating: Self.padding, count: target - shown) }
        }
        return bracketed ? "[" + body + padding + "]" : body + padding
    }

    /// A run of visible text: letters accented, words wrapped in bidi marks.
    private func transform(_ run: String) -> String {
        let accented = styles.contains(.accented)
        guard styles.contains(.bidi) else {
            return accented ? Self.accentedLetters(run) : run
        }
        var result = String.UnicodeScalarView()
        var word = String.UnicodeScalarView()
        func flush() {
            guard !word.isEmpty else { return }
            result.append(contentsOf: ["\u{200F}", "\u{202E}"])
            result.append(contentsOf: word)
            result.append(contentsOf: ["\u{202C}", "\u{200F}"])
            word = String.UnicodeScalarView()
        }
        for scalar in run.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar.properties.generalCategory == .nonspacingMark {
                word.append(accented ? Self.accented(scalar) : scalar)
            } else {
                flush()
                result.append(scalar)
            }
        }
        flush()
        return String(result)
    }

    /// Latin letters and their accented stand-ins: precomposed, one grapheme and one column each
    /// (a test measures every one), so accenting never changes a text's width.
    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let lower = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        let lowerAccented = Array("åƀçđéƒĝĥîĵķļɱñöþʠŕšţûʋŵẋýž".unicodeScalars)
        let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        let upperAccented = Array("ÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ".unicodeScalars)
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (plain, accented) in zip(lower + upper, lowerAccented + upperAccented) { table[plain] = accented }
        return table
    }()

    /// `accents` by the scalar's value: only ASCII letters have a stand-in, so a table of 128
    /// answers without hashing each scalar.
    private static let asciiAccents: [Unicode.Scalar?] = (0..<128).map { accents[Unicode.Scalar(UInt8($0))] }

    /// `run` with each ASCII letter replaced by its stand-in, over the UTF-8 bytes: every other
    /// byte is kept (a non-ASCII scalar has none below 128), so no scalar is decoded or encoded.
    static func accentedLetters(_ run: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(run.utf8.count * 2)
        for byte in run.utf8 {
            if byte < 128, let standIn = asciiAccentBytes[Int(byte)] {
                bytes.append(contentsOf: standIn)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `asciiAccents` in UTF-8.
    private static let asciiAccentBytes: [[UInt8]?] = asciiAccents.map { $0.map { Array(String($0).utf8) } }

    @inline(__always)
    private static func accented(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.value < 128 ? asciiAccents[Int(scalar.value)] ?? scalar : scalar
    }

    /// A part of a text: kept as it is, or visible text to transform.
    enum Piece: Equatable {
        case kept(String)
        case text(String)
    }

    /// Splits `text` into what must stay intact (specifiers, `%%`, link targets and attributes,
    /// code spans, App Shortcuts' `${applicationName}`, HTML entities, autolinks and tags) and the
    /// visible text between.
    static func pieces(of text: String, substitution: SubstitutionArgument?) -> [Piece] {
        // Most labels hold none of `%`, `]`, `` ` ``, `$`, `&`, `<`: nothing in them is kept, so they are one piece.
        let hasPercent = text.containsASCII(UInt8(ascii: "%"))
        if !hasPercent, !text.containsASCII(UInt8(ascii: "]")), !text.containsASCII(UInt8(ascii: "`")), !text.containsASCII(UInt8(ascii: "$")),
           !text.containsASCII(UInt8(ascii: "&")), !text.containsASCII(UInt8(ascii: "<")) {
            return text.isEmpty ? [] : [.text(text)]
        }
        // Over the UTF-8 bytes: every boundary below is an ASCII character or a token's edge, so
        // each piece is whole scalars. Format tokens first: a specifier inside a Markdown label
        // (`^[%lld Page](…)`) is kept too.
        let units = Array(text.utf8)
        var kept = [Bool](repeating: false, count: units.count)
        if hasPercent {
            var offset = 0
            for token in FormatString(text, substitution: substitution).tokens {
                let length: Int
                switch token {
                case .literal(let literal): length = literal.utf8.count
                case .percentSign: length = 2
                case .specifier(let specifier): length = specifier.text.utf8.count
                }
                if case .literal = token {} else {
                    for index in offset..<min(offset + length, kept.count) { kept[index] = true }
                }
                offset += length
            }
        }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isNameByte(_ byte: UInt8) -> Bool { isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") }
        // `](target)` of a link or an attributed run, code spans, `${name}`, entities, `<…>`.
        var index = 0
        while index < units.count {
            let unit = units[index]
            var end: Int?
            switch unit {
            case UInt8(ascii: "]"):
                if index + 1 < units.count, units[index + 1] == UInt8(ascii: "("),
                   let close = units[(index + 2)...].firstIndex(of: UInt8(ascii: ")")) {
                    for position in (index + 1)...close { kept[position] = true }
                    index = close + 1
                    continue
                }
            case UInt8(ascii: "`"):
                // A code span closes with a run of as many backticks (CommonMark): ``a `b` c``.
                let run = units[index...].prefix { $0 == unit }.count
                var search = index + run
                while search < units.count {
                    guard units[search] == unit else { search += 1; continue }
                    let closing = units[search...].prefix { $0 == unit }.count
                    if closing == run { end = search + run - 1; break }
                    search += closing
                }
                if end == nil {
                    index += run
                    continue
                }
            case UInt8(ascii: "$"):
                // App Shortcuts' and App Intents' `${applicationName}`, `${parameter}`.
                if index + 2 < units.count, units[index + 1] == UInt8(ascii: "{"),
                   let close = units[(index + 2)...].firstIndex(where: { !isNameByte($0) }), units[close] == UInt8(ascii: "}"), close > index + 2 {
                    end = close
                }
            case UInt8(ascii: "&"):
                // `&amp;`, `&#233;`, `&#x41;`: SwiftUI shows the character.
                if let close = units[(index + 1)...].prefix(33).firstIndex(of: UInt8(ascii: ";")), close > index + 1 {
                    let name = units[(index + 1)..<close]
                    let numeric = name.first == UInt8(ascii: "#") && name.dropFirst().allSatisfy { isNameByte($0) } && name.count > 1
                    if numeric || name.allSatisfy({ isLetter($0) || (0x30...0x39).contains($0) }) { end = close }
                }
            case UInt8(ascii: "<"):
                // An autolink (`<https://a.b>`, `<me@a.b>`) or an HTML tag (`<b>`, `</a>`, `<a href="…">`).
                if index + 1 < units.count, isLetter(units[index + 1]) || units[index + 1] == UInt8(ascii: "/"),
                   let close = units[(index + 1)...].firstIndex(where: { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "<") || $0 == 0x0A }),
                   units[close] == UInt8(ascii: ">") {
                    end = close
                }
            default: break
            }
            if let end {
                for position in index...end { kept[position] = true }
                index = end + 1
                continue
            }
            index += 1
        }
        var pieces: [Piece] = []
        var start = 0
        while start < units.count {
            var end = start
            while end < units.count && kept[end] == kept[start] { end += 1 }
            let part = String(decoding: units[start..<end], as: UTF8.self)
            pieces.append(kept[start] ? .kept(part) : .text(part))
            start = end
        }
        return pieces
    }
}
