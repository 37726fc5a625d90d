import Foundation

/// What identifies one version of a file without reading it: device, inode, size and
/// modification time in nanoseconds.
public struct FileStamp: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modified: Int64

    /// The stamp of a file (links followed), or nil when it does not exist.
    public init?(_ url: URL) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}

/// Writes several files all or nothing, inside one folder (the project root or `--out`), without
/// losing another run's update.
///
/// 1. Every target is resolved (symbolic links included: a link is written through, to its
///    target) and must stay inside `root`; a file the user cannot write is refused unless
///    `force`.
/// 2. The lock of every target is taken (`FileLock`), then each file is checked to still hold
///    the bytes the caller read (`expected`): if another run changed it, `Conflict` is thrown and
///    nothing is written, so the caller reads again and re-plans.
/// 3. Every new content goes to a temporary file beside its target (`.<name>.l10n-<id>.tmp`,
///    flushed, with the old file's mode and owner). Any failure removes them all (and any folder
///    created for them): nothing changed.
/// 4. Before any of that, a journal (`<root>/.l10n/<id>.journal`) lists the files, temporary
///    files and folders to create. Then each old file is kept as a hard link
///    (`.<name>.l10n-<id>.bak`) and the temporary file renamed over it. A failed rename restores
///    the files already replaced. When every rename succeeded the journal is renamed
///    `<id>.committed` (the commit point), the old copies are removed, then the journal. A file
///    to remove (`Change.removal`) is kept the same way and unlinked instead of replaced.
/// 5. A run killed in steps 3 or 4 leaves the journal: `recover(root:)`, called by every
///    command that writes before it reads, puts every old file back and removes the temporary
///    files and new folders; after the commit point it only removes the old copies. So every
///    file is old or every file new.
public struct FileTransaction {
    /// One file to write.
    public struct Change: Sendable {
        public var url: URL
        public var data: Data
        /// What the caller read from the file, to detect another run's update.
        public var expected: Expected
        /// Whether the file is removed instead of written (`data` is ignored): kept as the
        /// backup link until the commit point, so a rollback puts it back.
        public var removes = false

        public init(url: URL, data: Data, expected: Expected = .unchecked) {
            self.url = url
            self.data = data
            self.expected = expected
        }

        /// The removal of an existing file, part of the same all-or-nothing transaction.
        public static func removal(of url: URL, expected: Expected = .unchecked) -> Change {
            var change = Change(url: url, data: Data(), expected: expected)
            change.removes = true
            return change
        }
    }

    /// The content a file must still have when it is replaced.
    public enum Expected: Sendable, Equatable {
        /// Not checked (the caller holds the lock since it read the file).
        case unchecked
        /// The file must not exist.
        case absent
        /// The file must hold these bytes.
        case bytes(Data)
        /// The file must still be the one stamped when it was read (same inode, size and mtime:
        /// an atomic save makes a new inode, an in-place one a new mtime).
        case stamp(FileStamp)
    }

