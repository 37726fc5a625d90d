import Foundation
import L10nCore

/// The rule a `.stringsdict` variable (or entry) varies by.
public enum StringsdictRuleType: Equatable, Hashable, Sendable {
    /// `NSStringPluralRuleType`: CLDR plural categories `zero one two few many other`.
    case plural
    /// `NSStringDeviceSpecificRuleType`: `iphone ipod ipad mac applewatch appletv applevision other`.
    case deviceSpecific
    /// `NSStringVariableWidthRuleType`: widths in ems (`"1"`, `"20"`, ...).
    case variableWidth
    /// A rule type this tool does not know, kept as written.
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "NSStringPluralRuleType": self = .plural
        case "NSStringDeviceSpecificRuleType": self = .deviceSpecific
        case "NSStringVariableWidthRuleType": self = .variableWidth
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .plural: return "NSStringPluralRuleType"
        case .deviceSpecific: return "NSStringDeviceSpecificRuleType"
        case .variableWidth: return "NSStringVariableWidthRuleType"
        case .other(let value): return value
        }
    }
}

/// One case of a rule: a plural category, a device or a width, and its text.
public struct StringsdictCase: Equatable, Sendable {
    public var category: String
    /// Usually a string; a device case may hold a nested dictionary (a plural per device).
    public var value: PropertyListValue
    public var location: SourceLocation?

    public var string: String? { value.string }
}

/// A variable of a format (`%#@files@` names the variable `files`).
public struct StringsdictVariable: Equatable, Sendable {
    public var name: String
    /// `NSStringFormatSpecTypeKey`.
    public var ruleType: StringsdictRuleType
    /// `NSStringFormatValueTypeKey` (`d`, `u`, `lld`, `@`...), nil when absent.
    public var valueType: String?
    /// Every other key of the variable, in file order: the categories.
    public var cases: [StringsdictCase]
    public var location: SourceLocation?

    /// The text of `category`, when present and a string.
    public func value(for category: String) -> String? {
        cases.last { $0.category == category }?.string
    }
}

/// One key of a `.stringsdict`.
public struct StringsdictEntry: Equatable, Sendable {
    public var key: String
    /// `NSStringLocalizedFormatKey`, e.g. `%#@lineCount@`.
    public var formatKey: String?
    /// The dictionaries that carry `NSStringFormatSpecTypeKey`, in file order.
    public var variables: [StringsdictVariable]
    /// Cases of an `NSStringDeviceSpecificRuleType` dictionary directly under the key.
    public var deviceCases: [StringsdictCase]?
    /// Cases of an `NSStringVariableWidthRuleType` dictionary directly under the key.
    public var widthCases: [StringsdictCase]?
    /// Keys of the entry this model does not interpret; they are kept verbatim in the file.
    public var otherKeys: [String]
    public var location: SourceLocation?

    public func variable(_ name: String) -> StringsdictVariable? {
        variables.last { $0.name == name }
    }
}

/// A `.stringsdict` file: a property list whose dictionary order and unknown keys are kept, with
/// a typed view (`entries`) and edits that change only what they name.
public struct Stringsdict: Equatable, Sendable {
    public static let formatKey = "NSStringLocalizedFormatKey"
    public static let specTypeKey = "NSStringFormatSpecTypeKey"
    public static let valueTypeKey = "NSStringFormatValueTypeKey"
    /// CLDR plural categories in their canonical order.
    public static let pluralCategories = ["zero", "one", "two", "few", "many", "other"]

    public var path: String
    /// The whole file; edit it directly for anything the typed methods do not cover.
    public var root: PropertyListDictionary

    public init(path: String = "", root: PropertyListDictionary = PropertyListDictionary()) {
        self.path = path
        self.root = root
    }

    public var keys: [String] { root.keys }

    /// Every key in file order, interpreted.
    public var entries: [StringsdictEntry] {
        root.members.compactMap { member in
            member.value.dictionary.map { Self.entry(member.key, $0, location: member.location) }
        }
    }

