import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// An Xcode localization bundle `<lang>.xcloc`: `contents.json` plus `Localized Contents/<lang>.xliff`.
public struct XclocBundle: Sendable {
    /// The parsed `contents.json`; nil when the bundle has none.
    public var contents: XclocContents?
    /// The translations in `Localized Contents/<lang>.xliff`.
    public var document: XLIFFDocument
    /// Path of the XLIFF file inside the bundle.
    public var xliffPath: String
    /// Files of `Localized Contents` besides the XLIFF, relative to the bundle, in path order:
    /// the localized images and colours of asset catalogs Xcode puts there, which l10n does
    /// not import.
    public var otherLocalizedContents: [String] = []

    public init(contents: XclocContents?, document: XLIFFDocument, xliffPath: String) {
        self.contents = contents
        self.document = document
        self.xliffPath = xliffPath
    }

    /// Reads a bundle folder. The XLIFF is `Localized Contents/<lang>.xliff` where `<lang>` is the
    /// folder's name without `.xcloc`, else `contents.json`'s `targetLocale`, else the only `.xliff` there.
    /// `displayPath` (default: the URL's path) names the bundle in error and unit locations.
    public static func read(at url: URL, displayPath: String? = nil) throws -> XclocBundle {
        let fileManager = FileManager.default
        let shown = displayPath ?? url.path
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw XLIFFError(.bundle, "no such file: \(shown)", at: nil, hint: "check the path")
        }
        guard isFolder.boolValue else {
            throw XLIFFError(.bundle, "is a file, not an .xcloc bundle folder", at: SourceLocation(file: shown),
                             hint: "pass the <lang>.xcloc folder that Xcode's Export Localizations wrote")
        }
        let contentsURL = url.appendingPathComponent("contents.json")
        var contents: XclocContents?
        if fileManager.fileExists(atPath: contentsURL.path) {
            let contentsPath = shown + "/contents.json"
            let data: Data
            do { data = try AtomicFile.read(contentsURL, shownAs: contentsPath) } catch let error as InputError {
                throw XLIFFError(.io, error.message, at: error.location, hint: error.hint)
            }
            contents = try XclocContents(json: data, path: contentsPath)
        }
        let localized = url.appendingPathComponent("Localized Contents")
        var candidates: [String] = []
        let bundleName = url.lastPathComponent
        if bundleName.lowercased().hasSuffix(".xcloc") { candidates.append(String(bundleName.dropLast(6)) + ".xliff") }
        if let locale = contents?.targetLocale { candidates.append(locale + ".xliff") }
        var chosen = candidates.map { localized.appendingPathComponent($0) }.first { fileManager.fileExists(atPath: $0.path) }
        if chosen == nil {
            let all = ((try? fileManager.contentsOfDirectory(atPath: localized.path)) ?? []).filter { $0.lowercased().hasSuffix(".xliff") && !$0.hasPrefix(".") }
            if all.count == 1 { chosen = localized.appendingPathComponent(all[0]) }
        }
        guard let xliff = chosen else {
            throw XLIFFError(.bundle, "the bundle has no Localized Contents/\(candidates.first ?? "<lang>.xliff")", at: SourceLocation(file: shown),
                             hint: "export the bundle again with Xcode's Export Localizations or l10n export")
        }
        // Xcode writes one XLIFF per bundle: another one there would be left unread without a word
        // (a hidden `._fr.xliff` is a Mac archive's metadata, not a translation; on a disk that
        // ignores case, `FR.xliff` found `fr.xliff`, the same file).
        let others = ((try? fileManager.contentsOfDirectory(atPath: localized.path)) ?? [])
            .filter { $0.lowercased().hasSuffix(".xliff") && !$0.hasPrefix(".") && $0.lowercased() != xliff.lastPathComponent.lowercased() }.sorted()
        if !others.isEmpty {
            throw XLIFFError(.bundle, "Localized Contents holds \(others.count == 1 ? "another XLIFF file" : "\(others.count) other XLIFF files") besides \(xliff.lastPathComponent) (\(others.joined(separator: ", "))); a bundle is read as one XLIFF, as Xcode writes it, so nothing was read",
                             at: SourceLocation(file: shown),
                             hint: "import the files on their own: l10n import '\(shown)/Localized Contents/\(others[0])' and the bundle's \(xliff.lastPathComponent)")
        }
        let display = displayPath.map { $0 + "/Localized Contents/" + xliff.lastPathComponent } ?? xliff.path
        let document = try XLIFFReader().read(contentsOf: xliff, displayPath: display)
        if let contents { try contents.checkTargetLocale(of: document, shownAs: shown + "/contents.json") }
        var bundle = XclocBundle(contents: contents, document: document, xliffPath: xliff.path)
        bundle.otherLocalizedContents = otherFiles(in: localized, besides: xliff.lastPathComponent)
        return bundle
    }

    /// The regular files under `Localized Contents` but the XLIFF, hidden ones (a Mac archive's
    /// `._` metadata, `.DS_Store`) left out.
    private static func otherFiles(in localized: URL, besides xliff: String) -> [String] {
        guard let walk = FileManager.default.enumerator(at: localized, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else {
            return []
        }
        let prefix = localized.standardizedFileURL.path + "/"
        var found: [String] = []
        for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let relative = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            if relative != xliff { found.append("Localized Contents/" + relative) }
        }
        return found.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }
}

