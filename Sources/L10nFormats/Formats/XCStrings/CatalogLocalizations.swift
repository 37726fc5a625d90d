/// A catalog entry's `localizations`: what each locale says for the key, by locale id; also a
/// variation's cases (`one`, `other`, `ipad`), each of which is a localization in turn.
///
/// Used like a dictionary (`localizations["de"]`, `for (locale, localization) in ...`), kept as
/// one array sorted by locale id: a catalog holds one per key, and a dictionary of a dozen
/// locales takes 860 bytes where the array takes 610 (a two-locale SDK entry: 270 and 130).
/// Looking up a locale is a binary search over short ids, which compare without hashing.
public struct CatalogLocalizations: RandomAccessCollection, Hashable, Sendable, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: CatalogLocalization)
    public typealias Index = Int

    /// Sorted by `key`, every key once.
    private var elements: ContiguousArray<Element>

    /// No localizations.
    public init() { elements = [] }

    /// The pairs of a literal; a locale given twice traps.
    public init(dictionaryLiteral elements: (String, CatalogLocalization)...) {
        self.init(uniqueKeysWithValues: elements)
    }

    /// The pairs of a sequence whose keys are distinct (a repeated key traps, as `Dictionary`'s does).
    public init<S: Sequence>(uniqueKeysWithValues pairs: S) where S.Element == (String, CatalogLocalization) {
        var builder = Builder()
        for (offset, (key, value)) in pairs.enumerated() { builder.add(key, value, offset: offset) }
        switch builder.finish() {
        case .success(let built): self = built
        case .failure(let repeated): preconditionFailure("the locale \(repeated.key) is given twice")
        }
    }

    /// A dictionary's localizations.
    public init(_ dictionary: [String: CatalogLocalization]) {
        var elements = ContiguousArray<Element>()
        elements.reserveCapacity(dictionary.count)
        for pair in dictionary { elements.append(pair) }
        // A dictionary's keys are distinct (and never canonically equivalent: it compares with `==`).
        elements.sort { $0.key < $1.key }
        self.elements = elements
    }

    /// The localizations in place, for a reader that must not copy each one (a writer).
    func withElements<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
        elements.withUnsafeBufferPointer(body)
    }

    /// Positions run over the localizations in the order of their locale ids.
    public var startIndex: Int { 0 }
    public var endIndex: Int { elements.count }
    public subscript(position: Int) -> Element { elements[position] }

    /// The position of the locale's localization, if there is one.
    public func index(forKey key: String) -> Int? {
        let (index, found) = search(key)
        return found ? index : nil
    }

    /// Where `key` is, or where it would be inserted.
    private func search(_ key: String) -> (index: Int, found: Bool) {
        var low = 0, high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return (low, low < elements.count && elements[low].key == key)
    }

    /// The locale's localization; setting nil removes it. Changed in place, without a copy.
    public subscript(key: String) -> CatalogLocalization? {
        get {
            let (index, found) = search(key)
            return found ? elements[index].value : nil
        }
        set {
            let (index, found) = search(key)
            store(newValue, for: key, at: index, found: found)
        }
        _modify {
            let (index, found) = search(key)
            // Taken out of the array while the caller changes it, so it is not shared with a copy.
            var value: CatalogLocalization?
            if found {
                value = CatalogLocalization()
                swap(&value!, &elements[index].value)
            }
            defer { store(value, for: key, at: index, found: found) }
            yield &value
        }
    }

    /// Puts `value` where `search(key)` pointed: replaced, removed (nil) or inserted.
    private mutating func store(_ value: CatalogLocalization?, for key: String, at index: Int, found: Bool) {
        switch (found, value) {
        case (true, let value?): elements[index].value = value
        case (true, nil): elements.remove(at: index)
        case (false, let value?): elements.insert((key, value), at: index)
        case (false, nil): break
        }
    }

    /// The locale's localization, or `defaultValue` stored under it when it has none.
    public subscript(key: String, default defaultValue: @autoclosure () -> CatalogLocalization) -> CatalogLocalization {
        get { self[key] ?? defaultValue() }
        _modify {
            let (index, found) = search(key)
            if !found { elements.insert((key, defaultValue()), at: index) }
            // Taken out while the caller changes it, as in `subscript(_:)`.
            var value = CatalogLocalization()
            swap(&value, &elements[index].value)
            defer { swap(&value, &elements[index].value) }
            yield &value
        }
    }

    /// The own string unit of the localization at `position` (nil when it has only variations),
    /// read in place: `self[locale]?.stringUnit` copied the whole localization first, its box included.
    public func stringUnit(at position: Int) -> StringUnit? {
        elements[position].value.stringUnit
    }

    /// The state of the localization's own string unit at `position`, read without copying its text.
    public func stringUnitState(at position: Int) -> StringUnitState? {
        elements[position].value.stringUnit?.state
    }

    /// Whether the localization at `position` has its own string unit, asked without a copy.
    public func hasStringUnit(at position: Int) -> Bool {
        elements[position].value.hasStringUnit
    }

    /// Whether the localization at `position` has neither variations nor substitutions, asked without a copy.
    public func hasNoVariationsOrSubstitutions(at position: Int) -> Bool {
        elements[position].value.hasNoVariationsOrSubstitutions
    }

    /// The localization at `position` (`index(forKey:)`).
    public func localization(at position: Int) -> CatalogLocalization {
        elements[position].value
    }

    /// The locale ids, sorted.
    public var keys: some RandomAccessCollection<String> { elements.lazy.map(\.key) }

    /// The localizations, in the order of their locale ids.
    public var values: some RandomAccessCollection<CatalogLocalization> { elements.lazy.map(\.value) }

    /// Sets `value` for `key` and returns the localization it replaced.
    @discardableResult
    public mutating func updateValue(_ value: CatalogLocalization, forKey key: String) -> CatalogLocalization? {
        let (index, found) = search(key)
        guard found else {
            elements.insert((key, value), at: index)
            return nil
        }
        let old = elements[index].value
        elements[index].value = value
        return old
    }

    /// Removes the locale's localization and returns it.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> CatalogLocalization? {
        let (index, found) = search(key)
        return found ? elements.remove(at: index).value : nil
    }

    /// The localizations `isIncluded` keeps, as localizations.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> CatalogLocalizations {
        var kept = self
        kept.elements = try elements.filter(isIncluded)
        return kept
    }

    /// The same locales with their localizations transformed.
    public func mapValues(_ transform: (CatalogLocalization) throws -> CatalogLocalization) rethrows -> CatalogLocalizations {
        var mapped = self
        for index in mapped.elements.indices { mapped.elements[index].value = try transform(mapped.elements[index].value) }
        return mapped
    }

    /// Adds `other`'s localizations; for a locale both have, `combine` decides.
    public mutating func merge(_ other: CatalogLocalizations,
                               uniquingKeysWith combine: (CatalogLocalization, CatalogLocalization) throws -> CatalogLocalization) rethrows {
        for (key, value) in other {
            self[key] = try self[key].map { try combine($0, value) } ?? value
        }
    }

    /// These localizations and `other`'s; for a locale both have, `combine` decides.
    public func merging(_ other: CatalogLocalizations,
                        uniquingKeysWith combine: (CatalogLocalization, CatalogLocalization) throws -> CatalogLocalization) rethrows -> CatalogLocalizations {
        var merged = self
        try merged.merge(other, uniquingKeysWith: combine)
        return merged
    }

    /// The localizations as a dictionary.
    public var dictionary: [String: CatalogLocalization] {
        Dictionary(uniqueKeysWithValues: elements.lazy.map { ($0.key, $0.value) })
    }

    public static func == (lhs: CatalogLocalizations, rhs: CatalogLocalizations) -> Bool {
        lhs.elements.count == rhs.elements.count
            && zip(lhs.elements, rhs.elements).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
        for element in elements {
            hasher.combine(element.key)
            hasher.combine(element.value)
        }
    }

    // MARK: Building

    /// Collects a `localizations` object's members as they are read, then sorts them once; a
    /// reader keeps one for all its entries.
    package struct Builder {
        private var elements = ContiguousArray<Element>()
        private var offsets: [Int] = []

        package init() {}

        /// Adds a member read at `offset`.
        package mutating func add(_ key: String, _ value: CatalogLocalization, offset: Int) {
            elements.append((key, value))
            offsets.append(offset)
        }

        /// The localizations added since the last call, sorted, in an array with no spare room;
        /// or, when a name was given twice, where it was read the second time (the first member
        /// read that repeats an earlier one). Either way the builder is then empty again.
        package mutating func finish() -> Result<CatalogLocalizations, Repeated> {
            var unused: [Int] = []
            return finish(keepingOffsets: false, in: &unused)
        }

        /// The same, and on success appends where each localization was read to `offsets`, in
        /// the order of the result.
        package mutating func finish(appendingOffsetsTo offsets: inout [Int]) -> Result<CatalogLocalizations, Repeated> {
            finish(keepingOffsets: true, in: &offsets)
        }

        private mutating func finish(keepingOffsets: Bool, in kept: inout [Int]) -> Result<CatalogLocalizations, Repeated> {
            defer {
                elements.removeAll(keepingCapacity: true)
                offsets.removeAll(keepingCapacity: true)
            }
            var sorted = ContiguousArray<Element>()
            sorted.reserveCapacity(elements.count)
            // Xcode writes locales in order: then nothing moves and no two can be equal.
            if elements.indices.dropFirst().allSatisfy({ elements[$0 - 1].key < elements[$0].key }) {
                sorted.append(contentsOf: elements)
                if keepingOffsets { kept.append(contentsOf: offsets) }
            } else {
                let order = elements.indices.sorted { elements[$0].key < elements[$1].key }
                for index in order { sorted.append(elements[index]) }
                for index in sorted.indices.dropFirst() where sorted[index - 1].key == sorted[index].key {
                    var seen = Set<String>()
                    let repeated = elements.indices.first { !seen.insert(elements[$0].key).inserted }!
                    return .failure(Repeated(key: elements[repeated].key, offset: offsets[repeated]))
                }
                if keepingOffsets { for index in order { kept.append(offsets[index]) } }
            }
            var result = CatalogLocalizations()
            result.elements = sorted
            return .success(result)
        }

        /// A locale given twice: its key and where it was read the second time.
        package struct Repeated: Error {
            package var key: String
            package var offset: Int
        }
    }
}

extension CatalogLocalizations: CustomStringConvertible {
    /// As a dictionary prints, in the order of the locale ids.
    public var description: String {
        elements.isEmpty ? "[:]" : "[" + elements.map { "\($0.key.debugDescription): \($0.value)" }.joined(separator: ", ") + "]"
    }
}
