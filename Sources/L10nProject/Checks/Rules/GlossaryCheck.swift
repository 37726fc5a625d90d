import Foundation

/// A translation whose source uses a glossary term but that does not use the term's agreed
/// translation, so brand words drift between related labels.
public struct GlossaryCheck: Check {
    public static let id = "glossary"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A translation does not use the manifest glossary's translation of a term its source contains"
    public static let hint = "use the glossary's term, or change the glossary in l10n.json"

    static let manifest = ExampleFile.text(#"{ "glossary": { "Sticker": { "de": "Sticker", "fr": "Autocollant" } } }"#)
    public static let triggeringExamples: [CheckExample] = [
        .app("'Sticker' translated as 'Aufkleber'", localizable: ["stickers": ["en": "Sticker Packs", "de": "Aufklebersammlung"]],
             more: ["l10n.json": manifest]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("The glossary's term is used", localizable: ["stickers": ["en": "Sticker Packs", "de": "Stickerpakete"]],
             more: ["l10n.json": manifest]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        let glossary = context.project.manifest.glossary
        guard !glossary.isEmpty else { return [] }
        let terms = glossary.keys.sorted()
        var result: [Finding] = []
        context.appCatalogUnits { file, key, locale, leaf in
            guard locale != file.catalog.sourceLanguage, !leaf.unit.value.isEmpty else { return }
            let source = CheckContext.sourceText(in: file.catalog, key: key, path: leaf.path).text
            for term in terms {
                guard let expected = glossary[term]?[locale], Self.contains(source, term),
                      !Self.contains(leaf.unit.value, expected) else { continue }
                result.append(finding(file: file.path, key: key, locale: locale,
                                      message: "\(PlaceholderMismatchCheck.describe(key, leaf.path)) [\(locale)] \(CheckContext.quoted(leaf.unit.value)) does not use '\(expected)' for the glossary term '\(term)'"))
            }
        }
        return result
    }

    /// Whether `text` contains `term`, ignoring case and width.
    static func contains(_ text: String, _ term: String) -> Bool {
        text.range(of: term, options: [.caseInsensitive, .widthInsensitive]) != nil
    }
}
