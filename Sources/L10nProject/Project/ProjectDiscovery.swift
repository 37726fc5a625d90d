import Dispatch
import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// Finds and parses everything localizable under a project folder, once.
///
/// Without a manifest it finds catalogs, `.lproj` tables, Info.plist and storyboards itself:
/// the main app is the folder of the Info.plist that declares `CFBundleLocalizations` (else the
/// shallowest Info.plist, else the root); a file outside it, or inside a vendor folder
/// (`Vendor`, `Pods`, `Carthage`, `SourcePackages`...), belongs to the bundle named by its own
/// folder (the folder holding the `.lproj` for tables). When an `IMGLYEditor` catalog lives
/// outside the app, the chain is the CE.SDK one: app Localizable → app IMGLYEditor → SDK IMGLYEditor.
public struct ProjectDiscovery: Sendable {
    public var root: URL

    /// Folders never searched: build products, dependencies' caches, version control.
    public static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", "DerivedData", "build", "node_modules"]
    /// Folders whose catalogs belong to third parties, never to the app.
    public static let vendorFolders: Set<String> = ["Vendor", "Vendors", "Pods", "Carthage", "SourcePackages", "checkouts", "ThirdParty"]
    /// The editor SDK's table name.
    public static let editorTable = "IMGLYEditor"

    /// A root that is a symbolic link (or lies under one) is resolved first: the enumerator does
    /// not descend into a link, and a project that seems empty must never pass a check.
    public init(root: URL) {
        let standardized = root.standardizedFileURL
        if let real = realpath(standardized.path, nil) {
            self.root = URL(fileURLWithPath: String(cString: real), isDirectory: true)
            free(real)
        } else {
            self.root = standardized
        }
    }

    /// Reads the project: every catalog, table and Info.plist parsed; the first bad file throws a
    /// located error and nothing else is reported as discovered. `waiting` hears, once, that a
    /// running import holds files this run must wait for (up to 60 s) before it can read them.
    public func discover(waiting: (String) -> Void = { _ in }) throws -> Project {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError("project folder \(root.path) does not exist", hint: "pass --project with the folder that holds your app")
        }
        // The commands that write put back what a killed run left half-written before they
        // discover; for the others that mix is no project to read.
        try FileTransaction.requireNotInterrupted(root: root, timeoutOption: nil, waiting: waiting)
        let manifestURL = root.appendingPathComponent(ProjectManifest.fileName)
        let manifest = FileManager.default.fileExists(atPath: manifestURL.path)
            ? try ProjectManifest.read(AtomicFile.read(manifestURL), file: manifestURL.path)
            : ProjectManifest()

        var unreadable: [String] = []
        var files = listFiles(excluding: Set(manifest.exclude), unreadable: &unreadable)
        var projectFileWarnings: [String] = []
        var infoPlists: [InfoPlist] = []
        let bundleFacts = try readAppBundle(files: &files, manifest: manifest, warnings: &projectFileWarnings, infoPlists: &infoPlists)

        // A manifest layer may name a catalog the search does not reach: outside the root (a
        // SwiftPM checkout), or in an excluded or build folder. It is read all the same.
        let layerPaths = try manifestLayerPaths(manifest, listed: Set(files))
        // The previous SDK's catalog is a reference, not part of the app: never a layer or a table.
        let previousSDK = try readPreviousSDK(manifest)
        let layerBundles = Dictionary(zip(manifest.layers ?? [], layerPaths).compactMap { spec, path in
            path.flatMap { $0.hasSuffix(".xcstrings") ? ($0, spec.bundle) : nil }
        }, uniquingKeysWith: { first, _ in first })
        let listed = files.filter { $0.hasSuffix(".xcstrings") && $0 != previousSDK?.path }
        let catalogPaths = listed + layerBundles.keys.filter { !Set(listed).contains($0) }.sorted()
        let catalogsAndStamps = try parseConcurrently(catalogPaths) { path in
            let stamp = FileStamp(self.root.appendingPathComponent(path))
            let catalog = try StringCatalogReader.read(contentsOf: self.root.appendingPathComponent(path).standardizedFileURL)
            let table = String((path as NSString).lastPathComponent.dropLast(".xcstrings".count))
            let bundle = Self.isOutsideRoot(path) ? layerBundles[path]! : self.bundle(of: path, app: bundleFacts)
            return (CatalogFile(path: path, table: table, bundle: bundle, catalog: catalog), stamp)
        }

        let catalogs = catalogsAndStamps.map(\.0)
        var app = bundleFacts
        // Xcode compiles every locale of the app's catalogs into an `.lproj` of the built app.
        let catalogLocales = catalogs.filter { $0.bundle == app.name && !isVendor($0.path) }.flatMap(\.catalog.compiledLocales)
        app.lprojFolders = Array(Set(app.lprojFolders).union(catalogLocales)).sorted()

