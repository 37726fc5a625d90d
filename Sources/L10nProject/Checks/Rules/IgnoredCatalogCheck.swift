/// An app catalog the lookup chain never reads that holds SDK keys: renames that never show.
public struct IgnoredCatalogCheck: Check {
    public static let id = "ignored-catalog"
    public static let defaultSeverity = Severity.warning
    public static let summary = "An app catalog the editor never reads holds SDK keys, so its renames never show"
    public static let hint = "move these entries into Localizable.xcstrings (renames) or IMGLYEditor.xcstrings (translations)"

    public static let triggeringExamples: [CheckExample] = [
        .editor("MyBrand.xcstrings renames an SDK key",
                sdk: ["ly_img_editor_navigation_bar_button_export": ["en": "Export"]],
                more: ["App/MyBrand.xcstrings": .catalog(["ly_img_editor_navigation_bar_button_export": ["en": "Share"]])]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .editor("Another table with the app's own strings",
                sdk: ["ly_img_editor_navigation_bar_button_export": ["en": "Export"]],
                more: ["App/Onboarding.xcstrings": .catalog(["welcome_title": ["en": "Welcome"]])]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        guard let sdk = context.sdkCatalog else { return [] }
        return context.project.ignoredCatalogs.compactMap { file in
            let keys = file.catalog.orderedKeys.filter { sdk.entries[$0] != nil }
            guard let first = keys.first else { return nil }
            let listed = keys.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ") + (keys.count > 5 ? ", …" : "")
            return finding(file: file.path, key: first,
                           message: "\(file.path) is not in the lookup chain (\(context.project.lookupChain.layers.map(\.name).joined(separator: " → "))), so its \(keys.count) SDK key\(keys.count == 1 ? "" : "s") never show: \(listed)")
        }
    }
}
