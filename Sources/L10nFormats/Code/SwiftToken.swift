import L10nCore
/// One token of Swift source, as `SwiftTokenizer` reads it: enough of Swift's lexical grammar to
/// find calls, their arguments and string literals (comments and whitespace are dropped).
public struct SwiftToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A name or keyword (`Text`, `let`); a backquoted name without its backquotes.
        case identifier(String)
        /// A number literal as written; `isInteger` for one without a fraction or exponent.
        case number(String, isInteger: Bool)
        case string(SwiftStringLiteral)
        /// One of `( ) { } [ ] , : ; .`, and a `#` that starts no raw string or directive.
        case punctuation(UInt8)
        /// A run of operator characters (`=`, `->`, `??`).
        case operatorSymbol(String)
        /// `#if`, `#Preview`, `#selector`: the name after `#`.
        case pound(String)
    }

    public var kind: Kind
    /// 1-based line and column (in UTF-8 bytes, as the Swift compiler counts) of the first character.
    public var line: Int
    public var column: Int

    public init(_ kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// The name, when the token is an identifier.
    public var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    /// The literal, when the token is a string literal.
    public var string: SwiftStringLiteral? {
        if case .string(let literal) = kind { return literal }
        return nil
    }

    /// Whether the token is the punctuation character `ascii`.
    public func isPunctuation(_ ascii: Unicode.Scalar) -> Bool {
        if case .punctuation(let byte) = kind { return byte == UInt8(ascii: ascii) }
        return false
    }
}

/// A string literal's value: its text with escapes resolved and a multi-line literal's
/// indentation removed, split around interpolations, whose tokens are kept for typing them.
public struct SwiftStringLiteral: Sendable, Equatable {
    public enum Segment: Sendable, Equatable {
        case text(String)
        /// `\(…)`: the tokens of the expression inside.
        case interpolation([SwiftToken])
    }

    public var segments: [Segment]
    /// `"""…"""`.
    public var isMultiline: Bool
    /// The number of `#` around a raw string (0 for a plain one).
    public var rawDelimiterCount: Int

    public init(segments: [Segment], isMultiline: Bool = false, rawDelimiterCount: Int = 0) {
        self.segments = segments
        self.isMultiline = isMultiline
        self.rawDelimiterCount = rawDelimiterCount
    }

    /// The text, when the literal has no interpolation.
    public var plainText: String? {
        var text = ""
        for segment in segments {
            guard case .text(let part) = segment else { return nil }
            text += part
        }
        return text
    }
}