    /// Thrown when a file changed since the caller read it (another run wrote it); nothing was written.
    public struct Conflict: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "\(path) changed since it was read (another run wrote it)" }
    }

    /// The folder nothing may be written outside of; the journal lives in its `.l10n` folder.
    public var root: URL
    public var changes: [Change]
    /// Replace files the user has no write permission for.
    public var force = false
    /// Whether the transaction takes the locks itself (false when the caller already holds them).
    public var takesLocks = true
    /// Locks the caller took before reading (the transaction does not take them again).
    public var heldLocks: [FileLock] = []
    /// Files outside `root` the transaction may replace all the same: catalogs of layers the
    /// manifest marks writable (their journal entries are absolute paths).
    public var allowedOutside: [URL] = []
    /// Files inside `root` no change may reach, even through a symbolic link (a vendor's, the SDK's).
    public var protected = ProtectedPaths()
    public var lockTimeout: TimeInterval = 60
    /// Receives "waiting for ..." messages.
    public var waiting: (String) -> Void = { _ in }
    /// Test hooks: fail the temporary write or the rename of the file at this index.
    var failingWrite: Int?
    var failingRename: Int?
    /// Test hook: on a failed rename, leave everything as a killed run would (journal included).
    var keepsStateOnFailure = false

    public init(root: URL, changes: [Change]) {
        self.root = root
        self.changes = changes
    }

    /// The folder of journals inside a root.
    public static func journalFolder(_ root: URL) -> URL { root.appendingPathComponent(".l10n", isDirectory: true) }

    /// Journals are written, read and removed only in a real `.l10n` folder (or none yet), never
    /// through a link or a file planted there.
    static func requireJournalFolderInside(_ root: URL) throws {
        let folder = journalFolder(root)
        var info = stat()
        if lstat(folder.path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            throw InputError(file: folder.path, "is not a folder (a symbolic link or a file); l10n keeps its transaction journals there, so nothing was written",
                             hint: "remove it; l10n creates the folder itself")
        }
    }

    /// Milliseconds to sleep between the renames, from `L10N_TEST_RENAME_DELAY_MS`: lets the crash
    /// tests kill a run in the middle of a transaction. Never set outside tests.
    static let renameDelay: UInt32 = UInt32(ProcessInfo.processInfo.environment["L10N_TEST_RENAME_DELAY_MS"] ?? "") ?? 0

    // MARK: Commit

    /// Writes every change, or none of them (see the type's description).
    public func commit() throws {
        guard !changes.isEmpty else { return }
        let manager = FileManager.default
        let boundary = Self.resolved(root)
        try Self.requireJournalFolderInside(boundary)
        var targets: [URL] = []
        for change in changes {
            let target = Self.resolved(change.url)
            guard Self.isInside(target, boundary) || allowedOutside.map(Self.resolved).contains(target) else {
                throw InputError(file: change.url.path, "refusing to write outside \(root.path): the path resolves to \(target.path)",
                                 hint: "a symbolic link or '..' in the path leads out of the folder; nothing was written")
            }
            // Reached through a link from another path, a protected file is never written.
            if let why = protected.reason(named: change.url.standardizedFileURL, reached: target, root: boundary, rootNamed: root.standardizedFileURL) {
                throw InputError(file: change.url.path, "refusing to write \(Self.path(of: target, inside: boundary) ?? target.path), \(why): the path leads there through a symbolic link; nothing was written",
                                 hint: "give the app a file of its own instead of the link")
            }
            var info = stat()
            if change.removes, lstat(target.path, &info) != 0 {
                throw InputError(file: change.url.path, "cannot remove a file that does not exist; nothing was written")
            }
            if lstat(target.path, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFREG else {
                    throw InputError(file: change.url.path, "is not a regular file; nothing was written")
                }
                if !force, !Self.isWritable(target, info) {
                    throw InputError(file: change.url.path, "is read-only (mode \(String(info.st_mode & 0o777, radix: 8))); nothing was written",
                                     hint: "make it writable, or pass --force to replace it anyway")
                }
            }
            targets.append(target)
        }
        let locks = takesLocks ? try FileLock.lockAll(targets, except: heldLocks, timeout: lockTimeout, waiting: waiting) : []
        defer { locks.forEach { $0.release() } }
        for (change, target) in zip(changes, targets) {
            switch change.expected {
            case .unchecked: break
            case .absent:
                if manager.fileExists(atPath: target.path) { throw Conflict(path: change.url.path) }
            case .bytes(let bytes):
                if (try? Data(contentsOf: target)) != bytes { throw Conflict(path: change.url.path) }
            case .stamp(let stamp):
                if FileStamp(target) != stamp { throw Conflict(path: change.url.path) }
            }
            Self.removeLeftovers(beside: target)
        }

        // The journal is written first, as the intent: a run killed at any later point leaves
        // everything recovery needs to remove its temporary files and folders, or restore files.
        let id = UUID().uuidString
        var createdFolders: [URL] = []
        var staged: [Entry] = []
        for target in targets {
            for folder in Self.missingFolders(for: target) where !createdFolders.contains(folder) { createdFolders.append(folder) }
            staged.append(Entry(target: target,
                                temporary: target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).l10n-\(id).tmp"),
                                backup: target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).l10n-\(id).bak"),
                                isNew: !manager.fileExists(atPath: target.path)))
        }
        let journal = Journal(id: id, root: boundary, entries: staged, createdFolders: createdFolders)
        do {
            try journal.write()
        } catch {
            throw InputError(file: Self.journalFolder(root).path, "cannot write the transaction journal (\(error)); no file was changed",
                             hint: "free some disk space or check the folder's permissions, then run again")
        }
        for (index, (change, entry)) in zip(changes, staged).enumerated() {
            do {
                if index == 0 { try Self.createFolders(createdFolders) }
                if change.removes { continue }
                try Self.writeTemporary(change.data, to: entry.temporary, like: entry.isNew ? nil : entry.target, failing: failingWrite == index)
            } catch let error as InputError {
                journal.rollBack()
                // A folder on the way that is a link to nothing fails the same way as a full disk.
                var folder = stat()
                let parent = entry.target.deletingLastPathComponent()
                let hint = stat(parent.path, &folder) != 0
                    ? "the folder \(parent.path) is missing or a symbolic link to nothing: remove the link (or create the folder), then run again"
                    : "free some disk space or check the folder's permissions, then run again"
                throw InputError(file: change.url.path, error.message + "; no file was changed", hint: hint)
            }
        }
        for (index, (change, entry)) in zip(changes, staged).enumerated() {
            if Self.renameDelay > 0 { usleep(Self.renameDelay * 1000) }
            var failure: String?
            if !entry.isNew, link(entry.target.path, entry.backup.path) != 0,
               (try? manager.copyItem(at: entry.target, to: entry.backup)) == nil {
                failure = "cannot keep the old file: \(String(cString: strerror(errno)))"
            } else if failingRename == index {
                failure = "cannot replace file: injected failure"
            } else if change.removes {
                // The backup link keeps the bytes: a rollback renames it back.
                if unlink(entry.target.path) != 0 { failure = "cannot remove file: \(String(cString: strerror(errno)))" }
            } else if rename(entry.temporary.path, entry.target.path) != 0 {
                failure = "cannot replace file: \(String(cString: strerror(errno)))"
            }
            if let failure {
                if !keepsStateOnFailure { journal.rollBack() }
                throw InputError(file: entry.target.path, failure + "; every file was restored, nothing changed",
                                 hint: "check the folder's permissions and free space, then run again")
            }
        }
        // The commit point: from here on recovery finishes the transaction instead of undoing it.
        guard rename(journal.url.path, journal.committedURL.path) == 0 else {
            let reason = String(cString: strerror(errno))
            journal.rollBack()
            throw InputError(file: journal.url.path, "cannot commit the transaction: \(reason); every file was restored, nothing changed")
        }
        journal.finish()
    }

    // MARK: Recovery

    /// Completes the unfinished transactions a killed run left in `root`: every file it had
    /// replaced gets its old bytes back, its temporary files and new folders are removed.
    /// Returns the paths restored, for a message. Waits for the locks of a run still in progress.
    @discardableResult
    public static func recover(root: URL, lockTimeout: TimeInterval = 60, timeoutOption: String? = "--lock-timeout",
                               waiting: (String) -> Void = { _ in }) throws -> [String] {
        let folder = journalFolder(root)
        try requireJournalFolderInside(root)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var restored: [String] = []
        for name in names.sorted() where name.hasSuffix(".journal") || name.hasSuffix(".committed") {
            let url = folder.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url), let journal = Journal(data: data, root: resolved(root)) else {
                // A journal cut off while it was written: its run did nothing else yet. (A fresh
                // one may be being written by a live run right now: left alone.)
                if let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
                   Date().timeIntervalSince(modified) > 30 {
                    unlink(url.path)
                }
                continue
            }
            let locks = try FileLock.lockAll(lockable(journal.entries.map { resolved($0.target) }, root: root), timeout: lockTimeout,
                                             timeoutOption: timeoutOption, waiting: waiting)
            // Its run finished meanwhile when the journal is gone.
            if FileManager.default.fileExists(atPath: url.path) {
                if name.hasSuffix(".committed") {
                    journal.finish()
                } else {
                    restored += journal.rollBack()
                }
            }
            locks.forEach { $0.release() }
            // Only now: the lock files inside a new folder are gone.
            for folder in journal.createdFolders.reversed() { rmdir(folder.path) }
        }
        rmdir(folder.path)
        return restored
    }

    /// The files of transactions a killed run left half done in `root` (some file put in place
    /// before the commit point, which recovery will undo), for the commands that only read: they
    /// must not read that mix, nor repair it. Waits for the locks of a run still in progress, whose
    /// journal is then gone. A committed transaction (every file new) is not half done.
    public static func interruptedFiles(root: URL, lockTimeout: TimeInterval = 60, timeoutOption: String? = "--lock-timeout",
                                        waiting: (String) -> Void = { _ in }) throws -> [String] {
        let folder = journalFolder(root)
        var info = stat()
        guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var files: [String] = []
        for name in names.sorted() where name.hasSuffix(".journal") {
            let url = folder.appendingPathComponent(name)
            // A journal cut off while it was written: its run changed nothing yet.
            guard let data = try? Data(contentsOf: url), let journal = Journal(data: data, root: resolved(root)) else { continue }
            let locks = try FileLock.lockAll(lockable(journal.entries.map { resolved($0.target) }, root: root), timeout: lockTimeout,
                                             timeoutOption: timeoutOption, waiting: waiting)
            let stillThere = FileManager.default.fileExists(atPath: url.path)
            locks.forEach { $0.release() }
            guard stillThere else { continue }
            // Half done only when some file was put in place: its temporary file is gone and its
            // old copy kept (or the new file is there). A journal whose run renamed nothing (or
            // one planted without any of its files) left the project as it was.
            let manager = FileManager.default
            let replaced = journal.entries.contains { entry in
                !manager.fileExists(atPath: entry.temporary.path)
                    && (entry.isNew ? manager.fileExists(atPath: entry.target.path) : manager.fileExists(atPath: entry.backup.path))
            }
            guard replaced else { continue }
            let base = resolved(root)
            files += journal.entries.map { path(of: $0.target, inside: base) ?? $0.target.path }
        }
        return files
    }

    /// Refuses to read a folder a killed run left half-written (`interruptedFiles`): a command
    /// that only reads must neither report on that mix nor repair it behind the user's back.
    public static func requireNotInterrupted(root: URL, lockTimeout: TimeInterval = 60, timeoutOption: String? = "--lock-timeout",
                                             waiting: (String) -> Void = { _ in }) throws {
        let files = try interruptedFiles(root: root, lockTimeout: lockTimeout, timeoutOption: timeoutOption, waiting: waiting)
        guard !files.isEmpty else { return }
        let shown = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
        throw InputError(file: journalFolder(root).path,
                         "an interrupted l10n run left \(files.count) file\(files.count == 1 ? "" : "s") half-written (\(shown)); nothing was read",
                         hint: "run 'l10n format' in the project (or the import again): it puts the old files back before it reads")
    }

    // MARK: Files

    struct Entry {
        var target: URL
        var temporary: URL
        var backup: URL
        var isNew: Bool
    }

    /// The list of a transaction's files, written before the first rename.
    struct Journal {
        var id: String
        var root: URL
        var entries: [Entry]
        var createdFolders: [URL]

        var url: URL { FileTransaction.journalFolder(root).appendingPathComponent("\(id).journal") }
        /// The journal renamed once every file is replaced.
        var committedURL: URL { FileTransaction.journalFolder(root).appendingPathComponent("\(id).committed") }

        init(id: String, root: URL, entries: [Entry], createdFolders: [URL]) {
            self.id = id
            self.root = root
            self.entries = entries
            self.createdFolders = createdFolders
        }

        /// Reads a journal; paths in it are relative to the root, or absolute for a writable layer
        /// outside it. A journal is a file in the project (it may come from anywhere, a commit
        /// included), so recovery acts only on what a transaction of l10n writes: temporary and
        /// backup files named after their target beside it, folders inside the root, and outside
        /// the root only replaced files (a transaction never creates one there). Anything else
        /// makes the journal unusable (nil).
        init?(data: Data, root: URL) {
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let id = object["id"] as? String, let files = object["files"] as? [[String: Any]],
                  !id.isEmpty, !id.contains("/") else { return nil }
            self.id = id
            self.root = root
            func url(_ path: Any?) -> URL? {
                guard let path = path as? String, !path.isEmpty, !path.split(separator: "/").contains("..") else { return nil }
                return path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
            }
            entries = files.compactMap { file in
                guard let target = url(file["target"]), let temporary = url(file["temporary"]), let backup = url(file["backup"]),
                      let isNew = file["new"] as? Bool else { return nil }
                let folder = target.deletingLastPathComponent()
                // Inside by its resolved path: `link/x` through a planted link to elsewhere is outside.
                guard temporary == folder.appendingPathComponent(".\(target.lastPathComponent).l10n-\(id).tmp"),
                      backup == folder.appendingPathComponent(".\(target.lastPathComponent).l10n-\(id).bak"),
                      FileTransaction.isInside(FileTransaction.resolved(target), root) || !isNew else { return nil }
                return Entry(target: target, temporary: temporary, backup: backup, isNew: isNew)
            }
            createdFolders = ((object["createdFolders"] as? [String]) ?? []).compactMap { url($0) }
            guard entries.count == files.count,
                  createdFolders.allSatisfy({ FileTransaction.isInside(FileTransaction.resolved($0), root) && $0 != root }),
                  createdFolders.count == (object["createdFolders"] as? [String])?.count ?? 0 else { return nil }
        }

        func write() throws {
            func relative(_ url: URL) -> String {
                guard FileTransaction.isInside(url, root) else { return url.path }
                return String(url.path.dropFirst(root.path == "/" ? 1 : root.path.count + 1))
            }
            let object: [String: Any] = [
                "id": id,
                "files": entries.map { ["target": relative($0.target), "temporary": relative($0.temporary),
                                        "backup": relative($0.backup), "new": $0.isNew] as [String: Any] },
                "createdFolders": createdFolders.map(relative),
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            let folder = FileTransaction.journalFolder(root)
            // Another run removes the folder when its last journal goes: create it again then.
            for attempt in 1...3 {
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try FileTransaction.writeTemporary(data, to: url, like: nil, failing: false)
                    break
                } catch where attempt < 3 {
                    continue
                }
            }
            FileTransaction.syncFolder(folder)
        }

        /// Puts every old file back, removes new files, temporary files and created folders,
        /// then the journal. Returns the paths it restored or removed.
        @discardableResult
        func rollBack() -> [String] {
            var touched: [String] = []
            let manager = FileManager.default
            for entry in entries {
                if manager.fileExists(atPath: entry.backup.path) {
                    // Before its rename the backup is a second link to the target itself, and
                    // rename(2) between two links of one file does nothing.
                    if FileStamp(entry.backup) == FileStamp(entry.target) {
                        unlink(entry.backup.path)
                    } else if rename(entry.backup.path, entry.target.path) == 0 {
                        touched.append(entry.target.path)
                    }
                } else if entry.isNew, !manager.fileExists(atPath: entry.temporary.path), manager.fileExists(atPath: entry.target.path) {
                    unlink(entry.target.path)
                    touched.append(entry.target.path)
                }
                unlink(entry.temporary.path)
            }
            for folder in createdFolders.reversed() { rmdir(folder.path) }
            remove()
            return touched
        }

        /// After the commit point: removes the old files kept as backups, then the journal.
        func finish() {
            for entry in entries {
                unlink(entry.backup.path)
                unlink(entry.temporary.path)
            }
            unlink(committedURL.path)
            FileTransaction.syncFolder(FileTransaction.journalFolder(root))
            rmdir(FileTransaction.journalFolder(root).path)
        }

        /// Removes the journal, and its folder when no other journal is left.
        func remove() {
            unlink(url.path)
            FileTransaction.syncFolder(FileTransaction.journalFolder(root))
            rmdir(FileTransaction.journalFolder(root).path)
        }
    }

    /// Writes bytes to a new file, flushed to disk, with the mode and owner of `original` (if
    /// any); on any failure the partial file is removed.
    static func writeTemporary(_ data: Data, to url: URL, like original: URL?, failing: Bool) throws {
        var mode: mode_t = 0o644
        var owner: (uid_t, gid_t)?
        if let original {
            var info = stat()
            if stat(original.path, &info) == 0 {
                mode = info.st_mode & 0o7777
                owner = (info.st_uid, info.st_gid)
            }
        }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw InputError(file: url.path, "cannot write file: \(String(cString: strerror(errno)))")
        }
        var failure: String?
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            // An injected failure writes half the bytes first, as a full disk does.
            let limit = failing ? bytes.count / 2 : bytes.count
            while offset < limit {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, limit - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
            if failing { failure = String(cString: strerror(ENOSPC)) }
        }
        if failure == nil {
            fchmod(descriptor, mode)
            if let owner, geteuid() == 0 || owner.0 == geteuid() { fchown(descriptor, owner.0, owner.1) }
            if fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(url.path)
            throw InputError(file: url.path, "cannot write file: \(failure)")
        }
    }

    /// The folders above a file that do not exist, outermost first.
    static func missingFolders(for file: URL) -> [URL] {
        var missing: [URL] = []
        var folder = file.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path) {
            missing.insert(folder, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        return missing
    }

    /// Creates folders, outermost first (already existing ones are fine).
    static func createFolders(_ folders: [URL]) throws {
        for folder in folders where mkdir(folder.path, 0o755) != 0 && errno != EEXIST {
            throw InputError(file: folder.path, "cannot create the folder: \(String(cString: strerror(errno)))")
        }
    }

    /// Removes `.<name>.l10n-*.tmp` and `.bak` files a killed run left beside a file (called
    /// with the file's lock held, so no running transaction owns them).
    static func removeLeftovers(beside target: URL) {
        let folder = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent).l10n-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && (name.hasSuffix(".tmp") || name.hasSuffix(".bak")) {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    // MARK: Paths

    /// The path with every symbolic link resolved, as far as it exists; the missing rest appended.
    public static func resolved(_ url: URL) -> URL {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while existing.path != "/" {
            if let real = realpath(existing.path, nil) {
                defer { free(real) }
                var result = URL(fileURLWithPath: String(cString: real))
                for part in rest { result.appendPathComponent(part) }
                return result
            }
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        return url.standardizedFileURL
    }

    /// The files among `urls` (resolved) a run may lock before its transaction: those inside
    /// `root` or in `allowedOutside`. The others are refused by `commit()`; locking them first
    /// would create a lock file beside a file outside the folder.
    public static func lockable(_ urls: [URL], root: URL, allowedOutside: [URL] = []) -> [URL] {
        let boundary = resolved(root)
        let allowed = Set(allowedOutside.map(resolved))
        return urls.filter { isInside($0, boundary) || allowed.contains($0) }
    }

    /// The path of `url` inside `folder` (`App/de.lproj/x.strings`), nil when it is not inside it.
    public static func path(of url: URL, inside folder: URL) -> String? {
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return url.path.hasPrefix(base) ? String(url.path.dropFirst(base.count)) : nil
    }

    /// Whether a resolved path is the folder or inside it.
    public static func isInside(_ path: URL, _ folder: URL) -> Bool {
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return path.path == folder.path || path.path.hasPrefix(base)
    }

    /// Whether the user may replace the file: its mode grants write to someone (root may write
    /// anything, so a 0444 file is still refused), and `access` says the user may.
    static func isWritable(_ url: URL, _ info: stat) -> Bool {
        info.st_mode & 0o222 != 0 && access(url.path, W_OK) == 0
    }
}
