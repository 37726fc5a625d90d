import L10nFormats

/// Finds the unit an import checks a returned `<trans-unit>` against, as
/// `CatalogUnits.units(key:entry:sourceLanguage:).first { $0.id == id }` would, without computing
/// every unit of the entry for every returned unit: the source side of each entry
/// (`EntrySources`: ids, source texts, plural cases) is computed once per catalog and key, since
/// an import never changes a source-language text; only the target is read per unit.
struct ImportUnitLookup {
    /// Per catalog path (a handful, found by comparing, not hashing): the entries' source sides
    /// in the order they were made (nil once forgotten or made again), each key's place there,
    /// and the place of the one asked for last. Every locale's file lists a catalog's units in
    /// the same key order, so from the second file on, a unit's entry is most often the one
    /// after the last: found by comparing one key, not by hashing it (a second hash of the key
    /// per unit, after the catalog's own).
    private var sourcePaths = PathSlots()
    private var madeOrder: [[EntrySources?]] = []
    private var places: [[String: Int]] = []
    private var lastPlace: [Int] = []
    private var locales = RememberedAnswers<LocaleUnits>()
    /// The last answer of `EntrySources.categories(for:localeCategories:)` that walked a target's
    /// variations, for the entry and locale it was for: a plural entry's cases follow each other
    /// in a file, and each walked every case of the target. The run only writes the paths of
    /// units this lookup found (each inside those categories; substitutions are made without
    /// cases), which leaves the answer as it was; a copy edit of the source drops the entry's
    /// record (`forget`), and with it this answer. One slot: a table per entry and locale cost
    /// more memory than it saved.
    private var lastCategories: (sources: EntrySources, locale: String, categories: [UInt8])?

    /// The unit with this id for the locale, nil when the entry has none (an unknown id, or a
    /// plural case the locale does not use). `entry` is the entry as it is now (with the
    /// translations this run applied so far).
    mutating func unit(id: String, key: String, entry: CatalogEntry, sourceLanguage: String,
                       catalogPath: String, locale: String) -> ExchangeUnit? {
        let localeUnits = locales.answer(for: locale) { LocaleUnits(locale: locale) }
        let slot = sourcesSlot(catalogPath)
        let known: EntrySources
        if let next = madeAfterLast(slot, key: key, sourceLanguage: sourceLanguage) {
            known = next
        } else if let place = places[slot][key], let found = madeOrder[slot][place], found.sourceLanguage == sourceLanguage {
            known = found
            lastPlace[slot] = place
        } else {
            // Only the source side is kept: no second copy of the translations.
            known = EntrySources(key: key, entry: entry, sourceLanguage: sourceLanguage, keepingEntry: false)
            if let replaced = places[slot][key] { madeOrder[slot][replaced] = nil }
            madeOrder[slot].append(known)
            lastPlace[slot] = madeOrder[slot].count - 1
            places[slot][key] = lastPlace[slot]
        }
        // An App Shortcuts phrase set has no unit (the export writes none): a plain value beside the set is refused.
        if known.isPhraseSet { return nil }
        if let plain = Self.plainUnit(id: id, key: key, entry: entry, known: known, sourceLanguage: sourceLanguage, locale: locale) {
            return plain
        }
        let target = locale == sourceLanguage ? nil : entry.localizations?[locale]
        let categories: [UInt8]?
        if known.pluralPrefixes.isEmpty, target?.hasNoVariationsOrSubstitutions ?? true {
            // Nothing to walk: answered at once.
            categories = known.categories(for: target, localeCategories: localeUnits.categoryBits)
        } else if let last = lastCategories, last.sources === known, last.locale == locale {
            categories = last.categories
        } else {
            categories = known.categories(for: target, localeCategories: localeUnits.categoryBits)
            lastCategories = categories.map { (known, locale, $0) }
        }
        guard let categories else {
            return localeUnits.units.units(key: key, entry: entry, sourceLanguage: sourceLanguage).first { $0.id == id }
        }
        // The unit is read where it lies (by its place), and the answer made in one piece: a
        // copy of the found `EntrySources.Unit`, and of the `ExchangeUnit` filled in after it was
        // made, cost about 600 instructions a unit in retains and releases.
        let units = known.units
        guard let index = units.firstIndex(where: { $0.id == id }) else { return nil }
        let pluralVariation = units[index].pluralVariation
        if pluralVariation >= 0 && categories[Int(pluralVariation)] & units[index].categoryBit == 0 { return nil }
        let path = units[index].path
        var targetSubstitution = units[index].sourceSubstitution
        if units[index].throughSubstitution, let target, let own = CatalogUnits.substitution(in: target, at: path) {
            targetSubstitution = own
        }
        let current = path.isRoot ? target?.stringUnit : target?.stringUnit(at: path)
        var countSource: String?
        if pluralVariation >= 0, !ImportPolicy.hasPercent(units[index].sourceValue) {
            // The variation's `other`, found by position: the units are not copied to be compared.
            let otherBit = EntrySources.categoryBit("other")
            if let other = units.indices.first(where: { units[$0].pluralVariation == pluralVariation && units[$0].categoryBit == otherBit }) {
                countSource = ExchangeUnit.countSource(of: units[index].sourceValue, other: units[other].sourceValue)
            }
        }
        return ExchangeUnit(id: units[index].id, key: key, path: path, source: units[index].source, sourceValue: units[index].sourceValue,
                            sourceSubstitution: units[index].sourceSubstitution, targetSubstitution: targetSubstitution,
                            targetValue: current?.value, targetState: current?.state, translate: entry.shouldTranslate != false,
                            note: entry.comment ?? "", isPluralCase: pluralVariation >= 0, countSource: countSource)
    }
}

