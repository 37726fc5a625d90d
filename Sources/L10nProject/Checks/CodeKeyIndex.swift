import L10nFormats

/// The keys each table of each bundle defines, indexed for the references Swift code makes:
/// whole keys in a set, keys with format specifiers also by shape, so that an interpolation of
/// unknown type matches whatever specifier the key has. Built once per check run.
struct CodeKeyIndex: Sendable {
    struct TableID: Hashable, Sendable {
        var bundle: String
        package var table: String
    }

    struct TableKeys: Sendable {
        var keys: Set<String> = []
        var shapes: [KeyShape: [String]] = [:]
        /// A file of the table, for messages (its catalog, or one `.strings` file).
        package var file: String
    }

    private(set) var tables: [TableID: TableKeys] = [:]
    /// The bundles that have any table.
    private(set) var bundles: Set<String> = []
    /// The bundle each Swift file's lookups search (`bundle(ofSwiftFile:project:)`), by path:
    /// worked out once per file, not per reference.
    private var swiftFileBundles: [String: String] = [:]
    /// The app's lookup members of `String` (`localized`) by name, each definition with the bundle of its file.
    private var lookupDefinitions: [String: [(bundle: String, definition: LookupDefinition)]] = [:]

    init(project: Project) {
        guard !project.swiftSources.isEmpty else { return }
        func add(_ id: TableID, _ keys: some Sequence<String>, file: String) {
            var table = tables[id] ?? TableKeys(file: file)
            for key in keys where table.keys.insert(key).inserted {
                if let shape = KeyShape(key) { table.shapes[shape, default: []].append(key) }
            }
            tables[id] = table
            bundles.insert(id.bundle)
        }
        // A table in a folder other targets build too (a spec's `Shared/`) is theirs as well.
        let outside = project.app.outsideFolders
        for file in project.catalogs {
            for bundle in [file.bundle] + outside.otherTargets(building: file.path).sorted() {
                add(TableID(bundle: bundle, table: file.table), file.catalog.entries.keys, file: file.path)
            }
        }
        for table in project.stringsTables {
            for locale in table.locales {
                let path = table.path(locale: locale)
                for bundle in [table.bundle] + outside.otherTargets(building: path).sorted() {
                    add(TableID(bundle: bundle, table: table.table), table.files[locale]!.keys, file: path)
                }
            }
            // `NSLocalizedString` reads a table's `.stringsdict` too: Apple's plural pattern keeps
            // a key only there.
            for (locale, file) in table.pluralFiles.sorted(by: { $0.key < $1.key }) {
                add(TableID(bundle: table.bundle, table: table.table), file.root.keys, file: table.pluralPath(locale: locale))
            }
        }
        let discovery = ProjectDiscovery(root: project.root)
        for source in project.swiftSources where swiftFileBundles[source.path] == nil {
            swiftFileBundles[source.path] = searchedBundle(ofSwiftFile: source.path, project: project, discovery: discovery)
        }
        for source in project.swiftSources {
            for (member, definition) in source.lookupDefinitions.sorted(by: { $0.key < $1.key }) {
                lookupDefinitions[member, default: []].append((swiftFileBundles[source.path]!, definition))
            }
        }
    }

    /// The definition of the lookup member `member` a file of `bundle` calls, with the bundle
    /// it is defined in: its own module's, else the one all definitions agree on; nil when
    /// there is none or they differ.
    func lookupDefinition(_ member: String, calledFrom bundle: String) -> (bundle: String, definition: LookupDefinition)? {
        guard let definitions = lookupDefinitions[member], let first = definitions.first else { return nil }
        if let own = definitions.first(where: { $0.bundle == bundle }) { return own }
        guard definitions.allSatisfy({ $0.definition == first.definition && ($0.bundle == first.bundle || $0.definition.bundle != .own) })
        else { return nil }
        return first
    }

    /// The bundle a Swift file's folder builds when that bundle has tables, else the app.
    private func searchedBundle(ofSwiftFile path: String, project: Project, discovery: ProjectDiscovery) -> String {
        let bundle = discovery.bundle(of: path, app: project.app)
        return bundles.contains(bundle) ? bundle : project.app.name
    }

    /// The keys of a table that a code key reads (several when an untyped argument fits several specifiers).
    func keys(matching key: CodeKey, in id: TableID) -> [String] {
        guard let table = tables[id] else { return [] }
        guard key.hasArguments else { return table.keys.contains(key.text) ? [key.text] : [] }
        return (table.shapes[KeyShape(key)] ?? []).filter { key.matches($0) }
    }

    /// The keys of a table with the code key's text but any specifiers (`%lld drafts` for `%@ drafts`).
    func keys(withShapeOf key: CodeKey, in id: TableID) -> [String] {
        key.hasArguments ? tables[id]?.shapes[KeyShape(key)] ?? [] : []
    }

    /// The tables of a bundle that define a code key, by name.
    func tables(defining key: CodeKey, bundle: String) -> [TableID] {
        tables.keys.filter { $0.bundle == bundle && !keys(matching: key, in: $0).isEmpty }.sorted { $0.table < $1.table }
    }

    /// The bundle a Swift file's lookups search: the bundle its folder builds when that bundle
    /// has tables, else the app (sources often sit apart from the resources, in `Sources/`).
    func bundle(ofSwiftFile path: String, project: Project) -> String {
        swiftFileBundles[path] ?? searchedBundle(ofSwiftFile: path, project: project, discovery: ProjectDiscovery(root: project.root))
    }
}

