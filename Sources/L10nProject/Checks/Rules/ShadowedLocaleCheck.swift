import L10nCore
/// A custom label whose winning app layer lacks a locale that a lower layer translates: a device
/// in that locale renders the app's source text instead of the translation below.
public struct ShadowedLocaleCheck: Check {
    public static let id = "shadowed-locale"
    public static let defaultSeverity = Severity.error
    public static let summary = "A custom label lacks a locale that a lower layer translates, so devices in it show the app's source text"
    public static let hint = "add the locale to the override (or remove the override so the translation below shows)"

    public static let triggeringExamples: [CheckExample] = [
        .editor("An English-only rename hides the SDK's German",
                sdk: ["ly_img_editor_canvas_menu_button_duplicate": ["en": "Duplicate", "de": "Duplizieren"]],
                localizable: ["ly_img_editor_canvas_menu_button_duplicate": ["en": "Copy"]]),
        .editor("The rename in Localizable hides the French of the app's own editor table",
                declared: ["en", "fr"],
                sdk: ["ly_img_editor_dock_button_crop": ["en": "Crop"]],
                localizable: ["ly_img_editor_dock_button_crop": ["en": "Trim"]],
                editorTable: ["ly_img_editor_dock_button_crop": ["en": "Crop", "fr": "Recadrer"]]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .editor("The rename carries every locale the SDK has",
                sdk: ["ly_img_editor_canvas_menu_button_duplicate": ["en": "Duplicate", "de": "Duplizieren"]],
                localizable: ["ly_img_editor_canvas_menu_button_duplicate": ["en": "Copy", "de": "Kopieren"]]),
        .editor("The SDK's locale is one the app does not offer",
                declared: ["en"],
                sdk: ["ly_img_editor_canvas_menu_button_duplicate": ["en": "Duplicate", "de": "Duplizieren"]],
                localizable: ["ly_img_editor_canvas_menu_button_duplicate": ["en": "Copy"]]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        for (offset, key) in context.chainKeys.enumerated() {
            let (winner, entry) = context.chainWinners[offset]
            guard context.chain[winner].layer.role == .app else { continue }
            let layer = context.chain[winner]
            if entry?.shouldTranslate == false { continue }
            var below = CheckContext.LayersBelow(context, key: key, winner: winner)
            for locale in context.locales where locale != context.sourceLanguage {
                guard !layer.hasValue(key, entry: entry, locale: locale) else { continue }
                guard let (lowerIndex, translation) = below.translation(locale: locale) else { continue }
                guard let shown = context.shown(key, winner: winner, entry: entry, locales: [locale])[0], shown.layer == winner,
                      shown.locale != locale else { continue }
                let device = context.device(for: locale)
                let lower = context.chain[lowerIndex].layer
                // Built in one buffer: interpolating the message cost more than finding it.
                var message = MessageBuilder()
                message.append(device)
                message.append(" shows ")
                CheckContext.appendQuoted(shown.value, to: &message)
                if lower.role == .sdk {
                    message.append(", not the SDK's ")
                } else {
                    message.append(", not ")
                    message.append(lower.name)
                    message.append("'s ")
                }
                CheckContext.appendQuoted(translation, to: &message)
                message.append(": the override in ")
                message.append(layer.layer.name)
                message.append(" has no '")
                message.append(locale)
                message.append("' and wins the lookup")
                result.append(finding(
                    file: layer.layer.catalogPath ?? layer.table?.path(locale: context.sourceLanguage), key: key, locale: locale,
                    message: message.text, device: DeviceOutcome(device: device, shows: shown.value, instead: translation)))
            }
        }
        return result
    }
}
