/// A label wider than the room its surface gives it, as a device in each offered locale sees it
/// through the lookup chain.
public struct WidthCheck: Check {
    public static let id = "width"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A label is wider, in display columns, than the budget of its UI surface"
    public static let hint = "shorten the label (an SDK value is shortened by overriding it in Localizable.xcstrings)"

    public static let triggeringExamples: [CheckExample] = [
        .editor("A German dock label of 17 columns (the dock has 14)",
                sdk: ["ly_img_editor_dock_button_stickers": ["en": "Stickers", "de": "Sticker"]],
                localizable: ["ly_img_editor_dock_button_stickers": ["en": "Sticker Packs", "de": "Aufklebersammlung"]]),
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
        struct Shown: Hashable { var key: String; var layer: Int; var locale: String? }
        var devices: [Shown: [String]] = [:]
        var order: [(Shown, String, Int, WidthBudget)] = []
        for key in context.chainKeys {
            guard let surface = WidthBudget.surface(of: key, in: context.budgets) else { continue }
            // Devices in several locales often see one value (a fallback): measure it once.
            var measured: [Shown: Int] = [:]
            for (locale, shown) in zip(context.locales, context.shown(key, locales: context.locales)) {
                guard let shown else { continue }
                let id = Shown(key: key, layer: shown.layer, locale: shown.locale)
                let columns = measured[id] ?? TextWidth.columns(DisplayText.visible(shown.value))
                measured[id] = columns
                guard columns > surface.budget(for: locale) else { continue }
                if devices[id] == nil { order.append((id, shown.value, columns, surface)) }
                devices[id, default: []].append(locale)
            }
        }
        return order.map { id, value, columns, surface in
            let locales = devices[id]!
            let valueLocale = id.locale ?? (context.chain[id.layer].catalog?.sourceLanguage ?? context.sourceLanguage)
            let budget = surface.budget(for: locales[0])
            let who = locales.map(context.device(for:)).joined(separator: ", ")
            return finding(file: context.chain[id.layer].file(locale: valueLocale), key: id.key, locale: valueLocale,
                           message: "\(CheckContext.quoted(value)) is \(columns) columns wide; the \(surface.name) has \(budget): \(who) devices see it truncated",
                           device: DeviceOutcome(device: context.device(for: locales[0]), shows: value))
        }
    }
}
