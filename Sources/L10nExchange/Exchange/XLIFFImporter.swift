import Foundation
import L10nCore
import L10nFormats
import L10nLocale
import L10nXLIFF
import L10nProject

/// A translator file to import: its XLIFF document and the path that names it in reports.
public struct ImportInput: Sendable {
    /// The file or `.xcloc` bundle as the user named it.
    public var path: String
    public var document: XLIFFDocument
    /// The file or bundle it was read from; nil for a document made in memory. An import that
    /// must plan again after a write conflict reads the file again from here instead of holding
    /// every parsed document through the first plan.
    public var url: URL?
    /// For an `.xcloc` bundle: its files besides the XLIFF (localized asset-catalog images),
    /// which the import names in a note rather than pass over in silence.
    public var filesNotImported: [String] = []

    public init(path: String, document: XLIFFDocument, url: URL? = nil) {
        self.path = path
        self.document = document
        self.url = url
    }

    /// Reads an XLIFF 1.2 file, or an `.xcloc` bundle folder (its `Localized Contents/<lang>.xliff`).
    /// Unusable input (malformed XML, not XLIFF 1.2, a `<file>` without `target-language`) throws
    /// a located `XLIFFError`.
    public static func read(contentsOf url: URL, displayPath: String? = nil) throws -> ImportInput {
        let display = displayPath ?? url.path
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        if url.pathExtension.lowercased() == "xcloc" || (exists && isFolder.boolValue) {
            let bundle = try XclocBundle.read(at: url, displayPath: display)
            var input = ImportInput(path: display, document: bundle.document, url: url)
            input.filesNotImported = bundle.otherLocalizedContents
            return input
        }
        return ImportInput(path: display, document: try XLIFFReader().read(contentsOf: url, displayPath: display), url: url)
    }

    /// `read(contentsOf:displayPath:)` of each file, two at a time (parsing is most of an
    /// import's reading; each file's bytes are held while it is parsed, so no more than two, on
    /// any number of cores); the results in the order given. The largest files are parsed
    /// first, so the last one parsed, alone on its core, is a small one.
    public static func read(_ files: [(url: URL, displayPath: String?)]) -> [Result<ImportInput, any Error>] {
        let sizes = files.map { file -> Int in
            var info = stat()
            return stat(file.url.path, &info) == 0 ? Int(info.st_size) : 0
        }
        let order = files.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        let parsed = ConcurrentWork.map(files.count, width: 2) { index in
            Result { try read(contentsOf: files[order[index]].url, displayPath: files[order[index]].displayPath) }
        }
        var results = parsed
        for (position, index) in order.enumerated() { results[index] = parsed[position] }
        return results
    }

    /// The source words of every input's units (`XLIFFDocument.sourceWords`), each text counted
    /// once across the inputs: what the import report states as `sourceWords`.
    public static func sourceWords(_ inputs: [ImportInput]) -> Int {
        var counts = SourceWordCounts()
        return inputs.reduce(0) { $0 + $1.document.sourceWords(counting: &counts) }
    }
}

/// Everything an import will do: the outcome of every unit and the bytes of every file it
/// writes, computed before anything is written.
public struct ImportPlan: Sendable {
    /// Every unit of every input, in input and document order.
    public var outcomes: [ImportUnitOutcome]
    /// The files to write, in path order; only files whose bytes change.
    public var changes: [ImportFileChange]
    /// Remarks about the run as a whole (a catalog not in Xcode's format is rewritten whole...).
    public var notes: [String]

    public var totals: ImportTotals { ImportTotals(outcomes) }

    /// Whether some unit was refused (the others are applied); the command line exits 1 then.
    public var hasRefusals: Bool { outcomes.contains { $0.status == .refused } }

    /// The project folder nothing may be written outside of.
    public var root: URL?
    /// Catalogs outside the root the plan may write: layers the manifest marks writable.
    public var writableOutsideRoot: [URL] = []
    /// Files inside the root no write may reach through a link (`Project.protectedPaths`).
    public var protectedPaths = ProtectedPaths()

    /// Writes every changed file as one `FileTransaction` inside the project root (and the
    /// writable layers outside it the manifest declares), creating
    /// `.lproj` folders for new `.strings` files: all or nothing, under each file's lock, and
    /// never over a file another run changed since discovery read it (`FileTransaction.Conflict`:
    /// discover and plan again).
    /// `held`: the locks the caller took before the project was read (`XLIFFImporter.filesToLock`).
    public func write(force: Bool = false, lockTimeout: TimeInterval = 60, holding held: [FileLock] = [],
                      waiting: @escaping (String) -> Void = { _ in }) throws {
        guard let root else { throw InputError("the import plan has no project root") }
        var transaction = FileTransaction(root: root, changes: changes.map { FileTransaction.Change(url: $0.url, data: $0.data, expected: $0.expected) })
        transaction.heldLocks = held
        transaction.allowedOutside = writableOutsideRoot
        transaction.protected = protectedPaths
        transaction.force = force
        transaction.lockTimeout = lockTimeout
        transaction.waiting = waiting
        try transaction.commit()
    }
}

/// Merges translator files into a project's catalogs and `.strings` tables.
///
/// File level (any problem: `ImportFailure`, nothing written, exit 2): every `<file>` needs a
/// `target-language` other than the source language (unless `sourceEdits`: then a
/// development-language file's targets are copy edits of the sources) and a `source-language`
/// equal to the catalog's; its `original` must lie inside the project and name an app catalog, a `.strings`
/// table (any locale's file of it: the target locale's `<locale>.lproj/<Table>.strings` is
/// written, created when missing), a storyboard or XIB in `Base.lproj` (its `<locale>.lproj/<Name>.strings`
/// is written, created in ibtool's layout; the document never), or the app's editor-table catalog for SDK keys (created in
/// Xcode's format when the app has none). The SDK's catalog and vendor folders are read-only.
///
/// Unit level: the rules of `ImportPolicy`, in its order (docs/exchange.md lists them); this
/// type finds the project's unit each returned one answers and writes what the rules decide.
///
/// An SDK key that the app's editor catalog lacks is created there as a copy of the SDK's entry
/// (comment, every localization, `extractionState: manual`) before the translation is set, so
/// the new app-side entry never hides a translation the SDK has.
public struct XLIFFImporter: Sendable {
    public var project: Project
    public var files: ExchangeFiles
    /// Whether a `<file>` whose target language is the development language is applied as copy
    /// edits of the source texts (`import --source-edits`, `SourceEdits`); else it is refused.
    public var sourceEdits: Bool
    /// Whether the catalog with the most units is judged on a second core beside the rest (off
    /// only in tests, as the oracle of what judging everything in one session gives).
    var judgesLargestCatalogApart = true

    public init(project: Project, sourceEdits: Bool = false) {
        self.project = project
        self.files = ExchangeFiles(project: project)
        self.sourceEdits = sourceEdits
    }

    /// Where a `<file>`'s units go.
    enum Destination {
        /// An app catalog (it may not exist yet: the editor catalog for SDK keys).
        case catalog(path: String)
        /// A legacy table, or a storyboard's, XIB's or intent definition's strings files; the target locale's file is written.
        case strings(ExchangeFiles.Table)
        /// A legacy table's `.stringsdict`; the target locale's `.stringsdict` is written.
        case stringsdict(ExchangeFiles.PluralTable)
        /// A file of the project that l10n does not import.
        case unsupported(path: String)
        /// A file l10n never writes (vendor, SDK, read-only layer, outside the project): every
        /// unit is refused with this file-level reason, and the other files are imported.
        case readOnly(original: String, why: String)
    }

    /// The project files an import of these inputs may change, as far as the inputs tell before
    /// the project is read: each `<file>`'s catalog, and for a `.strings` table the target locale's
    /// file. The import command locks them before discovery reads them.
    public static func filesToLock(for inputs: [ImportInput], root: URL) -> [URL] {
        var urls: [URL] = []
        for file in inputs.flatMap(\.document.files) {
            // Only the files an import may write: a vendor's or another kind of file is refused
            // later, and must not get a lock file in a folder that is not the app's.
            guard let path = normalizedPath(file.original, root: root), !ProjectDiscovery.isVendorPath(path),
                  path.hasSuffix(".xcstrings") || path.hasSuffix(".strings") || path.hasSuffix(".stringsdict")
                    || isBaseDocumentPath(path) else { continue }
            var url = root.appendingPathComponent(path)
            if isBaseDocumentPath(path) {
                // A storyboard's or intent definition's translations go to `<locale>.lproj/<Name>.strings`
                // next to its `Base.lproj`.
                url = url.deletingPathExtension().appendingPathExtension("strings")
            }
            guard url.pathExtension == "strings" || url.pathExtension == "stringsdict", url.deletingLastPathComponent().pathExtension == "lproj",
                  let locale = file.targetLanguage.flatMap(LocaleIdentifier.canonicalized) else {
                urls.append(url)
                continue
            }
            urls.append(url.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("\(locale).lproj").appendingPathComponent(url.lastPathComponent))
        }
        let boundary = FileTransaction.resolved(root).path
        return urls.map(FileTransaction.resolved).filter { $0.path.hasPrefix(boundary.hasSuffix("/") ? boundary : boundary + "/") }
    }

    /// Whether the path names a storyboard, XIB or intent definition in a `Base.lproj` folder.
    static func isBaseDocumentPath(_ path: String) -> Bool {
        (path.hasSuffix(".storyboard") || path.hasSuffix(".xib") || path.hasSuffix(".intentdefinition"))
            && (path as NSString).deletingLastPathComponent.hasSuffix("Base.lproj")
    }

    /// Checks every input and computes every outcome and file; writes nothing. Each document is
    /// let go once its units are planned (when the caller hands the inputs over): the outcomes
    /// keep only the strings they name, not the parsed files.
    public func plan(_ inputs: consuming [ImportInput]) throws(ImportFailure) -> ImportPlan {
        var inputs = inputs
        var errors: [ImportFileError] = []
        var destinations: [[Destination?]] = []
        // One string for each catalog path: the sessions compare a unit's path with the paths
        // they know several times a unit, and two strings that are one object compare at once.
        var sharedPaths: [String: String] = [:]
        var targetLocales = TargetLocales(project: project, files: files)
        for input in inputs {
            // A development-language file names the flag once, not once per catalog it holds.
            var namedSourceEdits = false
            destinations.append(input.document.files.map { file in
                switch destination(for: file, input: input.path, locales: &targetLocales) {
                case .success(.catalog(let path)):
                    let shared = sharedPaths[path, default: path]
                    sharedPaths[path] = shared
                    return .catalog(path: shared)
                case .success(let destination): return destination
                case .failure(let error) where error.kind == .outsideRoot || error.kind == .readOnlyFile:
                    // Real exports hold packages beside the project and vendor folders: their
                    // units are refused, the rest of the file is imported.
                    return .readOnly(original: file.original, why: error.message + (error.hint.map { "; " + $0 } ?? ""))
                case .failure(let error):
                    if error.kind == .targetIsSourceLanguage {
                        if namedSourceEdits { return nil }
                        namedSourceEdits = true
                    }
                    errors.append(error)
                    return nil
                }
            })
        }
        guard errors.isEmpty else { throw ImportFailure(errors: errors) }

        var session = ImportSession(project: project, files: files)
        // Whether each catalog the files name is in Xcode's format (`finish` reads it for the
        // catalogs edited) is worked out beside the judging: on its own thread when one session
        // judges, by the session that finishes first when two do.
        var checked = Set<String>()
        let catalogsToCheck = destinations.joined().compactMap { destination -> (path: String, url: URL, catalog: StringCatalog)? in
            guard case .catalog(let path)? = destination, checked.insert(path).inserted, let original = files.catalog(atPath: path) else { return nil }
            return (path, project.url(forPath: path), original.catalog)
        }
        // The units of the catalog with the most are judged on another core beside the rest:
        // what a session keeps is per file written, so the two share nothing they edit.
        let largest = judgesLargestCatalogApart ? Self.catalogWithMostUnits(inputs, destinations) : nil
        let parts = ImportParts()
        for (index, fileDestinations) in destinations.enumerated() {
            let input = inputs[index]
            inputs[index].document.files = []
            for (file, destination) in zip(input.document.files, fileDestinations) {
                guard let destination, let language = file.targetLanguage, let canonical = session.canonical(language) else { continue }
                // A file l10n never writes keeps its id (its units are all refused); every other
                // file's language was resolved, or refused, by `destination(for:)`.
                let locale: String
                if case .readOnly = destination {
                    locale = canonical
                } else {
                    locale = (try? targetLocales.locale(for: canonical, input: input.path)) ?? canonical
                }
                let part: Int
                if case .catalog(let path) = destination, path == largest { part = 1 } else { part = 0 }
                parts.add(file: file, locale: locale, destination: destination, input: input.path, to: part)
            }
        }
        // Exactly one outcome per unit, in input and document order: each part writes its
        // outcomes straight into their places (copying 290,000 outcomes cost a tenth of an import).
        var judged: [ImportSession] = []
        let outcomes = [ImportUnitOutcome](unsafeUninitializedCapacity: parts.unitCount) { buffer, initialized in
            let places = ImportParts.Places(buffer)
            let written: Int
            if largest == nil {
                // One session judges everything (the tests' oracle for two).
                session.formatChecks = CatalogFormatChecks(catalogsToCheck)
                written = session.judge(parts.take(0), into: places)
            } else {
                let done = ConcurrentWork.map(2) { [project, files] part in
                    var judging = ImportSession(project: project, files: files)
                    let written = judging.judge(parts.take(part), into: places)
                    // Each part makes its own files' bytes on its core right after judging; the
                    // smaller part also makes the tables' and checks the catalogs' format.
                    if part == 0 { judging.tableChanges = judging.changedTables() }
                    judging.makeCatalogData()
                    if part == 0 { judging.formatChecks = CatalogFormatChecks(checkingNow: catalogsToCheck) }
                    return (session: judging, written: written)
                }
                judged = done.map(\.session)
                written = done.reduce(0) { $0 + $1.written }
            }
            // Every place is filled once: the pieces' runs of places tile the list.
            precondition(written == parts.unitCount, "an outcome was left out")
            initialized = parts.unitCount
        }
        session.outcomes = outcomes
        session.notes += targetLocales.notes + targetLocales.newLocaleNotes(outcomes)
        for input in inputs where !input.filesNotImported.isEmpty {
            let count = input.filesNotImported.count
            session.notes.append("\(input.path) holds \(count) file\(count == 1 ? "" : "s") besides its XLIFF that l10n does not import (\(MessageText.firstItems(input.filesNotImported))): "
                + "Xcode puts an asset catalog's localized images and colours there, and its Import Localizations (xcodebuild -importLocalizations) applies them")
        }
        if let first = judged.first {
            session.tableChanges = first.tableChanges
            session.formatChecks = first.formatChecks
        }
        for part in judged { session.absorb(part) }
        // What only the judging needed (ids seen, lookups) is let go on another thread.
        DispatchQueue.global(qos: .utility).async { [judged] in _ = judged.count }
        judged = []
        let plan = session.finish()
        // So are the working copies of the catalogs, once their bytes are made: freeing a
        // large catalog's model took 30 ms of the import's critical path.
        DispatchQueue.global(qos: .utility).async { [session] in _ = session.catalogs }
        return plan
    }

