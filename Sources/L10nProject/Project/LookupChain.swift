import L10nFormats

/// One (bundle, table) pair of the lookup chain, backed by a catalog or a legacy table.
public struct Layer: Sendable, Equatable {
    public enum Role: String, Sendable {
        /// Defined by the app: its values override everything below.
        case app
        /// Shipped by the editor SDK: read-only, the defaults the app renames.
        case sdk
    }

    public var bundle: String
    public var table: String
    public var role: Role
    /// Project-relative path of the catalog, or nil for a legacy `.strings` table.
    public var catalogPath: String?

    public init(bundle: String, table: String, role: Role, catalogPath: String?) {
        self.bundle = bundle
        self.table = table
        self.role = role
        self.catalogPath = catalogPath
    }

    /// `bundle/table`, as reports name a layer.
    public var name: String { "\(bundle)/\(table)" }
}

/// The order in which the app looks keys up: the first layer that contains a key wins, and in
/// that layer the chosen localization renders, else the layer's source-language value.
public struct LookupChain: Sendable {
    public var layers: [Layer]
    /// Whether this is the editor SDK's chain (app Localizable → app IMGLYEditor → SDK IMGLYEditor).
    public var isEditorChain: Bool

    public init(layers: [Layer], isEditorChain: Bool) {
        self.layers = layers
        self.isEditorChain = isEditorChain
    }

    /// The app-side layers, in lookup order.
    public var appLayers: [Layer] { layers.filter { $0.role == .app } }
    /// The SDK layer, when the chain has one.
    public var sdkLayer: Layer? { layers.first { $0.role == .sdk } }
}

/// Which layer and value a key renders with on a device that chose `localizations`.
public struct Resolution: Sendable, Equatable {
    public var key: String
    /// The layer that contains the key, nil when none does (the raw key is shown).
    public var layer: Layer?
    /// The localization whose value renders (one of the device's, or the layer's source language).
    public var locale: String?
    /// The value that renders (the raw key when no layer has it).
    public var value: String
    /// Whether the layer lacked every localization the device wants, so its source text shows.
    public var fellBackToSource: Bool
    /// Layers above the winner that were passed over, and why (for `resolve` explanations).
    public var skipped: [Layer]
}

extension Project {
    /// The catalog backing a layer, when it is a String Catalog.
    public func catalog(for layer: Layer) -> StringCatalog? {
        layer.catalogPath.flatMap { catalog(atPath: $0)?.catalog }
    }

    /// Whether a chain layer below the one at `position` has the key: the layer at `position`
    /// then overrides it (the app's editor catalog over the SDK's), whatever Xcode's extraction says.
    public func layerBelow(_ position: Int, contains key: String) -> Bool {
        lookupChain.layers.dropFirst(position + 1).contains { layer($0, contains: key) }
    }

    /// Whether a layer contains the key at all (in any localization).
    public func layer(_ layer: Layer, contains key: String) -> Bool {
        if let catalog = catalog(for: layer) { return catalog.entries[key] != nil }
        guard let table = stringsTables.first(where: { $0.bundle == layer.bundle && $0.table == layer.table }) else { return false }
        // A key only in the table's `.stringsdict` (Apple's plural pattern) is the table's too.
        return table.files.values.contains { $0.value(forKey: key) != nil } || table.pluralFiles.values.contains { $0.entry(forKey: key) != nil }
    }

    /// Every key a legacy layer's files have (`.strings` and `.stringsdict`), for a walk over many
    /// keys: `layer(_:contains:)` reads a `.stringsdict` entry by entry. Nil for a catalog layer.
    public func legacyLayerKeys(_ layer: Layer) -> Set<String>? {
        guard catalog(for: layer) == nil else { return nil }
        guard let table = stringsTables.first(where: { $0.bundle == layer.bundle && $0.table == layer.table }) else { return [] }
        var keys = Set<String>()
        for file in table.files.values { keys.formUnion(file.keys) }
        for file in table.pluralFiles.values { keys.formUnion(file.keys) }
        return keys
    }

    /// The plain value a layer has for a key in one localization (the root string unit of a
    /// catalog entry; a `.stringsdict` entry's format, which Foundation takes over the
    /// `.strings` value; or the `.strings` value), nil when it has none.
    public func value(in layer: Layer, key: String, locale: String) -> String? {
        if let catalog = catalog(for: layer) {
            let unit = catalog.stringUnit(key: key, locale: locale)
                ?? catalog.entries[key]?.localizations?[locale]?.stringUnits.first { $0.path.components.last == "other" }?.unit
            guard let unit else { return nil }
            return unit.value
        }
        guard let table = stringsTables.first(where: { $0.bundle == layer.bundle && $0.table == layer.table }) else { return nil }
        if let entry = table.pluralFiles[locale]?.entry(forKey: key),
           let format = entry.formatKey ?? entry.deviceCases?.first?.string ?? entry.widthCases?.first?.string {
            return format
        }
        return table.files[locale]?.value(forKey: key)
    }

    /// The localization whose file a legacy table layer reads for a device with this search
    /// list: Foundation loads the first localization's `.strings` file that exists and takes no
    /// other localization's value for a key that file lacks (the device shows the raw key). Nil
    /// for a catalog layer, or when no localization of the list has a file of the table.
    public func tableLocalization(of layer: Layer, _ localizations: [String]) -> String? {
        guard catalog(for: layer) == nil, let table = stringsTables.first(where: { $0.bundle == layer.bundle && $0.table == layer.table }) else { return nil }
        return localizations.first { table.files[$0] != nil || table.pluralFiles[$0] != nil }
    }

    /// Resolves a key as the app does for a device whose bundle search list is `localizations`
    /// (most wanted first, as `BundleLocalizations` computes it).
    public func resolve(_ key: String, localizations: [String]) -> Resolution {
        var skipped: [Layer] = []
        for layer in lookupChain.layers {
            guard self.layer(layer, contains: key) else {
                skipped.append(layer)
                continue
            }
            if let read = tableLocalization(of: layer, localizations) {
                let value = value(in: layer, key: key, locale: read)
                return Resolution(key: key, layer: layer, locale: value == nil ? nil : read, value: value ?? key, fellBackToSource: false, skipped: skipped)
            }
            // A catalog is read from one compiled table, the first localization it has any
            // value in: a key that table lacks shows the source text.
            let compiled = catalog(for: layer).map { Set($0.compiledLocales) }
            let read = compiled.map { compiled in localizations.first { compiled.contains($0) }.map { [$0] } ?? [] } ?? localizations
            for locale in read {
                if let value = value(in: layer, key: key, locale: locale) {
                    return Resolution(key: key, layer: layer, locale: locale, value: value, fellBackToSource: false, skipped: skipped)
                }
            }
            let source = catalog(for: layer)?.sourceLanguage ?? sourceLanguage
            let value = self.value(in: layer, key: key, locale: source)
            return Resolution(key: key, layer: layer, locale: value == nil ? nil : source, value: value ?? key,
                              fellBackToSource: true, skipped: skipped)
        }
        return Resolution(key: key, layer: nil, locale: nil, value: key, fellBackToSource: true, skipped: skipped)
    }
}
