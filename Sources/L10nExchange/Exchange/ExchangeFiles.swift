import Foundation
import L10nCore
import L10nFormats
import L10nProject

/// The files of a project that export and import exchange with translators.
///
/// The app's catalogs and legacy tables are covered; files in vendor folders, the SDK layer's
/// catalog and manifest layers outside the root not marked writable are not: they are read-only, and an SDK key gets its app-side value in the
/// app's editor-table catalog instead (`editorCatalogPath`).
public struct ExchangeFiles: Sendable {
    /// A legacy table with the locale its source text is read from.
    public struct Table: Sendable {
        public let table: StringsTable
        /// The development language, or `Base` when the table has no file for it.
        public let sourceLocale: String
        public var sourceFile: StringsFile
        /// For the strings files of a Base document (a storyboard, XIB or intent definition): the
        /// document's path. `sourceFile` is then the base strings made of it (what ibtool would
        /// generate for a storyboard; the string ids and texts of an intent definition).
        public let documentPath: String?
        /// What kind of document `documentPath` is.
        public var documentKind: DocumentKind?
        /// For the app's legacy editor table (`IMGLYEditor.strings`): the SDK keys no app layer
        /// defines, added to `sourceFile` with the SDK's source text and comment, so that export
        /// hands them out and import writes their translations into the table's locale files.
        public var sdkKeys: Set<String> = []
        /// The document's bytes as read (an `.xcloc` bundle's source contents copy them).
        public var documentData: Data?

        /// The `<file original>` Xcode gives the table: its source-language file, or the Base
        /// document. Made once, from the three fields it depends on (fixed when the table is
        /// made), not built on every read: an import reads it for every unit.
        public let originalPath: String

        init(table: StringsTable, sourceLocale: String, sourceFile: StringsFile, documentPath: String? = nil,
             documentKind: DocumentKind? = nil, documentData: Data? = nil) {
            self.table = table
            self.sourceLocale = sourceLocale
            self.sourceFile = sourceFile
            self.documentPath = documentPath
            self.documentKind = documentKind
            self.documentData = documentData
            // An Info.plist's table is named as Xcode names it, by its development-language file.
            originalPath = documentKind == .infoPlist ? table.path(locale: sourceLocale) : documentPath ?? table.path(locale: sourceLocale)
        }

        /// Whether the table is a storyboard's or XIB's: its locale files are written in ibtool's layout.
        public var isInterfaceBuilder: Bool { documentKind == .interfaceBuilder }
        /// Whether the table is an intent definition's.
        public var isIntentDefinition: Bool { documentKind == .intentDefinition }
        /// Whether the table is the one Xcode synthesizes from an Info.plist.
        public var isInfoPlist: Bool { documentKind == .infoPlist }
        /// Whether the table's source is the SDK keys alone: the app has no development-language file of it.
        public var isSDKKeysOnly: Bool { !sdkKeys.isEmpty && sdkKeys.count == sourceFile.entries.count }
        /// Whether the table's source texts live in a Base document that l10n never writes.
        public var hasBaseDocument: Bool { documentPath != nil }
    }

    /// The kinds of Base documents whose translations Xcode keeps in `<locale>.lproj/<Name>.strings`.
    public enum DocumentKind: Sendable {
        /// A storyboard or XIB: ids `<ObjectID>.<property>`, notes ibtool's comments.
        case interfaceBuilder
        /// An intent definition: ids Xcode's string ids (`gpCwrM`), empty notes.
        case intentDefinition
        /// An Info.plist without a development-language `InfoPlist.strings`: ids its localizable
        /// keys (`CFBundleName`), notes Xcode's names of them (`InfoPlistStrings.notes`).
        case infoPlist
    }

    /// A legacy table's `.stringsdict` files with the locale their source text is read from.
    public struct PluralTable: Sendable {
        public var table: StringsTable
        /// The development language, or `Base` when the table has no `.stringsdict` for it.
        public var sourceLocale: String
        public var sourceFile: Stringsdict

        /// The `<file original>` Xcode gives it: the source-language `.stringsdict`.
        public var originalPath: String { table.pluralPath(locale: sourceLocale) }

        /// The `.strings` file of the same table and locale, whose comments Xcode exports as the notes.
        public var noteFile: StringsFile? { table.files[sourceLocale] }

