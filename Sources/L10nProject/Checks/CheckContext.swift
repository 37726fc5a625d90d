import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// The project model as the checks read it, with what several checks need computed once: the
/// locales the app offers, what a device in each of them searches, which layer wins each key,
/// the storyboards' keys, and which files are the app's own to fix.
public struct CheckContext: Sendable {
    public let project: Project
    /// Locales the app offers (`.lproj` folders, catalog locales, `CFBundleLocalizations`), without `Base`.
    public let offeredLocales: [String]
    /// The offered locales the run looks at (`--locale` narrows them); the source language included.
    public let locales: [String]
    /// Among `locales`, those other than the source that devices can prefer: not a declared code
    /// that is no language (bitwarden's `dk`), which `undeclared-locale` reports instead. The
    /// locales translations are counted for.
    public var translationLocales: [String] {
        locales.filter { $0 != sourceLanguage && UndeclaredLocaleCheck.unknownLanguageCode($0) == nil }
    }
    /// Width budgets: the manifest's, else the CE.SDK surfaces for an app on the editor SDK.
    public let budgets: [WidthBudget]
    /// Storyboards and XIBs, scanned once.
    public let interfaceDocuments: [InterfaceBuilderDocument]
    /// The keys every table defines, for the references of the Swift sources (empty without any).
    let codeKeys: CodeKeyIndex

    /// The app bundle's resource search list for a device that prefers each offered locale.
    private let searchLists: [String: [String]]
    /// For a device preferring each offered locale, the localization each chain layer is read in
    /// (`readLocalization(layer:locale:)`), worked out once.
    private let readLocalizations: [String: [String?]]
    /// The locales the SDK ships, gathered once over its entries.
    package let sdkLocales: [String]
    private let deviceNames: [String: String]
    /// The chain's layers with the backing data, in lookup order.
    package let chain: [ChainLayer]
    /// The app's editor catalog an import creates for SDK keys' translations when the app has no
    /// layer of the SDK's table (`Project.editorCatalogToCreate`): translation target `chain.count`.
    package let editorCatalogToCreate: Layer?

    /// One layer of the chain with its catalog or legacy table; a class, so the many lookups
    /// per key pass a reference instead of copying the catalog's containers.
    package final class ChainLayer: Sendable {
        package let layer: Layer
        package let catalog: StringCatalog?
        package let table: StringsTable?
        /// The catalog's entries, nil for a legacy table: what the per-key lookups read. Asked of
        /// `catalog`, each lookup (and each `catalog != nil`) copied the whole catalog value.
        package let entries: [String: CatalogEntry]?
        /// The catalog's source language, nil for a legacy table.
        package let catalogSourceLanguage: String?

        init(layer: Layer, catalog: StringCatalog?, table: StringsTable?) {
            self.layer = layer
            self.catalog = catalog
            self.table = table
            entries = catalog?.entries
            catalogSourceLanguage = catalog?.sourceLanguage
        }

        /// The project-relative file a fix goes into for a locale.
        package func file(locale: String) -> String? {
            layer.catalogPath ?? table?.path(locale: locale)
        }
        func contains(_ key: String) -> Bool {
            if let entries { return entries[key] != nil }
            return table?.files.values.contains { $0.value(forKey: key) != nil } ?? false
        }
        package func value(_ key: String, locale: String) -> String? {
            value(key, entry: entries?[key], locale: locale)
        }
        /// `value(key, locale:)` with the key's entry already looked up (`entries?[key]`): for
        /// asking one key in many locales without hashing it each time.
        package func value(_ key: String, entry: CatalogEntry?, locale: String) -> String? {
            if entries != nil { return CheckContext.plainValue(entry, locale: locale) }
            return table?.files[locale]?.value(forKey: key)
        }
        /// Whether `value(key, entry:, locale:)` is not nil, asked without copying the value.
        package func hasValue(_ key: String, entry: CatalogEntry?, locale: String) -> Bool {
            if entries != nil { return CheckContext.hasPlainUnit(entry, locale: locale) }
            return table?.files[locale]?.value(forKey: key) != nil
        }
    }

    public init(project: Project, locales filter: [String] = []) throws {
        try self.init(project: project, locales: filter, keysOf: nil)
    }

