import L10nFormats
import L10nProject

/// Renders what devices see (`DeviceView`) as terminal text or JSON; shared by `match --project`
/// and the pipeline's `devices` stage.
public enum DeviceReport {
    /// One block per device: the preferred languages, then each bundle's choice and fallbacks.
    public static func text(_ views: [DeviceView]) -> String {
        var lines: [String] = []
        for view in views {
            lines.append("device " + (view.preferredLanguages.isEmpty ? "with no preferred language" : view.preferredLanguages.joined(separator: ",")))
            for choice in view.bundles {
                let shown = choice.localizations.first ?? "(none)"
                let rest = choice.localizations.dropFirst()
                lines.append("  \(choice.bundle) (\(choice.kind.rawValue)): \(shown)"
                             + (rest.isEmpty ? "" : ", then " + rest.joined(separator: ", ")))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Compact JSON: an array of device objects, one device or several (one top-level type
    /// whatever the arguments, as json.md promises).
    public static func json(_ views: [DeviceView]) -> String {
        func object(_ view: DeviceView) -> JSONValue {
            .object([
                ("preferred", .array(view.preferredLanguages.map(JSONValue.string))),
                ("bundles", .array(view.bundles.map { choice in
                    .object([
                        ("bundle", .string(choice.bundle)),
                        ("kind", .string(choice.kind.rawValue)),
                        ("available", .array(choice.available.map(JSONValue.string))),
                        ("localizations", .array(choice.localizations.map(JSONValue.string))),
                    ])
                })),
            ])
        }
        return JSONWriter.compactString(.array(views.map(object)))
    }
}
