import Foundation

/// An app's own lookup function as the manifest names it: a dotted Swift name (`L10n.tr`, `.tr`
/// for a member called on an implicit type), optionally with the roles of its first unlabeled
/// arguments (`L10n.tr(table, key)`, as SwiftGen generates it). Without roles the key is the
/// first argument.
public struct LookupFunction: Sendable, Hashable {
    /// The name's components; a leading empty one for an implicit member.
    public var components: [String]
    /// The position of the key among the unlabeled arguments, from 0.
    public var keyArgument: Int
    /// The position of the table name, if the function takes one.
    public var tableArgument: Int?

    /// Reads `L10n.tr`, `.tr` or `L10n.tr(table, key)` (roles `key`, `table`, `_`); nil for
    /// anything else.
    public init?(_ spec: String) {
        var name = Substring(spec)
        var roles: [Substring] = ["key"]
        if let open = spec.firstIndex(of: "(") {
            guard spec.hasSuffix(")") else { return nil }
            name = spec[..<open]
            roles = spec[spec.index(after: open)..<spec.index(before: spec.endIndex)].split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces)[...] }
            guard roles.allSatisfy({ ["key", "table", "_"].contains($0) }), roles.filter({ $0 == "key" }).count == 1,
                  roles.filter({ $0 == "table" }).count <= 1 else { return nil }
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = !parts.isEmpty && parts.enumerated().allSatisfy { index, part in
            if part.isEmpty { return index == 0 && parts.count > 1 }
            guard let first = part.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
            return part.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
        }
        guard valid else { return nil }
        components = parts.map(String.init)
        keyArgument = roles.firstIndex(of: "key")!
        tableArgument = roles.firstIndex(of: "table")
    }

    /// The name as written in messages (`L10n.tr`).
    public var name: String { components.joined(separator: ".") }
}
