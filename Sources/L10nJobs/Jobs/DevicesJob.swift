import Foundation
import L10nLocale
import L10nProject

/// What devices with these language lists show of a loaded project: the localization each one
/// chooses and how many labels it shows in which language. The one way `l10n match --project`
/// and a pipeline's devices stage compute it.
public struct DevicesJob: Sendable {
    /// One device per list, most preferred language first.
    public var languageLists: [[String]]
    public var matcher: LocaleMatcher

    /// One device per language of `Project.commonDeviceLanguages`, what `match --project` and the
    /// devices stage show when not told.
    public static let commonDevices = Project.commonDeviceLanguages.map { [$0] }

    public init(languageLists: [[String]] = DevicesJob.commonDevices, matcher: LocaleMatcher = LocaleMatcher()) {
        self.languageLists = languageLists
        self.matcher = matcher
    }

    public func run(on project: Project) -> [DeviceView] {
        // The SDK's locales are the same for every device: found once.
        let sdkLocales = project.sdkLocales
        return languageLists.map { project.deviceView(preferred: $0, matcher: matcher, sdkLocales: sdkLocales) }
    }
}
