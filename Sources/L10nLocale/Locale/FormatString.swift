import Foundation
import L10nCore
import L10nFormats
/// How much a format-string finding matters: errors can crash or print garbage at run time,
/// warnings print something other than intended.
public enum FormatSeverity: String, Sendable, Hashable, Comparable {
    case warning, error

    public static func < (lhs: FormatSeverity, rhs: FormatSeverity) -> Bool { lhs == .warning && rhs == .error }
}

/// The argument of a catalog substitution, which its variations write as the literal `%arg`.
public struct SubstitutionArgument: Sendable, Hashable {
    /// The substitution's `argNum`; nil when the catalog leaves it out (then `%arg` is counted like
    /// an implicit specifier).
    public var number: Int?
    /// The substitution's `formatSpecifier` without `%`, e.g. `lld`.
    public var formatSpecifier: String

    public init(number: Int?, formatSpecifier: String) {
        self.number = number
        self.formatSpecifier = formatSpecifier
    }
}

/// Something in a format string that is not what its author most likely meant.
public struct FormatIssue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A `%` followed by a space or ending the text. Xcode does not count it as a specifier, but
        /// `String(format:)` reads `30% for` as `% f`, a double with the space flag (`wouldReadAs`);
        /// a `%` at the end is dropped.
        case lonePercent(wouldReadAs: String?)
        /// `%` followed by something that is no conversion (`%y`, `%5`); `String(format:)` drops the `%`.
        case invalidSpecifier(String)
        /// `%n`: Apple's formatter skips its argument and writes nothing.
        case unsupportedSpecifier(String)
        /// `%#@name` without the closing `@`.
        case unterminatedSubstitution(String)
        /// `%arg` outside a substitution's variation: `String(format:)` reads `%a`, a double.
        case substitutionArgumentOutsideSubstitution
        /// The catalog's `formatSpecifier` for `%arg` is no conversion.
        case invalidSubstitutionFormat(String)
        /// Positional (`%1$@`) and implicit (`%@`) specifiers in one string: CoreFoundation counts
        /// the implicit ones from 1 regardless, so they collide with the positional ones.
        case mixedPositions
        /// One argument read as two different kinds.
        case conflictingKinds(argument: Int, [FormatArgumentKind])
    }

    public let kind: Kind
    /// UTF-16 offsets of the text concerned.
    public let range: Range<Int>

    public var severity: FormatSeverity {
        switch kind {
        case .lonePercent, .invalidSpecifier, .substitutionArgumentOutsideSubstitution: return .warning
        case .conflictingKinds(_, let kinds): return kinds.allSatisfy(\.isInteger) ? .warning : .error
        case .unsupportedSpecifier, .unterminatedSubstitution, .invalidSubstitutionFormat, .mixedPositions: return .error
        }
    }

    public var message: String {
        switch kind {
        case .lonePercent(let reading?):
            return "'%' followed by a space is not a placeholder for Xcode, but String(format:) reads '\(reading)' and consumes an argument; write '%%' for a percent sign"
        case .lonePercent(nil):
            return "'%' at the end is not a placeholder; String(format:) drops it; write '%%' for a percent sign"
        case .invalidSpecifier(let text):
            return "'\(text)' is not a format specifier; String(format:) drops the '%'; write '%%' for a percent sign"
        case .unsupportedSpecifier(let text):
            return "'\(text)' is not supported by String(format:): it skips the argument and prints nothing"
        case .unterminatedSubstitution(let text):
            return "'\(text)' lacks the closing '@' of a substitution reference %#@name@"
        case .substitutionArgumentOutsideSubstitution:
            return "'%arg' only has a meaning in a substitution's variations; here String(format:) reads '%a', a double"
        case .invalidSubstitutionFormat(let specifier):
            return "the substitution's format specifier '\(specifier)' is not a conversion such as lld, d or @"
        case .mixedPositions:
            return "positional (%1$@) and implicit (%@) specifiers are mixed; the implicit ones are counted from 1 and collide with the positional ones"
        case .conflictingKinds(let argument, let kinds):
            return "argument \(argument) is read as \(kinds.map(\.description).joined(separator: " and "))"
        }
    }
}

/// One piece of a format string.
public enum FormatToken: Sendable, Hashable {
    /// Text printed as is (including a lone `%` or an invalid sequence, which Xcode leaves alone).
    case literal(String)
    /// `%%`.
    case percentSign
    case specifier(FormatSpecifier)
}

/// An Apple format string (`String(format:)`, `String(localized:)`, catalog values), parsed the way
/// CoreFoundation reads it, with Xcode's and String Catalogs' additions (`%#@name@`, `%arg`).
public struct FormatString: Sendable, Hashable {
    public let text: String
    public let tokens: [FormatToken]
    /// The specifiers in order of appearance.
    public let specifiers: [FormatSpecifier]
    public let issues: [FormatIssue]

    /// Parses `text`; `substitution` gives the meaning of `%arg` when the text is one of a catalog
    /// substitution's variations.
    public init(_ text: String, substitution: SubstitutionArgument? = nil) {
        self.text = text
        // Most labels have no `%`: they are one literal.
        guard Self.containsPercent(text) else {
            self.tokens = text.isEmpty ? [] : [.literal(text)]
            self.specifiers = []
            self.issues = []
            return
        }
        var parser = FormatStringParser(text: text, substitution: substitution)
        parser.parse()
        self.tokens = parser.tokens
        self.specifiers = parser.specifiers
        self.issues = parser.issues
    }

    /// The kind of argument a substitution's `%arg` reads, as `FormatString("%arg", substitution:)`
    /// gives it, without parsing a text; nil when the `formatSpecifier` is not usable.
    public static func substitutionArgumentKind(_ formatSpecifier: String) -> FormatArgumentKind? {
        FormatStringParser.substitutionSyntax(formatSpecifier)?.kind
    }

