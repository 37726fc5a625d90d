import L10nCore
import L10nFormats
import L10nLocale

/// A key the app redefines in one of its own layers that the SDK also defines: a rename.
public struct CustomLabel: Sendable, Equatable {
    public var key: String
    /// The app layer whose definition wins.
    public var layer: Layer
    /// Locales the winning app layer has a value for.
    public var appLocales: [String]
    /// Locales the SDK layer has a value for.
    public var sdkLocales: [String]
    /// Locales the SDK translates but the app layer does not: a device in one of them renders
    /// the app layer's source-language text instead of the SDK's translation.
    public var shadowedLocales: [String]
}

extension Project {
    /// Every key of the SDK layer.
    public var sdkKeys: Set<String> {
        guard let layer = lookupChain.sdkLayer, let catalog = catalog(for: layer) else { return [] }
        return Set(catalog.entries.keys)
    }

    /// Locales the SDK ships translations for.
    public var sdkLocales: [String] {
        guard let layer = lookupChain.sdkLayer, let catalog = catalog(for: layer) else { return [] }
        return catalog.locales
    }

    /// Locales the app offers that the SDK does not ship (besides the source language): every
    /// SDK key needs an app-side value in them, or the user sees the source language. Not a
    /// regional locale whose devices the SDK serves in its language (the app offers de-AT, the
    /// SDK ships de: the SDK bundle follows the app's de-AT to its German).
    public var fullLocalizationLocales: [String] { fullLocalizationLocales(shipped: nil) }

    /// `fullLocalizationLocales` with `sdkLocales` given when the caller has them.
    public func fullLocalizationLocales(shipped known: [String]?) -> [String] {
        guard lookupChain.sdkLayer != nil else { return [] }
        let shippedList = known ?? sdkLocales
        let shipped = Set(shippedList)
        let matcher = LocaleMatcher()
        return app.availableLocalizations.filter { locale in
            !shipped.contains(locale) && locale != sourceLanguage && sdkTranslation(forAppLocale: locale, shipped: shippedList, matcher: matcher) == nil
        }
    }

    /// The SDK's own localization a device whose app runs in `locale` reads (the SDK bundle
    /// follows the app's choice: `de` for an app in de-AT when the SDK ships de, `en` for one in
    /// en-GB); nil when the SDK shows that device its development language, which is not the
    /// device's. `shipped`: `sdkLocales`, when the caller has them (gathered over every SDK entry).
    public func sdkTranslation(forAppLocale locale: String, shipped: [String]? = nil, matcher: LocaleMatcher = LocaleMatcher()) -> String? {
        let shipped = shipped ?? sdkLocales
        guard !shipped.isEmpty else { return nil }
        if shipped.contains(locale) { return locale == sourceLanguage ? nil : locale }
        let used = BundleLocalizations(lprojFolders: shipped, developmentRegion: sourceLanguage)
            .localizations(forPreferredLanguages: [locale], inApp: app.localizations, matcher: matcher).first
        guard let used, shipped.contains(used) else { return nil }
        // The SDK's development language serves a variant of it (en for an app in en-GB): that
        // is its own translation, not a fallback to another language.
        guard used != sourceLanguage || ICULocale.language(locale) == ICULocale.language(sourceLanguage) else { return nil }
        return used
    }

    /// The app's renames of SDK keys, in key order, each with the layer that wins.
    public var customLabels: [CustomLabel] {
        var renamed: [(key: String, layer: Int, app: CatalogEntry, sdk: CatalogEntry)] = []
        guard let walk = walkRenames({ renamed.append(($0, $1, $2, $3)) }) else { return [] }
        var ranks = LocaleRanks()
        var labels: [CustomLabel] = []
        labels.reserveCapacity(renamed.count)
        for index in walk.inFileOrder ? Array(renamed.indices) : XcodeKeyOrdering.order(of: renamed.map(\.key)) {
            let label = renamed[index]
            let appLocales = ranks.ordered(label.app.localizations)
            let sdkLocales = ranks.ordered(label.sdk.localizations)
            let shadowed = sdkLocales.filter { !appLocales.contains($0) }
            labels.append(CustomLabel(key: label.key, layer: walk.appLayers[label.layer], appLocales: appLocales, sdkLocales: sdkLocales,
                                      shadowedLocales: shadowed))
        }
        return labels
    }

    /// `customLabels`' keys and layers, in the same order, without their locales: the report
    /// reads only these, and ordering each label's locales was most of the labels' cost.
    package var customLabelKeys: [(key: String, layer: Layer)] {
        var renamed: [(key: String, layer: Int)] = []
        guard let walk = walkRenames({ key, layer, _, _ in renamed.append((key, layer)) }) else { return [] }
        let order = walk.inFileOrder ? Array(renamed.indices) : XcodeKeyOrdering.order(of: renamed.map(\.key))
        return order.map { (renamed[$0].key, walk.appLayers[renamed[$0].layer]) }
    }

