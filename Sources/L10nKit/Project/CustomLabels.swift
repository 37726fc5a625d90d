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
        var labels: [CustomLabel] = []
        for key in Collator.xcodeKeyOrder.sorted(Array(sdkCatalog.entries.keys)) {
            guard let layer = lookupChain.appLayers.first(where: { self.layer($0, contains: key) }),
                  let catalog = catalog(for: layer) else { continue }
            let appLocales = catalog.entries[key]?.locales ?? []
            let sdkLocales = sdkCatalog.entries[key]?.locales ?? []
            let shadowed = sdkLocales.filter { !appLocales.contains($0) }
            labels.append(CustomLabel(key: key, layer: layer, appLocales: appLocales, sdkLocales: sdkLocales, shadowedLocales: shadowed))
        }
        return labels
    }
}