    /// The catalog most of the units go to, when some units go elsewhere (else nil: one part).
    static func catalogWithMostUnits(_ inputs: [ImportInput], _ destinations: [[Destination?]]) -> String? {
        var units: [String: Int] = [:]
        var elsewhere = 0
        for (input, fileDestinations) in zip(inputs, destinations) {
            for (file, destination) in zip(input.document.files, fileDestinations) {
                switch destination {
                case .catalog(let path)?: units[path, default: 0] += file.units.count
                case .some: elsewhere += file.units.count
                case nil: break
                }
            }
        }
        guard let most = units.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
              elsewhere + units.values.reduce(0, +) > most.value else { return nil }
        return most.key
    }

    // MARK: File level

    func destination(for file: XLIFFFile) -> Result<Destination, ImportFileError> {
        var locales = TargetLocales(project: project, files: files)
        return destination(for: file, input: "", locales: &locales)
    }

    /// Where a `<file>`'s units go, its target language taken as the project's locale it means (`locales`).
    func destination(for file: XLIFFFile, input: String, locales: inout TargetLocales) -> Result<Destination, ImportFileError> {
        let at = file.location
        guard let declared = file.targetLanguage, !declared.isEmpty else {
            return .failure(ImportFileError(.missingTargetLanguage, "<file original=\"\(file.original)\"> has no target-language", at: at,
                                            hint: "Xcode's importer skips such a file silently; add target-language=\"de\" (the translation's language) to the <file> element"))
        }
        let locale: String
        do {
            locale = try LocaleIdentifier(validating: declared).rawValue
        } catch {
            return .failure(ImportFileError(.invalidTargetLanguage, "target-language: \(error.message)", at: at, hint: error.hint))
        }
        // Valid ids, but no translation's language: a catalog would get a "Base" locale and a
        // `.strings` table a Base.lproj file, which Xcode never writes.
        if locale == "Base" || locale == "mul" || locale == "und" || locale.hasPrefix("und-") {
            return .failure(ImportFileError(.invalidTargetLanguage, "target-language: '\(declared)' names no language a device runs in", at: at,
                                            hint: "set the translation's language, e.g. target-language=\"de\" (Base is the storyboards' development copy, mul a catalog's folder, und an undetermined language)"))
        }
        guard !file.original.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .failure(ImportFileError(.unknownFile, "<file> has an empty original: it names no file of the project", at: at,
                                            hint: "set original to the project-relative path of the catalog or table, as l10n export writes it"))
        }
        guard let path = Self.normalizedPath(file.original, root: project.root) ?? writableLayerPath(named: file.original),
              isInsideRoot(path) || project.writableOutsideRoot.contains(path) else {
            // Xcode exports a SwiftPM package's catalog as `../../Package/...`: when the manifest
            // declares that catalog as a layer (not writable), say so.
            if let layer = outsideLayerPath(named: file.original) {
                return .failure(ImportFileError(.readOnlyFile, "original \"\(file.original)\" is the layer \(layer) outside the project folder, which is read-only", at: at,
                                                hint: "mark the layer \"writable\": true in l10n.json to import into it, or import in the package's own project (l10n import --project <package>)"))
            }
            return .failure(ImportFileError(.outsideRoot, "original \"\(file.original)\" lies outside the project folder \(project.root.path)", at: at,
                                            hint: "import files that name project-relative paths (as l10n export writes them), or pass the right --project"))
        }
        // An app file that is a symbolic link into a vendor folder or to the SDK's catalog is one
        // l10n never writes: its units are refused one by one, the other files imported, and a
        // dry run says so too (the commit's own check refused the whole run, exit 2).
        if isInsideRoot(path) {
            let named = project.url(forPath: path).standardizedFileURL, root = FileTransaction.resolved(project.root)
            let reached = FileTransaction.resolved(named)
            // Only a path that leads elsewhere (a link on the way) can reach a protected file.
            if FileTransaction.path(of: reached, inside: root) != path,
               let why = project.protectedPaths.reason(named: named, reached: reached, root: root, rootNamed: project.root.standardizedFileURL) {
                return .failure(ImportFileError(.readOnlyFile, "original \"\(path)\" is a symbolic link to \(FileTransaction.path(of: reached, inside: root) ?? reached.path), \(why)",
                                                at: at, hint: "give the app a file of its own instead of the link"))
            }
        }
        let sourceLanguage: String
        let destination: Destination
        if let catalog = files.catalog(atPath: path) {
            sourceLanguage = catalog.catalog.sourceLanguage
            destination = .catalog(path: path)
        } else if path == files.editorCatalogPath, let sdk = files.sdkCatalog {
            sourceLanguage = sdk.catalog.sourceLanguage
            destination = .catalog(path: path)
        } else if path == files.sdkCatalog?.path || ProjectDiscovery.isVendorPath(path) {
            return .failure(ImportFileError(.readOnlyFile, "original \"\(path)\" is a vendor file, which l10n never changes", at: at,
                                            hint: files.editorCatalogPath.map { "translations of SDK keys belong in \($0); export again with l10n export" }
                                                ?? "translate the app's own catalogs instead"))
        } else if let table = files.pluralTable(forPath: path) {
            sourceLanguage = project.sourceLanguage
            destination = .stringsdict(table)
        } else if let table = files.table(forPath: path) ?? files.documentTable(forPath: path) ?? files.infoPlistTable(forPath: path) {
            sourceLanguage = project.sourceLanguage
            destination = .strings(table)
        } else if let problem = files.unreadableInterfaceFiles[path] {
            return .failure(ImportFileError(.unreadableFile, "original \"\(path)\" cannot be read, so its units cannot be checked: \(problem)", at: at,
                                            hint: "open the document in Xcode and save it again, then import"))
        } else if path.hasSuffix(".xcstrings") || path.hasSuffix(".strings") || path.hasSuffix(".stringsdict")
                    || !FileManager.default.fileExists(atPath: project.url(forPath: path).path) {
            let lproj = (path as NSString).deletingLastPathComponent
            let hint = (path as NSString).lastPathComponent == InfoPlistStrings.table + ".strings" && lproj.hasSuffix(".lproj")
                ? "Xcode's InfoPlist.strings of an Info.plist is imported for the folder of an Info.plist the project has (\((lproj as NSString).deletingLastPathComponent.isEmpty ? "the project folder" : (lproj as NSString).deletingLastPathComponent) has none); check --project"
                : "check --project; the file was exported from another project or the catalog was renamed"
            return .failure(ImportFileError(.unknownFile, "original \"\(path)\" names no catalog or table of the project", at: at, hint: hint))
        } else {
            sourceLanguage = project.sourceLanguage
            destination = .unsupported(path: path)
        }
        let projectLocale: String
        do {
            projectLocale = try locales.locale(for: locale, input: input)
        } catch {
            return .failure(ImportFileError(.invalidTargetLanguage, "target-language \"\(declared)\" could mean any of the project's locales \(error.candidates.joined(separator: ", ")), which ICU gives the same likely subtags", at: at,
                                            hint: "set target-language to the one meant, e.g. target-language=\"\(error.candidates.last!)\""))
        }
        if !sourceEdits, projectLocale == sourceLanguage || LocaleIdentifier.canonicalized(sourceLanguage) == projectLocale {
            let named = projectLocale == locale ? locale : "\(projectLocale) (\(locale) to this file)"
            return .failure(ImportFileError(.targetIsSourceLanguage, "the file's target language is the development language \(named): it holds copy edits of the source texts; import it with --source-edits", at: at,
                                            hint: "--source-edits writes the edited sources and sets their translations to needs_review (docs/exchange.md, \"Copy edits of the development language\"); a translation's file needs its own target-language"))
        }
        // Compared as language ids: a legacy table's folder name (`English`, `en_US`) is the
        // language the export writes (`en`, `en-US`). A region of the same language (`en-US`,
        // which Trados and memoQ write for `en`) is no other source: each unit's source text is
        // still compared with the project's.
        let language = ICULocale.language(sourceLanguage)
        if file.sourceLanguage != sourceLanguage,
           LocaleIdentifier.canonicalized(file.sourceLanguage).map({ $0 != LocaleIdentifier.canonicalized(sourceLanguage) }) ?? true,
           language.isEmpty || ICULocale.language(file.sourceLanguage) != language {
            return .failure(ImportFileError(.sourceLanguageMismatch, "source-language \"\(file.sourceLanguage)\" differs from \"\(sourceLanguage)\", the source language of \"\(path)\"", at: at,
                                            hint: "the file was exported from other source texts; export again from this project"))
        }
        return .success(destination)
    }

    /// The manifest layer outside the root that an `original` names (`../../Package/...` or an
    /// absolute path), compared with symbolic links resolved.
    private func outsideLayerPath(named original: String) -> String? {
        guard !original.hasPrefix("~") else { return nil }
        let named = FileTransaction.resolved(original.hasPrefix("/") ? URL(fileURLWithPath: original) : project.root.appendingPathComponent(original))
        return project.lookupChain.layers.compactMap(\.catalogPath).first { path in
            ProjectDiscovery.isOutsideRoot(path) && FileTransaction.resolved(project.url(forPath: path)) == named
        }
    }

    /// The same, only for a layer the manifest marks writable.
    private func writableLayerPath(named original: String) -> String? {
        outsideLayerPath(named: original).flatMap { project.writableOutsideRoot.contains($0) ? $0 : nil }
    }

    /// The path with `.` and `..` resolved, relative to the root; nil when leading out of the
    /// root. An absolute path inside the root is made relative (Xcode never writes one, but a
    /// script may).
    static func normalizedPath(_ original: String, root: URL) -> String? {
        guard !original.hasPrefix("~") else { return nil }
        if original.hasPrefix("/") {
            for base in [root.standardizedFileURL.path, root.resolvingSymlinksInPath().path] {
                let prefix = base.hasSuffix("/") ? base : base + "/"
                if original.hasPrefix(prefix) { return normalizedPath(String(original.dropFirst(prefix.count)), root: root) }
            }
            return nil
        }
        return ProjectDiscovery.normalized(original)
    }

    /// Whether the path, with symbolic links resolved as far as it exists, stays inside the root.
    private func isInsideRoot(_ path: String) -> Bool {
        let root = project.root.resolvingSymlinksInPath().path
        var url = project.url(forPath: path)
        while !FileManager.default.fileExists(atPath: url.path), url.path.count > project.root.path.count {
            url = url.deletingLastPathComponent()
        }
        let resolved = url.resolvingSymlinksInPath().path
        return resolved == root || resolved.hasPrefix(root + "/")
    }
}

