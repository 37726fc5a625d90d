import L10nCore
import L10nFormats
import L10nLocale
import L10nProject
import L10nExchange
import L10nReport

/// Computes the release report from a loaded project: the checks run once, then every part is
/// derived from the same check context (the lookup chain as devices see it).
public struct ReportJob: Sendable {
    public var checkOptions: CheckOptions
    /// Overrides the manifest's `release.minCoverage` (a pipeline gate's `minCoverage`).
    public var thresholds: CoverageThresholds?

    /// Device languages the report always shows, besides the manifest's `devices`.
    public static let deviceLanguages = ["de-AT", "de-CH", "fr-CA", "pt-PT", "pt-BR", "en-IN", "en-GB", "es-MX",
                                         "zh-HK", "zh-TW", "nb", "ja-JP"]
    /// Pseudo-locales, never counted for coverage.
    public static let pseudoLocales = PseudoLocalization.pseudoLocales

    public init(checkOptions: CheckOptions = CheckOptions(), thresholds: CoverageThresholds? = nil) {
        self.checkOptions = checkOptions
        self.thresholds = thresholds
    }

    /// The report; `checked` is the result of an earlier check run over the same model (a
    /// pipeline's check stage), so the checks do not run twice.
    public func run(on project: Project, checked: CheckResult? = nil) throws -> CoverageReport {
        try run(in: CheckContext(project: project, locales: checkOptions.locales), checked: checked)
    }

    /// The report over a context an earlier check run built for `checkOptions.locales` (a
    /// pipeline's check stage), so that neither the checks nor the context are made twice.
    package func run(in context: CheckContext, checked: CheckResult?) throws -> CoverageReport {
        let project = context.project
        var findings = try checked ?? CheckJob(options: checkOptions).run(in: context)
        findings.strict = checkOptions.strict
        let thresholds = self.thresholds ?? project.manifest.release
        let source = context.sourceLanguage
        let sdkLocales = context.sdkLocales
        let full = Set(project.fullLocalizationLocales(shipped: sdkLocales))
        let counted = context.translationLocales.filter { !Self.pseudoLocales.contains($0) }
        let wantsPseudo = !context.budgets.isEmpty && project.manifest.checkSeverities[WidthCheck.id] != .off
        let checked = findings.findings
        // The pseudo-locale part, the custom labels, the devices and each locale's coverage read
        // only the model and the findings: they run side by side, the longest first, so that
        // neither core waits long for the other at the end.
        let reachable = ReachableKeys(context)
        let gaps = CoverageGaps(checked)
        let frameworkTables = context.frameworkTablesWithKeys
        enum Part {
            case pseudo(Result<CoverageReport.PseudoWidthPart?, Error>)
            case labels([CoverageReport.LabelRow], copies: Int)
            case devices([CoverageReport.DeviceRow])
            case coverage(CoverageReport.LocaleCoverage)
        }
        let parts = ConcurrentWork.map(3 + counted.count) { part -> Part in
            switch part {
            case 0: return .pseudo(Result { wantsPseudo ? try pseudoWidth(context) : nil })
            case 1:
                let (labels, copies) = customLabels(context)
                return .labels(labels, copies: copies)
            case 2: return .devices(devices(context, reachable: reachable, sdkLocales: sdkLocales))
            default:
                let locale = counted[part - 3]
                return .coverage(coverageOf(locale, context: context, reachable: reachable, gaps: gaps, frameworkTables: frameworkTables,
                                            appOnly: !full.contains(locale), threshold: thresholds.threshold(for: locale)))
            }
        }
        guard case .pseudo(let pseudo) = parts[0], case .labels(let labels, let copies) = parts[1],
              case .devices(let devices) = parts[2] else {
            preconditionFailure("ConcurrentWork.map keeps the parts in order")
        }
        let coverage = parts.dropFirst(3).map { part -> CoverageReport.LocaleCoverage in
            guard case .coverage(let locale) = part else { preconditionFailure("ConcurrentWork.map keeps the parts in order") }
            return locale
        }
        var report = CoverageReport(
            project: project.root.lastPathComponent, sourceLanguage: source,
            offeredLocales: [source] + context.offeredLocales.filter { $0 != source },
            sdkLocales: sdkLocales, customLabels: labels, copies: copies,
            fullLocalization: coverage.filter { full.contains($0.locale) },
            appLocales: coverage.filter { !full.contains($0.locale) },
            devices: devices, findings: findings, thresholds: thresholds)
        report.codeLabels = codeLabels(context)
        report.pseudoWidth = try pseudo.get()
        return report
    }