/// The fields of an `.xcloc`'s `contents.json`.
public struct XclocContents: Hashable, Sendable {
    public var developmentRegion: String?
    public var targetLocale: String?
    /// `project` (e.g. `App.xcodeproj`); Xcode writes `workspace` instead for a workspace export.
    public var project: String?
    public var workspace: String?
    public var toolInfo: ToolInfo?
    /// The format version, `1.0` in every bundle seen.
    public var version: String?
    /// Where `targetLocale` was read, for error messages; nil for contents made in memory. Not
    /// part of the value: two contents that say the same are equal wherever they were read.
    public var targetLocaleLocation: SourceLocation?

    /// `toolInfo`: the program that wrote the bundle.
    public struct ToolInfo: Hashable, Sendable {
        public var toolBuildNumber: String?
        public var toolID: String?
        public var toolName: String?
        public var toolVersion: String?

        public init(toolBuildNumber: String? = nil, toolID: String? = nil, toolName: String? = nil, toolVersion: String? = nil) {
            self.toolBuildNumber = toolBuildNumber
            self.toolID = toolID
            self.toolName = toolName
            self.toolVersion = toolVersion
        }
    }

    public init(developmentRegion: String? = nil, targetLocale: String? = nil, project: String? = nil, workspace: String? = nil,
                toolInfo: ToolInfo? = nil, version: String? = nil) {
        self.developmentRegion = developmentRegion
        self.targetLocale = targetLocale
        self.project = project
        self.workspace = workspace
        self.toolInfo = toolInfo
        self.version = version
    }

    /// Reads `contents.json`; unknown keys are ignored, a non-object or non-JSON file is an error
    /// at its line and column. `targetLocale` names the bundle's XLIFF file, so it must be a
    /// locale id: never a path.
    public init(json data: Data, path: String) throws {
        var targetLocaleAt: SourceLocation?
        let root: [(key: String, value: JSONValue)]
        do {
            root = try JSONReader.read(data, file: path) { reader in
                guard try reader.peekKind() == .object else {
                    throw XLIFFError(.bundle, "contents.json is not a JSON object", at: reader.location(),
                                     hint: "export the bundle again, or remove contents.json: the XLIFF alone is enough")
                }
                var members: [(key: String, value: JSONValue)] = []
                try reader.readObject(detectingDuplicates: false) { reader, key, _ in
                    if key == "targetLocale" { targetLocaleAt = reader.location() }
                    members.append((key, try reader.readValue()))
                }
                try reader.finish()
                return members
            }
        } catch let error as XLIFFError {
            throw error
        } catch let error as any LocatedError {
            throw XLIFFError(.bundle, "contents.json is not valid JSON: \(error.message)", at: error.location,
                             hint: "export the bundle again, or remove contents.json: the XLIFF alone is enough")
        }
        func string(_ members: [(key: String, value: JSONValue)], _ key: String) -> String? {
            switch members.last(where: { $0.key == key })?.value {
            case .string(let text): return text
            case .number(let lexeme): return lexeme
            case .bool(let flag): return flag ? "1" : "0"
            default: return nil
            }
        }
        developmentRegion = string(root, "developmentRegion")
        targetLocale = string(root, "targetLocale")
        targetLocaleLocation = targetLocaleAt
        project = string(root, "project")
        workspace = string(root, "workspace")
        version = string(root, "version")
        if case .object(let tool)? = root.last(where: { $0.key == "toolInfo" })?.value {
            toolInfo = ToolInfo(toolBuildNumber: string(tool, "toolBuildNumber"), toolID: string(tool, "toolID"),
                                toolName: string(tool, "toolName"), toolVersion: string(tool, "toolVersion"))
        }
        if let targetLocale {
            do {
                _ = try LocaleIdentifier(validating: targetLocale)
            } catch {
                throw XLIFFError(.bundle, "contents.json: targetLocale \"\(targetLocale)\" is not a locale id (\(error)); it names the bundle's XLIFF file, so nothing was read",
                                 at: targetLocaleAt ?? SourceLocation(file: path), hint: "export the bundle again; Xcode writes the locale there, e.g. \"fr\"")
            }
        }
    }
}

extension XclocContents {
    public static func == (lhs: XclocContents, rhs: XclocContents) -> Bool {
        lhs.developmentRegion == rhs.developmentRegion && lhs.targetLocale == rhs.targetLocale && lhs.project == rhs.project
            && lhs.workspace == rhs.workspace && lhs.toolInfo == rhs.toolInfo && lhs.version == rhs.version
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(developmentRegion)
        hasher.combine(targetLocale)
        hasher.combine(project)
        hasher.combine(workspace)
        hasher.combine(toolInfo)
        hasher.combine(version)
    }

