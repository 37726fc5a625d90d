import L10nCore
import L10nFormats
/// The C integer size a length modifier asks `String(format:)` to read.
///
/// On 64-bit Apple platforms `long`, `size_t`, `ptrdiff_t`, `intmax_t` and `long long` are all 64
/// bits, but on watchOS's arm64_32 `long`, `size_t` and `ptrdiff_t` are 32; `hh` and `h` print a
/// truncated value. So any two different sizes are worth a warning, never an error: every integer
/// argument occupies one register or stack slot, nothing shifts.
public enum IntegerSize: String, Sendable, Hashable, CaseIterable {
    /// `hh`
    case char
    /// `h`
    case short
    /// no modifier
    case int
    /// `l`
    case long
    /// `ll` or `q`
    case longLong
    /// `z`
    case size
    /// `t`
    case pointerDifference
    /// `j`
    case intmax
}

/// What kind of value a specifier reads from the argument list, as CoreFoundation's formatter reads it.
public enum FormatArgumentKind: Sendable, Hashable, CustomStringConvertible {
    /// `%@`: an object, described by `description`.
    case object
    /// `%d %i %D` with a length modifier.
    case signedInteger(IntegerSize)
    /// `%u %o %x %X %U %O` with a length modifier.
    case unsignedInteger(IntegerSize)
    /// `%f %F %e %E %g %G %a %A`.
    case double
    /// The same with `L`.
    case longDouble
    /// `%c`: an 8-bit character passed as `int`.
    case character
    /// `%C`: a UTF-16 code unit passed as `int`.
    case unichar
    /// `%s`: a NUL-terminated C string.
    case cString
    /// `%S`: a NUL-terminated UTF-16 string.
    case unicharString
    /// `%p`.
    case pointer
    /// `%#@name@`: the number a substitution's variations are chosen by.
    case substitution(String)

    /// Whether this reads an integer of some size and signedness.
    public var isInteger: Bool {
        switch self {
        case .signedInteger, .unsignedInteger: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .object: return "object"
        case .signedInteger(let size): return "\(size.cName)"
        case .unsignedInteger(let size): return "unsigned \(size.cName)"
        case .double: return "double"
        case .longDouble: return "long double"
        case .character: return "char"
        case .unichar: return "unichar"
        case .cString: return "C string"
        case .unicharString: return "unichar string"
        case .pointer: return "pointer"
        case .substitution(let name): return "substitution \(name)"
        }
    }
}

extension IntegerSize {
    var cName: String {
        switch self {
        case .char: return "char"
        case .short: return "short"
        case .int: return "int"
        case .long: return "long"
        case .longLong: return "long long"
        case .size: return "size_t"
        case .pointerDifference: return "ptrdiff_t"
        case .intmax: return "intmax_t"
        }
    }
}

/// A field width or precision: written in the specifier, or read from an argument (`*`, `*2$`).
public enum FormatAmount: Sendable, Hashable {
    case fixed(Int)
    /// `*` (position nil, the next implicit argument) or `*n$`.
    case argument(position: Int?)
}

/// One conversion specification in an Apple format string: `%@`, `%1$-5.2lld`, `%#@files@`, `%arg`.
public struct FormatSpecifier: Sendable, Hashable {
    /// What the specifier stands for.
    public enum Conversion: Sendable, Hashable {
        /// A printf conversion character: `d`, `@`, `f`, ...
        case character(Character)
        /// `%#@name@`: replaced by a substitution's variation before formatting.
        case substitution(name: String)
        /// `%arg` in a substitution's variation: the substitution's own argument, with the format
        /// specifier the catalog gives it.
        case substitutionArgument(formatSpecifier: String)
    }