/// The state of one import run: working copies of the files it changes, and the outcomes so far.
struct ImportSession {
    let project: Project
    let files: ExchangeFiles
    var outcomes: [ImportUnitOutcome] = []
    /// Working copies of the catalogs units were read against (written only when some unit was applied).
    var catalogs = ImportCatalogs()
    /// The units returned ones are checked against, found from each entry's source side computed once.
    var unitLookup = ImportUnitLookup()
    /// `.strings` values set so far, by target file path, then key.
    var stringsValues: [String: [String: String]] = [:]
    var stringsTables: [String: ExchangeFiles.Table] = [:]
    /// `stringsTarget(_:locale:)`'s last answer, and whether `stringsTables` has its table.
    private var lastStringsTarget: (table: String, locale: String, folderLocale: String, path: String, tableKept: Bool)?
    /// `.stringsdict` values set so far, by target file path, then unit id.
    var stringsdictValues: [String: [String: String]] = [:]
    var stringsdictTables: [String: ExchangeFiles.PluralTable] = [:]
    /// The source-side units of each `.stringsdict` table by id, by the table's `original` and locale, computed once.
    var stringsdictUnits: [String: [String: ExchangeUnit]] = [:]
    /// The values applied to each file, and the SDK entries copied into each catalog.
    var applied = PathCounts()
    var created = PathCounts()
    var seen = ImportUnitIDs()
    /// The units of the `<file>` being imported: room for its ids when its file and locale are new.
    var unitsInFile = 0
    /// The units of the file being judged, and the substitutions they bring forms of (by key,
    /// `key\0name`), gathered when a text first names one the catalog lacks.
    var fileUnits: [TransUnit] = []
    var fileSubstitutions: Set<String>?
    /// The `.stringsdict` variables the file's units bring a finished form of (`key\0variable`),
    /// gathered once per file when a format key first names one its locale lacks.
    var fileStringsdictVariables: Set<String>?
    /// The place in `fileUnits` of the catalog unit being judged.
    var unitInFile = 0
    /// `pluralIntegers(for:)` of each locale met, the last one asked looked at first (a file's
    /// plural units all ask for its locale).
    var pluralIntegersByLocale = RememberedAnswers<[PluralCategory: [Int]]?>()
    var notes: [String] = []
    /// The keys the Swift code looks up, for units of keys Xcode extracts from it.
    var codeLookups: CodeLookups?
    /// The plural variations of catalogs a form was written into without their `other` after it
    /// (catalog path, key, locale, the variation's path): `finish` names those that have none.
    var pluralVariations: [PluralVariation] = []
    /// Device variations translators added (`…|==|device.applewatch`), for a note when one has
    /// no `other` case after the import.
    var addedDeviceVariations: [PluralVariation] = []

    struct PluralVariation: Hashable {
        var path: String
        var key: String
        var locale: String
        var variation: [String]

        func isVariation(path: String, key: String, locale: String, _ variation: ArraySlice<String>) -> Bool {
            self.key == key && self.locale == locale && self.path == path && self.variation.elementsEqual(variation)
        }
    }
    /// Finds the translations a source edit puts up for review (one `CatalogUnits` per locale).
    var sourceEdits = SourceEdits()
    /// Development-language units skipped as not translated although their text was edited.
    var unfinishedSourceEdits = 0
    /// Base storyboards and XIBs read for copy edits, with where their texts lie (nil: unreadable).
    var documents: [String: (data: Data, edits: InterfaceBuilderSourceEdits)?] = [:]
    /// Edited development-language texts of Base storyboards and XIBs, by document path, then unit id.
    var documentTexts: [String: [String: String]] = [:]
    /// `LocaleIdentifier.canonicalized` of each name met, asked of ICU once per run.
    private var canonicalNames = RememberedAnswers<String?>()
    /// `catalogSourceLanguage(_:)` of each catalog path met.
    private var catalogSourceLanguages = RememberedAnswers<String>()
    /// Catalog source texts with `%`, parsed once per run (every locale's unit has the same source).
    private var sourceFormats: [SourceFormatKey: (format: FormatString, plain: [Substring]?)] = [:]
    /// Whether the catalogs the files name are in Xcode's format, worked out beside the judging.
    var formatChecks = CatalogFormatChecks([])
    /// `changedTables()`, when made by the session that judged the tables' units (it finishes
    /// first, and makes them while the other still judges).
    var tableChanges: [ImportFileChange]?
    /// The new bytes of the catalogs a judging session edited, made on its own core right after
    /// it judged them (`makeCatalogData`); `finish` makes the ones missing.
    var catalogData: [String: Data] = [:]

    private struct SourceFormatKey: Hashable {
        var text: String
        var substitution: SubstitutionArgument?
    }

    init(project: Project, files: ExchangeFiles) {
        self.project = project
        self.files = files
    }

    /// Takes what another session judged for other files (its outcomes are merged by the caller).
    mutating func absorb(_ other: ImportSession) {
        for (path, catalog) in other.catalogs { catalogs[path] = catalog }
        applied.merge(other.applied)
        created.merge(other.created)
        stringsValues.merge(other.stringsValues) { $1 }
        stringsTables.merge(other.stringsTables) { $1 }
        stringsdictValues.merge(other.stringsdictValues) { $1 }
        stringsdictTables.merge(other.stringsdictTables) { $1 }
        documents.merge(other.documents) { $1 }
        catalogData.merge(other.catalogData) { $1 }
        documentTexts.merge(other.documentTexts) { $1 }
        notes += other.notes
        pluralVariations += other.pluralVariations
        addedDeviceVariations += other.addedDeviceVariations
        unfinishedSourceEdits += other.unfinishedSourceEdits
    }

    /// Judges the pieces' units in order, each outcome put at its place; returns how many it
    /// put. Each file's units are let go once judged.
    mutating func judge(_ pieces: consuming [ImportParts.Piece], into places: ImportParts.Places) -> Int {
        var pieces = pieces
        var written = 0
        for index in pieces.indices {
            let piece = pieces[index]
            pieces[index].file.units = []
            unitsInFile = piece.file.units.count
            fileUnits = piece.file.units
            fileSubstitutions = nil
            fileStringsdictVariables = nil
            // Most files are translations for a catalog: what their units share (the route, the
            // catalog's slot) is worked out once per file, not once per unit.
            let origin = ImportUnitOutcome.Origin(input: piece.input, original: piece.file.original, locale: piece.locale)
            if case .catalog(let path) = piece.destination, !piece.file.units.isEmpty, !isSameLocale(piece.locale, catalogSourceLanguage(path)) {
                let slot = catalogSlot(path)
                // Each unit is read where it lies and its outcome made in its place: iterating the
                // units copied each one, and putting a returned outcome copied it again.
                piece.file.units.withUnsafeBufferPointer { units in
                    for offset in units.indices {
                        unitInFile = offset
                        catalogTranslation(units.baseAddress! + offset, origin: origin, path: path, slot: slot,
                                           into: places.place(piece.firstOutcome + offset))
                    }
                }
            } else {
                for (offset, unit) in piece.file.units.enumerated() {
                    unitInFile = offset
                    places.put(process(unit, origin: origin, destination: piece.destination),
                               at: piece.firstOutcome + offset)
                }
            }
            written += piece.file.units.count
        }
        return written
    }

    /// The outcome of a translation for the catalog at `path`, kept in `slot`, made at `place`
    /// (uninitialized until then).
    private mutating func catalogTranslation(_ unit: UnsafePointer<TransUnit>, origin: ImportUnitOutcome.Origin, path: String, slot: Int,
                                             into place: UnsafeMutablePointer<ImportUnitOutcome>) {
        // The state is set after: given as a conditional argument, the outcome was built twice,
        // once for each branch, and one copy destroyed.
        place.initialize(to: ImportUnitOutcome(status: .skipped, origin: origin, location: unit.pointee.location, id: unit.pointee.id))
        if case .some = unit.pointee.target, let state = unit.pointee.targetState { place.pointee.xliffState = state.rawValue }
        processCatalogUnit(unit, path: path, slot: slot, locale: origin.locale, outcome: &place.pointee)
    }

    /// The outcome of a unit of the `<file>` whose translator file, `original` and locale `origin` holds.
    mutating func process(_ unit: TransUnit, origin: ImportUnitOutcome.Origin, destination: XLIFFImporter.Destination) -> ImportUnitOutcome {
        let locale = origin.locale
        var outcome = ImportUnitOutcome(status: .skipped, origin: origin, location: unit.location, id: unit.id)
        if case .some = unit.target, let state = unit.targetState { outcome.xliffState = state.rawValue }
        switch destination {
        case .readOnly(_, let why):
            var candidate = ImportCandidate(unit: unit, locale: locale, doNotTranslate: !unit.translate, hasStates: false)
            candidate.readOnly = why
            Self.record(ImportPolicy.decide(&candidate), candidate, into: &outcome)
            return outcome
        case .unsupported(let path):
            outcome.targetPath = path
            let kind = XcodeSourceKind(path: path).name
            var why = "l10n imports String Catalogs, .strings and .stringsdict tables, storyboards, XIBs and intent definitions, not \(kind) files yet; import this one with Xcode"
            // A storyboard since migrated to a String Catalog (`mul.lproj/Main.xcstrings`): the
            // translator file predates the migration.
            let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            if let catalog = project.catalogs.first(where: { Project.tableID(ofFileAt: $0.path, table: $0.table) == Project.tableID(ofFileAt: path, table: name) }) {
                why = "the texts of \(path) are in the String Catalog \(catalog.path) now; export again and translate its units there"
            }
            var candidate = ImportCandidate(unit: unit, locale: locale, unsupported: why, doNotTranslate: !unit.translate, hasStates: false)
            // Nothing translated (Xcode 6 exported Info.plist units with a source only): skipped as
            // any unit without a target, not refused for its file's kind, which would fail the run.
            if unit.translate, unit.target?.isEmpty ?? true {
                candidate.rules = [ImportUnitOutcome.Reason.noTarget.rawValue]
                Self.record(.skipped(.noTarget), candidate, into: &outcome)
                return outcome
            }
            Self.record(ImportPolicy.decide(&candidate), candidate, into: &outcome)
            return outcome
        case .catalog(let path):
            let sourceLanguage = catalogSourceLanguage(path)
            if isSameLocale(locale, sourceLanguage) {
                return countingUnfinished(unit, processCatalogSourceEdit(unit, path: path, sourceLanguage: sourceLanguage, outcome: outcome))
            }
            let slot = catalogSlot(path)
            withUnsafePointer(to: unit) { processCatalogUnit($0, path: path, slot: slot, locale: locale, outcome: &outcome) }
            return outcome
        case .strings(let table):
            if table.hasBaseDocument, isSameLocale(locale, project.sourceLanguage) {
                return processBaseDocumentSourceText(unit, table: table, outcome: outcome)
            }
            // A table whose development-language texts are its `Base.lproj` file: the source
            // language's units are copy edits of that file.
            if isSameLocale(locale, table.sourceLocale)
                || (table.sourceLocale == "Base" && table.table.files[locale] == nil && isSameLocale(locale, project.sourceLanguage)) {
                return countingUnfinished(unit, processStringsSourceEdit(unit, table: table, outcome: outcome))
            }
            return processStringsUnit(unit, table: table, locale: locale, outcome: outcome)
        case .stringsdict(let table):
            return processStringsdictUnit(unit, table: table, locale: locale, outcome: outcome)
        }
    }

    /// Counts a copy edit left out for its state (Xcode exports a key-as-source text as `new`;
    /// an editor who changes the text but not the state would otherwise lose the edit unnoticed).
    private mutating func countingUnfinished(_ unit: TransUnit, _ outcome: ImportUnitOutcome) -> ImportUnitOutcome {
        if outcome.reason == .notTranslated, let target = unit.target, !target.isEmpty,
           !FormatString(target).isEquivalent(to: FormatString(outcome.oldValue ?? unit.source)) {
            unfinishedSourceEdits += 1
        }
        return outcome
    }

    /// Whether an XLIFF language (canonicalized) names the catalog's or folder's locale.
    mutating func isSameLocale(_ locale: String, _ other: String) -> Bool {
        locale == other || canonical(other) == locale
    }

