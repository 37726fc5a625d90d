import L10nCore
/// A String Catalog (`.xcstrings`) as Xcode writes it: every field it knows typed, every field it
/// does not kept verbatim, so a file read and written again comes back byte for byte.
///
/// Object-valued fields are optional where the file may hold them or not: an absent
/// `localizations` and an empty `"localizations" : {}` are different files.
public struct StringCatalog: Hashable, Sendable {
    public var sourceLanguage: String
    /// As read (`"1.0"`, `"1.1"`...); nil when the file had none.
    public var version: String?
    /// Entries by key. Xcode writes them in its key order; `orderedKeys` gives that order.
    public var entries: [String: CatalogEntry] {
        didSet { keyIndex = CatalogKeyIndex() }
    }

    /// Sets (or with nil removes) one entry in place. From another module, `entries[key] = entry`
    /// goes through the property's getter and setter and copies the whole dictionary each time
    /// (quadratic over an import); this mutates it where it is.
    public mutating func setEntry(_ entry: CatalogEntry?, forKey key: String) {
        var index = keyIndex
        guard index.isXcodeOrder, index.keys != nil else {
            entries[key] = entry
            return
        }
        let isNew = entries.index(forKey: key) == nil
        entries[key] = entry
        // The order stays known through new keys (merged in when asked: one comparison each,
        // where a sort of every key cost an import a sixth of a catalog's writing) and replaced
        // entries; a removed key forgets it. The file offsets no longer describe the catalog.
        switch (entry, isNew) {
        case (.some, true): index.added.append(key)
        case (.some, false): break
        case (.none, true):
            // Nothing was there to remove: the index, offsets included, still holds.
            keyIndex = index
            return
        case (.none, false):
            guard index.added.last == key else { return }
            index.added.removeLast()
        }
        index.file = nil
        keyIndex = index
    }
    /// The keys as the file held them, where each starts, and whether that is Xcode's order
    /// (the reader checks: a comparison per key instead of a sort). `setEntry` and in-place edits
    /// of values keep the order and drop the offsets; any other change of `entries` forgets both.
    /// Findings use the offsets to find a key's line without parsing the file again.
    var keyIndex = CatalogKeyIndex()
    /// Top-level fields other than `sourceLanguage`, `strings` and `version`.
    public var unknownFields: [String: JSONValue]
    /// Whether the file ended with a newline after the closing brace (an editor adds one; Xcode
    /// drops it on its next save). Writers may keep it so an import changes only what it imports.
    public var endsWithNewline: Bool

    public init(sourceLanguage: String, version: String? = "1.0", entries: [String: CatalogEntry] = [:],
                unknownFields: [String: JSONValue] = [:], endsWithNewline: Bool = false) {
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
        self.keyIndex = CatalogKeyIndex()
        self.unknownFields = unknownFields
        self.endsWithNewline = endsWithNewline
    }

    /// The keys as the file held them when that was Xcode's order (the reader checked), with
    /// the keys `setEntry` added since merged in; else nil. Sorts only added keys that were not
    /// added in order.
    package var keysInXcodeOrder: [String]? {
        guard keyIndex.isXcodeOrder, let keys = keyIndex.keys else { return nil }
        let added = keyIndex.added
        guard !added.isEmpty else { return keys }
        // Keys are mostly added in order (an import's units follow the key order): then one
        // comparison each, not a sort.
        return Collator.xcodeKeyOrder.merged(keys, StringCatalogReader.isInXcodeKeyOrder(added) ? added : Collator.xcodeKeyOrder.sorted(added))
    }

    /// The keys in the order Xcode writes them.
    public var orderedKeys: [String] {
        keysInXcodeOrder ?? Collator.xcodeKeyOrder.sorted(Array(entries.keys))
    }

    /// Every locale that has a localization in some entry, in Xcode's key order. The source
    /// language is listed only when some entry has a localization for it.
    public var locales: [String] {
        // Each entry's locales come sorted (`CatalogLocalizations`): they are merged into one
        // sorted list, where most stand at the cursor and one comparison of short ids settles
        // them (hashing each into a set cost 1,000 instructions a localization).
        var seen: [String] = []
        for entry in entries.values {
            guard let localizations = entry.localizations else { continue }
            var cursor = 0
            for locale in localizations.keys {
                while cursor < seen.count, seen[cursor] < locale { cursor += 1 }
                if cursor == seen.count || seen[cursor] != locale {
                    // Beyond a few dozen locales (a fuzzed catalog) inserting grows quadratic.
                    guard seen.count < Self.mergedLocaleLimit else { return hashedLocales }
                    seen.insert(locale, at: cursor)
                }
                cursor += 1
            }
        }
        return Collator.xcodeKeyOrder.sorted(seen)
    }