        /// The units for a target locale (`target` its `.stringsdict`, nil when it has none).
        public func units(locale: String, target: Stringsdict?) -> [ExchangeUnit] {
            StringsdictUnits.units(source: sourceFile, target: target, notes: noteFile,
                                   localeCategories: CatalogUnits(locale: locale).pluralCategories?.map(\.rawValue))
        }
    }

    /// Catalogs the app owns, in path order.
    public var catalogs: [CatalogFile]
    /// Legacy tables the app owns that have a source-language (or `Base`) file; not those a
    /// storyboard, XIB or intent definition of `interfaceTables` or `intentTables` owns.
    public var tables: [Table]
    /// The app's storyboards and XIBs in a `Base.lproj` folder, each as the table of its
    /// `<locale>.lproj/<Name>.strings` files, in path order. Export and import treat them as Xcode
    /// does: units `<ObjectID>.<property>` under the document's path, values in the locale's strings file.
    public var interfaceTables: [Table]
    /// The app's intent definitions in a `Base.lproj` folder, each as the table of its
    /// `<locale>.lproj/<Name>.strings` files, in path order: units `<string id>` under the
    /// definition's path, values in the locale's strings file, as Xcode exports and imports them.
    public var intentTables: [Table]
    /// The `InfoPlist.strings` tables Xcode synthesizes from Info.plist files that have
    /// localizable string keys and whose bundle has no `InfoPlist` table (`infoPlistTables(_:tables:)`
    /// says which), in path order: units the plist's keys under
    /// `<folder>/<development language>.lproj/InfoPlist.strings`, values in the locale's file.
    public var infoPlistTables: [Table] = []
    /// Legacy tables the app owns that have a source-language (or `Base`) `.stringsdict`.
    public var pluralTables: [PluralTable]
    /// Storyboards, XIBs and intent definitions that could not be read, with the reason (their
    /// units are neither exported nor importable).
    public var unreadableInterfaceFiles: [String: String]
    /// The SDK layer's catalog, when the lookup chain has one.
    public var sdkCatalog: CatalogFile?
    /// Where SDK keys get their app-side translations: the catalog of the app's editor-table
    /// layer, or `<app folder>/IMGLYEditor.xcstrings` when the app has no such layer yet (an
    /// import creates it). Nil without an SDK layer, or when the app's editor layer is a legacy table.
    public var editorCatalogPath: String?
    /// SDK keys that no app layer defines, in Xcode's key order: on a device they render the SDK's values.
    /// A legacy layer defines the keys of its development-language file (all its files' without
    /// one), as `check` counts them: a key only a translation has is still the SDK's to the others.
    public var sdkOnlyKeys: [String]
    /// The `<file original>` of the app's legacy editor table (`<app>/<dev>.lproj/IMGLYEditor.strings`),
    /// where SDK keys get their app-side translations when the app's editor layer is a `.strings`
    /// table: a catalog beside it would make Xcode build two `IMGLYEditor.strings`. Nil otherwise.
    public var editorTablePath: String?
    /// Catalogs of the main bundle that the lookup chain never reads.
    public var ignoredCatalogPaths: Set<String>

