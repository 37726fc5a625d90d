import Foundation
import L10nCore
import L10nFormats

/// A small project that shows a check at work: the examples are the check's spec (a test runs
/// every one) and its documentation (`l10n checks ID` prints them).
public struct CheckExample: Sendable {
    /// What the example shows, in one line.
    public var title: String
    /// Project-relative path → file.
    public var files: [String: ExampleFile]

    public init(_ title: String, files: [String: ExampleFile]) {
        self.title = title
        self.files = files
    }

    /// An app on the editor SDK: `App/Info.plist` declaring `declared`, the app's `Localizable`
    /// and `IMGLYEditor` catalogs, and the SDK catalog under `Vendor/`; empty tables are left out.
    public static func editor(_ title: String, declared: [String] = ["en", "de"], sdk: ExampleEntries,
                              localizable: ExampleEntries = [:], editorTable: ExampleEntries = [:],
                              more: [String: ExampleFile] = [:]) -> CheckExample {
        var files: [String: ExampleFile] = [
            "App/Info.plist": .infoPlist(declared: declared),
            "Vendor/IMGLYEditor/IMGLYEditor.xcstrings": .catalog(sdk),
        ]
        if !localizable.isEmpty { files["App/Localizable.xcstrings"] = .catalog(localizable) }
        if !editorTable.isEmpty { files["App/IMGLYEditor.xcstrings"] = .catalog(editorTable) }
        files.merge(more) { _, new in new }
        return CheckExample(title, files: files)
    }

    /// An app without the SDK: Info.plist and one `Localizable` catalog.
    public static func app(_ title: String, declared: [String] = ["en", "de"], localizable: ExampleEntries,
                           more: [String: ExampleFile] = [:]) -> CheckExample {
        var files: [String: ExampleFile] = [
            "App/Info.plist": .infoPlist(declared: declared),
            "App/Localizable.xcstrings": .catalog(localizable),
        ]
        files.merge(more) { _, new in new }
        return CheckExample(title, files: files)
    }

    /// Writes the files under `root` (which must not exist yet or be empty).
    public func write(to root: URL) throws {
        for (path, file) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.data.write(to: url)
        }
    }

    /// The example as `l10n checks ID` prints it: every file, catalogs as one line per value.
    public var description: String {
        var lines = [title]
        for path in files.keys.sorted() {
            lines.append("  \(path)")
            lines += files[path]!.summaryLines.map { "    " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}

/// Catalog entries of an example: key → `locale[/variation path]` → value. A value may start with
/// a state in brackets (`"[needs_review] Rechercher"`); without one it is `translated`.
/// `"de/plural/one"` is a plural case, `"de/substitutions/n/plural/one"` a substitution's case.
public typealias ExampleEntries = [String: [String: String]]

/// One file of an example project.
public enum ExampleFile: Sendable {
    /// A String Catalog with source language `en`.
    case catalog(ExampleEntries)
    /// `Info.plist` with `CFBundleDevelopmentRegion` en and these `CFBundleLocalizations`.
    case infoPlist(declared: [String])
    /// A `.stringsdict` with one entry `key` whose format is the plural variable `%#@variable@`
    /// reading `valueType`, with these forms by category, as `StringsdictWriter` writes it.
    case plurals(key: String, variable: String, valueType: String, forms: [String: String])
    /// Any other file, verbatim (`.strings`, storyboards, `l10n.json`).
    case text(String)

    public var data: Data {
        switch self {
        case .catalog(let entries): return StringCatalogWriter().data(for: Self.catalog(from: entries))
        case .infoPlist(let declared):
            let items = declared.map { "\t\t<string>\($0)</string>\n" }.joined()
            return Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleDevelopmentRegion</key>
            \t<string>en</string>
            \t<key>CFBundleLocalizations</key>
            \t<array>
            \(items)\t</array>
            </dict>
            </plist>

            """.utf8)
        case .plurals(let key, let variable, let valueType, let forms):
            var file = Stringsdict()
            file.setFormat("%#@\(variable)@", forKey: key)
            // `setValue` puts plural categories in CLDR order, whatever order they come in.
            for (category, text) in forms { file.setValue(text, forKey: key, variable: variable, category: category, valueType: valueType) }
            return StringsdictWriter.data(for: file)
        case .text(let text): return Data(text.utf8)
        }
    }

    var summaryLines: [String] {
        switch self {
        case .catalog(let entries):
            var lines: [String] = []
            for key in Collator.xcodeKeyOrder.sorted(Array(entries.keys)) {
                let values = entries[key]!
                if values.isEmpty { lines.append("\"\(key)\" (no localizations)") }
                for path in values.keys.sorted() { lines.append("\"\(key)\" [\(path)] = \"\(values[path]!)\"") }
            }
            return lines
        case .infoPlist(let declared): return ["CFBundleLocalizations: \(declared.joined(separator: ", "))"]
        case .text(let text): return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .plurals: return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    package static func catalog(from entries: ExampleEntries) -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en")
        for (key, values) in entries {
            if catalog.entries[key] == nil { catalog.entries[key] = CatalogEntry(localizations: values.isEmpty ? nil : [:]) }
            for (path, text) in values {
                var components = path.split(separator: "/").map(String.init)
                let locale = components.removeFirst()
                var state = StringUnitState.translated
                var value = text
                if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
                    state = StringUnitState(rawValue: String(text[text.index(after: text.startIndex)..<close]))
                    value = String(text[text.index(after: close)...]).trimmingCharacters(in: .init(charactersIn: " "))
                }
                if components.first == "substitutions", components.count > 1 {
                    var localization = catalog.entries[key]!.localizations?[locale] ?? CatalogLocalization()
                    if localization.substitutions?[components[1]] == nil {
                        localization.substitutions = (localization.substitutions ?? [:])
                            .merging([components[1]: Substitution(argNum: 1, formatSpecifier: "lld")]) { old, _ in old }
                    }
                    catalog.entries[key]!.localizations = (catalog.entries[key]!.localizations ?? [:]).merging([locale: localization]) { _, new in new }
                }
                try? catalog.setStringUnit(value: value, state: state, key: key, locale: locale, path: StringUnitPath(components))
            }
        }
        return catalog
    }
}