    /// The `width` check against the pseudo-locale (`check --pseudo`), over a model that shares
    /// the context's keys.
    private func pseudoWidth(_ context: CheckContext) throws -> CoverageReport.PseudoWidthPart {
        var options = CheckOptions()
        let pseudo = PseudoLocalization()
        options.pseudo = pseudo
        return .init(locale: pseudo.locale, findings: try CheckJob(options: options).runPseudo(keysOf: context).findings)
    }

    /// The labels the Swift sources set, each offered locale's text measured against its surface.
    private func codeLabels(_ context: CheckContext) -> [CoverageReport.CodeLabelRow] {
        context.codeLabelViews().map { view in
            let label = view.label
            let surface = WidthBudget.surface(of: label.surfaceKey, in: context.budgets)
            let kind: String
            switch label.content {
            case .localizedKey: kind = "key"
            case .verbatim: kind = "verbatim"
            case .editorKey: kind = "editor key"
            }
            return CoverageReport.CodeLabelRow(
                file: view.file, line: label.line, surface: surface?.name ?? label.surface.rawValue,
                call: "\(label.surface.rawValue).Buttons.\(label.button)(\(label.parameter):)", kind: kind, text: label.writtenText,
                isDefined: view.isDefined, localizedLocales: view.localizedLocales,
                cells: zip(context.locales, view.shown).map { locale, shown in
                    CoverageReport.CodeLabelCell(locale: locale, shows: shown, columns: TextWidth.columns(DisplayText.visible(shown)),
                                                 budget: surface?.budget(for: locale))
                })
        }
    }

    /// The chain keys a device looks up and translators must translate, in Xcode's key order,
    /// each with its winning layer and entry: found once, then read for every locale and device.
    private struct ReachableKeys {
        struct Key {
            let key: String
            /// The winning layer's index in the chain, and where its translations land (`translationTarget`).
            let layer: Int
            let target: Int
            /// The winning catalog entry's localizations (nil for a legacy table or an entry
            /// without any): all the counts read of the entry, copied with one retain.
            let localizations: CatalogLocalizations?
        }

        let keys: [Key]
        /// Per chain layer, asked once for every key and locale that reads them: whether it is
        /// the SDK's, whether it is a catalog (else a legacy table), its source language.
        let isSDK: [Bool]
        let isCatalog: [Bool]
        let sourceLanguages: [String]

        init(_ context: CheckContext) {
            isSDK = context.chain.map { $0.layer.role == .sdk }
            isCatalog = context.chain.map { $0.entries != nil }
            sourceLanguages = context.chain.map { $0.catalogSourceLanguage ?? context.sourceLanguage }
            var keys: [Key] = []
            keys.reserveCapacity(context.chainKeys.count)
            for (offset, key) in context.chainKeys.enumerated() {
                let (layer, entry) = context.chainWinners[offset]
                // An empty key (Xcode extracts `Text("")`) shows nothing in any language: nothing to translate.
                guard context.isToTranslate(key, layer: layer, entry: entry), !key.isEmpty, context.misnamedOverride(key, layer: layer) == nil else { continue }
                keys.append(Key(key: key, layer: layer, target: context.translationTarget(ofWinner: layer), localizations: entry?.localizations))
            }
            self.keys = keys
        }
    }

    /// The findings the coverage tables count (plural gaps, width overruns), picked out once.
    private struct CoverageGaps {
        let gaps: [(locale: String?, file: String?, isPlural: Bool)]