    /// How many locales `locales` merges before it hashes them instead.
    private static let mergedLocaleLimit = 128

    /// `locales`, gathered in a set.
    private var hashedLocales: [String] {
        var seen = Set<String>()
        for entry in entries.values {
            guard let localizations = entry.localizations else { continue }
            for locale in localizations.keys { seen.insert(locale) }
        }
        return Collator.xcodeKeyOrder.sorted(Array(seen))
    }

    /// The locales Xcode compiles the catalog into, each an `.lproj` of the built bundle: `locales`
    /// and the source language, whose table the keys themselves make when no entry has a value in
    /// it (a catalog of extracted keys). Empty for a catalog without keys.
    public var compiledLocales: [String] {
        guard !entries.isEmpty else { return [] }
        let locales = self.locales
        return locales.contains(sourceLanguage) ? locales : Collator.xcodeKeyOrder.sorted(locales + [sourceLanguage])
    }
}

/// One key of a catalog. May be completely empty (`"Go Back" : { }`): a key Xcode extracted that
/// has no comment and no translations yet.
public struct CatalogEntry: Hashable, Sendable {
    public var comment: String?
    /// Absent means the key was extracted from source code automatically.
    public var extractionState: ExtractionState?
    /// Localizations by locale id (`de`, `zh-Hant`, `pt-BR`).
    public var localizations: CatalogLocalizations?
    /// `false` marks a key that translators must leave alone (exported with `translate="no"`).
    public var shouldTranslate: Bool?
    /// Whether a translator has work on it: not `shouldTranslate: false`, and not stale (Xcode
    /// no longer finds it in the code, so no device looks it up; the default export leaves it out).
    public var isToTranslate: Bool { shouldTranslate != false && extractionState != .stale }
    /// Fields other than the four above (`isCommentAutoGenerated`, `generatesSymbol`...), verbatim.
    public var unknownFields: [String: JSONValue]

    public init(comment: String? = nil, extractionState: ExtractionState? = nil,
                localizations: CatalogLocalizations? = nil, shouldTranslate: Bool? = nil,
                unknownFields: [String: JSONValue] = [:]) {
        self.comment = comment
        self.extractionState = extractionState
        self.localizations = localizations
        self.shouldTranslate = shouldTranslate
        self.unknownFields = unknownFields
    }

    /// Whether Xcode generated the comment (kept among the unknown fields, since Xcode adds such
    /// flags from version to version); nil when the file does not say or says it in another type.
    public var isCommentAutoGenerated: Bool? {
        get { unknownFields["isCommentAutoGenerated"]?.boolValue }
        set { unknownFields["isCommentAutoGenerated"] = newValue.map(JSONValue.bool) }
    }
}

/// What one locale says for a key: a plain string unit, variations, or both, plus substitutions
/// that the string unit's `%#@NAME@` placeholders refer to.
public struct CatalogLocalization: Hashable, Sendable {
    public var stringUnit: StringUnit?
    /// Variations, substitutions and unknown fields, which most localizations lack, share one
    /// copy-on-write box (nil when all are empty): a catalog holds a localization per key and
    /// locale, and this keeps each at 32 bytes instead of 64.
    private var extras: Extras?

    public init(stringUnit: StringUnit? = nil, variations: CatalogVariations? = nil,
                substitutions: [String: Substitution]? = nil, unknownFields: [String: JSONValue] = [:]) {
        self.stringUnit = stringUnit
        // The box is made only to be kept: an import makes an empty localization for every
        // value it sets, and a box made and dropped each time cost 2 % of judging.
        if case .none = variations, case .none = substitutions, unknownFields.isEmpty {
            extras = nil
        } else {
            extras = Extras(variations: variations, substitutions: substitutions, unknownFields: unknownFields)
        }
    }

    /// An empty localization, made without building the default arguments' empty collections.
    public init() {
        stringUnit = nil
        extras = nil
    }

    /// Whether there are neither variations nor substitutions, asked without copying either:
    /// `variations == nil` took a copy through the generic `Optional` comparison.
    public var hasNoVariationsOrSubstitutions: Bool {
        guard let extras else { return true }
        if case .some = extras.variations { return false }
        if case .some = extras.substitutions { return false }
        return true
    }

    /// Whether there are variations, asked without copying them.
    public var hasVariations: Bool {
        guard let extras, case .some = extras.variations else { return false }
        return true
    }

    /// Whether there is a string unit, asked without copying it.
    public var hasStringUnit: Bool {
        if case .some = stringUnit { return true }
        return false
    }

