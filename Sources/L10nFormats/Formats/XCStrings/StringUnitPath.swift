import L10nCore
/// The way from a localization down to one of its string units: (variation kind, case) pairs
/// and (`substitutions`, name) pairs, e.g. `["device", "iphone", "plural", "one"]` or
/// `["substitutions", "count", "plural", "few"]`; empty for the localization's own `stringUnit`.
///
/// Its `description` (`plural.one`) is what Xcode puts after `|==|` in an XLIFF unit id. A
/// component `substitutions` always means the substitutions object, never a variation kind.
public struct StringUnitPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    public var components: [String]

    public init(_ components: [String] = []) { self.components = components }
    public init(arrayLiteral elements: String...) { components = elements }

    /// The components joined with `.`; empty for the root.
    public var description: String { components.joined(separator: ".") }

    /// Whether this names the localization's own string unit.
    public var isRoot: Bool { components.isEmpty }

    /// Whether the components form whole pairs and a substitution is followed by a variation
    /// (a substitution has no string unit of its own).
    public var isWellFormed: Bool {
        var index = 0
        var inSubstitution = false
        while index < components.count {
            guard index + 1 < components.count else { return false }
            if components[index] == "substitutions" {
                if inSubstitution { return false }
                inSubstitution = true
            } else {
                inSubstitution = false
            }
            index += 2
        }
        return !inSubstitution
    }

    /// The path extended by one step.
    public func appending(_ first: String, _ second: String) -> StringUnitPath {
        // One array made to size: `components + [first, second]` made two.
        var extended: [String] = []
        extended.reserveCapacity(components.count + 2)
        extended.append(contentsOf: components)
        extended.append(first)
        extended.append(second)
        return StringUnitPath(extended)
    }
}

/// A string unit and where it sits in its localization.
public struct StringUnitLeaf: Hashable, Sendable {
    public var path: StringUnitPath
    public var unit: StringUnit

    public init(path: StringUnitPath, unit: StringUnit) {
        self.path = path
        self.unit = unit
    }
}

/// Why a catalog edit by key, locale and path could not be made.
public struct StringCatalogEditError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Reason: Error, Sendable, Equatable {
        /// The catalog has no entry for the key; edits never create keys.
        case noSuchKey
        /// The path is not made of whole pairs, or ends at a substitution.
        case malformedPath
        /// The path goes through a substitution that no localization of the entry defines, so
        /// its `formatSpecifier` is unknown.
        case unknownSubstitution(String)
    }

    public var reason: Reason
    public var key: String
    public var path: StringUnitPath

    public var description: String {
        switch reason {
        case .noSuchKey: return "the catalog has no key \"\(key)\""
        case .malformedPath: return "\"\(path)\" is not a path to a string unit"
        case .unknownSubstitution(let name):
            return "no localization of \"\(key)\" defines the substitution \"\(name)\", so its format specifier is unknown"
        }
    }
}

extension CatalogLocalization {
    /// Every string unit in this localization with its path, in the order they appear in the file.
    public var stringUnits: [StringUnitLeaf] {
        var leaves: [StringUnitLeaf] = []
        collect(prefix: StringUnitPath(), into: &leaves)
        return leaves
    }

    /// Whether every string unit of the localization (its own, every variation case, every
    /// substitution's forms) satisfies `body`, asked without making leaves, paths or lookups;
    /// true when it has none.
    public func allStringUnits(_ body: (StringUnit) -> Bool) -> Bool {
        if let stringUnit, !body(stringUnit) { return false }
        if let substitutions {
            for substitution in substitutions.values {
                if let variations = substitution.variations, !variations.allStringUnits(body) { return false }
            }
        }
        if let variations, !variations.allStringUnits(body) { return false }
        return true
    }

    /// `stringUnits.first?.unit`, found without making the leaves and their paths.
    public var firstStringUnit: StringUnit? {
        if let stringUnit { return stringUnit }
        if let substitutions {
            for name in Collator.xcodeKeyOrder.sorted(Array(substitutions.keys)) {
                if let unit = substitutions[name]?.variations?.firstStringUnit { return unit }
            }
        }
        return variations?.firstStringUnit
    }

