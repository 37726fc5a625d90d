@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import Foundation

/// `ReportJob` as it was before the report speed work (issue 11), kept only as a test oracle
/// while the new one is young: `ReportEquivalenceTests` compares every rendering of their reports.
struct ReferenceReportJob {
    var checkOptions = CheckOptions()
    var thresholds: CoverageThresholds?

    /// The report; `checked` is the result of an earlier check run over the same model.
    func run(on project: Project, checked: CheckResult? = nil) throws -> CoverageReport {
        let context = try CheckContext(project: project, locales: checkOptions.locales)
        var findings = try checked ?? CheckJob(options: checkOptions).run(in: context)
        findings.strict = checkOptions.strict
        let thresholds = self.thresholds ?? project.manifest.release
        let source = context.sourceLanguage
        let full = Set(project.fullLocalizationLocales)
        let counted = context.translationLocales.filter { !ReportJob.pseudoLocales.contains($0) }
        let coverage = counted.map { locale in
            coverageOf(locale, context: context, findings: findings.findings, appOnly: !full.contains(locale),
                       threshold: thresholds.threshold(for: locale))
        }
        let (labels, copies) = customLabels(context)
        var report = CoverageReport(
            project: project.root.lastPathComponent, sourceLanguage: source,
            offeredLocales: [source] + context.offeredLocales.filter { $0 != source },
            sdkLocales: project.sdkLocales, customLabels: labels, copies: copies,
            fullLocalization: coverage.filter { full.contains($0.locale) },
            appLocales: coverage.filter { !full.contains($0.locale) },
            devices: devices(context), findings: findings, thresholds: thresholds)
        report.codeLabels = codeLabels(context)
        if !context.budgets.isEmpty && project.manifest.checkSeverities[WidthCheck.id] != .off {
            var options = CheckOptions()
            options.pseudo = PseudoLocalization()
            report.pseudoWidth = .init(locale: options.pseudo!.locale, findings: try CheckJob(options: options).run(on: project).findings)
        }
        return report
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

    /// The state a value counts as: every string unit of the localization translated, else the
    /// first other state; a unit without a state shows its value.
    private static func state(_ entry: CatalogEntry?, locale: String) -> StringUnitState? {
        guard let localization = entry?.localizations?[locale] else { return nil }
        let units = localization.stringUnits.map(\.unit)
        guard !units.isEmpty else { return CheckContext.plainUnit(entry, locale: locale)?.state ?? .translated }
        return units.compactMap(\.state).first { $0 != .translated } ?? .translated
    }

    /// Whether a key of the chain is one a device looks up and translators must translate.
    private func counts(_ key: String, layer: Int, _ context: CheckContext) -> Bool {
        if key.isEmpty { return false }
        // A stale override of a lower layer's key still wins on devices: it counts.
        if let entry = context.chain[layer].catalog?.entries[key], !entry.isToTranslate,
           entry.shouldTranslate == false || !context.chain[(layer + 1)...].contains(where: { $0.catalog?.entries[key] != nil || $0.table?.files.values.contains { $0.value(forKey: key) != nil } == true }) {
            return false
        }
        return context.misnamedOverride(key, layer: layer) == nil
    }

    private func coverageOf(_ locale: String, context: CheckContext, findings: [Finding], appOnly: Bool, threshold: Double) -> CoverageReport.LocaleCoverage {
        let project = context.project
        let chosen = context.searchList(for: locale).first ?? locale
        var tables: [String: CoverageReport.TableCoverage] = [:]
        var order: [String] = []
        func add(_ name: String, file: String?, key: String, state: StringUnitState?) {
            if tables[name] == nil {
                tables[name] = .init(table: name, file: file, reachable: 0, finished: 0, missing: 0, needsReview: 0,
                                     pluralGaps: 0, widthOverruns: 0, missingKeys: [])
                order.append(name)
            }
            tables[name]!.reachable += 1
            switch state {
            case nil:
                tables[name]!.missing += 1
                tables[name]!.missingKeys.append(key)
            case .translated?: tables[name]!.finished += 1
            default: tables[name]!.needsReview += 1
            }
        }
        for key in context.chainKeys {
            guard let shown = context.shown(key, locale: locale), counts(key, layer: shown.layer, context) else { continue }
            let winner = context.chain[shown.layer]
            if appOnly && winner.layer.role == .sdk { continue }
            let targetIndex = context.translationTarget(ofWinner: shown.layer)
            let target = context.translationTargetLayer(targetIndex)
            let state: StringUnitState? = shown.locale == chosen ? (winner.catalog.map { Self.state($0.entries[key], locale: chosen) } ?? .translated) : nil
            add(target.name, file: target.catalogPath ?? context.chain[targetIndex].table?.path(locale: chosen), key: key, state: state)
        }
        let chainPaths = Set(context.chain.compactMap(\.layer.catalogPath))
        for file in context.appCatalogs where !chainPaths.contains(file.path) && file.bundle == project.app.name {
            for key in file.catalog.orderedKeys where !key.isEmpty && file.catalog.entries[key]?.isToTranslate ?? true {
                let entry = file.catalog.entries[key]
                let state = CheckContext.plainValue(entry, locale: chosen) == nil ? nil : Self.state(entry, locale: chosen)
                add("\(file.bundle)/\(file.table)", file: file.path, key: key, state: state)
            }
        }
        for file in context.appCatalogs where !chainPaths.contains(file.path) && file.bundle != project.app.name {
            guard let gap = context.catalogGap(of: file, locale: locale, chosen: chosen)?.gap else { continue }
            for key in file.catalog.orderedKeys where !key.isEmpty && file.catalog.entries[key]?.isToTranslate ?? true {
                let entry = file.catalog.entries[key]
                let state = gap == context.sourceLanguage || gap == "Base" ? .translated
                    : CheckContext.plainValue(entry, locale: gap) == nil ? nil : Self.state(entry, locale: gap)
                add("\(file.bundle)/\(file.table)", file: file.path, key: key, state: state)
            }
        }
        for table in context.appTableKeys {
            for key in table.keys {
                add(table.name, file: table.table.path(locale: chosen), key: key, state: table.has(key, locale: chosen) ? .translated : nil)
            }
        }
        for framework in context.frameworkTablesWithKeys {
            let table = framework.table
            guard let (keys, used, serves) = context.frameworkTableView(framework, locale: locale, chosen: chosen) else { continue }
            for key in keys {
                let translated = serves && table.files[used]?.value(forKey: key) != nil
                add("\(table.bundle)/\(table.table)", file: table.path(locale: chosen), key: key, state: translated ? .translated : nil)
            }
        }
        for finding in findings where finding.locale == chosen {
            guard let name = order.first(where: { tables[$0]!.file == finding.file }) else { continue }
            if finding.check == PluralCategoriesCheck.id { tables[name]!.pluralGaps += 1 }
            if finding.check == WidthCheck.id { tables[name]!.widthOverruns += 1 }
        }
        return .init(locale: chosen, tables: order.map { tables[$0]! }, threshold: threshold)
    }


    private func customLabels(_ context: CheckContext) -> ([CoverageReport.LabelRow], Int) {
        guard let sdk = context.sdkCatalog else { return ([], 0) }
        let surfaces = context.budgets.map(\.name)
        var rows: [CoverageReport.LabelRow] = []
        var copies = 0
        for label in context.project.customLabels {
            guard let position = context.chain.firstIndex(where: { $0.layer == label.layer }) else { continue }
            let layer = context.chain[position]
            let appSource = CheckContext.plainValue(layer.catalog?.entries[label.key], locale: layer.catalog?.sourceLanguage ?? context.sourceLanguage)
            let sdkSource = CheckContext.plainValue(sdk.entries[label.key], locale: sdk.sourceLanguage)
            if appSource == sdkSource {
                copies += 1
                continue
            }
            let surface = WidthBudget.surface(of: label.key, in: context.budgets)
            let cells = ([context.sourceLanguage] + context.locales.filter { $0 != context.sourceLanguage }).compactMap { locale -> CoverageReport.LabelCell? in
                guard let shown = context.shown(label.key, locale: locale) else { return nil }
                let chosen = context.searchList(for: locale).first ?? locale
                let shadowed = context.chain[shown.layer].layer.role == .app && shown.locale != chosen
                    && context.chain[(shown.layer + 1)...].contains { $0.value(label.key, locale: chosen) != nil }
                let hidden = shadowed ? context.chain[(shown.layer + 1)...].lazy.compactMap { $0.value(label.key, locale: chosen) }.first : nil
                return CoverageReport.LabelCell(
                    locale: chosen, shows: shown.value,
                    replaces: hidden ?? CheckContext.plainValue(sdk.entries[label.key], locale: chosen) ?? sdkSource,
                    from: context.chain[shown.layer].layer.name, fromLocale: shown.locale, shadowed: shadowed,
                    columns: TextWidth.columns(DisplayText.visible(shown.value)), budget: surface?.budget(for: chosen))
            }
            rows.append(CoverageReport.LabelRow(key: label.key, surface: surface?.name ?? "other", budget: surface, layer: layer.layer.name,
                                                file: layer.layer.catalogPath ?? "", cells: cells))
        }
        func rank(_ row: CoverageReport.LabelRow) -> Int { surfaces.firstIndex(of: row.surface) ?? surfaces.count }
        rows.sort { a, b in
            (a.shadowsAnyLocale ? 0 : 1, rank(a), a.key) < (b.shadowsAnyLocale ? 0 : 1, rank(b), b.key)
        }
        return (rows, copies)
    }

    private func devices(_ context: CheckContext) -> [CoverageReport.DeviceRow] {
        let project = context.project
        var languages = ReportJob.deviceLanguages
        for language in project.manifest.devices where !languages.contains(language) { languages.append(language) }
        let keys = context.chainKeys.compactMap { key -> (String, Int)? in
            guard let layer = context.winningLayer(key), counts(key, layer: layer, context) else { return nil }
            return (key, layer)
        }
        return languages.map { language in
            let view = project.deviceView(preferred: [language])
            let chosen = view.app.localizations.first ?? context.sourceLanguage
            var fallbacks = 0
            for (key, layer) in keys {
                let table = context.chain[layer]
                if table.value(key, locale: chosen) != nil { continue }
                // A key-as-source entry shows its key, which is the source text.
                let source = table.catalog?.sourceLanguage ?? context.sourceLanguage
                if chosen == source, table.catalog?.entries[key]?.localizations?[source] == nil { continue }
                fallbacks += 1
            }
            return CoverageReport.DeviceRow(device: language,
                                            bundles: view.bundles.map { ($0.bundle, $0.kind.rawValue, $0.localizations.first ?? "-") },
                                            fallbacks: fallbacks, reachable: keys.count)
        }
    }
}
