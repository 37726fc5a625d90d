import L10nCore
import L10nLocale

/// The text a label shows, as SwiftUI renders a localized value: inline Markdown markup and
/// automatic grammar agreement (`^[%lld Page](inflect: true)`) are not shown, link texts are.
public enum DisplayText {
    /// What a placeholder shows when measuring: a short number or name.
    static let placeholder: StaticString = "00"
    /// Columns a placeholder stands for when measuring.
    public static let placeholderColumns = placeholder.utf8CodeUnitCount

    /// The visible text of `value`, each format specifier replaced by `placeholder`.
    public static func visible(_ value: String) -> String {
        var text = withoutMarkup(value)
        if text.containsASCII(UInt8(ascii: "%")) {
            // Plain specifiers (most labels') are replaced from the bytes, without a parse.
            if let replaced = FormatString.plainSpecifiersReplaced(in: text, by: placeholder) { return replaced }
            var result = ""
            for token in FormatString(text).tokens {
                switch token {
                case .literal(let literal): result += literal
                case .percentSign: result += "%"
                case .specifier: result += placeholder.description
                }
            }
            text = result
        }
        return text
    }

    /// `value` as SwiftUI's inline Markdown shows it (CommonMark with GitHub's strikethrough):
    /// emphasis, strikethrough and code-span delimiters that pair are not shown, ones that pair
    /// with nothing are (`Password*`, `5 * 3`, `**open`); a backslash-escaped punctuation mark
    /// shows bare, an autolink `<https://a.b>` its address, an entity (`&amp;`, `&#x41;`) its
    /// character, a link `[text](target)` and an attribute `^[text](attributes)` their text.
    public static func withoutMarkup(_ value: String) -> String {
        // Most values hold nothing that can start markup: returned untouched. "Terms & Conditions",
        // "file_name" and "a < b" cannot, so they stay on this path too.
        guard value.withUTF8Bytes(Self.mayHoldMarkup) else { return value }
        return shownByInlineMarkdown(value)
    }

    /// `value` read by the inline Markdown reader, without the fast path (the tests check the
    /// fast path against it).
    static func shownByInlineMarkdown(_ value: String) -> String {
        var inline = InlineMarkdown(Array(value.unicodeScalars))
        return inline.shown()
    }
}

extension DisplayText {
    /// Whether the bytes hold something inline Markdown may read: `*`, `` ` ``, `~`, a `\` before
    /// ASCII punctuation (an escape), a `[` with a `](` after it (a link or attribute), an `&`
    /// before a letter or `#` (an entity), a `<` before a printable character (an autolink), or an `_`
    /// beside a character that is no ASCII letter or digit (`_emphasis_`; `file_name` is none). A
    /// pseudo-locale's "[Šéţţîñĝš··]" and "a \ b" are none.
    static func mayHoldMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func isWordByte(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte >= 0x80
        }
        func isPunctuation(_ byte: UInt8) -> Bool {
            (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
        }
        var noLinkAfter = false
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "`"), UInt8(ascii: "~"):
                return true
            case UInt8(ascii: "\\"):
                if index + 1 < bytes.count, isPunctuation(bytes[index + 1]) { return true }
            case UInt8(ascii: "["):
                // A later `[` has no `](` after it either once the first has none.
                guard !noLinkAfter else { continue }
                var at = index + 1
                while at + 1 < bytes.count {
                    if bytes[at] == UInt8(ascii: "]"), bytes[at + 1] == UInt8(ascii: "(") { return true }
                    at += 1
                }
                noLinkAfter = true
            case UInt8(ascii: "&"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "#") || (isWordByte(bytes[index + 1]) && bytes[index + 1] < 0x80) { return true }
            case UInt8(ascii: "<"):
                // An autolink's scheme starts with a letter, an e-mail address with nearly any
                // character (`<1user@a.b>`): anything printable but `<`, `>` and a space.
                if index + 1 < bytes.count, (0x21...0x7E).contains(bytes[index + 1]), bytes[index + 1] != UInt8(ascii: "<"), bytes[index + 1] != UInt8(ascii: ">") { return true }
            case UInt8(ascii: "_"):
                // Only ASCII letters and digits on both sides settle it: beside another script's
                // character or punctuation («_a_») the reader decides.
                func isASCIIWord(_ byte: UInt8) -> Bool { byte < 0x80 && isWordByte(byte) }
                if index == 0 || index + 1 == bytes.count || !isASCIIWord(bytes[index - 1]) || !isASCIIWord(bytes[index + 1]) { return true }
            default:
                continue
            }
        }
        return false
    }
}

