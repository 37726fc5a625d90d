import L10nCore
import L10nFormats
import L10nLocale

/// A catalog value that reads `%#@NAME@` where its localization defines no substitution `NAME`:
/// substitutions belong to each locale, so the text has nothing to put there (Xcode reports a
/// reference to an undefined substitution). Seen after an import that applied a translated
/// value but refused its substitution's forms.
public struct UndefinedSubstitutionCheck: Check {
    public static let id = "undefined-substitution"
    public static let defaultSeverity = Severity.error
    public static let summary = "A catalog value uses a %#@substitution@ that its localization does not define"
    public static let hint = "define the substitution under this locale: export the key again and translate its forms"

    public static let triggeringExamples: [CheckExample] = [
        .app("German reads %#@items@ but defines no substitution",
             localizable: ["items": ["en": "There %#@items@", "en/substitutions/items/plural/one": "%arg item",
                                     "en/substitutions/items/plural/other": "%arg items", "de": "Es gibt %#@items@"]]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("German defines its own substitution",
             localizable: ["items": ["en": "There %#@items@", "en/substitutions/items/plural/one": "%arg item",
                                     "en/substitutions/items/plural/other": "%arg items", "de": "Es gibt %#@items@",
                                     "de/substitutions/items/plural/one": "%arg Ding", "de/substitutions/items/plural/other": "%arg Dinge"]]),
        .app("An @ that is no substitution", localizable: ["mail": ["en": "Write to help@example.com", "de": "Schreib an help@example.com"]]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        context.appUnitsInPlace { file, unit in
            // Most values hold no `%#@`: settled on their bytes before anything is parsed or copied.
            guard Self.mayReferenceSubstitution(unit.value) else { return }
            let names = FormatString(unit.value, substitution: nil).substitutionNames
            guard !names.isEmpty else { return }
            let key = unit.key, locale = unit.locale, leaf = unit.leaf
            let defined = file.catalog.entries[key]?.localizations?[locale]?.substitutions ?? [:]
            for name in names where defined[name] == nil {
                result.append(finding(file: file.path, key: key, locale: locale,
                                      message: "\(PlaceholderMismatchCheck.describe(key, leaf.path)) [\(locale)] \(CheckContext.quoted(leaf.unit.value)) uses %#@\(name)@, which its '\(locale)' localization does not define: the text has nothing to show there"))
            }
        }
        return result
    }

    /// Whether the text holds `#@` (every substitution reference does), asked of its bytes.
    static func mayReferenceSubstitution(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "@") && previous == UInt8(ascii: "#") { return true }
            previous = byte
        }
        return false
    }
}
