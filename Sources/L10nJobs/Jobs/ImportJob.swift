import Foundation
import L10nCore
import L10nProject
import L10nExchange

/// How an import runs, from the command line or a pipeline stage.
public struct ImportOptions: Sendable {
    /// Plan and report, write nothing.
    public var dryRun: Bool
    /// Replace read-only files too.
    public var force: Bool
    /// Seconds to wait for another run's lock before giving up.
    public var lockTimeout: TimeInterval
    /// Apply a development-language file's edited source texts (`import --source-edits`);
    /// without it such a file is refused as a whole.
    public var sourceEdits: Bool

    public init(dryRun: Bool = false, force: Bool = false, lockTimeout: TimeInterval = 60, sourceEdits: Bool = false) {
        self.dryRun = dryRun
        self.force = force
        self.lockTimeout = lockTimeout
        self.sourceEdits = sourceEdits
    }
}

/// What an import did: its plan (outcomes, the files it wrote or would write) and the project
/// model it planned against (read again when files had changed).
public struct ImportJobResult: Sendable {
    public var plan: ImportPlan
    public var project: Project
    /// Whether the plan was written (false for a dry run).
    public var wrote: Bool

    /// The model after the import, for the stages after it: what it wrote parsed into
    /// `project`, or the project read again when it created a file; `project` after a dry run.
    /// Computed when asked, so a command that stops after the import does not pay for it.
    public func updatedProject() throws -> Project {
        wrote ? try project.afterWriting(plan.changes.map { ($0.path, $0.data) }) : project
    }
}

/// An import as the `import` command and the pipeline's `import` stage run it, so both lock,
/// read and retry alike: the files the inputs name are locked before the project is read and
/// held until the rename; the plan is written all or nothing; when another run changed a file
/// only the plan revealed, the project is read and planned again (nothing is lost).
public struct ImportJob: Sendable {
    public var options: ImportOptions

    /// How often the project is read again when other runs keep changing it.
    public static let attempts = 20

    public init(options: ImportOptions = ImportOptions()) {
        self.options = options
    }

    /// Plans the inputs against the project at `root` and writes the plan (unless a dry run).
    /// `project` is a model already read (a pipeline's): it is read again only when one of its
    /// files changed since. `waiting` gets the messages about held locks and retries, `warnings`
    /// what discovery could not do fully. Throws `ImportFailure` for unusable input (nothing written).
    ///
    /// The inputs are handed to the first plan, which lets each parsed file go once it is planned;
    /// a plan after a write conflict reads the files again from their `url`. Inputs made in
    /// memory (no `url`) are held for such a retry instead.
    public func run(_ inputs: consuming [ImportInput], root: URL, project: Project? = nil,
                    waiting: @escaping (String) -> Void = { _ in }, warnings: (String) -> Void = { _ in }) throws -> ImportJobResult {
        let sourceEdits = options.sourceEdits
        let locking = XLIFFImporter.filesToLock(for: inputs, root: root)
        var attempts = ImportAttempts(inputs)
        return try run(root: root, project: project, locking: locking, waiting: waiting, warnings: warnings) { project in
            try XLIFFImporter(project: project, sourceEdits: sourceEdits).plan(attempts.next())
        }
    }

    /// The same for any plan of changes to the project's catalogs and tables (`l10n fill`, a
    /// pseudo-locale written into the project): `locking` the files known before reading,
    /// `plan` computed from the project as read (again, after a conflict).
    public func run(root: URL, project: Project? = nil, locking: [URL] = [], waiting: @escaping (String) -> Void = { _ in },
                    warnings: (String) -> Void = { _ in }, plan planning: (Project) throws -> ImportPlan) throws -> ImportJobResult {
        var locks = options.dryRun ? [] : try FileLock.lockAll(
            FileTransaction.lockable(locking, root: root, allowedOutside: project?.writableOutsideRootURLs ?? []),
            timeout: options.lockTimeout, waiting: waiting)
        defer { locks.forEach { $0.release() } }
        var current = project
        for attempt in 1...Self.attempts {
            if current == nil || current!.fileStamps.contains(where: { path, stamp in FileStamp(current!.url(forPath: path)) != stamp }) {
                current = try ProjectDiscovery(root: root).discover()
                if attempt == 1 { current!.warnings.forEach(warnings) }
            }
            let plan = try planning(current!)
            guard !options.dryRun else { return ImportJobResult(plan: plan, project: current!, wrote: false) }
            // A file only the plan revealed (a new `.lproj` table, the editor catalog): taking its
            // lock on top of the held ones could wait for a run that waits for ours. All locks
            // are given up and taken again in path order; the write then refuses a file that
            // changed meanwhile (a conflict: read and plan again).
            let targets = FileTransaction.lockable(plan.changes.map { FileTransaction.resolved($0.url) }, root: root,
                                                   allowedOutside: current!.writableOutsideRootURLs)
            let held = Set(locks.map(\.lockURL.path))
            if targets.contains(where: { !held.contains(FileLock.lockURL(for: $0).path) }) {
                locks.forEach { $0.release() }
                locks = []
                locks = try FileLock.lockAll(FileTransaction.lockable(locking, root: root, allowedOutside: current!.writableOutsideRootURLs) + targets,
                                             timeout: options.lockTimeout, waiting: waiting)
            }
            do {
                try plan.write(force: options.force, lockTimeout: options.lockTimeout, holding: locks, waiting: waiting)
                return ImportJobResult(plan: plan, project: current!, wrote: true)
            } catch let conflict as FileTransaction.Conflict where attempt < Self.attempts {
                waiting("note: \(conflict.description); reading the project again")
                current = nil
            }
        }
        preconditionFailure("the last attempt returns or throws")
    }
}

/// The inputs of each plan an import makes: the given ones for the first, handed over so the plan
/// can let each parsed file go; for a plan after a write conflict, the files read again. Inputs
/// made in memory (no `url`) cannot be read again, so they are held for every plan.
struct ImportAttempts {
    private var first: [ImportInput]?
    /// What a retry reads again, nil when an input has no file; then `kept` is every input.
    private let files: [(path: String, url: URL)]?
    private let kept: [ImportInput]?

    init(_ inputs: consuming [ImportInput]) {
        let files = inputs.compactMap { input in input.url.map { (path: input.path, url: $0) } }
        self.files = files.count == inputs.count ? files : nil
        kept = self.files == nil ? inputs : nil
        first = inputs
    }

    /// The inputs for the next plan. Throws the located error of a file that can no longer be read.
    mutating func next() throws -> [ImportInput] {
        if let first = first.take() { return first }
        guard let files else { return kept ?? [] }
        return try ImportInput.read(files.map { ($0.url, $0.path) }).map { try $0.get() }
    }
}
