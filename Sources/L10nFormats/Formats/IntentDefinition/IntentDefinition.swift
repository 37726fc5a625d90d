import Foundation
import L10nCore

/// A localizable string of an intent definition: a `...ID` key holding Xcode's opaque string id
/// (`INIntentTitleID` = `gpCwrM`) beside the key of the same name without `ID` holding the text
/// (`INIntentTitle` = `Configuration`).
public struct IntentDefinitionString: Equatable, Sendable {
    /// The string id: the key of the entry in `<locale>.lproj/<Name>.strings` and of the XLIFF unit.
    public var id: String
    /// The development-language text.
    public var text: String
    /// The key that holds the id (`INIntentParameterDisplayNameID`), for messages.
    public var idKey: String
    /// Where the id's `<key>` is.
    public var location: SourceLocation?
}

/// What an intent definition (`Base.lproj/Intents.intentdefinition`, an XML property list) holds
/// for localization. Xcode exports each string as a unit whose id is the string id and whose
/// source is the text, and writes translations to `<locale>.lproj/<Name>.strings`
/// (`"gpCwrM" = "Bestellen";`); the definition itself is never localized.
public struct IntentDefinition: Equatable, Sendable, FormatReader {
    public var path: String
    /// The localizable strings in document order, each id once (the first occurrence wins), an
    /// enum-dependent text as one string per enum value.
    public var strings: [IntentDefinitionString]

    /// Reads the localizable strings of an intent definition. Every dictionary at any depth is
    /// searched, so intents, parameters, response codes, enums and types are all covered without
    /// a list of key names that a newer Xcode could outgrow.
    ///
    /// A text of an intent that names one of its enum parameters (`‘${visibility}’`) is, as Xcode
    /// localizes it, one string per value of the enum: id `<id>-<value id>` (`apSxMG-dYQ5NN`), the
    /// value's display name in place of the parameter (`‘Public’`). The enum's implicit `unknown`
    /// case (no `INEnumValueIndex`) is never shown, so it is no string and yields none.
    public static func parse(_ data: Data, path: String) throws -> IntentDefinition {
        let root = try PropertyListXMLReader.parse(data, path: path)
        guard let dictionary = root.dictionary else {
            throw XMLStreamError("an intent definition is a property list whose root is a dict, not a \(root.typeName)",
                                 at: SourceLocation(file: path), hint: "open the file in Xcode's intent editor and save it again")
        }
        var collector = Collector(enums: enumValues(of: dictionary))
        collector.collect(root, enumParameters: [:])
        return IntentDefinition(path: path, strings: collector.strings)
    }

    /// A value of an enum as a parameter's text shows it.
    struct EnumValue: Equatable {
        var displayName: String
        var displayNameID: String
    }

    /// The shown values of every enum (`INEnums`), by enum name.
    static func enumValues(of root: PropertyListDictionary) -> [String: [EnumValue]] {
        guard case .array(let enums)? = root["INEnums"] else { return [:] }
        var result: [String: [EnumValue]] = [:]
        for case .dictionary(let definition) in enums {
            guard let name = definition["INEnumName"]?.string, case .array(let values)? = definition["INEnumValues"] else { continue }
            result[name] = values.compactMap { value in
                guard let value = value.dictionary, !isImplicitUnknown(value),
                      let displayName = value["INEnumValueDisplayName"]?.string,
                      let id = value["INEnumValueDisplayNameID"]?.string, !id.isEmpty else { return nil }
                return EnumValue(displayName: displayName, displayNameID: id)
            }
        }
        return result
    }

    /// Xcode's `unknown` case, which every enum gets first, without an index and never shown.
    static func isImplicitUnknown(_ value: PropertyListDictionary) -> Bool {
        value["INEnumValueIndex"] == nil && value["INEnumValueName"]?.string == "unknown"
    }

    /// The enum parameters of one intent, parameter name to enum name: every dictionary below it
    /// with a `...ParameterEnumType` beside a `...ParameterName` (intent and response parameters).
    static func enumParameters(of intent: PropertyListDictionary) -> [String: String] {
        var result: [String: String] = [:]
        func visit(_ value: PropertyListValue) {
            switch value {
            case .dictionary(let dictionary):
                for member in dictionary.members {
                    if member.key.hasSuffix("ParameterEnumType"), let enumName = member.value.string,
                       let name = dictionary[String(member.key.dropLast("EnumType".count)) + "Name"]?.string {
                        result[name] = enumName
                    }
                    visit(member.value)
                }
            case .array(let values):
                values.forEach(visit)
            default:
                break
            }
        }
        visit(.dictionary(intent))
        return result
    }

    private struct Collector {
        let enums: [String: [EnumValue]]
        var strings: [IntentDefinitionString] = []
        var seen: Set<String> = []

        mutating func collect(_ value: PropertyListValue, enumParameters: [String: String]) {
            switch value {
            case .dictionary(let dictionary):
                if isImplicitUnknown(dictionary) { return }
                var parameters = enumParameters
                if dictionary["INIntentParameters"] != nil || dictionary["INIntentResponse"] != nil {
                    parameters = IntentDefinition.enumParameters(of: dictionary)
                }
                for member in dictionary.members {
                    if member.key.count > 2, member.key.hasSuffix("ID"), let id = member.value.string, !id.isEmpty,
                       let text = dictionary[String(member.key.dropLast(2))]?.string {
                        add(IntentDefinitionString(id: id, text: text, idKey: member.key, location: member.location), parameters)
                    }
                    collect(member.value, enumParameters: parameters)
                }
            case .array(let values):
                for value in values { collect(value, enumParameters: enumParameters) }
            default:
                break
            }
        }

        /// Adds a string, or one per enum value when its text names exactly one enum parameter
        /// (a text naming two is kept whole: no real definition shows what Xcode does then).
        private mutating func add(_ string: IntentDefinitionString, _ parameters: [String: String]) {
            let named = parameters.keys.filter { string.text.contains("${\($0)}") }
            if named.count == 1, let parameter = named.first, let values = enums[parameters[parameter]!], !values.isEmpty {
                guard seen.insert(string.id).inserted else { return }
                for value in values {
                    var derived = string
                    derived.id = string.id + "-" + value.displayNameID
                    derived.text = string.text.replacingOccurrences(of: "${\(parameter)}", with: value.displayName)
                    if seen.insert(derived.id).inserted { strings.append(derived) }
                }
            } else if seen.insert(string.id).inserted {
                strings.append(string)
            }
        }
    }

    /// The base strings of the definition: one entry per string id with its text, no comments
    /// (Xcode exports these units with an empty `<note/>`).
    public func baseStrings(path: String) -> StringsFile {
        var file = StringsFile(path: path, encoding: .utf8)
        for string in strings { file.setValue(string.text, forKey: string.id) }
        return file
    }

    /// A new `<locale>.lproj/<Name>.strings` of an intent definition, laid out as Xcode generates
    /// them (Xcode 10.1 and 11.6, in kingstinct/active-insulin and cyanzhong/SiriKitBug): entries
    /// sorted by id in code-point order, no comments, a blank line after each entry, the last too.
    public static func newStringsData(for file: StringsFile) -> Data {
        let entries = file.entries.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
        let text = entries.map { StringsWriter.quoted($0.key) + " = " + StringsWriter.quoted($0.value) + ";\n\n" }.joined()
        return file.encoding.encode(text)
    }
}
