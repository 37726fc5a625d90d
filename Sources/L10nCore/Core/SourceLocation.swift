/// A position in an input file, 1-based, as compilers print it; line 0 stands for the whole file
/// (an error about the file itself has no position, and none is made up).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
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

/// A located error that needs no type of its own (I/O failures, refusals).
public struct InputError: LocatedError {
    public var location: SourceLocation?
    public var message: String
    public var hint: String?

    public init(_ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        self.message = message
        self.location = location
        self.hint = hint
    }

    /// An error about a whole file (`PATH: error: message`), without a position.
    public init(file: String, _ message: String, hint: String? = nil) {
        self.init(message, at: SourceLocation(file: file), hint: hint)
    }
}
