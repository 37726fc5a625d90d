/// An editor button label set in Swift code with a `LocalizedStringKey` text (`Text("Pictures")`)
/// that the app's `Localizable` table does not define, or defines for only some offered locales:
/// the button no longer reads its SDK key, so those devices see the text as written.
public struct CodeLabelUnlocalizedCheck: Check {
    public static let id = "code-label-unlocalized"
    public static let defaultSeverity = Severity.warning
    public static let summary = "An editor label set in code (Text(\"…\") in a title:/label: closure) is not localized into every offered locale"
    public static let hint = "add the text as a key of Localizable.xcstrings with a value for every offered locale, "
        + "or show an SDK key with Text(.imgly.localized(\"ly_img_editor_…\")), or mark it Text(verbatim:) if it must not be translated"

    static let configuration = ExampleFile.text("""
    import IMGLYEditor
    import SwiftUI

    /// The dock with the brand's word for images.
    struct BrandDock {
        func configure(_ builder: EditorConfigurationBuilder) {
            builder.dock { dock in
                dock.items { _ in
                    Dock.Buttons.imagesLibrary(title: { _ in
                        Text("Pictures")
                    })
                }
            }
        }
    }
    """)
    public static let triggeringExamples: [CheckExample] = [
        .editor("No table defines 'Pictures': every device shows it in English",
                sdk: ["ly_img_editor_dock_button_images": ["en": "Images", "de": "Bilder"]],
                more: ["App/BrandDock.swift": configuration]),
        .editor("Localizable has 'Pictures' in en only: a de device sees 'Pictures'",
                sdk: ["ly_img_editor_dock_button_images": ["en": "Images", "de": "Bilder"]],
                localizable: ["Pictures": ["en": "Pictures"]],
                more: ["App/BrandDock.swift": configuration]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .editor("Localizable has 'Pictures' in every offered locale",
                sdk: ["ly_img_editor_dock_button_images": ["en": "Images", "de": "Bilder"]],
                localizable: ["Pictures": ["en": "Pictures", "de": "Motive"]],
                more: ["App/BrandDock.swift": configuration]),
        .editor("Text(verbatim:) opts out; the SDK key read through .imgly.localized; a comment does not count",
                sdk: ["ly_img_editor_dock_button_images": ["en": "Images", "de": "Bilder"]],
                more: ["App/BrandDock.swift": .text("""
                // Dock.Buttons.imagesLibrary(title: { _ in Text("Pictures") })
                let items = {
                    Dock.Buttons.imagesLibrary(title: { _ in Text(verbatim: "Pixa") })
                    Dock.Buttons.imagesLibrary(title: { _ in Text(.imgly.localized("ly_img_editor_dock_button_images")) })
                }
                """)]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        for view in context.codeLabelViews() {
            guard case .localizedKey(let key) = view.label.content else { continue }
            let place = "\(view.label.surface.rawValue).Buttons.\(view.label.button)(\(view.label.parameter):) shows Text(\"\(key.text)\")"
            if !view.isDefined {
                let bundle = context.codeKeys.bundle(ofSwiftFile: view.file, project: context.project)
                let elsewhere = context.codeKeys.tables(defining: key, bundle: bundle).map { context.codeKeys.tables[$0]!.file }
                let table = view.label.table ?? "Localizable"
                let note = elsewhere.isEmpty ? "" : " (\(elsewhere.joined(separator: ", ")) has it, but Text reads \(table))"
                result.append(finding(file: view.file, key: key.text, line: view.label.line, column: view.label.column,
                                      message: "\(place), a key the app's \(table) table does not define\(note): every device shows \(CheckContext.quoted(key.text)) as written"))
                continue
            }
            for (locale, shown) in zip(context.locales, view.shown) where !view.localizedLocales.contains(locale) {
                result.append(finding(file: view.file, key: view.key, locale: locale, line: view.label.line, column: view.label.column,
                                      message: "\(place), which \(view.label.table ?? "Localizable") has no '\(locale)' value for: \(context.device(for: locale)) devices see \(CheckContext.quoted(shown))",
                                      device: DeviceOutcome(device: context.device(for: locale), shows: shown)))
            }
        }
        return result
    }
}
