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
    /// What the run must meet, checked after the last stage.
    public var gate: PipelineGate?

    /// Reads a pipeline file; every mistake names its line and column, and the file as `path`
    /// (default: the URL's path). With `writableRoot`, every folder a stage writes into (`out`,
    /// and the project for a stage that changes it) must resolve inside that folder, links
    /// followed: a pipeline file is input like any other and must not aim writes elsewhere.
    public static func read(contentsOf url: URL, shownAs path: String? = nil, writableRoot: URL? = nil) throws -> Pipeline {
        let data = try AtomicFile.read(url, shownAs: path)
        let folder = url.deletingLastPathComponent()
        return try read(data, file: path ?? url.path, folder: folder, writableRoot: writableRoot)
    }

    static func read(_ data: Data, file: String, folder: URL, writableRoot: URL? = nil) throws -> Pipeline {
        let root = writableRoot.map(FileTransaction.resolved)
        return try JSONReader.read(data, file: file) { reader in
            var description: String?
            var project: URL?
            var stages: [PipelineStage]?
            var gate: PipelineGate?
            var projectLocation: SourceLocation?
            var writesProject = false
            let start = reader.location()
            try expect(.object, &reader, "a pipeline object with \"project\" and \"stages\"")
            try reader.readObject { reader, key, _ in
                switch key {
                case "description": description = try reader.readString()
                case "project":
                    projectLocation = reader.location()
                    let text = try reader.readString()
                    try requirePath(text, field: "\"project\"", at: projectLocation ?? start)
                    project = resolve(text, in: folder)
                case "stages":
                    var list: [PipelineStage] = []
                    try expect(.array, &reader, "an array of stage objects")
                    // The folders earlier stages export into: an import may name a file one writes.
                    var exported: [URL] = []
                    try reader.readArray { reader, _ in
                        let stage = try PipelineStage.read(&reader, folder: folder, exported: exported, writableRoot: root)
                        if case .export(_, _, let out, _) = stage { exported.append(out) }
                        writesProject = writesProject || stage.writesProject
                        list.append(stage)
                    }
                    stages = list
                case "gate":
                    gate = try PipelineGate.read(&reader)
                default:
                    throw InputError("unknown pipeline field \"\(key)\"", at: reader.location(),
                                     hint: "a pipeline has \"description\", \"project\", \"stages\" and \"gate\"")
                }
            }
            guard let project else {
                throw InputError("the pipeline names no \"project\"", at: start, hint: "add \"project\": the folder to run on, relative to this file")
            }
            guard let stages, !stages.isEmpty else {
                throw InputError("the pipeline has no \"stages\"", at: start, hint: "add \"stages\": [ { \"stage\": \"format\" } ]")
            }
            if writesProject, let root {
                try requireInside(root, project, what: "the project", reason: ", and a stage (format without check, or import) changes its files", at: projectLocation ?? start)
            }
            return Pipeline(file: file, description: description, project: project, stages: stages, gate: gate)
        }
    }

    /// Refuses a folder a pipeline would write into that resolves outside `root` (the folder
    /// l10n runs in), before any stage runs.
    static func requireInside(_ root: URL, _ folder: URL, what: String, reason: String = "", at location: SourceLocation) throws {
        let resolved = FileTransaction.resolved(folder)
        guard !FileTransaction.isInside(resolved, root) else { return }
        throw InputError("\(what) \(resolved.path) is outside \(root.path), the folder l10n runs in\(reason): a pipeline writes only inside it; no stage was run",
                         at: location, hint: "run l10n from a folder that contains it (such as the repository's root), or name a folder inside that one")
    }

    static func expect(_ kind: JSONKind, _ reader: inout JSONReader, _ what: String) throws {
        let found = try reader.peekKind()
        if found != kind { throw InputError("expected \(what), found \(found)", at: reader.location()) }
    }

    /// A path a pipeline names, checked before any stage runs: an empty one would name the
    /// pipeline's own folder, a NUL byte or an over-long name fail only once a stage writes.
    static func requirePath(_ text: String, field: String, at location: SourceLocation) throws {
        let problem: String?
        if text.isEmpty {
            problem = "is empty"
        } else if text.utf8.contains(0) {
            problem = "holds a NUL byte"
        } else if text.utf8.count > 1024 || text.split(separator: "/").contains(where: { $0.utf8.count > 255 }) {
            problem = "is longer than a file system allows (1,024 bytes, 255 a name)"
        } else {
            problem = nil
        }
        guard let problem else { return }
        throw InputError("\(field) \(problem); no stage was run", at: location, hint: "name a folder or file relative to the pipeline file's folder")
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
    /// Imports returned translator files (XLIFF or `.xcloc`); with `dryRun` only reports; with
    /// `sourceEdits` a development-language file's copy edits are applied (`import --source-edits`).
    case importFiles(files: [URL], dryRun: Bool, sourceEdits: Bool)
    /// Runs the checks (`l10n check`); errors (or, with `strict`, warnings) are findings.
    case check(CheckOptions)
    /// Prints what discovery found: bundles, tables, the lookup chain, the offered locales.
    case discover
    /// The release report (`l10n report`), written in `formats` under `out`; findings when it fails.
    case report(formats: [ReportFormat], out: URL?, strict: Bool)

    /// The stage's name, as pipeline files and reports spell it.
    public var name: String {
        switch self {
        case .format: return "format"
        case .devices: return "devices"
        case .export: return "export"
        case .importFiles: return "import"
        case .check: return "check"
        case .discover: return "discover"
        case .report: return "report"
        }
    }

    static let names = ["discover", "format", "check", "report", "devices", "export", "import"]

    /// Whether the stage may change the project's files.
    var writesProject: Bool {
        switch self {
        case .format(let check): return !check
        case .importFiles(_, let dryRun, _): return !dryRun
        default: return false
        }
    }

    static func read(_ reader: inout JSONReader, folder: URL, exported: [URL] = [], writableRoot: URL? = nil) throws -> PipelineStage {
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
            throw InputError("unknown stage \(JSONWriter.compactString(nameValue))", at: nameLocation,
                             hint: "stages are \(names.joined(separator: ", "))")
        }
        var options = StageOptions(stage: name, fields: fields, start: start)
        let stage: PipelineStage
        switch name {
        case "format":
            stage = .format(check: try options.bool("check", default: true))
        case "check":
            var check = CheckOptions(only: try options.strings("only") ?? [], skip: try options.strings("skip") ?? [],
                                     locales: try options.strings("locales") ?? [], strict: try options.bool("strict", default: false))
            for id in check.only + check.skip where BuiltInChecks.check(id: id) == nil {
                throw InputError("unknown check \"\(id)\"", at: options.location(of: check.only.contains(id) ? "only" : "skip") ?? start,
                                 hint: (Suggestion.didYouMean(id, among: BuiltInChecks.ids).map { "did you mean \"\($0)\"? " } ?? "") + "'l10n checks' lists them")
            }
            if let baseline = try options.path("baseline") {
                let url = Pipeline.resolve(baseline, in: folder)
                // Settled before any stage runs, like an import's files.
                guard FileManager.default.fileExists(atPath: url.path) else {
                    throw InputError("stage check: no baseline file \(url.path)", at: options.location(of: "baseline") ?? start,
                                     hint: "write one with 'l10n check --write-baseline FILE'; \"baseline\" is relative to the pipeline file's folder; no stage was run")
                }
                check.baseline = url
            }
            stage = .check(check)
        case "discover":
            stage = .discover
        case "report":
            let names = try options.strings("formats") ?? ["text"]
            let formats = try names.map { name -> ReportFormat in
                guard let format = ReportFormat(rawValue: name) else {
                    throw InputError("unknown report format \"\(name)\"", at: options.location(of: "formats") ?? start,
                                     hint: "formats are text, md, json, html, junit")
                }
                return format
            }
            let out = try options.path("out").map { Pipeline.resolve($0, in: folder) }
            if let out, let writableRoot {
                try Pipeline.requireInside(writableRoot, out, what: "\"out\"", at: options.location(of: "out") ?? start)
            }
            if out == nil, formats != [.text] {
                throw InputError("stage report writes \(names.joined(separator: ", ")) only with \"out\": the folder for report.*", at: start)
            }
            stage = .report(formats: formats, out: out, strict: try options.bool("strict", default: false))
        case "devices":
            let languages = try options.strings("languages") ?? Project.commonDeviceLanguages
            stage = .devices(languages: languages.map { $0.split(separator: ",").map(String.init) })
        case "export":
            let scopeName = try options.string("scope") ?? ExportScope.missing.rawValue
            guard let scope = ExportScope(rawValue: scopeName) else {
                throw InputError("unknown scope \"\(scopeName)\"", at: options.location(of: "scope") ?? start, hint: "scopes are overrides, missing, all")
            }
            guard let outPath = try options.path("out") else {
                throw InputError("stage export needs \"out\": the folder to write into", at: start)
            }
            let out = Pipeline.resolve(outPath, in: folder)
            let locales = try (options.strings("locales") ?? []).map { (text: String) throws -> String in
                do {
                    return try LocaleIdentifier(validating: text).rawValue
                } catch let error as LocaleIdentifierError {
                    throw InputError("\"locales\": \(error.message)", at: options.location(of: "locales") ?? start, hint: error.hint)
                }
            }
            if let writableRoot {
                try Pipeline.requireInside(writableRoot, out, what: "\"out\"", at: options.location(of: "out") ?? start)
            }
            stage = .export(scope: scope, locales: locales, out: out,
                            format: try options.bool("xcloc", default: false) ? .xcloc : .xliff)
        default:
            guard let files = try options.strings("files"), !files.isEmpty else {
                throw InputError("stage import needs \"files\": the XLIFF files or .xcloc bundles to import", at: start)
            }
            // Settled before any stage runs: a missing file found by the import stage itself
            // would come after earlier stages had written.
            for file in files {
                try Pipeline.requirePath(file, field: "\"files\" entry", at: options.location(of: "files") ?? start)
                let url = Pipeline.resolve(file, in: folder)
                guard !FileManager.default.fileExists(atPath: url.path),
                      !exported.contains(where: { FileTransaction.isInside(url.standardizedFileURL, $0.standardizedFileURL) }) else { continue }
                throw InputError("stage import: no such file \(url.path)", at: options.location(of: "files") ?? start,
                                 hint: "\"files\" are relative to the pipeline file's folder; no stage was run")
            }
            stage = .importFiles(files: files.map { Pipeline.resolve($0, in: folder) }, dryRun: try options.bool("dryRun", default: false),
                                 sourceEdits: try options.bool("sourceEdits", default: false))
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

    /// A string option naming a file or folder (`Pipeline.requirePath`).
    mutating func path(_ key: String) throws -> String? {
        guard let text = try string(key) else { return nil }
        try Pipeline.requirePath(text, field: "\"\(key)\" of stage \(stage)", at: location(of: key) ?? SourceLocation(file: ""))
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

/// What a pipeline run must meet: `"gate": { "maxErrors": 0, "minCoverage": { "fr": 100, "*": 90 } }`.
/// `minCoverage` also overrides the manifest's `release.minCoverage` for the run's report.
public struct PipelineGate: Sendable, Equatable {
    /// Check errors allowed (nil: not gated).
    public var maxErrors: Int?
    /// Check warnings allowed (nil: not gated).
    public var maxWarnings: Int?
    /// Coverage each locale must reach (nil: not gated).
    public var minCoverage: CoverageThresholds?

    public init(maxErrors: Int? = nil, maxWarnings: Int? = nil, minCoverage: CoverageThresholds? = nil) {
        self.maxErrors = maxErrors
        self.maxWarnings = maxWarnings
        self.minCoverage = minCoverage
    }

    static func read(_ reader: inout JSONReader) throws -> PipelineGate {
        var gate = PipelineGate()
        try Pipeline.expect(.object, &reader, "a gate object such as { \"maxErrors\": 0 }")
        try reader.readObject { reader, key, _ in
            let location = reader.location()
            let value = try reader.readValue()
            func count() throws -> Int {
                guard case .number(let text) = value, let number = Int(text), number >= 0 else {
                    throw InputError("\"\(key)\" of the gate must be a whole number of at least 0", at: location)
                }
                return number
            }
            switch key {
            case "maxErrors": gate.maxErrors = try count()
            case "maxWarnings": gate.maxWarnings = try count()
            case "minCoverage":
                gate.minCoverage = try CoverageThresholds.read(value) { InputError("\"minCoverage\" of the gate must be \($0)", at: location) }
            default:
                throw InputError("the gate has no option \"\(key)\"", at: location, hint: "a gate has maxErrors, maxWarnings and minCoverage")
            }
        }
        return gate
    }

    /// What failed, one phrase each; empty when the run meets the gate.
    public func failures(findings: CheckResult, report: CoverageReport?) -> [String] {
        var failures: [String] = []
        let errors = findings.count(.error), warnings = findings.count(.warning)
        if let maxErrors, errors > maxErrors { failures.append("\(errors) check error\(errors == 1 ? "" : "s") (the gate allows \(maxErrors))") }
        if let maxWarnings, warnings > maxWarnings { failures.append("\(warnings) check warning\(warnings == 1 ? "" : "s") (the gate allows \(maxWarnings))") }
        if let minCoverage, let report {
            // A threshold for a locale the report does not count checks nothing: a typo
            // (`fr-FR` for the app's `fr`) must not let the gate pass unchecked.
            failures += report.uncountedThresholds(minCoverage).map(\.reason)
            for locale in report.failingLocales {
                failures.append("\(locale.locale) coverage \(CoverageReport.shortfall(locale.coverage, below: locale.threshold))")
            }
        }
        return failures
    }
}