    /// A context whose chain keys and winners are `base`'s, which reads a project with the same
    /// keys in every layer (the pseudo-locale's copy): for the `width` check alone, which reads
    /// only the chain, so the app's units and the misnamed overrides are left empty. The copy
    /// has the same storyboards and XIBs: `base`'s scans are taken, not read again.
    package init(project: Project, locales filter: [String], keysOf base: CheckContext?) throws {
        self.project = project
        let offered = project.app.availableLocalizations
        var seen = Set<String>()
        offeredLocales = offered.filter { seen.insert($0).inserted }
        if filter.isEmpty {
            locales = offeredLocales
        } else {
            // A locale the app spells another way (`pt-BR` for its `pt_BR.lproj`) is that one.
            let offered = offeredLocales
            let spelled = filter.map { BundleLocalizations.spelled($0, in: offered) }
            for (asked, locale) in zip(filter, spelled) where !offered.contains(locale) {
                throw InputError("the app does not offer the locale '\(asked)'",
                                 hint: "it offers \(offeredLocales.joined(separator: ", "))")
            }
            locales = offered.filter { spelled.contains($0) }
        }
        budgets = project.manifest.widths ?? (project.lookupChain.isEditorChain ? WidthBudget.editorDefaults : [])

        if let base {
            interfaceDocuments = base.interfaceDocuments
        } else {
            let scanner = InterfaceBuilderScanner(keyPaths: Set(project.storyboardKeyPaths))
            interfaceDocuments = try project.interfaceFiles.map { path in
                var document = try scanner.scan(AtomicFile.read(project.url(forPath: path)), path: path)
                document.path = path
                return document
            }
        }

        codeKeys = CodeKeyIndex(project: project)
        appTableKeys = base == nil ? Self.appTableKeys(project, documents: interfaceDocuments) : []

        let matcher = LocaleMatcher()
        let appLocalizations = project.app.localizations
        let offeredSpelling = { [offeredLocales] (id: String) -> String in BundleLocalizations.spelled(id, in: offeredLocales) }
        var lists: [String: [String]] = [:]
        for locale in offeredLocales {
            var listed = Set<String>()
            lists[locale] = appLocalizations.localizations(forPreferredLanguages: [locale], matcher: matcher).map(offeredSpelling)
                .filter { listed.insert($0).inserted }
        }
        searchLists = lists
        var devices: [String: String] = [:]
        let chosen = Project.commonDeviceLanguages.map {
            appLocalizations.localizations(forPreferredLanguages: [$0], matcher: matcher).first.map(offeredSpelling)
        }
        // A localization devices of its own language reach is named as itself: "de devices" are
        // all German ones (naming one, de-AT, read as if only Austria's were). One reached only
        // by devices of another language is named by them: an app offering `ja` and no English
        // shows it to en-US devices.
        for sameLanguage in [true, false] {
            for (candidate, chosen) in zip(Project.commonDeviceLanguages, chosen) {
                guard let chosen, devices[chosen] == nil else { continue }
                if sameLanguage {
                    if ICULocale.language(candidate) == ICULocale.language(chosen) { devices[chosen] = chosen }
                    continue
                }
                // A regional localization is named by its own devices: `pt-BR` by pt-BR, not by the
                // pt-PT devices that also land on it (its name then stands for them).
                if let region = Self.region(of: chosen)?.uppercased(), Self.region(of: candidate)?.uppercased() != region { continue }
                devices[chosen] = candidate
            }
        }
        deviceNames = devices
        chain = project.lookupChain.layers.map { layer in
            ChainLayer(layer: layer, catalog: project.catalog(for: layer),
                       table: layer.catalogPath == nil
                           ? project.stringsTables.first { $0.bundle == layer.bundle && $0.table == layer.table } : nil)
        }
        editorCatalogToCreate = project.editorCatalogToCreate
        let ignored = Set(project.ignoredCatalogs.map(\.path))
        // The app's own catalogs (a read-only layer outside the project is like a vendor's), read by the chain.
        let appFiles = project.catalogs.filter { project.ownsCatalog(atPath: $0.path) && !ignored.contains($0.path) }
        appCatalogFiles = appFiles
        let shipped = project.sdkLocales
        sdkLocales = shipped
        var reads: [String: [String?]] = [:]
        var catalogHas: [String: Bool] = [:]
        for (locale, list) in lists {
            reads[locale] = Self.readLocalizations(chain: self.chain, searchList: list, project: project, shipped: shipped, catalogHas: &catalogHas)
        }
        readLocalizations = reads
        // Merging the chain's keys (which finds each key's winner), gathering the app's string
        // units and indexing the SDK's keys for misnamed overrides are independent: side by side.
        let chain = self.chain
        if let base {
            chainKeys = base.chainKeys
            chainWinners = Self.winnerEntries(of: base.chainKeys, layers: base.chainWinners.map(\.layer), in: chain)
            appUnits = []
            sdkKeyIndex = nil
            misnamed = [:]
            return
        }
        let sdkKeys = project.lookupChain.sdkLayer.flatMap { project.catalog(for: $0) }.map { Array($0.entries.keys) }
        enum Part { case keys([String], winners: [Int]), units([AppUnit]), misnamed(SDKKeyIndex?, [Int: [String: String]]) }
        let parts = ConcurrentWork.map(3) { part -> Part in
            switch part {
            case 0:
                let (keys, winners) = Self.keysAndWinners(of: chain, sourceLanguage: project.sourceLanguage)
                return .keys(keys, winners: winners)
            case 1: return .units(Self.units(of: appFiles))
            default:
                let index = sdkKeys.map(SDKKeyIndex.init)
                return .misnamed(index, Self.misnamedOverrides(in: chain, index: index, previousSDK: project.previousSDK?.catalog))
            }
        }
        guard case .keys(let keys, let winners) = parts[0], case .units(let units) = parts[1],
              case .misnamed(let index, let misnamed) = parts[2] else {
            preconditionFailure("ConcurrentWork.map keeps the parts in order")
        }
        chainKeys = keys
        appUnits = units
        chainWinners = Self.winnerEntries(of: keys, layers: winners, in: chain)
        sdkKeyIndex = index
        self.misnamed = misnamed
    }

    public var sourceLanguage: String { project.sourceLanguage }

    /// The region subtag of a locale id (`BR` of `pt-BR`, `419` of `es-419`), nil without one.
    static func region(of locale: String) -> String? {
        let region = ICULocale.region(locale)
        return region.isEmpty ? nil : region
    }

    /// A localization as the app's offered locales name it: a device that picks the declared
    /// `pt-BR` reads the texts of `pt_BR.lproj`, as CFBundle finds a localization's folder by its
    /// spellings, so both are the offered `pt_BR`.
    public func offeredName(_ id: String) -> String { BundleLocalizations.spelled(id, in: offeredLocales) }

    /// The localizations a device preferring `locale` searches, best first.
    public func searchList(for locale: String) -> [String] {
        searchLists[locale] ?? BundleLocalizations(declared: offeredLocales, developmentRegion: project.app.developmentRegion)
            .localizations(forPreferredLanguages: [locale])
    }

    /// A common device language that lands on `locale` (`de-AT` for `de`), else the locale itself.
    public func device(for locale: String) -> String { deviceNames[locale] ?? locale }

    /// The SDK layer's catalog, when the project is on the editor SDK.
    public var sdkCatalog: StringCatalog? {
        project.lookupChain.sdkLayer.flatMap { project.catalog(for: $0) }
    }

    /// Catalogs whose values are the app's to fix: neither the SDK's nor a vendor's, and read by the app.
    public var appCatalogs: [CatalogFile] { appCatalogFiles }

    /// Legacy tables that are the app's to fix (not under a vendor folder).
    public var appStringsTables: [StringsTable] {
        project.stringsTables.filter { !ProjectDiscovery.isVendorPath($0.folder + "/x") }
    }

    /// The tables (`folder/table`) a storyboard, XIB or intent definition owns: ibtool's and
    /// Xcode's strings files of the document, whose keys are its object ids, not lookups by code.
    package var documentTableIDs: Set<String> {
        Set((project.interfaceFiles + project.intentDefinitionFiles).map { path in
            Project.tableID(ofFileAt: path, table: ((path as NSString).lastPathComponent as NSString).deletingPathExtension)
        })
    }

    /// The SDK's keys, indexed for "did you mean" (nil without an SDK layer).
    let sdkKeyIndex: SDKKeyIndex?

    /// Whether an app layer's key is a misnamed override: no layer below has it, but it is
    /// meant to rename an SDK key (a typo, a dropped placeholder suffix). No code looks it up.
    /// Returns the key it most likely meant.
    package func misnamedOverride(_ key: String, layer position: Int) -> String? {
        misnamed[position]?[key]
    }

    /// Misnamed overrides by layer index, found once.
    private let misnamed: [Int: [String: String]]

    /// A key the previous SDK had is not misnamed but removed (`override-of-removed-key`).
    private static func misnamedOverrides(in chain: [ChainLayer], index: SDKKeyIndex?, previousSDK: StringCatalog?) -> [Int: [String: String]] {
        guard let index else { return [:] }
        var result: [Int: [String: String]] = [:]
        for (position, layer) in chain.enumerated() where layer.layer.role == .app {
            var keys = Set<String>()
            if let catalog = layer.catalog { keys.formUnion(catalog.entries.keys) }
            if let table = layer.table { for file in table.files.values { keys.formUnion(file.keys) } }
            for key in keys where previousSDK?.entries[key] == nil && !chain[(position + 1)...].contains(where: { $0.contains(key) }) {
                if let intended = index.intendedKey(for: key) { result[position, default: [:]][key] = intended }
            }
        }
        return result
    }

