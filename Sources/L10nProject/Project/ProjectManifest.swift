import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// The optional `l10n.json` at a project's root: what discovery cannot guess.
///
/// ```json
/// { "sourceLanguage": "en", "infoPlist": "App/Info.plist",
///   "layers": [ { "bundle": "App", "table": "Localizable", "path": "App/Localizable.xcstrings" },
///               { "bundle": "IMGLYCoreUI", "table": "IMGLYEditor", "role": "sdk",
///                 "path": "Vendor/IMGLYEditor.xcstrings" } ],
///   "storyboardKeyPaths": ["stbLocKey"], "exclude": ["Build"],
///   "widths": [ { "name": "dock", "keys": "ly_img_editor_dock_*", "budget": 14, "locales": { "de": 16 } } ],
///   "checks": { "width": "error", "needs-review": "off" }, "baseline": "l10n-baseline.json",
///   "glossary": { "Sticker": { "de": "Sticker", "fr": "Autocollant" } } }
/// ```
/// Every field is optional; paths are relative to the project root.
public struct ProjectManifest: Sendable, Equatable {
    public struct LayerSpec: Sendable, Equatable {
        public var bundle: String
        public var table: String
        /// The catalog or table, relative to the project root or absolute; it may lie outside the
        /// root (a SwiftPM checkout in DerivedData) but must exist.
        public var path: String?
        public var role: Layer.Role
        /// Whether l10n may write the layer's catalog when it lies outside the project root
        /// (`"writable": true`, app layers only); such a catalog is read-only otherwise.
        public var writable: Bool = false
        /// Where the layer's object starts in `l10n.json`, for errors about it.
        public var location: SourceLocation?

        public init(bundle: String, table: String, path: String? = nil, role: Layer.Role, writable: Bool = false,
                    location: SourceLocation? = nil) {
            self.bundle = bundle
            self.table = table
            self.path = path
            self.role = role
            self.writable = writable
            self.location = location
        }
    }

    public static let fileName = "l10n.json"

    public var sourceLanguage: String?
    public var infoPlist: String?
    public var layers: [LayerSpec]?
    public var storyboardKeyPaths: [String]?
    public var exclude: [String]
    /// Width budgets of UI surfaces; nil means the built-in CE.SDK surfaces (`WidthBudget.editorDefaults`).
    public var widths: [WidthBudget]?
    /// Severity per check id (`"off"` disables the check).
    public var checkSeverities: [String: CheckSetting]
    /// Project-relative path of the baseline file; only findings not in it count.
    public var baseline: String?
    /// Brand terms: source term → locale → the translation it must read as.
    public var glossary: [String: [String: String]]
    /// The coverage each locale needs for a release (`"release": { "minCoverage": 100 }`, or per
    /// locale `{ "fr": 100, "*": 90 }`); 100 for every locale by default.
    public var release: CoverageThresholds
    /// Device languages the report shows besides its common ones.
    public var devices: [String]
    /// The SDK catalog of the version the app used before (`"previousSdk"`): overrides of keys it
    /// had and the current SDK removed are reported as such, with the likely rename.
    public var previousSDK: String?
    /// Where `previousSdk` stands in `l10n.json`, for errors about the file it names.
    public var previousSDKLocation: SourceLocation?
    /// Where `infoPlist` and `baseline` are written, for an error about the file they name.
    public var infoPlistLocation: SourceLocation?
    public var baselineLocation: SourceLocation?
    /// Functions of the app's own that look a key up, called with the key first (`"L10n.tr"`),
    /// besides the ones l10n knows (`Text`, `NSLocalizedString`, `String(localized:)`, …).
    public var localizedFunctions: [String] = []
    /// How `l10n migrate-ib` names a storyboard text's key (`"migrationKeyPattern"`): `{text}`
    /// (the default, Xcode's style), `{snake}`, `{storyboard}`, `{id}`, `{property}`.
    public var migrationKeyPattern: String?

