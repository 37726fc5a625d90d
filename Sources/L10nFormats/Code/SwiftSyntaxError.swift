import L10nCore
/// Why a Swift file could not be tokenized, and where. The compiler would reject the file too;
/// discovery reports it as a warning and leaves the file out.
public typealias SwiftSyntaxError = FormatError<SwiftSyntaxErrorKind>

/// What is wrong with a Swift file.
public enum SwiftSyntaxErrorKind: LocatedErrorKind {
    /// A string literal has no closing delimiter; located at its opening quote.
    case unterminatedString
    /// A `/*` comment (nested ones counted) has no `*/`; located at the outermost `/*`.
    case unterminatedComment
    /// Interpolations nested deeper than `SwiftTokenizer.maximumInterpolationDepth`; located at the `\(` too deep.
    case nestingTooDeep

    public static let format = "Swift"

    /// What went wrong, for the error's message.
    public var message: String {
        switch self {
        case .unterminatedString: return "unterminated string literal"
        case .unterminatedComment: return "unterminated comment: '/*' without '*/'"
        case .nestingTooDeep: return "string interpolations nested more than \(SwiftTokenizer.maximumInterpolationDepth) deep"
        }
    }

    /// What to do about it.
    public var hint: String? {
        switch self {
        case .unterminatedString: return "close the string (a quote inside a plain string is written \\\"); the file does not compile as it is"
        case .unterminatedComment: return "close the comment with */ (block comments nest in Swift: every /* needs its own */)"
        case .nestingTooDeep: return "move the inner expressions into local constants"
        }
    }
}

extension FormatError where Kind == SwiftSyntaxErrorKind {
    public init(_ kind: Kind, at location: SourceLocation) {
        self.init(kind, kind.message, at: location, hint: kind.hint)
    }
}
