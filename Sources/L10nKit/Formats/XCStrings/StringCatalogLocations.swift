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

    /// Reads the locations of `wanted` keys straight at the offsets the catalog's reader noted,
    /// parsing only those entries; falls back to scanning the whole file when `data` is not the
    /// bytes the catalog was read from.
    public init(_ data: Data, file: String, only wanted: Set<String>, readAs catalog: StringCatalog) throws {
        let index = catalog.keyIndex
        guard let fileKeys = index.keys, index.offsets.count == fileKeys.count else {
            try self.init(data, file: file, only: wanted)
            return
        }
        var keys: [String: SourceLocation] = [:]
        var localizations: [String: [String: SourceLocation]] = [:]
        let matched = try JSONReader.read(data, file: file) { reader -> Bool in
            for (key, offset) in zip(fileKeys, index.offsets) where wanted.contains(key) {
                guard reader.member(at: offset) == key else { return false }
                keys[key] = reader.location(at: offset)
                guard try reader.peekKind() == .object else { continue }
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
            return true
        }
        guard matched else {
            try self.init(data, file: file, only: wanted)
            return
        }
        self.init(keys: keys, localizations: localizations)
    }

    private init(keys: [String: SourceLocation], localizations: [String: [String: SourceLocation]]) {
        self.keys = keys
        self.localizations = localizations
    }

    /// The localization's location, else the key's.
    public func location(key: String, locale: String?) -> SourceLocation? {
        locale.flatMap { localizations[key]?[$0] } ?? keys[key]
    }
}
