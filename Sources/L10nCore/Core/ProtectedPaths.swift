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
}
