import Foundation
import L10nKit

/// What the stages work on, gathered once from the generated project before anything is timed.
struct BenchInputs {
    /// A file's project-relative path and bytes.
    struct File {
        var path: String
        var data: Data
    }

    /// A text as a check sees it: the value and, inside a substitution, what its `%arg` stands for.
    struct Value {
        var text: String
        var substitution: SubstitutionArgument?
    }

    /// The cases of one plural variation and the locale it is written in.
    struct PluralVariation {
        var locale: String
        var categories: [PluralCategory]
    }

    var catalogs: [File]
    var strings: [File]
    var storyboards: [File]
    var values: [Value]
    var valueBytes: Int
    var pluralVariations: [PluralVariation]
    /// Every locale the project has text for or declares, sorted.
    var locales: [String]

    init(project: Project) throws {
        func read(_ path: String) throws -> File { File(path: path, data: try AtomicFile.read(project.url(forPath: path))) }
        catalogs = try project.catalogs.map { try read($0.path) }
        strings = try project.stringsTables.flatMap { table in try table.locales.map { try read(table.path(locale: $0)) } }
        storyboards = try project.interfaceFiles.map(read)

        var values: [Value] = []
        var plurals: [PluralVariation] = []
        var locales = Set(project.app.availableLocalizations)
        for file in project.catalogs {
            for key in file.catalog.orderedKeys {
                for (locale, localization) in file.catalog.entries[key]?.localizations ?? [:] {
                    locales.insert(locale)
                    Self.collect(localization, locale: locale, substitution: nil, values: &values, plurals: &plurals)
                }
            }
        }
        for table in project.stringsTables {
            for locale in table.locales {
                if locale != "Base" { locales.insert(locale) }
                values += table.files[locale]?.entries.map { Value(text: $0.value, substitution: nil) } ?? []
            }
        }
        self.values = values
        self.valueBytes = values.reduce(0) { $0 + $1.text.utf8.count }
        self.pluralVariations = plurals
        self.locales = locales.sorted()
    }

    private static func collect(_ localization: CatalogLocalization, locale: String, substitution: SubstitutionArgument?,
                                values: inout [Value], plurals: inout [PluralVariation]) {
        if let unit = localization.stringUnit { values.append(Value(text: unit.value, substitution: substitution)) }
        for (_, item) in localization.substitutions?.sorted(by: { $0.key < $1.key }) ?? [] {
            let argument = SubstitutionArgument(number: item.argNum, formatSpecifier: item.formatSpecifier)
            if let variations = item.variations {
                collect(variations, locale: locale, substitution: argument, values: &values, plurals: &plurals)
            }
        }
        if let variations = localization.variations {
            collect(variations, locale: locale, substitution: substitution, values: &values, plurals: &plurals)
        }
    }

    private static func collect(_ variations: CatalogVariations, locale: String, substitution: SubstitutionArgument?,
                                values: inout [Value], plurals: inout [PluralVariation]) {
        if let plural = variations.plural {
            plurals.append(PluralVariation(locale: locale, categories: plural.keys.compactMap(PluralCategory.init(rawValue:))))
        }
        for (_, cases) in variations.kinds.sorted(by: { $0.key < $1.key }) {
            for (_, localization) in cases {
                collect(localization, locale: locale, substitution: substitution, values: &values, plurals: &plurals)
            }
        }
    }

    var catalogBytes: Int { catalogs.reduce(0) { $0 + $1.data.count } }
    var stringsBytes: Int { strings.reduce(0) { $0 + $1.data.count } }
    var storyboardBytes: Int { storyboards.reduce(0) { $0 + $1.data.count } }
}
