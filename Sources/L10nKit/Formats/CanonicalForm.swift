import Foundation

/// How `l10n format` rewrites one kind of file: which file extensions it covers and how bytes
/// become canonical bytes (read with the format's reader, written with its writer).
///
/// Adding a format is one more `static let` and one more element of `all`.
public struct CanonicalForm: Sendable {
    /// For messages, e.g. "String Catalog".
    public var name: String
    /// Lower-case extensions without the dot.
    public var fileExtensions: [String]
    /// Reads `data` (errors name `file`) and returns the canonical bytes; throws a
    /// `LocatedError` when the input is malformed.
    public var canonicalize: @Sendable (_ data: Data, _ file: String) throws -> Data

    public init(name: String, fileExtensions: [String], canonicalize: @escaping @Sendable (Data, String) throws -> Data) {
        self.name = name
        self.fileExtensions = fileExtensions
        self.canonicalize = canonicalize
    }

    /// `.xcstrings` as Xcode saves it, without a final newline (Xcode drops one on its next save).
    public static let stringCatalog = CanonicalForm(name: "String Catalog", fileExtensions: ["xcstrings"]) { data, file in
        StringCatalogWriter(finalNewline: .never).data(for: try StringCatalogReader.read(data, file: file))
    }

    /// `.strings` in genstrings' layout, or ibtool's when every key is an object-id key, kept in
    /// the encoding it was read in (see `StringsLayout`).
    public static let strings = CanonicalForm(name: "strings file", fileExtensions: ["strings"]) { data, file in
        StringsWriter.canonicalData(for: try StringsReader.parse(data, path: file))
    }

    /// Every form `format` knows.
    public static let all: [CanonicalForm] = [.stringCatalog, .strings]

    /// The form for a path by its extension (case-insensitive), or nil.
    public static func form(forPath path: String) -> CanonicalForm? {
        let ext = (path as NSString).pathExtension.lowercased()
        return all.first { $0.fileExtensions.contains(ext) }
    }
}