    /// Whether the text has a `%`, without which it is one literal.
    private static func containsPercent(_ text: String) -> Bool {
        text.containsASCII(UInt8(ascii: "%"))
    }

    /// Every argument read, by number: the kinds it is read as, in order of appearance (one, unless
    /// the string reads it twice with different kinds).
    public var arguments: [Int: [FormatArgumentKind]] {
        var table: [Int: [FormatArgumentKind]] = [:]
        // A closure written in place: a local function passed as one made `table` a box checked
        // for exclusive access at run time.
        for specifier in specifiers {
            specifier.forEachRead { argument, kind in
                if !(table[argument]?.contains(kind) ?? false) { table[argument, default: []].append(kind) }
            }
        }
        return table
    }

    /// The highest argument number read (0 when none).
    public var argumentCount: Int { arguments.keys.max() ?? 0 }

    /// Whether a character (an ASCII byte) ends a `%#@name@` name before its closing `@`, which
    /// makes the reference none: `%`, a space, a tab or a line break.
    package static func endsSubstitutionName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "%") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// The names of `%#@name@` references, in order, each once.
    public var substitutionNames: [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for specifier in specifiers {
            if case .substitution(let name) = specifier.conversion, seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// Whether some specifier gives its argument by position.
    public var usesPositions: Bool { specifiers.contains(where: \.usesPositions) }

    /// The text as Xcode's XLIFF export writes it: when it reads two or more arguments, all implicit,
    /// every specifier gets its position (`%@ / %@` → `%1$@ / %2$@`, `%@ of %lld` → `%1$@ of %2$lld`);
    /// a substitution's `%arg` always becomes `%N$<formatSpecifier>`. Single-argument strings, `%%`,
    /// a lone `%` (`30% for`) and positional or mixed strings stay as written.
    public var positionalized: String {
        let rewritesAll = argumentCount >= 2 && !usesPositions && !issues.contains { $0.kind == .mixedPositions }
        var result = ""
        for token in tokens {
            switch token {
            case .literal(let text): result += text
            case .percentSign: result += "%%"
            case .specifier(let specifier):
                if case .substitutionArgument = specifier.conversion {
                    result += specifier.positionalText
                } else {
                    result += rewritesAll ? specifier.positionalText : specifier.text
                }
            }
        }
        return result
    }

    /// `positionalized` of a text.
    public static func positionalized(_ text: String, substitution: SubstitutionArgument? = nil) -> String {
        plainPositionalized(text, substitution: substitution) ?? FormatString(text, substitution: substitution).positionalized
    }

    /// One `%` of a text `plainPositionalized` can number: its bytes and what it reads.
    private enum PlainPercent {
        case percentSign
        /// A plain specifier; the range holds what follows the `%`.
        case specifier(Range<Int>)
        /// `%#@name@`; the range holds the name.
        case substitution(Range<Int>)
        /// A substitution's `%arg`.
        case substitutionArgument
    }

    /// The plain specifiers a substitution's `formatSpecifier` may be for `plainPositionalized`.
    private static let plainFormatSpecifiers: Set<String> = ["@", "d", "i", "u", "x", "X", "f", "e", "g", "c", "s",
                                                             "ld", "lld", "lu", "llu", "li", "lli", "lx", "llx", "lX", "llX"]

    /// `positionalized` of a text whose every `%` is `%%`, a plain specifier (`%@`, `%d`, `%lld`,
    /// `%f`... without flags, width, precision or position), a `%#@name@` reference or, in a
    /// substitution with a plain `formatSpecifier`, `%arg`: found in one pass over its bytes
    /// (parsing such a text cost some 19,000 instructions). nil for any other `%`, which the
    /// parser reads. Numbers follow the parser: one argument per specifier in order, `%arg` at
    /// the substitution's `argNum` when it has one (then nothing else is renumbered).
    static func plainPositionalized(_ text: String, substitution: SubstitutionArgument? = nil) -> String? {
        if let substitution {
            guard plainFormatSpecifiers.contains(substitution.formatSpecifier), (substitution.number ?? 1) >= 1 else { return nil }
        }
        return text.withUTF8Bytes { bytes -> String? in
            // Two passes over the bytes, nothing kept between them: the first finds the numbers
            // the `%`s get, the second writes the text with them (a list of the `%`s, their
            // numbers and the result as bytes cost more than the passes).
            var implicit = 0, highest = 0, positional = false, readsSubstitutionArgument = false, percents = 0
            var index = 0
            while index < bytes.count {
                guard bytes[index] == 0x25 else {
                    index += 1
                    continue
                }
                guard let found = plainPercent(bytes, at: index, substitution: substitution) else { return nil }
                percents += 1
                switch found.kind {
                case .percentSign: break
                case .substitutionArgument where substitution?.number != nil:
                    readsSubstitutionArgument = true
                    positional = true
                    highest = max(highest, substitution!.number!)
                case .substitutionArgument:
                    readsSubstitutionArgument = true
                    implicit += 1
                    highest = max(highest, implicit)
                case .specifier, .substitution:
                    implicit += 1
                    highest = max(highest, implicit)
                }
                index = found.end
            }
            let rewritesAll = highest >= 2 && !positional
            guard rewritesAll || readsSubstitutionArgument else { return String(decoding: bytes, as: UTF8.self) }
            // Each `%` grows by at most its number (19 digits), `$` and a `formatSpecifier` (3 bytes).
            return String(unsafeUninitializedCapacity: bytes.count + percents * 24) { out in
                var written = 0
                func write(_ range: Range<Int>) {
                    for i in range { out[written] = bytes[i]; written += 1 }
                }
                func writePosition(_ number: Int) {
                    out[written] = 0x25
                    written += 1
                    var digits = 1, rest = number
                    while rest >= 10 { digits += 1; rest /= 10 }
                    rest = number
                    for place in stride(from: digits - 1, through: 0, by: -1) {
                        out[written + place] = 0x30 + UInt8(rest % 10)
                        rest /= 10
                    }
                    written += digits
                    out[written] = 0x24
                    written += 1
                }
                var implicit = 0, copied = 0, index = 0
                while index < bytes.count {
                    guard bytes[index] == 0x25 else {
                        index += 1
                        continue
                    }
                    let found = plainPercent(bytes, at: index, substitution: substitution)!
                    write(copied..<index)
                    switch found.kind {
                    case .percentSign:
                        write(index..<found.end)
                    case .substitutionArgument:
                        if let number = substitution!.number {
                            writePosition(number)
                        } else {
                            implicit += 1
                            writePosition(implicit)
                        }
                        for byte in substitution!.formatSpecifier.utf8 { out[written] = byte; written += 1 }
                    case .specifier, .substitution:
                        implicit += 1
                        if rewritesAll {
                            writePosition(implicit)
                            write(index + 1..<found.end)
                        } else {
                            write(index..<found.end)
                        }
                    }
                    copied = found.end
                    index = found.end
                }
                write(copied..<bytes.count)
                return written
            }
        }
    }

    /// The text with each `%N$<formatSpecifier>` that reads the substitution's argument (`N` its
    /// `argNum`, 1 when it has none: the form an export writes for `%arg`) read back as `%arg`,
    /// when every other `%` is `%%`: found in one pass over its bytes, where parsing took some
    /// 9,000 instructions. nil for any other `%`, for a `formatSpecifier` with flags, width
    /// or precision and for an `argNum` above the largest position, which the parser reads.
    public static func plainArgumentRestored(_ text: String, substitution: SubstitutionArgument) -> String? {
        let number = substitution.number ?? 1
        // Above the largest position the parser reads, the written form reads another argument.
        guard number >= 1, number <= FormatSpecificationSyntax.largestNumber,
              plainFormatSpecifiers.contains(substitution.formatSpecifier) else { return nil }
        var written: [UInt8] = [0x25]
        written.append(contentsOf: String(number).utf8)
        written.append(0x24)
        written.append(contentsOf: substitution.formatSpecifier.utf8)
        return text.withUTF8Bytes { bytes -> String? in
            var result: [UInt8] = []
            var copied = 0, index = 0
            while index < bytes.count {
                guard bytes[index] == 0x25 else {
                    index += 1
                    continue
                }
                if index + 1 < bytes.count, bytes[index + 1] == 0x25 {
                    index += 2
                    continue
                }
                guard index + written.count <= bytes.count,
                      written.indices.allSatisfy({ bytes[index + $0] == written[$0] }) else { return nil }
                if result.isEmpty { result.reserveCapacity(bytes.count) }
                result.append(contentsOf: bytes[copied..<index])
                result.append(contentsOf: "%arg".utf8)
                index += written.count
                copied = index
            }
            guard copied > 0 else { return text }
            result.append(contentsOf: bytes[copied...])
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// What the `%` at `index` is and where it ends, when `plainPositionalized` can number it.
    private static func plainPercent(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int,
                                     substitution: SubstitutionArgument?) -> (end: Int, kind: PlainPercent)? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "%"):
            return (index + 2, .percentSign)
        case UInt8(ascii: "@"), UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"),
             UInt8(ascii: "f"), UInt8(ascii: "e"), UInt8(ascii: "g"), UInt8(ascii: "c"), UInt8(ascii: "s"):
            return (index + 2, .specifier(index + 1..<index + 2))
        case UInt8(ascii: "l"):
            var end = index + 2
            if end < bytes.count && bytes[end] == UInt8(ascii: "l") { end += 1 }
            guard end < bytes.count else { return nil }
            switch bytes[end] {
            case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"):
                return (end + 1, .specifier(index + 1..<end + 1))
            default: return nil
            }
        case UInt8(ascii: "a"):
            guard substitution != nil, index + 3 < bytes.count, bytes[index + 2] == UInt8(ascii: "r"), bytes[index + 3] == UInt8(ascii: "g")
            else { return nil }
            return (index + 4, .substitutionArgument)
        case UInt8(ascii: "#"):
            guard index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "@") else { return nil }
            var end = index + 3
            while end < bytes.count, bytes[end].isPlainNameByte { end += 1 }
            guard end > index + 3, end < bytes.count, bytes[end] == UInt8(ascii: "@") else { return nil }
            return (end + 1, .substitution(index + 3..<end))
        default:
            return nil
        }
    }

    /// The text with a positional rewrite of `%` text undone: `%N$` followed by a space becomes
    /// `%` again (`50 %1$ und` → `50 % und`), the form a `% ` that is text takes when a tool
    /// counts it as a specifier and positionalizes it. nil when the text has no such rewrite.
    /// Only meaningful where the text is not formatted (its source reads no argument): there a
    /// device would show `%1$` literally.
    public static func percentTextRewriteUndone(_ text: String) -> String? {
        let units = Array(text.utf16)
        var result: [UInt16] = []
        result.reserveCapacity(units.count)
        var changed = false
        var index = 0
        let percent = UInt16(ascii: "%"), dollar = UInt16(ascii: "$"), space = UInt16(ascii: " ")
        while index < units.count {
            let unit = units[index]
            result.append(unit)
            index += 1
            guard unit == percent, index < units.count else { continue }
            if units[index] == percent {
                result.append(percent)
                index += 1
                continue
            }
            var end = index
            while end < units.count, units[end].asciiDigit != nil { end += 1 }
            if end > index, end + 1 < units.count, units[end] == dollar, units[end + 1] == space {
                index = end + 1
                changed = true
            }
        }
        return changed ? String(decoding: result, as: UTF16.self) : nil
    }

    /// Whether two strings say the same with the same arguments, reading positions and implicit
    /// numbers alike: `%1$@ / %2$@` is equivalent to `%@ / %@`, `%2$@ / %1$@` is not.
    /// This is how an import recognizes a source that an export positionalized.
    public func isEquivalent(to other: FormatString) -> Bool {
        let mine = normalizedTokens, theirs = other.normalizedTokens
        return mine == theirs
    }

    /// False when two texts cannot be equivalent (`isEquivalent`, both parsed with `substitution`),
    /// told without parsing either: specifiers written with and without positions differ only in
    /// `%`, `$` and digits (`%@` / `%1$@`, `%*d` / `%2$*1$d`), a substitution's `%arg` and its
    /// written form (`%2$lld`) only in those, the letters of `arg` and of the substitution's
    /// `formatSpecifier`; everything else of the text is its literal text, compared as it is.
    /// Literal texts compare as Swift strings do, by canonical equivalence (`é` is `e` and a
    /// combining accent), so a difference at a byte that is not ASCII is no proof: true then.
    /// True means: parse both and compare.
    public static func mayBeEquivalent(_ first: String, _ second: String, substitution: SubstitutionArgument? = nil) -> Bool {
        // The skipped bytes, all ASCII, as bits of two words (bytes below 64, bytes from 64 to 127).
        var low: UInt64 = 1 << UInt64(UInt8(ascii: "%")) | 1 << UInt64(UInt8(ascii: "$")) | 0x3FF << UInt64(UInt8(ascii: "0"))
        var high: UInt64 = 0
        if let substitution {
            high |= 1 << UInt64(UInt8(ascii: "a") - 64) | 1 << UInt64(UInt8(ascii: "r") - 64) | 1 << UInt64(UInt8(ascii: "g") - 64)
            for byte in substitution.formatSpecifier.utf8 where byte < 0x80 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }
        func isSkipped(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 0x80 && high & (1 << UInt64(byte - 64)) != 0
        }
        // The bytes left after skipping are compared in order. A common prefix leaves the same
        // bytes on both sides, so it is passed over first, eight bytes at a time: a changed
        // translation mostly differs near its end.
        return first.withUTF8Bytes { a in
            second.withUTF8Bytes { b in
                var i = 0
                let common = min(a.count, b.count)
                while i + 8 <= common, ByteWord.load(a.baseAddress! + i) == ByteWord.load(b.baseAddress! + i) { i += 8 }
                while i < common, a[i] == b[i] { i += 1 }
                var j = i
                while true {
                    while i < a.count, isSkipped(a[i]) { i += 1 }
                    while j < b.count, isSkipped(b[j]) { j += 1 }
                    guard i < a.count, j < b.count else {
                        return (i == a.count && j == b.count) || (i < a.count && a[i] >= 0x80) || (j < b.count && b[j] >= 0x80)
                    }
                    guard a[i] == b[j] else { return a[i] >= 0x80 || b[j] >= 0x80 }
                    i += 1
                    j += 1
                }
            }
        }
    }

    private var normalizedTokens: [String] {
        var result: [String] = []
        var literal = ""
        for token in tokens {
            switch token {
            case .literal(let text): literal += text
            case .percentSign: literal += "%%"
            case .specifier(let specifier):
                result.append(literal)
                literal = ""
                result.append(specifier.positionalText)
            }
        }
        result.append(literal)
        return result
    }
}

