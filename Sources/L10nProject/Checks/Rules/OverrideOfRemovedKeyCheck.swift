import L10nCore

/// An override of a key the previous SDK version had and the current one removed: since the
/// upgrade it renames nothing, and devices show the SDK's text for the key that replaced it.
public struct OverrideOfRemovedKeyCheck: Check {
    public static let id = "override-of-removed-key"
    public static let defaultSeverity = Severity.error
    public static let summary = "An override names a key the SDK removed in this version (previousSdk had it): the rename does nothing since the upgrade"
    public static let hint = "move the rename to the key that replaced it (l10n sdk-diff OLD NEW --project . lists the likely renames)"

    private static let manifest: [String: ExampleFile] = [
        "l10n.json": .text(#"{ "previousSdk": "Vendor/Previous/IMGLYEditor.xcstrings" }"#),
        "Vendor/Previous/IMGLYEditor.xcstrings": .catalog([
            "ly_img_editor_dock_button_trim": ["en": "Trim", "de": "Zuschneiden"],
            "ly_img_editor_dock_button_text": ["en": "Text", "de": "Text"],
        ]),
    ]

    public static let triggeringExamples: [CheckExample] = [
        .editor("The SDK renamed its trim button's key to ..._crop; the app still renames the old key",
                sdk: ["ly_img_editor_dock_button_crop": ["en": "Trim", "de": "Zuschneiden"],
                      "ly_img_editor_dock_button_text": ["en": "Text", "de": "Text"]],
                editorTable: ["ly_img_editor_dock_button_trim": ["en": "Cut", "de": "Schneiden"]],
                more: manifest),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .editor("The override moved to the new key",
                sdk: ["ly_img_editor_dock_button_crop": ["en": "Trim", "de": "Zuschneiden"]],
                editorTable: ["ly_img_editor_dock_button_crop": ["en": "Cut", "de": "Schneiden"]],
                more: manifest),
        .editor("Without previousSdk nothing is known of removed keys (a key no layer below has is unknown-key's)",
                sdk: ["ly_img_editor_dock_button_crop": ["en": "Trim"]],
                editorTable: ["ly_img_editor_dock_button_trim": ["en": "Cut"]]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        guard let previous = context.project.previousSDK?.catalog, let current = context.sdkCatalog else { return [] }
        let diff = SDKDiff(old: previous, new: current)
        var result: [Finding] = []
        for (position, layer) in context.chain.enumerated() where layer.layer.role == .app {
            guard let catalog = layer.catalog else { continue }
            for key in catalog.orderedKeys where previous.entries[key] != nil
                && !context.chain[(position + 1)...].contains(where: { $0.contains(key) }) {
                let oldSource = SDKDiff.sourceText(of: key, in: previous)
                let rename = diff.likelyRename(of: key, oldSource: oldSource)
                let instead = rename.map { " (likely renamed to \"\($0.key)\", English \(MessageText.quoted($0.source)), \($0.score)% alike)" } ?? ""
                result.append(finding(
                    file: layer.layer.catalogPath, key: key,
                    message: "\(layer.layer.name) renames \"\(key)\", which the SDK removed since the previous version\(instead); the rename does nothing, devices show the SDK's text",
                    hint: rename.map { "move the override to \"\($0.key)\"" }))
            }
        }
        return result
    }
}
