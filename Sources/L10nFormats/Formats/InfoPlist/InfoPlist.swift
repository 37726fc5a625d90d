import Foundation
import L10nCore

/// The localization keys of a bundle's `Info.plist` (XML or binary).
///
/// XML files are read with libxml2 so that every key and error has a line; binary files go
/// through Foundation's `PropertyListSerialization` and name the file, without a position.
public struct InfoPlist: Equatable, Sendable {
    public enum Format: String, Sendable {
        case xml
        case binary
    }

    public static let developmentRegionKey = "CFBundleDevelopmentRegion"
    public static let localizationsKey = "CFBundleLocalizations"
    public static let allowMixedLocalizationsKey = "CFBundleAllowMixedLocalizations"
    public static let packageTypeKey = "CFBundlePackageType"

    public var path: String
    public var format: Format
    /// `CFBundleDevelopmentRegion` as written: often `en`, in templates `$(DEVELOPMENT_LANGUAGE)`.
    public var developmentRegion: String?
    /// `CFBundleLocalizations` in file order, empty strings left out.
    public var localizations: [String]
    /// `CFBundleAllowMixedLocalizations` as the bundle reads it: a boolean, a string `YES` or
    /// `true` (any case), or a non-zero number means true; absent means false.
    public var allowsMixedLocalizations: Bool
    /// Where each of the three keys was found (XML files only).
    public var keyLocations: [String: SourceLocation]
    /// `CFBundlePackageType` as written: `APPL` for an app, `BNDL` for a test or plug-in bundle,
    /// `$(PRODUCT_BUNDLE_PACKAGE_TYPE)` in templates since Xcode 11.
    public var packageType: String? = nil
    /// Whether the root holds any `CFBundle…` key: a `GoogleService-Info.plist` has none, and is
    /// no bundle's Info.plist.
    public var describesBundle = false
    /// Whether it describes an app extension (`NSExtension`, a widget's or a share sheet's), a
    /// watch app (`WKCompanionAppBundleIdentifier`, `WKWatchKitApp`, `WKApplication`) or an App
    /// Clip (`NSAppClip`): not the app, and each chooses its own language.
    public var describesExtension = false
    /// Whether that is a watch app.
    public var describesWatchApp = false
    /// Whether that is an App Clip.
    public var describesAppClip = false
    /// The root's string values by key (the last of a repeated key, as Foundation reads it):
    /// what an `InfoPlist.strings` table translates.
    public var strings: [String: String] = [:]

    public init(path: String, format: Format = .xml, developmentRegion: String? = nil, localizations: [String] = [],
                allowsMixedLocalizations: Bool = false, keyLocations: [String: SourceLocation] = [:]) {
        self.path = path
        self.format = format
        self.developmentRegion = developmentRegion
        self.localizations = localizations
        self.allowsMixedLocalizations = allowsMixedLocalizations
        self.keyLocations = keyLocations
    }

    /// Whether the development region is an unexpanded build setting (`$(DEVELOPMENT_LANGUAGE)`),
    /// known only from the Xcode project.
    public var developmentRegionIsBuildSetting: Bool {
        developmentRegion?.contains("$(") ?? false || developmentRegion?.contains("${") ?? false
    }
}

