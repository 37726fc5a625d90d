import Foundation

/// The Info.plist keys Xcode localizes through a bundle's `InfoPlist.strings`, with the display
/// name Xcode writes as each unit's `<note>` when it exports them.
///
/// Xcode's export holds an Info.plist's localizable string keys as the table
/// `<folder>/<development language>.lproj/InfoPlist.strings`, also where the repository has no
/// such file (it synthesizes the table from the plist). Sources of the table below:
/// - seen in Xcode 15.0's export of Elytra (`../shared/fixtures/xliff/Elytra.de.xliff`) and
///   Xcode 11.6's of exelban/stats: `CFBundleDisplayName`, `CFBundleName`,
///   `NSAppleEventsUsageDescription`, `NSHumanReadableCopyright`, `NSHumanReadableDescription`,
///   `NSPhotoLibraryAddUsageDescription`;
/// - the others: the names Xcode's Info editor shows for Apple's documented keys ("Privacy -
///   Tracking Usage Description" for `NSUserTrackingUsageDescription`, as Apple's documentation
///   of that key spells it), which are the notes Xcode writes for the keys above.
public enum InfoPlistStrings {
    /// The table's name: the runtime reads the plist's translations from `InfoPlist.strings`.
    public static let table = "InfoPlist"

    /// Xcode's note for each localizable key.
    public static let notes: [String: String] = [
        "CFBundleDisplayName": "Bundle display name",
        "CFBundleName": "Bundle name",
        "NSHumanReadableCopyright": "Copyright (human-readable)",
        "NSHumanReadableDescription": "Human readable description",
        "NSAppleEventsUsageDescription": "Privacy - AppleEvents Sending Usage Description",
        "NSPhotoLibraryAddUsageDescription": "Privacy - Photo Library Additions Usage Description",
        "NSPhotoLibraryUsageDescription": "Privacy - Photo Library Usage Description",
        "NSCameraUsageDescription": "Privacy - Camera Usage Description",
        "NSMicrophoneUsageDescription": "Privacy - Microphone Usage Description",
        "NSContactsUsageDescription": "Privacy - Contacts Usage Description",
        "NSCalendarsUsageDescription": "Privacy - Calendars Usage Description",
        "NSRemindersUsageDescription": "Privacy - Reminders Usage Description",
        "NSFaceIDUsageDescription": "Privacy - Face ID Usage Description",
        "NSLocationWhenInUseUsageDescription": "Privacy - Location When In Use Usage Description",
        "NSLocationAlwaysAndWhenInUseUsageDescription": "Privacy - Location Always and When In Use Usage Description",
        "NSBluetoothAlwaysUsageDescription": "Privacy - Bluetooth Always Usage Description",
        "NSUserTrackingUsageDescription": "Privacy - Tracking Usage Description",
    ]

    /// Whether the runtime reads a translation of `key` from `InfoPlist.strings`: a key of the
    /// table above, or any other usage description (`NS…UsageDescription`), which iOS shows in
    /// its permission prompt.
    public static func isLocalizable(_ key: String) -> Bool {
        notes[key] != nil || (key.hasPrefix("NS") && key.hasSuffix("UsageDescription")) || key == "NFCReaderUsageDescription"
    }

    /// Whether Xcode's export holds the key with this value: a key of the table whose value
    /// names no build setting (Xcode exports the value the build expands, `$(PRODUCT_NAME)` →
    /// the product's name, which the plist does not hold).
    public static func isExported(key: String, value: String) -> Bool {
        notes[key] != nil && !namesBuildSetting(value)
    }

    /// Whether a value holds a build setting Xcode expands (`$(PRODUCT_NAME)`, `${EXECUTABLE_NAME}`).
    public static func namesBuildSetting(_ value: String) -> Bool {
        value.contains("$(") || value.contains("${")
    }
}
