import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// A catalog value that reads `%#@NAME@` where its localization defines no substitution `NAME`:
/// substitutions belong to each locale, so the text has nothing to put there (Xcode reports a
/// reference to an undefined substitution). Seen after an import that applied a translated
/// value but refused its substitution's forms. In a legacy `.stringsdict`, a format key (or a
/// form) that names a variable its key does not define, likewise.
public struct UndefinedSubstitutionCheck: Check {
    public static let id = "undefined-substitution"
    public static let defaultSeverity = Severity.error
    public static let summary = "A catalog value or .stringsdict format uses a %#@substitution@ that its localization or key does not define"
    public static let hint = "define the substitution under this locale: export the key again and translate its forms"

    public static let triggeringExamples: [CheckExample] = [
        .app("German reads %#@items@ but defines no substitution",
             localizable: ["items": ["en": "There %#@items@", "en/substitutions/items/plural/one": "%arg item",
                                     "en/substitutions/items/plural/other": "%arg items", "de": "Es gibt %#@items@"]]),
        .app("A German .stringsdict format names a variable the key does not define", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Colors.stringsdict": .plurals(key: "%ld colors", variable: "colors", valueType: "ld",
                                                              forms: ["one": "%ld color", "other": "%ld colors"]),
                    "App/de.lproj/Colors.stringsdict": .text(UndefinedSubstitutionCheck.germanColors(format: "%#@farben@"))]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("German defines its own substitution",
             localizable: ["items": ["en": "There %#@items@", "en/substitutions/items/plural/one": "%arg item",
                                     "en/substitutions/items/plural/other": "%arg items", "de": "Es gibt %#@items@",
                                     "de/substitutions/items/plural/one": "%arg Ding", "de/substitutions/items/plural/other": "%arg Dinge"]]),
        .app("An @ that is no substitution", localizable: ["mail": ["en": "Write to help@example.com", "de": "Schreib an help@example.com"]]),
        .app("A German .stringsdict format names its own variable", localizable: ["x": ["en": "x"]],
             more: ["App/en.lproj/Colors.stringsdict": .plurals(key: "%ld colors", variable: "colors", valueType: "ld",
                                                              forms: ["one": "%ld color", "other": "%ld colors"]),
                    "App/de.lproj/Colors.stringsdict": .text(UndefinedSubstitutionCheck.germanColors(format: "%#@colors@"))]),
    ]

    /// A German `.stringsdict` for the key `%ld colors` whose format key is `format`.
    static func germanColors(format: String) -> String {
        var file = Stringsdict()
        file.setFormat(format, forKey: "%ld colors")
        file.setValue("%ld Farbe", forKey: "%ld colors", variable: "colors", category: "one", valueType: "ld")
        file.setValue("%ld Farben", forKey: "%ld colors", variable: "colors", category: "other", valueType: "ld")
        return String(decoding: StringsdictWriter.data(for: file), as: UTF8.self)
    }

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        context.appUnitsInPlace { file, unit in
            // Most values hold no `@` (memchr settles them), and most others name substitutions
            // their localization defines: only a name it lacks has the value parsed.
            let candidates = Self.possibleSubstitutionNames(in: unit.value)
            guard !candidates.isEmpty else { return }
            let key = unit.key, locale = unit.locale, leaf = unit.leaf
            let defined = file.catalog.entries[key]?.localizations?[locale]?.substitutions ?? [:]
            guard candidates.contains(where: { defined[$0] == nil }) else { return }
            for name in FormatString(leaf.unit.value, substitution: nil).substitutionNames where defined[name] == nil {
                result.append(finding(file: file.path, key: key, locale: locale,
                                      message: "\(PlaceholderMismatchCheck.describe(key, leaf.path)) [\(locale)] \(CheckContext.quoted(leaf.unit.value)) uses %#@\(name)@, which its '\(locale)' localization does not define: the text has nothing to show there"))
            }
        }
        // Legacy `.stringsdict` files, the source's included: a key's format and forms name
        // the key's own variables.
        for table in context.appStringsTables {
            for (locale, file) in table.pluralFiles.sorted(by: { $0.key < $1.key }) {
                for entry in file.entries {
                    var texts: [(text: String, place: String, location: SourceLocation?)] = []
                    if let format = entry.formatKey { texts.append((format, Stringsdict.formatKey, entry.location)) }
                    for variable in entry.variables {
                        for item in variable.cases {
                            if let text = item.string { texts.append((text, "%#@\(variable.name)@ \(item.category)", item.location ?? variable.location)) }
                        }
                    }
                    for (text, place, location) in texts {
                        let candidates = Self.possibleSubstitutionNames(in: text)
                        guard candidates.contains(where: { entry.variable($0) == nil }) else { continue }
                        for name in FormatString(text, substitution: nil).substitutionNames where entry.variable(name) == nil {
                            result.append(finding(file: file.path, key: entry.key, locale: locale,
                                                  line: (location ?? entry.location)?.line, column: (location ?? entry.location)?.column,
                                                  message: "\"\(entry.key)\" \(place) [\(locale)] \(CheckContext.quoted(text)) uses %#@\(name)@, which the key does not define as a variable: the text has nothing to show there"))
                        }
                    }
                }
            }
        }
        return result
    }

    /// The `NAME` of every `#@NAME@` in the text: every substitution reference the format
    /// parser reads (`FormatString.substitutionNames`) is among them, so a text whose names
    /// are all defined needs no parse. Read from the UTF-8 bytes; a name ends at `@`, and one
    /// broken by a space, `%` or a line break is none, as for the parser.
    package static func possibleSubstitutionNames(in text: String) -> [String] {
        text.withUTF8Bytes { bytes -> [String] in
            guard let base = bytes.baseAddress, bytes.count >= 3 else { return [] }
            let at = UInt8(ascii: "@")
            var names: [String] = []
            // From one `@` to the next with memchr (`%@` is common; `#@` rare).
            var from = 0
            while from < bytes.count, let found = memchr(base + from, Int32(at), bytes.count - from) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                from = index + 1
                guard index > 0, bytes[index - 1] == UInt8(ascii: "#") else { continue }
                var end = index + 1
                while end < bytes.count, bytes[end] != at, !FormatString.endsSubstitutionName(bytes[end]) { end += 1 }
                guard end < bytes.count, bytes[end] == at, end > index + 1 else { continue }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
                if !names.contains(name) { names.append(name) }
            }
            return names
        }
    }
}
