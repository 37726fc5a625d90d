import Foundation
import L10nCore
import L10nFormats
import L10nProject

/// A file `format` compares with its canonical form.
public struct FormatFile: Sendable {
    /// The path as output names it (project-relative in a pipeline, as given on the command line).
    public var path: String
    public var url: URL
    public var form: CanonicalForm
    /// The canonical bytes when a parsed model already gives them (a discovered project: nothing
    /// is parsed twice); nil to canonicalize the bytes read.
    public var canonical: Data?
    /// The parsed catalog whose canonical bytes the file must have: compared with the file as
    /// they are written, and made only when the file differs (a project's catalogs are tens of
    /// megabytes, and most are canonical already).
    public var catalog: StringCatalog?
    /// What the file must still be when it is replaced (as discovery read it, or unchecked).
    public var expected: FileTransaction.Expected

    public init(path: String, url: URL, form: CanonicalForm, canonical: Data? = nil, catalog: StringCatalog? = nil,
                expected: FileTransaction.Expected = .unchecked) {
        self.path = path
        self.url = url
        self.form = form
        self.canonical = canonical
        self.catalog = catalog
        self.expected = expected
    }
}

/// What a format run is asked to do.
public struct FormatOptions: Sendable, Equatable {
    /// Write the canonical bytes of each file that differs (false: `--check`).
    public var rewrite: Bool
    /// Replace read-only files too.
    public var force: Bool
    /// Lock the files before reading them (the command; a pipeline holds its own locks).
    public var locksFiles: Bool
    public var lockTimeout: TimeInterval

    public init(rewrite: Bool, force: Bool = false, locksFiles: Bool = false, lockTimeout: TimeInterval = 60) {
        self.rewrite = rewrite
        self.force = force
        self.locksFiles = locksFiles
        self.lockTimeout = lockTimeout
    }
}

/// What a format run found and wrote.
public struct FormatResult: Sendable {
    /// Every file compared, in order, each once.
    public var checked: [String]
    /// The files not in canonical form, in order, with where each first differs.
    public var differences: [(path: String, difference: CanonicalDifference)]
    /// The bytes each rewritten file now has (empty with `--check`).
    public var written: [(path: String, data: Data)]
    /// Remarks about files that are canonical but unusual (a catalog of a newer format version).
    public var warnings: [String]
    /// The model after the run, the rewritten files parsed into it (`run(on:)` only).
    public var project: Project?

    public var differenceByPath: [String: CanonicalDifference] {
        Dictionary(differences.map { ($0.path, $0.difference) }, uniquingKeysWith: { first, _ in first })
    }

    /// Findings when a check (not a rewrite) found a file to format.
    public var status: StageStatus { differences.isEmpty || !written.isEmpty ? .passed : .findings }

    /// One line per file not in canonical form: `formatted PATH`, or `PATH: not in canonical form (why)`.
    public var fileLines: [String] {
        differences.map { written.isEmpty ? "\($0.path): not in canonical form (\($0.difference.description))" : "formatted \($0.path)" }
    }

    /// The pipeline stage's text: the file lines and a count.
    public var text: String {
        var lines = fileLines
        lines.append("\(checked.count) files checked, \(differences.count) not canonical"
                     + (written.isEmpty ? "" : ", \(written.count) rewritten"))
        return lines.map { $0 + "\n" }.joined()
    }
}

/// Some files could not be read or parsed; nothing was written.
public struct FormatFailure: Error, Sendable {
    public var errors: [any LocatedError]
    /// How many distinct files the run was given.
    public var fileCount: Int
}

/// Compares files with the canonical form Xcode saves them in and rewrites those that differ,
/// all or nothing: the one way `l10n format` and a pipeline's format stage work.
public struct FormatJob: Sendable {
    public var options: FormatOptions

    public init(options: FormatOptions) {
        self.options = options
    }

