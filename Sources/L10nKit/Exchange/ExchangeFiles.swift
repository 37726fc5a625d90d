import Foundation

/// The files of a project that export and import exchange with translators.
///
/// The app's catalogs and legacy tables are covered; files in vendor folders, the SDK layer's
/// catalog and manifest layers outside the root not marked writable are not: they are read-only, and an SDK key gets its app-side value in the
/// app's editor-table catalog instead (`editorCatalogPath`).
public struct ExchangeFiles: Sendable {
    /// A legacy table with the locale its source text is read from.
    public struct Table: Sendable {
        public var table: StringsTable
        /// The development language, or `Base` when the table has no file for it.
        public var sourceLocale: String
        public var sourceFile: StringsFile

        /// The `<file original>` Xcode gives the table: its source-language file.
        public var originalPath: String { table.path(locale: sourceLocale) }
    }

    /// Catalogs the app owns, in path order.
    public var catalogs: [CatalogFile]
    /// Legacy tables the app owns that have a source-language (or `Base`) file.
    public var tables: [Table]
    /// The SDK layer's catalog, when the lookup chain has one.
    public var sdkCatalog: CatalogFile?
    /// Where SDK keys get their app-side translations: the catalog of the app's editor-table
    /// layer, or `<app folder>/IMGLYEditor.xcstrings` when the app has no such layer yet (an
    /// import creates it). Nil without an SDK layer, or when the app's editor layer is a legacy table.
    public var editorCatalogPath: String?
    /// SDK keys that no app layer defines, in Xcode's key order: on a device they render the SDK's values.
    public var sdkOnlyKeys: [String]
    /// Catalogs of the main bundle that the lookup chain never reads.
    public var ignoredCatalogPaths: Set<String>

    public init(project: Project) {
        let sdkLayer = project.lookupChain.sdkLayer
        sdkCatalog = sdkLayer?.catalogPath.flatMap { project.catalog(atPath: $0) }
        catalogs = project.catalogs.filter { project.ownsCatalog(atPath: $0.path) }
        tables = project.stringsTables.compactMap { table in
            guard !ProjectDiscovery.isVendorPath(table.path(locale: project.sourceLanguage)) else { return nil }
            for locale in [project.sourceLanguage, "Base"] {
                if let file = table.files[locale] { return Table(table: table, sourceLocale: locale, sourceFile: file) }
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
            let name = sdkLayer.table + ".xcstrings"
            editorCatalogPath = project.app.folder.isEmpty ? name : project.app.folder + "/" + name
        }
        sdkOnlyKeys = sdkCatalog.catalog.orderedKeys.filter { key in
            !project.lookupChain.appLayers.contains { project.layer($0, contains: key) }
        }
    }

    /// The app catalog at a project-relative path.
    public func catalog(atPath path: String) -> CatalogFile? {
        catalogs.first { $0.path == path }
    }

    /// The legacy table whose files include `path` (any locale's `.lproj`).
    public func table(forPath path: String) -> Table? {
        guard path.hasSuffix(".strings") else { return nil }
        let lproj = (path as NSString).deletingLastPathComponent
        guard lproj.hasSuffix(".lproj") else { return nil }
        let folder = (lproj as NSString).deletingLastPathComponent
        let name = String((path as NSString).lastPathComponent.dropLast(".strings".count))
        return tables.first { $0.table.folder == folder && $0.table.table == name }
    }
}