    public var variations: CatalogVariations? {
        get { extras?.variations }
        _modify {
            let box = uniqueExtras()
            yield &box.variations
            if box.isEmpty { extras = nil }
        }
    }

    /// Substitutions by name (the `NAME` in `%#@NAME@`).
    public var substitutions: [String: Substitution]? {
        get { extras?.substitutions }
        _modify {
            let box = uniqueExtras()
            yield &box.substitutions
            if box.isEmpty { extras = nil }
        }
    }

    /// Whether there are unknown fields, asked without making an empty dictionary.
    public var hasUnknownFields: Bool {
        guard let extras else { return false }
        return !extras.unknownFields.isEmpty
    }

    /// The `stringSet` of an App Shortcuts catalog (`AppShortcuts.xcstrings`): the phrases a
    /// locale offers in place of one value. Kept among the unknown fields, as read; nil when
    /// there is none or it has no phrase (empty ones do not count).
    public var stringSet: CatalogStringSet? {
        guard let extras, let set = extras.unknownFields["stringSet"], case .array(let items)? = set["values"] else { return nil }
        let values = items.compactMap { item -> String? in
            if case .string(let value) = item, !value.isEmpty { return value }
            return nil
        }
        guard !values.isEmpty else { return nil }
        let state: StringUnitState?
        if case .string(let text)? = set["state"] { state = StringUnitState(rawValue: text) } else { state = nil }
        return CatalogStringSet(state: state, values: values)
    }

    public var unknownFields: [String: JSONValue] {
        get { extras?.unknownFields ?? [:] }
        _modify {
            let box = uniqueExtras()
            yield &box.unknownFields
            if box.isEmpty { extras = nil }
        }
    }

    /// The box, made or copied so that this value alone holds it and may change it in place.
    private mutating func uniqueExtras() -> Extras {
        // Checked before binding it: a binding is a second reference.
        if isKnownUniquelyReferenced(&extras), let extras { return extras }
        let box = extras.map { Extras(variations: $0.variations, substitutions: $0.substitutions, unknownFields: $0.unknownFields) }
            ?? Extras(variations: nil, substitutions: nil, unknownFields: [:])
        extras = box
        return box
    }

    /// Mutated only through `uniqueExtras()`, when no other value holds it; never empty once
    /// a change is done, so the localization's synthesized equality is its fields'.
    private final class Extras: Hashable, @unchecked Sendable {
        // Not checked for exclusive access at run time: only the one value that holds a box
        // changes it, and the checks were about 1.5 % of judging an import.
        @exclusivity(unchecked) var variations: CatalogVariations?
        @exclusivity(unchecked) var substitutions: [String: Substitution]?
        @exclusivity(unchecked) var unknownFields: [String: JSONValue]

        init(variations: CatalogVariations?, substitutions: [String: Substitution]?, unknownFields: [String: JSONValue]) {
            self.variations = variations
            self.substitutions = substitutions
            self.unknownFields = unknownFields
        }

        var isEmpty: Bool { variations == nil && substitutions == nil && unknownFields.isEmpty }

        static func == (lhs: Extras, rhs: Extras) -> Bool {
            lhs === rhs || (lhs.variations == rhs.variations && lhs.substitutions == rhs.substitutions && lhs.unknownFields == rhs.unknownFields)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(variations)
            hasher.combine(substitutions)
            hasher.combine(unknownFields)
        }
    }
}

/// The `variations` object: per kind (`plural`, `device`, or one this version does not know) the
/// cases, each of which is again a localization, so a device case may vary by plural in turn.
public struct CatalogVariations: Hashable, Sendable {
    /// Cases by kind, e.g. `kinds["plural"]?["one"]`.
    public var kinds: [String: CatalogLocalizations]

    public init(kinds: [String: CatalogLocalizations] = [:]) {
        self.kinds = kinds
    }

    /// Plural cases by CLDR category (`zero one two few many other`).
    public var plural: CatalogLocalizations? {
        get { kinds["plural"] }
        set { kinds["plural"] = newValue }
    }

    /// The devices a device variation may name besides `other` (Xcode 15 also wrote `vision`
    /// for `applevision`).
    public static let deviceNames = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision"]

    /// For a device variation's case names without `other`: the devices it names (in
    /// `deviceNames` order, unknown names after) and those left without text. Nil when it has
    /// `other` or names every device.
    public static func devicesLeftOut(byCases names: [String]) -> (named: [String], left: [String])? {
        guard !names.contains("other") else { return nil }
        let named = Set(names.map { $0 == "vision" ? "applevision" : $0 })
        let left = deviceNames.filter { !named.contains($0) }
        guard !left.isEmpty else { return nil }
        return (deviceNames.filter(named.contains) + named.subtracting(deviceNames).sorted(), left)
    }

