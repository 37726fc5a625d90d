import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// Everything l10n knows about one iOS project, read once by `ProjectDiscovery` and shared by
/// every stage (checks, export, import, reports) so nothing is parsed twice.
public struct Project: Sendable {
    /// The project folder; every `path` below is relative to it, with `/` separators.
    public var root: URL
    /// The language the catalogs are written in (`sourceLanguage` of the app's catalogs).
    public var sourceLanguage: String
    /// The main app bundle: its Info.plist facts and where it lives.
    public var app: AppBundle
    /// Every String Catalog found, in path order.
    public var catalogs: [CatalogFile] {
        didSet { catalogIndexByPath = Self.indexByPath(catalogs) }
    }
    /// Every legacy table (`<locale>.lproj/<Table>.strings`), grouped per bundle and table.
    public var stringsTables: [StringsTable]
    /// Storyboards and XIBs, relative paths.
    public var interfaceFiles: [String]
    /// Intent definitions (`.intentdefinition`), relative paths.
    public var intentDefinitionFiles: [String] = []
    /// The bundles' Info.plist files found in the project (not in vendor folders), in path order,
    /// each with its project-relative `path`: Xcode exchanges their localizable keys as
    /// `InfoPlist.strings` tables.
    public var infoPlists: [InfoPlist] = []
    /// `.lproj` names of the locales the app's catalogs spell another way (`en` → `English`,
    /// `pt-BR` → `pt_BR`): one locale to every check, the folder's name in every path.
    public var lprojNames: [String: String] = [:]
    /// The app's Swift sources (not a vendor's), each scanned once for the keys it references and
    /// the editor labels it sets; a file that does not tokenize is left out with a warning.
    public var swiftSources: [SwiftSource] = []
    /// The order in which the app looks a key up (the CE.SDK chain when the project has one).
    public var lookupChain: LookupChain
    /// Runtime-attribute key paths that name a Localizable key in storyboards.
    public var storyboardKeyPaths: [String]
    /// The project's `l10n.json` (empty when it has none): budgets, check settings, glossary.
    public var manifest: ProjectManifest
    /// The previous SDK version's catalog (`previousSdk` in the manifest), not part of the app.
    public var previousSDK: CatalogFile?
    /// What discovery could not do fully, for the user: unreadable folders, catalogs of an unknown
    /// format version. Commands print them on standard error.
    public var warnings: [String] = []
    /// The stamp of every catalog and table as it was when discovery read it, by path: a write
    /// checks it again under the file's lock, so an update made meanwhile is never overwritten.
    public var fileStamps: [String: FileStamp] = [:]
    /// Paths (`../...`) of the catalogs outside the root that the manifest marks `"writable": true`:
    /// the only files outside the project l10n writes.
    public var writableOutsideRoot: Set<String> = []
    /// The index in `catalogs` of the first catalog at each path, kept up to date with `catalogs`.
    private var catalogIndexByPath: [String: Int]

    init(root: URL, sourceLanguage: String, app: AppBundle, catalogs: [CatalogFile], stringsTables: [StringsTable],
         interfaceFiles: [String], lookupChain: LookupChain, storyboardKeyPaths: [String], manifest: ProjectManifest = ProjectManifest()) {
        self.root = root
        self.sourceLanguage = sourceLanguage
        self.app = app
        self.catalogs = catalogs
        self.stringsTables = stringsTables
        self.interfaceFiles = interfaceFiles
        self.lookupChain = lookupChain
        self.storyboardKeyPaths = storyboardKeyPaths
        self.manifest = manifest
        self.catalogIndexByPath = Self.indexByPath(catalogs)
    }

    private static func indexByPath(_ catalogs: [CatalogFile]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (offset, file) in catalogs.enumerated() where index[file.path] == nil { index[file.path] = offset }
        return index
    }

    /// Throws when the project has no catalog and no `.strings` table: a stage that checks or
    /// exports them would otherwise pass on an empty (or wrongly named) folder.
    public func requireLocalizedFiles(for stage: String) throws {
        guard catalogs.isEmpty && stringsTables.isEmpty else { return }
        throw InputError("the project \(root.path) has no String Catalog and no .strings file, so \(stage) has nothing to work on",
                         hint: "check the pipeline's \"project\" (a release gate must not pass on an empty folder)")
    }

