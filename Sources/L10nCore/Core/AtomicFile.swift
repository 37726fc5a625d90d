import Foundation

// POSIX `read` and `write`, which `AtomicFile.read` and `AtomicFile.write` hide inside the type.
#if canImport(Glibc)
private let posixRead = SwiftGlibc.read
private let posixWrite = SwiftGlibc.write
#else
private let posixRead = Darwin.read
private let posixWrite = Darwin.write
#endif

/// Reading and writing whole files so that a reader never sees half a file.
public enum AtomicFile {
    /// Reads a file, turning a failure into an error that names the file as `path` (default: the URL's path).
    public static func read(_ url: URL, shownAs path: String? = nil) throws -> Data {
        let path = path ?? url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw InputError("no such file: \(path)", hint: "check the path")
        }
        if isDirectory.boolValue {
            throw InputError(file: path, "is a folder, not a file", hint: "name a file inside it")
        }
        if let kind = specialKind(url) {
            throw InputError(file: path, "is \(kind), not a regular file", hint: "name the file itself; l10n reads only regular files")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw InputError(file: path, "cannot read file (\(Self.reason(error)))",
                             hint: "check that the path exists and is readable")
        }
    }

    /// Writes through a temporary file in the same folder, then renames it over the target, so
    /// the target holds either the old bytes or the new ones. Keeps an existing regular file's permissions.
    public static func write(_ data: Data, to url: URL) throws {
        try write(to: url) { sink in try data.withUnsafeBytes { try sink($0) } }
    }

    /// `write(_:to:)` for bytes made in pieces: `produce` hands each piece to the sink it is
    /// given, and the pieces go to the temporary file as they come, so the whole file is never
    /// held in memory (an export's XLIFF file with suggestions is 10 MB). An error `produce`
    /// throws comes out as it is, and the target is left as it was.
    public static func write(to url: URL, _ produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let temporary = try stage(beside: url, hint: "check that the folder exists and is writable", produce)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw InputError(file: url.path, "cannot replace file: \(String(cString: strerror(code)))")
        }
    }

    /// Writes several files so that a failure before the last rename leaves none of them changed:
    /// every file is first written to a temporary file beside its target, and only when all of
    /// them are written are they renamed into place.
    public static func writeAll(_ files: [(data: Data, url: URL)]) throws {
        var staged: [(temporary: URL, target: URL)] = []
        func discard(_ files: ArraySlice<(temporary: URL, target: URL)>) {
            for file in files { try? FileManager.default.removeItem(at: file.temporary) }
        }
        for (data, url) in files {
            do {
                let temporary = try stage(beside: url, hint: "check that the folder exists and is writable; no file was changed") { sink in
                    try data.withUnsafeBytes { try sink($0) }
                }
                staged.append((temporary, url))
            } catch {
                discard(staged[...])
                throw error
            }
        }
        for (index, file) in staged.enumerated() where rename(file.temporary.path, file.target.path) != 0 {
            let reason = String(cString: strerror(errno))
            discard(staged[index...])
            throw InputError(file: file.target.path, "cannot replace file: \(reason)")
        }
    }

    /// Writes what `produce` hands on into a new temporary file beside `url`, with the
    /// permissions of the regular file there, and returns it; on any failure the temporary file
    /// is gone. A write failure is an `InputError` naming `url` (with `hint`); `produce`'s own
    /// errors come out as they are, also when it swallowed the sink's.
    private static func stage(beside url: URL, hint: String,
                              _ produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> URL {
        struct SinkFailure: Error { var code: Int32 }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).l10n-\(UUID().uuidString).tmp")
        let permissions = regularFilePermissions(at: url)
        let file = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard file >= 0 else {
            let code = errno
            throw InputError(file: url.path, "cannot write file (\(String(cString: strerror(code))))", hint: hint)
        }
        var isOpen = true
        // A producer that swallows the sink's error must not get its cut-off file renamed into place.
        var failure: SinkFailure?
        do {
            try produce { piece in
                if let failure { throw failure }
                guard var next = piece.baseAddress else { return }
                var left = piece.count
                while left > 0 {
                    let written = posixWrite(file, next, left)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else {
                        let stopped = SinkFailure(code: written < 0 ? errno : EIO)
                        failure = stopped
                        throw stopped
                    }
                    next += written
                    left -= written
                }
            }
            if let failure { throw failure }
            isOpen = false
            guard close(file) == 0 else { throw SinkFailure(code: errno) }
            if let permissions {
                try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
            return temporary
        } catch let stopped as SinkFailure {
            if isOpen { close(file) }
            try? FileManager.default.removeItem(at: temporary)
            throw InputError(file: url.path, "cannot write file (\(String(cString: strerror(stopped.code))))", hint: hint)
        } catch {
            if isOpen { close(file) }
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The permissions of the regular file at `url`, which a file written in its place keeps;
    /// nil for none, and for a link (a link's own mode is 0777: the new file would be writable by all).
    private static func regularFilePermissions(at url: URL) -> Any? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
        return attributes[.posixPermissions]
    }

    /// Creates a folder and its missing parents; a failure names the folder as `path` (default:
    /// the URL's path) with the system's reason, never Foundation's sentence.
    public static func createFolder(_ url: URL, shownAs path: String? = nil) throws {
        var current = URL(fileURLWithPath: "/", isDirectory: true)
        for component in url.standardizedFileURL.pathComponents.dropFirst() {
            current.appendPathComponent(component, isDirectory: true)
            var info = stat()
            if stat(current.path, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw InputError(file: path ?? url.path, "cannot create the folder (\(String(cString: strerror(ENOTDIR))): \(current.path) is a file)")
                }
                continue
            }
            if mkdir(current.path, 0o777) != 0, errno != EEXIST {
                throw InputError(file: path ?? url.path, "cannot create the folder (\(String(cString: strerror(errno))))",
                                 hint: "check that the path is writable")
            }
        }
    }

    /// Writes only when the bytes differ; returns whether it wrote.
    @discardableResult
    public static func writeIfChanged(_ data: Data, to url: URL) throws -> Bool {
        if holds(data, at: url) { return false }
        try write(data, to: url)
        return true
    }

    /// Whether the regular file at `url` (links followed) holds exactly `data`; false when it
    /// cannot be read. Read 64 KiB at a time: a catalog's new bytes are compared with its file
    /// without a second copy of the file beside them (an import holds both at its peak).
    public static func holds(_ data: Data, at url: URL) -> Bool {
        let file = open(url.path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == data.count else { return false }
        let pieceSize = 1 << 16
        let piece = UnsafeMutableRawPointer.allocate(byteCount: pieceSize, alignment: 16)
        defer { piece.deallocate() }
        return data.withUnsafeBytes { expected in
            var offset = 0
            while true {
                let count = posixRead(file, piece, pieceSize)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                if count == 0 { return offset == expected.count }
                guard offset + count <= expected.count, memcmp(piece, expected.baseAddress! + offset, count) == 0 else { return false }
                offset += count
            }
        }
    }

    /// "a FIFO (named pipe)", "a socket" or "a device" for such a file (after following links),
    /// nil for a regular file or folder: reading a FIFO would block, and Foundation reports its
    /// failure as a permission problem.
    public static func specialKind(_ url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return nil
        }
    }

    /// Why a file operation failed, in the system's short words ("Permission denied"), never
    /// Foundation's sentences about the file.
    public static func reason(_ error: Error) -> String {
        // One of this type's own errors already says what went wrong with the file.
        if let input = error as? InputError { return input.message }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return String(cString: strerror(ENOENT))
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return String(cString: strerror(EACCES))
            case NSFileWriteOutOfSpaceError: return String(cString: strerror(ENOSPC))
            case NSFileWriteVolumeReadOnlyError: return String(cString: strerror(EROFS))
            case NSFileWriteFileExistsError: return String(cString: strerror(EEXIST))
            default: break
            }
        }
        return "\(ns.domain) error \(ns.code)"
    }
}