    public init(project: Project) {
        let sdkLayer = project.lookupChain.sdkLayer
        sdkCatalog = sdkLayer?.catalogPath.flatMap { project.catalog(atPath: $0) }
        catalogs = project.catalogs.filter { project.ownsCatalog(atPath: $0.path) }
        let scanner = InterfaceBuilderScanner()
        (interfaceTables, unreadableInterfaceFiles) = Self.documentTables(project, paths: project.interfaceFiles, kind: .interfaceBuilder) {
            try scanner.scan($0, path: $1).baseStrings(path: $2)
        }
        let intents = Self.documentTables(project, paths: project.intentDefinitionFiles, kind: .intentDefinition) {
            try IntentDefinition.parse($0, path: $1).baseStrings(path: $2)
        }
        intentTables = intents.tables
        unreadableInterfaceFiles.merge(intents.unreadable) { first, _ in first }
        let interfaceFolders = Set((interfaceTables + intentTables).map { $0.table.folder + "/" + $0.table.table })
        tables = project.stringsTables.compactMap { table in
            guard !interfaceFolders.contains(table.folder + "/" + table.table) else { return nil }
            guard !ProjectDiscovery.isVendorPath(table.path(locale: project.sourceLanguage)) else { return nil }
            let titles = project.settingsTitles(of: table)
            for locale in [project.sourceLanguage, "Base"] {
                guard let file = table.files[locale] else { continue }
                return Table(table: table, sourceLocale: locale, sourceFile: titles.map { Self.settingsSource($0, file) } ?? file)
            }
            // A Settings bundle's titles are its source even without a development-language file
            // (the Settings app shows them as the plists write them): check and report count them.
            if let titles, !titles.isEmpty {
                let path = table.path(locale: project.sourceLanguage)
                return Table(table: table, sourceLocale: project.sourceLanguage, sourceFile: Self.settingsSource(titles, StringsFile(path: path, encoding: .utf8)))
            }
            return nil
        }
        infoPlistTables = Self.infoPlistTables(project, tables: tables)
        pluralTables = project.stringsTables.compactMap { table in
            guard !ProjectDiscovery.isVendorPath(table.pluralPath(locale: project.sourceLanguage)) else { return nil }
            for locale in [project.sourceLanguage, "Base"] {
                if let file = table.pluralFiles[locale] { return PluralTable(table: table, sourceLocale: locale, sourceFile: file) }
            }
            return nil
        }
        ignoredCatalogPaths = Set(project.ignoredCatalogs.map(\.path))
        guard let sdkLayer, let sdkCatalog else {
            editorCatalogPath = nil
            sdkOnlyKeys = []
            return
        }
        if let editorLayer = project.lookupChain.appLayers.first(where: { $0.table == sdkLayer.table }) {
            editorCatalogPath = editorLayer.catalogPath
        } else {
            editorCatalogPath = project.editorCatalogToCreate?.catalogPath
        }
        // The app layers' catalogs (and a legacy layer's keys) found once, not once per SDK key (20,000 of them).
        let appLayers = project.lookupChain.appLayers.map { layer in
            (layer: layer, catalog: project.catalog(for: layer), keys: Self.legacyLayerKeys(project, layer))
        }
        sdkOnlyKeys = sdkCatalog.catalog.orderedKeys.filter { key in
            !appLayers.contains { $0.catalog.map { $0.entries[key] != nil } ?? $0.keys?.contains(key) ?? false }
        }
        if let editorLayer = project.lookupChain.appLayers.first(where: { $0.table == sdkLayer.table }), editorLayer.catalogPath == nil,
           let strings = project.stringsTables.first(where: { $0.bundle == editorLayer.bundle && $0.table == editorLayer.table }),
           !ProjectDiscovery.isVendorPath(strings.path(locale: project.sourceLanguage)) {
            editorTablePath = addSDKKeys(to: strings, sdk: sdkCatalog.catalog, project: project)
        }
    }

    /// A legacy layer's keys as `check` counts them: its development-language (or `Base`) file's,
    /// its `.stringsdict`'s, else every file's; nil for a catalog layer.
    private static func legacyLayerKeys(_ project: Project, _ layer: Layer) -> Set<String>? {
        guard project.catalog(for: layer) == nil else { return nil }
        guard let table = project.stringsTables.first(where: { $0.bundle == layer.bundle && $0.table == layer.table }),
              let source = table.sourceFile(sourceLanguage: project.sourceLanguage)?.file else { return project.legacyLayerKeys(layer) }
        var keys = Set(source.keys)
        for file in table.pluralFiles.values { keys.formUnion(file.keys) }
        return keys
    }

    /// Adds the SDK-only keys that have a plain source text (no plural or device variations,
    /// which a `.strings` file cannot hold) to the editor table's source, making the table (with
    /// an empty source at the development language's path) when the app has no source file for
    /// it; returns the table's `<file original>`.
    private mutating func addSDKKeys(to strings: StringsTable, sdk: StringCatalog, project: Project) -> String {
        let index = tables.firstIndex { $0.table.folder == strings.folder && $0.table.table == strings.table } ?? {
            var table = strings
            table.files["Base"] = nil
            let path = table.path(locale: project.sourceLanguage)
            tables.append(Table(table: table, sourceLocale: project.sourceLanguage, sourceFile: StringsFile(path: path, encoding: .utf8)))
            return tables.count - 1
        }()
        for key in sdkOnlyKeys {
            guard let entry = sdk.entries[key], entry.isToTranslate,
                  let localization = entry.localizations?[sdk.sourceLanguage], let unit = localization.stringUnit,
                  !localization.hasVariations, localization.substitutions == nil else { continue }
            tables[index].sourceFile.setValue(unit.value, forKey: key, comment: entry.comment)
            tables[index].sdkKeys.insert(key)
        }
        return tables[index].originalPath
    }