    /// The catalog at a project-relative path.
    public func catalog(atPath path: String) -> CatalogFile? { catalogIndexByPath[path].map { catalogs[$0] } }

    /// The absolute URL of a project-relative path.
    public func url(forPath path: String) -> URL { root.appendingPathComponent(path) }

    /// A file the manifest names to read (`infoPlist`, `baseline`): relative to the root, or absolute.
    public func url(forManifestPath path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL : root.appendingPathComponent(path).standardizedFileURL
    }

    /// `<folder>/<table>` of every catalog, its folder taken past an `.lproj` (`App/mul.lproj/Main.xcstrings`
    /// is `App/Main`): a Base storyboard or a legacy table of that id is localized by the catalog.
    public var catalogTableIDs: Set<String> {
        Set(catalogs.map { Self.tableID(ofFileAt: $0.path, table: $0.table) })
    }

    /// `<folder>/<table>` of a file of the table, its folder taken past an `.lproj`.
    public static func tableID(ofFileAt path: String, table: String) -> String {
        var folder = (path as NSString).deletingLastPathComponent
        if folder.hasSuffix(".lproj") { folder = (folder as NSString).deletingLastPathComponent }
        return folder + "/" + table
    }

    /// The locale of a file in an `.lproj` (`en` for `App/English.lproj/Main.strings` when the
    /// catalogs say `en`); nil outside one.
    public func locale(ofLprojFileAt path: String) -> String? {
        ProjectDiscovery.lprojLocale(of: path, names: lprojNames)
    }

    /// The model after a stage wrote these files (project paths and their new bytes): each
    /// catalog, `.strings` and `.stringsdict` file is parsed from the bytes written and its stamp taken again, so a
    /// later stage sees the writes without reading the whole project again. Nil when a write
    /// created a file: a new catalog or table can change the bundles and the lookup chain, which
    /// only discovery derives.
    public func applying(written: [(path: String, data: Data)]) throws -> Project? {
        guard !written.isEmpty else { return self }
        var updated = self
        for (path, data) in written {
            if path.hasSuffix(".xcstrings") {
                guard let index = catalogIndexByPath[path] else { return nil }
                updated.catalogs[index].catalog = try StringCatalogReader.read(data, file: path)
            } else if path.hasSuffix(".strings"),
                      let table = updated.stringsTables.firstIndex(where: { table in table.locale(ofFileAt: path).flatMap { table.files[$0] }?.path == path }),
                      let locale = updated.stringsTables[table].locale(ofFileAt: path) {
                var file = try StringsReader.parse(data, path: path)
                file.path = path
                updated.stringsTables[table].files[locale] = file
            } else if path.hasSuffix(".stringsdict"),
                      let table = updated.stringsTables.firstIndex(where: { table in table.locale(ofFileAt: path).flatMap { table.pluralFiles[$0] }?.path == path }),
                      let locale = updated.stringsTables[table].locale(ofFileAt: path) {
                updated.stringsTables[table].pluralFiles[locale] = try StringsdictReader.parse(data, path: path)
            } else {
                return nil
            }
            updated.fileStamps[path] = FileStamp(url(forPath: path))
        }
        return updated
    }

    /// The model after a stage wrote these files: `applying(written:)`, else read again.
    public func afterWriting(_ written: [(path: String, data: Data)]) throws -> Project {
        try applying(written: written) ?? ProjectDiscovery(root: root).discover()
    }

    /// Whether l10n may write the file: anything inside the root, and outside it only a layer
    /// the manifest marks writable.
    public func mayWrite(path: String) -> Bool {
        !ProjectDiscovery.isOutsideRoot(path) || writableOutsideRoot.contains(path)
    }

    /// Whether a catalog is the app's to translate and fix: not the SDK layer's, not in a vendor
    /// folder, not a read-only layer outside the project.
    public func ownsCatalog(atPath path: String) -> Bool {
        path != lookupChain.sdkLayer?.catalogPath && !ProjectDiscovery.isVendorPath(path) && mayWrite(path: path)
    }

