import Foundation

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
public struct IntentDefinition: Equatable, Sendable {
    public var path: String
    /// The localizable strings in document order, each id once (the first occurrence wins).
    public var strings: [IntentDefinitionString]

    /// Reads the localizable strings of an intent definition. Every dictionary at any depth is
    /// searched, so intents, parameters, response codes, enums and types are all covered without
    /// a list of key names that a newer Xcode could outgrow.
    public static func parse(_ data: Data, path: String) throws -> IntentDefinition {
        let root = try PropertyListXMLReader.parse(data, path: path)
        guard root.dictionary != nil else {
            throw XMLStreamError("an intent definition is a property list whose root is a dict, not a \(root.typeName)",
                                 at: SourceLocation(file: path), hint: "open the file in Xcode's intent editor and save it again")
        }
        var strings: [IntentDefinitionString] = []
        var seen: Set<String> = []
        collect(root, into: &strings, seen: &seen)
        return IntentDefinition(path: path, strings: strings)
    }

    private static func collect(_ value: PropertyListValue, into strings: inout [IntentDefinitionString], seen: inout Set<String>) {
        switch value {
        case .dictionary(let dictionary):
            for member in dictionary.members {
                if member.key.count > 2, member.key.hasSuffix("ID"), let id = member.value.string, !id.isEmpty,
                   let text = dictionary[String(member.key.dropLast(2))]?.string, seen.insert(id).inserted {
                    strings.append(IntentDefinitionString(id: id, text: text, idKey: member.key, location: member.location))
                }
                collect(member.value, into: &strings, seen: &seen)
            }
        case .array(let values):
            for value in values { collect(value, into: &strings, seen: &seen) }
        default:
            break
        }
    }

    /// The base strings of the definition: one entry per string id with its text, no comments
    /// (Xcode exports these units with an empty `<note/>`).
    public func baseStrings(path: String) -> StringsFile {
        var file = StringsFile(path: path, encoding: .utf8)
        for string in strings { file.setValue(string.text, forKey: string.id) }
        return file
    }

    /// A new `<locale>.lproj/<Name>.strings` of an intent definition, laid out as the real ones in
    /// public repositories are (mastodon/mastodon-ios `MastodonIntent/de.lproj/Intents.strings`):
    /// entries sorted by id in code-point order, no comments, a blank line between entries.
    public static func newStringsData(for file: StringsFile) -> Data {
        let entries = file.entries.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
        let text = entries.map { StringsWriter.quoted($0.key) + " = " + StringsWriter.quoted($0.value) + ";\n" }.joined(separator: "\n")
        return file.encoding.encode(text)
    }
}
