import L10nCore
/// A property list value as read from XML, keeping dictionary order and the text of numbers,
/// dates and data as written, so that writing it back changes nothing that was not edited.
public indirect enum PropertyListValue: Equatable, Sendable {
    case string(String)
    /// `<integer>` with its text as written (e.g. `42`, `-0x1F`).
    case integer(String)
    /// `<real>` with its text as written.
    case real(String)
    case boolean(Bool)
    /// `<date>` with its ISO 8601 text as written.
    case date(String)
    /// `<data>` with its Base64 text as written, line breaks and indentation included.
    case data(String)
    case array([PropertyListValue])
    case dictionary(PropertyListDictionary)

    /// The string, when this is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The dictionary, when this is one.
    public var dictionary: PropertyListDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The element name this value is written with, for messages.
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .real: return "real"
        case .boolean: return "boolean"
        case .date: return "date"
        case .data: return "data"
        case .array: return "array"
        case .dictionary: return "dict"
        }
    }
}

/// A property list dictionary: members in the order they were read, each with the location of
/// its `<key>` (nil for members added in memory). Equality ignores locations.
public struct PropertyListDictionary: Equatable, Sendable {
    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: PropertyListValue
        public var location: SourceLocation?

        public init(key: String, value: PropertyListValue, location: SourceLocation? = nil) {
            self.key = key
            self.value = value
            self.location = location
        }

        public static func == (lhs: Member, rhs: Member) -> Bool {
            lhs.key == rhs.key && lhs.value == rhs.value
        }
    }

    public var members: [Member]

    public init(_ members: [Member] = []) {
        self.members = members
    }

    public var keys: [String] { members.map(\.key) }
    public var isEmpty: Bool { members.isEmpty }

    /// The member for `key` (the last one, should a file repeat a key, as Foundation reads it).
    public func member(_ key: String) -> Member? {
        members.last { $0.key == key }
    }

    /// Reading gives the value of `key`; writing replaces it where it stands, appends a new key
    /// at the end, and removes the key when set to nil.
    public subscript(key: String) -> PropertyListValue? {
        get { member(key)?.value }
        set {
            guard let newValue else {
                members.removeAll { $0.key == key }
                return
            }
            if let index = members.lastIndex(where: { $0.key == key }) {
                members[index].value = newValue
            } else {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Inserts a new member before the first existing one for which `isAfter` holds, or at the end.
    public mutating func insert(_ key: String, _ value: PropertyListValue, before isAfter: (String) -> Bool) {
        if let index = members.firstIndex(where: { isAfter($0.key) }) {
            members.insert(Member(key: key, value: value), at: index)
        } else {
            members.append(Member(key: key, value: value))
        }
    }
}
