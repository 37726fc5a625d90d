import Foundation

/// An advisory lock (`flock`) on a lock file beside a file that a run reads in order to modify,
/// so two runs never both read the old bytes and then both write: the second one waits.
///
/// The lock file is `.<name>.l10n-lock` in the file's folder (for a file in a folder that does
/// not exist yet, in the nearest existing ancestor, named after the missing path). It holds the
/// process id and command of the holder, so a waiting run can say whom it waits for. The holder
/// removes it before unlocking; a waiter that then holds a lock on a removed file opens the path
/// again, so two runs never both hold the lock.
public final class FileLock: @unchecked Sendable {
    /// The file the lock protects.
    public let url: URL
    /// The lock file.
    public let lockURL: URL
    private var descriptor: Int32 = -1

    /// Takes the lock, waiting up to `timeout` seconds; `waiting` is called once with a message
    /// naming the holder when the lock is held by another process. `timeoutOption` is the option
    /// that sets the timeout, named in that message; nil for a command without one.
    public init(for url: URL, timeout: TimeInterval, timeoutOption: String? = "--lock-timeout",
                waiting: (String) -> Void = { _ in }) throws {
        self.url = url
        self.lockURL = Self.lockURL(for: url)
        let deadline = Date().addingTimeInterval(timeout)
        var announced = false
        while true {
            // Never through a symbolic link: a link planted at the lock's name would have this
            // run truncate and write whatever file it names.
            descriptor = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if descriptor < 0, errno == ELOOP {
                throw InputError(file: url.path, "the lock file \(lockURL.path) is a symbolic link; nothing was written",
                                 hint: "remove the link (l10n creates and removes its lock files itself)")
            }
            guard descriptor >= 0 else {
                throw InputError(file: url.path, "cannot create the lock file \(lockURL.lastPathComponent): \(String(cString: strerror(errno)))",
                                 hint: "check that the folder is writable")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                // The holder removes the lock file before it unlocks: if the path now names
                // another file (or none), this lock is on a removed file; open the path again.
                var held = stat(), current = stat()
                if fstat(descriptor, &held) == 0, stat(lockURL.path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
                    break
                }
                close(descriptor)
                descriptor = -1
                continue
            }
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                descriptor = -1
                throw InputError(file: url.path, "cannot lock the file: \(reason)")
            }
            if !announced {
                waiting("waiting for \(holder()) to finish with \(url.path) (up to \(Self.seconds(timeout)) s\(timeoutOption.map { ", " + $0 } ?? ""))")
                announced = true
            }
            guard Date() < deadline else {
                let holder = holder()
                close(descriptor)
                descriptor = -1
                throw InputError(file: url.path, "\(holder) still holds the file after \(Self.seconds(timeout)) s; nothing was written",
                                 hint: "wait for it to finish and run again" + (timeoutOption.map { ", or raise " + $0 } ?? ""))
            }
            close(descriptor)
            descriptor = -1
            usleep(20_000)
        }
        let note = "pid \(getpid()) \(CommandLine.arguments.dropFirst().prefix(1).joined())\n"
        ftruncate(descriptor, 0)
        _ = note.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit { release() }

    /// Whether the lock is still held (not yet released).
    public var isHeld: Bool { descriptor >= 0 }

    /// Removes the lock file and releases the lock (also done when the value is freed; the
    /// system releases it if the process dies, leaving the file, which the next run reuses).
    public func release() {
        guard descriptor >= 0 else { return }
        unlink(lockURL.path)
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    /// `60`, `0.5`: seconds as the user wrote them.
    private static func seconds(_ value: TimeInterval) -> String { String(format: "%g", value) }

    /// "l10n (pid 1234, import)" from the lock file, or "another process".
    private func holder() -> String {
        guard let text = try? String(contentsOf: lockURL, encoding: .utf8) else { return "another process" }
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard parts.count >= 2, parts[0] == "pid" else { return "another process" }
        return "l10n (pid \(parts[1])\(parts.count > 2 ? ", " + parts[2] : ""))"
    }

    /// `.<name>.l10n-lock` beside the file, or beside its nearest existing ancestor.
    public static func lockURL(for url: URL) -> URL {
        var folder = url.deletingLastPathComponent()
        var missing: [String] = [url.lastPathComponent]
        var isDirectory: ObjCBool = false
        while !(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue), folder.path != "/" {
            missing.insert(folder.lastPathComponent, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("." + missing.joined(separator: "_") + ".l10n-lock")
    }

    /// Takes the locks of several files in path order (so two runs taking all their locks at
    /// once never wait for each other), except those of `held`: the locks a run took before
    /// reading the files it now writes. A run that needs more locks later gives up those it holds
    /// and takes them all again in path order (`ImportJob`), so no two runs wait for each other.
    public static func lockAll(_ urls: [URL], except held: [FileLock] = [], timeout: TimeInterval,
                               timeoutOption: String? = "--lock-timeout", waiting: (String) -> Void = { _ in }) throws -> [FileLock] {
        var locks: [FileLock] = []
        var seen = Set(held.filter(\.isHeld).map(\.lockURL.path))
        for url in urls.sorted(by: { $0.path < $1.path }) where seen.insert(lockURL(for: url).path).inserted {
            locks.append(try FileLock(for: url, timeout: timeout, timeoutOption: timeoutOption, waiting: waiting))
        }
        return locks
    }
}