    /// Device cases (`iphone ipod ipad mac applewatch appletv applevision other`).
    public var device: CatalogLocalizations? {
        get { kinds["device"] }
        set { kinds["device"] = newValue }
    }
}

/// One `%#@NAME@` substitution: which argument it formats and how it varies.
public struct Substitution: Hashable, Sendable {
    /// The argument's 1-based position; nil when the file leaves it out.
    public var argNum: Int?
    /// The specifier the leaf's `%arg` stands for, e.g. `lld` or `@`.
    public var formatSpecifier: String
    public var variations: CatalogVariations?
    public var unknownFields: [String: JSONValue]

    public init(argNum: Int? = nil, formatSpecifier: String, variations: CatalogVariations? = nil,
                unknownFields: [String: JSONValue] = [:]) {
        self.argNum = argNum
        self.formatSpecifier = formatSpecifier
        self.variations = variations
        self.unknownFields = unknownFields
    }
}

/// The phrases of one locale of an App Shortcuts catalog entry, and their state.
public struct CatalogStringSet: Hashable, Sendable {
    public var state: StringUnitState?
    public var values: [String]
}

/// A translated (or not yet translated) text and its review state.
public struct StringUnit: Hashable, Sendable {
    public var value: String
    /// The state, with the unknown fields in a box when there are any: 24 bytes a unit.
    @usableFromInline private(set) var tail: Tail

    @usableFromInline enum Tail: Hashable, Sendable {
        case state(StringUnitState)
        case withFields(Fields)
    }

    /// Never changed: a change of either makes a new box. Only made with unknown fields, so
    /// `Tail`'s synthesized equality is the fields'.
    @usableFromInline final class Fields: Hashable, Sendable {
        @usableFromInline let state: StringUnitState
        let unknownFields: [String: JSONValue]

        init(state: StringUnitState, unknownFields: [String: JSONValue]) {
            self.state = state
            self.unknownFields = unknownFields
        }

        @usableFromInline static func == (lhs: Fields, rhs: Fields) -> Bool { lhs.state == rhs.state && lhs.unknownFields == rhs.unknownFields }

        @usableFromInline func hash(into hasher: inout Hasher) {
            hasher.combine(state)
            hasher.combine(unknownFields)
        }
    }

    public init(state: StringUnitState, value: String, unknownFields: [String: JSONValue] = [:]) {
        self.value = value
        tail = Self.tail(state, unknownFields)
    }

    /// Inlined where it is read: a call copied the unit (a retain of its text) for `self`.
    public var state: StringUnitState {
        @inlinable get {
            switch tail {
            case .state(let state): return state
            case .withFields(let fields): return fields.state
            }
        }
        set { tail = Self.tail(newValue, unknownFields) }
    }

    /// Whether there are unknown fields, asked without making an empty dictionary (a writer
    /// asks for every string unit).
    public var hasUnknownFields: Bool {
        guard case .withFields(let fields) = tail else { return false }
        return !fields.unknownFields.isEmpty
    }

    public var unknownFields: [String: JSONValue] {
        get {
            guard case .withFields(let fields) = tail else { return [:] }
            return fields.unknownFields
        }
        set { tail = Self.tail(state, newValue) }
    }

    private static func tail(_ state: StringUnitState, _ unknownFields: [String: JSONValue]) -> Tail {
        unknownFields.isEmpty ? .state(state) : .withFields(Fields(state: state, unknownFields: unknownFields))
    }
}

/// `stringUnit.state`; values this version does not know are kept as read.
public struct StringUnitState: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// Eight bytes in every string unit instead of a sixteen-byte `String`.
    private let coded: CodedText<Vocabulary>

    private enum Vocabulary: TextVocabulary {
        static let texts = ["new", "translated", "needs_review", "stale", "machine_translated"]
    }

    public var rawValue: String { coded.text }
    /// The states kept as a code, in order: `vocabularyIndex` is a place in this list.
    package static var vocabulary: [StringUnitState] { Vocabulary.texts.map(StringUnitState.init(rawValue:)) }
    /// The state's place in `vocabulary`; nil for a state kept as its text.
    package var vocabularyIndex: Int? { coded.vocabularyIndex }
    public init(rawValue: String) { coded = CodedText(rawValue) }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public var description: String { rawValue }

    /// Compared and hashed by code: through `rawValue`, as `RawRepresentable` would, each
    /// comparison built two strings.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.coded == rhs.coded }
    public func hash(into hasher: inout Hasher) { hasher.combine(coded) }

    public static let new = StringUnitState(rawValue: "new")
    public static let translated = StringUnitState(rawValue: "translated")
    public static let needsReview = StringUnitState(rawValue: "needs_review")
    /// A translation whose source changed (newer Xcode versions).
    public static let stale = StringUnitState(rawValue: "stale")
    /// A translation a machine made (Xcode 26 catalogs, version 1.1 and later).
    public static let machineTranslated = StringUnitState(rawValue: "machine_translated")
}