    fileprivate func collect(prefix: StringUnitPath, into leaves: inout [StringUnitLeaf]) {
        if let stringUnit { leaves.append(StringUnitLeaf(path: prefix, unit: stringUnit)) }
        if let substitutions {
            for name in Collator.xcodeKeyOrder.sorted(Array(substitutions.keys)) {
                substitutions[name]?.variations?.collect(prefix: prefix.appending("substitutions", name), into: &leaves)
            }
        }
        variations?.collect(prefix: prefix, into: &leaves)
    }

    /// Whether the localization holds a finished translation in another form than the one `path`
    /// belongs to: plural variations where the source has one string (or the other way round) are
    /// the locale's own form, not a missing translation. Every string of that form must be
    /// `translated` and not empty; a string that names the path's substitution is the same form.
    public func holdsOtherForm(than path: StringUnitPath) -> Bool {
        let leaves = stringUnits
        guard !leaves.isEmpty, leaves.allSatisfy({ $0.unit.state == .translated && !$0.unit.value.isEmpty }) else { return false }
        guard let first = path.components.first else { return stringUnit == nil }
        if first == "substitutions" {
            guard path.components.count >= 2 else { return false }
            let name = path.components[1]
            return substitutions?[name] == nil && !(stringUnit?.value.contains("%#@\(name)@") ?? false)
                && !leaves.contains { $0.unit.value.contains("%#@\(name)@") }
        }
        return variations?.kinds[first] == nil && substitutions == nil
    }

    /// The string unit at `path`, or nil when there is none.
    public func stringUnit(at path: StringUnitPath) -> StringUnit? {
        stringUnit(at: path.components[...])
    }

    fileprivate func stringUnit(at path: ArraySlice<String>) -> StringUnit? {
        guard let first = path.first else { return stringUnit }
        guard path.count >= 2 else { return nil }
        let second = path[path.startIndex + 1]
        let rest = path.dropFirst(2)
        if first == "substitutions" {
            guard let variations = substitutions?[second]?.variations, let kind = rest.first, rest.count >= 2 else { return nil }
            return variations.kinds[kind]?[rest[rest.startIndex + 1]]?.stringUnit(at: rest.dropFirst(2))
        }
        return variations?.kinds[first]?[second]?.stringUnit(at: rest)
    }

    /// Drops the string unit at `path`, a variation case's own text, keeping the case's variations
    /// (a case holds one or the other). Paths through substitutions are left alone.
    public mutating func removeStringUnit(at path: StringUnitPath) {
        removeStringUnit(at: path.components[...])
    }

    fileprivate mutating func removeStringUnit(at path: ArraySlice<String>) {
        guard let first = path.first else {
            stringUnit = nil
            return
        }
        guard path.count >= 2, first != "substitutions" else { return }
        variations?.kinds[first]?[path[path.startIndex + 1]]?.removeStringUnit(at: path.dropFirst(2))
    }

    /// Sets value and state of the string unit at `path`, creating what is missing on the way and
    /// keeping everything else (including a present unit's unknown fields). A missing substitution
    /// is created from `template`.
    fileprivate mutating func setStringUnit(value: String, state: StringUnitState, at path: ArraySlice<String>,
                                            template: (String) -> Substitution?) throws(StringCatalogEditError.Reason) {
        guard let first = path.first else {
            setRootStringUnit(value: value, state: state)
            return
        }
        guard path.count >= 2 else { throw .malformedPath }
        let second = path[path.startIndex + 1]
        let rest = path.dropFirst(2)
        if first == "substitutions" {
            guard rest.count >= 2 else { throw .malformedPath }
            if substitutions == nil { substitutions = [:] }
            if substitutions![second] == nil {
                guard let made = template(second) else { throw .unknownSubstitution(second) }
                substitutions![second] = made
            }
            if substitutions![second]!.variations == nil { substitutions![second]!.variations = CatalogVariations() }
            try substitutions![second]!.variations!.setStringUnit(value: value, state: state, at: rest, template: template)
        } else {
            if !hasVariations { variations = CatalogVariations() }
            try variations!.setStringUnit(value: value, state: state, at: path, template: template)
        }
    }

    /// Sets the plain string unit's value and state, keeping its unknown fields.
    fileprivate mutating func setRootStringUnit(value: String, state: StringUnitState) {
        if stringUnit == nil {
            stringUnit = StringUnit(state: state, value: value)
        } else {
            stringUnit!.state = state
            stringUnit!.value = value
        }
    }

