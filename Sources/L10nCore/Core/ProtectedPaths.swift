import Foundation

/// Files of a project no run writes, by their path inside the root with every symbolic link
/// resolved: a vendor's folders and the SDK's catalog. `FileTransaction` refuses a change whose
/// path leads there, so an app file that is a link into them never lets a write through.
public struct ProtectedPaths: Sendable, Equatable {
    /// Folder names whose files are a third party's (`Vendor`, `Pods`), anywhere in a path.
    public var folderNames: Set<String>
    /// Single files by path inside the root, with why they are read-only.
    public var files: [String: String]

    public init(folderNames: Set<String> = [], files: [String: String] = [:]) {
        self.folderNames = folderNames
        self.files = files
    }

    /// Why the file at `path` (inside the root, links resolved) is read-only; nil when it may be written.
    public func reason(forPath path: String) -> String? {
        if let why = files[path] { return why }
        if path.split(separator: "/").dropLast().contains(where: { folderNames.contains(String($0)) }) {
            return "a vendor file, which l10n never changes"
        }
        return nil
    }

    /// Why writing the file named `named` is refused because, links resolved, it is `reached`
    /// (`root` resolved, `rootNamed` as given): a protected file, or a file in a protected folder
    /// that neither the name nor the root lies in. A protected file named as itself is the
    /// caller's to refuse or allow (`format` of a file given by hand).
    public func reason(named: URL, reached: URL, root: URL, rootNamed: URL) -> String? {
        // Named as itself, a protected file or vendor folder is the caller's to allow.
        if let own = FileTransaction.path(of: named, inside: rootNamed), reason(forPath: own) != nil { return nil }
        if let path = FileTransaction.path(of: reached, inside: root), let why = files[path] { return why }
        let allowed = Set(named.deletingLastPathComponent().pathComponents).union(root.pathComponents)
        if reached.deletingLastPathComponent().pathComponents.contains(where: { folderNames.contains($0) && !allowed.contains($0) }) {
            return "a vendor file, which l10n never changes"
        }
        return nil
    }
}
