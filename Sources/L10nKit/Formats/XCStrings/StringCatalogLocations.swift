import Foundation

/// Where each key of a String Catalog, and each of its localizations, stands in the file: what
/// findings point at. Read from the bytes only for files that have findings.
public struct StringCatalogLocations: Sendable {
    public private(set) var keys: [String: SourceLocation] = [:]
    public private(set) var localizations: [String: [String: SourceLocation]] = [:]

    /// Reads the locations; with `only`, just those keys' (the rest is skipped without a record).
    public init(_ data: Data, file: String, only wanted: Set<String>? = nil) throws {
        var keys: [String: SourceLocation] = [:]
        var localizations: [String: [String: SourceLocation]] = [:]
        try JSONReader.read(data, file: file) { reader in
            guard try reader.peekKind() == .object else { return }
            try reader.readObject(detectingDuplicates: false) { reader, field, _ in
                guard field == "strings", try reader.peekKind() == .object else { try reader.skipValue(); return }
                try reader.readObject(detectingDuplicates: false) { reader, key, keyOffset in
                    if let wanted, !wanted.contains(key) { try reader.skipValue(); return }
                    keys[key] = reader.location(at: keyOffset)
                    guard try reader.peekKind() == .object else { try reader.skipValue(); return }
                    try reader.readObject(detectingDuplicates: false) { reader, member, _ in
                        guard member == "localizations", try reader.peekKind() == .object else { try reader.skipValue(); return }
                        var byLocale: [String: SourceLocation] = [:]
                        try reader.readObject(detectingDuplicates: false) { reader, locale, localeOffset in
                            byLocale[locale] = reader.location(at: localeOffset)
                            try reader.skipValue()
                        }
                        localizations[key] = byLocale
                    }
                }
            }
        }
        self.keys = keys
        self.localizations = localizations
    }

    /// The localization's location, else the key's.
    public func location(key: String, locale: String?) -> SourceLocation? {
        locale.flatMap { localizations[key]?[$0] } ?? keys[key]
    }
}