    /// The source language of the catalog at `path`, looked up once per run (finding the catalog
    /// copies its file record). The editor catalog may not exist yet; its entries then come from the SDK's.
    private mutating func catalogSourceLanguage(_ path: String) -> String {
        let (files, project) = (files, project)
        return catalogSourceLanguages.answer(for: path) {
            files.catalog(atPath: path)?.catalog.sourceLanguage ?? files.sdkCatalog?.catalog.sourceLanguage ?? project.sourceLanguage
        }
    }

    /// `LocaleIdentifier.canonicalized(name)`, remembered: ICU's canonicalization costs more than
    /// the rest of a unit's import.
    mutating func canonical(_ name: String) -> String? {
        canonicalNames.answer(for: name) { LocaleIdentifier.canonicalized(name) }
    }

    // MARK: Catalogs

    /// Where the working copy of the catalog at `path` is, the project's catalog (or a new one
    /// when the project has none yet) set there first.
    @discardableResult
    private mutating func catalogSlot(_ path: String) -> Int {
        if let slot = catalogs.slot(of: path) { return slot }
        catalogs[path] = files.catalog(atPath: path)?.catalog ?? StringCatalog(sourceLanguage: files.sdkCatalog?.catalog.sourceLanguage ?? project.sourceLanguage)
        return catalogs.slot(of: path)!
    }

    /// A catalog unit, for the catalog at `path` kept in `slot`; `outcome` is completed in place.
    /// The unit is read where it lies: a copy of its every field cost more than the fields read.
    private mutating func processCatalogUnit(_ unit: UnsafePointer<TransUnit>, path: String, slot: Int, locale: String, outcome: inout ImportUnitOutcome) {
        outcome.targetPath = path
        var candidate = ImportCandidate(unit: unit, locale: locale, doNotTranslate: false, hasStates: true)
        // The id taken apart once into its key and variation path (nil for a plain key): each
        // match of the parsed id against a case copied it.
        var key: String
        var variation: [String]?
        switch XcodeUnitID(unit.pointee.id, kind: .stringCatalog) {
        case .key(let plain):
            key = plain
        case .catalogVariation(let base, let path):
            key = base
            variation = path
        default:
            candidate.unknownID = "\"\(unit.pointee.id)\" is not a catalog key"
            Self.record(ImportPolicy.decide(&candidate), candidate, into: &outcome)
            return
        }
        // Read through the dictionary, never a local copy, so the edits below do not copy the
        // catalog. The entry's place serves the write too: a key is hashed once per unit.
        let entryIndex: Dictionary<String, CatalogEntry>.Index?
        var entry: CatalogEntry?
        var sourceLanguage: String
        (entryIndex, entry, sourceLanguage) = catalogs.edit(slot) { catalog in
            var index = catalog.entries.index(forKey: key)
            // A key whose text holds `|==|` (`ambiguous|==|plural.one`) is exported under its own
            // text: read as a variation of a key the catalog lacks, it is that key.
            if index == nil, variation != nil, let literal = catalog.entries.index(forKey: unit.pointee.id) {
                index = literal
                key = unit.pointee.id
                variation = nil
            }
            return (index, index.map { catalog.entries.values[$0] }, catalog.sourceLanguage)
        }
        outcome.key = key
        var copiesSDKEntry = false
        var addsVariation = false
        if case .none = entry, path == files.editorCatalogPath, let sdk = files.sdkCatalog?.catalog, let sdkEntry = sdk.entries[key] {
            entry = sdkEntry
            sourceLanguage = sdk.sourceLanguage
            copiesSDKEntry = true
        }
        candidate.doNotTranslate = !unit.pointee.translate || entry?.shouldTranslate == false
        // A substitution named `@total.strings@` in the id is the unit l10n names without the `@`s.
        var unitID = unit.pointee.id
        if let variation, variation.first == "substitutions" || variation.dropFirst(2).first == "substitutions",
           XcodeUnitID.hasDelimitedName(unit.pointee.id) {
            unitID = ExchangeUnit.id(key: key, path: StringUnitPath(variation))
        }
        if !candidate.doNotTranslate {
            candidate.isDuplicate = !seen.insert(unitID, path: path, locale: locale, expected: unitsInFile)
        }
        // The expected unit is read in place below (`candidate.expected?.`): binding it copies
        // every field of it, several times a unit.
        if let found = entry {
            candidate.expected = unitLookup.unit(id: unitID, key: key, entry: found, sourceLanguage: sourceLanguage,
                                                 catalogPath: path, locale: locale)
            if let expectedID = candidate.expected?.id, UTF8Key.same(expectedID, unit.pointee.id) {
                // The outcome keeps the project's id, one string for every locale's unit, and
                // lets this file's copy go with its document (the outcomes outlive the documents).
                outcome.id = expectedID
                if UTF8Key.same(key, unit.pointee.id) { outcome.key = expectedID }
            }
            if !candidate.knowsUnit {
                let id = variation.map { XcodeUnitID.catalogVariation(key: key, path: $0) } ?? .key(key)
                if let variation = Self.addableVariation(id, target: found.localizations?[locale]),
                   let added = addedVariation(unit.pointee, key: key, entry: found, variation: variation, sourceLanguage: sourceLanguage, locale: locale) {
                    candidate.expected = added
                    outcome.key = key
                    addsVariation = true
                }
                if !candidate.knowsUnit { candidate.unknownID = Self.catalogUnknownIDMessage(id, key: key, entry: found, locale: locale) }
            }
        } else {
            candidate.unknownID = "\(path) has no key \"\(key)\"" + (path == files.editorCatalogPath ? " (nor does the SDK)" : "")
        }
        // Only the SDK's entry is needed from here on; no local copy of an app entry may share
        // storage with the catalog while it is edited (every edit would copy its localizations).
        let sdkEntry = copiesSDKEntry ? entry : nil
        entry = nil
        if candidate.expected?.isPluralCase == true { candidate.pluralIntegers = pluralIntegers(for: locale) }
        if let sourceValue = candidate.expected?.sourceValue, ImportPolicy.hasPercent(sourceValue) {
            let formatKey = SourceFormatKey(text: sourceValue, substitution: candidate.expected!.sourceSubstitution)
            if let known = sourceFormats[formatKey] {
                candidate.sourceFormat = known.format
                candidate.sourcePlainSpecifiers = .some(known.plain)
            } else {
                let parsed = (format: FormatString(sourceValue, substitution: formatKey.substitution), plain: FormatString.plainSpecifiers(in: sourceValue, readingSubstitution: formatKey.substitution != nil))
                sourceFormats[formatKey] = parsed
                candidate.sourceFormat = parsed.format
                candidate.sourcePlainSpecifiers = .some(parsed.plain)
            }
        }
        if candidate.knowsUnit, !candidate.doNotTranslate, !candidate.isDuplicate {
            outcome.oldValue = candidate.expected!.targetValue
            outcome.setOldState(candidate.expected!.targetState)
        }
        let verdict = ImportPolicy.decide(&candidate)
        Self.record(verdict, candidate, into: &outcome)
        guard case .applied(let value, let state) = verdict, let unitPath = candidate.expected?.path else { return }
        // A text that uses a substitution the locale does not define, with none of its forms in
        // this file (a translator filled the main unit only): written alone, it leaves a
        // localization Xcode refuses to build and that `check` reports as undefined-substitution.
        if let name = undefinedSubstitution(in: value, key: key, locale: locale, slot: slot, unitPath: unitPath) {
            outcome.rules.append(ImportUnitOutcome.Reason.placeholderMismatch.rawValue)
            Self.refuse(&outcome, .placeholderMismatch,
                        "the translation uses the substitution '\(name)' (%#@\(name)@), which '\(locale)' does not define yet, and this file brings none of its forms: "
                        + "written alone it would leave a localization Xcode cannot build; return it together with the units of its forms (\(key)|==|substitutions.\(name).…)")
            return
        }
        var writtenIndex = entryIndex
        if copiesSDKEntry, var copy = sdkEntry {
            copy.extractionState = .manual
            // A new key may move every entry.
            writtenIndex = catalogs.edit(slot) { catalog in
                catalog.setEntry(copy, forKey: key)
                return catalog.entries.index(forKey: key)
            }
            outcome.createsEntry = true
            created[path, default: 0] += 1
        }
        do {
            try catalogs.edit(slot) { (catalog) throws(StringCatalogEditError) in
                try catalog.setStringUnit(value: value, state: state, key: key, at: writtenIndex!, locale: locale, path: unitPath)
            }
        } catch {
            if copiesSDKEntry {
                catalogs.edit(slot) { $0.setEntry(nil, forKey: key) }
                created[path, default: 0] -= 1
            }
            outcome.createsEntry = false
            outcome.rules.append(ImportUnitOutcome.Reason.unknownID.rawValue)
            Self.refuse(&outcome, .unknownID, error.description)
            return
        }
        // A variation the translator added to a locale that had a plain value: varied now, it
        // has no plain value beside the variation (a localization has one or the other).
        if addsVariation, let kind = unitPath.components.first {
            moveText(at: [], intoVariationBy: kind, key: key, locale: locale, slot: slot)
            if kind == "device" { addedDeviceVariations.append(PluralVariation(path: path, key: key, locale: locale, variation: ["device"])) }
        } else if unitPath.components.contains("device") {
            if unitPath.components.count >= 4 { keepOneTextPerNode(unitPath, key: key, locale: locale, slot: slot) }
            if let note = deviceWithoutOtherNote(unitPath, key: key, locale: locale, sourceLanguage: sourceLanguage, slot: slot) {
                outcome.message = outcome.message.map { $0 + "; " + note } ?? note
            }
        }
        applied[path, default: 0] += 1
        // A variation's forms come one after the other (Xcode's order ends with `other`): its
        // first form is remembered and its `other` forgets it, so a file that brings every form
        // leaves nothing for `finish` to look up.
        let components = unitPath.components
        if components.count >= 2, components[components.count - 2] == "plural" {
            let variation = components.dropLast()
            let isLast = pluralVariations.last?.isVariation(path: path, key: key, locale: locale, variation) ?? false
            if components[components.count - 1] == "other" {
                if isLast { pluralVariations.removeLast() }
            } else if !isLast {
                pluralVariations.append(PluralVariation(path: path, key: key, locale: locale, variation: Array(variation)))
            }
        }
    }

    /// A form the locale held as one text (`plural.one`) that a unit just varied below it
    /// (`plural.one.device.mac`, where the source varies that form): as at the localization's
    /// root, the form holds no value beside its variation.
    private mutating func keepOneTextPerNode(_ unitPath: StringUnitPath, key: String, locale: String, slot: Int) {
        let components = unitPath.components
        for end in stride(from: 2, to: components.count - 1, by: 2) where components[end - 2] != "substitutions" {
            moveText(at: Array(components[..<end]), intoVariationBy: components[end], key: key, locale: locale, slot: slot)
        }
    }

    /// The locale's one text at `node` (the localization's root, or a variation case) becomes the
    /// `other` of the variation by `kind` just made below it, as Xcode's editor keeps a string's
    /// text when it is varied, unless the translator sent that case; the node keeps no text.
    private mutating func moveText(at node: [String], intoVariationBy kind: String, key: String, locale: String, slot: Int) {
        catalogs.edit(slot) { catalog in
            guard let plain = catalog.entries[key]?.localizations?[locale]?.stringUnit(at: StringUnitPath(node)) else { return }
            let other = StringUnitPath(node + [kind, "other"])
            if catalog.entries[key]?.localizations?[locale]?.stringUnit(at: other) == nil {
                try? catalog.setStringUnit(value: plain.value, state: plain.state, key: key, locale: locale, path: other)
            }
            catalog.entries[key]?.localizations?[locale]?.removeStringUnit(at: StringUnitPath(node))
        }
    }

    /// For a unit of a device variation whose source names some devices but has no `other`
    /// (a catalog edited by hand or by a tool; Xcode's editor always keeps an "Other" row): the
    /// note that the devices not named show no text of the locale either, unless the locale has
    /// an `other` of its own. The translation is right and is
    /// applied; the gap is the source's, which `check` reports as `device-without-other`.
    private mutating func deviceWithoutOtherNote(_ unitPath: StringUnitPath, key: String, locale: String, sourceLanguage: String, slot: Int) -> String? {
        let components = unitPath.components
        guard let at = components.lastIndex(of: "device"), at % 2 == 0, at + 1 < components.count,
              !components[..<at].contains("substitutions") else { return nil }
        let prefix = components[..<at]
        /// The device cases of `localization` at `prefix` (a plural form's device variation lies
        /// under `plural.one`).
        func devices(_ localization: CatalogLocalization?) -> [String]? {
            var node = localization
            var rest = prefix
            while rest.count >= 2, let current = node {
                node = current.variations?.kinds[rest[rest.startIndex]]?[rest[rest.startIndex + 1]]
                rest = rest.dropFirst(2)
            }
            guard rest.isEmpty, let cases = node?.variations?.device else { return nil }
            return Array(cases.keys)
        }
        let (source, target) = catalogs.edit(slot) { catalog in
            (devices(catalog.entries[key]?.localizations?[sourceLanguage]), devices(catalog.entries[key]?.localizations?[locale]))
        }
        guard let source, !(target ?? []).contains("other"), let (listed, left) = CatalogVariations.devicesLeftOut(byCases: source) else { return nil }
        return "note (device-without-other): the source varies \(MessageText.quoted(key)) by device for \(listed.joined(separator: ", ")) without an 'other' case, "
            + "so \(left.joined(separator: ", ")) devices show no '\(locale)' text for it (nor the \(sourceLanguage) text); "
            + "add the source's 'other' case (Xcode's \"Other\" row) and translate it (l10n check reports it as device-without-other)"
    }