    /// Whether a chain key whose winner at `layer` is `entry` is one to translate: not marked
    /// `shouldTranslate: false`, and not `stale` unless it overrides a lower layer's key. Xcode
    /// marks the app's overrides of SDK keys stale (no app code looks them up), yet the SDK
    /// reads them and the override wins on devices.
    package func isToTranslate(_ key: String, layer: Int, entry: CatalogEntry?) -> Bool {
        guard let entry, !entry.isToTranslate else { return true }
        guard entry.shouldTranslate != false else { return false }
        return project.layerBelow(layer, contains: key)
    }

    /// The index in `chain` of the layer that wins `key`, nil when no layer has it.
    /// Asked of the layers in turn: the checks that walk every chain key read `chainWinners`,
    /// so a table of every key's winner was not worth hashing each key into.
    package func winningLayer(_ key: String) -> Int? {
        chain.firstIndex { $0.contains(key) }
    }

    /// Each chain key's winning layer and that layer's entry of it (nil for a legacy table), in
    /// `chainKeys`' order: the checks that walk every chain key read them here instead of
    /// hashing each key twice.
    package let chainWinners: [(layer: Int, entry: CatalogEntry?)]

    /// Each key with its winning layer and that layer's entry of it.
    private static func winnerEntries(of keys: [String], layers: [Int], in chain: [ChainLayer]) -> [(layer: Int, entry: CatalogEntry?)] {
        var result: [(layer: Int, entry: CatalogEntry?)] = []
        result.reserveCapacity(keys.count)
        for (key, layer) in zip(keys, layers) { result.append((layer, chain[layer].entries?[key])) }
        return result
    }

    /// Every key any chain layer defines, in Xcode's key order.
    package let chainKeys: [String]

    /// Each layer's keys are already in Xcode's order (a catalog as read): they are merged, one
    /// comparison per key, instead of sorting the union. A key keeps the first layer that has
    /// it, its winner.
    private static func keysAndWinners(of chain: [ChainLayer], sourceLanguage: String) -> (keys: [String], winners: [Int]) {
        let collator = Collator.xcodeKeyOrder
        var keys: [String] = []
        var winners: [Int] = []
        for (index, layer) in chain.enumerated() {
            var layerKeys: [String] = []
            if let catalog = layer.catalog { layerKeys = catalog.orderedKeys }
            if let table = layer.table {
                // A legacy table's keys are its development-language file's: a key only a
                // translation has (a leftover in zh_CN.lproj) is none the app asks for, and
                // every other locale would be blamed for lacking it. Without that file, all.
                var tableKeys = Set<String>()
                if let source = table.sourceFile(sourceLanguage: sourceLanguage)?.file {
                    tableKeys.formUnion(source.keys)
                } else {
                    for file in table.files.values { tableKeys.formUnion(file.keys) }
                }
                layerKeys = collator.merged(layerKeys, collator.sorted(Array(tableKeys)))
            }
            if layerKeys.isEmpty { continue }
            if keys.isEmpty {
                keys = layerKeys
                winners = Array(repeating: index, count: layerKeys.count)
                continue
            }
            // Merged as `Collator.merged` merges, each key taking its winner along.
            var mergedKeys: [String] = []
            var mergedWinners: [Int] = []
            mergedKeys.reserveCapacity(keys.count + layerKeys.count)
            mergedWinners.reserveCapacity(keys.count + layerKeys.count)
            collator.merge(keys, layerKeys) { key, earlier in
                mergedKeys.append(key)
                mergedWinners.append(earlier.map { winners[$0] } ?? index)
            }
            keys = mergedKeys
            winners = mergedWinners
        }
        // Canonically equivalent keys are one key to a layer's lookup (`==`), but the merge
        // joins them only when they meet: with a key collated between them, a later layer's
        // form keeps its own layer. Such a twin needs a non-ASCII key in the chain, and the
        // later key is either non-ASCII too or holds `K`, `;` or a backtick (the only ASCII
        // that a single other scalar decomposes to: U+212A, U+037E, U+1FEF). Those later keys
        // are asked of the layers before them.
        var anyNonASCII = false
        var candidates: [Int] = []
        for index in keys.indices {
            let kind = Self.twinKind(keys[index])
            if kind == 2 { anyNonASCII = true }
            if kind > 0, winners[index] > 0 { candidates.append(index) }
        }
        if anyNonASCII {
            for index in candidates {
                if let earlier = chain[..<winners[index]].firstIndex(where: { $0.contains(keys[index]) }) { winners[index] = earlier }
            }
        }
        return (keys, winners)
    }