    /// The specifier as written.
    public let text: String
    /// Its UTF-16 offsets in the string.
    public let range: Range<Int>
    /// `n` of `%n$…`, or the argument number a catalog gives `%arg`; nil when implicit.
    public let position: Int?
    /// The 1-based argument it reads, explicit or counted the way CoreFoundation counts.
    public let argument: Int
    /// The argument read for a `*` width, if any.
    public let widthArgument: Int?
    /// The argument read for a `*` precision, if any.
    public let precisionArgument: Int?
    /// Flags as written, from `-+ #0'`.
    public let flags: String
    public let width: FormatAmount?
    /// nil without `.`; `.fixed(0)` for `%.f`.
    public let precision: FormatAmount?
    /// `hh h l ll q L z t j` as written, or "".
    public let lengthModifier: String
    public let conversion: Conversion
    public let kind: FormatArgumentKind

    /// The specifier with every argument it reads written as a position: `%@` → `%1$@`,
    /// `%*d` → `%2$*1$d`, `%arg` → `%2$lld`.
    public var positionalText: String {
        var text = "%\(argument)$"
        switch conversion {
        case .substitution(let name):
            return text + "#@\(name)@"
        case .substitutionArgument(let formatSpecifier):
            return text + formatSpecifier
        case .character(let character):
            text += flags
            switch width {
            case .fixed(let value)?: text += String(value)
            case .argument?: text += "*\(widthArgument!)$"
            case nil: break
            }
            switch precision {
            case .fixed(let value)?: text += hasEmptyPrecision ? "." : ".\(value)"
            case .argument?: text += ".*\(precisionArgument!)$"
            case nil: break
            }
            return text + lengthModifier + String(character)
        }
    }

    /// `%.f`: a precision of zero written without digits.
    let hasEmptyPrecision: Bool

    init(text: String, range: Range<Int>, position: Int?, argument: Int, widthArgument: Int?, precisionArgument: Int?,
         flags: String, width: FormatAmount?, precision: FormatAmount?, hasEmptyPrecision: Bool,
         lengthModifier: String, conversion: Conversion, kind: FormatArgumentKind) {
        self.text = text
        self.range = range
        self.position = position
        self.argument = argument
        self.widthArgument = widthArgument
        self.precisionArgument = precisionArgument
        self.flags = flags
        self.width = width
        self.precision = precision
        self.hasEmptyPrecision = hasEmptyPrecision
        self.lengthModifier = lengthModifier
        self.conversion = conversion
        self.kind = kind
    }

    /// The arguments it reads with their kinds, in CoreFoundation's order: a `*` width, a `*`
    /// precision, then the value.
    func forEachRead(_ body: (_ argument: Int, _ kind: FormatArgumentKind) -> Void) {
        if let widthArgument { body(widthArgument, .signedInteger(.int)) }
        if let precisionArgument { body(precisionArgument, .signedInteger(.int)) }
        body(argument, kind)
    }

    /// Whether any argument it reads is given by position.
    public var usesPositions: Bool {
        if position != nil { return true }
        if case .argument(let position?)? = width, position > 0 { return true }
        if case .argument(let position?)? = precision, position > 0 { return true }
        return false
    }

    /// Whether any argument it reads is implicit (counted).
    var usesImplicitArguments: Bool {
        if position == nil { return true }
        if case .argument(nil)? = width { return true }
        if case .argument(nil)? = precision { return true }
        return false
    }
}

/// The syntax of one printf-style specification after `%`, as CoreFoundation reads it:
/// `[n$][flags][width][.precision][length]conversion`.
struct FormatSpecificationSyntax {
    var position: Int?
    var flags = ""
    var width: FormatAmount?
    var precision: FormatAmount?
    var hasEmptyPrecision = false
    var lengthModifier = ""
    var conversion: UInt16 = 0
    /// UTF-16 offset just after the conversion character.
    var end = 0

    enum Failure: Error, Equatable {
        /// The text ends inside the specification.
        case truncated
        /// A character that is no conversion; CoreFoundation prints it and drops the `%`.
        case unknownConversion(at: Int)
    }

    static let conversions: Set<UInt16> = Set("diDouxXOUeEfFgGaAcCsSp@n".utf16)
    /// A larger position, width or precision is read as this one.
    static let largestNumber = 1_000_000
    static let flagCharacters: Set<UInt16> = Set("-+ #0'".utf16)

