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

    /// `url` relative to `base`, going up where it must (`..`, `../Other/App`) below a common
    /// folder other than `/`; nil when the two share only `/` (an absolute path reads better).
    public static func walking(_ url: URL, from base: URL) -> String? {
        if let inside = relative(url, to: base) { return inside }
        let target = url.standardizedFileURL.pathComponents, start = base.standardizedFileURL.pathComponents
        var common = 0
        while common < target.count, common < start.count, target[common] == start[common] { common += 1 }
        // Only "/" in common: no relative path worth reading.
        guard common > 1 else { return nil }
        return (Array(repeating: "..", count: start.count - common) + target[common...]).joined(separator: "/")
    }
}