    /// A Settings bundle table's source: the titles its plists show through it, which `check`
    /// and `report` count, each with the development-language file's text (else the title, which
    /// the Settings app shows as written); the file's other keys (the template's "none given")
    /// are shown by nothing.
    private static func settingsSource(_ titles: [String], _ file: StringsFile) -> StringsFile {
        var source = StringsFile(path: file.path, encoding: file.encoding)
        for title in titles {
            let entry = file.entry(forKey: title)
            source.setValue(entry?.value ?? title, forKey: title, comment: entry?.comment)
        }
        return source
    }

    /// The app catalog at a project-relative path.
    public func catalog(atPath path: String) -> CatalogFile? {
        catalogs.first { $0.path == path }
    }

    /// The Base documents of one kind in `Base.lproj` folders outside vendor folders, each read
    /// once for its texts (`baseStrings`: ibtool's for a storyboard or XIB, the string ids of an
    /// intent definition), with the project's `.lproj` strings files of the same name.
    private static func documentTables(_ project: Project, paths: [String], kind: DocumentKind,
                                       baseStrings: (Data, _ path: String, _ stringsPath: String) throws -> StringsFile)
        -> (tables: [Table], unreadable: [String: String]) {
        var tables: [Table] = []
        var unreadable: [String: String] = [:]
        // A document migrated to a String Catalog (`mul.lproj/Main.xcstrings` beside
        // `Base.lproj/Main.storyboard`) has its texts in that catalog, which is exchanged instead.
        let catalogTables = project.catalogTableIDs
        for path in paths.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
            let lproj = (path as NSString).deletingLastPathComponent
            // An intent definition may also be kept in the development language's folder without
            // a Base one (Genshin-Pizza-Helper's `zh-Hans.lproj/AccountIntents.intentdefinition`,
            // translated in `fr.lproj/AccountIntents.strings`): it is the table's source then.
            guard !ProjectDiscovery.isVendorPath(path),
                  (lproj as NSString).lastPathComponent == "Base.lproj"
                    || (kind == .intentDefinition && project.intentDefinitionPath(ofTableIn: (lproj as NSString).deletingLastPathComponent,
                                                                                   named: ((path as NSString).lastPathComponent as NSString).deletingPathExtension) == path)
            else { continue }
            let folder = (lproj as NSString).deletingLastPathComponent
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            guard !catalogTables.contains(Project.tableID(ofFileAt: path, table: name)) else { continue }
            var strings = project.stringsTables.first { $0.folder == folder && $0.table == name }
                ?? StringsTable(bundle: "", table: name, folder: folder, files: [:], lprojNames: project.lprojNames)
            strings.files["Base"] = nil
            if let locale = ProjectDiscovery.lprojLocale(of: path, names: project.lprojNames) { strings.files[locale] = nil }
            do {
                let data = try AtomicFile.read(project.url(forPath: path), shownAs: path)
                let base = try baseStrings(data, path, strings.path(locale: "Base"))
                tables.append(Table(table: strings, sourceLocale: "Base", sourceFile: base, documentPath: path,
                                    documentKind: kind, documentData: data))
            } catch {
                unreadable[path] = "\(error)"
            }
        }
        return (tables, unreadable)
    }

    /// One table per folder holding a discovered `Info.plist` with localizable keys, where the
    /// bundle has no `InfoPlist` table and no `InfoPlist.xcstrings`. l10n does not read which
    /// target a file belongs to, so a table anywhere in the plist's top-level folder (any table,
    /// for a plist at the root) is taken as the bundle's own: an import must not make a second
    /// `InfoPlist.strings` in a target, which Xcode refuses to build. The source file holds the
    /// plist's localizable string values, each under Xcode's note as comment (the comment a new
    /// locale file gets). A plist named otherwise (`Info-notarized.plist`, which Xcode exports as
    /// `Info-notarized-InfoPlist.strings`) and one inside a built bundle (`.framework`,
    /// `.xcframework`, `.bundle`, `.app`, `.appex`, `.xctest`, whose files are not the app's to edit)
    /// get none.
    private static func infoPlistTables(_ project: Project, tables: [Table]) -> [Table] {
        var seen = Set<String>()
        var result: [Table] = []
        let plists = project.infoPlists.filter { plist in
            let components = plist.path.split(separator: "/")
            return components.last == "Info.plist" && !ProjectDiscovery.isVendorPath(plist.path)
                && !components.dropLast().contains { Self.builtBundleExtensions.contains(($0 as NSString).pathExtension) }
        }.sorted { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
        let ownTableFolders = tables.filter { $0.table.table == InfoPlistStrings.table }.map(\.table.folder)
            + project.catalogs.filter { ($0.path as NSString).lastPathComponent == "InfoPlist.xcstrings" && !ProjectDiscovery.isVendorPath($0.path) }
                .map { ($0.path as NSString).deletingLastPathComponent }
        for plist in plists {
            let folder = (plist.path as NSString).deletingLastPathComponent
            let top = folder.split(separator: "/").first.map(String.init)
            guard seen.insert(folder).inserted,
                  !ownTableFolders.contains(where: { other in top == nil || other == top! || other.hasPrefix(top! + "/") })
            else { continue }
            let keys = plist.strings.keys.filter(InfoPlistStrings.isLocalizable)
                .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            guard !keys.isEmpty else { continue }
            var strings = project.stringsTables.first { $0.folder == folder && $0.table == InfoPlistStrings.table }
                ?? StringsTable(bundle: "", table: InfoPlistStrings.table, folder: folder, files: [:], lprojNames: project.lprojNames)
            strings.files["Base"] = nil
            var source = StringsFile(path: strings.path(locale: project.sourceLanguage), encoding: .utf8)
            for key in keys { source.setValue(plist.strings[key]!, forKey: key, comment: InfoPlistStrings.notes[key]) }
            result.append(Table(table: strings, sourceLocale: project.sourceLanguage, sourceFile: source, documentPath: plist.path,
                                documentKind: .infoPlist))
        }
        return result.sorted { $0.originalPath.unicodeScalars.lexicographicallyPrecedes($1.originalPath.unicodeScalars) }
    }

    /// Folders of built bundles, whose Info.plist is not the app's to localize.
    static let builtBundleExtensions: Set<String> = ["framework", "xcframework", "bundle", "app", "appex", "xctest"]

    /// The Info.plist table whose development-language file would be at `path`.
    public func infoPlistTable(forPath path: String) -> Table? {
        infoPlistTables.first { $0.originalPath == path }
    }

    /// The storyboard, XIB or intent definition table whose document is at `path`.
    public func documentTable(forPath path: String) -> Table? {
        (interfaceTables + intentTables).first { $0.documentPath == path }
    }

    /// The storyboard or XIB table whose document is at `path`.
    public func interfaceTable(forPath path: String) -> Table? {
        interfaceTables.first { $0.documentPath == path }
    }

    /// The `.stringsdict` table whose files include `path` (any locale's `.lproj`).
    public func pluralTable(forPath path: String) -> PluralTable? {
        guard let (folder, name) = Self.lprojTable(path, extension: ".stringsdict") else { return nil }
        return pluralTables.first { $0.table.folder == folder && $0.table.table == name }
    }

    /// The legacy table whose files include `path` (any locale's `.lproj`).
    public func table(forPath path: String) -> Table? {
        guard let (folder, name) = Self.lprojTable(path, extension: ".strings") else { return nil }
        return tables.first { $0.table.folder == folder && $0.table.table == name }
    }

    /// The folder and table name of `<folder>/<locale>.lproj/<name><extension>`; nil for any other path.
    private static func lprojTable(_ path: String, extension: String) -> (folder: String, name: String)? {
        guard path.hasSuffix(`extension`) else { return nil }
        let lproj = (path as NSString).deletingLastPathComponent
        guard lproj.hasSuffix(".lproj") else { return nil }
        let folder = (lproj as NSString).deletingLastPathComponent
        return (folder, String((path as NSString).lastPathComponent.dropLast(`extension`.count)))
    }
}
