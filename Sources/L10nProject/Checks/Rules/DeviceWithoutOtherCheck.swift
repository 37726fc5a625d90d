import L10nFormats

/// A device variation without its `other` case: Xcode's editor always keeps an "Other" row,
/// the text of every device the variation does not name, so a file without it was edited by
/// hand or by a tool, and those devices have no text of the localization for the string.
public struct DeviceWithoutOtherCheck: Check {
    public static let id = "device-without-other"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A device variation has no 'other' case, so the devices it does not name have no text for it"
    public static let hint = "add the variation's 'other' case (Xcode's \"Other\" row): the text every device the variation does not name shows"

    /// The devices a catalog's device variation may name (Xcode 15 wrote `vision` for `applevision`).
    static let devices = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision"]

    public static let triggeringExamples: [CheckExample] = [
        .app("German varies for the Mac only: an iPhone or iPad has no German text", localizable: [
            "Tap to continue": ["en/device/mac": "Click to continue", "en/device/other": "Tap to continue",
                                "de/device/mac": "Klicken, um fortzufahren"],
        ]),
        .app("The source itself names iPhone and iPad without 'other'", localizable: [
            "Tap to continue": ["en/device/iphone": "Tap to continue", "en/device/ipad": "Tap to continue",
                                "de/device/iphone": "Tippen", "de/device/ipad": "Tippen", "de/device/other": "Tippen"],
        ]),
        .app("A plural form's device variation without 'other'", localizable: [
            "%lld photos": ["en/plural/one": "%lld photo", "en/plural/other": "%lld photos",
                            "de/plural/one/device/mac": "%lld Foto", "de/plural/other": "%lld Fotos"],
        ]),
    ]
    public static let nonTriggeringExamples: [CheckExample] = [
        .app("Xcode's variation: the Mac and every other device", localizable: [
            "Tap to continue": ["en/device/mac": "Click to continue", "en/device/other": "Tap to continue",
                                "de/device/mac": "Klicken, um fortzufahren", "de/device/other": "Tippen, um fortzufahren"],
        ]),
        .app("Every device named: none is left without a text", localizable: [
            "Continue": ["en/device/iphone": "Tap", "en/device/ipad": "Tap", "en/device/ipod": "Tap", "en/device/mac": "Click",
                         "en/device/applewatch": "Tap", "en/device/appletv": "Press", "en/device/applevision": "Look and tap"],
        ]),
    ]

    public init() {}

    public func findings(in context: CheckContext) -> [Finding] {
        var result: [Finding] = []
        for file in context.appCatalogFiles {
            let path = file.path
            for (key, entry) in file.catalog.entries where entry.isToTranslate {
                guard let localizations = entry.localizations else { continue }
                for (locale, localization) in localizations where !localization.hasNoVariationsOrSubstitutions {
                    Self.forEachDeviceVariation(in: localization) { prefix, cases in
                        guard cases["other"] == nil else { return }
                        let named = Set(cases.keys.map { $0 == "vision" ? "applevision" : $0 })
                        let left = Self.devices.filter { !named.contains($0) }
                        guard !left.isEmpty else { return }
                        let place = PlaceholderMismatchCheck.describe(key, StringUnitPath(prefix + ["device"]))
                        let names = Self.devices.filter(named.contains) + named.subtracting(Self.devices).sorted()
                        result.append(finding(file: path, key: key, locale: locale,
                                              message: "\(place) [\(locale)] varies for \(names.joined(separator: ", ")) and has no 'other': \(left.joined(separator: ", ")) devices have no '\(locale)' text for it"))
                    }
                }
            }
        }
        return result
    }

    /// Calls `body` with the path to each device variation of a localization (of the entry, of
    /// a plural form or of a substitution's) and its cases.
    static func forEachDeviceVariation(in localization: CatalogLocalization, prefix: [String] = [],
                                       _ body: (_ prefix: [String], _ cases: CatalogLocalizations) -> Void) {
        if let variations = localization.variations {
            for kind in variations.kinds.keys.sorted() {
                guard let cases = variations.kinds[kind] else { continue }
                if kind == "device" { body(prefix, cases) }
                for name in cases.keys.sorted() {
                    guard let variation = cases[name], !variation.hasNoVariationsOrSubstitutions else { continue }
                    forEachDeviceVariation(in: variation, prefix: prefix + [kind, name], body)
                }
            }
        }
        if let substitutions = localization.substitutions {
            for name in substitutions.keys.sorted() {
                guard let substitution = substitutions[name], let variations = substitution.variations else { continue }
                forEachDeviceVariation(in: CatalogLocalization(variations: variations), prefix: prefix + ["substitutions", name], body)
            }
        }
    }
}