    /// Refuses a bundle whose XLIFF translates into another locale than `contents.json` names.
    /// Xcode writes the same id in both (`pt-BR`, `zh-Hans`); a difference means a folder was
    /// renamed or a tool rewrote one of them, and which of the two is meant cannot be told, so
    /// nothing is read. Both are compared as canonical locale ids (`LocaleIdentifier`): `pt_BR`,
    /// `pt-br` and `pt-BR` are one locale. A `target-language` that is no locale id is left to
    /// the import, which refuses it at its `<file>`.
    func checkTargetLocale(of document: XLIFFDocument, shownAs path: String) throws {
        guard let targetLocale, let expected = try? LocaleIdentifier(validating: targetLocale).rawValue else { return }
        for file in document.files {
            guard let declared = file.targetLanguage, !declared.isEmpty,
                  let locale = try? LocaleIdentifier(validating: declared).rawValue, locale != expected else { continue }
            let named = (targetLocaleLocation ?? SourceLocation(file: path)).description
            throw XLIFFError(.bundle, "target-language \"\(declared)\" of <file original=\"\(file.original)\"> is not the bundle's locale: \(named) names targetLocale \"\(targetLocale)\"; a folder was renamed or a tool rewrote one of them, so nothing was read",
                             at: file.location ?? targetLocaleLocation ?? SourceLocation(file: path),
                             hint: "set target-language and contents.json's targetLocale to the locale the translations are in (Xcode writes the same id in both), or import the XLIFF file alone")
        }
    }

    /// The fields as `contents.json` holds them (absent fields left out).
    public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let developmentRegion { members.append(("developmentRegion", .string(developmentRegion))) }
        if let project { members.append(("project", .string(project))) }
        if let targetLocale { members.append(("targetLocale", .string(targetLocale))) }
        if let toolInfo {
            var tool: [(key: String, value: JSONValue)] = []
            if let value = toolInfo.toolBuildNumber { tool.append(("toolBuildNumber", .string(value))) }
            if let value = toolInfo.toolID { tool.append(("toolID", .string(value))) }
            if let value = toolInfo.toolName { tool.append(("toolName", .string(value))) }
            if let value = toolInfo.toolVersion { tool.append(("toolVersion", .string(value))) }
            members.append(("toolInfo", .object(tool)))
        }
        if let version { members.append(("version", .string(version))) }
        if let workspace { members.append(("workspace", .string(workspace))) }
        return .object(members)
    }

    /// `contents.json` in the JSON style Xcode writes it (the catalogs' style, no final newline).
    public func jsonData() -> Data {
        JSONWriter(keyOrder: .xcode).data(for: jsonValue)
    }
}

extension XclocBundle {
    /// Writes a bundle folder as Xcode's Export Localizations lays it out: `contents.json`,
    /// `Localized Contents/<targetLocale>.xliff`, `Source Contents/<original>` for each given
    /// source file, and an empty `Notes/`. The bundle is built beside `url` and then moved into
    /// place, replacing an older bundle there, so a reader never sees half a bundle.
    public static func write(document: XLIFFDocument, contents: XclocContents, sourceContents: [(path: String, data: Data)],
                             to url: URL, writer: XLIFFWriter) throws {
        let manager = FileManager.default
        let locale = contents.targetLocale ?? String(url.deletingPathExtension().lastPathComponent)
        for (path, _) in sourceContents where path.hasPrefix("/") || path.split(separator: "/").contains("..") {
            throw XLIFFError(.bundle, "the source file \(path) lies outside the project, so it has no place in Source Contents",
                             at: SourceLocation(file: url.path))
        }
        let parent = url.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(url.lastPathComponent).l10n-\(UUID().uuidString)")
        do {
            try manager.createDirectory(at: staging.appendingPathComponent("Localized Contents"), withIntermediateDirectories: true)
            try manager.createDirectory(at: staging.appendingPathComponent("Source Contents"), withIntermediateDirectories: true)
            try manager.createDirectory(at: staging.appendingPathComponent("Notes"), withIntermediateDirectories: true)
            try contents.jsonData().write(to: staging.appendingPathComponent("contents.json"))
            // In pieces, as a plain `.xliff` export is: the file is never whole in memory.
            try AtomicFile.write(to: staging.appendingPathComponent("Localized Contents/\(locale).xliff")) { sink in
                try writer.write(document, pieces: sink)
            }
            for (path, data) in sourceContents {
                let file = staging.appendingPathComponent("Source Contents").appendingPathComponent(path)
                try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file)
            }
            if manager.fileExists(atPath: url.path) { try manager.removeItem(at: url) }
            try manager.moveItem(at: staging, to: url)
        } catch {
            try? manager.removeItem(at: staging)
            if error is XLIFFError { throw error }
            throw XLIFFError(.io, "cannot write the bundle: \(AtomicFile.reason(error))", at: SourceLocation(file: url.path),
                             hint: "check that the folder exists and is writable")
        }
    }
}
