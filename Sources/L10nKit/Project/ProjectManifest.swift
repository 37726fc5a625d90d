import Foundation

/// The optional `l10n.json` at a project's root: what discovery cannot guess.
///
/// ```json
/// { "sourceLanguage": "en", "infoPlist": "App/Info.plist",
///   "layers": [ { "bundle": "App", "table": "Localizable", "path": "App/Localizable.xcstrings" },
///               { "bundle": "IMGLYCoreUI", "table": "IMGLYEditor", "role": "sdk",
///                 "path": "Vendor/IMGLYEditor.xcstrings" } ],
///   "storyboardKeyPaths": ["stbLocKey"], "exclude": ["Build"] }
/// ```
/// Every field is optional; paths are relative to the project root.
public struct ProjectManifest: Sendable, Equatable {
    public struct LayerSpec: Sendable, Equatable {
        public var bundle: String
        public var table: String
        public var path: String?
        public var role: Layer.Role
    }

    public static let fileName = "l10n.json"

    public var sourceLanguage: String?
    public var infoPlist: String?
    public var layers: [LayerSpec]?
    public var storyboardKeyPaths: [String]?
    public var exclude: [String]

    public init(sourceLanguage: String? = nil, infoPlist: String? = nil, layers: [LayerSpec]? = nil,
                storyboardKeyPaths: [String]? = nil, exclude: [String] = []) {
        self.sourceLanguage = sourceLanguage
        self.infoPlist = infoPlist
        self.layers = layers
        self.storyboardKeyPaths = storyboardKeyPaths
        self.exclude = exclude
    }

    /// Reads `l10n.json`; a wrong field names itself and the file.
    public static func read(_ data: Data, file: String) throws -> ProjectManifest {
        let value = try JSONReader.parse(data, file: file)
        guard let members = value.objectMembers else {
            throw InputError(file: file, "the manifest must be a JSON object", hint: "see docs/project.md for its fields")
        }
        func fail(_ field: String, _ expected: String) -> InputError {
            InputError(file: file, "field \"\(field)\" must be \(expected)", hint: "see docs/project.md for the manifest's fields")
        }
        func strings(_ value: JSONValue, _ field: String) throws -> [String] {
            guard case .array(let items) = value else { throw fail(field, "an array of strings") }
            return try items.map { guard let text = $0.stringValue else { throw fail(field, "an array of strings") }; return text }
        }
        var manifest = ProjectManifest()
        for (key, value) in members {
            switch key {
            case "sourceLanguage":
                guard let text = value.stringValue else { throw fail(key, "a string") }
                manifest.sourceLanguage = text
            case "infoPlist":
                guard let text = value.stringValue else { throw fail(key, "a string") }
                manifest.infoPlist = text
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
                    return LayerSpec(bundle: bundle, table: table, path: item["path"]?.stringValue, role: role)
                }
            default:
                throw InputError(file: file, "unknown field \"\(key)\"",
                                 hint: "known fields: sourceLanguage, infoPlist, layers, storyboardKeyPaths, exclude")
            }
        }
        return manifest
    }
}