    /// Bundles of app extensions (a widget, a share extension) and the Settings app's
    /// `Settings.bundle`, by name: each is matched against the device's languages instead of
    /// following the app. Found by discovery (`extensionBundlesFound()`), asked per table and locale.
    public var extensionBundles: Set<String> = []

    /// The watch apps and App Clips among `extensionBundles`, by name, with their kind.
    public var separateApps: [String: BundleChoice.Kind] {
        var kinds: [String: BundleChoice.Kind] = [:]
        for (folder, kind) in app.outsideFolders.separateAppFolders { kinds[(folder as NSString).lastPathComponent] = kind }
        return kinds.merging(app.outsideFolders.separateAppTargets) { _, target in target }
    }

    /// The extension bundles of the project's plists, tables and catalogs.
    func extensionBundlesFound() -> Set<String> {
        var names = Set(app.outsideFolders.extensionFolders.map { ($0 as NSString).lastPathComponent })
        names.formUnion(app.outsideFolders.extensionTargets)
        // `X.appex` and `Settings.bundle` directories holding tables or catalogs.
        for path in stringsTables.map({ $0.folder + "/x" }) + catalogs.map(\.path) where !ProjectDiscovery.isVendorPath(path) {
            if let directory = ProjectDiscovery.bundleDirectory(of: path), directory.readsDeviceLanguages { names.insert(directory.name) }
        }
        return names
    }