    /// A discovered project's own catalogs (not the SDK's nor a vendor folder's) and `.strings` files, canonical bytes
    /// from the parsed model.
    public static func files(of project: Project) throws -> [FormatFile] {
        try project.requireLocalizedFiles(for: "format")
        var files: [FormatFile] = []
        func add(_ path: String, _ form: CanonicalForm, _ canonical: Data?, _ catalog: StringCatalog?) {
            files.append(FormatFile(path: path, url: project.url(forPath: path), form: form, canonical: canonical, catalog: catalog,
                                    expected: project.fileStamps[path].map { .stamp($0) } ?? .unchecked))
        }
        // The project's own files only: not the SDK's catalog nor a vendor folder's (l10n never
        // writes those), nor a layer outside the root the manifest does not mark writable.
        for file in project.catalogs where project.ownsCatalog(atPath: file.path) {
            add(file.path, .stringCatalog, nil, file.catalog)
        }
        for table in project.stringsTables where !ProjectDiscovery.isVendorPath(table.folder + "/x") {
            // An intent definition's tables keep Xcode's layout for them (sorted, no comments added).
            let isIntents = project.intentDefinitionPath(ofTableIn: table.folder, named: table.table) != nil
            for locale in table.locales {
                guard let file = table.files[locale] else { continue }
                add(table.path(locale: locale), .strings, StringsWriter.canonicalData(for: file, layout: isIntents ? .intentDefinition : nil), nil)
            }
        }
        return files
    }

    /// Formats the project's own catalogs and tables (`files(of:)`) and hands back the model with
    /// the rewritten files parsed into it, so the stages after it need not read the project again.
    public func run(on project: Project) throws -> FormatResult {
        var result = try run(try Self.files(of: project), root: project.root, allowedOutside: project.writableOutsideRootURLs,
                             protected: project.protectedPaths)
        result.project = try project.afterWriting(result.written)
        return result
    }

    /// Reads every file, then (rewriting) writes those not in canonical form in one transaction
    /// under `root`; throws `FormatFailure` without writing when a file cannot be read or parsed.
    public func run(_ files: [FormatFile], root: URL, allowedOutside: [URL] = [], protected: ProtectedPaths = ProtectedPaths(),
                    waiting: (String) -> Void = { _ in },
                    progress: (_ done: Int, _ total: Int, _ path: String) -> Void = { _, _, _ in }) throws -> FormatResult {
        var locks: [FileLock] = []
        defer { locks.forEach { $0.release() } }
        if options.rewrite, options.locksFiles {
            // Locked before reading, held until the rename: a run that writes one of these files
            // meanwhile waits, so its update is never overwritten with what was read.
            let urls = FileTransaction.lockable(files.map { FileTransaction.resolved($0.url) }, root: root, allowedOutside: allowedOutside)
                .filter { FileManager.default.fileExists(atPath: $0.path) }
            locks = try FileLock.lockAll(urls, timeout: options.lockTimeout, waiting: waiting)
        }
        var result = FormatResult(checked: [], differences: [], written: [], warnings: [], project: nil)
        var failures: [any LocatedError] = []
        var changes: [FileTransaction.Change] = []
        var seen = Set<URL>()
        for (index, file) in files.enumerated() {
            guard seen.insert(file.url.standardizedFileURL).inserted else { continue }
            result.checked.append(file.path)
            progress(index + 1, files.count, file.path)
            do {
                let data = try AtomicFile.read(file.url, shownAs: file.path)
                let canonical: Data
                if let catalog = file.catalog {
                    let writer = StringCatalogWriter(finalNewline: .never)
                    canonical = writer.writes(catalog, as: data) ? data : writer.data(for: catalog)
                } else {
                    canonical = try file.canonical ?? file.form.canonicalize(data, file.path, file.url)
                }
                if file.form.fileExtensions == CanonicalForm.stringCatalog.fileExtensions,
                   let warning = StringCatalogVersion.warning(StringCatalogVersion.declared(inCanonical: canonical), file: file.path) {
                    result.warnings.append(warning)
                }
                guard canonical != data else { continue }
                result.differences.append((file.path, CanonicalDifference(actual: data, canonical: canonical)))
                if options.rewrite {
                    changes.append(FileTransaction.Change(url: file.url, data: canonical, expected: file.expected))
                    result.written.append((file.path, canonical))
                }
            } catch let error as any LocatedError {
                failures.append(error)
            }
        }
        guard failures.isEmpty else { throw FormatFailure(errors: failures, fileCount: seen.count) }
        guard !changes.isEmpty else { return result }
        var transaction = FileTransaction(root: root, changes: changes)
        transaction.takesLocks = !options.locksFiles
        transaction.force = options.force
        transaction.allowedOutside = allowedOutside
        transaction.protected = protected
        try transaction.commit()
        return result
    }
}
