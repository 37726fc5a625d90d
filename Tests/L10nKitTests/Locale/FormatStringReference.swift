@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

// The format string parser as it was before the fast paths (commit e5d6c77), kept verbatim as
// the reference that FormatString must agree with.

/// Reads a format string's UTF-16 code units into tokens, specifiers and issues.
struct ReferenceFormatStringParser {
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
                literal.append(units[index])
                index += 1
                continue
            }
            index = readPercent(at: index)
        }
        flushLiteral()
        checkArguments()
    }

    private mutating func flushLiteral() {
        guard !literal.isEmpty else { return }
        tokens.append(.literal(String(decoding: literal, as: UTF16.self)))
        literal = []
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: units[range], as: UTF16.self)
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
            if case .success(let syntax) = ReferenceSpecificationSyntax.read(units, from: next) {
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

        switch ReferenceSpecificationSyntax.read(units, from: next) {
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

    private func hasPrefix(_ ascii: String, at index: Int) -> Bool {
        let prefix = Array(ascii.utf16)
        return index + prefix.count <= units.count && Array(units[index..<index + prefix.count]) == prefix
    }

    /// `%#@name@` or `%n$#@name@`; nil when the text at `start` is not one.
    private mutating func readSubstitutionReference(at start: Int) -> Int? {
        var index = start + 1
        var position: Int?
        var number = 0
        while index < units.count, let digit = units[index].asciiDigit, !(number == 0 && digit == 0) {
            number = min(number * 10 + digit, 1_000_000)
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
        unit == UInt16(ascii: "%") || unit == UInt16(ascii: " ") || unit == UInt16(ascii: "\n")
            || unit == UInt16(ascii: "\t") || unit == UInt16(ascii: "\r")
    }

    private mutating func readSubstitutionArgument(_ substitution: SubstitutionArgument, at start: Int) -> Int {
        let end = start + 4
        let specifier = Array(substitution.formatSpecifier.utf16)
        guard case .success(var syntax) = ReferenceSpecificationSyntax.read(specifier, from: 0, allowsPosition: false),
              syntax.end == specifier.count, syntax.width != .argument(position: nil), syntax.precision != .argument(position: nil),
              let kind = syntax.kind
        else {
            issues.append(FormatIssue(kind: .invalidSubstitutionFormat(substitution.formatSpecifier), range: start..<end))
            literal.append(contentsOf: units[start..<end])
            return end
        }
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
        var kinds: [Int: [FormatArgumentKind]] = [:]
        var firstConflict: [Int: Range<Int>] = [:]
        for specifier in specifiers {
            var reads: [(Int, FormatArgumentKind)] = []
            if let width = specifier.widthArgument { reads.append((width, .signedInteger(.int))) }
            if let precision = specifier.precisionArgument { reads.append((precision, .signedInteger(.int))) }
            reads.append((specifier.argument, specifier.kind))
            for (argument, kind) in reads where !(kinds[argument]?.contains(kind) ?? false) {
                if kinds[argument] != nil, firstConflict[argument] == nil { firstConflict[argument] = specifier.range }
                kinds[argument, default: []].append(kind)
            }
        }
        for (argument, range) in firstConflict.sorted(by: { $0.key < $1.key }) {
            issues.append(FormatIssue(kind: .conflictingKinds(argument: argument, kinds[argument]!), range: range))
        }
        issues.sort { $0.range.lowerBound < $1.range.lowerBound }
    }
}

/// `FormatSpecificationSyntax.read` as it was.
enum ReferenceSpecificationSyntax {
    static let conversions = FormatSpecificationSyntax.conversions
    static let flagCharacters = FormatSpecificationSyntax.flagCharacters

    /// Reads the specification that starts after the `%` at `start - 1`.
    static func read(_ units: [UInt16], from start: Int, allowsPosition: Bool = true) -> Result<FormatSpecificationSyntax, FormatSpecificationSyntax.Failure> {
        var syntax = FormatSpecificationSyntax()
        var index = start
        let count = units.count
        func digits() -> Int? {
            var value = 0
            var seen = false
            while index < count, let digit = units[index].asciiDigit {
                value = min(value * 10 + digit, 1_000_000)
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
        for modifier in ["hh", "h", "ll", "l", "q", "L", "z", "t", "j"] {
            let utf16 = Array(modifier.utf16)
            if index + utf16.count <= count, Array(units[index..<index + utf16.count]) == utf16 {
                syntax.lengthModifier = modifier
                index += utf16.count
                break
            }
        }
        guard index < count else { return .failure(.truncated) }
        guard conversions.contains(units[index]) else { return .failure(.unknownConversion(at: index)) }
        syntax.conversion = units[index]
        syntax.end = index + 1
        return .success(syntax)
    }

}

/// `FormatString.mayBeEquivalent` as it was before it compared bytes in place (commit c512109):
/// the oracle while the byte loop is young.
func referenceMayBeEquivalent(_ first: String, _ second: String, substitution: SubstitutionArgument? = nil) -> Bool {
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
    var a = first.utf8.makeIterator(), b = second.utf8.makeIterator()
    while true {
        var x = a.next()
        while let byte = x, isSkipped(byte) { x = a.next() }
        var y = b.next()
        while let byte = y, isSkipped(byte) { y = b.next() }
        guard x == y else { return (x ?? 0) >= 0x80 || (y ?? 0) >= 0x80 }
        if x == nil { return true }
    }
}