    /// The variation a unit the project lacks may add: its own path, or for the plain unit of a
    /// locale a translator varied by one kind (in this file, before it), that kind's `other`.
    private static func addableVariation(_ id: XcodeUnitID, target: CatalogLocalization?) -> [String]? {
        switch id {
        case .catalogVariation(_, let path):
            return path
        case .key:
            guard let kinds = target?.variations?.kinds.keys, kinds.count == 1, let kind = kinds.first else { return nil }
            return [kind, "other"]
        default:
            return nil
        }
    }

    /// Why a catalog unit the key has no place for is refused.
    private static func catalogUnknownIDMessage(_ id: XcodeUnitID, key: String, entry: CatalogEntry, locale: String) -> String {
        if entry.localizations?.values.contains(where: { $0.stringSet != nil }) == true {
            return "\"\(key)\" is an App Shortcuts phrase set (stringSet), which XLIFF does not carry: edit its phrases in Xcode's String Catalog editor"
        }
        if case .key = id, let kind = entry.localizations?[locale]?.variations?.kinds.keys.sorted().first {
            return "'\(locale)' varies \"\(key)\" by \(kind), so it has no plain value: translate its variation units (\(key)|==|\(kind).…)"
        }
        return "\"\(key)\" has no \(id.variationDescription) for \(locale)"
    }

    /// Devices a catalog varies by, as Xcode names them.
    static let variationDevices = Set(CatalogVariations.deviceNames + ["vision", "other"])

    /// The unit of a variation a translator added for a locale whose source does not vary (Xcode:
    /// "translation tools are able to vary a string that wasn't previously varied" by sending
    /// `Bird Food Shop|==|device.applewatch` or `%lld files|==|plural.few` instead of the plain
    /// unit): a device, a plural category the locale uses, or a plural under a device, in a
    /// locale not varied another way. Its source is the source's plain text. Nil for any other.
    private mutating func addedVariation(_ unit: TransUnit, key: String, entry: CatalogEntry, variation: [String], sourceLanguage: String,
                                         locale: String) -> ExchangeUnit? {
        // The source's plain text, or the key for a key-as-source entry without a source localization.
        let source = entry.localizations?[sourceLanguage]
        guard entry.shouldTranslate != false, source?.hasVariations != true, source?.substitutions == nil, source?.stringSet == nil,
              let rootValue = source.map({ $0.stringUnit?.value }) ?? key else { return nil }
        var isPlural = false
        var index = 0
        let target = entry.localizations?[locale]
        while index + 1 < variation.count {
            let (kind, name) = (variation[index], variation[index + 1])
            switch kind {
            case "device" where index == 0 && Self.variationDevices.contains(name): break
            case "plural" where index + 2 == variation.count:
                // A plural needs a number to choose by; and under a device, not beside that device's own plain value.
                guard let categories = pluralIntegers(for: locale)?.keys, categories.contains(where: { $0.rawValue == name }),
                      !FormatString(rootValue).specifiers.isEmpty,
                      index == 0 || target?.stringUnit(at: StringUnitPath(Array(variation[..<index]))) == nil else { return nil }
                isPlural = true
            default: return nil
            }
            index += 2
        }
        guard index == variation.count, index > 0 else { return nil }
        // A locale varied already by another kind keeps its structure: no second kind beside it.
        if let kinds = target?.variations?.kinds.keys, !kinds.isEmpty, !kinds.contains(variation[0]) { return nil }
        let path = StringUnitPath(variation)
        let current = target?.stringUnit(at: path)
        var found = ExchangeUnit(id: unit.id, key: key, path: path, source: FormatString.positionalized(rootValue, substitution: nil),
                                 sourceValue: rootValue, sourceSubstitution: nil, targetSubstitution: nil, targetValue: current?.value,
                                 targetState: current?.state, translate: true, note: entry.comment ?? "", isPluralCase: isPlural)
        if isPlural { found.countSource = ExchangeUnit.countSource(of: rootValue, other: rootValue) }
        return found
    }

    /// The first substitution `value` names (`%#@arg1@`, `%1$#@arg1@`) that the locale's
    /// localization of `key` does not define and that no unit of the file being judged brings
    /// forms of; nil when every one is defined or coming (or the text names none).
    private mutating func undefinedSubstitution(in value: String, key: String, locale: String, slot: Int, unitPath: StringUnitPath) -> String? {
        // Most values hold no `#` (a byte scan settles them); a text naming a substitution has `#@`.
        guard value.utf8.count >= 4, value.containsASCII(UInt8(ascii: "#")), !unitPath.components.contains("substitutions") else { return nil }
        let candidates = UndefinedSubstitutionCheck.possibleSubstitutionNames(in: value)
        guard !candidates.isEmpty else { return nil }
        // Most name substitutions the locale defines: only the others are looked at further.
        let undefined = catalogs.edit(slot) { catalog in
            let substitutions = catalog.entries[key]?.localizations?[locale]?.substitutions
            return candidates.filter { substitutions?[$0] == nil }
        }
        guard !undefined.isEmpty else { return nil }
        for name in FormatString(value, substitution: nil).substitutionNames where undefined.contains(name) {
            // In Xcode's order a key's forms follow it: looked for there first.
            var next = unitInFile + 1
            var follows = false
            let variations = key + XcodeUnitID.variationSeparator
            while next < fileUnits.count, fileUnits[next].id.hasPrefix(variations) {
                if let form = finishedSubstitutionForm(next), form.name == name {
                    follows = true
                    break
                }
                next += 1
            }
            if follows { continue }
            if fileSubstitutions == nil {
                // Elsewhere in the file: the substitutions its units with a finished target bring
                // forms of (`<key>|==|substitutions.<name>.plural.…`), gathered once per file and only when asked.
                var found = Set<String>()
                for index in fileUnits.indices {
                    if let form = finishedSubstitutionForm(index) { found.insert(form.key + "\u{0}" + form.name) }
                }
                fileSubstitutions = found
            }
            if !fileSubstitutions!.contains(key + "\u{0}" + name) { return name }
        }
        return nil
    }

    /// The first variable a `.stringsdict` format key's translation names that the locale's entry
    /// (`existing`) does not define and that no unit of this file brings a finished form of.
    private mutating func undefinedStringsdictVariable(in value: String, key: String, existing: StringsdictEntry?) -> String? {
        guard value.containsASCII(UInt8(ascii: "#")) else { return nil }
        for name in FormatString(value, substitution: nil).substitutionNames where existing?.variable(name) == nil {
            if fileStringsdictVariables == nil {
                var found = Set<String>()
                for unit in fileUnits {
                    guard let parts = StringsdictUnits.parse(id: unit.id), let variable = parts.variable,
                          !(unit.target?.isEmpty ?? true), case .apply = ExchangeStates.onImport(unit.targetState) else { continue }
                    found.insert(parts.key + "\u{0}" + variable)
                }
                fileStringsdictVariables = found
            }
            if !fileStringsdictVariables!.contains(key + "\u{0}" + name) { return name }
        }
        return nil
    }

    /// The key and substitution name of the file's unit at `index` when it is a substitution's
    /// form with a target in a finished state; a form without one, or unfinished (`new`,
    /// `needs-translation`), is skipped and brings nothing.
    private func finishedSubstitutionForm(_ index: Int) -> (key: Substring, name: Substring)? {
        guard let form = XcodeUnitID.substitutionForm(fileUnits[index].id), !(fileUnits[index].target?.isEmpty ?? true),
              case .apply = ExchangeStates.onImport(fileUnits[index].targetState) else { return nil }
        return form
    }

    // MARK: Source edits

    /// A copy edit of a catalog's development-language text: the rules judge the edited text as
    /// a target against the current source (the same stale, state and placeholder rules, plus
    /// `source-placeholders`); applied, it becomes the source-language value (a key-as-source
    /// entry gets one, its key stays) and every other locale's translation of it goes to `needs_review`.
    private mutating func processCatalogSourceEdit(_ unit: TransUnit, path: String, sourceLanguage: String,
                                                   outcome start: ImportUnitOutcome) -> ImportUnitOutcome {
        var outcome = start
        outcome.targetPath = path
        catalogSlot(path)
        var candidate = ImportCandidate(unit: unit, locale: sourceLanguage, doNotTranslate: false, hasStates: true)
        candidate.isSourceEdit = true
        let id = XcodeUnitID(unit.id, kind: .stringCatalog)
        guard let key = id.key else {
            candidate.unknownID = "\"\(unit.id)\" is not a catalog key"
            Self.record(ImportPolicy.decide(&candidate), candidate, into: &outcome)
            return outcome
        }
        outcome.key = key
        let entry = catalogs[path]!.entries[key]
        candidate.doNotTranslate = !unit.translate || entry?.shouldTranslate == false
        if !candidate.doNotTranslate {
            candidate.isDuplicate = !seen.insert(unit.id, path: path, locale: sourceLanguage, expected: unitsInFile)
        }
        var currentState: StringUnitState?
        if let entry, var expected = unitLookup.unit(id: unit.id, key: key, entry: entry, sourceLanguage: sourceLanguage,
                                                      catalogPath: path, locale: sourceLanguage) {
            // The "translation" of a source text is the text itself, in the state its source unit has.
            currentState = entry.localizations?[sourceLanguage]?.stringUnit(at: expected.path)?.state
            expected.targetValue = expected.sourceValue
            expected.targetState = currentState
            expected.targetSubstitution = expected.sourceSubstitution
            candidate.expected = expected
        }
        candidate.unknownID = entry == nil
            ? "\(path) has no key \"\(key)\"" + (path == files.editorCatalogPath ? " (the SDK's own source texts are read-only)" : "")
            : "\"\(key)\" has no \(id.variationDescription) in the development language"
        if let expected = candidate.expected, !candidate.doNotTranslate, !candidate.isDuplicate {
            outcome.oldValue = expected.sourceValue
            outcome.oldState = currentState?.rawValue
        }
        let verdict = ImportPolicy.decide(&candidate)
        Self.record(verdict, candidate, into: &outcome)
        guard case .applied(let edited, _) = verdict, let expected = candidate.expected else { return outcome }
        let value = SourceEdits.written(edited, replacing: expected.sourceValue)
        let state = currentState ?? .translated
        let before = catalogs[path]!.entries[key]!
        do {
            try catalogs[path]!.setStringUnit(value: value, state: state, key: key, locale: sourceLanguage, path: expected.path)
        } catch {
            outcome.rules.append(ImportUnitOutcome.Reason.unknownID.rawValue)
            Self.refuse(&outcome, .unknownID, error.description)
            return outcome
        }
        // Later units of this entry are checked against the edited source.
        unitLookup.forget(catalogPath: path, key: key)
        var edit = ImportUnitOutcome.SourceEdit()
        for review in sourceEdits.translationsToReview(key: key, before: before, after: catalogs[path]!.entries[key]!,
                                                        sourceLanguage: sourceLanguage) {
            try? catalogs[path]!.setStringUnit(value: review.value, state: .needsReview, key: key, locale: review.locale, path: review.path)
            edit.translations.append(ImportUnitOutcome.ReviewedTranslation(path: path, locale: review.locale, id: review.id, value: review.value,
                                                                           oldState: review.state.rawValue, newState: StringUnitState.needsReview.rawValue))
        }
        outcome.newValue = value
        outcome.newState = state.rawValue
        outcome.sourceEdit = edit
        applied[path, default: 0] += 1
        return outcome
    }

    /// A copy edit of a `.strings` table's development-language value: written into the source
    /// file; the other locales' values of the key cannot be marked (no states), so they are
    /// listed to re-check.
    private mutating func processStringsSourceEdit(_ unit: TransUnit, table: ExchangeFiles.Table, outcome start: ImportUnitOutcome) -> ImportUnitOutcome {
        var outcome = processStringsUnit(unit, table: table, locale: table.sourceLocale, outcome: start, isSourceEdit: true)
        guard outcome.status == .applied, outcome.oldValue != outcome.newValue else { return outcome }
        outcome.sourceEdit = translationsToRecheck(unit.id, in: table)
        return outcome
    }

