import L10nLocale

/// What one bundle of the project shows on a device.
public struct BundleChoice: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case app
        /// The editor SDK's bundle, following the app's choice.
        case sdk
        /// Another framework bundle with its own `.lproj` tables.
        case framework
        /// An app extension (a widget): its own process's main bundle, matched against the
        /// device's languages.
        case appExtension = "extension"
        /// The Settings app's `Settings.bundle`: matched against the device's languages too.
        case settings
        /// A watch app: an app of its own on the watch, matched against the device's languages.
        case watchApp = "watch app"
        /// An App Clip: an app of its own, matched against the device's languages.
        case appClip = "App Clip"
        /// An application for another platform beside the app (a macOS or tvOS app of the same
        /// project): an app of its own, matched against its device's languages.
        case otherPlatformApp = "app for another platform"

        /// Whether the bundle is its own process's main bundle, choosing from the device's
        /// languages, rather than a framework following the app's choice.
        public var choosesOwnLanguage: Bool { self != .sdk && self != .framework }
    }

    public var bundle: String
    public var kind: Kind
    /// The localizations the bundle offers.
    public var available: [String]
    /// The localizations it uses, best first (the first one renders).
    public var localizations: [String]
}

/// What a device with given preferred languages sees: the app's localization and, for every
/// framework, the one it shows when it follows the app's choice.
public struct DeviceView: Sendable, Equatable {
    public var preferredLanguages: [String]
    public var bundles: [BundleChoice]

    public var app: BundleChoice { bundles[0] }
}

extension Project {
    /// Device languages worth checking by default: one per declared localization's language
    /// variant that users commonly have, plus the traps from the design (regional variants
    /// and scripts that match differently than people expect).
    public static let commonDeviceLanguages = ["en-US", "en-IN", "de-AT", "fr-CA", "es-MX", "pt-PT", "ja-JP", "zh-HK", "ru-RU"]

    /// Computes what each bundle shows for a device whose preferred languages are `preferred`.
    public func deviceView(preferred: [String], matcher: LocaleMatcher = LocaleMatcher()) -> DeviceView {
        deviceView(preferred: preferred, matcher: matcher, sdkLocales: sdkLocales)
    }

    /// `deviceView(preferred:)` with the SDK's locales already gathered (a scan of every SDK
    /// entry), for callers that look at many devices.
    package func deviceView(preferred: [String], matcher: LocaleMatcher = LocaleMatcher(), sdkLocales: [String]) -> DeviceView {
        let appLocalizations = app.localizations
        var bundles = [BundleChoice(bundle: app.name, kind: .app, available: app.availableLocalizations,
                                    localizations: appLocalizations.localizations(forPreferredLanguages: preferred, matcher: matcher))]
        var frameworks: [(String, BundleChoice.Kind, [String])] = []
        if let sdk = lookupChain.sdkLayer {
            frameworks.append((sdk.bundle, .sdk, sdkLocales))
        }
        let extensions = extensionBundles, separate = separateApps
        let owned = stringsTables.map(\.bundle) + catalogs.filter { ownsCatalog(atPath: $0.path) }.map(\.bundle)
        for name in owned where name != app.name && !frameworks.contains(where: { $0.0 == name }) {
            let kind: BundleChoice.Kind = !extensions.contains(name) ? .framework : isSettingsBundle(name) ? .settings
                : separate[name] ?? .appExtension
            frameworks.append((name, kind, localizations(ofBundle: name)))
        }
        for (name, kind, locales) in frameworks {
            let localizations = BundleLocalizations(lprojFolders: locales, developmentRegion: sourceLanguage)
            bundles.append(BundleChoice(bundle: name, kind: kind, available: locales.filter { $0 != "Base" },
                                        localizations: kind.choosesOwnLanguage
                                            ? localizations.localizations(forPreferredLanguages: preferred, matcher: matcher)
                                            : localizations.localizations(forPreferredLanguages: preferred, inApp: appLocalizations, matcher: matcher)))
        }
        return DeviceView(preferredLanguages: preferred, bundles: bundles)
    }

    /// Whether the bundle named so is a `Settings.bundle` directory's (its tables lie in one).
    private func isSettingsBundle(_ name: String) -> Bool {
        name == "Settings" && stringsTables.contains { $0.bundle == name && ProjectDiscovery.bundleDirectory(of: $0.folder + "/x")?.name == "Settings" }
    }
}
