import Foundation

/// A pipeline file (`Pipelines/<name>.json`): one project and the stages to run over it, in order.
///
/// ```json
/// { "description": "Release gate",
///   "project": "../Samples/BrandedEditor",
///   "stages": [ { "stage": "format", "check": true },
///               { "stage": "devices", "languages": ["de-AT", "fr-CA"] } ] }
/// ```
/// Paths are relative to the pipeline file's folder.
public struct Pipeline: Sendable, Equatable {
    public var file: String
    public var description: String?
    /// The project folder, resolved against the pipeline file's folder.
    public var project: URL
    public var stages: [PipelineStage]

    /// Reads a pipeline file; every mistake names its line and column.
    public static func read(contentsOf url: URL) throws -> Pipeline {
        let data = try AtomicFile.read(url)
        let folder = url.deletingLastPathComponent()
        return try read(data, file: url.path, folder: folder)
    }

    static func read(_ data: Data, file: String, folder: URL) throws -> Pipeline {
        try JSONReader.read(data, file: file) { reader in
            var description: String?
            var project: URL?
            var stages: [PipelineStage]?
            let start = reader.location()
            try expect(.object, &reader, "a pipeline object with \"project\" and \"stages\"")
            try reader.readObject { reader, key, _ in
                switch key {
                case "description": description = try reader.readString()
                case "project": project = resolve(try reader.readString(), in: folder)
                case "stages":
                    var list: [PipelineStage] = []
                    try expect(.array, &reader, "an array of stage objects")
                    try reader.readArray { reader, _ in
                        list.append(try PipelineStage.read(&reader, folder: folder))
                    }
                    stages = list
                default:
                    throw InputError("unknown pipeline field \"\(key)\"", at: reader.location(),
                                     hint: "a pipeline has \"description\", \"project\" and \"stages\"")
                }
            }
            guard let project else {
                throw InputError("the pipeline names no \"project\"", at: start, hint: "add \"project\": the folder to run on, relative to this file")
            }
            guard let stages, !stages.isEmpty else {
                throw InputError("the pipeline has no \"stages\"", at: start, hint: "add \"stages\": [ { \"stage\": \"format\" } ]")
            }
            return Pipeline(file: file, description: description, project: project, stages: stages)
        }
    }

    static func expect(_ kind: JSONKind, _ reader: inout JSONReader, _ what: String) throws {
        let found = try reader.peekKind()
        if found != kind { throw InputError("expected \(what), found \(found)", at: reader.location()) }
    }

    static func resolve(_ path: String, in folder: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL
            : folder.appendingPathComponent(path).standardizedFileURL
    }
}

/// One step of a pipeline, with its options.
public enum PipelineStage: Sendable, Equatable {
    /// Checks (or, with `check` false, rewrites) every catalog and `.strings` file of the project
    /// in Xcode's canonical form.
    case format(check: Bool)
    /// Shows what devices with these preferred-language lists see in every bundle.
    case devices(languages: [[String]])
    /// Writes translator files: one XLIFF (or `.xcloc`) per locale into `out`; no locales means
    /// the app's declared ones without the source language.
    case export(scope: ExportScope, locales: [String], out: URL, format: ExportFormat)
    /// Imports returned translator files (XLIFF or `.xcloc`); with `dryRun` only reports.
    case importFiles(files: [URL], dryRun: Bool)

    /// The stage's name, as pipeline files and reports spell it.
    public var name: String {
        switch self {
        case .format: return "format"
        case .devices: return "devices"
        case .export: return "export"
        case .importFiles: return "import"
        }
    }

    static let names = ["format", "devices", "export", "import"]