        let stringsPaths = files.filter { $0.hasSuffix(".strings") && Self.lprojName(of: $0) != nil }
        let parsedStrings = try parseConcurrently(stringsPaths) { path in
            let stamp = FileStamp(self.root.appendingPathComponent(path))
            var file = try StringsReader.read(contentsOf: self.root.appendingPathComponent(path))
            file.path = path
            return (file, stamp)
        }
        // A table's `.stringsdict` files belong to the same table as its `.strings` files.
        let pluralPaths = files.filter { $0.hasSuffix(".stringsdict") && Self.lprojName(of: $0) != nil }
        let parsedPlurals = try parseConcurrently(pluralPaths) { path in
            let stamp = FileStamp(self.root.appendingPathComponent(path))
            let url = self.root.appendingPathComponent(path)
            let data = try AtomicFile.read(url)
            do {
                return (try StringsdictReader.parse(data, path: path), stamp)
            } catch {
                // The model's locations are project-relative; an error names the file as those of
                // catalogs and `.strings` files do, from the working folder: read again for it.
                _ = try StringsdictReader.parse(data, path: url.path)
                throw error
            }
        }
        var tables: [String: StringsTable] = [:]
        var tableOrder: [String] = []
        var stamps: [String: FileStamp] = [:]
        for (path, (_, stamp)) in zip(catalogPaths, catalogsAndStamps) { stamps[path] = stamp }
        for (path, (_, stamp)) in zip(stringsPaths, parsedStrings) { stamps[path] = stamp }
        for (path, (_, stamp)) in zip(pluralPaths, parsedPlurals) { stamps[path] = stamp }
        func tableID(_ path: String, extension suffix: String) -> String {
            let lproj = (path as NSString).deletingLastPathComponent
            let folder = (lproj as NSString).deletingLastPathComponent
            let table = String((path as NSString).lastPathComponent.dropLast(suffix.count))
            let id = folder + "\u{0}" + table
            if tables[id] == nil {
                tables[id] = StringsTable(bundle: bundle(of: path, app: app), table: table, folder: folder, files: [:])
                tableOrder.append(id)
            }
            return id
        }
        // Which folders stand for a catalog locale: the project's rule, then each table's own
        // folders (a table with a file under both spellings keeps both).
        var stringsFolders: [String: Set<String>] = [:], pluralFolders: [String: Set<String>] = [:]
        for path in stringsPaths { stringsFolders[tableID(path, extension: ".strings"), default: []].insert(Self.lprojName(of: path)!) }
        for path in pluralPaths { pluralFolders[tableID(path, extension: ".stringsdict"), default: []].insert(Self.lprojName(of: path)!) }
        let lprojNames = Self.lprojNames(folders: Set(app.lprojFolders).union(stringsFolders.values.joined()).union(pluralFolders.values.joined()),
                                         catalogLocales: Set(catalogLocales))
        for id in tableOrder {
            tables[id]!.lprojNames = Self.lprojNames(lprojNames, ownFolders: stringsFolders[id] ?? [])
            tables[id]!.pluralLprojNames = Self.lprojNames(lprojNames, ownFolders: pluralFolders[id] ?? [])
        }
        for (path, (file, _)) in zip(stringsPaths, parsedStrings) {
            let id = tableID(path, extension: ".strings")
            tables[id]!.files[tables[id]!.locale(ofFileAt: path)!] = file
        }
        for (path, (file, _)) in zip(pluralPaths, parsedPlurals) {
            let id = tableID(path, extension: ".stringsdict")
            tables[id]!.pluralFiles[tables[id]!.locale(ofFileAt: path)!] = file
        }
        let folderLocales = Dictionary(lprojNames.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        app.lprojFolders = Array(Set(app.lprojFolders.map { folderLocales[$0] ?? $0 })).sorted()

        let interfaceFiles = files.filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }
        let swiftPaths = files.filter { $0.hasSuffix(".swift") && !isVendor($0) }
        var scanner = SwiftLocalizationScanner(functions: manifest.localizedFunctions)
        // A file the compiler would reject too (an unterminated string) must not stop a check of
        // the catalogs: it is left out and named in a warning.
        var scanned = try parseConcurrently(swiftPaths) { [scanner] path in
            Result { try scanner.scan(AtomicFile.read(self.root.appendingPathComponent(path)), path: path) }
        }
        // A module re-exported by one file (`@_exported import SwiftUI`) is seen by every file,
        // and a lookup member of `String` one file defines (`var localised: String`) is called
        // from others: read again with them (only then, and once).
        let exported = Set(scanned.flatMap { (try? $0.get())?.exportedImports ?? [] })
        let members = Set(scanned.flatMap { (try? $0.get())?.lookupDefinitions.keys.map { $0 } ?? [] })
        if !exported.isEmpty || !members.isSubset(of: scanner.lookupMembers) {
            scanner.assumedImports = exported
            scanner.lookupMembers.formUnion(members)
            scanned = try parseConcurrently(swiftPaths) { [scanner] path in
                Result { try scanner.scan(AtomicFile.read(self.root.appendingPathComponent(path)), path: path) }
            }
        }
        let stringsTables = tableOrder.compactMap { tables[$0] }
        let chain = lookupChain(app: app, catalogs: catalogs, tables: stringsTables, manifest: manifest, layerPaths: layerPaths)
        let sourceLanguage = manifest.sourceLanguage
            ?? chain.layers.lazy.compactMap { layer in catalogs.first { $0.path == layer.catalogPath }?.catalog.sourceLanguage }.first
            ?? catalogs.first?.catalog.sourceLanguage
            ?? Self.developmentFolder(app.developmentRegion ?? "en", in: app.lprojFolders + stringsTables.flatMap { Array($0.files.keys) + Array($0.pluralFiles.keys) })
        // A region no file states (`$(DEVELOPMENT_LANGUAGE)` without a project file, or no
        // plist) is the project's development language, which Xcode writes as its catalogs'
        // `sourceLanguage`: a device no localization matches falls back to it, not to `en_US`.
        if app.developmentRegion == nil, app.developmentRegionIsUnresolved, manifest.sourceLanguage != nil || !catalogs.isEmpty {
            app.developmentRegion = sourceLanguage
        }
        var project = Project(root: root, sourceLanguage: sourceLanguage, app: app, catalogs: catalogs,
                              stringsTables: stringsTables, interfaceFiles: interfaceFiles, lookupChain: chain,
                              storyboardKeyPaths: manifest.storyboardKeyPaths ?? Self.storyboardKeyPaths(declaredIn: scanned.compactMap { try? $0.get() }),
                              manifest: manifest)
        project.fileStamps = stamps
        project.lprojNames = lprojNames
        project.extensionBundles = project.extensionBundlesFound()
        project.intentDefinitionFiles = files.filter { $0.hasSuffix(".intentdefinition") }
        project.infoPlists = infoPlists
        project.previousSDK = previousSDK
        project.swiftSources = scanned.compactMap { try? $0.get() }
        project.writableOutsideRoot = Set(zip(manifest.layers ?? [], layerPaths).compactMap { spec, path in
            spec.writable ? path.flatMap { Self.isOutsideRoot($0) ? $0 : nil } : nil
        })
        project.warnings = projectFileWarnings + unreadable.map { "\($0): warning: cannot read this folder, so its files were not searched" }
            + catalogs.compactMap { StringCatalogVersion.warning($0.catalog.version, file: $0.path) }
            + zip(swiftPaths, scanned).compactMap { path, result in
                guard case .failure(let error) = result else { return nil }
                let located = error as? LocatedError
                return "\(located?.location?.description ?? path): warning: \(located?.message ?? "\(error)"), so the file was not read for key references and labels"
            }
        return project
    }

    /// Project-relative paths of every regular file, sorted, skipping hidden and build folders.
    func listFiles(excluding excluded: Set<String>) -> [String] {
        var unreadable: [String] = []
        return listFiles(excluding: excluded, unreadable: &unreadable)
    }

    /// The same, adding the project-relative path of every folder that could not be read (its
    /// files are missing from the list, which the caller must say).
    func listFiles(excluding excluded: Set<String>, unreadable: inout [String]) -> [String] {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let failures = FailedFolders()
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                                              options: [.skipsHiddenFiles], errorHandler: { url, _ in
            failures.paths.append(url.standardizedFileURL.path)
            return true
        }) else { return [] }
        defer {
            unreadable += failures.paths.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }.sorted()
        }
        var paths: [String] = []
        for case let url as URL in enumerator {
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(prefix) else { continue }
            let path = String(full.dropFirst(prefix.count))
            let isDirectory = (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory ?? false
            if isDirectory {
                let name = url.lastPathComponent
                if Self.skippedFolders.contains(name) || excluded.contains(path) || name.hasSuffix(".xcloc")
                    || name.hasSuffix(".xcassets") || name.hasSuffix(".xcodeproj") {
                    enumerator.skipDescendants()
                }
                continue
            }
            paths.append(path)
        }
        return paths.sorted()
    }

    /// The app's Info.plist: the manifest's, else among the project's bundle property lists the
    /// one that declares `CFBundleLocalizations`, else the shallowest; a test or plug-in bundle's
    /// only when no other is found. A file named other than `Info.plist` counts when Xcode's old
    /// templates named it so (`<Product>-Info.plist`) or a project file's `INFOPLIST_FILE` names
    /// it, and only when it holds `CFBundle…` keys (`GoogleService-Info.plist` holds none).
    /// Tables a project spec builds into no target are taken out of `files`.
    /// `infoPlists` gets every bundle property list read from a file of the project, in path order.
    private func readAppBundle(files: inout [String], manifest: ProjectManifest, warnings: inout [String],
                               infoPlists: inout [InfoPlist]) throws -> AppBundle {
        // The Xcode project files, read once for the plists they name and the development language.
        let projectFiles = xcodeProjectFiles()
        // Their objects, parsed once. A project file in which no target can be read (Xcode's XML
        // form, a damaged file) tells nothing of membership: the folders decide, as without one.
        let parsed = projectFiles.map { (project: $0.project, objects: Self.projectObjects($0.text)) }
        var readsTargets = parsed.contains { $0.objects.values.contains { $0.isa == "PBXNativeTarget" } }
        for file in parsed where !file.objects.values.contains(where: { $0.isa == "PBXNativeTarget" }) {
            warnings.append("\(file.project)/project.pbxproj: warning: no target could be read from this project file, so files outside the app folder are taken as bundles by their folders; open the project in Xcode and save it")
        }
        // Without a project file, a generator's spec (XcodeGen's project.yml, Tuist's Project.swift)
        // declares the targets the project file would hold.
        var generated = readsTargets ? GeneratedProjectSpec() : GeneratedProjectSpec.read(files: files, root: root, isVendor: isVendor)
        let leftOut = generated.tablesLeftOut(of: files)
        if !leftOut.isEmpty { files.removeAll { leftOut.contains($0) } }
        warnings += generated.warnings
        if !generated.targets.isEmpty && generated.isComplete { readsTargets = true }
        var plists: [(path: String, plist: InfoPlist)] = []
        let named = Set(infoPlistSettings(in: projectFiles)).union(generated.targets.flatMap(\.target.infoPlists))
        if let path = manifest.infoPlist {
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw InputError("\"infoPlist\" names no file: \(path)",
                                 at: manifest.infoPlistLocation ?? SourceLocation(file: root.appendingPathComponent(ProjectManifest.fileName).path),
                                 hint: "give the app's Info.plist relative to the project folder, or leave \"infoPlist\" out to find it")
            }
            plists = [(path, try InfoPlistReader.read(contentsOf: url))]
        } else {
            for path in files where !isVendor(path) {
                let name = (path as NSString).lastPathComponent
                if name == "Info.plist" {
                    plists.append((path, try InfoPlistReader.read(contentsOf: root.appendingPathComponent(path))))
                } else if named.contains(path) {
                    // The project file names it a target's Info.plist: a bad one is an error, as Info.plist's is.
                    let plist = try InfoPlistReader.read(contentsOf: root.appendingPathComponent(path))
                    if plist.describesBundle { plists.append((path, plist)) }
                } else if name.hasSuffix("-Info.plist"), let plist = try? InfoPlistReader.read(contentsOf: root.appendingPathComponent(path)),
                          plist.describesBundle {
                    // Only by its name: a file that is no property list is no bundle's.
                    plists.append((path, plist))
                }
            }
            // A spec's plist that is generated, not committed: its properties are all there is.
            let listed = Set(files)
            for target in generated.targets {
                if let plist = target.generatedPlist, !plist.path.isEmpty, !listed.contains(plist.path), !plists.contains(where: { $0.path == plist.path }) {
                    plists.append((plist.path, plist))
                }
            }
        }
        // What the project file says of each plist: the app target's comes first, and one only
        // other targets name is never the app's (a framework's `$(PRODUCT_BUNDLE_PACKAGE_TYPE)`
        // plist read as an app's, in mastodon-ios and xikolo-ios).
        let targets = Self.projectTargets(in: parsed) + generated.targets.map(\.target)
        let appTargets = Self.appTargetNames(targets)
        var plistTargets: [String: [ProjectTarget]] = [:]
        for target in targets { for path in target.infoPlists { plistTargets[path, default: []].append(target) } }
        // Without an `INFOPLIST_FILE` naming it, a plist in a folder named like a target is that target's.
        func rank(_ candidate: (path: String, plist: InfoPlist)) -> (Int, Int, String)? {
            let own = Self.infoPlistRank(candidate)
            let folder = (Self.bundleFolder(ofPlist: candidate.path) as NSString).lastPathComponent
            let named = plistTargets[candidate.path] ?? targets.filter { $0.name == folder }
            guard !appTargets.isEmpty else { return (own.0 + 1, own.1, own.2) }
            // With an app target, an extension's, a test bundle's or another target's plist is never the app's:
            // the app's Info.plist is generated (Xcode 13's default) when none is left.
            guard !named.isEmpty else { return own.0 == 0 ? (1, own.1, own.2) : nil }
            return named.contains { appTargets.contains($0.name) } ? (0, own.1, own.2) : nil
        }
        var best: (candidate: (path: String, plist: InfoPlist), rank: (Int, Int, String))?
        for (candidate, rank) in plists.compactMap({ candidate in rank(candidate).map { (candidate, $0) } }).sorted(by: { $0.1 < $1.1 }) {
            // One that declares localizations wins over one that does not, among app plists (an
            // extension's list is not the app's).
            if let current = best, Self.declaresLocalizations(current.candidate.plist) || !Self.declaresLocalizations(candidate.plist)
                || rank.0 != current.rank.0 {
                continue
            }
            best = (candidate, rank)
        }
        let chosen = best?.candidate
        // A plist kept in a support folder (`App/Configuration/Info.plist`, as XcodeGen and Tuist
        // projects lay it out) makes the folder above it the app's: its sibling `Localisation/`
        // holds the app's catalog.
        let folder = chosen.map { Self.bundleFolder(ofPlist: $0.path) } ?? ""
        // The app target's name when the project file names its plist or none is left (generated), else the folder's.
        let chosenTargets = chosen.flatMap { plistTargets[$0.path] }?.map(\.name).filter(appTargets.contains) ?? []
        let name = chosenTargets.count == 1 ? chosenTargets[0]
            : chosen == nil && appTargets.count == 1 ? appTargets.first!
            : folder.isEmpty ? root.lastPathComponent : (folder as NSString).lastPathComponent
        // Without a plist file the app's is generated: the keys of Tuist's `.extendingDefault(with:)` are all there is.
        let plist = chosen?.plist ?? generated.targets.first { $0.target.name == name }?.generatedPlist
        var app = AppBundle(name: name, folder: folder, infoPlistPath: chosen?.path,
                            developmentRegion: plist.map { $0.developmentRegionIsBuildSetting
                                ? developmentLanguage(in: projectFiles) ?? generated.developmentLanguage ?? (generated.targets.isEmpty ? nil : "en")
                                // A plist without the key, which Xcode completes (`GENERATE_INFOPLIST_FILE`),
                                // gets its generated `$(DEVELOPMENT_LANGUAGE)` (Genshin-Pizza-Helper's zh-Hans).
                                : $0.developmentRegion
                                    ?? (chosen.flatMap { plistTargets[$0.path] }?.contains(where: \.generatesInfoPlist) == true
                                        ? developmentLanguage(in: projectFiles) : nil) }
                                // A generated plist's region is the spec's `$(DEVELOPMENT_LANGUAGE)`.
                                ?? generated.developmentLanguage,
                            declaredLocalizations: plist.flatMap { Self.declaresLocalizations($0) ? $0.localizations : nil },
                            allowsMixedLocalizations: plist?.allowsMixedLocalizations ?? false)
        app.developmentRegionIsUnresolved = plist?.developmentRegionIsBuildSetting ?? true
        // Another target's property list marks its folder as that bundle's.
        let others = manifest.infoPlist == nil ? plists.filter { $0.path != chosen?.path }
            : files.filter { !isVendor($0) && $0 != chosen?.path && ((($0 as NSString).lastPathComponent == "Info.plist") || named.contains($0)) }
                .compactMap { path in (try? InfoPlistReader.read(contentsOf: root.appendingPathComponent(path))).map { (path, $0) } }
        let listedFiles = Set(files)
        infoPlists = (plists + (manifest.infoPlist == nil ? [] : others))
            .filter { listedFiles.contains($0.path) && !isVendor($0.path) }
            .map { var plist = $0.plist; plist.path = $0.path; return plist }
            .sorted { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
        // Another plist in the app's own folder (`App-Info.plist` beside `AppBeta-Info.plist`) makes no bundle of it.
        let bundleFolders = others.map { Self.bundleFolder(ofPlist: $0.path) }.filter { !$0.isEmpty && $0 != folder && !inFolder(folder, $0) }
        let extensionFolders = others.filter(\.plist.describesExtension).map { Self.bundleFolder(ofPlist: $0.path) }
        let packageFolders = files.filter { ($0 == "Package.swift" || $0.hasSuffix("/Package.swift")) && !isVendor($0) }
            .map { ($0 as NSString).deletingLastPathComponent }.filter { !$0.isEmpty && !inFolder(folder, $0) }
        var synchronized = Self.synchronizedFolders(in: parsed, targets: targets)
        // A spec's folders are a target's as synchronized folders are. One the app lists too is
        // the app's; one several other targets list is the one named like it's (a resources
        // framework's `MailResources/` that an extension lists too), else the first's. The others
        // build its tables too.
        let appSpecFolders = Set(generated.targets.filter { appTargets.contains($0.target.name) }.flatMap(\.folders))
        var listers: [String: [String]] = [:]
        var alsoBuiltInto: [String: Set<String>] = [:]
        for target in generated.targets where !appTargets.contains(target.target.name) {
            for folder in target.folders where synchronized.folders[folder] == nil { listers[folder, default: []].append(target.target.name) }
            // A table a target lists by itself (a widget's `Azkar/Resources/Localizable.xcstrings`) is built into it too.
            for file in target.files { alsoBuiltInto[file, default: []].insert(target.target.name) }
        }
        for (folder, names) in listers {
            let holder = names.first { $0 == (folder as NSString).lastPathComponent } ?? names[0]
            if appSpecFolders.contains(folder) {
                alsoBuiltInto[folder] = Set(names)
            } else {
                synchronized.folders[folder] = holder
                if names.count > 1 { alsoBuiltInto[folder] = Set(names).subtracting([holder]) }
            }
        }
        var separateAppFolders: [String: BundleChoice.Kind] = [:]
        for other in others where other.plist.describesWatchApp || other.plist.describesAppClip {
            let folder = Self.bundleFolder(ofPlist: other.path)
            if bundleFolders.contains(folder) { separateAppFolders[folder] = other.plist.describesWatchApp ? .watchApp : .appClip }
        }
        app.outsideFolders = AppBundle.OutsideFolders(bundleFolders: Array(Set(bundleFolders)).sorted(),
                                                      extensionFolders: Set(extensionFolders).intersection(bundleFolders),
                                                      packageFolders: packageFolders.sorted(),
                                                      targetNames: readsTargets ? Self.nonApplicationTargets(targets) : nil,
                                                      targetFolders: synchronized.folders, targetFiles: synchronized.fileTargets,
                                                      appFiles: synchronized.appFiles, hasRootPackage: files.contains("Package.swift"),
                                                      extensionTargets: synchronized.extensions, separateAppFolders: separateAppFolders,
                                                      separateAppTargets: synchronized.separateApps)
        app.outsideFolders.alsoBuiltInto = alsoBuiltInto
        app.outsideFolders.appFolders = appSpecFolders
        var packageTargets: [String: String] = [:]
        for folder in packageFolders + (files.contains("Package.swift") ? [""] : []) {
            packageTargets.merge(PackageManifest(folder: folder, root: root).targetFolders) { first, _ in first }
        }
        app.outsideFolders.packageTargetFolders = packageTargets
        // A catalog's `.lproj` is no localization: Xcode compiles each of its locales into that
        // locale's folder (a storyboard's catalog lives in `mul.lproj`, "multiple languages").
        // Only the app folder's files can be the app's without a project file: asked first, as it is cheap.
        let outsideMayBeApps = app.outsideFolders.targetNames != nil || !app.outsideFolders.appFolders.isEmpty
        app.lprojFolders = Array(Set(files.compactMap { path -> String? in
            guard outsideMayBeApps || inFolder(path, folder), !path.hasSuffix(".xcstrings"),
                  let name = Self.lprojName(of: path), isAppFile(path, app: app) else { return nil }
            return name
        })).sorted()
        return app
    }

    /// The storyboard key paths without a manifest: `stbLocKey`, then those the app's Swift
    /// declares as `@IBInspectable` string properties that look their value up (Pack_It's
    /// `xibLocKey` on `UIButton`), so their keys count as looked up and `migrate-ib` keeps them.
    static func storyboardKeyPaths(declaredIn sources: [SwiftSource]) -> [String] {
        var paths = ["stbLocKey"]
        for source in sources { for name in source.localizingKeyPaths where !paths.contains(name) { paths.append(name) } }
        return paths
    }

    /// The names of the project files' targets that are not applications: frameworks, bundles,
    /// extensions, watch apps and tests, each a bundle of its own.
    static func nonApplicationTargets(in projects: [(project: String, text: String)]) -> Set<String> {
        nonApplicationTargets(projectTargets(in: projects.map { ($0.project, projectObjects($0.text)) }))
    }

    /// The same of project files already parsed: every target but the app's (a watch app on
    /// `watchos` is no app, though its type is `application`).
    static func nonApplicationTargets(_ targets: [ProjectTarget]) -> Set<String> {
        Set(targets.map(\.name)).subtracting(appTargetNames(targets))
    }

    /// Xcode 16's synchronized folders (`PBXFileSystemSynchronizedRootGroup`) of targets other
    /// than the app, by project-relative path, with the target's name; and the names of those
    /// targets that choose their own localization: app extensions, watch apps, App Clips and
    /// other platforms' apps. A folder the app's target synchronizes too is built into the app,
    /// and left out.
    static func synchronizedFolders(in projects: [(project: String, text: String)]) -> SynchronizedFolders {
        let parsed = projects.map { ($0.project, projectObjects($0.text)) }
        return synchronizedFolders(in: parsed, targets: projectTargets(in: parsed))
    }

    /// The same of project files already parsed.
    static func synchronizedFolders(in projects: [(project: String, objects: [String: ProjectObject])], targets allTargets: [ProjectTarget]) -> SynchronizedFolders {
        var folders: [String: String] = [:]
        var fileTargets: [String: String] = [:]
        var appFiles = Set<String>()
        // The app is chosen among every project file's targets (a workspace's macOS project holds no iPhone app).
        let apps = appTargetNames(allTargets)
        // Every other extension or application runs as its own process, whatever holds its files.
        let ownLanguage = allTargets.filter { !apps.contains($0.name) && ($0.isExtension || $0.isApplication) }
        let separateApps = Dictionary(ownLanguage.compactMap { target in target.separateAppKind.map { (target.name, $0) } },
                                      uniquingKeysWith: { first, _ in first })
        for (project, objects) in projects {
            let base = (project as NSString).deletingLastPathComponent
            // A group's path is its parent group's folder and its own `path` (`sourceTree = "<group>"`).
            var parents: [String: String] = [:]
            for (id, object) in objects where object.isa == "PBXGroup" {
                for child in object.lists["children"] ?? [] { parents[child] = id }
            }
            func folder(of id: String, depth: Int = 0) -> String? {
                guard depth < 64, let object = objects[id] else { return nil }
                let own = object.values["path"]
                // An absolute path names a folder outside the project, whatever its source tree says.
                if own?.hasPrefix("/") == true { return nil }
                switch object.values["sourceTree"] {
                case "SOURCE_ROOT"?: return own ?? ""
                case "<group>"?, nil:
                    guard let parent = parents[id] else { return own ?? "" }
                    guard let above = folder(of: parent, depth: depth + 1) else { return nil }
                    guard let own else { return above }
                    return above.isEmpty ? own : above + "/" + own
                default: return nil  // absolute, or relative to a build setting
                }
            }
            let targets = allTargets.filter { $0.project == project }
            let synchronizedByApps = Set(targets.filter { apps.contains($0.name) }.flatMap(\.groups))
            for target in targets.sorted(by: { $0.name < $1.name }) where !apps.contains(target.name) {
                for group in target.groups where !synchronizedByApps.contains(group) && objects[group]?.isa == "PBXFileSystemSynchronizedRootGroup" {
                    guard let path = folder(of: group), let normalized = Self.normalized(base.isEmpty ? path : base + "/" + path),
                          !normalized.isEmpty else { continue }
                    folders[normalized] = target.name
                }
            }
            // Membership exceptions: a file a group's own target lists is left out of it; one
            // another target lists is built into that one too (Xcode's "Target Membership").
            let byID = Dictionary(targets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for (groupID, group) in objects where group.isa == "PBXFileSystemSynchronizedRootGroup" {
                guard let exceptions = group.lists["exceptions"], let path = folder(of: groupID) else { continue }
                let owners = Set(targets.filter { $0.groups.contains(groupID) }.map(\.name))
                var listed: [String: Set<String>] = [:]
                for id in exceptions {
                    guard let set = objects[id], set.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                          let target = set.values["target"].flatMap({ byID[$0] }) else { continue }
                    for entry in set.lists["membershipExceptions"] ?? [] {
                        guard let file = Self.normalized([base, path, entry].filter { !$0.isEmpty }.joined(separator: "/")) else { continue }
                        listed[file, default: []].insert(target.name)
                    }
                }
                for (file, named) in listed {
                    let members = owners.subtracting(named).union(named.subtracting(owners))
                    if !members.isDisjoint(with: apps) {
                        if owners.isDisjoint(with: apps) { appFiles.insert(file) }
                    } else if let target = members.sorted().first.flatMap({ name in targets.first { $0.name == name } }) {
                        // Not the app's: a file no target builds keeps its folder's (l10n models one bundle per file).
                        fileTargets[file] = target.name
                    }
                }
            }
        }
        return SynchronizedFolders(folders: folders, extensions: Set(ownLanguage.map(\.name)), separateApps: separateApps,
                                   fileTargets: fileTargets, appFiles: appFiles)
    }

    /// What project files say of targets other than the app: where their synchronized folders
    /// and files are, and which of them choose their own localization.
    struct SynchronizedFolders {
        /// Folder path → the target other than an application it is built into.
        var folders: [String: String]
        /// The targets other than the app that choose their own localization: extensions, watch
        /// apps, App Clips and other platforms' apps, whether or not their folders are synchronized.
        var extensions: Set<String>
        /// Among `extensions`, the watch apps and App Clips.
        var separateApps: [String: BundleChoice.Kind]
        /// Files a membership exception builds into a target other than the app, by path.
        var fileTargets: [String: String] = [:]
        /// Files in another target's folder that a membership exception builds into the app.
        var appFiles: Set<String> = []
    }

    /// A native target of a project file: what membership and the app's choice need.
    struct ProjectTarget {
        /// The `.xcodeproj` it is declared in, project-relative.
        var project: String
        /// Its object id in the project file.
        var id: String
        var name: String
        var type: String
        /// `SDKROOT` of its first build configuration that sets one (`iphoneos`, `watchos`...).
        var sdk: String?
        /// Its synchronized folders' object ids (Xcode 16).
        var groups: [String]
        /// The project-relative Info.plist files its configurations' `INFOPLIST_FILE` name.
        var infoPlists: [String]
        /// Whether a configuration has Xcode complete the plist (`GENERATE_INFOPLIST_FILE = YES`).
        var generatesInfoPlist = false
        /// Whether a project spec marks it as the shipped app among several: it bears the
        /// project's name or depends on an app extension (a component harness app does neither).
        var isShippedApp = false
        /// Whether a project spec (XcodeGen, Tuist) declares it, not a project file.
        var isFromSpec = false

        var isApplication: Bool { type.hasPrefix("com.apple.product-type.application") }
        /// A watch app or an App Clip: an application that runs as its own process, never the app.
        var isOwnProcess: Bool { type.contains("watchapp") || isAppClip || sdk == "watchos" }
        var isAppClip: Bool { type.contains("on-demand-install-capable") }
        /// An app extension (a widget, a share or intents extension): its own process's main bundle.
        var isExtension: Bool { type.contains("extension") }
        /// A watch app's, an App Clip's or another platform's app's kind; nil for any other target.
        var separateAppKind: BundleChoice.Kind? {
            guard isApplication else { return nil }
            if isAppClip { return .appClip }
            if type.contains("watchapp") || sdk == "watchos" { return .watchApp }
            return ["macosx", "appletvos", "xros"].contains(sdk ?? "") ? .otherPlatformApp : nil
        }
    }

    /// The native targets of parsed project files, read once per discovery.
    static func projectTargets(in projects: [(project: String, objects: [String: ProjectObject])]) -> [ProjectTarget] {
        projects.flatMap { projectTargets($0.objects, project: $0.project) }
    }

    /// The native targets of one parsed project file.
    private static func projectTargets(_ objects: [String: ProjectObject], project: String) -> [ProjectTarget] {
        let base = (project as NSString).deletingLastPathComponent
        return objects.filter { $0.value.isa == "PBXNativeTarget" }.compactMap { id, object -> ProjectTarget? in
            guard let name = object.values["name"], let type = object.values["productType"] else { return nil }
            // The platform from the target's build configurations: a watch app is an `application` on `watchos`.
            let configurations = (object.values["buildConfigurationList"].flatMap { objects[$0]?.lists["buildConfigurations"] } ?? [])
                .compactMap { objects[$0] }
            let sdk = configurations.lazy.compactMap { $0.values["buildSettings.SDKROOT"] }.first
            let plists = Set(configurations.compactMap { $0.values["buildSettings.INFOPLIST_FILE"].flatMap { Self.infoPlistPath($0[...], base: base) } })
            var target = ProjectTarget(project: project, id: id, name: name, type: type, sdk: sdk, groups: object.lists["fileSystemSynchronizedGroups"] ?? [],
                                       infoPlists: plists.sorted())
            target.generatesInfoPlist = configurations.contains { $0.values["buildSettings.GENERATE_INFOPLIST_FILE"] == "YES" }
            return target
        }
    }

    /// The app among targets: the application target (or targets) for the phone, or for the one
    /// platform there is; a watch app, an App Clip or another platform's app is a bundle of its own.
    static func appTargetNames(_ targets: [ProjectTarget]) -> Set<String> {
        let applications = targets.filter(\.isApplication)
        var phone = applications.filter { !$0.isOwnProcess && !["macosx", "watchos", "appletvos", "xros"].contains($0.sdk ?? "") }
        // A module's demo or example app that a spec declares beside the shipped one is never the app (a Tuist workspace's modules).
        let shipped = phone.filter { target in
            !target.isFromSpec || !["Demo", "Example", "Sample", "Playground"].contains { target.name.count > $0.count && target.name.hasSuffix($0) }
        }
        if !shipped.isEmpty { phone = shipped }
        // Among several, the one a project spec marks as shipped (`Riot` beside the `RiotSwiftUI` harness).
        if phone.count > 1, phone.contains(where: \.isShippedApp) { phone = phone.filter(\.isShippedApp) }
        let ownAppsOnly = applications.filter { !$0.isOwnProcess }
        // A project of a watch app (or an App Clip) alone: that is the app.
        return Set((!phone.isEmpty ? phone : !ownAppsOnly.isEmpty ? ownAppsOnly : applications).map(\.name))
    }

    /// One object of a project file: its `key = value;` lines and its `key = ( ... );` lists of ids.
    struct ProjectObject {
        var isa: String? { values["isa"] }
        var values: [String: String] = [:]
        var lists: [String: [String]] = [:]
    }

    /// The objects of a project file by id, read line by line as Xcode writes them: an object
    /// that spans lines (`ID /* name */ = {` ... `};`) with its own keys and its `buildSettings`
    /// (as `buildSettings.KEY`; other nested dictionaries such as `explicitFileTypes = {` are
    /// skipped), and an object on one line (`ID = {isa = …; path = Widget; …};`, as Xcode 16.0
    /// writes synchronized folders). Values lose their quotes and `/* comments */`.
    static func projectObjects(_ text: String) -> [String: ProjectObject] {
        var objects: [String: ProjectObject] = [:]
        var current: (id: String, object: ProjectObject)?
        var list: (name: String, ids: [String])?
        var inBuildSettings = false
        // Depth 1 is the file's dictionary, 2 `objects`, 3 an object's own keys.
        var depth = 0
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let open = list {
                if line.hasPrefix(")") {
                    current?.object.lists[open.name] = open.ids
                    list = nil
                } else if line.hasPrefix("\""), let close = line.dropFirst().firstIndex(of: "\"") {
                    // A quoted entry (`"Sub Folder/File.swift",`) may hold blanks.
                    list?.ids.append(String(line[line.index(after: line.startIndex)..<close]))
                } else if let id = line.split(separator: " ").first {
                    list?.ids.append(String(id.trimmingCharacters(in: CharacterSet(charactersIn: ","))))
                }
                continue
            }
            if line.hasSuffix("{") {
                depth += 1
                if depth == 3, let id = line.split(separator: " ").first { current = (String(id), ProjectObject()) }
                inBuildSettings = depth == 4 && line == "buildSettings = {"
            } else if line == "};" || line == "}" {
                if depth == 3, let done = current {
                    objects[done.id] = done.object
                    current = nil
                }
                depth -= 1
                inBuildSettings = false
            } else if depth == 2, line.hasSuffix("};"), let open = line.firstIndex(of: "{"), let id = line.split(separator: " ").first {
                objects[String(id)] = Self.inlineObject(line[line.index(after: open)..<line.index(line.endIndex, offsetBy: -2)])
            } else if depth == 3 || (depth == 4 && inBuildSettings), let equals = line.range(of: " = ") {
                let key = (depth == 4 ? "buildSettings." : "") + String(line[..<equals.lowerBound])
                let value = line[equals.upperBound...]
                if value == "(" {
                    if depth == 3 { list = (key, []) }
                } else if value.hasSuffix(";") {
                    current?.object.values[key] = Self.settingValue(value)
                }
            }
        }
        return objects
    }

    /// The keys of an object written on one line, between its braces: values and lists of ids;
    /// nested dictionaries are skipped. One pass over the bytes (a search for each key's ` = `
    /// from the rest of the line made a long line quadratic).
    private static func inlineObject(_ body: Substring) -> ProjectObject {
        var object = ProjectObject()
        let bytes = Array(body.utf8)
        var i = 0
        func text(_ range: Range<Int>) -> Substring { Substring(decoding: bytes[range], as: UTF8.self) }
        while i < bytes.count {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            // The key runs to ` = `.
            let keyStart = i
            while i + 2 < bytes.count, !(bytes[i] == 0x20 && bytes[i + 1] == 0x3D && bytes[i + 2] == 0x20) { i += 1 }
            guard i + 2 < bytes.count else { break }
            let key = String(text(keyStart..<i))
            i += 3
            let valueStart = i
            // The value runs to the `;` outside quotes, braces and parentheses.
            var nesting = 0
            var quoted = false
            while i < bytes.count {
                let byte = bytes[i]
                if quoted {
                    if byte == 0x5C { i += 1 } else if byte == 0x22 { quoted = false }
                } else if byte == 0x22 {
                    quoted = true
                } else if byte == 0x7B || byte == 0x28 {
                    nesting += 1
                } else if byte == 0x7D || byte == 0x29 {
                    nesting -= 1
                } else if byte == 0x3B && nesting == 0 {
                    break
                }
                i += 1
            }
            let value = text(valueStart..<min(i, bytes.count))
            i += 1
            if value.hasPrefix("(") {
                object.lists[key] = value.dropFirst().dropLast().split(separator: ",").compactMap { item in
                    item.split(separator: " ").first.map(String.init)
                }
            } else if !value.hasPrefix("{") {
                object.values[key] = Self.settingValue(value)
            }
        }
        return object
    }

    /// A project file value up to its `;`, its quotes and a trailing `/* comment */` taken off.
    private static func settingValue(_ text: Substring) -> String {
        var value = text.hasSuffix(";") ? text.dropLast() : text
        if !value.hasPrefix("\""), value.hasSuffix("*/"), let comment = value.range(of: " /*") { value = value[..<comment.lowerBound] }
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
        return String(value)
    }

    /// The `.lproj` name the development region's texts are in, as CFBundle finds it: the region
    /// as spelled there, by its old name (`English` for `en` and back), with `_` for `-`, or by
    /// its language alone (`en_US` → `en.lproj`); the region itself when no folder has it.
    static func developmentFolder(_ region: String, in folders: [String]) -> String {
        let folders = folders.filter { $0 != "Base" }
        if let spelled = BundleLocalizations.spelling(of: region, in: folders) { return spelled }
        let language = ICULocale.language(region)
        if !language.isEmpty, language != region, let spelled = BundleLocalizations.spelling(of: language, in: folders) { return spelled }
        return region
    }

    /// `$(DEVELOPMENT_LANGUAGE)`, the value of Xcode's Info.plist template since Xcode 9, as the
    /// build resolves it: the `developmentRegion` of the project file (`*.xcodeproj/project.pbxproj`
    /// in the folder or one below it); nil without one, so the source language comes from the
    /// catalogs (or is `en`, Xcode's default).
    func developmentLanguage(in projects: [(project: String, text: String)]? = nil) -> String? {
        for (_, text) in projects ?? xcodeProjectFiles() {
            guard let range = text.range(of: #"developmentRegion = "?([A-Za-z0-9_-]+)"?;"#, options: .regularExpression) else { continue }
            let value = text[range].dropFirst("developmentRegion = ".count).dropLast().filter { $0 != "\"" }
            if let id = LocaleIdentifier.canonicalized(String(value)) { return id }
        }
        return nil
    }

    /// The folder of the bundle a plist describes: its own, or the one above a support folder
    /// (`App/Configuration/Info.plist`, as XcodeGen and Tuist projects lay it out, is `App`'s)
    /// unless that is the project's top (a root `Configuration/` above every target's folder).
    static func bundleFolder(ofPlist path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        guard folder.contains("/"), supportFolderNames.contains((folder as NSString).lastPathComponent.lowercased()) else { return folder }
        return (folder as NSString).deletingLastPathComponent
    }

    /// Folders that hold a target's plist and build settings rather than its sources (compared lowercased).
    static let supportFolderNames: Set<String> = [
        "supporting files", "supportingfiles", "support", "supporting", "configuration", "configurations", "config", "plists", "resources",
    ]

    /// Candidates are tried app bundles first (an extension's or watch app's plist, a package
    /// type other than `APPL`, or a folder named like a test target, comes last), then
    /// shallowest first, then by path.
    private static func infoPlistRank(_ candidate: (path: String, plist: InfoPlist)) -> (Int, Int, String) {
        let type = candidate.plist.packageType ?? "APPL"
        let folder = ((candidate.path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        let secondary = candidate.plist.describesExtension || (type != "APPL" && !type.contains("$")) || folder.hasSuffix("Tests")
        return (secondary ? 1 : 0, candidate.path.split(separator: "/").count, candidate.path)
    }

    /// Project-relative paths the Xcode project files' `INFOPLIST_FILE` settings name (each
    /// relative to the folder that holds its `.xcodeproj`; `$(SRCROOT)/` read as that folder).
    func infoPlistSettings(in projects: [(project: String, text: String)]? = nil) -> [String] {
        var paths: [String] = []
        let setting = "INFOPLIST_FILE = "
        for (project, text) in projects ?? xcodeProjectFiles() {
            let base = (project as NSString).deletingLastPathComponent
            // Line by line: a regular expression searched again from each match's end re-read
            // the rest of the file every time (42 s for a 1 MB project of 24,000 settings).
            for line in text.split(whereSeparator: \.isNewline) where line.contains(setting) {
                var rest = line[...]
                while let found = rest.range(of: setting) {
                    let after = rest[found.upperBound...]
                    // A quoted value up to its closing quote, else a token up to `;` or a blank.
                    var value: Substring
                    if after.first == "\"" {
                        guard let close = after.dropFirst().firstIndex(of: "\"") else { break }
                        value = after[after.index(after: after.startIndex)..<close]
                        rest = after[close...]
                    } else {
                        value = after.prefix { $0 != ";" && !$0.isWhitespace }
                        rest = after[value.endIndex...]
                    }
                    if let path = Self.infoPlistPath(value, base: base) { paths.append(path) }
                }
            }
        }
        return paths
    }

    /// An `INFOPLIST_FILE` value as a project-relative path (`$(SRCROOT)/` is the folder `base`
    /// that holds the `.xcodeproj`); nil for one that names another build setting or an absolute path.
    static func infoPlistPath(_ value: Substring, base: String) -> String? {
        var value = value
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"] where value.hasPrefix(prefix) {
            value = value.dropFirst(prefix.count)
        }
        guard !value.isEmpty, !value.contains("$"), !value.hasPrefix("/") else { return nil }
        return Self.joined(base, String(value))
    }

    /// `relative` resolved against the project-relative folder `base` (see `normalized`).
    static func joined(_ base: String, _ relative: String) -> String? {
        normalized(base.isEmpty ? relative : base + "/" + relative)
    }

    /// A project-relative path with `.`, `..` and empty components taken out; nil when it
    /// climbs above the project folder or names nothing.
    public static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// Each `*.xcodeproj/project.pbxproj` in the folder or one below it, by project-relative path
    /// of its `.xcodeproj`, with its text.
    private func xcodeProjectFiles() -> [(project: String, text: String)] {
        let manager = FileManager.default
        let top = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
        var candidates = top.filter { $0.hasSuffix(".xcodeproj") }
        for name in top where !name.hasPrefix(".") && !candidates.contains(name) {
            let below = (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent(name).path)) ?? []
            candidates += below.filter { $0.hasSuffix(".xcodeproj") }.map { name + "/" + $0 }
        }
        return candidates.sorted().compactMap { project in
            guard let data = try? AtomicFile.read(root.appendingPathComponent(project + "/project.pbxproj")),
                  let text = String(data: data, encoding: .utf8) else { return nil }
            return (project, text)
        }
    }

    private static func declaresLocalizations(_ plist: InfoPlist) -> Bool {
        plist.keyLocations[InfoPlist.localizationsKey] != nil || !plist.localizations.isEmpty
    }

    /// Whether a file is built into the app: inside its folder, or outside it where the Xcode
    /// project says no other bundle holds it (`AppBundle.OutsideFolders`); never a vendor's.
    func isAppFile(_ path: String, app: AppBundle) -> Bool {
        guard !isVendor(path), !Self.isOutsideRoot(path), Self.bundleDirectory(of: path) == nil,
              app.outsideFolders.target(of: path) == nil else { return false }
        // A folder the spec lists for the app's target is the app's, but for bundles nested in it.
        if let folder = app.outsideFolders.appFolder(of: path) {
            let nested = [app.outsideFolders.bundleFolder(of: path), app.outsideFolders.packageFolder(of: path)].compactMap { $0 }
            if !nested.contains(where: { $0 != folder && inFolder($0, folder) }) { return true }
        }
        // An app without a folder of its own (no plist) holds what no other bundle holds.
        if app.folder.isEmpty && app.infoPlistPath == nil { return app.outsideFolders.holder(of: path) == nil }
        if inFolder(path, app.folder) {
            // Unless a bundle nested in the app's folder holds it: `App/ShareExtension/Info.plist`, `App/Packages/Feature/Package.swift`.
            let nested = [app.outsideFolders.bundleFolder(of: path), app.outsideFolders.packageFolder(of: path)].compactMap { $0 }
            return !nested.contains { $0 != app.folder && inFolder($0, app.folder) }
        }
        return app.outsideFolders.isApps(path)
    }

    /// The bundle directory a file lies in (the deepest `X.bundle`, `X.framework`, `X.xcframework`,
    /// `X.appex` or `X.app` of its folders), nil outside one: such a folder is a bundle of its own
    /// wherever it lies, the app's folder included (`Settings.bundle`). `readsDeviceLanguages`: the
    /// bundle is matched against the device's languages rather than the app's choice, as an app
    /// extension and the Settings app's `Settings.bundle` are.
    static func bundleDirectory(of path: String) -> (name: String, readsDeviceLanguages: Bool)? {
        // One pass over the bytes, no component made unless it is one (every Swift file's lookups ask).
        let utf8 = path.utf8
        var componentStart = utf8.startIndex
        var dot: String.UTF8View.Index?
        var found: (start: String.UTF8View.Index, dot: String.UTF8View.Index, end: String.UTF8View.Index)?
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "/") {
                if let dot, dot != componentStart, Self.isBundleExtension(utf8[utf8.index(after: dot)..<index]) {
                    found = (componentStart, dot, index)
                }
                componentStart = utf8.index(after: index)
                dot = nil
            } else if byte == UInt8(ascii: ".") {
                dot = index
            }
            index = utf8.index(after: index)
        }
        guard let found else { return nil }
        let name = String(path[found.start..<found.dot])
        let suffix = utf8[utf8.index(after: found.dot)..<found.end]
        return (name, suffix.elementsEqual("appex".utf8) || (name == "Settings" && suffix.elementsEqual("bundle".utf8)))
    }

    private static func isBundleExtension(_ suffix: Substring.UTF8View) -> Bool {
        ["bundle", "framework", "xcframework", "appex", "app"].contains { suffix.elementsEqual($0.utf8) }
    }

    /// The bundle a file is built into.
    func bundle(of path: String, app: AppBundle) -> String {
        if isAppFile(path, app: app) { return app.name }
        if !isVendor(path), let directory = Self.bundleDirectory(of: path) { return directory.name }
        if !isVendor(path), let holder = app.outsideFolders.holder(of: path) { return holder }
        var folder = (path as NSString).deletingLastPathComponent
        if folder.hasSuffix(".lproj") { folder = (folder as NSString).deletingLastPathComponent }
        return folder.isEmpty ? root.lastPathComponent : (folder as NSString).lastPathComponent
    }

    /// Each manifest layer's path as the project names files: relative to the root, with `..`
    /// for a file outside it. A path that names nothing is an error at the layer in `l10n.json`:
    /// a chain that silently lost its SDK layer would pass every check.
    private func manifestLayerPaths(_ manifest: ProjectManifest, listed: Set<String>) throws -> [String?] {
        try (manifest.layers ?? []).map { spec in
            guard let path = spec.path else { return nil }
            let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)).standardizedFileURL
            let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
            let at = spec.location ?? SourceLocation(file: root.appendingPathComponent(ProjectManifest.fileName).path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw InputError("layer \(spec.bundle)/\(spec.table): \"\(path)\" names no file (looked for \(url.path))", at: at,
                                 hint: "give the catalog's path, relative to the project folder or absolute; for the SDK's catalog in a "
                                    + "SwiftPM checkout see docs/project.md (\"The SDK's catalog in an Xcode project\")")
            }
            guard !isFolder.boolValue, url.pathExtension == "xcstrings" || url.pathExtension == "strings" else {
                throw InputError("layer \(spec.bundle)/\(spec.table): \"\(path)\" is \(isFolder.boolValue ? "a folder" : "not a .xcstrings or .strings file")",
                                 at: at, hint: "name the layer's String Catalog (…/\(spec.table).xcstrings) or one of its .strings files")
            }
            // Inside or outside is decided with symbolic links resolved: a link to a checkout
            // elsewhere is outside (read-only unless writable), whatever the path says.
            // (A listed file that is itself a link keeps its project path: writes go through the
            // link and are refused where it leads out.)
            let resolved = FileTransaction.resolved(url)
            let relative = url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : nil
            if let relative, listed.contains(relative) || FileTransaction.isInside(resolved, root) { return relative }
            guard url.pathExtension == "xcstrings" else {
                throw InputError("layer \(spec.bundle)/\(spec.table): \"\(path)\" is a .strings table outside the project folder, which l10n does not read",
                                 at: at, hint: "a layer outside the project must be a String Catalog (.xcstrings); copy the table into the project or point at its catalog")
            }
            return Self.relativePath(of: resolved, from: root)
        }
    }

    /// The catalog the manifest's `previousSdk` names, read; an error at the field when it names
    /// no String Catalog.
    private func readPreviousSDK(_ manifest: ProjectManifest) throws -> CatalogFile? {
        guard let path = manifest.previousSDK else { return nil }
        let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)).standardizedFileURL
        let at = manifest.previousSDKLocation ?? SourceLocation(file: root.appendingPathComponent(ProjectManifest.fileName).path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue, url.pathExtension == "xcstrings" else {
            throw InputError("previousSdk: \"\(path)\" names no String Catalog (looked for \(url.path))", at: at,
                             hint: "give the previous SDK version's IMGLYEditor.xcstrings, relative to the project folder or absolute")
        }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let projectPath = url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : Self.relativePath(of: url, from: root)
        let catalog = try StringCatalogReader.read(contentsOf: url, displayPath: projectPath)
        let table = String(url.lastPathComponent.dropLast(".xcstrings".count))
        return CatalogFile(path: projectPath, table: table, bundle: "previous SDK", catalog: catalog)
    }

    /// `../../Packages/X/IMGLYEditor.xcstrings`: the path of a file outside `root` relative to it.
    static func relativePath(of url: URL, from root: URL) -> String {
        let target = url.standardizedFileURL.pathComponents
        let base = root.standardizedFileURL.pathComponents
        let shared = zip(target, base).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: base.count - shared) + target[shared...]).joined(separator: "/")
    }

    /// Whether a project path leads out of the root (a manifest layer outside the project).
    public static func isOutsideRoot(_ path: String) -> Bool { path == ".." || path.hasPrefix("../") }

    private func lookupChain(app: AppBundle, catalogs: [CatalogFile], tables: [StringsTable], manifest: ProjectManifest,
                             layerPaths: [String?]) -> LookupChain {
        if let specs = manifest.layers {
            let layers = zip(specs, layerPaths).map { spec, path in
                Layer(bundle: spec.bundle, table: spec.table, role: spec.role,
                      catalogPath: path.flatMap { $0.hasSuffix(".xcstrings") ? $0 : nil })
            }
            return LookupChain(layers: layers, isEditorChain: layers.contains { $0.role == .sdk })
        }
        func appLayer(_ table: String) -> Layer? {
            if let catalog = catalogs.first(where: { $0.bundle == app.name && $0.table == table }) {
                return Layer(bundle: app.name, table: table, role: .app, catalogPath: catalog.path)
            }
            if tables.contains(where: { $0.bundle == app.name && $0.table == table }) {
                return Layer(bundle: app.name, table: table, role: .app, catalogPath: nil)
            }
            return nil
        }
        let sdk = catalogs.first { $0.bundle != app.name && $0.table == Self.editorTable }
        guard let sdk else {
            return LookupChain(layers: [appLayer("Localizable")].compactMap { $0 }, isEditorChain: false)
        }
        let sdkLayer = Layer(bundle: sdk.bundle, table: Self.editorTable, role: .sdk, catalogPath: sdk.path)
        return LookupChain(layers: [appLayer("Localizable"), appLayer(Self.editorTable), sdkLayer].compactMap { $0 },
                           isEditorChain: true)
    }

    private func parseConcurrently<T: Sendable>(_ paths: [String], _ parse: @Sendable (String) throws -> T) throws -> [T] {
        try ConcurrentWork.map(paths.count) { index in Result { try parse(paths[index]) } }.map { try $0.get() }
    }

    private func inFolder(_ path: String, _ folder: String) -> Bool {
        folder.isEmpty || path.hasPrefix(folder + "/")
    }

    private func isVendor(_ path: String) -> Bool {
        Self.isVendorPath(path)
    }

    /// Whether a project-relative file path lies inside a vendor folder (third-party, read-only).
    public static func isVendorPath(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { vendorFolders.contains(String($0)) }
    }

    /// `de` for `App/de.lproj/Localizable.strings`, nil when the file is not in an `.lproj`.
    package static func lprojName(of path: String) -> String? {
        let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        guard folder.hasSuffix(".lproj") else { return nil }
        return String(folder.dropLast(".lproj".count))
    }

    /// The locale of a file in an `.lproj`: its folder's name, or the id `names` (locale → folder)
    /// gives that folder.
    package static func lprojLocale(of path: String, names: [String: String]) -> String? {
        guard let name = lprojName(of: path) else { return nil }
        return names.first { $0.value == name }?.key ?? name
    }

    /// The folders whose name spells a locale of the app's catalogs another way (`English` for
    /// `en`, `pt_BR` for `pt-BR`), as locale → folder. CFBundle finds a localization's texts in
    /// any of its spellings, so the model takes such a folder for the catalogs' locale.
    static func lprojNames(folders: Set<String>, catalogLocales: Set<String>) -> [String: String] {
        let ids = catalogLocales.sorted()
        var names: [String: String] = [:]
        for folder in folders.sorted() where folder != "Base" && !catalogLocales.contains(folder) {
            if let id = BundleLocalizations.spelling(of: folder, in: ids), id != folder, names[id] == nil { names[id] = folder }
        }
        // A legacy language code (`iw` for Hebrew, `in` for Indonesian, as Android-style exporters
        // write them): CFLocale canonicalizes it, so Hebrew devices read `iw.lproj`; the model
        // takes it for its replacement, unless that locale has texts of its own.
        for folder in folders.sorted() where names.values.contains(folder) == false && !catalogLocales.contains(folder) {
            guard let id = LocaleIdentifier.replacementOfLegacyFolder(folder), !folders.contains(id), !catalogLocales.contains(id),
                  names[id] == nil else { continue }
            names[id] = folder
        }
        return names
    }

    /// One table's names: the project's (for the files it may create), with each folder it has
    /// files in taken as it is spelled there. Where the table has files under two spellings of
    /// one locale (`en.lproj` and `English.lproj`), each keeps its own folder name as its locale.
    static func lprojNames(_ project: [String: String], ownFolders: Set<String>) -> [String: String] {
        guard !ownFolders.isEmpty else { return project }
        let projectLocale = Dictionary(project.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var byLocale: [String: [String]] = [:]
        for folder in ownFolders { byLocale[projectLocale[folder] ?? folder, default: []].append(folder) }
        var names = project
        for (locale, folders) in byLocale {
            if folders.count == 1, folders[0] != locale {
                names[locale] = folders[0]
            } else {
                // Its own folder (`en.lproj`), or both spellings: no locale stands for another folder.
                names[locale] = nil
                for folder in folders { names[folder] = nil }
            }
        }
        return names
    }
}

/// Folders the enumerator could not open (it reports them through a callback).
private final class FailedFolders: @unchecked Sendable {
    var paths: [String] = []
}