    /// 0 for ASCII that no other text is canonically equivalent to, 1 for ASCII with `K`, `;`
    /// or a backtick, 2 for text with a non-ASCII byte.
    private static func twinKind(_ key: String) -> UInt8 {
        key.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            var kind: UInt8 = 0
            var index = 0
            // Eight bytes at a time: every chain key is tested.
            while index + 8 <= bytes.count {
                let word = ByteWord.load(UnsafeRawPointer(base + index))
                if ByteWord.nonASCIILanes(word) != 0 { return 2 }
                if ByteWord.lanes(word, equalTo: UInt8(ascii: "K")) | ByteWord.lanes(word, equalTo: UInt8(ascii: ";"))
                    | ByteWord.lanes(word, equalTo: UInt8(ascii: "`")) != 0 { kind = 1 }
                index += 8
            }
            while index < bytes.count {
                let byte = base[index]
                if byte >= 0x80 { return 2 }
                if byte == UInt8(ascii: "K") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "`") { kind = 1 }
                index += 1
            }
            return kind
        }
    }

    /// The localization a device preferring `locale` reads chain layer `index` in, nil when it
    /// reads none (the layer's source text shows). CFBundle loads one table per lookup: a catalog's
    /// from the first localization of the search list it has any value in (Xcode compiles a table
    /// for each), a legacy table's from the first with a file, the SDK's where its bundle follows
    /// the app's choice (`Project.sdkTranslation`). A key that table lacks is not looked up in
    /// the next one.
    package func readLocalization(layer index: Int, locale: String) -> String? {
        if let known = readLocalizations[locale] { return known[index] }
        var catalogHas: [String: Bool] = [:]
        return Self.readLocalizations(chain: chain, searchList: searchList(for: locale), project: project, shipped: sdkLocales,
                                      catalogHas: &catalogHas)[index]
    }

    private static func readLocalizations(chain: [ChainLayer], searchList: [String], project: Project, shipped: [String],
                                          catalogHas: inout [String: Bool]) -> [String?] {
        chain.enumerated().map { index, layer -> String? in
            if layer.layer.role == .sdk, layer.catalog != nil {
                return searchList.first.flatMap { project.sdkTranslation(forAppLocale: $0, shipped: shipped) }
            }
            if let catalog = layer.catalog {
                return searchList.first { locale in
                    let question = "\(index)\u{0}\(locale)"
                    if let known = catalogHas[question] { return known }
                    // Stops at the first entry with a value: at once for a locale the catalog has.
                    let answer = catalog.entries.values.contains { $0.localizations?.index(forKey: locale) != nil }
                    catalogHas[question] = answer
                    return answer
                }
            }
            return searchList.first { layer.table?.files[$0] != nil || layer.table?.pluralFiles[$0] != nil }
        }
    }

    /// What a device preferring `locale` shows for `key`: the layer index, the localization whose
    /// value renders (nil when the layer's source text shows), and the text.
    package func shown(_ key: String, locale: String) -> (layer: Int, locale: String?, value: String)? {
        shown(key, locales: [locale])[0]
    }

    /// `shown(key, locale:)` for several locales, the winning layer and its entry looked up once.
    package func shown(_ key: String, locales: [String]) -> [(layer: Int, locale: String?, value: String)?] {
        guard let index = winningLayer(key) else { return locales.map { _ in nil } }
        return shown(key, winner: index, entry: chain[index].entries?[key], locales: locales)
    }

    /// `shown(key, locales:)` for a key whose winner is known (`chainWinners`).
    package func shown(_ key: String, winner index: Int, entry: CatalogEntry?, locales: [String]) -> [(layer: Int, locale: String?, value: String)?] {
        let layer = chain[index]
        func value(_ locale: String) -> String? { layer.value(key, entry: entry, locale: locale) }
        let source = layer.catalogSourceLanguage ?? sourceLanguage
        return locales.map { locale in
            // One table is read: a key it lacks shows the catalog's source text, or in a legacy
            // table's file the raw key (as `missing-translation` says).
            let read = readLocalization(layer: index, locale: locale)
            if let read, let text = value(read) { return (index, read, text) }
            if layer.entries == nil, let read, read != source { return (index, nil, key) }
            // The source text, named as a localization where the device's list has it.
            if let text = value(source) { return (index, searchList(for: locale).contains(source) ? source : nil, text) }
            return (index, nil, key)
        }
    }

    /// The plain value of an entry in a locale: `plainUnit`'s text.
    package static func plainValue(_ entry: CatalogEntry?, locale: String) -> String? {
        plainUnit(entry, locale: locale)?.value
    }

    /// The string unit that stands for an entry in a locale: the root one, else the plural
    /// `other`, else the first of its variations, else (App Shortcuts) the first phrase of its
    /// string set with the set's state (`translated` when the set has none).
    package static func plainUnit(_ entry: CatalogEntry?, locale: String) -> StringUnit? {
        guard let localizations = entry?.localizations, let position = localizations.index(forKey: locale) else { return nil }
        return plainUnit(localizations, at: position)
    }

    /// `plainUnit` of the localization at `position` of the entry's localizations. Most are one
    /// string unit: it is taken without copying the localization.
    private static func plainUnit(_ localizations: CatalogLocalizations, at position: Int) -> StringUnit? {
        if let unit = localizations.stringUnit(at: position) { return unit }
        let localization = localizations[position].value
        if let unit = localization.variations?.plural?["other"]?.stringUnit ?? localization.firstStringUnit { return unit }
        return localization.stringSet.map { StringUnit(state: $0.state ?? .translated, value: $0.values[0]) }
    }

    /// The state of `plainUnit(entry, locale:)`, read without copying its text.
    package static func plainState(_ entry: CatalogEntry?, locale: String) -> StringUnitState? {
        plainState(entry?.localizations, locale: locale)
    }

    /// `plainState` of an entry's localizations alone: a caller that keeps them for many
    /// questions copies one field, not the entry.
    package static func plainState(_ localizations: CatalogLocalizations?, locale: String) -> StringUnitState? {
        guard let localizations, let position = localizations.index(forKey: locale) else { return nil }
        if let state = localizations.stringUnitState(at: position) { return state }
        return plainUnit(localizations, at: position)?.state
    }

    /// The state a locale's value of a key counts as in coverage: that of every string unit it
    /// has (its own, each plural and device case, each substitution's forms), `translated` only
    /// when all are; else another state one of them has (nil, missing, when it has no unit at all). One
    /// case that needs review is a value to review, whichever case `plainState` would read.
    package static func coverageState(_ localizations: CatalogLocalizations?, locale: String) -> StringUnitState? {
        guard let localizations, let position = localizations.index(forKey: locale) else { return nil }
        // Most values are one string unit: read in place.
        if let state = localizations.stringUnitState(at: position), localizations.hasNoVariationsOrSubstitutions(at: position) { return state }
        if localizations.hasNoVariationsOrSubstitutions(at: position) { return plainUnit(localizations, at: position)?.state }
        // Walked in place: collecting the leaves with their paths cost 4 % of a check and report.
        var other: StringUnitState?, count = 0
        let localization = localizations.localization(at: position)
        _ = localization.allStringUnits { unit in
            count += 1
            guard unit.state != .translated else { return true }
            other = unit.state
            return false
        }
        guard count > 0 else { return plainUnit(localizations, at: position)?.state }
        return other ?? .translated
    }

    /// Whether `plainUnit(entry, locale:)` has a unit, asked without copying one.
    package static func hasPlainUnit(_ entry: CatalogEntry?, locale: String) -> Bool {
        hasPlainUnit(entry?.localizations, locale: locale)
    }

    /// `hasPlainUnit` of an entry's localizations alone.
    package static func hasPlainUnit(_ localizations: CatalogLocalizations?, locale: String) -> Bool {
        guard let localizations, let position = localizations.index(forKey: locale) else { return false }
        return localizations.hasStringUnit(at: position) || plainUnit(localizations, at: position) != nil
    }

    /// The layers below the winner of `key`, for asking locale after locale which of them
    /// translates it: each layer's entry of the key is looked up once, when a question first
    /// reaches that layer (a lookup hashes the key and copies the entry). It pays for a key
    /// asked about many locales (`shadowed-locale`, and `missing-translation` for an app key
    /// that lacks several).
    package struct LayersBelow {
        private let chain: [ChainLayer]
        private let key: String
        private let winner: Int
        /// The entries of the layers below the winner that questions have reached, in order.
        private var entries: [CatalogEntry?] = []

        package init(_ context: CheckContext, key: String, winner: Int) {
            chain = context.chain
            self.key = key
            self.winner = winner
        }

        /// The first layer below the winner with a value of the key in `locale`, and the value.
        package mutating func translation(locale: String) -> (layer: Int, value: String)? {
            for index in (winner + 1)..<chain.count {
                let layer = chain[index]
                let offset = index - winner - 1
                if offset == entries.count { entries.append(layer.entries?[key]) }
                if let value = layer.value(key, entry: entries[offset], locale: locale) {
                    return (index, value)
                }
            }
            return nil
        }
    }

    /// The chain layer where the translation of a key that `position` wins lands: for an SDK
    /// key the app's editor table (as export routes it), else the winner itself. `chain.count`
    /// stands for `editorCatalogToCreate`, the editor catalog export hands such keys under.
    package func translationTarget(ofWinner position: Int) -> Int {
        guard chain[position].layer.role == .sdk else { return position }
        if editorCatalogToCreate != nil { return chain.count }
        // The app's editor layer, a catalog or a legacy `IMGLYEditor.strings` table.
        return chain.firstIndex { $0.layer.role == .app && $0.layer.table == chain[position].layer.table } ?? position
    }

    /// Whether an SDK key's translation target is the app's legacy editor table and its file for
    /// `locale` has the key: devices read that table before the SDK's, so the key is translated
    /// (what an import of the key's exported unit writes).
    package func translatedInLegacyTarget(_ key: String, target: Int, winner: Int, locale: String) -> Bool {
        target != winner && target < chain.count && chain[target].entries == nil && chain[target].hasValue(key, entry: nil, locale: locale)
    }

    /// The app's editor table when it is a legacy `.strings` table, the SDK keys' translation target.
    package var legacyEditorTable: StringsTable? {
        guard let sdk = chain.firstIndex(where: { $0.layer.role == .sdk }) else { return nil }
        let target = translationTarget(ofWinner: sdk)
        return target != sdk && target < chain.count && chain[target].entries == nil ? chain[target].table : nil
    }

    /// How many translation targets there are: the chain's layers, and the editor catalog to create.
    package var translationTargetCount: Int { chain.count + (editorCatalogToCreate == nil ? 0 : 1) }

    /// The layer a translation target names (`translationTarget(ofWinner:)`).
    package func translationTargetLayer(_ target: Int) -> Layer {
        target == chain.count ? editorCatalogToCreate! : chain[target].layer
    }

    /// Every translated entry of the app's legacy tables with the source-language (or `Base`)
    /// value of its key, locales in name order; entries whose key has no source value are left out.
    func appStringsTranslations(_ body: (StringsTable, String, StringsFile.Entry, String) -> Void) {
        for table in appStringsTables {
            guard let sourceFile = table.sourceFile(sourceLanguage: sourceLanguage)?.file else { continue }
            for (locale, file) in table.files.sorted(by: { $0.key < $1.key }) where locale != sourceLanguage && locale != "Base" {
                for entry in file.entries {
                    if let source = sourceFile.value(forKey: entry.key) { body(table, locale, entry, source) }
                }
            }
        }
    }

    /// Every string of the app's legacy `.stringsdict` translations, and of the source file's own
    /// forms, with the source file's string its specifiers are judged against: the format key
    /// with the source's, a plural form with the source variable's `other` (what the key passes),
    /// another variable's case with the same case. `compared` is the text as judged (a form's implicit specifier positioned at
    /// its variable's argument, `text` as written for the finding). `place` names the string in
    /// a finding (made only when asked); `location` is where it stands in the locale's file.
    func appStringsdictTranslations(_ body: (_ table: StringsTable, _ locale: String, _ key: String, _ place: () -> String, _ text: String,
                                             _ compared: String, _ source: String, _ isPluralCase: Bool, _ location: SourceLocation?) -> Void) {
        for table in appStringsTables {
            guard let sourceFile = table.sourcePluralFile(sourceLanguage: sourceLanguage) else { continue }
            let sourceEntries = sourceFile.entriesByKey
            // The source's own forms too: a `one` that leaves the count out and keeps a later
            // implicit specifier (deltachat's "Send the following file to %s?") reads the count
            // as that argument in the development language as in any other.
            let sourceLocale = table.pluralFiles[sourceLanguage] != nil ? sourceLanguage : "Base"
            for (locale, file) in table.pluralFiles.sorted(by: { $0.key < $1.key }) where locale == sourceLocale || (locale != sourceLanguage && locale != "Base") {
                for entry in file.entries {
                    guard let sourceEntry = sourceEntries[entry.key] else { continue }
                    if let format = entry.formatKey, let sourceFormat = sourceEntry.formatKey {
                        body(table, locale, entry.key, { "\"\(entry.key)\" \(Stringsdict.formatKey)" }, format, format, sourceFormat, false, entry.location)
                    }
                    var sourceArguments: [String: Int]?
                    for variable in entry.variables {
                        guard let sourceVariable = sourceEntry.variable(variable.name) else { continue }
                        let isPlural = variable.ruleType == .plural
                        for item in variable.cases {
                            // A plural form is judged against the source's `other`, which shows
                            // what the key passes: the source's `one` may leave the count out
                            // ("Add member to %2$@?") where Russian `one`, covering 21 and 31,
                            // must show it (Signal's "Добавить %1$d участника в «%2$@»?").
                            guard let text = item.string, let source = sourceVariable.judgedSource(for: item.category) else { continue }
                            // A form's one implicit specifier is its variable's argument, which a
                            // translation may write with its position (`of %d matches` under
                            // `%2$#@total@`, `из %2$d совпадений`): both are read positioned, at
                            // the source's argument of the variable, as the import reads them. A
                            // translation whose format key moves the variable (Kraftstoff's
                            // Japanese `%#@events@…%#@cars@`) has that reported at the format key.
                            if sourceArguments == nil { sourceArguments = sourceEntry.variableArguments }
                            let sourceArgument = sourceArguments?[variable.name]
                            body(table, locale, entry.key, { "\"\(entry.key)\" %#@\(variable.name)@ \(item.category)" }, text,
                                 sourceArgument.map { FormatString.positioned(text, argument: $0) } ?? text,
                                 sourceArgument.map { FormatString.positioned(source, argument: $0) } ?? source, isPlural,
                                 item.location ?? variable.location ?? entry.location)
                        }
                    }
                }
            }
        }
    }

    /// Keys of the app's legacy tables that the lookup chain does not cover, with where each
    /// locale's value lives: `missing-translation` and the coverage report count them. A
    /// storyboard's table counts once some locale other than the source has a file for it: one
    /// whose texts `stbLocKey` sets at run time has none.
    package struct TableKeys: Sendable {
        /// `<bundle>/<table>`, as findings and the report name a table.
        package let name: String
        package let table: StringsTable
        /// The source's keys in its order: a second table's (`InfoPlist`), a storyboard's or XIB's
        /// texts (`<ObjectID>.<property>`), or a table's `.stringsdict` keys that no `.strings` file has.
        package let keys: [String]
        /// Whether the keys are `.stringsdict` keys.
        package let isPlural: Bool
        /// Whether the keys are a document's texts (a storyboard's, a XIB's, an intent definition's).
        package let isDocument: Bool
        /// Locales with a copy of the storyboard or XIB of their own (`fr.lproj/Main.storyboard`):
        /// it shows its own texts, every key.
        package let ownDocuments: Set<String>

        init(name: String, table: StringsTable, keys: [String], isPlural: Bool, isDocument: Bool = false, ownDocuments: Set<String> = []) {
            self.name = name
            self.table = table
            self.keys = keys
            self.isPlural = isPlural
            self.isDocument = isDocument
            self.ownDocuments = ownDocuments
        }

        /// The file a locale's value goes into.
        package func path(locale: String) -> String {
            isPlural ? table.pluralPath(locale: locale) : table.path(locale: locale)
        }

        /// Whether a device that chose `locale` finds a value for `key` in its files.
        package func has(_ key: String, locale: String) -> Bool {
            table.files[locale]?.value(forKey: key) != nil || table.pluralFiles[locale]?.root.member(key) != nil
                || ownDocuments.contains(locale)
        }

        /// Whether a device that chose `locale` shows the raw key for a key the locale lacks:
        /// Foundation takes the table from the first localization that has the file and no
        /// other `.lproj`'s value for one key. Info.plist keys fall back to the Info.plist's own
        /// value, a storyboard's texts to the document's.
        package func showsRawKey(locale: String) -> Bool {
            // A storyboard shows its own (source) text for a key its strings file lacks.
            guard table.table != "InfoPlist", !isDocument else { return false }
            return isPlural ? table.pluralFiles[locale] != nil : table.files[locale] != nil
        }
    }

    /// The app's table keys outside the chain, in table order (empty for the width-only pseudo context).
    package let appTableKeys: [TableKeys]

    private static func appTableKeys(_ project: Project, documents: [InterfaceBuilderDocument]) -> [TableKeys] {
        let source = project.sourceLanguage
        func id(_ path: String) -> String {
            Project.tableID(ofFileAt: path, table: ((path as NSString).lastPathComponent as NSString).deletingPathExtension)
        }
        // A table with a catalog of its name (a storyboard migrated to `mul.lproj/Main.xcstrings`)
        // is the catalog's: the catalog checks cover it.
        let catalogTables = project.catalogTableIDs
        // Storyboards and XIBs in `Base.lproj` by their table; their keys are made only for a
        // table some locale translates.
        var documentByTable: [String: InterfaceBuilderDocument] = [:]
        for document in documents where ProjectDiscovery.lprojName(of: document.path) == "Base" {
            documentByTable[id(document.path)] = document
        }
        var ownDocuments: [String: Set<String>] = [:]
        for path in project.interfaceFiles {
            guard let locale = project.locale(ofLprojFileAt: path), locale != "Base" else { continue }
            ownDocuments[id(path), default: []].insert(locale)
        }
        func documentKeys(_ id: String) -> [String]? {
            guard let document = documentByTable[id] else { return nil }
            var seen = Set<String>()
            return document.texts.map(\.stringsKey).filter { seen.insert($0).inserted }
                .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        }
        let chainTables = Set(project.lookupChain.layers.compactMap { layer in
            layer.catalogPath == nil ? project.stringsTables.first { $0.bundle == layer.bundle && $0.table == layer.table } : nil
        }.map { $0.folder + "/" + $0.table })
        var result: [TableKeys] = []
        for table in project.stringsTables where table.bundle == project.app.name && !ProjectDiscovery.isVendorPath(table.folder + "/x") {
            let id = table.folder + "/" + table.table
            // A storyboard's table counts once a locale translates it (stbLocKey apps set the
            // texts at run time and have no locale files); a plain table always does.
            let translated = table.files.keys.contains { $0 != source && $0 != "Base" }
                || table.pluralFiles.keys.contains { $0 != source && $0 != "Base" }
            guard translated || documentByTable[id] == nil, !catalogTables.contains(id) else { continue }
            let name = "\(table.bundle)/\(table.table)"
            if !chainTables.contains(id) {
                if let keys = documentKeys(id) {
                    if !keys.isEmpty {
                        result.append(TableKeys(name: name, table: table, keys: keys, isPlural: false, isDocument: true,
                                                ownDocuments: ownDocuments[id] ?? []))
                    }
                } else if let keys = table.sourceFile(sourceLanguage: source)?.file.keys, !keys.isEmpty {
                    result.append(TableKeys(name: name, table: table, keys: keys, isPlural: false))
                } else if translated, let keys = intentDefinitionKeys(of: table, in: project), !keys.isEmpty {
                    // An intent definition's texts: like a storyboard's, a key a locale's file lacks
                    // shows the definition's own text, not the raw id.
                    result.append(TableKeys(name: name, table: table, keys: keys, isPlural: false, isDocument: true))
                }
            }
            guard let plurals = table.pluralFiles[source] ?? table.pluralFiles["Base"] else { continue }
            let pluralOnly = plurals.keys.filter { key in !table.files.values.contains { $0.value(forKey: key) != nil } }
            if !pluralOnly.isEmpty { result.append(TableKeys(name: name, table: table, keys: pluralOnly, isPlural: true)) }
        }
        return result
    }

    /// Legacy tables of framework bundles outside the chain (an onboarding kit's `Localizable`).
    package var frameworkTables: [StringsTable] {
        appStringsTables.filter { table in
            table.bundle != project.app.name
                && !chain.contains { $0.table?.folder == table.folder && $0.table?.table == table.table }
        }
    }

    /// The localization a framework table uses on a device preferring `locale`: the app's
    /// choice if the table has it, since frameworks follow the app. An app extension's table
    /// is matched against the device's language among the extension's localizations.
    package func frameworkLocalization(_ table: StringsTable, locale: String) -> String? {
        guard project.extensionBundles.contains(table.bundle) else {
            // The bundle's localizations, not the table's: CFBundle chooses one for the whole
            // bundle, then reads each table there (a storyboard's table with only fr.lproj
            // beside its Base one is read in English on a German device, not in French).
            return BundleLocalizations(lprojFolders: project.localizations(ofBundle: table.bundle), developmentRegion: sourceLanguage)
                .localizations(forPreferredLanguages: [locale], inApp: project.app.localizations).first
        }
        return bundleLocalization(table.bundle, locale: locale)
    }

    /// A framework's (or extension's) legacy table on a device preferring `locale`, whose app
    /// chose `chosen`: its keys (those of its development-language file), the localization it
    /// uses, and whether that serves the device (the app's choice, or for an extension a
    /// variant of its language), in which case a key its file lacks shows raw; nil when the
    /// table uses no localization.
    package func frameworkTableView(_ table: FrameworkTable, locale: String, chosen: String) -> (keys: [String], used: String, serves: Bool)? {
        guard let used = frameworkLocalization(table.table, locale: locale) else { return nil }
        let serves = used == chosen || (project.extensionBundles.contains(table.table.bundle) && ICULocale.language(used) == ICULocale.language(chosen))
        // Without a file of the development language or of the one used (an intent definition's
        // table, whose source is the definition): the keys its translations have.
        return (table.sourceKeys ?? table.table.files[used]?.keys ?? table.keysOfAnyFile ?? [], used, serves)
    }

    /// A framework's legacy table with its development-language file's keys, taken once for
    /// every locale that reads them.
    package struct FrameworkTable {
        package let table: StringsTable
        /// Nil without a development-language (or `Base`) file: then the used file's keys count.
        package let sourceKeys: [String]?

        /// The source's keys, else those of the table's first file by locale (an intent
        /// definition's table, whose source is the definition).
        package var keysOfAnyFile: [String]? { sourceKeys ?? table.files.min(by: { $0.key < $1.key })?.value.keys }
    }

    /// `frameworkTables`, each with its keys.
    package var frameworkTablesWithKeys: [FrameworkTable] {
        frameworkTables.map { table in
            FrameworkTable(table: table, sourceKeys: settingsKeys(of: table) ?? table.sourceFile(sourceLanguage: sourceLanguage)?.file.keys
                               ?? Self.intentDefinitionKeys(of: table, in: project))
        }
    }

    /// An intent definition's table: the definition's string ids, which export hands translators
    /// (in `Base.lproj` or the development language's folder); nil for any other table.
    static func intentDefinitionKeys(of table: StringsTable, in project: Project) -> [String]? {
        guard let path = project.intentDefinitionPath(ofTableIn: table.folder, named: table.table),
              let data = try? AtomicFile.read(project.url(forPath: path)),
              let definition = try? IntentDefinition.parse(data, path: path) else { return nil }
        return definition.baseStrings(path: path).keys
    }

    /// Whether a folder is inside a `Settings.bundle`, whose tables the Settings app reads.
    package static func isSettingsBundle(_ folder: String) -> Bool {
        folder.split(separator: "/").contains { $0.hasSuffix("Settings.bundle") }
    }

    /// A Settings bundle's table: the titles its property lists show through it (`Project.settingsTitles(of:)`).
    func settingsKeys(of table: StringsTable) -> [String]? {
        project.settingsTitles(of: table)
    }

    /// Whether a device sees a key raw where a framework's or extension's table file lacks it:
    /// not for `InfoPlist` (the Info.plist's value shows), a storyboard's or XIB's table (its own
    /// text shows) nor an intent definition's (the definition's text shows).
    package func showsRawKey(_ table: StringsTable) -> Bool {
        // The Settings app shows a title its table lacks as the plist writes it.
        guard table.table != "InfoPlist", !Self.isSettingsBundle(table.folder),
              project.intentDefinitionPath(ofTableIn: table.folder, named: table.table) == nil else { return false }
        let base = table.folder + "/Base.lproj/" + table.table
        return !project.interfaceFiles.contains { $0 == base + ".storyboard" || $0 == base + ".xib" }
    }

    /// The localization a bundle other than the app (a framework, an extension) uses on a device
    /// preferring `locale`, among all its tables' and catalogs' locales: a framework follows the
    /// app's choice, an extension matches the device's language.
    package func bundleLocalization(_ bundle: String, locale: String) -> String? {
        let localizations = BundleLocalizations(lprojFolders: project.localizations(ofBundle: bundle), developmentRegion: sourceLanguage)
        return project.extensionBundles.contains(bundle)
            ? localizations.localizations(forPreferredLanguages: [locale]).first
            : localizations.localizations(forPreferredLanguages: [locale], inApp: project.app.localizations).first
    }

    /// Catalogs of the app's other bundles (a package's, a framework's, an extension's) that
    /// no chain layer reads: each shows its own texts, judged by `catalogGap(of:locale:)`.
    package var otherBundleCatalogs: [CatalogFile] {
        let chainPaths = Set(chain.compactMap(\.layer.catalogPath))
        return appCatalogs.filter { $0.bundle != project.app.name && !chainPaths.contains($0.path) }
    }

    /// What another bundle's catalog shows a device preferring `locale`, whose app chose
    /// `chosen`: `gap` is the localization its keys need a value in (the one the bundle uses
    /// when it is the app's language, or for an extension a variant of it; else the app's
    /// choice, which the bundle lacks), `shown` the one its keys without it show. Nil when the
    /// bundle has no localization at all.
    package func catalogGap(of file: CatalogFile, locale: String, chosen: String) -> (gap: String, shown: String)? {
        guard let used = bundleLocalization(file.bundle, locale: locale) else { return nil }
        let sameLanguage = used == chosen
            || (project.extensionBundles.contains(file.bundle) && ICULocale.language(used) == ICULocale.language(chosen))
        return sameLanguage ? (used, sourceLanguage) : (chosen, used)
    }

    /// The source text a translation at `path` of `key` is measured against: the source
    /// language's unit at the same path, its plural `other`, its root value, else the key itself.
    static func sourceText(in catalog: StringCatalog, key: String, path: StringUnitPath) -> (text: String, substitution: SubstitutionArgument?) {
        let localization = catalog.entries[key]?.localizations?[catalog.sourceLanguage]
        let substitution = substitutionArgument(localization, path)
        if let unit = localization?.stringUnit(at: path) { return (unit.value, substitution) }
        var components = path.components
        if components.count >= 2, components[components.count - 2] == "plural" {
            components[components.count - 1] = "other"
            if let unit = localization?.stringUnit(at: StringUnitPath(components)) { return (unit.value, substitution) }
        }
        if components.first == "substitutions", let unit = localization?.stringUnits.first(where: {
            $0.path.components.prefix(2) == components.prefix(2) && $0.path.components.last == "other"
        })?.unit {
            return (unit.value, substitution)
        }
        if let localization, let text = plainValue(CatalogEntry(localizations: [catalog.sourceLanguage: localization]), locale: catalog.sourceLanguage),
           components.first != "substitutions" {
            return (text, nil)
        }
        return (key, nil)
    }

    /// The `%arg` meaning of a leaf inside a substitution's variations.
    static func substitutionArgument(_ localization: CatalogLocalization?, _ path: StringUnitPath) -> SubstitutionArgument? {
        guard path.components.first == "substitutions", path.components.count > 1,
              let substitution = localization?.substitutions?[path.components[1]] else { return nil }
        return SubstitutionArgument(number: substitution.argNum, formatSpecifier: substitution.formatSpecifier)
    }

    /// The app's own catalogs (not the SDK's, a vendor's, or one the chain ignores).
    let appCatalogFiles: [CatalogFile]

    /// One string unit of the app's own catalogs and where it lives.
    struct AppUnit: Sendable {
        package var file: Int
        var key: String
        var locale: String
        var leaf: StringUnitLeaf
    }

    /// Every string unit of the app's own catalogs in file order, gathered once for every check.
    let appUnits: [AppUnit]

    /// The units in the catalogs' own (unordered) entry order: findings are sorted by file and
    /// line at the end, so no check depends on this order.
    private static func units(of catalogs: [CatalogFile]) -> [AppUnit] {
        var units: [AppUnit] = []
        for (index, file) in catalogs.enumerated() {
            for (key, entry) in file.catalog.entries {
                guard let localizations = entry.localizations else { continue }
                for (locale, localization) in localizations {
                    // Most localizations are one string: no leaf list to build.
                    if localization.variations == nil && localization.substitutions == nil {
                        if let unit = localization.stringUnit {
                            units.append(AppUnit(file: index, key: key, locale: locale, leaf: StringUnitLeaf(path: StringUnitPath(), unit: unit)))
                        }
                        continue
                    }
                    for leaf in localization.stringUnits { units.append(AppUnit(file: index, key: key, locale: locale, leaf: leaf)) }
                }
            }
        }
        return units
    }

    /// One of the app's catalogs as the unit walk hands it to a check: a reference, so walking
    /// 200,000 units does not copy (and retain) the catalog's fields for each.
    final class AppCatalog: Sendable {
        let path: String
        package let catalog: StringCatalog

        init(_ file: CatalogFile) {
            path = file.path
            catalog = file.catalog
        }
    }

    /// Every string unit of the app's own catalogs, with where it lives, in file order.
    func appCatalogUnits(_ body: (AppCatalog, String, String, StringUnitLeaf) -> Void) {
        appUnitsInPlace { catalog, unit in body(catalog, unit.key, unit.locale, unit.leaf) }
    }

    /// Every string unit of the app's own catalogs in file order, each read where it lies: a
    /// check that passes over most units on a test of one field copies nothing for them.
    /// (Handed as values, the key, locale, path and text were copied for each call, a retain
    /// and a release each, since the call could not be shown to leave the table alone.)
    func appUnitsInPlace(_ body: (AppCatalog, UnitInPlace) -> Void) {
        let catalogs = appCatalogFiles.map(AppCatalog.init)
        appUnits.withUnsafeBufferPointer { units in
            guard let base = units.baseAddress else { return }
            // The units come by file: the catalog is taken once per run of its units.
            var index = 0
            while index < units.count {
                let file = units[index].file, catalog = catalogs[file]
                while index < units.count && units[index].file == file {
                    body(catalog, UnitInPlace(base + index))
                    index += 1
                }
            }
        }
    }

    /// A string unit of the walk where it lies in the context's table, valid during the call.
    struct UnitInPlace {
        private let unit: UnsafePointer<AppUnit>

        fileprivate init(_ unit: UnsafePointer<AppUnit>) { self.unit = unit }

        var key: String { unit.pointee.key }
        var locale: String { unit.pointee.locale }
        var leaf: StringUnitLeaf { unit.pointee.leaf }
        var path: StringUnitPath { unit.pointee.leaf.path }
        var value: String { unit.pointee.leaf.unit.value }
        /// Whether the value holds an ASCII byte (`%`), asked without copying it.
        func valueContainsASCII(_ byte: UInt8) -> Bool { unit.pointee.leaf.unit.value.containsASCII(byte) }
        var state: StringUnitState { unit.pointee.leaf.unit.state }
        /// Whether the unit is in the catalog's source language, asked without copying the locale.
        func isIn(_ locale: String) -> Bool { unit.pointee.locale == locale }
        /// Whether the unit belongs to `key`, asked without copying its own.
        func hasKey(_ key: String) -> Bool { unit.pointee.key == key }
        /// Whether the unit is an entry's root one (not a plural or device case).
        var isRoot: Bool { unit.pointee.leaf.path.isRoot }
        /// Whether the unit stands at `path`, asked without copying its own.
        func isAt(_ path: StringUnitPath) -> Bool { unit.pointee.leaf.path == path }
    }

    /// `quoted(text)` appended to a message.
    package static func appendQuoted(_ text: String, to message: inout MessageBuilder) {
        guard quotesAsItIs(text) else { return message.append(quoted(text)) }
        message.append("'")
        message.append(text)
        message.append("'")
    }

    /// Quotes a text for a message, shortened to 60 characters: a text of more than 60 is cut
    /// after its 59th and ends in "…"; a line break is written `\n`.
    package static func quoted(_ text: String) -> String {
        if quotesAsItIs(text) { return "'" + text + "'" }
        let hasLineBreak = text.containsASCII(UInt8(ascii: "\n"))
        if !hasLineBreak, let quoted = quotedByScalars(text) { return quoted }
        // Where the 59th and the 61st character end, found in place: collecting the characters
        // in an array and appending them one by one cost about three times as much.
        var end = text.startIndex, cut = text.startIndex, count = 0
        while end < text.endIndex && count <= 60 {
            end = text.index(after: end)
            count += 1
            if count == 59 { cut = end }
        }
        let kept = count > 60 ? text[..<cut] : text[..<end]
        var flat = "'"
        if hasLineBreak {
            for character in kept {
                if character == "\n" { flat += "\\n" } else { flat.append(character) }
            }
        } else {
            flat += kept
        }
        if count > 60 { flat += "…" }
        flat += "'"
        return flat
    }

    /// `quoted` for a text without a line break whose first 61 scalars are below U+0300 and none
    /// is a CR (most Latin-script text): each of those scalars is a character of its own (none
    /// of them extends its neighbour or pairs with it), so they are counted by their lead
    /// bytes, without breaking the text into characters. Nil for any other text.
    private static func quotedByScalars(_ text: String) -> String? {
        text.withUTF8Bytes { bytes -> String? in
            var count = 0, cut = 0
            for index in bytes.indices {
                let byte = bytes[index]
                // 0xCC leads U+0300 and above.
                guard byte < 0xCC && byte != 0x0D else { return nil }
                guard byte & 0xC0 != 0x80 else { continue }
                if count == 59 { cut = index }
                if count == 60 { return "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[..<cut]), as: UTF8.self) + "…'" }
                count += 1
            }
            return "'" + text + "'"
        }
    }

    /// Whether `quoted` gives the text as it is between quotes: most texts are short and on one
    /// line, so no character needs counting.
    package static func quotesAsItIs(_ text: String) -> Bool {
        text.utf8.count <= 60 && !text.containsASCII(UInt8(ascii: "\n"))
    }
}
