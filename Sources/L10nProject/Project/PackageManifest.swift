import Foundation
import L10nCore
import L10nFormats

/// What a local Swift package's `Package.swift` says of where its targets live, read from its
/// tokens (not run): a target with `path:` (`.target(name: "InboxCore", path: "Sources")`) keeps
/// its files there, not in `Sources/<Target>/`, and its resources are that target's bundle.
struct PackageManifest {
    /// Project-relative folder → the target whose `path:` names it.
    var targetFolders: [String: String] = [:]

    /// Reads `Package.swift` in the project-relative `folder`; a file that does not tokenize says nothing.
    init(folder: String, root: URL) {
        let path = folder.isEmpty ? "Package.swift" : folder + "/Package.swift"
        guard let data = try? AtomicFile.read(root.appendingPathComponent(path)),
              let tokens = try? SwiftTokenizer.tokenize(data, file: path) else { return }
        for index in tokens.indices.dropLast() {
            guard let call = tokens[index].identifier, ["target", "executableTarget", "macro"].contains(call),
                  index > 0, tokens[index - 1].isPunctuation("."), tokens[index + 1].isPunctuation("(") else { continue }
            // The call's own `name:` and `path:` literals, up to its closing bracket.
            var depth = 0, name: String?, targetPath: String?
            var at = index + 1
            while at < tokens.count {
                if tokens[at].isPunctuation("(") || tokens[at].isPunctuation("[") { depth += 1 }
                if tokens[at].isPunctuation(")") || tokens[at].isPunctuation("]") {
                    depth -= 1
                    if depth == 0 { break }
                }
                if depth == 1, let label = tokens[at].identifier, at + 2 < tokens.count, tokens[at + 1].isPunctuation(":"),
                   let value = tokens[at + 2].string?.plainText {
                    if label == "name" && name == nil { name = value }
                    if label == "path" { targetPath = value }
                }
                at += 1
            }
            if let name, let targetPath, let joined = ProjectDiscovery.joined(folder, targetPath), !joined.isEmpty {
                targetFolders[joined] = name
            }
        }
    }
}
