import L10nFormats

/// A device variation without its `other` case: Xcode's editor always keeps an "Other" row,
/// the text of every device the variation does not name, so a file without it was edited by
/// hand or by a tool, and those devices have no text of the localization for the string.
public struct DeviceWithoutOtherCheck: Check {
    public static let id = "device-without-other"
    public static let defaultSeverity = Severity.warning
    public static let summary = "A device variation has no 'other' case, so the devices it does not name have no text for it"
    public static let hint = "add the variation's 'other' case (Xcode's \"Other\" row): the text every device the variation does not name shows"

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
        // The string units the context gathered once, not the catalogs walked again: most are
        // an entry's own string, settled by `isRoot`. A localization's units come together, so
        // its device variations' case names are gathered while its units last, by the path
        // before `device` (a localization has one or two: no table of them is worth hashing).
        var result: [Finding] = []
        var file: CheckContext.AppCatalog?
        var key = "", locale = ""
        var variations: [(prefix: ArraySlice<String>, names: [String])] = []
        func flush() {
            defer { variations.removeAll(keepingCapacity: true) }
            // Most variations have their `other`: settled before the entry is looked up.
            guard let file, variations.contains(where: { !$0.names.contains("other") }),
                  file.catalog.entries[key]?.isToTranslate ?? false else { return }
            for variation in variations {
                guard let (listed, left) = CatalogVariations.devicesLeftOut(byCases: variation.names) else { continue }
                let described = PlaceholderMismatchCheck.describe(key, StringUnitPath(Array(variation.prefix) + ["device"]))
                result.append(finding(file: file.path, key: key, locale: locale,
                                      message: "\(described) [\(locale)] varies for \(listed.joined(separator: ", ")) and has no 'other': \(left.joined(separator: ", ")) devices have no '\(locale)' text for it"))
            }
        }
        context.appUnitsInPlace { catalog, unit in
            guard !unit.isRoot else { return }
            if file !== catalog || !unit.hasKey(key) || !unit.isIn(locale) {
                flush()
                file = catalog
                key = unit.key
                locale = unit.locale
            }
            let components = unit.path.components
            var index = 0
            while index + 1 < components.count {
                if components[index] == "device" {
                    let prefix = components[..<index], name = components[index + 1]
                    if let known = variations.firstIndex(where: { $0.prefix == prefix }) {
                        if !variations[known].names.contains(name) { variations[known].names.append(name) }
                    } else {
                        variations.append((prefix, [name]))
                    }
                }
                index += 2
            }
        }
        flush()
        return result
    }
}