    /// Every other locale's value of `id` in a table's `.strings` files (a legacy table's, or a
    /// Base document's `Main.strings`), which cannot be marked for review: listed to re-check.
    private mutating func translationsToRecheck(_ id: String, in table: ExchangeFiles.Table) -> ImportUnitOutcome.SourceEdit {
        var edit = ImportUnitOutcome.SourceEdit()
        for locale in Collator.xcodeKeyOrder.sorted(Array(table.table.files.keys)) where locale != table.sourceLocale && locale != "Base" {
            let path = table.table.path(locale: locale)
            guard let value = stringsValues[path]?[id] ?? table.table.files[locale]?.value(forKey: id) else { continue }
            edit.translations.append(ImportUnitOutcome.ReviewedTranslation(path: path, locale: canonical(locale) ?? locale, id: id, value: value))
        }
        return edit
    }

    // MARK: Storyboards, XIBs and intent definitions

    /// A development-language unit of a storyboard, XIB or intent definition (the copy editors'
    /// file). A text returned as it is comes out unchanged. An edited text of a storyboard or XIB
    /// is written into the Base document when it is an attribute l10n can rewrite
    /// (`InterfaceBuilderSourceEdits`), and the locales' values of it are listed to re-check; any
    /// other edited text is refused, to be made in Interface Builder or the intent editor.
    private mutating func processBaseDocumentSourceText(_ unit: TransUnit, table: ExchangeFiles.Table,
                                                            outcome start: ImportUnitOutcome) -> ImportUnitOutcome {
        var outcome = start
        let path = table.originalPath
        outcome.targetPath = path
        outcome.key = unit.id
        var candidate = ImportCandidate(unit: unit, locale: start.locale, doNotTranslate: !unit.translate, hasStates: false)
        candidate.expected = StringsUnits.unit(forKey: unit.id, source: table.sourceFile, target: table.sourceFile)
        candidate.unknownID = Self.unknownIDMessage(unit.id, table: table)
        let isEdited = unit.target.map { target in
            candidate.expected.map { target != $0.sourceValue && target != $0.source } ?? false
        } ?? false
        var edited = table.isIntentDefinition
            ? "the development-language texts of \(path) are edited in Xcode's intent editor; l10n never writes an intent definition"
            : table.isInfoPlist
            ? "the development-language texts of \(path) are the values of \(table.documentPath ?? "the Info.plist"); edit them in the target's Info tab or in that file, l10n never writes an Info.plist"
            : "the development-language texts of \(path) are edited in Interface Builder; l10n never writes a storyboard or XIB"
        if isEdited, table.isInterfaceBuilder {
            if documents[path] == nil {
                documents[path] = (try? Data(contentsOf: project.url(forPath: path))).map { ($0, InterfaceBuilderSourceEdits(document: $0)) }
            }
            if let document = documents[path] ?? nil, document.edits.valueRange(ofUnit: unit.id) != nil {
                candidate.isSourceEdit = true
            } else {
                edited = "the text \"\(unit.id)\" of \(path) is not an attribute l10n can rewrite (multi-line text, a segment or cell title); edit it in Interface Builder"
            }
        }
        if isEdited, !candidate.isSourceEdit { candidate.unsupported = edited }
        if unit.translate, candidate.isSourceEdit {
            candidate.isDuplicate = !seen.insert(unit.id, path: path, locale: start.locale, expected: unitsInFile)
        }
        let verdict = ImportPolicy.decide(&candidate)
        if case .applied(let value, _) = verdict, candidate.isSourceEdit, let expected = candidate.expected {
            outcome.oldValue = expected.sourceValue
            Self.record(verdict, candidate, into: &outcome)
            documentTexts[path, default: [:]][unit.id] = value
            applied[path, default: 0] += 1
            outcome.sourceEdit = translationsToRecheck(unit.id, in: table)
            return outcome
        }
        if case .applied = verdict {
            candidate.rules.append(ImportUnitOutcome.Reason.unsupportedFile.rawValue)
            Self.record(verdict, candidate, into: &outcome)
            Self.refuse(&outcome, .unsupportedFile, edited)
            return outcome
        }
        Self.record(verdict, candidate, into: &outcome)
        return outcome
    }

    // MARK: .strings

    private mutating func processStringsUnit(_ unit: TransUnit, table: ExchangeFiles.Table, locale: String, outcome start: ImportUnitOutcome,
                                             isSourceEdit: Bool = false) -> ImportUnitOutcome {
        var outcome = start
        let (folderLocale, path) = stringsTarget(table, locale: locale)
        outcome.targetPath = path
        let key = Self.stringsKey(unit.id, table: table)
        outcome.key = key
        var candidate = ImportCandidate(unit: unit, locale: locale, doNotTranslate: !unit.translate, hasStates: false)
        candidate.isSourceEdit = isSourceEdit
        if unit.translate {
            candidate.isDuplicate = !seen.insert(key, path: path, locale: locale, expected: unitsInFile)
        }
        let current = stringsValues[path]?[key] ?? table.table.files[folderLocale]?.value(forKey: key)
        if isSourceEdit, !table.sdkKeys.isEmpty, table.sdkKeys.contains(key) {
            candidate.unknownID = "\(table.originalPath) has no key \"\(key)\" (the SDK's own source texts are read-only)"
        } else if var expected = StringsUnits.unit(forKey: key, source: table.sourceFile, target: nil) {
            // A copy edit earlier in the run changed the source this translation is checked against.
            if !isSourceEdit, let edited = stringsValues[table.originalPath]?[key] {
                expected.sourceValue = edited
                expected.source = FormatString.positionalized(edited)
            }
            // A plist value the build expands (`$(PRODUCT_NAME)`) is exported expanded, which
            // only the build knows: the unit's source cannot be compared with it.
            if table.isInfoPlist, InfoPlistStrings.namesBuildSetting(expected.sourceValue) {
                expected.sourceValue = unit.source
                expected.source = FormatString.positionalized(unit.source)
            }
            expected.targetValue = current
            candidate.expected = expected
            if unit.translate, !candidate.isDuplicate { outcome.oldValue = current }
        } else if table.hasBaseDocument {
            candidate.unknownID = Self.unknownIDMessage(unit.id, table: table)
        } else if !isSourceEdit, let current, table.originalPath != files.editorTablePath, looksUpInCode(key, table: table.table.table) {
            // A key Xcode extracts from the Swift code (`Text("(new)")`), which the development
            // language's file need not list, already translated in the locale's file (SimpleX's
            // de.lproj holds 2,000 such keys its en.lproj lacks): an update of that translation.
            // The key with specifiers is the format the code passes (`%lld items`), which the
            // unit's source must be; a plain key's text may differ from it (`value:`).
            let source = FormatString.hasSpecifiers(key) ? key : unit.source
            candidate.expected = ExchangeUnit(
                id: key, key: key, path: StringUnitPath(), source: FormatString.positionalized(source), sourceValue: source,
                sourceSubstitution: nil, targetSubstitution: nil, targetValue: current, targetState: nil,
                translate: true, note: "", isPluralCase: false, positionalizesTarget: false)
            if unit.translate, !candidate.isDuplicate { outcome.oldValue = current }
        } else {
            candidate.unknownID = "\(table.originalPath) has no key \"\(unit.id)\"" + (table.originalPath == files.editorTablePath ? " (nor does the SDK)" : "")
        }
        let verdict = ImportPolicy.decide(&candidate)
        Self.record(verdict, candidate, into: &outcome)
        guard case .applied(var value, _) = verdict else { return outcome }
        if isSourceEdit, let expected = candidate.expected {
            value = SourceEdits.written(value, replacing: expected.sourceValue)
            outcome.newValue = value
        }
        stringsValues[path, default: [:]][key] = value
        if lastStringsTarget?.tableKept == false {
            stringsTables[path] = table
            lastStringsTarget?.tableKept = true
        }
        applied[path, default: 0] += 1
        return outcome
    }

    /// The `.strings` key a unit id names. Xcode 6 to 9 wrote the key as the `.strings` file spells
    /// it (`Allowing SpaxTel\naccess`, `A \"fair\" mode`) where Xcode 15 writes the text: an id
    /// the table lacks that holds a backslash is read as a quoted `.strings` key, and that key is
    /// taken when the table has it.
    static func stringsKey(_ id: String, table: ExchangeFiles.Table) -> String {
        guard id.containsASCII(UInt8(ascii: "\\")), StringsUnits.unit(forKey: id, source: table.sourceFile, target: nil) == nil,
              let read = try? StringsReader.parse("\"" + id + "\" = \"\";", path: ""), read.entries.count == 1,
              let key = read.entries.first?.key, key != id, StringsUnits.unit(forKey: key, source: table.sourceFile, target: nil) != nil
        else { return id }
        return key
    }

    /// Whether the Swift code looks `key` up in the table of that name (`CodeLookups`, made on first use).
    private mutating func looksUpInCode(_ key: String, table: String) -> Bool {
        if codeLookups == nil { codeLookups = CodeLookups(project.swiftSources) }
        return codeLookups!.contains(key, table: table)
    }

    /// The folder locale and the `.strings` file a table's units for `locale` are written to.
    /// An existing folder spelled another way (`pt_BR.lproj` for pt-BR) is the one written.
    /// Worked out once per `<file>` (its units share table and locale), not per unit: the path
    /// was built and the table's files searched for every unit.
    private mutating func stringsTarget(_ table: ExchangeFiles.Table, locale: String) -> (folderLocale: String, path: String) {
        if let last = lastStringsTarget, last.table == table.originalPath, last.locale == locale { return (last.folderLocale, last.path) }
        let folderLocale = table.table.files[locale] != nil ? locale
            : table.table.files.keys.sorted().first { canonical($0) == locale } ?? locale
        let path = table.table.path(locale: folderLocale)
        // Kept means kept for this table: when two tables write one file (a storyboard and a
        // XIB of one name), the table of the last unit applied to it is the one written, as before.
        lastStringsTarget = (table.originalPath, locale, folderLocale, path, stringsTables[path]?.originalPath == table.originalPath)
        return (folderLocale, path)
    }

    /// Why a unit id a Base document does not have is refused.
    private static func unknownIDMessage(_ id: String, table: ExchangeFiles.Table) -> String {
        if table.isInfoPlist {
            let plist = table.documentPath ?? "the Info.plist"
            return "\(table.originalPath) is made of \(plist), which has no localizable string key \"\(id)\"; add the key to \(plist) (the target's Info tab) and import again, or leave the unit out"
        }
        if table.isIntentDefinition {
            return "\(table.originalPath) has no string with the id \"\(id)\": the intent, parameter or response it named was removed or renamed"
        }
        return "\(table.originalPath) has no text \"\(id)\" (no object with that id and property): the object was removed or its text is not localizable"
    }

    // MARK: .stringsdict