/// One run of inline Markdown read for the text it shows: the source is cut into literal text and
/// delimiter runs (`*`, `_`, `~`), which are then paired as CommonMark's "process emphasis"
/// (section 6.2) pairs them; a run's characters that pair with nothing are shown.
private struct InlineMarkdown {
    /// A piece of the shown text: literal scalars, or a delimiter run of which `count` characters
    /// are left to show (the rest opened or closed emphasis or strikethrough).
    private enum Piece {
        case text(String.UnicodeScalarView)
        case run(character: Unicode.Scalar, count: Int)
    }

    /// A delimiter run that may pair: its piece, its length as written, and whether it may open
    /// or close (CommonMark's flanking rules).
    private struct Delimiter {
        var piece: Int
        var character: Unicode.Scalar
        var length: Int
        var canOpen: Bool
        var canClose: Bool
    }

    private let source: [Unicode.Scalar]
    private var pieces: [Piece] = []
    private var delimiters: [Delimiter] = []
    private var pending = String.UnicodeScalarView()

    init(_ source: [Unicode.Scalar]) {
        self.source = source
    }

    mutating func shown() -> String {
        read(source.startIndex..<source.endIndex)
        flush()
        pairDelimiters()
        var result = String.UnicodeScalarView()
        for piece in pieces {
            switch piece {
            case .text(let text): result.append(contentsOf: text)
            case .run(let character, let count): result.append(contentsOf: repeatElement(character, count: count))
            }
        }
        return String(result)
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        pieces.append(.text(pending))
        pending = String.UnicodeScalarView()
    }

    /// Cuts `range` of the source into pieces, left to right: code spans, escapes, autolinks,
    /// entities and links are read where they start; delimiter runs are pushed to pair later.
    private mutating func read(_ range: Range<Int>) {
        let end = range.upperBound
        var index = range.lowerBound
        while index < end {
            let scalar = source[index]
            switch scalar {
            case "\\":
                if index + 1 < end, Self.isASCIIPunctuation(source[index + 1]) {
                    pending.append(source[index + 1])
                    index += 2
                    continue
                }
            case "`":
                let run = source[index..<end].prefix(while: { $0 == "`" }).count
                if let (content, after) = codeSpan(at: index, run: run, end: end) {
                    pending.append(contentsOf: content)
                    index = after
                } else {
                    // A backtick run no run of its length closes is text.
                    pending.append(contentsOf: repeatElement("`", count: run))
                    index += run
                }
                continue
            case "<":
                if let close = autolinkEnd(from: index + 1, end: end) {
                    pending.append(contentsOf: source[(index + 1)..<close])
                    index = close + 1
                    continue
                }
            case "&":
                if let (character, after) = entity(at: index, end: end) {
                    pending.append(character)
                    index = after
                    continue
                }
            case "[", "^":
                // `[text](target)` and `^[text](attributes)`: the text, read on its own.
                // A link holds no link (CommonMark): with one inside, this `[` is text and the inner
                // one is read when it comes, so the text read on its own nests no deeper.
                let open = scalar == "^" ? index + 1 : index
                if open < end, source[open] == "[", let (close, after) = linkEnd(open: open, end: end, attribute: scalar == "^"),
                   !((open + 1)..<close).contains(where: { source[$0] == "[" && linkEnd(open: $0, end: close, attribute: false) != nil }) {
                    var text = InlineMarkdown(Array(source[(open + 1)..<close]))
                    pending.append(contentsOf: text.shown().unicodeScalars)
                    index = after
                    continue
                }
            case "*", "_", "~":
                let length = source[index..<end].prefix(while: { $0 == scalar }).count
                pushRun(scalar, at: index, length: length, end: end)
                index += length
                continue
            default:
                break
            }
            pending.append(scalar)
            index += 1
        }
    }

    /// The `]` that closes the link text opened at `open` and the index after the `)` that closes
    /// its destination: brackets nest in the text and parentheses in the destination, and a
    /// backslash escapes either (`[a [b] c](x)`, `[a](https://x.com/foo_(bar))`, `[a\]b](c)`).
    /// A link's destination holds no space unless a title follows it (`[a](b "c")`); an
    /// `attribute`'s (`^[…](inflect: true)`) may.
    private func linkEnd(open: Int, end: Int, attribute: Bool) -> (close: Int, after: Int)? {
        guard let close = closing(from: open, "[", "]", end: end), close + 1 < end, source[close + 1] == "(",
              let parenthesis = closing(from: close + 1, "(", ")", end: end),
              attribute || isDestination(source[(close + 2)..<parenthesis]) else { return nil }
        return (close, parenthesis + 1)
    }