    /// Reads the specification that starts after the `%` at `start - 1`.
    static func read(_ units: [UInt16], from start: Int, allowsPosition: Bool = true) -> Result<FormatSpecificationSyntax, Failure> {
        var syntax = FormatSpecificationSyntax()
        var index = start
        let count = units.count
        func digits() -> Int? {
            var value = 0
            var seen = false
            while index < count, let digit = units[index].asciiDigit {
                value = min(value * 10 + digit, largestNumber)
                index += 1
                seen = true
            }
            return seen ? value : nil
        }
        func starArgument() -> FormatAmount {
            let mark = index
            if index < count, let first = units[index].asciiDigit, first > 0,
               let number = digits(), index < count, units[index] == UInt16(ascii: "$") {
                index += 1
                return .argument(position: number)
            }
            index = mark
            return .argument(position: nil)
        }

        if allowsPosition, index < count, let first = units[index].asciiDigit, first > 0 {
            let mark = index
            if let number = digits(), index < count, units[index] == UInt16(ascii: "$") {
                syntax.position = number
                index += 1
            } else {
                index = mark
            }
        }
        while index < count, flagCharacters.contains(units[index]) {
            syntax.flags.append(Character(Unicode.Scalar(units[index])!))
            index += 1
        }
        if index < count, units[index] == UInt16(ascii: "*") {
            index += 1
            syntax.width = starArgument()
        } else if let number = digits() {
            syntax.width = .fixed(number)
        }
        if index < count, units[index] == UInt16(ascii: ".") {
            index += 1
            if index < count, units[index] == UInt16(ascii: "*") {
                index += 1
                syntax.precision = starArgument()
            } else if let number = digits() {
                syntax.precision = .fixed(number)
            } else {
                syntax.precision = .fixed(0)
                syntax.hasEmptyPrecision = true
            }
        }
        if index < count {
            let doubled = index + 1 < count && units[index + 1] == units[index]
            switch units[index] {
            case UInt16(ascii: "h"): syntax.lengthModifier = doubled ? "hh" : "h"
            case UInt16(ascii: "l"): syntax.lengthModifier = doubled ? "ll" : "l"
            case UInt16(ascii: "q"): syntax.lengthModifier = "q"
            case UInt16(ascii: "L"): syntax.lengthModifier = "L"
            case UInt16(ascii: "z"): syntax.lengthModifier = "z"
            case UInt16(ascii: "t"): syntax.lengthModifier = "t"
            case UInt16(ascii: "j"): syntax.lengthModifier = "j"
            default: break
            }
            index += syntax.lengthModifier.utf8.count
        }
        guard index < count else { return .failure(.truncated) }
        guard conversions.contains(units[index]) else { return .failure(.unknownConversion(at: index)) }
        syntax.conversion = units[index]
        syntax.end = index + 1
        return .success(syntax)
    }

    var integerSize: IntegerSize {
        switch lengthModifier {
        case "hh": return .char
        case "h": return .short
        case "l": return .long
        case "ll", "q": return .longLong
        case "z": return .size
        case "t": return .pointerDifference
        case "j": return .intmax
        default: return .int
        }
    }

    /// The kind of value read; nil for `%n`, which Apple's formatter refuses to write through.
    var kind: FormatArgumentKind? {
        switch Character(Unicode.Scalar(conversion)!) {
        case "d", "i", "D": return .signedInteger(integerSize)
        case "o", "u", "x", "X", "O", "U": return .unsignedInteger(integerSize)
        case "e", "E", "f", "F", "g", "G", "a", "A": return lengthModifier == "L" ? .longDouble : .double
        case "c": return .character
        case "C": return .unichar
        case "s": return .cString
        case "S": return .unicharString
        case "p": return .pointer
        case "@": return .object
        default: return nil
        }
    }
}

extension UInt16 {
    /// The code unit of an ASCII character.
    init(ascii scalar: Unicode.Scalar) {
        self = UInt16(scalar.value)
    }

    var asciiDigit: Int? {
        self >= 0x30 && self <= 0x39 ? Int(self - 0x30) : nil
    }
}
