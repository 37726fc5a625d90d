import Foundation
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
        return result
    }

    /// The `NAME` of every `#@NAME@` in the text: every substitution reference the format
    /// parser reads (`FormatString.substitutionNames`) is among them, so a text whose names
    /// are all defined needs no parse. Read from the UTF-8 bytes; a name ends at `@`, and one
    /// broken by a space, `%` or a line break is none, as for the parser.
    static func possibleSubstitutionNames(in text: String) -> [String] {
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