extension CheckContext {
    /// A reference's table (`Localizable` unless the call names another) in the bundle it reads:
    /// its file's, except that an Apple lookup without `bundle:` in a package's or framework's
    /// code reads `Bundle.main`, the app's (an extension's own code runs in the extension), and
    /// that `"k".localized` reads what the app's definition of `localized` reads (with `bundle:
    /// .module`, the defining module's). Nil for a bundle l10n cannot follow.
    func table(of reference: CodeReference, in file: SwiftSource) -> CodeKeyIndex.TableID? {
        let own = ownBundle(of: file)
        var bundle = reference.bundle, table = reference.table, definedIn = own
        // A lookup member without a `bundle:` of its own reads what its definition reads.
        if reference.call.hasPrefix("."), reference.bundle == .own,
           let (defining, definition) = codeKeys.lookupDefinition(String(reference.call.dropFirst()), calledFrom: own) {
            (bundle, table, definedIn) = (definition.bundle, definition.table ?? table, defining)
        }
        switch bundle {
        case .unresolved: return nil
        case .own: return CodeKeyIndex.TableID(bundle: definedIn, table: table ?? "Localizable")
        case .main:
            let reads = own != project.app.name && !project.extensionBundles.contains(own) ? project.app.name : own
            return CodeKeyIndex.TableID(bundle: reads, table: table ?? "Localizable")
        }
    }

    /// The bundle a Swift file is built into, as far as its lookups go (see `CodeKeyIndex.bundle(ofSwiftFile:)`).
    func ownBundle(of file: SwiftSource) -> String {
        codeKeys.bundle(ofSwiftFile: file.path, project: project)
    }

    /// Whether a reference reads the app's bundle although its file is another bundle's.
    func readsAppInstead(_ reference: CodeReference, in file: SwiftSource) -> Bool {
        let own = ownBundle(of: file)
        return reference.bundle == .main && own != project.app.name && !project.extensionBundles.contains(own)
    }

    /// A programmatic label as the app's devices see it: per offered locale, the text shown and
    /// whether it is a translation for that locale.
    package struct CodeLabelView: Sendable {
        package var file: String
        package var label: CodeLabel
        /// The table key the label reads (nil for verbatim text), as the table has it.
        var key: String?
        /// Whether some table of the chain (or the label's table) defines the key at all.
        package var isDefined: Bool
        /// Offered locales in which the label shows a value made for the locale (the source
        /// language counts when the key is defined; every locale when it is not to be translated).
        package var localizedLocales: [String]
        /// Per offered locale (in `locales` order): the text shown.
        package var shown: [String]
    }

    /// Every programmatic label of the app's Swift sources, as devices in the run's locales see it.
    package func codeLabelViews() -> [CodeLabelView] {
        var views: [CodeLabelView] = []
        for file in project.swiftSources {
            for label in file.labels {
                switch label.content {
                case .verbatim(let text):
                    views.append(CodeLabelView(file: file.path, label: label, key: nil, isDefined: true, localizedLocales: [],
                                               shown: locales.map { _ in text }))
                case .editorKey(let key):
                    let winner = winningLayer(key)
                    let shown = winner.map { self.shown(key, winner: $0, entry: chain[$0].entries?[key], locales: locales) }
                        ?? locales.map { _ in nil }
                    var localized: [String] = []
                    for (locale, seen) in zip(locales, shown) {
                        guard let seen else { continue }
                        let chosen = searchList(for: locale).first ?? locale
                        if chosen == sourceLanguage || seen.locale == chosen { localized.append(locale) }
                    }
                    views.append(CodeLabelView(file: file.path, label: label, key: key, isDefined: winner != nil,
                                               localizedLocales: localized, shown: shown.map { $0?.value ?? key }))
                case .localizedKey(let codeKey):
                    let id = CodeKeyIndex.TableID(bundle: codeKeys.bundle(ofSwiftFile: file.path, project: project), table: label.table ?? "Localizable")
                    let key = codeKeys.keys(matching: codeKey, in: id).first
                    var localized: [String] = []
                    var shown: [String] = []
                    for locale in locales {
                        let list = searchList(for: locale)
                        let chosen = list.first ?? locale
                        // Text written in code is in the source language: a device that picks it reads it as meant.
                        guard let key else {
                            shown.append(codeKey.text)
                            if chosen == sourceLanguage { localized.append(locale) }
                            continue
                        }
                        shown.append(list.lazy.compactMap { self.tableValue(key, table: id, locale: $0) }.first
                                     ?? tableValue(key, table: id, locale: sourceLanguage) ?? key)
                        if chosen == sourceLanguage || tableValue(key, table: id, locale: chosen) != nil { localized.append(locale) }
                    }
                    // A key marked `shouldTranslate: false` (a brand name) reads the same everywhere on purpose.
                    if let key, project.catalogs.first(where: { $0.bundle == id.bundle && $0.table == id.table })?.catalog.entries[key]?.shouldTranslate == false {
                        localized = locales
                    }
                    views.append(CodeLabelView(file: file.path, label: label, key: key, isDefined: key != nil, localizedLocales: localized, shown: shown))
                }
            }
        }
        return views
    }

    /// A table's value of a key in one localization (a catalog's plain value, or a `.strings` file's).
    private func tableValue(_ key: String, table id: CodeKeyIndex.TableID, locale: String) -> String? {
        if let catalog = project.catalogs.first(where: { $0.bundle == id.bundle && $0.table == id.table }) {
            return Self.plainValue(catalog.catalog.entries[key], locale: locale)
        }
        return project.stringsTables.first { $0.bundle == id.bundle && $0.table == id.table }?.files[locale]?.value(forKey: key)
    }
}