    /// A unit of a `.stringsdict`: its string (a key's format or one case of a variable) is set in
    /// the locale's `.stringsdict`, which `finish` edits in place or creates from the source
    /// file's structure. Copy edits of the development language's plural rules are not imported.
    private mutating func processStringsdictUnit(_ unit: TransUnit, table: ExchangeFiles.PluralTable, locale: String,
                                                 outcome start: ImportUnitOutcome) -> ImportUnitOutcome {
        var outcome = start
        let folderLocale = table.table.pluralFiles[locale] != nil ? locale
            : table.table.pluralFiles.keys.sorted().first { canonical($0) == locale }
            ?? table.table.files.keys.sorted().first { canonical($0) == locale } ?? locale
        let path = table.table.pluralPath(locale: folderLocale)
        outcome.targetPath = path
        let parts = StringsdictUnits.parse(id: unit.id)
        outcome.key = parts?.key ?? unit.id
        var candidate = ImportCandidate(unit: unit, locale: locale, doNotTranslate: !unit.translate, hasStates: false)
        if isSameLocale(locale, table.sourceLocale) {
            return countingUnfinished(unit, processStringsdictSourceEdit(unit, table: table, outcome: outcome))
        }
        if unit.translate {
            candidate.isDuplicate = !seen.insert(unit.id, path: path, locale: locale, expected: unitsInFile)
        }
        let unitsKey = table.originalPath + "\u{0}" + locale
        if stringsdictUnits[unitsKey] == nil {
            let units = table.units(locale: locale, target: nil)
            stringsdictUnits[unitsKey] = Dictionary(units.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        if var expected = stringsdictUnits[unitsKey]?[unit.id], let parts {
            let existing = table.table.pluralFiles[folderLocale]?.entry(forKey: parts.key)
            let written: String? = if let variable = parts.variable, let category = parts.category {
                existing?.variable(variable)?.value(for: category)
            } else {
                existing?.formatKey
            }
            let current = stringsdictValues[path]?[unit.id] ?? written
            expected.targetValue = current
            candidate.expected = expected
            if expected.isPluralCase { candidate.pluralIntegers = pluralIntegers(for: locale) }
            if unit.translate, !candidate.isDuplicate { outcome.oldValue = current }
        } else {
            candidate.unknownID = "\(table.originalPath) has no string \"\(unit.id)\""
        }
        let verdict = ImportPolicy.decide(&candidate)
        Self.record(verdict, candidate, into: &outcome)
        guard case .applied(let value, _) = verdict else { return outcome }
        // A format key naming a variable (`%#@n@`) the locale's file does not define, with none
        // of its forms in this file: written alone it leaves a key `check` reports as
        // undefined-substitution and devices show nothing for; refused as in a catalog.
        if let parts, parts.variable == nil,
           let name = undefinedStringsdictVariable(in: value, key: parts.key, existing: table.table.pluralFiles[folderLocale]?.entry(forKey: parts.key)) {
            outcome.rules.append(ImportUnitOutcome.Reason.placeholderMismatch.rawValue)
            Self.refuse(&outcome, .placeholderMismatch,
                        "the translation uses the variable '\(name)' (%#@\(name)@), which '\(locale)' does not define yet, and this file brings none of its forms: "
                        + "written alone it would show nothing there; return it together with the units of the variable's forms")
            return outcome
        }
        stringsdictValues[path, default: [:]][unit.id] = value
        stringsdictTables[path] = table
        applied[path, default: 0] += 1
        return outcome
    }

    /// A copy edit of a `.stringsdict`'s development-language string: written into the source
    /// file in place; the other locales' strings of the same key (and variable) cannot be marked
    /// (no states), so they are listed to re-check.
    private mutating func processStringsdictSourceEdit(_ unit: TransUnit, table: ExchangeFiles.PluralTable,
                                                       outcome start: ImportUnitOutcome) -> ImportUnitOutcome {
        var outcome = start
        let path = table.originalPath
        outcome.targetPath = path
        let parts = StringsdictUnits.parse(id: unit.id)
        outcome.key = parts?.key ?? unit.id
        var candidate = ImportCandidate(unit: unit, locale: start.locale, doNotTranslate: !unit.translate, hasStates: false)
        candidate.isSourceEdit = true
        if unit.translate {
            candidate.isDuplicate = !seen.insert(unit.id, path: path, locale: start.locale, expected: unitsInFile)
        }
        let unitsKey = path + "\u{0}" + table.sourceLocale
        if stringsdictUnits[unitsKey] == nil {
            let units = table.units(locale: table.sourceLocale, target: table.sourceFile)
            stringsdictUnits[unitsKey] = Dictionary(units.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        // Only strings the source file holds can be edited (not a category it lacks).
        if var expected = stringsdictUnits[unitsKey]?[unit.id], let current = expected.targetValue {
            expected.targetValue = stringsdictValues[path]?[unit.id] ?? current
            candidate.expected = expected
            if unit.translate, !candidate.isDuplicate { outcome.oldValue = expected.targetValue }
        } else {
            candidate.unknownID = "\(path) has no string \"\(unit.id)\""
        }
        let verdict = ImportPolicy.decide(&candidate)
        Self.record(verdict, candidate, into: &outcome)
        guard case .applied(var value, _) = verdict, let expected = candidate.expected, let parts else { return outcome }
        value = SourceEdits.written(value, replacing: expected.sourceValue)
        outcome.newValue = value
        stringsdictValues[path, default: [:]][unit.id] = value
        stringsdictTables[path] = table
        applied[path, default: 0] += 1
        guard outcome.oldValue != value else { return outcome }
        var edit = ImportUnitOutcome.SourceEdit()
        for locale in Collator.xcodeKeyOrder.sorted(Array(table.table.pluralFiles.keys)) where locale != table.sourceLocale && locale != "Base" {
            guard let entry = table.table.pluralFiles[locale]?.entry(forKey: parts.key) else { continue }
            let localePath = table.table.pluralPath(locale: locale)
            let canonicalLocale = canonical(locale) ?? locale
            var strings: [(id: String, value: String)] = []
            if let variable = parts.variable {
                for found in entry.variable(variable)?.cases ?? [] {
                    guard let text = found.string else { continue }
                    strings.append((StringsdictUnits.id(key: parts.key, variable: variable, category: found.category), text))
                }
            } else if let format = entry.formatKey {
                strings.append((unit.id, format))
            }
            for (id, text) in strings {
                let current = stringsdictValues[localePath]?[id] ?? text
                edit.translations.append(ImportUnitOutcome.ReviewedTranslation(path: localePath, locale: canonicalLocale, id: id, value: current))
            }
        }
        outcome.sourceEdit = edit
        return outcome
    }

    /// The locale's `.stringsdict` with the imported values: the existing file with only those
    /// strings changed, or (`existing` nil) a new file in Xcode's property-list layout. A key or
    /// variable the file lacks is added with the source file's structure: its
    /// `NSStringLocalizedFormatKey` (the source's until a translation of it is imported),
    /// `NSStringFormatSpecTypeKey` and `NSStringFormatValueTypeKey`, then the imported cases.
    static func stringsdict(_ values: [String: String], source: Stringsdict, existing: Stringsdict?, path: String) -> Stringsdict {
        var file = existing ?? Stringsdict(path: path)
        for entry in source.entries {
            var ids: [(id: String, variable: StringsdictVariable?, category: String?)] = []
            if entry.formatKey != nil { ids.append((StringsdictUnits.id(key: entry.key, variable: nil, category: nil), nil, nil)) }
            for variable in entry.variables {
                // A plural rule may get categories the source lacks (Russian `few`), new ones in CLDR order.
                var categories = variable.cases.filter { $0.string != nil }.map(\.category)
                if variable.ruleType == .plural { categories += Stringsdict.pluralCategories.filter { !categories.contains($0) } }
                for category in categories {
                    ids.append((StringsdictUnits.id(key: entry.key, variable: variable.name, category: category), variable, category))
                }
            }
            guard ids.contains(where: { values[$0.id] != nil }) else { continue }
            if file.root[entry.key]?.dictionary == nil, let format = entry.formatKey {
                file.setFormat(format, forKey: entry.key)
            }
            for (id, variable, category) in ids {
                guard let value = values[id] else { continue }
                guard let variable, let category else {
                    file.setFormat(value, forKey: entry.key)
                    continue
                }
                var dictionary = file.root[entry.key]?.dictionary ?? PropertyListDictionary()
                if dictionary[variable.name]?.dictionary == nil {
                    var structure = PropertyListDictionary()
                    structure[Stringsdict.specTypeKey] = .string(variable.ruleType.rawValue)
                    if let valueType = variable.valueType { structure[Stringsdict.valueTypeKey] = .string(valueType) }
                    dictionary[variable.name] = .dictionary(structure)
                    file.root[entry.key] = .dictionary(dictionary)
                }
                file.setValue(value, forKey: entry.key, variable: variable.name, category: category)
            }
        }
        return file
    }

    // MARK: Verdicts

    /// The integers below 100 each plural category covers in the locale, asked of ICU once per
    /// run; nil when ICU has no rules for the locale.
    private mutating func pluralIntegers(for locale: String) -> [PluralCategory: [Int]]? {
        pluralIntegersByLocale.answer(for: locale) {
            let rules = (try? PluralRules(locale: locale)).flatMap { $0.hasLocaleData ? $0 : nil }
            return rules?.integers(below: 100)
        }
    }

    /// The outcome a verdict gives: its status, the rules that decided it, and their remarks.
    /// In place: a copy of the outcome's twenty fields per unit costs more than the rest of recording it.
    private static func record(_ verdict: ImportVerdict, _ candidate: borrowing ImportCandidate, into outcome: inout ImportUnitOutcome) {
        outcome.rules = candidate.rules
        let remarks = candidate.remarks.isEmpty ? nil : candidate.remarks.joined(separator: "; ")
        switch verdict {
        case .skipped(let reason):
            outcome.status = .skipped
            outcome.reason = reason
            if reason == .noTarget, let target = candidate.target, !target.isEmpty, !ImportPolicy.isBlank(target) {
                outcome.message = "the target holds only the source's placeholders (\(target)), as a tool's copy of its codes leaves it: "
                    + "nothing written; mark the unit final or signed-off if that is the translation"
            }
        case .refused(let reason, let message):
            refuse(&outcome, reason, message)
        case .unchanged(let value):
            outcome.status = .unchanged
            outcome.newValue = value
            outcome.setNewState(candidate.expected?.targetState)
            outcome.message = remarks
        case .applied(let value, let state):
            outcome.status = .applied
            outcome.newValue = value
            outcome.setNewState(candidate.hasStates ? state : nil)
            outcome.message = remarks
        }
    }

    private static func refuse(_ outcome: inout ImportUnitOutcome, _ reason: ImportUnitOutcome.Reason, _ message: String) {
        outcome.status = .refused
        outcome.reason = reason
        outcome.message = message
        outcome.newValue = nil
        outcome.newState = nil
    }

    // MARK: Files

    /// The `.strings`, `.stringsdict` and Base document files the run changes, with their new
    /// bytes (only those whose bytes differ).
    func changedTables() -> [ImportFileChange] {
        var changes: [ImportFileChange] = []
        for (path, values) in stringsValues {
            guard let table = stringsTables[path] else { continue }
            let locale = table.table.locale(ofFileAt: path) ?? ""
            let url = project.url(forPath: path)
            let existing = table.table.files[locale]
            var file = existing ?? StringsFile(path: path, encoding: .utf8)
            // A layout `format` sorts (ibtool's, an intent definition's) keeps its order where the
            // file has it: a new entry goes to its place, so `format --check` passes after the import.
            let sortedLayout: StringsLayout? = existing.flatMap { existing in
                table.isIntentDefinition ? .intentDefinition : StringsLayout.inferred(for: existing) == .interfaceBuilder ? .interfaceBuilder : nil
            }
            // The entries a sorted layout takes at their places, set together (the file's order is
            // checked once).
            var ordered: [(key: String, value: String, comment: String?)] = []
            var valuesOfSourceKeys = 0
            for key in table.sourceFile.keys {
                guard let value = values[key] else { continue }
                valuesOfSourceKeys += 1
                // After an entry with a comment (genstrings' layout gives each one), a new entry
                // whose source has none gets genstrings' note, as its spacing follows where it
                // lands: a file `format --check` passed still passes after the import.
                let comment = table.sourceFile.entry(forKey: key)?.comment
                    ?? (file.form == .plain && file.entry(forKey: key) == nil && file.entries.last?.comment != nil ? StringsWriter.noCommentNote : nil)
                if sortedLayout == .intentDefinition || sortedLayout == .interfaceBuilder && StringsLayout.isObjectIDKey(key) {
                    ordered.append((key, value, comment))
                } else {
                    file.setValue(value, forKey: key, comment: comment)
                }
            }
            if !ordered.isEmpty { file.setValuesKeepingKeyOrder(ordered) }
            // Keys extracted from code that only the locale's file has: edited in place there.
            if values.count > valuesOfSourceKeys, let existing {
                for (key, value) in values where table.sourceFile.entry(forKey: key) == nil && existing.entry(forKey: key) != nil {
                    file.setValue(value, forKey: key)
                }
            }
            // A new file of a storyboard or XIB is laid out as ibtool generates it (formats.md §3),
            // one of an intent definition as real intent strings files are (sorted, no comments).
            let data: Data
            if let existing, table.isIntentDefinition, file.entries.count > existing.entries.count,
               StringsWriter.canonicalData(for: existing, layout: .intentDefinition) == StringsWriter.data(for: existing) {
                // An intent table in the layout Xcode generates stays in it: a new entry takes its
                // place in the sorted order, so `format --check` passes after the import. (Values
                // changed in place keep the layout. An ibtool table's new entry is inserted at its
                // place under its comment above: laying a storyboard's table out again cost 3 % of an import.)
                data = StringsWriter.canonicalData(for: file, layout: .intentDefinition)
            } else if existing != nil {
                data = StringsWriter.data(for: file)
            } else if table.isIntentDefinition {
                data = IntentDefinition.newStringsData(for: file)
            } else {
                data = StringsWriter.canonicalData(for: file, layout: table.isInterfaceBuilder ? .interfaceBuilder : nil)
            }
            if AtomicFile.holds(data, at: url) { continue }
            changes.append(ImportFileChange(path: path, url: url, data: data, isNew: existing == nil,
                                            appliedUnits: applied[path] ?? 0, createdEntries: 0,
                                            expected: existing == nil ? .absent : project.fileStamps[path].map { .stamp($0) } ?? .unchecked))
        }
        for (path, texts) in documentTexts {
            guard let document = documents[path] ?? nil, let data = document.edits.applying(texts), data != document.data else { continue }
            changes.append(ImportFileChange(path: path, url: project.url(forPath: path), data: data, isNew: false,
                                            appliedUnits: applied[path] ?? 0, createdEntries: 0, expected: .bytes(document.data)))
        }
        for (path, values) in stringsdictValues {
            guard let table = stringsdictTables[path] else { continue }
            let locale = table.table.locale(ofFileAt: path) ?? ""
            let url = project.url(forPath: path)
            let existing = table.table.pluralFiles[locale]
            let edited = Self.stringsdict(values, source: table.sourceFile, existing: existing, path: path)
            // An existing file whose forms only changed text is edited in its own bytes (its
            // indentation and comments kept); anything else is written in Xcode's layout.
            let original = existing == nil ? nil : try? AtomicFile.read(url)
            let spliced = existing.flatMap { existing in original.flatMap { StringsdictSplice.applying(edited, to: $0, original: existing) } }
            let data = spliced ?? StringsdictWriter.data(for: edited)
            if AtomicFile.holds(data, at: url) { continue }
            var change = ImportFileChange(path: path, url: url, data: data, isNew: existing == nil,
                                          appliedUnits: applied[path] ?? 0, createdEntries: 0,
                                          expected: existing == nil ? .absent : project.fileStamps[path].map { .stamp($0) } ?? .unchecked)
            if spliced == nil, let original, original.range(of: Data("<!--".utf8)) != nil {
                change.note = "\(path) is written in Xcode's layout (the import could not edit it in place: a new key or variable, or members sharing a line), so its XML comments are not kept"
            }
            changes.append(change)
        }
        return changes
    }

    /// Plural variations this import wrote a form into that have no `other` afterwards (a
    /// translator file with only `one` translated): a count without a form of its own shows
    /// nothing, which `check` reports as `plural-categories`; said here, one note per file and locale.
    func incompletePluralNotes() -> [String] {
        var lacking: [String: (path: String, locale: String, keys: [String])] = [:]
        for form in Set(pluralVariations) {
            let other = StringUnitPath(form.variation + ["other"])
            guard catalogs[form.path]?.entries[form.key]?.localizations?[form.locale]?.stringUnit(at: other) == nil else { continue }
            lacking[form.path + "\u{0}" + form.locale, default: (form.path, form.locale, [])].keys.append(form.key)
        }
        // A `.stringsdict`'s plural variables, in the file as the import writes it.
        for (path, values) in stringsdictValues {
            guard let table = stringsdictTables[path], let locale = table.table.locale(ofFileAt: path) else { continue }
            let written = Self.stringsdict(values, source: table.sourceFile, existing: table.table.pluralFiles[locale], path: path)
            // The variables this import wrote a form into, by key (a gap it did not touch is check's to report).
            var touched: [String: Set<String>] = [:]
            for id in values.keys {
                if case .stringsdict(let key, let path) = XcodeUnitID(id, kind: .stringsdict), path.count == 2 { touched[key, default: []].insert(path[0]) }
            }
            for (key, names) in touched {
                guard let variables = written.entry(forKey: key)?.variables,
                      variables.contains(where: { names.contains($0.name) && $0.ruleType == .plural && $0.value(for: "other") == nil }) else { continue }
                lacking[path + "\u{0}" + locale, default: (path, locale, [])].keys.append(key)
            }
        }
        var notes = lacking.values
            .sorted { ($0.path, $0.locale) < ($1.path, $1.locale) }
            .map { group in
                let keys = group.keys.sorted()
                let listed = MessageText.firstItems(keys)
                return "\(group.path): \(keys.count) plural\(keys.count == 1 ? "" : "s") in '\(group.locale)' \(keys.count == 1 ? "has" : "have") forms but no 'other' after the import (\(listed)): "
                    + "a count without a form of its own shows nothing; translate the 'other' form too (l10n check reports it as plural-categories)"
            }
        // Device variations a translator added without `other`, the case every device not named reads.
        var deviceLacking: [String: (path: String, locale: String, keys: Set<String>)] = [:]
        for added in addedDeviceVariations {
            guard catalogs[added.path]?.entries[added.key]?.localizations?[added.locale]?.stringUnit(at: ["device", "other"]) == nil else { continue }
            deviceLacking[added.path + "\u{0}" + added.locale, default: (added.path, added.locale, [])].keys.insert(added.key)
        }
        notes += deviceLacking.values.sorted { ($0.path, $0.locale) < ($1.path, $1.locale) }.map { group in
            let keys = group.keys.sorted()
            return "\(group.path): \(keys.count) string\(keys.count == 1 ? "" : "s") in '\(group.locale)' \(keys.count == 1 ? "varies" : "vary") by device without an 'other' case after the import (\(MessageText.firstItems(keys))): "
                + "devices not named show the source language; translate the 'device.other' unit too"
        }
        return notes
    }

    /// A catalog's bytes as the import writes them: a new file without a final newline, as
    /// Xcode creates one; an existing one keeps the newline it had.
    static func catalogBytes(_ catalog: StringCatalog, isNew: Bool) -> Data {
        StringCatalogWriter(finalNewline: isNew ? .never : .asRead).data(for: catalog)
    }

    /// Makes the bytes of every catalog this session applied a value to.
    mutating func makeCatalogData() {
        for (path, catalog) in catalogs where applied[path, default: 0] > 0 {
            catalogData[path] = Self.catalogBytes(catalog, isNew: files.catalog(atPath: path) == nil)
        }
    }

    /// The bytes of every file whose content changes.
    mutating func finish() -> ImportPlan {
        // What only the planning needed goes before the new files' bytes are made.
        seen = ImportUnitIDs()
        unitLookup = ImportUnitLookup()
        sourceFormats = [:]
        if unfinishedSourceEdits > 0 {
            notes.append("\(unfinishedSourceEdits) development-language unit\(unfinishedSourceEdits == 1 ? " has" : "s have") an edited text in an unfinished state (Xcode exports a key-as-source text as new) and \(unfinishedSourceEdits == 1 ? "was" : "were") skipped; set state=\"translated\" (or remove the state) on the edited targets to apply them")
        }
        notes += incompletePluralNotes()
        var changes: [ImportFileChange] = []
        // By path: the notes come in the same order whatever the order of the inputs.
        let edited = catalogs.filter { applied[$0.path, default: 0] > 0 }
            .sorted { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
            .map { (path: $0.path, catalog: $0.catalog, original: files.catalog(atPath: $0.path)) }
        for (path, _, original) in edited {
            guard let original else { continue }
            if !formatChecks.isInXcodeFormat(original.catalog, path: path, at: project.url(forPath: path)) {
                notes.append("\(path) was not in Xcode's format, so the import rewrites it whole; run l10n format on it first to keep the diff to the translated lines")
            }
        }
        // The new files' bytes the judging sessions did not make yet, two at a time (serializing
        // was a fifth of an import); the ones that change are held for the write either way.
        let missing = edited.indices.filter { catalogData[edited[$0].path] == nil }
        let made = ConcurrentWork.map(missing.count, width: 2) { position in
            Self.catalogBytes(edited[missing[position]].catalog, isNew: edited[missing[position]].original == nil)
        }
        for (index, data) in zip(missing, made) { catalogData[edited[index].path] = data }
        for (path, _, original) in edited {
            guard let data = catalogData[path] else { continue }
            let url = project.url(forPath: path)
            if AtomicFile.holds(data, at: url) { continue }
            changes.append(ImportFileChange(path: path, url: url, data: data, isNew: original == nil,
                                            appliedUnits: applied[path] ?? 0, createdEntries: created[path] ?? 0,
                                            expected: original == nil ? .absent : project.fileStamps[path].map { .stamp($0) } ?? .unchecked))
        }
        changes += tableChanges ?? self.changedTables()
        changes.sort { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
        notes += changes.compactMap(\.note)
        var plan = ImportPlan(outcomes: outcomes, changes: changes, notes: notes, root: project.root)
        plan.writableOutsideRoot = project.writableOutsideRootURLs
        plan.protectedPaths = project.protectedPaths
        return plan
    }
}

extension XcodeUnitID {
    /// "variation plural.one" for a catalog variation, "value" for a plain key (for messages).
    var variationDescription: String {
        if case .catalogVariation(_, let path) = self { return "variation \(path.joined(separator: "."))" }
        return "plain value"
    }
}

extension XcodeSourceKind {
    /// A short name for messages.
    var name: String {
        switch self {
        case .stringCatalog: "String Catalog"
        case .strings: ".strings"
        case .stringsdict: ".stringsdict"
        case .interfaceBuilder: "storyboard or XIB"
        case .intentDefinition: "intent definition"
        case .other(let ext): ext.isEmpty ? "such" : "." + ext
        }
    }
}

/// Whether catalog files are in Xcode's format (`StringCatalogWriter.writes`), worked out on
/// another core as soon as an import knows which catalogs its files name: the check serializes
/// each catalog as read, a twentieth of an import, while the judging of the units keeps one core.
final class CatalogFormatChecks: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Set once on the other core before `done` is left; read only after waiting for it.
    private var results: [String: Bool] = [:]

    /// Checks the catalogs on the calling thread, now (for a thread that has nothing else to do).
    init(checkingNow catalogs: [(path: String, url: URL, catalog: StringCatalog)]) {
        results = Self.check(catalogs)
    }

    /// Starts checking the catalogs on another core.
    init(_ catalogs: [(path: String, url: URL, catalog: StringCatalog)]) {
        guard !catalogs.isEmpty else { return }
        done.enter()
        DispatchQueue.global().async { [self] in
            results = Self.check(catalogs)
            done.leave()
        }
    }

    private static func check(_ catalogs: [(path: String, url: URL, catalog: StringCatalog)]) -> [String: Bool] {
        var found: [String: Bool] = [:]
        for (path, url, catalog) in catalogs { found[path] = isInXcodeFormat(catalog, at: url) }
        return found
    }

    /// Whether the file at `url` holds `catalog` (read from `path`) as Xcode writes it: the
    /// check's result, once it is done; checked here for a catalog it was not given.
    func isInXcodeFormat(_ catalog: StringCatalog, path: String, at url: URL) -> Bool {
        done.wait()
        return results[path] ?? Self.isInXcodeFormat(catalog, at: url)
    }

    /// Whether the file at `url` holds `catalog` as Xcode writes it (true when it cannot be read:
    /// then there is nothing to say about its format). The file's bytes are compared with the
    /// written ones a piece at a time, never both held whole.
    private static func isInXcodeFormat(_ catalog: StringCatalog, at url: URL) -> Bool {
        guard let existing = try? Data(contentsOf: url) else { return true }
        return StringCatalogWriter(finalNewline: .asRead).writes(catalog, as: existing)
    }
}


/// The files of an import split between the two sessions that judge them, each with the place
/// of its first outcome in the plan's list.
final class ImportParts: @unchecked Sendable {
    struct Piece {
        var file: XLIFFFile
        var locale: String
        var destination: XLIFFImporter.Destination
        var input: String
        var firstOutcome: Int
    }

    private var pieces: [[Piece]] = [[], []]
    private let lock = NSLock()
    /// The units of every piece added so far: the outcomes the plan will hold.
    private(set) var unitCount = 0

    func add(file: XLIFFFile, locale: String, destination: XLIFFImporter.Destination, input: String, to part: Int) {
        pieces[part].append(Piece(file: file, locale: locale, destination: destination, input: input, firstOutcome: unitCount))
        unitCount += file.units.count
    }

    /// The part's pieces, handed over once (so each file can be let go once judged).
    func take(_ part: Int) -> [Piece] {
        lock.lock()
        defer { lock.unlock() }
        let taken = pieces[part]
        pieces[part] = []
        return taken
    }

    /// The uninitialized outcome list the parts fill, each at its own places.
    struct Places: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<ImportUnitOutcome>

        init(_ buffer: UnsafeMutableBufferPointer<ImportUnitOutcome>) { self.buffer = buffer }

        func put(_ outcome: consuming ImportUnitOutcome, at place: Int) {
            self.place(place).initialize(to: consume outcome)
        }

        /// The uninitialized place of an outcome, for an outcome made in it.
        func place(_ place: Int) -> UnsafeMutablePointer<ImportUnitOutcome> {
            precondition(place >= 0 && place < buffer.count)
            return buffer.baseAddress! + place
        }
    }
}