    public init(sourceLanguage: String? = nil, infoPlist: String? = nil, layers: [LayerSpec]? = nil,
                storyboardKeyPaths: [String]? = nil, exclude: [String] = [], widths: [WidthBudget]? = nil,
                checkSeverities: [String: CheckSetting] = [:], baseline: String? = nil, glossary: [String: [String: String]] = [:]) {
        self.sourceLanguage = sourceLanguage
        self.infoPlist = infoPlist
        self.layers = layers
        self.storyboardKeyPaths = storyboardKeyPaths
        self.exclude = exclude
        self.widths = widths
        self.checkSeverities = checkSeverities
        self.baseline = baseline
        self.glossary = glossary
        self.release = CoverageThresholds()
        self.devices = []
    }

    /// Reads `l10n.json`; a wrong field names itself, the file, its line and column.
    public static func read(_ data: Data, file: String) throws -> ProjectManifest {
        let (value, locations) = try JSONReader.read(data, file: file) { reader -> (JSONValue, [String: SourceLocation]) in
            var locations: [String: SourceLocation] = [:]
            guard try reader.peekKind() == .object else {
                throw InputError("the manifest must be a JSON object", at: reader.location(), hint: "see docs/project.md for its fields")
            }
            var members: [(key: String, value: JSONValue)] = []
            try reader.readObject { reader, key, _ in
                locations[key] = reader.location()
                guard key == "layers", try reader.peekKind() == .array else {
                    members.append((key, try reader.readValue()))
                    return
                }
                var items: [JSONValue] = []
                try reader.readArray { reader, index in
                    locations["layers[\(index)]"] = reader.location()
                    items.append(try reader.readValue())
                }
                members.append((key, .array(items)))
            }
            try reader.finish()
            return (.object(members), locations)
        }
        let members = value.objectMembers ?? []
        func fail(_ field: String, _ expected: String) -> InputError {
            let element = String(field.prefix { $0 != "." })
            let top = String(field.prefix { $0 != "[" && $0 != "." })
            return InputError("field \"\(field)\" must be \(expected)", at: locations[element] ?? locations[top] ?? SourceLocation(file: file),
                              hint: "see docs/project.md for the manifest's fields")
        }
        func strings(_ value: JSONValue, _ field: String) throws -> [String] {
            guard case .array(let items) = value else { throw fail(field, "an array of strings") }
            return try items.map { guard let text = $0.stringValue else { throw fail(field, "an array of strings") }; return text }
        }
        /// A file to read: relative to the project folder (`../baseline.json` beside it is fine, a
        /// read) or absolute; never empty, never holding a NUL byte.
        func isReadablePath(_ text: String) -> Bool {
            !text.isEmpty && !text.utf8.contains(0) && !text.hasPrefix("~")
        }
        var manifest = ProjectManifest()
        for (key, value) in members {
            switch key {
            case "sourceLanguage":
                guard let text = value.stringValue else { throw fail(key, "a string") }
                do {
                    // Kept as the id it stands for (`EN` and `en_US` are `en`, `en-US`).
                    manifest.sourceLanguage = try LocaleIdentifier(validating: text).rawValue
                } catch {
                    throw fail(key, "a locale id such as \"en\" (\(error.message))")
                }
            case "infoPlist":
                guard let text = value.stringValue, isReadablePath(text) else { throw fail(key, "a file's path relative to the project folder, such as \"App/Info.plist\"") }
                manifest.infoPlist = text
                manifest.infoPlistLocation = locations[key]
            case "storyboardKeyPaths":
                manifest.storyboardKeyPaths = try strings(value, key)
            case "exclude":
                manifest.exclude = try strings(value, key)
            case "layers":
                guard case .array(let items) = value else { throw fail(key, "an array of layer objects") }
                manifest.layers = try items.enumerated().map { index, item in
                    let field = "layers[\(index)]"
                    guard let bundle = item["bundle"]?.stringValue, let table = item["table"]?.stringValue else {
                        throw fail(field, "an object with string fields \"bundle\" and \"table\"")
                    }
                    let roleText = item["role"]?.stringValue ?? "app"
                    guard let role = Layer.Role(rawValue: roleText) else { throw fail(field + ".role", "\"app\" or \"sdk\"") }
                    if item["path"] != nil, item["path"]?.stringValue?.isEmpty != false { throw fail(field + ".path", "a non-empty string") }
                    var writable = false
                    if let flag = item["writable"] {
                        guard case .bool(let value) = flag else { throw fail(field + ".writable", "true or false") }
                        guard !value || role == .app else { throw fail(field + ".writable", "false for an sdk layer (l10n never writes the SDK's catalog)") }
                        writable = value
                    }
                    let known = ["bundle", "table", "path", "role", "writable"]
                    for member in item.objectMembers ?? [] where !known.contains(member.key) {
                        throw InputError("unknown field \"\(field).\(member.key)\"", at: locations[field] ?? SourceLocation(file: file),
                                         hint: (Suggestion.didYouMean(member.key, among: known).map { "did you mean \"\($0)\"? " } ?? "")
                                            + "a layer has " + known.joined(separator: ", "))
                    }
                    return LayerSpec(bundle: bundle, table: table, path: item["path"]?.stringValue, role: role, writable: writable,
                                     location: locations[field])
                }
            case "widths":
                guard case .array(let items) = value else { throw fail(key, "an array of surfaces") }
                manifest.widths = try items.enumerated().map { index, item in
                    try WidthBudget.read(item) { fail("widths[\(index)]\($0.isEmpty ? "" : "." + $0)", $1) }
                }
            case "checks":
                guard let settings = value.objectMembers else { throw fail(key, "an object of check id → severity") }
                for (id, setting) in settings {
                    guard BuiltInChecks.check(id: id) != nil else {
                        throw fail("checks.\(id)", "a known check id (\(BuiltInChecks.ids.joined(separator: ", ")))")
                    }
                    guard let text = setting.stringValue, let parsed = CheckSetting(rawValue: text) else {
                        throw fail("checks.\(id)", "\"error\", \"warning\", \"note\" or \"off\"")
                    }
                    manifest.checkSeverities[id] = parsed
                }
            case "baseline":
                guard let text = value.stringValue, isReadablePath(text) else { throw fail(key, "a file's path relative to the project folder, such as \"l10n-baseline.json\"") }
                manifest.baseline = text
                manifest.baselineLocation = locations[key]
            case "release":
                guard let members = value.objectMembers else { throw fail(key, "an object such as { \"minCoverage\": 100 }") }
                for (field, item) in members {
                    guard field == "minCoverage" else { throw fail("release.\(field)", "minCoverage (the only release setting)") }
                    manifest.release = try CoverageThresholds.read(item) { fail("release.minCoverage", $0) }
                }
            case "devices":
                manifest.devices = try strings(value, key)
            case "localizedFunctions":
                let names = try strings(value, key)
                // A dotted Swift name (`tr`, `L10n.tr`, `.tr` for a member called on an implicit type),
                // with the roles of its first arguments when the key is not the first (`L10n.tr(table, key)`).
                for name in names where LookupFunction(name) == nil {
                    throw fail(key, "an array of Swift function names such as \"L10n.tr\" or \"L10n.tr(table, key)\" (\"\(name)\" is not one)")
                }
                manifest.localizedFunctions = names
            case "migrationKeyPattern":
                let expected = "a key pattern made of text and {text}, {snake}, {storyboard}, {id}, {property}, with {text}, {snake} or {id} in it"
                guard let pattern = value.stringValue else { throw fail(key, expected) }
                if let problem = StoryboardKeyPattern.problem(in: pattern) { throw fail(key, expected + " (\(problem))") }
                manifest.migrationKeyPattern = pattern
            case "previousSdk":
                guard let text = value.stringValue, !text.isEmpty else { throw fail(key, "the path of the previous SDK's String Catalog") }
                manifest.previousSDK = text
                manifest.previousSDKLocation = locations[key]
            case "glossary":
                guard let terms = value.objectMembers else { throw fail(key, "an object of term → { locale: translation }") }
                for (term, translations) in terms {
                    guard let pairs = translations.objectMembers,
                          let table = Optional(pairs.compactMap { pair in pair.value.stringValue.map { (pair.key, $0) } }),
                          table.count == pairs.count else {
                        throw fail("glossary.\(term)", "an object of locale → translation")
                    }
                    manifest.glossary[term] = Dictionary(table, uniquingKeysWith: { _, new in new })
                }
            default:
                throw InputError("unknown field \"\(key)\"", at: locations[key] ?? SourceLocation(file: file),
                                 hint: "known fields: sourceLanguage, infoPlist, layers, storyboardKeyPaths, exclude, widths, checks, baseline, glossary, release, devices, previousSdk, localizedFunctions, migrationKeyPattern")
            }
        }
        return manifest
    }
}