        init(_ findings: [Finding]) {
            // By index, field by field: `compactMap { finding in … }` copied every finding
            // (a retain and a release per string) to read its check.
            var gaps: [(locale: String?, file: String?, isPlural: Bool)] = []
            for index in findings.indices {
                let plural = findings[index].check == PluralCategoriesCheck.id
                guard plural || findings[index].check == WidthCheck.id else { continue }
                gaps.append((findings[index].locale, findings[index].file, plural))
            }
            self.gaps = gaps
        }
    }

    private func coverageOf(_ locale: String, context: CheckContext, reachable: ReachableKeys, gaps: CoverageGaps,
                            frameworkTables: [CheckContext.FrameworkTable], appOnly: Bool, threshold: Double) -> CoverageReport.LocaleCoverage {
        let project = context.project
        let searchList = context.searchList(for: locale)
        let chosen = searchList.first ?? locale
        var tables: [CoverageReport.TableCoverage] = []
        var slotByName: [String: Int] = [:]
        func slot(_ name: String, file: @autoclosure () -> String?) -> Int {
            if let known = slotByName[name] { return known }
            slotByName[name] = tables.count
            tables.append(.init(table: name, file: file(), reachable: 0, finished: 0, missing: 0, needsReview: 0,
                                pluralGaps: 0, widthOverruns: 0, missingKeys: []))
            return tables.count - 1
        }
        // The key is taken only when it is missing: most are not.
        func add(_ slot: Int, key: @autoclosure () -> String, state: StringUnitState?) {
            tables[slot].reachable += 1
            switch state {
            case nil:
                tables[slot].missing += 1
                tables[slot].missingKeys.append(key())
            case .translated?: tables[slot].finished += 1
            // `needs_review`, `new`, and the states a person has not signed off (`stale`,
            // `machine_translated`, one a newer Xcode writes): a value to review, not a finished one.
            default: tables[slot].needsReview += 1
            }
        }
        // A key counts as translated when the device's first choice has a value: the search
        // list's first localization (an empty list shows the source, never the choice).
        // The chain taken once: per key, `context.chain` cost a retain and a release, 230,000
        // keys over the locales.
        let chain = context.chain
        var slotByTarget = [Int?](repeating: nil, count: context.translationTargetCount)
        // Each layer's role and kind taken from `reachable`: per key, reading them off the layer
        // copied its description and retained its entries.
        let isSDK = reachable.isSDK, isCatalog = reachable.isCatalog
        let isLegacyTarget = (0..<context.translationTargetCount).map { $0 < chain.count && chain[$0].entries == nil }
        // By index, field by field: `for item in reachable.keys` copied each key and entry.
        let keys = reachable.keys
        for index in keys.indices {
            let layer = keys[index].layer
            if appOnly && isSDK[layer] { continue }
            var state: StringUnitState?
            if !searchList.isEmpty {
                if isCatalog[layer] {
                    state = CheckContext.coverageState(keys[index].localizations, locale: chosen)
                    // An SDK key the app's legacy editor table translates: devices read that table first.
                    let target = keys[index].target
                    if state != .translated, target != layer, isLegacyTarget[target], chain[target].hasValue(keys[index].key, entry: nil, locale: chosen) {
                        state = .translated
                    }
                } else if chain[layer].hasValue(keys[index].key, entry: nil, locale: chosen) {
                    state = .translated
                }
            }
            let position: Int, targetIndex = keys[index].target
            if let known = slotByTarget[targetIndex] {
                position = known
            } else {
                let target = context.translationTargetLayer(targetIndex)
                position = slot(target.name, file: target.catalogPath ?? chain[targetIndex].table?.path(locale: chosen))
                slotByTarget[targetIndex] = position
            }
            add(position, key: keys[index].key, state: state)
        }
        let chainPaths = Set(context.chain.compactMap(\.layer.catalogPath))
        // A catalog's keys to translate, each in the state `state` reads (a row made at its first key).
        func count(_ file: CatalogFile, state: (CatalogEntry) -> StringUnitState?) {
            var position: Int?
            for key in file.catalog.orderedKeys {
                guard !key.isEmpty, let entry = file.catalog.entries[key], entry.isToTranslate else { continue }
                if position == nil { position = slot("\(file.bundle)/\(file.table)", file: file.path) }
                add(position!, key: key, state: state(entry))
            }
        }
        for file in context.appCatalogs where !chainPaths.contains(file.path) && file.bundle == project.app.name {
            count(file) { CheckContext.coverageState($0.localizations, locale: chosen) }
        }
        // Another bundle's catalog (a package's, a framework's, an extension's) counts in the
        // localization its keys need on this device, as `missing-translation` judges it: a
        // package without the app's language shows its development language to every device.
        for file in context.otherBundleCatalogs {
            guard let (gap, _) = context.catalogGap(of: file, locale: locale, chosen: chosen) else { continue }
            let showsSource = gap == context.sourceLanguage || gap == "Base"
            count(file) { showsSource ? .translated : CheckContext.coverageState($0.localizations, locale: gap) }
        }
        for table in context.appTableKeys {
            // The row of a legacy table is its `.strings` file, where plural gaps are counted too.
            let position = slot(table.name, file: table.table.path(locale: chosen))
            for key in table.keys { add(position, key: key, state: table.has(key, locale: chosen) ? .translated : nil) }
        }
        for framework in frameworkTables {
            // Its development language's keys, each translated where the localization that serves the device has it.
            let table = framework.table
            guard let (keys, used, serves) = context.frameworkTableView(framework, locale: locale, chosen: chosen), !keys.isEmpty else { continue }
            let position = slot("\(table.bundle)/\(table.table)", file: table.path(locale: chosen))
            let file = serves ? table.files[used] : nil
            for key in keys { add(position, key: key, state: file?.value(forKey: key) != nil ? .translated : nil) }
        }
        var slotByFile: [String?: Int] = [:]
        for (index, table) in tables.enumerated() where slotByFile[table.file] == nil { slotByFile[table.file] = index }
        for gap in gaps.gaps where gap.locale == chosen {
            // A legacy table's plural forms live in its `.stringsdict` (`pluralPath`: the
            // `.strings` path and "dict"); its row is its `.strings`.
            let file = gap.file.map { $0.hasSuffix(".stringsdict") ? String($0.dropLast("dict".count)) : $0 }
            guard let position = slotByFile[file] else { continue }
            if gap.isPlural { tables[position].pluralGaps += 1 } else { tables[position].widthOverruns += 1 }
        }
        return .init(locale: chosen, tables: tables, threshold: threshold)
    }

