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
    /// SDK key needs an app-side value in them, or the user sees the source language.
    public var fullLocalizationLocales: [String] {
        guard lookupChain.sdkLayer != nil else { return [] }
        let shipped = Set(sdkLocales)
        return app.availableLocalizations.filter { !shipped.contains($0) && $0 != sourceLanguage }
    }

    /// The app's renames of SDK keys, in key order, each with the layer that wins.
    public var customLabels: [CustomLabel] {
        guard let sdkLayer = lookupChain.sdkLayer, let sdkCatalog = catalog(for: sdkLayer) else { return [] }
        let appLayers = lookupChain.appLayers.map { (layer: $0, catalog: catalog(for: $0)) }
        // The first app layer that has the key wins; a legacy table there hides the key.
        var renamed: [(key: String, layer: Layer, catalog: StringCatalog)] = []
        for key in sdkCatalog.entries.keys {
            let winner = appLayers.first { layer, catalog in
                catalog.map { $0.entries[key] != nil } ?? self.layer(layer, contains: key)
            }
            if let winner, let catalog = winner.catalog { renamed.append((key, winner.layer, catalog)) }
        }
        var ranks = LocaleRanks()
        var labels: [CustomLabel] = []
        labels.reserveCapacity(renamed.count)
        for index in XcodeKeyOrdering.order(of: renamed.map(\.key)) {
            let (key, layer, catalog) = renamed[index]
            let appLocales = ranks.ordered(catalog.entries[key]?.localizations)
            let sdkLocales = ranks.ordered(sdkCatalog.entries[key]?.localizations)
            let shadowed = sdkLocales.filter { !appLocales.contains($0) }
            labels.append(CustomLabel(key: key, layer: layer, appLocales: appLocales, sdkLocales: sdkLocales, shadowedLocales: shadowed))
        }
        return labels
    }
}

/// Locales of entries in Xcode's key order (`CatalogEntry.locales`), from the rank of each locale
/// among those seen so far, so the collator sees each locale name once instead of once per entry.
private struct LocaleRanks {
    private var known: [String] = []
    private var rank: [String: Int] = [:]

    mutating func ordered(_ localizations: [String: CatalogLocalization]?) -> [String] {
        guard let localizations else { return [] }
        // Ranks stand for byte-equal names only when the names are ASCII (Swift's `==` on other
        // text is canonical equivalence).
        guard localizations.keys.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else {
            return Collator.xcodeKeyOrder.sorted(Array(localizations.keys))
        }
        for locale in localizations.keys where rank[locale] == nil {
            known = Collator.xcodeKeyOrder.sorted(known + [locale])
            rank = Dictionary(uniqueKeysWithValues: known.enumerated().map { ($0.element, $0.offset) })
        }
        return localizations.keys.sorted { rank[$0]! < rank[$1]! }
    }
}