    /// The localizations a bundle other than the app ships: its tables' `.lproj` folders and its
    /// own catalogs' locales (Xcode compiles each into an `.lproj`), `Base` included.
    public func localizations(ofBundle name: String) -> [String] {
        var locales = Set<String>()
        var folders = Set<String>()
        for table in stringsTables where table.bundle == name {
            locales.formUnion(table.files.keys)
            locales.formUnion(table.pluralFiles.keys)
            folders.insert(table.folder)
        }
        // An intent definition kept in a language's folder (`zh-Hans.lproj/AccountIntents.intentdefinition`,
        // Genshin-Pizza-Helper's) is compiled into that folder: a localization of the bundle whose
        // texts are the definition's own.
        for path in intentDefinitionFiles {
            guard let locale = ProjectDiscovery.lprojLocale(of: path, names: lprojNames), locale != "Base",
                  folders.contains(((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent) else { continue }
            locales.insert(locale)
        }
        for file in catalogs where file.bundle == name && ownsCatalog(atPath: file.path) {
            locales.formUnion(file.catalog.compiledLocales)
        }
        return locales.sorted()
    }

    /// A Settings bundle's table: the texts its property lists show through it (`Root.plist`'s
    /// `StringsTable`), each specifier's `Title`, `FooterText`, `Titles` and `ShortTitles`, as the
    /// Settings app looks them up; nil for any other table, or one no plist names.
    public func settingsTitles(of table: StringsTable) -> [String]? {
        guard CheckContext.isSettingsBundle(table.folder) else { return nil }
        let folder = url(forPath: table.folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        var keys: [String] = []
        var seen = Set<String>()
        func add(_ value: Any?) {
            if let text = value as? String, !text.isEmpty, seen.insert(text).inserted { keys.append(text) }
        }
        var named = false
        for name in names.sorted() where name.hasSuffix(".plist") {
            guard let data = try? AtomicFile.read(folder.appendingPathComponent(name)),
                  let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { continue }
            let tableName = plist["StringsTable"] as? String ?? (name as NSString).deletingPathExtension
            guard tableName == table.table, let specifiers = plist["PreferenceSpecifiers"] as? [[String: Any]] else { continue }
            named = true
            for specifier in specifiers {
                add(specifier["Title"])
                add(specifier["FooterText"])
                for list in ["Titles", "ShortTitles"] { (specifier[list] as? [Any])?.forEach(add) }
            }
        }
        return named ? keys : nil
    }

    /// The intent definition whose texts the `.lproj/<name>.strings` files of `folder` translate:
    /// `Base.lproj/<name>.intentdefinition`, else the one in a language's folder (Xcode keeps it
    /// in the development language's for a project without Base internationalization); nil without one.
    public func intentDefinitionPath(ofTableIn folder: String, named name: String) -> String? {
        let prefix = folder.isEmpty ? "" : folder + "/"
        let base = prefix + "Base.lproj/\(name).intentdefinition"
        if intentDefinitionFiles.contains(base) { return base }
        // In a language's folder: the development language's first (an extension's may differ
        // from the app's, zh-Hans beside en), else the first by path, as `format` finds it.
        let candidates = intentDefinitionFiles.filter { path in
            path.hasPrefix(prefix) && (path as NSString).lastPathComponent == name + ".intentdefinition"
                && ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent == folder
        }.sorted()
        return candidates.first { ProjectDiscovery.lprojLocale(of: $0, names: lprojNames) == sourceLanguage } ?? candidates.first
    }

    /// What no write reaches inside the root, symbolic links resolved: vendor folders and the SDK's
    /// catalog (an app catalog that is a link to the SDK's must not carry an import into it).
    public var protectedPaths: ProtectedPaths {
        var files: [String: String] = [:]
        if let sdk = lookupChain.sdkLayer?.catalogPath {
            let base = FileTransaction.resolved(root).path + "/"
            let resolved = FileTransaction.resolved(url(forPath: sdk)).path
            if resolved.hasPrefix(base) { files[String(resolved.dropFirst(base.count))] = "the SDK's catalog, which l10n never changes" }
        }
        return ProtectedPaths(folderNames: ProjectDiscovery.vendorFolders, files: files)
    }

    /// The app's editor catalog that SDK keys' translations land in when the app has no layer of
    /// the SDK's table yet: `<app folder>/IMGLYEditor.xcstrings`, which export hands units under
    /// and an import creates. Nil without an SDK catalog, or when the app has such a layer.
    public var editorCatalogToCreate: Layer? {
        guard let sdkLayer = lookupChain.sdkLayer, catalog(for: sdkLayer) != nil,
              !lookupChain.appLayers.contains(where: { $0.table == sdkLayer.table }) else { return nil }
        let name = sdkLayer.table + ".xcstrings"
        return Layer(bundle: app.name, table: sdkLayer.table, role: .app, catalogPath: app.folder.isEmpty ? name : app.folder + "/" + name)
    }

    /// The resolved URLs of the writable layers outside the root, which a write may touch.
    public var writableOutsideRootURLs: [URL] { writableOutsideRoot.sorted().map { FileTransaction.resolved(url(forPath: $0)) } }

    /// Catalogs of the main bundle that the lookup chain never reads and that hold SDK keys
    /// (e.g. `MyBrand.xcstrings` in an app on the editor SDK): renames that never reach the
    /// screen. The app's other tables (`InfoPlist`, tables read with `tableName:`) are not
    /// ignored: the app reads them itself, so they are exported, imported and checked.
    public var ignoredCatalogs: [CatalogFile] {
        guard lookupChain.isEditorChain, let sdkLayer = lookupChain.sdkLayer, let sdk = catalog(for: sdkLayer) else { return [] }
        let read = Set(lookupChain.layers.compactMap { $0.catalogPath })
        return catalogs.filter { file in
            file.bundle == app.name && !read.contains(file.path) && file.catalog.entries.keys.contains { sdk.entries[$0] != nil }
        }
    }
}

/// The app's main bundle as Info.plist and its folder describe it.
public struct AppBundle: Sendable, Equatable {
    /// The bundle's name (its folder's name).
    public var name: String
    /// Project-relative folder of the bundle ("" for the root itself).
    public var folder: String
    /// Project-relative path of Info.plist, when there is one.
    public var infoPlistPath: String?
    /// `CFBundleDevelopmentRegion`.
    public var developmentRegion: String?
    /// Whether the region is a build setting no file resolves (`$(DEVELOPMENT_LANGUAGE)` without
    /// a project file) or the plist is generated without one: the build's region, not none.
    package var developmentRegionIsUnresolved = false
    /// `CFBundleLocalizations`, nil when Info.plist does not say.
    public var declaredLocalizations: [String]?
    /// `.lproj` folder names shipped directly by the bundle (without the extension).
    public var lprojFolders: [String]
    /// `CFBundleAllowMixedLocalizations`.
    public var allowsMixedLocalizations: Bool
    /// The project's other bundles and targets, which tell the bundle of a file outside the app folder.
    public var outsideFolders = OutsideFolders()

    /// Xcode puts a file into a bundle by target membership, which the folder alone does not
    /// tell. With a project file, shared resources at the root or in `Shared/` are the app's: a
    /// file outside the app folder belongs to another bundle only under a folder that holds
    /// another bundle's Info.plist or a Swift package's `Package.swift`, or one named as a
    /// framework, bundle or extension target. Without one, each such folder is a bundle of its own.
    public struct OutsideFolders: Sendable, Equatable {
        /// Project-relative folders holding another bundle's Info.plist (an extension's, a framework's).
        public var bundleFolders: [String]
        /// Those of them whose Info.plist describes an app extension (`NSExtension`) or a watch app.
        public var extensionFolders: Set<String>
        /// Project-relative folders holding a local Swift package (`Package.swift`): each of its
        /// targets' resources is a bundle of its own.
        public var packageFolders: [String]
        /// The project file's targets other than applications (frameworks, bundles, extensions,
        /// watch apps); nil without a project file.
        public var targetNames: Set<String>?
        /// Folders Xcode 16 synchronizes into a target other than an application
        /// (`PBXFileSystemSynchronizedRootGroup`), by project-relative path: every file in one is
        /// built into that target's bundle, named after the target, wherever the folder lies.
        public var targetFolders: [String: String]
        /// Files a synchronized folder's membership exceptions build into a target other than the
        /// app (whatever folder holds them), by project-relative path.
        public var targetFiles: [String: String]
        /// Files in another target's synchronized folder that membership exceptions build into the app.
        public var appFiles: Set<String>
        /// Whether the project folder itself is a Swift package (`Package.swift` at its top): its
        /// `Sources/<Target>/` folders are those targets' bundles.
        public var hasRootPackage: Bool
        /// The targets among those that choose their own localization: app extensions and watch apps.
        public var extensionTargets: Set<String>
        /// Among `extensionFolders`, those of a watch app or an App Clip.
        public var separateAppFolders: [String: BundleChoice.Kind]
        /// Among `extensionTargets`, the watch apps and App Clips.
        public var separateAppTargets: [String: BundleChoice.Kind]
        /// Folders a project spec lists for the bundle that holds them and for other targets
        /// too (`Shared/` in the app and its App Clip), and tables a target lists by themselves:
        /// their tables are those targets' as well, for the lookups of their code.
        public var alsoBuiltInto: [String: Set<String>] = [:] {
            didSet { alsoBuiltIntoSet = Set(alsoBuiltInto.keys) }
        }
        private var alsoBuiltIntoSet: Set<String> = []
        /// Folders a project spec lists for the app's target (`Resources/**` beside a plist kept in
        /// `Config/`): the app's, unless a bundle nested in one holds a file.
        public var appFolders: Set<String> = []
        /// Folders a local package's targets name with `path:` (`Sources` of `InboxCore`), by
        /// project-relative path: the target's bundle, not `Sources/<Target>/`'s.
        public var packageTargetFolders: [String: String] = [:] {
            didSet { packageTargetFolderSet = Set(packageTargetFolders.keys) }
        }
        private var packageTargetFolderSet: Set<String> = []

        /// The deepest of `appFolders` holding `path`.
        public func appFolder(of path: String) -> String? {
            Self.deepest(of: path, in: appFolders)
        }

        /// `bundleFolders` and `packageFolders` as sets: a file's folders are looked up in them,
        /// one by one from the deepest (a project has hundreds of Info.plist folders, and every
        /// Swift file and table asks).
        private let bundleFolderSet: Set<String>
        private let packageFolderSet: Set<String>

        public init(bundleFolders: [String] = [], extensionFolders: Set<String> = [], packageFolders: [String] = [],
                    targetNames: Set<String>? = nil, targetFolders: [String: String] = [:], targetFiles: [String: String] = [:],
                    appFiles: Set<String> = [], hasRootPackage: Bool = false, extensionTargets: Set<String> = [],
                    separateAppFolders: [String: BundleChoice.Kind] = [:], separateAppTargets: [String: BundleChoice.Kind] = [:]) {
            self.bundleFolders = bundleFolders
            self.extensionFolders = extensionFolders
            self.packageFolders = packageFolders
            self.targetNames = targetNames
            self.targetFolders = targetFolders
            self.targetFiles = targetFiles
            self.appFiles = appFiles
            self.hasRootPackage = hasRootPackage
            self.extensionTargets = extensionTargets
            self.separateAppFolders = separateAppFolders
            self.separateAppTargets = separateAppTargets
            bundleFolderSet = Set(bundleFolders)
            packageFolderSet = Set(packageFolders)
            targetFolderSet = Set(targetFolders.keys)
        }

        private let targetFolderSet: Set<String>

        /// The target other than an application whose synchronized folder holds `path`, if any.
        public func target(of path: String) -> String? {
            if let target = targetFiles[path] { return target }
            if appFiles.contains(path) { return nil }
            return Self.deepest(of: path, in: targetFolderSet).flatMap { targetFolders[$0] }
        }

        /// The deepest folder holding another bundle's Info.plist that `path` lies in.
        public func bundleFolder(of path: String) -> String? {
            Self.deepest(of: path, in: bundleFolderSet)
        }

        /// The deepest local Swift package folder that `path` lies in.
        public func packageFolder(of path: String) -> String? {
            Self.deepest(of: path, in: packageFolderSet)
        }

        /// The bundle a file outside the app belongs to by what holds it: a bundle folder's name,
        /// a package target's (`Sources/<Target>/…`, else the package's), or a target's folder;
        /// nil when none holds it.
        public func holder(of path: String) -> String? {
            if let target = target(of: path) { return target }
            if appFiles.contains(path) { return nil }
            if let folder = bundleFolder(of: path) { return (folder as NSString).lastPathComponent }
            if let folder = Self.deepest(of: path, in: packageTargetFolderSet), let target = packageTargetFolders[folder] { return target }
            if let package = packageFolder(of: path) {
                let inside = path.dropFirst(package.count + 1).split(separator: "/")
                return inside.count > 2 && inside[0] == "Sources" ? String(inside[1]) : (package as NSString).lastPathComponent
            }
            // A package at the project's top (an SDK repository with its example app in a folder)
            // holds only its targets' folders.
            if hasRootPackage {
                let inside = path.split(separator: "/")
                if inside.count > 2 && inside[0] == "Sources" { return String(inside[1]) }
            }
            guard let targetNames, !targetNames.isEmpty else { return nil }
            return path.split(separator: "/").dropLast().last { targetNames.contains(String($0)) }.map(String.init)
        }

        /// Whether a file outside the app folder is the app's: only as a project file tells.
        public func isApps(_ path: String) -> Bool {
            targetNames != nil && holder(of: path) == nil
        }

        /// The targets besides its own bundle that a file is built into (see `alsoBuiltInto`).
        public func otherTargets(building path: String) -> Set<String> {
            guard !alsoBuiltInto.isEmpty else { return [] }
            let byFolder = Self.deepest(of: path, in: alsoBuiltIntoSet).flatMap { alsoBuiltInto[$0] } ?? []
            return byFolder.union(alsoBuiltInto[path] ?? [])
        }

        /// The deepest of the folders holding `path` that `folders` has, each looked up once.
        private static func deepest(of path: String, in folders: Set<String>) -> String? {
            guard !folders.isEmpty else { return nil }
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: "/") {
                let folder = String(path[..<slash])
                if folders.contains(folder) { return folder }
                end = slash
            }
            return nil
        }
    }

    public init(name: String, folder: String, infoPlistPath: String? = nil, developmentRegion: String? = nil,
                declaredLocalizations: [String]? = nil, lprojFolders: [String] = [], allowsMixedLocalizations: Bool = false) {
        self.name = name
        self.folder = folder
        self.infoPlistPath = infoPlistPath
        self.developmentRegion = developmentRegion
        self.declaredLocalizations = declaredLocalizations
        self.lprojFolders = lprojFolders
        self.allowsMixedLocalizations = allowsMixedLocalizations
    }

    /// The bundle's localizations as iOS's matching sees them.
    public var localizations: BundleLocalizations {
        BundleLocalizations(declared: declaredLocalizations, lprojFolders: lprojFolders,
                            developmentRegion: developmentRegion, allowsMixedLocalizations: allowsMixedLocalizations)
    }

    /// What the app offers, as locale ids (declared plus shipped `.lproj`, without `Base`). A
    /// declared id whose folder is spelled another way (`pt-BR` declared, `pt_BR.lproj` shipped)
    /// is one locale, named as its folder is: its texts are there.
    public var availableLocalizations: [String] {
        var seen = Set<String>()
        let folders = lprojFolders.filter { $0 != "Base" }
        return localizations.available.compactMap { id in
            guard id != "Base" else { return nil }
            let spelled = BundleLocalizations.spelled(id, in: folders)
            return seen.insert(spelled).inserted ? spelled : nil
        }
    }
}

/// One `.xcstrings` file of the project, parsed.
public struct CatalogFile: Sendable {
    /// Project-relative path, as an XLIFF `<file original>` names it.
    public var path: String
    /// The table it provides (the file name without `.xcstrings`).
    public var table: String
    /// The bundle it is built into (see `ProjectDiscovery` for how bundles are told apart).
    public var bundle: String
    public var catalog: StringCatalog

    public init(path: String, table: String, bundle: String, catalog: StringCatalog) {
        self.path = path
        self.table = table
        self.bundle = bundle
        self.catalog = catalog
    }
}

/// A legacy table spread over `<locale>.lproj/<Table>.strings` and `<locale>.lproj/<Table>.stringsdict`
/// files of one bundle (the app reads a key's plural rules from the `.stringsdict` of the same table).
public struct StringsTable: Sendable {
    public var bundle: String
    public var table: String
    /// Project-relative folder that holds the `.lproj` folders.
    public var folder: String
    /// Parsed `.strings` files by locale (the `.lproj` name without extension, `Base` included).
    public var files: [String: StringsFile]
    /// Parsed `.stringsdict` files by locale; a table may have these without any `.strings` file.
    public var pluralFiles: [String: Stringsdict]
    /// The `.lproj` name of a locale whose `.strings` file is in a folder the project's catalogs
    /// spell another way (`en` in `English.lproj`, `pt-BR` in `pt_BR.lproj`): the model keys the
    /// files by the catalogs' id, paths keep the folder's name. A locale the table has no file for
    /// has the project's name (`Project.lprojNames`), where a new file goes.
    public var lprojNames: [String: String]
    /// The same for the table's `.stringsdict` files, which may lie in other folders.
    public var pluralLprojNames: [String: String]

    public init(bundle: String, table: String, folder: String, files: [String: StringsFile],
                pluralFiles: [String: Stringsdict] = [:], lprojNames: [String: String] = [:]) {
        self.bundle = bundle
        self.table = table
        self.folder = folder
        self.files = files
        self.pluralFiles = pluralFiles
        self.lprojNames = lprojNames
        self.pluralLprojNames = lprojNames
    }

    /// Project-relative path of the table's `.strings` file for a locale.
    public func path(locale: String) -> String {
        (folder.isEmpty ? "" : folder + "/") + "\(lprojNames[locale] ?? locale).lproj/\(table).strings"
    }

    /// The locale the model keys a file of this table by, from its path (`en` for
    /// `English.lproj/Main.strings` when the catalogs say `en`); nil outside an `.lproj`.
    public func locale(ofFileAt path: String) -> String? {
        ProjectDiscovery.lprojLocale(of: path, names: path.hasSuffix(".stringsdict") ? pluralLprojNames : lprojNames)
    }

    /// Project-relative path of the table's `.stringsdict` file for a locale.
    public func pluralPath(locale: String) -> String {
        (folder.isEmpty ? "" : folder + "/") + "\(pluralLprojNames[locale] ?? locale).lproj/\(table).stringsdict"
    }

    /// The development language's `.stringsdict`: its own folder's, else `Base.lproj`'s.
    public func sourcePluralFile(sourceLanguage: String) -> Stringsdict? {
        pluralFiles[sourceLanguage] ?? pluralFiles["Base"]
    }

    /// The development language's `.strings` file and the folder it is in: its own, else
    /// `Base.lproj` (a table kept there).
    public func sourceFile(sourceLanguage: String) -> (locale: String, file: StringsFile)? {
        if let file = files[sourceLanguage] { return (sourceLanguage, file) }
        return files["Base"].map { ("Base", $0) }
    }

    /// Locales the table has files for, sorted.
    public var locales: [String] { files.keys.sorted() }
}
