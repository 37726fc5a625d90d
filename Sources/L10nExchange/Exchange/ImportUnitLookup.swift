import L10nFormats

/// Finds the unit an import checks a returned `<trans-unit>` against, as
/// `CatalogUnits.units(key:entry:sourceLanguage:).first { $0.id == id }` would, without computing
/// every unit of the entry for every returned unit: the source side of each entry
/// (`EntrySources`: ids, source texts, plural cases) is computed once per catalog and key, since
/// an import never changes a source-language text; only the target is read per unit.
struct ImportUnitLookup {
    /// Per catalog path (a handful, found by comparing, not hashing) and key: the entry's source side.
    private var sourcePaths = PathSlots()
    private var sources: [[String: EntrySources]] = []
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
        if let found = sources[slot][key], found.sourceLanguage == sourceLanguage {
            known = found
        } else {
            // Only the source side is kept: no second copy of the translations.
            known = EntrySources(key: key, entry: entry, sourceLanguage: sourceLanguage, keepingEntry: false)
            sources[slot][key] = known
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
        guard let unit = known.units.first(where: { $0.id == id }) else { return nil }
        if unit.pluralVariation >= 0 && categories[Int(unit.pluralVariation)] & unit.categoryBit == 0 { return nil }
        var targetSubstitution = unit.sourceSubstitution
        if unit.throughSubstitution, let target, let own = CatalogUnits.substitution(in: target, at: unit.path) {
            targetSubstitution = own
        }
        let current = unit.path.isRoot ? target?.stringUnit : target?.stringUnit(at: unit.path)
        return ExchangeUnit(id: unit.id, key: key, path: unit.path, source: unit.source, sourceValue: unit.sourceValue,
                            sourceSubstitution: unit.sourceSubstitution, targetSubstitution: targetSubstitution,
                            targetValue: current?.value, targetState: current?.state, translate: entry.shouldTranslate != false,
                            note: entry.comment ?? "", isPluralCase: unit.pluralVariation >= 0)
    }
}

extension ImportUnitLookup {
    /// Drops what was computed for an entry whose source text the run changed (a copy edit).
    mutating func forget(catalogPath: String, key: String) {
        guard let slot = sourcePaths.index(of: catalogPath) else { return }
        if let known = sources[slot][key], lastCategories?.sources === known { lastCategories = nil }
        sources[slot][key] = nil
    }

    /// Where the source sides of the catalog at `path` are kept, made on first use.
    private mutating func sourcesSlot(_ path: String) -> Int {
        let (slot, isNew) = sourcePaths.index(adding: path)
        if isNew { sources.append([:]) }
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
