/// An entry of the app's editor table whose source text is no longer the SDK's: its translations
/// were made from old text, and it shadows the SDK's current ones.
public struct StaleSourceCheck: Check {
    public static let id = "stale-source"
    public static let defaultSeverity = Severity.warning
    public static let summary = "An app copy of an SDK entry has source text the SDK no longer uses, so its translations are of old text"
    public static let hint = "copy the SDK's current text and retranslate; a deliberate rename belongs in Localizable.xcstrings"

    public static let triggeringExamples: [CheckExample] = [
        .editor("The copy still says what the SDK said before an update",
                sdk: ["ly_img_editor_dialog_close_confirm_text": ["en": "Unsaved changes will be lost.", "de": "Ungespeicherte Änderungen gehen verloren."]],
                editorTable: ["ly_img_editor_dialog_close_confirm_text": ["en": "Your changes will be lost.", "de": "Deine Änderungen gehen verloren."]]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .editor("The copy has the SDK's current text",
                sdk: ["ly_img_editor_dialog_close_confirm_text": ["en": "Unsaved changes will be lost.", "de": "Ungespeicherte Änderungen gehen verloren."]],
                editorTable: ["ly_img_editor_dialog_close_confirm_text": ["en": "Unsaved changes will be lost.", "fr": "Les modifications non enregistrées seront perdues."]]),
        .editor("A rename in Localizable is not a copy",
                sdk: ["ly_img_editor_dock_button_crop": ["en": "Crop"]],
                localizable: ["ly_img_editor_dock_button_crop": ["en": "Trim"]]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        guard let sdk = context.sdkCatalog else { return [] }
        var result: [Finding] = []
        for layer in context.chain where layer.layer.role == .app && layer.layer.table == ProjectDiscovery.editorTable {
            guard let catalog = layer.catalog else { continue }
            for key in catalog.orderedKeys {
                guard let sdkEntry = sdk.entries[key],
                      let current = CheckContext.plainValue(sdkEntry, locale: sdk.sourceLanguage),
                      let copied = CheckContext.plainValue(catalog.entries[key], locale: catalog.sourceLanguage),
                      copied != current else { continue }
                result.append(finding(file: layer.layer.catalogPath, key: key, locale: catalog.sourceLanguage,
                                      message: "\"\(key)\" in \(layer.layer.name) has the source \(CheckContext.quoted(copied)), the SDK now says \(CheckContext.quoted(current)): its translations are of the old text and hide the SDK's current ones"))
            }
        }
        return result
    }
}