    /// The first substitution named `name` here or in any variation case, depth first.
    fileprivate func findSubstitution(_ name: String) -> Substitution? {
        if let found = substitutions?[name] { return found }
        guard let kinds = variations?.kinds else { return nil }
        for cases in kinds.values {
            for localization in cases.values {
                if let found = localization.findSubstitution(name) { return found }
            }
        }
        return nil
    }
}

extension CatalogVariations {
    /// The first string unit `collect` would give, in the same order.
    fileprivate var firstStringUnit: StringUnit? {
        if kinds.count == 1, let (_, cases) = kinds.first, VariationNameOrder.isStoredInXcodeOrder(cases) {
            for (_, variation) in cases { if let unit = variation.firstStringUnit { return unit } }
            return nil
        }
        for kind in VariationNameOrder.sorted(Array(kinds.keys)) {
            guard let cases = kinds[kind] else { continue }
            for name in VariationNameOrder.sorted(Array(cases.keys)) {
                if let unit = cases[name]?.firstStringUnit { return unit }
            }
        }
        return nil
    }

    /// `CatalogLocalization.allStringUnits` over every case of every kind, in stored order.
    fileprivate func allStringUnits(_ body: (StringUnit) -> Bool) -> Bool {
        for cases in kinds.values {
            for variation in cases.values where !variation.allStringUnits(body) { return false }
        }
        return true
    }

    fileprivate func collect(prefix: StringUnitPath, into leaves: inout [StringUnitLeaf]) {
        // The common case, one kind whose cases are plural categories or devices, walks the
        // cases as stored: no name list to sort, no lookup per case.
        if kinds.count == 1, let (kind, cases) = kinds.first, VariationNameOrder.isStoredInXcodeOrder(cases) {
            for (name, variation) in cases { variation.collect(prefix: prefix.appending(kind, name), into: &leaves) }
            return
        }
        for kind in VariationNameOrder.sorted(Array(kinds.keys)) {
            guard let cases = kinds[kind] else { continue }
            for name in VariationNameOrder.sorted(Array(cases.keys)) {
                cases[name]?.collect(prefix: prefix.appending(kind, name), into: &leaves)
            }
        }
    }

    fileprivate mutating func setStringUnit(value: String, state: StringUnitState, at path: ArraySlice<String>,
                                            template: (String) -> Substitution?) throws(StringCatalogEditError.Reason) {
        guard path.count >= 2, let kind = path.first, kind != "substitutions" else { throw .malformedPath }
        let name = path[path.startIndex + 1]
        // One lookup a level, changed in place (each `== nil` test took a copy, and each `!` looked up again).
        try kinds[kind, default: [:]][name, default: CatalogLocalization()].setStringUnit(value: value, state: state, at: path.dropFirst(2), template: template)
    }
}

/// Xcode's key order for the names of variations: most are a handful of known kinds and cases
/// (`plural`, `one`, `other`, `iphone`...), ranked once by the collator instead of getting a
/// collation key for every localization that has variations; any other name is collated.
enum VariationNameOrder {
    /// Known names and their places in the collator's order of all of them.
    static let ranks: [String: Int] = {
        let names = ["plural", "device", "zero", "one", "two", "few", "many", "other",
                     "iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision", "vision"]
        return Dictionary(uniqueKeysWithValues: Collator.xcodeKeyOrder.sorted(names).enumerated().map { ($1, $0) })
    }()

    /// Whether the cases, kept in byte order, are in Xcode's order as they are: so when every
    /// name is of `a` to `z` only (plural categories, devices), which the root collation orders
    /// as their bytes. Digits are not: numeric collation puts `20` before `100`.
    static func isStoredInXcodeOrder(_ cases: CatalogLocalizations) -> Bool {
        cases.allSatisfy { element in
            var name = element.key
            return name.withUTF8 { bytes in bytes.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") } }
        }
    }

    /// `Collator.xcodeKeyOrder.sorted(names)`.
    static func sorted(_ names: [String]) -> [String] {
        guard names.count > 1 else { return names }
        var ranked: [(rank: Int, name: String)] = []
        ranked.reserveCapacity(names.count)
        for name in names {
            guard let rank = ranks[name] else { return Collator.xcodeKeyOrder.sorted(names) }
            ranked.append((rank, name))
        }
        return ranked.sorted { $0.rank < $1.rank }.map(\.name)
    }
}

extension CatalogEntry {
    /// `setStringUnit(value:state:key:locale:)` at the root path, in place.
    fileprivate mutating func setRootStringUnit(value: String, state: StringUnitState, locale: String) {
        if localizations == nil { localizations = [:] }
        localizations![locale, default: CatalogLocalization()].setRootStringUnit(value: value, state: state)
    }