/// Reads `Info.plist` files.
public enum InfoPlistReader: FormatReader {
    public static func parse(_ data: Data, path: String) throws -> InfoPlist {
        let start = SourceLocation(file: path)
        let root: PropertyListDictionary
        let format: InfoPlist.Format
        if data.starts(with: Array("bplist".utf8)) {
            format = .binary
            let object: Any
            do {
                object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            } catch {
                throw XMLStreamError("malformed binary property list", at: start,
                                     hint: "convert it to XML with `plutil -convert xml1` on a Mac to see what is wrong")
            }
            guard let dictionary = value(object)?.dictionary else {
                throw XMLStreamError("the root of an Info.plist must be a dict", at: start)
            }
            root = dictionary
        } else {
            format = .xml
            let value = try PropertyListXMLReader.parse(data, path: path)
            guard case .dictionary(let dictionary) = value else {
                throw XMLStreamError("the root of an Info.plist must be a dict, not \(value.typeName)", at: start,
                                     hint: "an Info.plist is <plist version=\"1.0\"><dict>...</dict></plist>")
            }
            root = dictionary
        }

        var info = InfoPlist(path: path, format: format, developmentRegion: nil, localizations: [],
                             allowsMixedLocalizations: false, keyLocations: [:])
        info.packageType = root.member(InfoPlist.packageTypeKey)?.value.string
        info.describesBundle = root.members.contains { $0.key.hasPrefix("CFBundle") }
        info.describesWatchApp = root.members.contains { ["WKCompanionAppBundleIdentifier", "WKWatchKitApp", "WKApplication"].contains($0.key) }
        info.describesAppClip = root.member("NSAppClip") != nil
        for member in root.members { if let text = member.value.string { info.strings[member.key] = text } }
        info.describesExtension = info.describesWatchApp || info.describesAppClip
            || root.members.contains { ["NSExtension", "EXAppExtensionAttributes"].contains($0.key) }
        func wrongType(_ member: PropertyListDictionary.Member, _ expected: String) -> XMLStreamError {
            XMLStreamError("\(member.key) must be \(expected), not \(member.value.typeName)", at: member.location ?? start,
                           hint: "fix the value in the target's Info tab or in the Info.plist file")
        }
        if let member = root.member(InfoPlist.developmentRegionKey) {
            guard let region = member.value.string else { throw wrongType(member, "a string") }
            info.developmentRegion = region
            info.keyLocations[member.key] = member.location
        }
        if let member = root.member(InfoPlist.localizationsKey) {
            guard case .array(let values) = member.value else { throw wrongType(member, "an array of strings") }
            for element in values {
                guard let locale = element.string else {
                    throw XMLStreamError("\(member.key) must hold only strings, not \(element.typeName)", at: member.location ?? start,
                                         hint: "list localizations as <string>de</string> elements")
                }
                if !locale.isEmpty { info.localizations.append(locale) }
            }
            info.keyLocations[member.key] = member.location
        }
        if let member = root.member(InfoPlist.allowMixedLocalizationsKey) {
            switch member.value {
            case .boolean(let flag): info.allowsMixedLocalizations = flag
            case .string(let text):
                info.allowsMixedLocalizations = ["true", "yes"].contains(text.lowercased())
            case .integer(let text), .real(let text):
                info.allowsMixedLocalizations = (Double(text) ?? Double(Int(text.dropFirst(2), radix: 16) ?? 0)) != 0
            default:
                throw wrongType(member, "a boolean")
            }
            info.keyLocations[member.key] = member.location
        }
        return info
    }

    /// A Foundation property list object as a `PropertyListValue` (binary files).
    private static func value(_ object: Any) -> PropertyListValue? {
        switch object {
        case let text as String: return .string(text)
        case let flag as Bool where type(of: object) == Bool.self: return .boolean(flag)
        case let number as NSNumber:
            // A boolean bridged as NSNumber (Darwin) has the C type "c"; property list integers never do.
            switch String(cString: number.objCType) {
            case "c", "B": return .boolean(number.boolValue)
            case "f", "d": return .real(number.stringValue)
            default: return .integer(number.stringValue)
            }
        case let number as Int: return .integer(String(number))
        case let number as Double: return .real(String(number))
        case let date as Date: return .date(ISO8601DateFormatter().string(from: date))
        case let data as Data: return .data(data.base64EncodedString())
        case let array as [Any]: return .array(array.compactMap(value))
        case let dictionary as [String: Any]:
            return .dictionary(PropertyListDictionary(dictionary.keys.sorted().compactMap { key in
                value(dictionary[key]!).map { PropertyListDictionary.Member(key: key, value: $0) }
            }))
        default: return nil
        }
    }
}
