import Foundation
import L10nCore

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
                    if let byLocale = try Self.localizationLocations(&reader) { localizations[key] = byLocale }
                }
            }
        }
        self.keys = keys
        self.localizations = localizations
    }

    /// Reads the locations of `wanted` keys and their localizations straight at the offsets the
    /// catalog's reader noted (a large set in slices side by side), reading no entry; falls back
    /// to scanning the whole file when `data` is not the bytes the catalog was read from.
    /// With `locales`, only those localizations of each key are recorded (the ones findings name).
    public init(_ data: Data, file: String, only wanted: Set<String>, locales: [String: Set<String>]? = nil,
                readAs catalog: StringCatalog) throws {
        try self.init(data, file: file, only: wanted, locales: locales, readAs: catalog, slices: nil)
    }

    /// The same in a given number of slices (tests); nil: one per core for a large set.
    init(_ data: Data, file: String, only wanted: Set<String>, locales: [String: Set<String>]? = nil,
         readAs catalog: StringCatalog, slices: Int?) throws {
        let index = catalog.keyIndex
        // The offsets describe the file only while no key was added (an empty file's `[]`
        // matches its `[]` of keys even after one was) and no value changed.
        guard let fileKeys = index.keys, let offsets = index.file, offsets.keys.count == fileKeys.count,
              offsets.byteCount == data.count, index.added.isEmpty else {
            try self.init(data, file: file, only: wanted)
            return
        }
        let positions = fileKeys.indices.filter { wanted.contains(fileKeys[$0]) }
        let parts = max(1, slices ?? (positions.count < 2_000 ? 1 : ProcessInfo.processInfo.activeProcessorCount))
        let size = (positions.count + parts - 1) / max(parts, 1)
        let entries = catalog.entries
        let slices = ConcurrentWork.map(parts) { part in
            Result {
                try Self.direct(data, file: file, keys: fileKeys, offsets: offsets, entries: entries, locales: locales,
                                positions: positions[min(part * size, positions.count)..<min((part + 1) * size, positions.count)])
            }
        }
        if slices.count == 1, let only = try slices[0].get() {
            self = only
            return
        }
        var keys: [String: SourceLocation] = [:]
        var localizations: [String: [String: SourceLocation]] = [:]
        // Sized once: grown by doubling, the tables were rehashed a dozen times.
        keys.reserveCapacity(positions.count)
        localizations.reserveCapacity(positions.count)
        for slice in slices {
            guard let found = try slice.get() else {
                try self.init(data, file: file, only: wanted)
                return
            }
            keys.merge(found.keys) { first, _ in first }
            localizations.merge(found.localizations) { first, _ in first }
        }
        self.init(keys: keys, localizations: localizations)
    }

    /// The locations of the keys at `positions` (indices into the file's keys, ascending) and of
    /// their localizations; nil when a noted offset does not hold its key or locale.
    static func direct(_ data: Data, file: String, keys fileKeys: [String], offsets: CatalogFileOffsets,
                       entries: [String: CatalogEntry], locales wantedLocales: [String: Set<String>]?,
                       positions: ArraySlice<Int>) throws -> StringCatalogLocations? {
        var keys: [String: SourceLocation] = [:]
        var localizations: [String: [String: SourceLocation]] = [:]
        keys.reserveCapacity(positions.count)
        localizations.reserveCapacity(positions.count)
        // A key's localizations: where each was read, in file order (the locator only moves on).
        var found: [(offset: Int, locale: String)] = []
        let matched = try JSONReader.read(data, file: file) { reader -> Bool in
            for position in positions {
                let key = fileKeys[position], offset = offsets.keys[position]
                guard reader.member(at: offset) == key else { return false }
                keys[key] = reader.location(at: offset)
                let read = offsets.localizationStarts[position]..<offsets.localizationStarts[position + 1]
                let entryLocalizations = entries[key]?.localizations
                guard (entryLocalizations?.count ?? 0) == read.count else { return false }
                guard let entryLocalizations else { continue }
                found.removeAll(keepingCapacity: true)
                if let only = wantedLocales?[key] {
                    if only.isEmpty { continue }
                    for locale in only {
                        if let index = entryLocalizations.index(forKey: locale) { found.append((offsets.localizations[read.lowerBound + index], locale)) }
                    }
                } else {
                    for (index, localization) in entryLocalizations.enumerated() {
                        found.append((offsets.localizations[read.lowerBound + index], localization.key))
                    }
                }
                found.sort { $0.offset < $1.offset }
                var byLocale: [String: SourceLocation] = [:]
                for (offset, locale) in found {
                    guard reader.member(at: offset) == locale else { return false }
                    byLocale[locale] = reader.location(at: offset)
                }
                localizations[key] = byLocale
            }
            return true
        }
        return matched ? StringCatalogLocations(keys: keys, localizations: localizations) : nil
    }

    /// Reads an entry object (the reader standing on it) and returns where each of its
    /// localizations starts; nil when it has none.
    private static func localizationLocations(_ reader: inout JSONReader) throws -> [String: SourceLocation]? {
        var result: [String: SourceLocation]?
        try reader.readObject(detectingDuplicates: false) { reader, member, _ in
            guard member == "localizations", try reader.peekKind() == .object else { try reader.skipValue(); return }
            var byLocale: [String: SourceLocation] = [:]
            try reader.readObject(detectingDuplicates: false) { reader, locale, localeOffset in
                byLocale[locale] = reader.location(at: localeOffset)
                try reader.skipValue()
            }
            result = byLocale
        }
        return result
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

/// A catalog's keys and localizations placed at the lines and columns its reader noted, asked
/// one finding at a time: no byte is read and no table of locations is built, only an index of
/// the file's keys by name.
public struct NotedCatalogLocations {
    private let file: String
    private let entries: [String: CatalogEntry]
    private let noted: CatalogFileOffsets
    private let positions: [String: Int]

    /// Nil when the catalog changed since it was read: its reader's notes no longer describe it.
    /// The caller vouches that the file still holds the bytes it was read from (its stamp).
    public init?(_ catalog: StringCatalog, file: String) {
        let index = catalog.keyIndex
        guard let fileKeys = index.keys, let noted = index.file, noted.keyPositions.count == fileKeys.count,
              noted.localizationPositions.count == noted.localizations.count, index.added.isEmpty else { return nil }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(fileKeys.count)
        for (position, key) in fileKeys.enumerated() { positions[key] = position }
        self.file = file
        self.entries = catalog.entries
        self.noted = noted
        self.positions = positions
    }

    /// Where the key's localization in `locale` starts, else (no locale, or none in it) the key.
    public func location(key: String, locale: String?) -> SourceLocation? {
        guard let position = positions[key] else { return nil }
        var at = noted.keyPositions[position]
        if let locale, let localizations = entries[key]?.localizations, let index = localizations.index(forKey: locale) {
            let read = noted.localizationStarts[position]..<noted.localizationStarts[position + 1]
            // The notes hold the entry's localizations in its order, as many as it has.
            if localizations.count == read.count { at = noted.localizationPositions[read.lowerBound + index] }
        }
        return SourceLocation(file: file, line: Int(at.line), column: Int(at.column))
    }
}