    /// The locales this entry has localizations for, in Xcode's key order.
    public var locales: [String] {
        Collator.xcodeKeyOrder.sorted(localizations.map { Array($0.keys) } ?? [])
    }

    /// Every string unit of one locale with its path, in file order; empty when the locale has none.
    public func stringUnits(locale: String) -> [StringUnitLeaf] {
        localizations?[locale]?.stringUnits ?? []
    }
}

extension StringCatalog {
    /// Every string unit of `key` in `locale` with its path, in file order.
    public func stringUnits(key: String, locale: String) -> [StringUnitLeaf] {
        entries[key]?.stringUnits(locale: locale) ?? []
    }

    /// The string unit of `key` in `locale` at `path`, or nil when there is none.
    public func stringUnit(key: String, locale: String, path: StringUnitPath = []) -> StringUnit? {
        entries[key]?.localizations?[locale]?.stringUnit(at: path)
    }

    /// Sets value and state of one string unit, creating the localization, variations, cases and
    /// substitutions on the way when absent and leaving everything else as it was. A substitution
    /// created for this locale copies `argNum` and `formatSpecifier` from the source language's
    /// substitution of that name (else from another locale's). Never creates a key.
    public mutating func setStringUnit(value: String, state: StringUnitState, key: String, locale: String,
                                       path: StringUnitPath = []) throws(StringCatalogEditError) {
        guard let entryIndex = entries.index(forKey: key) else { throw StringCatalogEditError(reason: .noSuchKey, key: key, path: path) }
        try setStringUnit(value: value, state: state, key: key, at: entryIndex, locale: locale, path: path)
    }

    /// `setStringUnit(value:state:key:locale:path:)` for the entry at `entryIndex`, found with
    /// `entries.index(forKey: key)` and no key added or removed since (so never `.noSuchKey`):
    /// an import reads each entry before it writes it, and the second lookup of the key was
    /// about 4 % of judging a unit. In the package only: an index of another key writes that
    /// key's entry, which only debug builds catch.
    package mutating func setStringUnit(value: String, state: StringUnitState, key: String, at entryIndex: [String: CatalogEntry].Index,
                                       locale: String, path: StringUnitPath = []) throws(StringCatalogEditError) {
        assert(entries.keys[entryIndex] == key, "the index is of another key")
        if path.isRoot {
            // Most edits (an import's every plain unit): set where the entry is, one lookup of
            // the key and one of the locale; the first edit of an entry shared with another
            // catalog value copies its localizations, as the general path does.
            editingValues { $0.values[entryIndex].setRootStringUnit(value: value, state: state, locale: locale) }
            return
        }
        guard path.isWellFormed else { throw StringCatalogEditError(reason: .malformedPath, key: key, path: path) }
        // The edit is made on a copy, and every other reference to the entry's localizations ends
        // with this block, so writing it back does not copy the entry's other locales.
        let localization: CatalogLocalization
        do {
            let localizations = entries.values[entryIndex].localizations ?? [:]
            let sourceLanguage = self.sourceLanguage
            let template = { (name: String) -> Substitution? in
                let order = [sourceLanguage] + Collator.xcodeKeyOrder.sorted(localizations.keys.filter { $0 != sourceLanguage })
                for candidate in order {
                    if let found = localizations[candidate]?.findSubstitution(name) {
                        return Substitution(argNum: found.argNum, formatSpecifier: found.formatSpecifier)
                    }
                }
                return nil
            }
            var edited = localizations[locale] ?? CatalogLocalization()
            do {
                try edited.setStringUnit(value: value, state: state, at: path.components[...], template: template)
            } catch {
                throw StringCatalogEditError(reason: error, key: key, path: path)
            }
            localization = edited
        }
        editingValues { entries in
            if entries.values[entryIndex].localizations == nil { entries.values[entryIndex].localizations = [:] }
            entries.values[entryIndex].localizations![locale] = localization
        }
    }

    /// Runs `edit`, which changes entries but no key: the keys' order stays known (a writer then
    /// needs no sort), while the file offsets, which no longer describe the catalog, are dropped.
    private mutating func editingValues(_ edit: (inout [String: CatalogEntry]) -> Void) {
        var keys = keyIndex
        edit(&entries)
        keys.file = nil
        keyIndex = keys
    }
}