    /// Every entry by key (the last of a repeated key, as Foundation reads it), made in one pass:
    /// `entry(forKey:)` searches the members, which for every key of a file grows with keys squared.
    public var entriesByKey: [String: StringsdictEntry] {
        Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func entry(forKey key: String) -> StringsdictEntry? {
        guard let member = root.member(key), let dictionary = member.value.dictionary else { return nil }
        return Self.entry(key, dictionary, location: member.location)
    }

    static func entry(_ key: String, _ dictionary: PropertyListDictionary, location: SourceLocation?) -> StringsdictEntry {
        var entry = StringsdictEntry(key: key, formatKey: nil, variables: [], deviceCases: nil, widthCases: nil,
                                     otherKeys: [], location: location)
        for member in dictionary.members {
            switch (member.key, member.value) {
            case (formatKey, .string(let format)):
                entry.formatKey = format
            case (StringsdictRuleType.deviceSpecific.rawValue, .dictionary(let cases)):
                entry.deviceCases = cases.members.map { StringsdictCase(category: $0.key, value: $0.value, location: $0.location) }
            case (StringsdictRuleType.variableWidth.rawValue, .dictionary(let cases)):
                entry.widthCases = cases.members.map { StringsdictCase(category: $0.key, value: $0.value, location: $0.location) }
            case (_, .dictionary(let variable)) where variable[specTypeKey]?.string != nil:
                entry.variables.append(StringsdictVariable(
                    name: member.key,
                    ruleType: StringsdictRuleType(rawValue: variable[specTypeKey]?.string ?? ""),
                    valueType: variable[valueTypeKey]?.string,
                    cases: variable.members.filter { $0.key != specTypeKey && $0.key != valueTypeKey }
                        .map { StringsdictCase(category: $0.key, value: $0.value, location: $0.location) },
                    location: member.location))
            default:
                entry.otherKeys.append(member.key)
            }
        }
        return entry
    }

    // MARK: Editing

    /// Sets `NSStringLocalizedFormatKey` of `key`, adding the entry (at the end) when missing.
    public mutating func setFormat(_ format: String, forKey key: String) {
        var dictionary = root[key]?.dictionary ?? PropertyListDictionary()
        if dictionary[Self.formatKey] == nil {
            dictionary.members.insert(.init(key: Self.formatKey, value: .string(format)), at: 0)
        } else {
            dictionary[Self.formatKey] = .string(format)
        }
        root[key] = .dictionary(dictionary)
    }

    /// Sets the text of one case of a variable. A missing entry or variable is added (a new
    /// variable as a plural rule with `valueType`); a new plural category goes where CLDR order
    /// puts it, any other category at the end.
    public mutating func setValue(_ text: String, forKey key: String, variable name: String, category: String,
                                  valueType: String? = nil) {
        var dictionary = root[key]?.dictionary ?? PropertyListDictionary()
        var variable = dictionary[name]?.dictionary ?? PropertyListDictionary([
            .init(key: Self.specTypeKey, value: .string(StringsdictRuleType.plural.rawValue)),
        ] + (valueType.map { [.init(key: Self.valueTypeKey, value: .string($0))] } ?? []))
        if variable[category] != nil {
            variable[category] = .string(text)
        } else if let rank = Self.pluralCategories.firstIndex(of: category) {
            variable.insert(category, .string(text)) { existing in
                Self.pluralCategories.firstIndex(of: existing).map { $0 > rank } ?? false
            }
        } else {
            variable[category] = .string(text)
        }
        dictionary[name] = .dictionary(variable)
        root[key] = .dictionary(dictionary)
    }

    /// Removes one case of a variable; returns whether it was there.
    @discardableResult
    public mutating func removeValue(forKey key: String, variable name: String, category: String) -> Bool {
        guard var dictionary = root[key]?.dictionary, var variable = dictionary[name]?.dictionary,
              variable[category] != nil else { return false }
        variable[category] = nil
        dictionary[name] = .dictionary(variable)
        root[key] = .dictionary(dictionary)
        return true
    }

    /// Removes a whole entry; returns whether it was there.
    @discardableResult
    public mutating func removeEntry(forKey key: String) -> Bool {
        guard root[key] != nil else { return false }
        root[key] = nil
        return true
    }
}

/// Reads `.stringsdict` files.
public enum StringsdictReader: FormatReader {
    /// Parses a `.stringsdict`: an XML property list whose root is a dictionary of dictionaries.
    public static func parse(_ data: Data, path: String) throws -> Stringsdict {
        let value = try PropertyListXMLReader.parse(data, path: path)
        guard case .dictionary(let root) = value else {
            throw XMLStreamError("the root of a .stringsdict must be a dict, not \(value.typeName)",
                                 at: SourceLocation(file: path),
                                 hint: "a .stringsdict maps each key to a dict with NSStringLocalizedFormatKey")
        }
        for member in root.members {
            guard case .dictionary(let entry) = member.value else {
                throw XMLStreamError("the value of \"\(member.key)\" must be a dict, not \(member.value.typeName)",
                                     at: member.location, hint: "give the key a dict with NSStringLocalizedFormatKey and its variables")
            }
            if let format = entry.member(Stringsdict.formatKey), format.value.string == nil {
                throw XMLStreamError("NSStringLocalizedFormatKey of \"\(member.key)\" must be a string, not \(format.value.typeName)",
                                     at: format.location, hint: "write the format as <string>%#@variable@</string>")
            }
            for variable in entry.members {
                if case .dictionary(let spec) = variable.value, let type = spec.member(Stringsdict.specTypeKey), type.value.string == nil {
                    throw XMLStreamError("NSStringFormatSpecTypeKey of \"\(member.key)/\(variable.key)\" must be a string",
                                         at: type.location, hint: "write <string>NSStringPluralRuleType</string>")
                }
            }
        }
        return Stringsdict(path: path, root: root)
    }
}

/// Writes `.stringsdict` files in Xcode's property list style.
public enum StringsdictWriter {
    public static func data(for file: Stringsdict) -> Data {
        PropertyListXMLWriter.data(for: .dictionary(file.root))
    }

    @discardableResult
    public static func write(_ file: Stringsdict, to url: URL) throws -> Bool {
        try AtomicFile.writeIfChanged(data(for: file), to: url)
    }
}
