import Foundation
import L10nKit

/// `l10n format [--check] FILE...`: rewrites files in the canonical form Xcode saves them in.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "format",
        abstract: "Rewrite String Catalogs and .strings files exactly as Xcode writes them.",
        discussion: """
        Catalogs: every object's keys in Xcode's order, its indentation and escaping, no final newline. \
        .strings: genstrings' layout (ibtool's for object-id keys), in the encoding read. \
        A file is written (atomically) only when its bytes change. All files are read first: if \
        any is malformed, none is written (exit 2). With --check nothing is written and the \
        command exits 1 when some file is not in canonical form.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .flag("check", help: "Write nothing; list each file not in canonical form and exit 1 if there is one."),
        OutputFormat.argument(help: "text, or json: every file with whether it is canonical."),
        .positional("file", help: "Files to format (\(CanonicalForm.all.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", "))).", repeating: true),
    ] + WriteOptions.arguments

    let check: Bool
    let format: OutputFormat
    let files: [(path: String, form: CanonicalForm)]
    let writing: WriteOptions

    init(_ arguments: ParsedArguments) throws {
        writing = try WriteOptions(arguments)
        check = arguments.flag("check")
        format = try OutputFormat(arguments)
        files = try arguments.values("file").map { path in
            guard let form = CanonicalForm.form(forPath: path) else {
                let known = CanonicalForm.all.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", ")
                throw UsageError("cannot format '\(path)': l10n format knows \(known) files")
            }
            return (path, form)
        }
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        var pending: [(path: String, url: URL, canonical: Data)] = []
        var failures: [any LocatedError] = []
        var seen = Set<URL>()
        var checked: [String] = []
        // The journal of the run lives in the folder holding every file; a run killed while
        // renaming left one there, which is completed before anything is read.
        let urls = files.map { FileTransaction.resolved(context.url(for: $0.path)) }
        let root = Self.commonFolder(urls)
        var locks: [FileLock] = []
        defer { locks.forEach { $0.release() } }
        if !check {
            for path in try FileTransaction.recover(root: root, lockTimeout: writing.lockTimeout, waiting: context.printError) {
                context.printError("note: restored \(path), left half-written by an interrupted run")
            }
            // Locked before reading, held until the rename: a run that writes one of these
            // files meanwhile waits, so its update is never overwritten with what was read.
            locks = try FileLock.lockAll(urls.filter { FileManager.default.fileExists(atPath: $0.path) }, timeout: writing.lockTimeout, waiting: context.printError)
        }
        for (path, form) in files {
            let url = context.url(for: path)
            guard seen.insert(url).inserted else { continue }
            checked.append(path)
            do {
                let data = try AtomicFile.read(url, shownAs: path)
                let canonical = try form.canonicalize(data, path)
                if form.fileExtensions == CanonicalForm.stringCatalog.fileExtensions,
                   let warning = StringCatalogVersion.warning(StringCatalogVersion.declared(inCanonical: canonical), file: path) {
                    context.printError(warning)
                }
                if canonical != data { pending.append((path, url, canonical)) }
            } catch let error as any LocatedError {
                failures.append(error)
            }
        }
        guard failures.isEmpty else {
            let note = !check && seen.count > 1 ? "nothing was written because \(failures.count == 1 ? "a file is" : "\(failures.count) files are") unusable" : nil
            throw InputErrors(errors: failures, note: note)
        }
        if check {
            if format == .json {
                context.write(Self.json(files: checked, differing: Set(pending.map(\.path)), written: false))
            } else {
                for file in pending { context.print("\(file.path): not in canonical form") }
            }
            return pending.isEmpty ? .success : .findings
        }
        var transaction = FileTransaction(root: root, changes: pending.map { FileTransaction.Change(url: $0.url, data: $0.canonical) })
        transaction.takesLocks = false
        transaction.force = writing.force
        try transaction.commit()
        if format == .json {
            context.write(Self.json(files: checked, differing: Set(pending.map(\.path)), written: true))
        } else {
            for file in pending { context.print("formatted \(file.path)") }
        }
        return .success
    }

    /// `{"files": [{"file", "canonical", "formatted"?}]}`: every file read, in order.
    static func json(files: [String], differing: Set<String>, written: Bool) -> String {
        let rows = files.map { path -> JSONValue in
            var members: [(key: String, value: JSONValue)] = [("file", .string(path)), ("canonical", .bool(!differing.contains(path)))]
            if written { members.append(("formatted", .bool(differing.contains(path)))) }
            return .object(members)
        }
        return String(decoding: JSONWriter(keyOrder: .asGiven, finalNewline: true).data(for: .object([("files", .array(rows))])), as: UTF8.self)
    }

    /// The deepest folder holding every file.
    static func commonFolder(_ urls: [URL]) -> URL {
        var common = urls.first?.deletingLastPathComponent().pathComponents ?? ["/"]
        for url in urls.dropFirst() {
            let parts = url.deletingLastPathComponent().pathComponents
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: common.isEmpty ? "/" : NSString.path(withComponents: common), isDirectory: true)
    }
}