/// Reads a format string's UTF-16 code units into tokens, specifiers and issues.
struct FormatStringParser {
    let units: [UInt16]
    let substitution: SubstitutionArgument?
    var tokens: [FormatToken] = []
    var specifiers: [FormatSpecifier] = []
    var issues: [FormatIssue] = []
    private var literal: [UInt16] = []
    private var nextImplicitArgument = 1

    init(text: String, substitution: SubstitutionArgument?) {
        self.units = Array(text.utf16)
        self.substitution = substitution
    }

    private static let percent = UInt16(ascii: "%")

    mutating func parse() {
        var index = 0
        while index < units.count {
            guard units[index] == Self.percent else {
                var end = index + 1
                while end < units.count, units[end] != Self.percent { end += 1 }
                literal.append(contentsOf: units[index..<end])
                index = end
                continue
            }
            index = readPercent(at: index)
        }
        flushLiteral()
        checkArguments()
    }

    private mutating func flushLiteral() {
        guard !literal.isEmpty else { return }
        tokens.append(.literal(Self.decode(literal[...])))
        literal = []
    }

    private func string(_ range: Range<Int>) -> String {
        Self.decode(units[range])
    }

    /// `String(decoding: units, as: UTF16.self)` (a lone surrogate becomes U+FFFD), transcoded
    /// here because the standard library's generic path for it is slow.
    static func decode(_ units: ArraySlice<UInt16>) -> String {
        if units.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: units.count) { buffer in
                for (offset, unit) in units.enumerated() { buffer[offset] = UInt8(unit) }
                return units.count
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(units.count * 3)
        var index = units.startIndex
        while index < units.endIndex {
            let unit = UInt32(units[index])
            index += 1
            var scalar = unit
            switch unit {
            case 0xD800...0xDBFF:
                if index < units.endIndex, (0xDC00...0xDFFF).contains(units[index]) {
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                    index += 1
                } else {
                    scalar = 0xFFFD
                }
            case 0xDC00...0xDFFF:
                scalar = 0xFFFD
            default: break
            }
            bytes.appendUTF8(scalar)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads what starts with the `%` at `start`; returns the offset after it.
    private mutating func readPercent(at start: Int) -> Int {
        let next = start + 1
        guard next < units.count else {
            issues.append(FormatIssue(kind: .lonePercent(wouldReadAs: nil), range: start..<next))
            literal.append(Self.percent)
            return next
        }
        if units[next] == Self.percent {
            flushLiteral()
            tokens.append(.percentSign)
            return next + 1
        }
        if units[next] == UInt16(ascii: " ") {
            var reading: String?
            if case .success(let syntax) = FormatSpecificationSyntax.read(units, from: next) {
                reading = string(start..<syntax.end)
            }
            issues.append(FormatIssue(kind: .lonePercent(wouldReadAs: reading), range: start..<next))
            literal.append(Self.percent)
            return next
        }
        if hasPrefix("arg", at: next) {
            if let substitution {
                return readSubstitutionArgument(substitution, at: start)
            }
            issues.append(FormatIssue(kind: .substitutionArgumentOutsideSubstitution, range: start..<start + 4))
        }
        if let end = readSubstitutionReference(at: start) { return end }

        switch FormatSpecificationSyntax.read(units, from: next) {
        case .failure(.truncated):
            issues.append(FormatIssue(kind: .invalidSpecifier(string(start..<units.count)), range: start..<units.count))
            literal.append(contentsOf: units[start...])
            return units.count
        case .failure(.unknownConversion(let at)):
            let end = at + 1
            issues.append(FormatIssue(kind: .invalidSpecifier(string(start..<end)), range: start..<end))
            literal.append(contentsOf: units[start..<end])
            return end
        case .success(let syntax):
            let text = string(start..<syntax.end)
            let kind: FormatArgumentKind
            if let known = syntax.kind {
                kind = known
            } else {
                issues.append(FormatIssue(kind: .unsupportedSpecifier(text), range: start..<syntax.end))
                kind = .pointer
            }
            append(syntax: syntax, text: text, range: start..<syntax.end,
                   conversion: .character(Character(Unicode.Scalar(syntax.conversion)!)), kind: kind)
            return syntax.end
        }
    }

    private func hasPrefix(_ ascii: StaticString, at index: Int) -> Bool {
        let count = ascii.utf8CodeUnitCount
        guard index + count <= units.count else { return false }
        for offset in 0..<count where units[index + offset] != UInt16(ascii.utf8Start[offset]) { return false }
        return true
    }

    /// `%#@name@` or `%n$#@name@`; nil when the text at `start` is not one.
    private mutating func readSubstitutionReference(at start: Int) -> Int? {
        var index = start + 1
        var position: Int?
        var number = 0
        while index < units.count, let digit = units[index].asciiDigit, !(number == 0 && digit == 0) {
            number = min(number * 10 + digit, FormatSpecificationSyntax.largestNumber)
            index += 1
        }
        if index > start + 1 {
            guard index < units.count, units[index] == UInt16(ascii: "$") else { return nil }
            position = number
            index += 1
        }
        guard hasPrefix("#@", at: index) else { return nil }
        let nameStart = index + 2
        var end = nameStart
        while end < units.count, units[end] != UInt16(ascii: "@"), !Self.endsName(units[end]) { end += 1 }
        guard end < units.count, units[end] == UInt16(ascii: "@"), end > nameStart else {
            issues.append(FormatIssue(kind: .unterminatedSubstitution(string(start..<end)), range: start..<end))
            literal.append(contentsOf: units[start..<end])
            return end
        }
        var syntax = FormatSpecificationSyntax()
        syntax.position = position
        syntax.flags = "#"
        syntax.end = end + 1
        let name = string(nameStart..<end)
        append(syntax: syntax, text: string(start..<end + 1), range: start..<end + 1,
               conversion: .substitution(name: name), kind: .substitution(name))
        return end + 1
    }

    private static func endsName(_ unit: UInt16) -> Bool {
        unit < 0x80 && FormatString.endsSubstitutionName(UInt8(unit))
    }

    /// What a substitution's `formatSpecifier` reads as `%arg`: its syntax and kind; nil when it
    /// is not one specifier without a position and without a `*` taken in order.
    static func substitutionSyntax(_ formatSpecifier: String) -> (syntax: FormatSpecificationSyntax, kind: FormatArgumentKind)? {
        let specifier = Array(formatSpecifier.utf16)
        guard case .success(let syntax) = FormatSpecificationSyntax.read(specifier, from: 0, allowsPosition: false),
              syntax.end == specifier.count, syntax.width != .argument(position: nil), syntax.precision != .argument(position: nil),
              let kind = syntax.kind
        else { return nil }
        return (syntax, kind)
    }

    private mutating func readSubstitutionArgument(_ substitution: SubstitutionArgument, at start: Int) -> Int {
        let end = start + 4
        guard let read = Self.substitutionSyntax(substitution.formatSpecifier) else {
            issues.append(FormatIssue(kind: .invalidSubstitutionFormat(substitution.formatSpecifier), range: start..<end))
            literal.append(contentsOf: units[start..<end])
            return end
        }
        var syntax = read.syntax
        let kind = read.kind
        syntax.position = substitution.number
        append(syntax: syntax, text: "%arg", range: start..<end,
               conversion: .substitutionArgument(formatSpecifier: substitution.formatSpecifier), kind: kind)
        return end
    }

    private mutating func append(syntax: FormatSpecificationSyntax, text: String, range: Range<Int>,
                                 conversion: FormatSpecifier.Conversion, kind: FormatArgumentKind) {
        flushLiteral()
        // CoreFoundation's count: a `*` width, then a `*` precision, then the value itself.
        func take(_ amount: FormatAmount?) -> Int? {
            guard case .argument(let position)? = amount else { return nil }
            if let position { return position }
            defer { nextImplicitArgument += 1 }
            return nextImplicitArgument
        }
        let width = take(syntax.width)
        let precision = take(syntax.precision)
        let argument: Int
        if let position = syntax.position {
            argument = position
        } else {
            argument = nextImplicitArgument
            nextImplicitArgument += 1
        }
        let specifier = FormatSpecifier(
            text: text, range: range, position: syntax.position, argument: argument,
            widthArgument: width, precisionArgument: precision, flags: syntax.flags,
            width: syntax.width, precision: syntax.precision, hasEmptyPrecision: syntax.hasEmptyPrecision,
            lengthModifier: syntax.lengthModifier, conversion: conversion, kind: kind)
        specifiers.append(specifier)
        tokens.append(.specifier(specifier))
    }

    private mutating func checkArguments() {
        if specifiers.contains(where: \.usesPositions),
           let implicit = specifiers.first(where: \.usesImplicitArguments) {
            issues.append(FormatIssue(kind: .mixedPositions, range: implicit.range))
        }
        // One value read alone (most labels) has nothing to conflict with.
        if specifiers.count > 1 || specifiers.first.map({ $0.widthArgument != nil || $0.precisionArgument != nil }) == true {
            for conflict in argumentConflicts().sorted(by: { $0.argument < $1.argument }) {
                issues.append(FormatIssue(kind: .conflictingKinds(argument: conflict.argument, conflict.kinds), range: conflict.range))
            }
        }
        if issues.count > 1 { issues.sort { $0.range.lowerBound < $1.range.lowerBound } }
    }

    /// Each argument read as more than one kind: its kinds in order of appearance, and the
    /// range of the specifier that first read it as another kind. A few specifiers (a label's
    /// one or two) are compared pairwise, since two dictionaries per parse were a tenth of an
    /// import's format-string work; more are keyed by argument, so that a fuzzed string with
    /// 20,000 arguments does not take quadratic time.
    private func argumentConflicts() -> [(argument: Int, kinds: [FormatArgumentKind], range: Range<Int>)] {
        var conflicts: [(argument: Int, kinds: [FormatArgumentKind], range: Range<Int>)] = []
        if specifiers.count <= 8 {
            var reads: [(argument: Int, kind: FormatArgumentKind, range: Range<Int>)] = []
            reads.reserveCapacity(specifiers.count * 3)
            for specifier in specifiers { specifier.forEachRead { reads.append(($0, $1, specifier.range)) } }
            for (index, read) in reads.enumerated() {
                // Only the first read of an argument starts a list of its kinds.
                guard !reads[..<index].contains(where: { $0.argument == read.argument }) else { continue }
                var kinds = [read.kind]
                var firstConflict: Range<Int>?
                for later in reads[(index + 1)...] where later.argument == read.argument && !kinds.contains(later.kind) {
                    kinds.append(later.kind)
                    if firstConflict == nil { firstConflict = later.range }
                }
                if let firstConflict { conflicts.append((read.argument, kinds, firstConflict)) }
            }
            return conflicts
        }
        var kinds: [Int: [FormatArgumentKind]] = [:]
        var firstConflict: [Int: Range<Int>] = [:]
        for specifier in specifiers {
            specifier.forEachRead { argument, kind in
                guard let known = kinds[argument] else {
                    kinds[argument] = [kind]
                    return
                }
                guard !known.contains(kind) else { return }
                if firstConflict[argument] == nil { firstConflict[argument] = specifier.range }
                kinds[argument]!.append(kind)
            }
        }
        for (argument, range) in firstConflict { conflicts.append((argument, kinds[argument]!, range)) }
        return conflicts
    }
}

extension FormatString {
    /// The `%…` specifiers of a text without parsing it (`%%` left out): each a position, a
    /// width, `l`, `h` or `q` and one of `@ d i u`, or a substitution reference as the parser
    /// reads one; sorted when all are positional, in order when none is; nil for anything else
    /// (flags, precisions, other conversions, a lone `%`), which needs a full parse. Two texts
    /// with equal lists read the same arguments the same way, so comparing them settles the
    /// common case cheaply.
    ///
    /// `readingSubstitution`: the text is a substitution's, parsed with its argument, where `%arg`
    /// is a specifier too (listed as written).
    public static func plainSpecifiers(in text: String, readingSubstitution: Bool = false) -> [Substring]? {
        // Read as bytes in place (walking `String.UTF8View` indices cost several times more);
        // each specifier is cut from the text at the end.
        text.withUTF8Bytes { bytes -> [Substring]? in
            // Both ends are at ASCII bytes, so at scalar boundaries.
            func piece(_ start: Int, _ end: Int) -> Substring {
                let utf8 = text.utf8
                let lower = utf8.index(utf8.startIndex, offsetBy: start)
                return text[lower..<utf8.index(lower, offsetBy: end - start)]
            }
            var result: [Substring] = []
            var positional = 0
            let walked = walkPlainSpecifiers(bytes, readingSubstitution: readingSubstitution) { start, end, hasDollar in
                result.append(piece(start, end))
                if hasDollar { positional += 1 }
                return true
            }
            guard walked == .all else { return nil }
            // Positional ones may come in any order; implicit ones are read in order.
            if positional == result.count { return result.count > 1 ? result.sorted() : result }
            return positional > 0 ? nil : result
        }
    }

    /// Whether `FormatString(text).specifiers` is not empty, settled without a parse when the
    /// text's first `%` other than `%%` is a plain specifier the parser reads as written
    /// (`readsAsParsed`), or there is none; anything else is left to the parser. A
    /// substitution's `%arg` is walked as a specifier: parsed without its substitution, it reads
    /// as `%a`, which is one too.
    public static func hasSpecifiers(_ text: String) -> Bool {
        var settled = false
        let walk = text.withUTF8Bytes { bytes in
            walkPlainSpecifiers(bytes, readingSubstitution: true) { start, end, _ in
                settled = readsAsParsed(bytes, start, end)
                return false
            }
        }
        switch walk {
        case .stopped where settled: return true
        case .all: return false
        case .stopped, .notPlain: return !FormatString(text).specifiers.isEmpty
        }
    }

    /// Whether `FormatString(text, substitution:)` has specifiers and no issue, for any
    /// substitution, told without parsing: every `%` is `%%` or a plain specifier the parser reads
    /// as written (`readsAsParsed`, no `%arg`), all of them implicit or all at distinct positions,
    /// so no argument is read twice. False leaves it to the parser.
    public static func isPlainWithoutIssues(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes -> Bool in
            var count = 0, asWritten = true
            // The positions read, as the parser clamps them; a label has one or two.
            var positions: [Int] = []
            let walk = walkPlainSpecifiers(bytes, readingSubstitution: false) { start, end, hasDollar in
                guard readsAsParsed(bytes, start, end) else {
                    asWritten = false
                    return false
                }
                count += 1
                if hasDollar {
                    var position = 0, index = start + 1
                    while bytes[index] != UInt8(ascii: "$") {
                        position = min(position * 10 + Int(bytes[index] - UInt8(ascii: "0")), FormatSpecificationSyntax.largestNumber)
                        index += 1
                    }
                    guard !positions.contains(position) else {
                        asWritten = false
                        return false
                    }
                    positions.append(position)
                }
                return true
            }
            return walk == .all && asWritten && count > 0 && (positions.isEmpty || positions.count == count)
        }
    }

    /// The text as its tokens spell it with `%%` as `%` and each specifier as `replacement`,
    /// built from the bytes when every `%` is `%%` or a plain specifier the parser reads as
    /// written (`readsAsParsed`); nil otherwise, where the parser decides.
    package static func plainSpecifiersReplaced(in text: String, by replacement: StaticString) -> String? {
        text.withUTF8Bytes { bytes -> String? in
            guard let base = bytes.baseAddress else { return "" }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var copied = 0
            // The bytes up to `end`, each `%%` as `%` (every other `%` there is one).
            func copy(to end: Int) {
                var from = copied
                while let percent = base.firstIndex(of: UInt8(ascii: "%"), from: from, to: end) {
                    result.append(contentsOf: UnsafeBufferPointer(start: base + from, count: percent + 1 - from))
                    from = percent + 2
                }
                if from < end { result.append(contentsOf: UnsafeBufferPointer(start: base + from, count: end - from)) }
                copied = end
            }
            var settled = true
            let walk = walkPlainSpecifiers(bytes, readingSubstitution: false) { start, end, _ in
                if !readsAsParsed(bytes, start, end) {
                    settled = false
                    return false
                }
                copy(to: start)
                replacement.withUTF8Buffer { result.append(contentsOf: $0) }
                copied = end
                return true
            }
            guard walk == .all, settled else { return nil }
            copy(to: bytes.count)
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Whether the plain specifier at `start..<end` is one the parser reads as written. The walk
    /// takes any run of digits and `$`, and any run of `l h q`; the parser reads a position only
    /// as digits that do not start with 0 before one `$`, then a width, then at most one of
    /// `h hh l ll q` (`%$@`, `%0$@`, `%1$2$@`, `%lll@`, `%lqd` are not specifiers to it).
    /// `%arg` and substitution references are walked as the parser reads them.
    private static func readsAsParsed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let conversion = end - 1
        if bytes[start + 1] == UInt8(ascii: "a") { return true }
        if bytes[conversion] == UInt8(ascii: "@"),
           UnsafeBufferPointer(rebasing: bytes[(start + 1)..<conversion]).contains(UInt8(ascii: "#")) { return true }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var index = start + 1
        while index < conversion, isDigit(bytes[index]) { index += 1 }
        if index < conversion, bytes[index] == UInt8(ascii: "$") {
            guard index > start + 1, bytes[start + 1] != UInt8(ascii: "0") else { return false }
            index += 1
            while index < conversion, isDigit(bytes[index]) { index += 1 }
        }
        switch conversion - index {
        case 0, 1:
            break
        case 2:
            guard bytes[index] == bytes[index + 1], bytes[index] != UInt8(ascii: "q") else { return false }
        default:
            return false
        }
        for offset in index..<conversion {
            let byte = bytes[offset]
            guard byte == UInt8(ascii: "l") || byte == UInt8(ascii: "h") || byte == UInt8(ascii: "q") else { return false }
        }
        return true
    }

    /// How far `walkPlainSpecifiers` got.
    enum PlainWalk {
        /// Every `%` of the text was `%%` or a plain specifier, each given to the body.
        case all
        /// The body asked to stop.
        case stopped
        /// A `%` that is not plain: the parser decides.
        case notPlain
    }

    /// Gives `body` the byte range of each plain specifier of `bytes` in the text's order (see
    /// `plainSpecifiers(in:)`) and whether it has a position (`$`), until the body returns false
    /// or a `%` is not plain.
    static func walkPlainSpecifiers(_ bytes: UnsafeBufferPointer<UInt8>, readingSubstitution: Bool,
                                    _ body: (_ start: Int, _ end: Int, _ hasDollar: Bool) -> Bool) -> PlainWalk {
        let count = bytes.count
        var index = 0
        while index < count {
            // The next `%` by `memchr`: most of a text is not specifiers.
            guard let start = bytes.baseAddress!.firstIndex(of: UInt8(ascii: "%"), from: index, to: count) else { break }
            var end = start + 1
            guard end < count else { return .notPlain }
            if bytes[end] == UInt8(ascii: "%") {
                index = end + 1
                continue
            }
            if readingSubstitution, end + 2 < count, bytes[end] == UInt8(ascii: "a"), bytes[end + 1] == UInt8(ascii: "r"),
               bytes[end + 2] == UInt8(ascii: "g") {
                guard body(start, start + 4, false) else { return .stopped }
                index = start + 4
                continue
            }
            var hasDollar = false
            // %N$ then length modifiers, then one conversion.
            while end < count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "$") {
                    hasDollar = true
                } else if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") {
                    break
                }
                end += 1
            }
            // `%#@name@` or `%N$#@name@`: a substitution, read as the parser reads one (a
            // position without a leading zero, a name up to the next `@` without `%`, white
            // space or a `$`); anything else (`%0#@`) is left to the parser.
            if end < count, bytes[end] == UInt8(ascii: "#") {
                if end > start + 1 {
                    guard hasDollar, end - 1 > start + 1, bytes[start + 1] != UInt8(ascii: "0"), bytes[end - 1] == UInt8(ascii: "$"),
                          !UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)]).contains(UInt8(ascii: "$")) else { return .notPlain }
                }
                end += 1
                guard end < count, bytes[end] == UInt8(ascii: "@") else { return .notPlain }
                var close = end + 1
                while close < count, bytes[close] != UInt8(ascii: "@") {
                    switch bytes[close] {
                    case UInt8(ascii: "%"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "$"): return .notPlain
                    default: close += 1
                    }
                }
                guard close < count, close > end + 1 else { return .notPlain }
                end = close + 1
            } else {
                while end < count, bytes[end] == UInt8(ascii: "l") || bytes[end] == UInt8(ascii: "h") || bytes[end] == UInt8(ascii: "q") {
                    end += 1
                }
                guard end < count else { return .notPlain }
                let conversion = bytes[end]
                guard conversion == UInt8(ascii: "@") || conversion == UInt8(ascii: "d") || conversion == UInt8(ascii: "i")
                        || conversion == UInt8(ascii: "u") else { return .notPlain }
                end += 1
            }
            guard body(start, end, hasDollar) else { return .stopped }
            index = end
        }
        return .all
    }
}