    private func customLabels(_ context: CheckContext) -> ([CoverageReport.LabelRow], Int) {
        guard let sdk = context.sdkCatalog else { return ([], 0) }
        let surfaces = context.budgets.map(\.name)
        var rows: [CoverageReport.LabelRow] = []
        var copies = 0
        // What the SDK would show: its value in the localization its bundle reads for the device.
        let chain = context.chain
        let sdkIndex = chain.firstIndex { $0.layer.role == .sdk }
        // Asked once, not for each label's cells: the locales, the localization each one's
        // device chooses, and each layer's name (an interpolated string per cell).
        let locales = [context.sourceLanguage] + context.locales.filter { $0 != context.sourceLanguage }
        let chosenLocales = locales.map { context.searchList(for: $0).first ?? $0 }
        let layerNames = chain.map(\.layer.name)
        for label in context.project.customLabelKeys {
            guard let position = chain.firstIndex(where: { $0.layer == label.layer }) else { continue }
            let layer = chain[position]
            let appSource = CheckContext.plainValue(layer.entries?[label.key], locale: layer.catalogSourceLanguage ?? context.sourceLanguage)
            let sdkEntry = sdk.entries[label.key]
            let sdkSource = CheckContext.plainValue(sdkEntry, locale: sdk.sourceLanguage)
            if appSource == sdkSource {
                copies += 1
                continue
            }
            let surface = WidthBudget.surface(of: label.key, in: context.budgets)
            // The key's winner, its entry and the layers below it looked up once for every locale.
            let winner = context.winningLayer(label.key)
            let shownValues = winner.map { context.shown(label.key, winner: $0, entry: chain[$0].entries?[label.key], locales: locales) }
                ?? locales.map { _ in nil }
            var below = winner.map { CheckContext.LayersBelow(context, key: label.key, winner: $0) }
            var cells: [CoverageReport.LabelCell] = []
            cells.reserveCapacity(locales.count)
            for index in locales.indices {
                guard let shown = shownValues[index] else { continue }
                let chosen = chosenLocales[index]
                let hidden = chain[shown.layer].layer.role == .app && shown.locale != chosen
                    ? below?.translation(locale: chosen)?.value : nil
                let shadowed = hidden != nil
                cells.append(CoverageReport.LabelCell(
                    locale: chosen, shows: shown.value,
                    replaces: hidden ?? sdkIndex.flatMap { context.readLocalization(layer: $0, locale: chosen) }.flatMap { CheckContext.plainValue(sdkEntry, locale: $0) } ?? sdkSource,
                    from: layerNames[shown.layer], fromLocale: shown.locale, shadowed: shadowed,
                    columns: TextWidth.columns(DisplayText.visible(shown.value)), budget: surface?.budget(for: chosen)))
            }
            rows.append(CoverageReport.LabelRow(key: label.key, surface: surface?.name ?? "other", budget: surface, layer: layerNames[position],
                                                file: layer.layer.catalogPath ?? "", cells: cells))
        }
        // Shadowing rows first, then by surface and key: each row's rank is found once, not at
        // every comparison of the sort. Keys are unique, so the order is the same.
        let ranks = rows.map { row in (row.shadowsAnyLocale ? 0 : 1, surfaces.firstIndex(of: row.surface) ?? surfaces.count) }
        let order = rows.indices.sorted { a, b in
            if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            return rows[a].key < rows[b].key
        }
        return (order.map { rows[$0] }, copies)
    }