    static func read(_ reader: inout JSONReader, folder: URL) throws -> PipelineStage {
        let start = reader.location()
        try Pipeline.expect(.object, &reader, "a stage object such as { \"stage\": \"format\" }")
        var fields: [String: (JSONValue, SourceLocation)] = [:]
        try reader.readObject { reader, key, _ in
            let location = reader.location()
            fields[key] = (try reader.readValue(), location)
        }
        guard let (nameValue, nameLocation) = fields["stage"] else {
            throw InputError("a stage without \"stage\"", at: start, hint: "name it: one of \(names.joined(separator: ", "))")
        }
        guard let name = nameValue.stringValue, names.contains(name) else {
            throw InputError("unknown stage \(CompactJSON.string(nameValue))", at: nameLocation,
                             hint: "stages are \(names.joined(separator: ", "))")
        }
        var options = StageOptions(stage: name, fields: fields, start: start)
        let stage: PipelineStage
        switch name {
        case "format":
            stage = .format(check: try options.bool("check", default: true))
        case "devices":
            let languages = try options.strings("languages") ?? Project.commonDeviceLanguages
            stage = .devices(languages: languages.map { $0.split(separator: ",").map(String.init) })
        case "export":
            let scopeName = try options.string("scope") ?? ExportScope.missing.rawValue
            guard let scope = ExportScope(rawValue: scopeName) else {
                throw InputError("unknown scope \"\(scopeName)\"", at: options.location(of: "scope") ?? start, hint: "scopes are overrides, missing, all")
            }
            guard let out = try options.string("out") else {
                throw InputError("stage export needs \"out\": the folder to write into", at: start)
            }
            let locales = try (options.strings("locales") ?? []).map { (text: String) throws -> String in
                do {
                    return try LocaleIdentifier(validating: text).rawValue
                } catch let error as LocaleIdentifierError {
                    throw InputError("\"locales\": \(error.message)", at: options.location(of: "locales") ?? start, hint: error.hint)
                }
            }
            stage = .export(scope: scope, locales: locales, out: Pipeline.resolve(out, in: folder),
                            format: try options.bool("xcloc", default: false) ? .xcloc : .xliff)
        default:
            guard let files = try options.strings("files"), !files.isEmpty else {
                throw InputError("stage import needs \"files\": the XLIFF files or .xcloc bundles to import", at: start)
            }
            stage = .importFiles(files: files.map { Pipeline.resolve($0, in: folder) }, dryRun: try options.bool("dryRun", default: false))
        }
        try options.finish()
        return stage
    }
}

/// Typed access to a stage's fields that remembers which were used, so unknown ones are errors.
struct StageOptions {
    let stage: String
    let fields: [String: (JSONValue, SourceLocation)]
    let start: SourceLocation
    private var used: Set<String> = ["stage"]

    init(stage: String, fields: [String: (JSONValue, SourceLocation)], start: SourceLocation) {
        self.stage = stage
        self.fields = fields
        self.start = start
    }

    mutating func bool(_ key: String, default value: Bool) throws -> Bool {
        used.insert(key)
        guard let (field, location) = fields[key] else { return value }
        guard let flag = field.boolValue else { throw InputError("\"\(key)\" of stage \(stage) must be true or false", at: location) }
        return flag
    }

    mutating func string(_ key: String) throws -> String? {
        used.insert(key)
        guard let (field, location) = fields[key] else { return nil }
        guard let text = field.stringValue else { throw InputError("\"\(key)\" of stage \(stage) must be a string", at: location) }
        return text
    }

    mutating func strings(_ key: String) throws -> [String]? {
        used.insert(key)
        guard let (field, location) = fields[key] else { return nil }
        guard case .array(let items) = field, let texts = Optional(items.compactMap(\.stringValue)), texts.count == items.count else {
            throw InputError("\"\(key)\" of stage \(stage) must be an array of strings", at: location)
        }
        return texts
    }

    func location(of key: String) -> SourceLocation? { fields[key]?.1 }

    func finish() throws {
        for (key, (_, location)) in fields where !used.contains(key) {
            throw InputError("stage \(stage) has no option \"\(key)\"", at: location,
                             hint: "its options are \(used.subtracting(["stage"]).sorted().joined(separator: ", "))")
        }
    }
}
