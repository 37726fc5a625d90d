import L10nCore
/// A JSON value that keeps what a round trip needs: object members in the order they were read
/// and numbers as their source lexeme (`1` stays `1`, `1.50` stays `1.50`).
public indirect enum JSONValue: Hashable, Sendable {
    /// Members in order; a well-formed object has no key twice (the reader refuses duplicates).
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// The number exactly as written in the source, e.g. `-0.50e+3`.
    case number(String)
    case bool(Bool)
    case null

    /// The kind of value, for messages such as "expected a string, found an array".
    public var kind: JSONKind {
        switch self {
        case .object: return .object
        case .array: return .array
        case .string: return .string
        case .number: return .number
        case .bool: return .bool
        case .null: return .null
        }
    }

    /// The value of an object's member, or nil when this is not an object or has no such key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members when this is an object.
    public var objectMembers: [(key: String, value: JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The text when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The truth value when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            hasher.combine(0)
            hasher.combine(members.count)
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        case .array(let values):
            hasher.combine(1)
            hasher.combine(values)
        case .string(let text):
            hasher.combine(2)
            hasher.combine(text)
        case .number(let lexeme):
            hasher.combine(3)
            hasher.combine(lexeme)
        case .bool(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .null:
            hasher.combine(5)
        }
    }
}

/// The six kinds of JSON value.
public enum JSONKind: String, Sendable, CustomStringConvertible {
    case object, array, string, number, bool, null

    /// With an article, for messages: "an object", "a string".
    public var description: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

extension JSONValue {
    /// The lexeme when this is a number.
    package var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }

    /// The elements when this is an array.
    package var arrayItems: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