extension FormatString {
    /// Whether a translation's and its source's `plainSpecifiers(in:)` lists read the same
    /// arguments the same way: equal as written (with `%arg`, when each reads the same
    /// substitution), or, for texts without substitutions, equal once implicit specifiers are
    /// given the positions they read (`%@ %lld` is `%2$lld %1$@`). A translation in the
    /// positional form of its source, as exports and tools write it, is then told apart from a
    /// mismatch without parsing.
    public static func samePlainReads(_ translation: [Substring], _ source: [Substring],
                                      translationSubstitution: SubstitutionArgument?, sourceSubstitution: SubstitutionArgument?) -> Bool {
        if translation == source { return equalListsReadAlike(source, translationSubstitution: translationSubstitution, sourceSubstitution: sourceSubstitution) }
        return translationSubstitution == nil && sourceSubstitution == nil && argumentReads(of: translation) == argumentReads(of: source)
    }

    /// Whether `translation` reads the same arguments the same way as a source whose
    /// `plainSpecifiers(in:)` list is `plainSource`, told without parsing it: false when its
    /// specifiers are not plain or read otherwise (then parse both to say how).
    public static func readsLikePlainSource(_ translation: String, _ plainSource: [Substring], translationSubstitution: SubstitutionArgument?,
                                            sourceSubstitution: SubstitutionArgument?) -> Bool {
        // Most translations have the source's specifiers in the list's order: compared in place,
        // without making the translation's list. (Equal in this order, the lists are equal: a
        // list is in the text's order, or sorted, and then so is the text.)
        let walked = translation.withUTF8Bytes { bytes -> PlainWalk in
            var matched = 0
            let walk = walkPlainSpecifiers(bytes, readingSubstitution: translationSubstitution != nil) { start, end, _ in
                guard matched < plainSource.count, Self.same(plainSource[matched], UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return false }
                matched += 1
                return true
            }
            return walk == .all && matched < plainSource.count ? .stopped : walk
        }
        switch walked {
        case .all: return equalListsReadAlike(plainSource, translationSubstitution: translationSubstitution, sourceSubstitution: sourceSubstitution)
        case .notPlain: return false
        case .stopped: break
        }
        guard let plain = plainSpecifiers(in: translation, readingSubstitution: translationSubstitution != nil) else { return false }
        return samePlainReads(plain, plainSource, translationSubstitution: translationSubstitution, sourceSubstitution: sourceSubstitution)
    }

