import Foundation

/// Paths as the person at the terminal reads them: relative to their working folder.
public enum DisplayPath {
    /// `url` relative to `base`: "" for `base` itself, `a/b` inside it, nil outside it.
    public static func relative(_ url: URL, to base: URL) -> String? {
        let path = url.standardizedFileURL.path
        let folder = base.standardizedFileURL.path
        if path == folder { return "" }
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : nil
    }
}