/// `extractionState` of an entry; values this version does not know are kept as read.
public struct ExtractionState: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    /// Added by hand in the catalog editor; Xcode never removes it.
    public static let manual = ExtractionState(rawValue: "manual")
    /// No longer found in the source code.
    public static let stale = ExtractionState(rawValue: "stale")
    /// Extracted together with a default value given in code.
    public static let extractedWithValue = ExtractionState(rawValue: "extracted_with_value")
    /// Converted from a `.strings` / `.stringsdict` file.
    public static let migrated = ExtractionState(rawValue: "migrated")
}

/// A cache of a catalog's key order: not part of the catalog's value, so it never makes two
/// catalogs unequal.
struct CatalogKeyIndex: Hashable, Sendable {
    /// The keys in file order, nil when unknown.
    var keys: [String]?
    /// Where the file held each key and localization; nil once the catalog changed.
    var file: CatalogFileOffsets?
    var isXcodeOrder = false
    /// Keys `setEntry` added since, in the order it added them: none canonically equal to
    /// another or to one of `keys` (the dictionary holds each key once), which the merge needs.
    var added: [String] = []

    init(_ keys: [String]? = nil, file: CatalogFileOffsets? = nil, isXcodeOrder: Bool = false) {
        self.keys = keys
        self.file = file
        self.isXcodeOrder = isXcodeOrder
    }

    static func == (_: CatalogKeyIndex, _: CatalogKeyIndex) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// Byte offsets into the file a catalog was read from, so findings find their lines without
/// parsing it again. Per key in file order: its opening quote, and the opening quote of each of
/// its localizations' locale ids in the order of the entry's `localizations` (sorted by id).
struct CatalogFileOffsets: Sendable {
    var keys: [Int] = []
    /// Key `i`'s localizations are `localizations[localizationStarts[i]..<localizationStarts[i + 1]]`.
    var localizationStarts: [Int] = [0]
    var localizations: [Int] = []
    /// The length of the file, which offsets into other bytes would not describe.
    var byteCount = 0
    /// The line and column of each key and localization above, noted while the bytes were at
    /// hand: findings in a file that has not changed since are placed without reading it again.
    var keyPositions: [Position] = []
    var localizationPositions: [Position] = []

    /// A 1-based line and column (`TextLocator`'s: the column counts Unicode scalars).
    struct Position: Equatable, Sendable {
        var line: Int32
        var column: Int32

        init(_ lineAndColumn: (line: Int, column: Int)) {
            line = Int32(clamping: lineAndColumn.line)
            column = Int32(clamping: lineAndColumn.column)
        }
    }

    /// Notes `keyPositions` and `localizationPositions` over the bytes `reader` read. The offsets
    /// are taken in file order (a key, then its localizations), so the lines are counted in one
    /// pass.
    mutating func notePositions(_ reader: JSONReader) {
        var keyPositions: [Position] = []
        keyPositions.reserveCapacity(keys.count)
        var noted = [Position](repeating: Position((0, 0)), count: localizations.count)
        reader.withLocator { locator, bytes in
            var order: [Int] = []
            for index in keys.indices {
                keyPositions.append(Position(locator.lineAndColumn(at: keys[index], in: bytes)))
                // In the entry's order (sorted by locale id), which is the file's unless the file
                // lists them otherwise: then taken in the file's, so the locator never steps back.
                let range = localizationStarts[index]..<localizationStarts[index + 1]
                if !range.dropFirst().contains(where: { localizations[$0 - 1] > localizations[$0] }) {
                    for position in range { noted[position] = Position(locator.lineAndColumn(at: localizations[position], in: bytes)) }
                    continue
                }
                order.removeAll(keepingCapacity: true)
                order.append(contentsOf: range)
                order.sort { localizations[$0] < localizations[$1] }
                for position in order { noted[position] = Position(locator.lineAndColumn(at: localizations[position], in: bytes)) }
            }
        }
        self.keyPositions = keyPositions
        localizationPositions = noted
    }
}