extension ImportUnitLookup {
    /// The answer of `unit` for the plain unit of an entry whose source has no plural variation,
    /// when the locale's localization is plain too (or absent): most units of an import. The
    /// localization is read where the entry holds it (a copy of it, taken and let go per unit,
    /// cost more than the rest of this). `.some(nil)`: the entry has no such unit; nil: not
    /// that case, `unit` works it out.
    static func plainUnit(id: String, key: String, entry: CatalogEntry, known: EntrySources, sourceLanguage: String,
                          locale: String) -> ExchangeUnit?? {
        guard known.pluralPrefixes.isEmpty, !known.variesAPluralForm else { return nil }
        let position = locale == sourceLanguage ? nil : entry.localizations?.index(forKey: locale)
        // `EntrySources.categories(for:localeCategories:)` of a plain target: no case to check,
        // only a plain value the source has no unit for, which `unit` refuses.
        if let position {
            guard entry.localizations!.hasNoVariationsOrSubstitutions(at: position),
                  !entry.localizations!.hasStringUnit(at: position) || known.hasRootUnit else { return nil }
        }
        let units = known.units
        guard let index = units.firstIndex(where: { $0.id == id }) else { return .some(nil) }
        guard units[index].pluralVariation < 0, units[index].path.isRoot, !units[index].throughSubstitution else { return nil }
        let current = position.flatMap { entry.localizations!.stringUnit(at: $0) }
        return ExchangeUnit(id: units[index].id, key: key, path: units[index].path, source: units[index].source, sourceValue: units[index].sourceValue,
                            sourceSubstitution: units[index].sourceSubstitution, targetSubstitution: units[index].sourceSubstitution,
                            targetValue: current?.value, targetState: current?.state, translate: entry.shouldTranslate != false,
                            note: entry.comment ?? "", isPluralCase: false, countSource: nil)
    }

    /// Drops what was computed for an entry whose source text the run changed (a copy edit).
    mutating func forget(catalogPath: String, key: String) {
        guard let slot = sourcePaths.index(of: catalogPath), let place = places[slot][key] else { return }
        if let known = madeOrder[slot][place], lastCategories?.sources === known { lastCategories = nil }
        madeOrder[slot][place] = nil
        places[slot][key] = nil
    }

    /// The source side of `key` when it is the one asked for last or the one made after it
    /// (a plural entry's cases come one after the other; the next key comes next).
    private mutating func madeAfterLast(_ slot: Int, key: String, sourceLanguage: String) -> EntrySources? {
        let last = lastPlace[slot]
        for place in last...(last + 1) where place >= 0 && place < madeOrder[slot].count {
            // A place still holding a side holds its key's current one: replaced and forgotten ones are nil.
            if let made = madeOrder[slot][place], made.key == key, made.sourceLanguage == sourceLanguage {
                lastPlace[slot] = place
                return made
            }
        }
        return nil
    }

    /// Where the source sides of the catalog at `path` are kept, made on first use.
    private mutating func sourcesSlot(_ path: String) -> Int {
        let (slot, isNew) = sourcePaths.index(adding: path)
        if isNew {
            madeOrder.append([])
            places.append([:])
            lastPlace.append(-1)
        }
        return slot
    }
}

/// The ids met so far for the `duplicate-id` rule, by the file written and the locale: one set of
/// ids per pair. A set of (path, locale, id) triples held three strings per unit and hashed all three.
struct ImportUnitIDs {
    private struct Scope: Hashable {
        var path: String
        var locale: String
    }

    private var ids: [Scope: Set<String>] = [:]
    /// Units come file by file: where the last pair's set is, so most units hash only their id.
    private var last: (scope: Scope, index: Dictionary<Scope, Set<String>>.Index)?

    /// Records `id` for the file and locale; false when they already had it. `expected`: how
    /// many ids the pair may get (the `<file>`'s units), reserved when the pair is new.
    mutating func insert(_ id: String, path: String, locale: String, expected: Int) -> Bool {
        let index: Dictionary<Scope, Set<String>>.Index
        if let last, last.scope.path == path, last.scope.locale == locale {
            index = last.index
        } else {
            let scope = Scope(path: path, locale: locale)
            if ids[scope] == nil { ids[scope] = Set(minimumCapacity: expected) }
            // Adding a pair may move every set, so the position is taken after it.
            index = ids.index(forKey: scope)!
            last = (scope, index)
        }
        return ids.values[index].insert(id).inserted
    }
}
