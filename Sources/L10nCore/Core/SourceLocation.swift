/// A position in an input file, 1-based, as compilers print it; line 0 stands for the whole file
/// (an error about the file itself has no position, and none is made up).
///
/// 24 bytes: the line and column are kept in 32 bits (a file of more than two billion lines is
/// not read into memory), since an import holds a location for each of hundreds of thousands of
/// units and their outcomes.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    /// The whole file, without a position.
    public init(file: String) {
        self.init(file: file, line: 0, column: 0)
    }

    /// Whether this names the file only, not a position in it.
    public var isWholeFile: Bool { line < 1 }

    public var description: String { isWholeFile ? file : "\(file):\(line):\(column)" }
}

/// An error about user input: what went wrong, where, and what to do about it.
///
/// Every reader throws these so the command line can print `file:line:col: error: message`.
public protocol LocatedError: Error, CustomStringConvertible, Sendable {
    var location: SourceLocation? { get }
    var message: String { get }
    /// What the user can do about it, or nil.
    var hint: String? { get }
}

extension LocatedError {
    public var hint: String? { nil }

    public var description: String {
        var text = location.map { "\($0): error: " } ?? "error: "
        text += message
        if let hint { text += "\n  hint: \(hint)" }
        return text
    }
}

/// The kind of a `FormatError`: one enum per input format, naming the format it belongs to.
public protocol LocatedErrorKind: Hashable, Sendable {
    /// The input format, as messages name it (`XLIFF`, `JSON`, `.strings`).
    static var format: String { get }
}

/// The one located error type of every reader and check of input: the format (from the kind's
/// type), the kind of problem, where, what went wrong and what to do about it. Each format names
/// its own (`XLIFFError` is `FormatError<XLIFFErrorKind>`), so a caller can still catch one format.
public struct FormatError<Kind: LocatedErrorKind>: LocatedError, Hashable {
    public var kind: Kind
    public var location: SourceLocation?
    public var message: String
    public var hint: String?

    public init(_ kind: Kind, _ message: String, at location: SourceLocation?, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.hint = hint
    }

    /// The input format the error is about.
    public var format: String { Kind.format }
}

/// The kind of an `InputError`: a problem of a file that needs no format of its own.
public enum InputErrorKind: LocatedErrorKind {
    /// The file could not be read or written, or its input was refused.
    case input
    public static let format = "input"
}

/// A located error that needs no type of its own (I/O failures, refusals).
public typealias InputError = FormatError<InputErrorKind>

extension FormatError where Kind == InputErrorKind {
    public init(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        self.init(.input, message, at: location, hint: hint)
    }

    /// An error about a whole file (`PATH: error: message`), without a position.
    public init(file: String, _ message: String, hint: String? = nil) {
        self.init(message, at: SourceLocation(file: file), hint: hint)
    }
}
