import Foundation
import L10nKit

/// `l10n format [--check] PATH...`: rewrites files in the canonical form Xcode saves them in.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "format",
        abstract: "Rewrite String Catalogs and .strings files exactly as Xcode writes them; check .stringsdict files.",
        discussion: """
        Catalogs: every object's keys in Xcode's order, its indentation and escaping, no final newline. \
        .strings: genstrings' layout (ibtool's for object-id keys, or the form Xcode's Import Localizations gives them; Xcode's for an intent definition's), in the encoding read. \
        .stringsdict: checked only (--check), against the property-list layout import writes. \
        A folder stands for every such file in it and its subfolders (hidden ones and vendor \
        folders such as Pods, SourcePackages or Vendor skipped: name such a file to format it). \
        A file is written (atomically) only when its bytes change. All files are read first: if \
        any is malformed, none is written (exit 2). With --check nothing is written, each file not \
        in canonical form is listed with its first differing line (or its final newline), and the \
        command exits 1 when there is one.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .flag("check", help: "Write nothing; list each file not in canonical form and why, and exit 1 if there is one."),
        OutputFormat.argument(help: "text, or json: every file with whether it is canonical and where it differs."),
        .positional("path", help: "Files (\(CanonicalForm.all.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", "))) or folders holding them.", repeating: true),
    ] + WriteOptions.arguments

    let check: Bool
    let format: OutputFormat
    let paths: [String]
    let writing: WriteOptions

    init(_ arguments: ParsedArguments) throws {
        writing = try WriteOptions(arguments)
        check = arguments.flag("check")
        format = try OutputFormat(arguments)
        paths = arguments.values("path")
    }

    /// Each path given, or each supported file of a folder given, with its form; a folder's
    /// `.stringsdict` files only when checking.
    func files(_ context: CommandContext) throws -> [(path: String, form: CanonicalForm)] {
        let known = CanonicalForm.all.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", ")
        var files: [(path: String, form: CanonicalForm)] = []
        for path in paths {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: context.url(for: path).path, isDirectory: &isFolder), isFolder.boolValue {
                let prefix = path.hasSuffix("/") ? path : path + "/"
                let all = CanonicalForm.files(in: context.url(for: path, isDirectory: true))
                // A vendor folder's files (Pods, SourcePackages, the SDK under Vendor) are not the
                // project's to rewrite or fix; named one by one they are formatted all the same.
                let vendored = all.filter { ProjectDiscovery.isVendorPath($0) && CanonicalForm.form(forPath: $0) != nil }
                if !vendored.isEmpty {
                    context.note("note: skipped \(vendored.count) file\(vendored.count == 1 ? "" : "s") in vendor folders of \(path) (l10n never writes them); name a file to format it")
                }
                let found = all.filter { !ProjectDiscovery.isVendorPath($0) }.compactMap { file in
                    CanonicalForm.form(forPath: file).map { (path: prefix + file, form: $0) }
                }
                if found.isEmpty, vendored.isEmpty { context.note("note: \(path) holds no \(known.replacingOccurrences(of: ", .stringsdict", with: " or .stringsdict")) file") }
                let skipped = found.filter { !check && !$0.form.rewrites }
                if !skipped.isEmpty {
                    context.note("note: skipped \(skipped.count) check-only file\(skipped.count == 1 ? "" : "s") in \(path) (\(Set(skipped.map { "." + $0.form.fileExtensions[0] }).sorted().joined(separator: ", "))): use --check")
                }
                files += found.filter { check || $0.form.rewrites }
                continue
            }
            guard let form = CanonicalForm.form(forPath: path) else {
                throw UsageError("cannot format '\(path)': l10n format knows \(known) files and folders holding them")
            }
            guard check || form.rewrites else {
                throw UsageError("l10n format only checks .\(form.fileExtensions[0]) files: use --check for '\(path)'")
            }
            files.append((path, form))
        }
        return files
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let files = try files(context).map { FormatFile(path: $0.path, url: context.url(for: $0.path), form: $0.form) }
        guard !files.isEmpty else {
            if format == .json { context.write(Self.json(files: [], differences: [:], written: !check)) }
            return .success
        }
        // The journal of the run lives in the folder holding every file; a run killed while
        // renaming left one there, which is completed before anything is read.
        // A file that is a link into a vendor folder is refused before anything is read: the
        // run's folder, made from the resolved paths, may lie inside that vendor folder itself.
        let vendor = ProtectedPaths(folderNames: ProjectDiscovery.vendorFolders)
        for file in files where !check {
            let named = file.url.standardizedFileURL, reached = FileTransaction.resolved(file.url)
            if reached != named, let why = vendor.reason(named: named, reached: reached, root: named.deletingLastPathComponent(), rootNamed: named.deletingLastPathComponent()) {
                throw InputError(file: file.path, "refusing to write \(reached.path), \(why): the path leads there through a symbolic link; nothing was written",
                                 hint: "name the vendor file itself to format it, or give the app a file of its own instead of the link")
            }
        }
        let root = Self.commonFolder(files.map { FileTransaction.resolved($0.url) })
        // A project's import keeps its journal in the project folder, which a folder given here
        // may be while its files share a deeper one (all under `App/`).
        var journalRoots = [root]
        for path in paths {
            var isFolder: ObjCBool = false
            let url = FileTransaction.resolved(context.url(for: path, isDirectory: true))
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue, !journalRoots.contains(url) { journalRoots.append(url) }
        }
        for journalRoot in journalRoots {
            if check {
                try FileTransaction.requireNotInterrupted(root: journalRoot, lockTimeout: writing.lockTimeout, waiting: context.note)
            } else {
                try writing.recoverInterruptedWrites(in: journalRoot, context)
            }
        }
        let job = FormatJob(options: FormatOptions(rewrite: !check, force: writing.force, locksFiles: true, lockTimeout: writing.lockTimeout))
        let result: FormatResult
        do {
            result = try job.run(files, root: root, protected: ProtectedPaths(folderNames: ProjectDiscovery.vendorFolders), waiting: context.note,
                                 progress: { done, total, path in
                context.progress(done, of: total, "format \(path)")
            })
        } catch let failure as FormatFailure {
            let note = !check && failure.fileCount > 1
                ? "nothing was written because \(failure.errors.count == 1 ? "a file is" : "\(failure.errors.count) files are") unusable" : nil
            throw InputErrors(errors: failure.errors, note: note)
        }
        result.warnings.forEach(context.note)
        let differences = result.differenceByPath
        for path in result.checked { context.detail("\(path): \(differences[path] == nil ? "canonical" : "not in canonical form")") }
        if format == .json {
            context.write(Self.json(files: result.checked, differences: differences, written: !check))
        } else {
            for line in result.fileLines { context.print(line) }
        }
        return check && !result.differences.isEmpty ? .findings : .success
    }

    /// `{"files": [{"file", "canonical", "formatted"?, "difference"?}]}`: every file read, in order.
    static func json(files: [String], differences: [String: CanonicalDifference], written: Bool) -> String {
        let rows = files.map { path -> JSONValue in
            let difference = differences[path]
            var members: [(key: String, value: JSONValue)] = [("file", .string(path)), ("canonical", .bool(difference == nil))]
            if written { members.append(("formatted", .bool(difference != nil))) }
            if let difference { members.append(("difference", difference.json)) }
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