    /// The index of the `closer` that balances the `opener` at `start`, a backslash escaping
    /// either; nil when none does before `end`.
    private func closing(from start: Int, _ opener: Unicode.Scalar, _ closer: Unicode.Scalar, end: Int) -> Int? {
        var depth = 0, at = start
        while at < end {
            switch source[at] {
            case "\\": at += 1
            case opener: depth += 1
            case closer:
                depth -= 1
                if depth == 0 { return at }
            default: break
            }
            at += 1
        }
        return nil
    }

    /// Whether the text between a link's parentheses is a destination, with an optional title:
    /// no space in the destination itself.
    private func isDestination(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        let trimmed = text.drop(while: { $0 == " " || $0 == "\n" })
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\n" || $0 == "\t" }) else { return true }
        let title = trimmed[space...].drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" })
        guard let first = title.first else { return true }
        var last = title.endIndex - 1
        while last > title.startIndex, title[last] == " " { last -= 1 }
        let closer: Unicode.Scalar = first == "(" ? ")" : first
        return (first == "\"" || first == "'" || first == "(") && last > title.startIndex && title[last] == closer
    }

    /// A code span opened by the `run` backticks at `index`: its content as shown (line ends as
    /// spaces, one space stripped from each end when both have one) and the index after its
    /// closing run, or nil when no run of the same length follows.
    private func codeSpan(at index: Int, run: Int, end: Int) -> (String.UnicodeScalarView, Int)? {
        var search = index + run
        while search < end {
            guard source[search] == "`" else { search += 1; continue }
            let closing = source[search..<end].prefix(while: { $0 == "`" }).count
            if closing == run {
                var content = String.UnicodeScalarView(source[(index + run)..<search].map { $0 == "\n" || $0 == "\r" ? " " : $0 })
                if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                    content.removeFirst()
                    content.removeLast()
                }
                return (content, search + closing)
            }
            search += closing
        }
        return nil
    }

    /// The index of the `>` closing an autolink (`<scheme:address>` or `<name@host>`) whose
    /// address starts at `start`, or nil.
    private func autolinkEnd(from start: Int, end: Int) -> Int? {
        guard let close = source[start..<end].firstIndex(of: ">"), close > start else { return nil }
        let address = source[start..<close]
        // A URI: a scheme of 2 to 32 letters, digits, `+`, `.` or `-` (a letter first), `:`, and no
        // space, control character or `<`.
        if let colon = address.firstIndex(of: ":"), (2...32).contains(colon - start), Self.isASCIILetter(address[start]),
           address[start..<colon].allSatisfy({ Self.isASCIILetter($0) || Self.isASCIIDigit($0) || $0 == "+" || $0 == "." || $0 == "-" }),
           address.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "<" }) {
            return close
        }
        // An email address.
        guard let at = address.firstIndex(of: "@"), at > start else { return nil }
        let local = address[start..<at]
        guard local.allSatisfy({ Self.isASCIILetter($0) || Self.isASCIIDigit($0) || ".!#$%&'*+/=?^_`{|}~-".unicodeScalars.contains($0) }) else { return nil }
        let labels = address[(at + 1)..<close].split(separator: "." as Unicode.Scalar, omittingEmptySubsequences: false)
        let valid = labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { Self.isASCIILetter($0) || Self.isASCIIDigit($0) || $0 == "-" }
        }
        return valid ? close : nil
    }

    /// The character of the entity reference at `index` (`&amp;`, `&#39;`, `&#x41;`) and the index
    /// after its `;`, or nil when none starts there.
    private func entity(at index: Int, end: Int) -> (Unicode.Scalar, Int)? {
        let limit = min(end, index + 34)
        guard let semicolon = source[(index + 1)..<limit].firstIndex(of: ";") else { return nil }
        let body = source[(index + 1)..<semicolon]
        guard let first = body.first else { return nil }
        if first == "#" {
            let digits = body.dropFirst()
            let hex = digits.first == "x" || digits.first == "X"
            let number = hex ? digits.dropFirst() : digits
            guard (1...(hex ? 6 : 7)).contains(number.count) else { return nil }
            var code: UInt32 = 0
            for digit in number {
                guard let value = hex ? Self.hexValue(digit) : (Self.isASCIIDigit(digit) ? digit.value - 0x30 : nil) else { return nil }
                code = code * (hex ? 16 : 10) + value
            }
            // Code 0, a surrogate or a code past Unicode shows the replacement character.
            return (code == 0 ? "\u{FFFD}" : Unicode.Scalar(code) ?? "\u{FFFD}", semicolon + 1)
        }
        guard let character = Self.namedEntities[String(String.UnicodeScalarView(body))] else { return nil }
        return (character, semicolon + 1)
    }

    /// The named entities labels use (CommonMark knows all of HTML's; a name not here is read as text).
    private static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "laquo": "«", "raquo": "»", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "deg": "°", "middot": "·",
        "bull": "•", "times": "×", "divide": "÷", "plusmn": "±", "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓",
        "shy": "\u{AD}", "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]

    /// Pushes the delimiter run of `length` `character`s at `index`, with CommonMark's flanking
    /// rules: the start and end of the text count as whitespace.
    private mutating func pushRun(_ character: Unicode.Scalar, at index: Int, length: Int, end: Int) {
        let before: Unicode.Scalar = index > 0 ? source[index - 1] : " "
        let after: Unicode.Scalar = index + length < end ? source[index + length] : " "
        let beforeSpace = Self.isWhitespace(before), afterSpace = Self.isWhitespace(after)
        let beforePunctuation = Self.isPunctuation(before), afterPunctuation = Self.isPunctuation(after)
        let leftFlanking = !afterSpace && (!afterPunctuation || beforeSpace || beforePunctuation)
        let rightFlanking = !beforeSpace && (!beforePunctuation || afterSpace || afterPunctuation)
        var canOpen = leftFlanking, canClose = rightFlanking
        if character == "_" {
            // Within a word an underscore neither opens nor closes: `snake_case` keeps its marks.
            canOpen = leftFlanking && (!rightFlanking || beforePunctuation)
            canClose = rightFlanking && (!leftFlanking || afterPunctuation)
        } else if character == "~", length > 2 {
            // Strikethrough is one or two tildes.
            canOpen = false
            canClose = false
        }
        flush()
        pieces.append(.run(character: character, count: length))
        if canOpen || canClose {
            delimiters.append(Delimiter(piece: pieces.count - 1, character: character, length: length, canOpen: canOpen, canClose: canClose))
        }
    }

    private func count(_ delimiter: Delimiter) -> Int {
        guard case .run(_, let count) = pieces[delimiter.piece] else { return 0 }
        return count
    }

    private mutating func use(_ used: Int, of delimiter: Delimiter) {
        pieces[delimiter.piece] = .run(character: delimiter.character, count: count(delimiter) - used)
    }

    /// CommonMark's "process emphasis" over the whole text: each closer, left to right, pairs with
    /// the nearest opener of its character before it; the runs between them are text.
    private mutating func pairDelimiters() {
        var stack = delimiters
        var current = 0
        while current < stack.count {
            let closer = stack[current]
            guard closer.canClose else { current += 1; continue }
            var found: Int?
            var candidate = current - 1
            while candidate >= 0 {
                let opener = stack[candidate]
                if opener.character == closer.character, opener.canOpen, Self.pairs(opener, closer) {
                    found = candidate
                    break
                }
                candidate -= 1
            }
            guard let openerIndex = found else {
                // A closer that found no opener may still open for a later closer.
                if closer.canOpen { current += 1 } else { stack.remove(at: current) }
                continue
            }
            let opener = stack[openerIndex]
            let used = closer.character == "~" ? closer.length : (count(opener) >= 2 && count(closer) >= 2 ? 2 : 1)
            use(used, of: opener)
            use(used, of: closer)
            stack.removeSubrange((openerIndex + 1)..<current)
            current = openerIndex + 1
            if count(opener) == 0 {
                stack.remove(at: openerIndex)
                current -= 1
            }
            if count(closer) == 0 { stack.remove(at: current) }
        }
    }

    /// Whether `opener` may pair with `closer`: tildes pair with a run of their length; emphasis
    /// runs of which one may both open and close do not when their lengths add up to a multiple of
    /// 3 unless both are (CommonMark's rules 9 and 10).
    private static func pairs(_ opener: Delimiter, _ closer: Delimiter) -> Bool {
        if closer.character == "~" { return opener.length == closer.length }
        guard opener.canClose || closer.canOpen else { return true }
        return (opener.length + closer.length) % 3 != 0 || (opener.length % 3 == 0 && closer.length % 3 == 0)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\t", "\n", "\u{0C}", "\r": true
        default: scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Unicode punctuation as CommonMark reads it: a punctuation or symbol category.
    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIIPunctuation(scalar) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol: return true
        default: return false
        }
    }

    private static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        (0x30...0x39).contains(scalar.value)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: scalar.value - 0x30
        case 0x41...0x46: scalar.value - 0x41 + 10
        case 0x61...0x66: scalar.value - 0x61 + 10
        default: nil
        }
    }
}