    private func devices(_ context: CheckContext, reachable: ReachableKeys, sdkLocales: [String]) -> [CoverageReport.DeviceRow] {
        let project = context.project
        var languages = Self.deviceLanguages
        for language in project.manifest.devices where !languages.contains(language) { languages.append(language) }
        // Several device languages land on one localization: each localization's count is made once.
        var fallbacksByLocalization: [String: Int] = [:]
        let chain = context.chain
        let isCatalog = reachable.isCatalog, sources = reachable.sourceLanguages
        // A label shows in another language when the table its layer is read from for the device
        // (`readLocalization`: a de-AT device reads the SDK's de, and a catalog without any de-AT
        // value in de) lacks it, or is in another language, and the layer's source language is
        // not the device's either.
        func fallbacks(_ chosen: String) -> Int {
            if let known = fallbacksByLocalization[chosen] { return known }
            // `Base` is the development language's copy.
            func languageOf(_ localization: String) -> String { ICULocale.language(localization == "Base" ? context.sourceLanguage : localization) }
            let language = languageOf(chosen)
            let reads = chain.indices.map { context.readLocalization(layer: $0, locale: chosen) }
            let readsLanguage = reads.map { $0.map { languageOf($0) == language } ?? false }
            let sourceIsLanguage = sources.map { languageOf($0) == language }
            var fallbacks = 0
            let keys = reachable.keys
            for index in keys.indices {
                let layer = keys[index].layer
                // The source text shows in the device's language (an en-GB device reading en, or
                // a key-as-source entry, whose key is the source text).
                if sourceIsLanguage[layer] { continue }
                if let read = reads[layer], readsLanguage[layer] {
                    if isCatalog[layer] {
                        if CheckContext.hasPlainUnit(keys[index].localizations, locale: read) { continue }
                    } else if chain[layer].hasValue(keys[index].key, entry: nil, locale: read) {
                        continue
                    }
                }
                fallbacks += 1
            }
            fallbacksByLocalization[chosen] = fallbacks
            return fallbacks
        }
        return languages.map { language in
            let view = project.deviceView(preferred: [language], sdkLocales: sdkLocales)
            let chosen = context.offeredName(view.app.localizations.first ?? context.sourceLanguage)
            return CoverageReport.DeviceRow(device: language,
                                            bundles: view.bundles.map { ($0.bundle, $0.kind.rawValue, $0.localizations.first ?? "-") },
                                            fallbacks: fallbacks(chosen), reachable: reachable.keys.count)
        }
    }
}