    /// Calls `found` for each SDK key an app layer renames (the key, the index of the app layer
    /// that wins it, its app and SDK entries), in the SDK file's order when that is Xcode's
    /// (`inFileOrder`), else in no set order; nil without an SDK catalog.
    private func walkRenames(_ found: (String, Int, CatalogEntry, CatalogEntry) -> Void) -> (appLayers: [Layer], inFileOrder: Bool)? {
        guard let sdkLayer = lookupChain.sdkLayer, let sdkCatalog = catalog(for: sdkLayer) else { return nil }
        let appLayers = lookupChain.appLayers
        // Each app catalog's entries taken once: walking (layer, catalog) pairs copied both for
        // every SDK key.
        let appEntries = appLayers.map { catalog(for: $0)?.entries }
        // A legacy layer's keys, gathered once.
        let legacyKeys = appLayers.map { legacyLayerKeys($0) }
        // The first app layer that has the key wins; a legacy table there hides the key.
        // Walked in the SDK file's own order when that is Xcode's (the reader checked): the
        // labels then come out in order without a collation sort key for each.
        let fileOrder = sdkCatalog.keysInXcodeOrder.flatMap { $0.count == sdkCatalog.entries.count ? $0 : nil }
        let sdkEntries = sdkCatalog.entries
        for key in fileOrder ?? Array(sdkEntries.keys) {
            for index in appEntries.indices {
                if let entries = appEntries[index] {
                    guard let appEntry = entries[key] else { continue }
                    // Looked up only for a rename: most SDK keys have none.
                    guard let sdkEntry = sdkEntries[key] else { break }
                    found(key, index, appEntry, sdkEntry)
                } else if !(legacyKeys[index]?.contains(key) ?? false) {
                    continue
                }
                break
            }
        }
        return (appLayers, fileOrder != nil)
    }
}

/// Locales of entries in Xcode's key order (`CatalogEntry.locales`), from the rank of each locale
/// among those seen so far, so the collator sees each locale name once instead of once per entry.
private struct LocaleRanks {
    private var known: [String] = []
    /// The known locales with their ranks, in the order of `CatalogLocalizations`' keys (`<`),
    /// so an entry's locales are found in one walk beside them, without hashing each.
    private var byID: [(locale: String, rank: Int)] = []

    mutating func ordered(_ localizations: CatalogLocalizations?) -> [String] {
        guard let localizations, !localizations.isEmpty else { return [] }
        // Up to 64 known locales, an entry's ranks are bits of one word, read out in order:
        // no list of ranks to sort. The known names are returned, so each must be the entry's
        // byte for byte (`zh-HK` with a Kelvin sign is `==` to `zh-HK`): else the list below.
        // A known name is ASCII, and text `==` to ASCII but of other bytes is longer (a scalar
        // equivalent to an ASCII letter takes two bytes or more), so the lengths tell.
        if known.count <= 64 {
            var ranks: UInt64 = 0
            var next = 0
            var sameBytes = true
            for locale in localizations.keys {
                while next < byID.count, byID[next].locale < locale { next += 1 }
                guard next < byID.count, byID[next].locale == locale else { return learnAndOrder(localizations) }
                if byID[next].locale.utf8.count != locale.utf8.count {
                    sameBytes = false
                    break
                }
                ranks |= 1 << UInt64(byID[next].rank)
                next += 1
            }
            if sameBytes {
                var result: [String] = []
                result.reserveCapacity(localizations.count)
                while ranks != 0 {
                    result.append(known[ranks.trailingZeroBitCount])
                    ranks &= ranks - 1
                }
                return result
            }
        }
        var ranked: [(rank: Int, locale: String)] = []
        ranked.reserveCapacity(localizations.count)
        var next = 0
        for locale in localizations.keys {
            while next < byID.count, byID[next].locale < locale { next += 1 }
            guard next < byID.count, byID[next].locale == locale else { return learnAndOrder(localizations) }
            ranked.append((byID[next].rank, locale))
            next += 1
        }
        ranked.sort { $0.rank < $1.rank }
        return ranked.map(\.locale)
    }

    /// Learns the ranks of new locales; only ASCII names get one (Swift's `==` on other text is
    /// canonical equivalence, so a rank could stand for two different names).
    private mutating func learnAndOrder(_ localizations: CatalogLocalizations) -> [String] {
        guard localizations.keys.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else {
            return Collator.xcodeKeyOrder.sorted(Array(localizations.keys))
        }
        let learned = Set(known)
        known = Collator.xcodeKeyOrder.sorted(known + localizations.keys.filter { !learned.contains($0) })
        byID = known.enumerated().map { ($0.element, $0.offset) }.sorted { $0.locale < $1.locale }
        return ordered(localizations)
    }
}
