import L10nCore
import L10nLocale

/// A label wider than the room its surface gives it, as a device in each offered locale sees it
/// through the lookup chain; a label set in Swift code is measured as its `Text` shows.
public struct WidthCheck: Check {
    public static let id = "width"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A label is wider, in display columns, than the budget of its UI surface"
    public static let hint = "shorten the label (an SDK value is shortened by overriding it in Localizable.xcstrings)"

    public static let triggeringExamples: [CheckExample] = [
        .editor("A German dock label of 17 columns (the dock has 14)",
                sdk: ["ly_img_editor_dock_button_stickers": ["en": "Stickers", "de": "Sticker"]],
                localizable: ["ly_img_editor_dock_button_stickers": ["en": "Sticker Packs", "de": "Aufklebersammlung"]]),
        .editor("A dock label set in code, verbatim: 'Brand Studio Pro' is 16 columns",
                sdk: ["ly_img_editor_dock_button_images": ["en": "Images", "de": "Bilder"]],
                more: ["App/Dock.swift": .text(#"let items = { Dock.Buttons.imagesLibrary(title: { _ in Text(verbatim: "Brand Studio Pro") }) }"#)]),
        .editor("A manifest budget per locale",
                sdk: ["ly_img_editor_dock_button_crop": ["en": "Crop", "de": "Zuschneiden"]],
                more: ["l10n.json": .text(#"{ "widths": [ { "name": "dock", "keys": "ly_img_editor_dock_*", "budget": 14, "locales": { "de": 8 } } ] }"#)]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .editor("Labels within the budget; a sheet title has none",
                sdk: ["ly_img_editor_dock_button_stickers": ["en": "Stickers", "de": "Sticker"],
                      "ly_img_editor_sheet_crop_title": ["en": "Crop and straighten the image", "de": "Bild zuschneiden und gerade ausrichten"]]),
        .editor("Markup is not shown: ^[%lld Page](inflect: true) measures as '00 Page'",
                sdk: ["ly_img_editor_navigation_bar_button_pages_mode %lld": ["en": "^[%lld Page](inflect: true)", "de": "^[%lld Seite](inflect: true)"]]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        guard !context.budgets.isEmpty else { return [] }
        // One value a key shows: from which layer and locale (nil: the source text), how wide,
        // and the locales whose devices see it cut.
        struct Shown { var layer: Int; var locale: String?; var value: String; var columns: Int; var locales: [String] = [] }
        var order: [(key: String, shown: Shown, surface: WidthBudget)] = []
        // Per key, compared one by one: a key shows a few values, and hashing the key with
        // each cost more than the rest of the check.
        var values: [Shown] = []
        var cut: [Int] = []
        let surfaces = WidthBudget.Surfaces(context.budgets)
        for (offset, key) in context.chainKeys.enumerated() {
            guard let surface = surfaces.surface(of: key) else { continue }
            let (winner, entry) = context.chainWinners[offset]
            values.removeAll(keepingCapacity: true)
            cut.removeAll(keepingCapacity: true)
            // Devices in several locales often see one value (a fallback): measure it once.
            for (locale, shown) in zip(context.locales, context.shown(key, winner: winner, entry: entry, locales: context.locales)) {
                guard let shown else { continue }
                let index: Int
                if let seen = values.firstIndex(where: { $0.layer == shown.layer && $0.locale == shown.locale }) {
                    index = seen
                } else {
                    index = values.count
                    values.append(Shown(layer: shown.layer, locale: shown.locale, value: shown.value,
                                        columns: TextWidth.columns(DisplayText.visible(shown.value))))
                }
                guard values[index].columns > surface.budget(for: locale) else { continue }
                if values[index].locales.isEmpty { cut.append(index) }
                values[index].locales.append(locale)
            }
            for index in cut { order.append((key, values[index], surface)) }
        }
        return order.map { key, shown, surface in
            chainFinding(context, key, shown.layer, shown.locale, shown.locales, shown.value, shown.columns, surface)
        } + codeLabelFindings(context)
    }

    /// Labels set in code, measured per offered locale as their `Text` shows.
    private func codeLabelFindings(_ context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        for view in context.codeLabelViews() {
            guard let surface = WidthBudget.surface(of: view.label.surfaceKey, in: context.budgets) else { continue }
            // An SDK key shown on its own surface is measured at its catalog line already.
            if case .editorKey(let key) = view.label.content, WidthBudget.surface(of: key, in: context.budgets) == surface { continue }
            var devices: [String: [String]] = [:]
            var order: [(String, Int)] = []
            var measured: [String: Int] = [:]
            for (locale, shown) in zip(context.locales, view.shown) {
                let columns = measured[shown] ?? TextWidth.columns(DisplayText.visible(shown))
                measured[shown] = columns
                guard columns > surface.budget(for: locale) else { continue }
                if devices[shown] == nil { order.append((shown, columns)) }
                devices[shown, default: []].append(locale)
            }
            let label = view.label
            for (shown, columns) in order {
                let locales = devices[shown]!
                let who = locales.map(context.device(for:)).joined(separator: ", ")
                result.append(finding(file: view.file, key: view.key ?? label.writtenText, locale: view.key == nil ? nil : locales[0],
                                      line: label.line, column: label.column,
                                      message: "\(label.surface.rawValue).Buttons.\(label.button)(\(label.parameter):) shows \(CheckContext.quoted(shown)), \(columns) columns wide; the \(surface.name) has \(surface.budget(for: locales[0])): \(who) devices see it truncated",
                                      hint: "shorten the text in code (or its values in Localizable.xcstrings)",
                                      device: DeviceOutcome(device: context.device(for: locales[0]), shows: shown)))
            }
        }
        return result
    }

    /// A chain label's finding: the value a layer shows in `locale` (nil: its source text) to the devices of `locales`.
    private func chainFinding(_ context: CheckContext, _ key: String, _ layer: Int, _ locale: String?, _ locales: [String],
                              _ value: String, _ columns: Int, _ surface: WidthBudget) -> Finding {
        let valueLocale = locale ?? (context.chain[layer].catalogSourceLanguage ?? context.sourceLanguage)
        var message = MessageBuilder()
        CheckContext.appendQuoted(value, to: &message)
        message.append(" is ")
        message.append(columns)
        message.append(" columns wide; the ")
        message.append(surface.name)
        message.append(" has ")
        message.append(surface.budget(for: locales[0]))
        message.append(": ")
        // A loop, not `locales.lazy.map(context.device(for:))`: the lazy map's method value
        // held a copy of the whole context (a retain of each of its fields) per finding.
        for (number, cutLocale) in locales.enumerated() {
            if number > 0 { message.append(", ") }
            message.append(context.device(for: cutLocale))
        }
        message.append(" devices see it truncated")
        return finding(file: context.chain[layer].file(locale: valueLocale), key: key, locale: valueLocale, message: message.text,
                       device: DeviceOutcome(device: context.device(for: locales[0]), shows: value))
    }
}