    /// Whether a translation and a source with this same list read alike: `%arg` reads each
    /// side's own substitution, so a list with it needs the same one on both.
    private static func equalListsReadAlike(_ list: [Substring], translationSubstitution: SubstitutionArgument?,
                                            sourceSubstitution: SubstitutionArgument?) -> Bool {
        translationSubstitution == sourceSubstitution || !list.contains("%arg")
    }

    /// Whether a specifier as listed has these bytes.
    private static func same(_ listed: Substring, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard listed.utf8.count == bytes.count else { return false }
        // One `memcmp` over the list's storage; the generic `elementsEqual` stepped an iterator.
        if let equal = listed.utf8.withContiguousStorageIfAvailable({ stored in
            stored.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, stored.count) == 0
        }) {
            return equal
        }
        return listed.utf8.elementsEqual(bytes)
    }

    /// The list with implicit specifiers given their positions, sorted.
    private static func argumentReads(of plain: [Substring]) -> [String] {
        // None or all are positional (a mix is no list): all when the first is, and then sorted.
        guard let first = plain.first, !first.utf8.contains(UInt8(ascii: "$")) else { return plain.map(String.init) }
        let reads = plain.enumerated().map { "%\($0.offset + 1)$" + $0.element.dropFirst() }
        return reads.count > 1 ? reads.sorted() : reads
    }
}

extension UInt8 {
    /// A letter, digit or `_`: the `%#@name@` names `FormatString.plainPositionalized` numbers.
    fileprivate var isPlainNameByte: Bool {
        (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A) || (self >= 0x30 && self <= 0x39) || self == 0x5F
    }
}
