import Foundation
import L10nCore
import L10nFormats
import L10nLocale

/// The targets a project generator's spec declares, for projects that commit no `.xcodeproj`:
/// XcodeGen's `project.yml` and Tuist's `Project.swift`. Each target's kind, platform, Info.plist
/// and the folders its sources and resources name decide bundles as a project file's would.
struct GeneratedProjectSpec {
    /// One target: as a project file's native target, with its folders.
    struct Target {
        var target: ProjectDiscovery.ProjectTarget
        /// Project-relative folders its sources and resources globs name (`Sources/**` → `Sources`).
        var folders: [String]
        /// Single files its resources name (`Azkar/Resources/Localizable.xcstrings` in a widget's list).
        var files: [String] = []
        /// Its folders' entries with the globs they leave out (XcodeGen's `excludes:`, Tuist's
        /// `excluding:`) or keep (`includes:`).
        var entries: [SourceEntry] = []
        /// The Info.plist the generator writes from the spec's properties (XcodeGen's
        /// `info: properties:`, for when the file is not committed; Tuist's
        /// `.extendingDefault(with:)`, whose file has no path in the project).
        var generatedPlist: InfoPlist?
    }

    /// A folder a target's sources or resources list, with the files of it the entry leaves out.
    struct SourceEntry: Equatable {
        var folder: String
        /// Project-relative globs of files and folders left out.
        var excludes: [PathGlob] = []
        /// Project-relative globs of the only files taken, when any.
        var includes: [PathGlob] = []

        /// Whether the entry builds `path`: inside its folder, not left out, and kept if it keeps
        /// only some. Nil when the matching spends `budget` first.
        func builds(_ path: String, budget: inout Int) -> Bool? {
            guard folder.isEmpty || path.hasPrefix(folder + "/") else { return false }
            for glob in excludes {
                guard let matched = glob.matches(path, budget: &budget) else { return nil }
                if matched { return false }
            }
            if includes.isEmpty { return true }
            for glob in includes {
                guard let matched = glob.matches(path, budget: &budget) else { return nil }
                if matched { return true }
            }
            return false
        }
    }

    var targets: [Target] = []
    /// The project's development language (XcodeGen's `options.developmentLanguage`, Tuist's
    /// `developmentRegion`), what `$(DEVELOPMENT_LANGUAGE)` in its plists stands for.
    var developmentLanguage: String?
    /// A spec that could not be read, as a warning line.
    var warnings: [String] = []
    /// Whether every target the specs declare was read: Tuist targets made by helper functions
    /// are not, so files outside the targets read keep their folders' bundles.
    var isComplete = true
    /// Each target's place in `targets`, by name.
    private var positions: [String: Int] = [:]
    /// How many nodes templates may still copy into targets, for all the specs.
    private var substitutionBudget = 1_000_000
    /// Spec files already read, by path: workspaces' specs include the same files.
    private var parsedFiles: [String: YAMLNode] = [:]
    /// Each xcconfig's `INFOPLIST_FILE`, by path.
    private var configPlists: [String: String?] = [:]
    /// The shallowest `Info.plist` under each folder of the project, found once.
    private var shallowestPlist: [String: String] = [:]

    /// The specs among the project's files: every `project.yml` (with what it includes) and every
    /// Tuist `Project.swift` that imports ProjectDescription (one per module in a workspace), but
    /// none in `Tuist/` (its helpers) and none a link leads out of the project.
    static func read(files: [String], root: URL, isVendor: (String) -> Bool) -> GeneratedProjectSpec {
        var spec = GeneratedProjectSpec()
        let specs = files.filter { path in
            let name = (path as NSString).lastPathComponent
            return !isVendor(path) && !("/" + path).contains("/Tuist/") && (name == "project.yml" || name == "project.yaml" || name == "Project.swift")
        }
        guard !specs.isEmpty else { return spec }
        spec.indexPlists(files.filter { !isVendor($0) })
        for path in specs.sorted() {
            guard FileTransaction.isInside(FileTransaction.resolved(root.appendingPathComponent(path)), root) else { continue }
            do {
                if path.hasSuffix("Project.swift") {
                    try spec.readTuist(path, root: root)
                } else {
                    var seen = Set<String>()
                    try spec.readXcodeGen(path, root: root, base: (path as NSString).deletingLastPathComponent, seen: &seen)
                    if spec.substitutionBudget < 0, !spec.warnings.contains(where: { $0.hasPrefix(path + ":") }) {
                        spec.isComplete = false
                        spec.warnings.append("\(path): warning: its target templates copy more than a million values into targets, so some targets were not read")
                    }
                }
            } catch let error as any LocatedError {
                spec.isComplete = false
                spec.warnings.append("\(error.location?.description ?? path): warning: cannot read this project spec (\(error.message)), so its targets were not used")
            } catch {
                spec.isComplete = false
                spec.warnings.append("\(path): warning: cannot read this project spec, so its targets were not used")
            }
        }
        return spec
    }

    /// The tables among `files` inside the targets' folders that every entry holding them leaves
    /// out (`excludes: ["**/*.strings"]`, `excluding: ["Resources/qqq.lproj/**"]`) and no target
    /// lists by itself: built into no product, no bundle offers their languages. None when a
    /// target could not be read, as it may build them.
    /// More tables times entries than `matchLimit`, or glob matching longer than four times that
    /// many steps, is a warning, and none is left out.
    mutating func tablesLeftOut(of files: [String]) -> Set<String> {
        guard isComplete, targets.contains(where: { $0.entries.contains { !$0.excludes.isEmpty || !$0.includes.isEmpty } }) else { return [] }
        // A test bundle ships in no product: a table only a test target builds (bitwarden's
        // `**/Fixtures/*`, excluded from the framework, included by its tests) is left out too.
        let shipping = targets.filter { !$0.target.type.contains("-test") && !$0.target.type.hasSuffix(".ui-testing") }
        let entries = shipping.flatMap(\.entries)
        let testFolders = targets.filter { target in !shipping.contains { $0.target.name == target.target.name } }.flatMap(\.entries).map(\.folder)
        let listed = Set(shipping.flatMap(\.files))
        let tables = files.filter { [".strings", ".stringsdict", ".xcstrings"].contains(where: $0.hasSuffix) && !listed.contains($0) }
        let globs = entries.reduce(0) { $0 + $1.excludes.count + $1.includes.count }
        let tooMany = "\(targets[0].target.project): warning: \(tables.count) tables against \(entries.count) sources entries and \(globs) excludes:/includes: globs are too much to match, so no table is taken as left out of the targets"
        guard tables.count * (entries.count + testFolders.count) <= Self.matchLimit else {
            warnings.append(tooMany)
            return []
        }
        // Every step of the glob matching counts against one budget.
        var budget = Self.matchLimit * 4
        var leftOut = Set<String>()
        for file in tables {
            var holding = testFolders.contains { $0.isEmpty || file.hasPrefix($0 + "/") }, built = false
            for entry in entries where entry.folder.isEmpty || file.hasPrefix(entry.folder + "/") {
                holding = true
                guard let builds = entry.builds(file, budget: &budget) else {
                    warnings.append(tooMany)
                    return []
                }
                if builds {
                    built = true
                    break
                }
            }
            if holding && !built { leftOut.insert(file) }
        }
        return leftOut
    }

    static let matchLimit = 5_000_000

    // MARK: XcodeGen

    /// XcodeGen's `type` as Xcode's product type.
    static func productType(xcodeGen type: String) -> String { "com.apple.product-type." + type }

    /// Reads a `project.yml` and the files it includes (their paths relative to the including
    /// file), with target templates (`${target_name}` substituted) applied: templates of any of
    /// the files serve targets of all.
    private mutating func readXcodeGen(_ path: String, root: URL, base: String, seen: inout Set<String>) throws {
        var documents: [(node: YAMLNode, folder: String)] = []
        try collectXcodeGen(path, root: root, into: &documents, seen: &seen)
        var templates: [String: YAMLNode] = [:]
        for (document, _) in documents {
            for entry in document["targetTemplates"]?.entries ?? [] { templates[entry.key] = entry.value }
            if let language = document["options"]?["developmentLanguage"]?.string, developmentLanguage == nil {
                developmentLanguage = LocaleIdentifier.canonicalized(language)
            }
        }
        // Project-level settings and xcconfig files hold for every target that does not set its own.
        let projectSettings = documents.compactMap { $0.node["settings"] }.last
        let projectConfigFiles = documents.compactMap { $0.node["configFiles"] }.last
        var dependencies: [String: [String]] = [:]
        let first = targets.count
        for (document, folder) in documents {
            for (name, body) in document["targets"]?.entries ?? [] {
                readXcodeGenTarget(name, body, folder: folder, base: base, templates: templates, projectSettings: projectSettings,
                                   projectConfigFiles: projectConfigFiles, root: root, spec: path)
                dependencies[name] = body["dependencies"]?.items.compactMap { $0["target"]?.string } ?? []
            }
        }
        markShippedApps(from: first, projectName: documents.first?.node["name"]?.string, dependencies: dependencies)
    }

    /// Marks the applications among `targets[first...]` that bear the project's name or depend on an app extension.
    private mutating func markShippedApps(from first: Int, projectName: String?, dependencies: [String: [String]]) {
        let extensions = Set(targets[first...].filter(\.target.isExtension).map(\.target.name))
        for index in first..<targets.count where targets[index].target.isApplication {
            let name = targets[index].target.name
            targets[index].target.isShippedApp = name == projectName || !(dependencies[name] ?? []).allSatisfy { !extensions.contains($0) }
        }
    }

    /// The spec at `path` and the files it includes, depth first, each with its folder.
    private mutating func collectXcodeGen(_ path: String, root: URL, into documents: inout [(node: YAMLNode, folder: String)],
                                          seen: inout Set<String>) throws {
        guard seen.insert(path).inserted, seen.count < 64 else { return }
        let document = try parsedFiles[path] ?? YAMLReader().read(AtomicFile.read(root.appendingPathComponent(path)), path: path)
        parsedFiles[path] = document
        let folder = (path as NSString).deletingLastPathComponent
        documents.append((document, folder))
        for include in document["include"]?.items ?? (document["include"].map { [$0] } ?? []) {
            guard let relative = include.string ?? include["path"]?.string,
                  let included = ProjectDiscovery.joined(folder, relative) else { continue }
            // An included file that a link leads out of the project is not read.
            let url = root.appendingPathComponent(included)
            if FileManager.default.fileExists(atPath: url.path), FileTransaction.isInside(FileTransaction.resolved(url), root) {
                try collectXcodeGen(included, root: root, into: &documents, seen: &seen)
            }
        }
    }

    private mutating func readXcodeGenTarget(_ name: String, _ body: YAMLNode, folder: String, base: String,
                                             templates: [String: YAMLNode], projectSettings: YAMLNode?, projectConfigFiles: YAMLNode?,
                                             root: URL, spec path: String) {
        // Templates first, the target's own fields over them; a template's paths are the project's.
        // Only the fields read are substituted, each within what is left of the spec's budget.
        var fields: [(key: String, value: YAMLNode, folder: String, isTemplate: Bool)] = []
        for template in body["templates"]?.items.compactMap(\.string) ?? [] {
            for entry in templates[template]?.entries ?? [] where Self.readFields.contains(entry.key) { fields.append((entry.key, entry.value, base, true)) }
        }
        for entry in body.entries where Self.readFields.contains(entry.key) { fields.append((entry.key, entry.value, folder, false)) }
        // `templateAttributes: { sourcesPath: BitwardenShared }`: what `${sourcesPath}` stands for in the templates.
        var attributes: [(name: String, value: String)] = []
        for entry in body["templateAttributes"]?.entries ?? [] {
            if let value = entry.value.string, attributes.count < 64 { attributes.append((entry.key, value)) }
        }
        func field(_ key: String) -> (value: YAMLNode, folder: String)? {
            guard let found = fields.last(where: { $0.key == key }) else { return nil }
            guard found.isTemplate else { return (found.value, found.folder) }
            return Self.substituted(found.value, name, attributes: attributes, budget: &substitutionBudget).map { ($0, found.folder) }
        }
        guard let type = field("type")?.value.string else { return }
        let platform = field("platform")?.value.string ?? field("platform")?.value.items.first?.string
        var plists: [String] = []
        var generatedPlist: InfoPlist?
        if let info = field("info"), let relative = info.value["path"]?.string, let plist = ProjectDiscovery.joined(info.folder, relative) {
            plists.append(plist)
            generatedPlist = Self.generatedPlist(plist, properties: info.value["properties"])
        }
        // Build settings are the project's: `settings: { base: { INFOPLIST_FILE } }`, or flat, or per configuration.
        for settings in [field("settings")?.value, projectSettings] where plists.isEmpty {
            for container in [settings, settings?["base"]] + (settings?["configs"]?.entries.map { Optional($0.value) } ?? []) {
                if let value = container?["INFOPLIST_FILE"]?.string, let plist = ProjectDiscovery.infoPlistPath(value[...], base: base) {
                    plists.append(plist)
                }
            }
        }
        // Else the xcconfig files the target's (or the project's) configurations are based on.
        for configs in [field("configFiles"), projectConfigFiles.map { ($0, base) }] where plists.isEmpty {
            guard let (node, at) = configs else { continue }
            for entry in node.entries {
                guard let relative = entry.value.string, let config = ProjectDiscovery.joined(at, relative),
                      let value = configInfoPlist(config, root: root),
                      let plist = ProjectDiscovery.infoPlistPath(value[...], base: base) else { continue }
                plists.append(plist)
            }
        }
        var folders: [String] = [], files: [String] = [], entries: [SourceEntry] = []
        for key in ["sources", "resources"] {
            guard let (node, at) = field(key) else { continue }
            for item in node.items.isEmpty ? [node] : node.items {
                guard let listed = item.string ?? item["path"]?.string else { continue }
                let (listedFolders, listedFiles) = Self.folders([listed], in: at, root: root)
                folders += listedFolders
                files += listedFiles
                // `excludes:` and `includes:` are globs relative to the entry's path.
                for folder in listedFolders {
                    func globs(_ key: String) -> [PathGlob] {
                        let patterns = item[key]?.items.compactMap(\.string) ?? item[key]?.string.map { [$0] } ?? []
                        return patterns.compactMap { ProjectDiscovery.joined(folder, $0).map(PathGlob.init) }
                    }
                    entries.append(SourceEntry(folder: folder, excludes: globs("excludes"), includes: globs("includes")))
                }
            }
        }
        // Without one named, XcodeGen takes the Info.plist among the target's sources.
        if plists.isEmpty, let found = infoPlist(in: folders) { plists.append(found) }
        add(name: name, type: Self.productType(xcodeGen: type), platform: platform, plists: plists, folders: folders, files: files,
            entries: entries, spec: path)
        targets[positions[name]!].generatedPlist = generatedPlist
    }

    /// `INFOPLIST_FILE` in an xcconfig, read once per file however many targets and
    /// configurations name it.
    private mutating func configInfoPlist(_ path: String, root: URL) -> String? {
        if let known = configPlists[path] { return known }
        let value = Self.configSetting("INFOPLIST_FILE", in: path, root: root)
        configPlists[path] = .some(value)
        return value
    }

    /// A build setting's value in an xcconfig file: the last unconditional assignment, with the
    /// files it `#include`s read in place (relative to it); nil when none sets it or the file is
    /// missing, outside the project or included more than 16 deep.
    static func configSetting(_ key: String, in path: String, root: URL) -> String? {
        var seen = Set<String>()
        return configSetting(key, in: path, root: root, depth: 0, seen: &seen)
    }

    /// Each file is read once, however many include it.
    private static func configSetting(_ key: String, in path: String, root: URL, depth: Int, seen: inout Set<String>) -> String? {
        let url = root.appendingPathComponent(path)
        guard depth < 16, seen.insert(path).inserted, FileTransaction.isInside(FileTransaction.resolved(url), root),
              let data = try? AtomicFile.read(url), data.count < 1 << 20 else { return nil }
        var value: String?
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var text = line.drop { $0 == " " || $0 == "\t" }
            if text.hasPrefix("#include") {
                guard let open = text.firstIndex(of: "\""), let close = text[text.index(after: open)...].firstIndex(of: "\""),
                      let included = ProjectDiscovery.joined((path as NSString).deletingLastPathComponent, String(text[text.index(after: open)..<close]))
                else { continue }
                if let found = configSetting(key, in: included, root: root, depth: depth + 1, seen: &seen) { value = found }
                continue
            }
            if let comment = text.range(of: "//") { text = text[..<comment.lowerBound] }
            guard text.hasPrefix(key), let equals = text.firstIndex(of: "="),
                  text[text.index(text.startIndex, offsetBy: key.count)..<equals].allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            let assigned = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            value = assigned.count >= 2 && assigned.hasPrefix("\"") && assigned.hasSuffix("\"") ? String(assigned.dropFirst().dropLast()) : assigned
        }
        return value.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The Info.plist XcodeGen writes at `path` from `info: properties:`.
    static func generatedPlist(_ path: String, properties: YAMLNode?) -> InfoPlist {
        generatedPlist(path, keys: (properties?.entries ?? []).map { entry in
            let texts = entry.value.string.map { [$0] } ?? entry.value.items.compactMap(\.string)
            return (entry.key, texts, texts.contains { ["true", "yes", "1"].contains($0.lowercased()) })
        })
    }

    /// The Info.plist a generator writes: its defaults (the region is the project's development
    /// language) under the keys the spec sets, each with its value's strings and whether it is true.
    static func generatedPlist(_ path: String, keys: [(key: String, texts: [String], isTrue: Bool)]) -> InfoPlist {
        var plist = InfoPlist(path: path, developmentRegion: "$(DEVELOPMENT_LANGUAGE)")
        plist.describesBundle = true
        for (key, texts, isTrue) in keys {
            switch key {
            case InfoPlist.developmentRegionKey:
                if let region = texts.first { plist.developmentRegion = region }
            case InfoPlist.localizationsKey:
                plist.localizations = texts.filter { !$0.isEmpty }
                // Declared, even empty: an empty list is a declaration the bundle reads.
                plist.keyLocations[key] = SourceLocation(file: path)
            case InfoPlist.allowMixedLocalizationsKey:
                plist.allowsMixedLocalizations = isTrue
            case InfoPlist.packageTypeKey:
                plist.packageType = texts.first
            case "WKCompanionAppBundleIdentifier", "WKWatchKitApp", "WKApplication":
                plist.describesWatchApp = true
                plist.describesExtension = true
            case "NSAppClip":
                plist.describesAppClip = true
                plist.describesExtension = true
            case "NSExtension", "EXAppExtensionAttributes":
                plist.describesExtension = true
            default:
                break
            }
        }
        return plist
    }

    /// The keys of a Tuist plist dictionary l10n reads: the localization keys, and those that
    /// make the bundle an extension, a watch app or an App Clip.
    static let readPlistKeys: Set<String> = [
        InfoPlist.developmentRegionKey, InfoPlist.localizationsKey, InfoPlist.allowMixedLocalizationsKey,
        "NSExtension", "EXAppExtensionAttributes", "NSAppClip", "WKApplication", "WKWatchKitApp", "WKCompanionAppBundleIdentifier",
    ]

    /// The fields of a target l10n reads.
    private static let readFields: Set<String> = ["type", "platform", "info", "settings", "configFiles", "sources", "resources"]

    /// A template's values with `${target_name}` (and `$target_name`) replaced by the target's
    /// name; nil once the spec's templates have copied `budget` nodes (a hostile spec's targets
    /// times a template of aliases must not take minutes).
    private static func substituted(_ node: YAMLNode, _ name: String, attributes: [(name: String, value: String)] = [],
                                    budget: inout Int) -> YAMLNode? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case .scalar(let text):
            guard text.contains("$") else { return node }
            var result = text.replacingOccurrences(of: "${target_name}", with: name).replacingOccurrences(of: "$target_name", with: name)
            for attribute in attributes where result.contains("${" + attribute.name + "}") {
                result = result.replacingOccurrences(of: "${" + attribute.name + "}", with: attribute.value)
            }
            return .scalar(result)
        case .sequence(let items):
            var result: [YAMLNode] = []
            for item in items {
                guard let copy = substituted(item, name, attributes: attributes, budget: &budget) else { return nil }
                result.append(copy)
            }
            return .sequence(result)
        case .mapping(let entries):
            var result: [(key: String, value: YAMLNode)] = []
            for entry in entries {
                guard let copy = substituted(entry.value, name, attributes: attributes, budget: &budget) else { return nil }
                result.append((entry.key, copy))
            }
            return .mapping(result)
        }
    }

    // MARK: Tuist

    /// Tuist's `product:` as Xcode's product type.
    static let tuistProducts: [String: String] = [
        "app": "application", "appClip": "application.on-demand-install-capable", "watch2App": "application.watchapp2",
        "appExtension": "app-extension", "extensionKitExtension": "extensionkit-extension", "watch2Extension": "watchkit2-extension",
        "messagesExtension": "app-extension.messages", "stickerPackExtension": "app-extension.messages-sticker-pack",
        "widgetExtension": "app-extension", "framework": "framework", "staticFramework": "framework", "staticLibrary": "library.static",
        "dynamicLibrary": "library.dynamic", "bundle": "bundle", "unitTests": "bundle.unit-test", "uiTests": "bundle.ui-testing",
        "commandLineTool": "tool", "macro": "macro",
    ]

    /// Reads the targets of a Tuist manifest from its tokens: each `.target(…)`/`Target(…)` call
    /// with a literal `name:` and a `product:`. Paths are relative to the manifest's folder;
    /// values built by code (a helper's parameters, interpolations) are not followed.
    private mutating func readTuist(_ path: String, root: URL) throws {
        let tokens = try SwiftTokenizer.tokenize(AtomicFile.read(root.appendingPathComponent(path)), file: path)
        // An app's own `Project.swift` (a model type) is no manifest: a manifest imports ProjectDescription.
        guard tokens.indices.dropLast().contains(where: { tokens[$0].identifier == "import" && tokens[$0 + 1].identifier == "ProjectDescription" })
        else { return }
        let folder = (path as NSString).deletingLastPathComponent
        var closes: [Int: Int] = [:]
        var opens: [Int] = []
        for index in tokens.indices {
            if tokens[index].isPunctuation("(") || tokens[index].isPunctuation("[") || tokens[index].isPunctuation("{") {
                opens.append(index)
            } else if tokens[index].isPunctuation(")") || tokens[index].isPunctuation("]") || tokens[index].isPunctuation("}"), let open = opens.popLast() {
                closes[open] = index
            }
        }
        /// The call's arguments at its own level, by label: the token range of each value.
        func arguments(_ open: Int) -> [String: Range<Int>] {
            guard let close = closes[open] else { return [:] }
            var result: [String: Range<Int>] = [:]
            var index = open + 1
            var label: String?
            var start = index
            while index <= close {
                if index == close || tokens[index].isPunctuation(",") {
                    if let label { result[label] = start..<index }
                    label = nil
                    start = index + 1
                } else if index == start, let name = tokens[index].identifier, index + 1 < close, tokens[index + 1].isPunctuation(":") {
                    label = name
                    index += 2
                    start = index
                    continue
                }
                index = closes[index].map { $0 + 1 } ?? index + 1
            }
            return result
        }
        // `let name = "Home"`: constants a target's name may be given by.
        var constants: [String: String] = [:]
        for index in tokens.indices.dropLast(3) where tokens[index].identifier == "let" {
            if let constant = tokens[index + 1].identifier, tokens[index + 2].kind == .operatorSymbol("="),
               let value = tokens[index + 3].string?.plainText {
                constants[constant] = value
            }
        }
        // `let shared: [String: Plist.Value] = [ … ]`: dictionaries a target's `infoPlist:` may extend with.
        var dictionaries: [String: Range<Int>] = [:]
        for index in tokens.indices.dropLast(3) where tokens[index].identifier == "let" {
            guard let constant = tokens[index + 1].identifier else { continue }
            var at = index + 2
            while at < min(tokens.count - 1, index + 16), tokens[at].kind != .operatorSymbol("=") { at = closes[at].map { $0 + 1 } ?? at + 1 }
            if at + 1 < tokens.count, tokens[at].kind == .operatorSymbol("="), tokens[at + 1].isPunctuation("["), let close = closes[at + 1] {
                dictionaries[constant] = (at + 1)..<close
            }
        }
        /// The localization keys of an `infoPlist: .extendingDefault(with: [ … ])` (or a constant
        /// it names), on the plist Tuist generates: its region is the project's development language.
        /// The localization keys a dictionary literal's tokens set, each with its value's tokens.
        func plistKeys(_ part: Range<Int>) -> [(key: String, value: Range<Int>)] {
            var found: [(key: String, value: Range<Int>)] = []
            for index in part where index + 2 < part.upperBound && tokens[index + 1].isPunctuation(":") {
                guard let key = tokens[index].string?.plainText, Self.readPlistKeys.contains(key) else { continue }
                // The value: `"ko"`, `.string("ko")`, `["ko", "en"]`, `true`, `.boolean(true)`.
                var end = index + 3
                if tokens[index + 2].isPunctuation("[") || tokens[index + 2].isPunctuation(".") {
                    let open = tokens[index + 2].isPunctuation(".") ? index + 4 : index + 2
                    end = open < part.upperBound ? (closes[open].map { $0 + 1 } ?? index + 3) : index + 3
                }
                found.append((key, (index + 2)..<min(end, part.upperBound)))
            }
            return found
        }
        // A constant's keys, found once however many targets extend with it.
        var constantKeys: [String: [(key: String, value: Range<Int>)]] = [:]
        func extendedPlist(_ range: Range<Int>) -> InfoPlist? {
            guard range.contains(where: { tokens[$0].identifier == "extendingDefault" }) else { return nil }
            // The constants' keys first, the literal's over them (`shared.merging([…]) { $1 }`).
            var keys: [(key: String, value: Range<Int>)] = []
            for name in Set(range.compactMap { tokens[$0].identifier }) {
                guard let part = dictionaries[name] else { continue }
                if constantKeys[name] == nil { constantKeys[name] = plistKeys(part) }
                keys += constantKeys[name]!
            }
            keys += plistKeys(range)
            return Self.generatedPlist("", keys: keys.map { key, value in
                let texts = value.compactMap { tokens[$0].string?.plainText }
                return (key, texts, value.contains { tokens[$0].identifier == "true" } || texts.contains { ["yes", "true"].contains($0.lowercased()) })
            })
        }
        func literal(_ range: Range<Int>?) -> String? {
            guard let range, range.count == 1 else { return nil }
            return tokens[range.lowerBound].string?.plainText ?? tokens[range.lowerBound].identifier.flatMap { constants[$0] }
        }
        /// The paths of a value, relative to the project: `"A/**"`, `["A/**", "B"]`, `.glob("A/**")`,
        /// `.file(path: "x")`, relative to the manifest; `.relativeToRoot("x")` and `"//x"` to the root.
        /// A glob's `excluding:` list names no folder of the target: it is kept with the glob.
        func globs(_ range: Range<Int>?) -> [(path: String, excluding: [String])] {
            guard let range else { return [] }
            var result: [(path: String, excluding: [String])] = []
            var index = range.lowerBound
            func path(at index: Int) -> String? {
                guard let text = tokens[index].string?.plainText else { return nil }
                let fromRoot = text.hasPrefix("//") || (index >= 2 && tokens[index - 1].isPunctuation("(")
                    && ["relativeToRoot", "relativeToRootDirectory"].contains(tokens[index - 2].identifier ?? ""))
                let relative = text.hasPrefix("//") ? String(text.dropFirst(2)) : text
                return fromRoot ? ProjectDiscovery.normalized(relative) : ProjectDiscovery.joined(folder, relative)
            }
            while index < range.upperBound {
                if tokens[index].identifier == "excluding", index + 1 < range.upperBound, tokens[index + 1].isPunctuation(":"),
                   index + 2 < range.upperBound, let close = closes[index + 2] {
                    if !result.isEmpty { result[result.count - 1].excluding += (index + 2...close).compactMap(path(at:)) }
                    index = close + 1
                    continue
                }
                if let path = path(at: index) { result.append((path, [])) }
                index += 1
            }
            return result
        }
        func paths(_ range: Range<Int>?) -> [String] { globs(range).map(\.path) }
        /// A target made in a helper function of this manifest (`func mainTarget(name: String) -> Target
        /// { .target(name: name, …) }`): the names its calls pass (`mainTarget(name: "Mail")`).
        func helperNames(_ range: Range<Int>?, at call: Int) -> [String] {
            guard let range, range.count == 1, let parameter = tokens[range.lowerBound].identifier,
                  let helper = functions.last(where: { $0.body.contains(call) })?.name else { return [] }
            return (callSites[helper] ?? []).compactMap { literal(arguments($0)[parameter]) }
        }
        // The manifest's functions with their bodies, and where each is called, found once.
        var functions: [(name: String, body: ClosedRange<Int>)] = []
        var callSites: [String: [Int]] = [:]
        for index in tokens.indices.dropLast(2) where tokens[index].identifier == "func" {
            guard let function = tokens[index + 1].identifier else { continue }
            // The body's `{` follows the signature closely; a declaration without one (a protocol's) ends at the next `func`.
            var open = index + 2
            while open < min(tokens.count, index + 256), !tokens[open].isPunctuation("{"), tokens[open].identifier != "func" {
                open = closes[open].map { $0 + 1 } ?? open + 1
            }
            guard open < tokens.count, tokens[open].isPunctuation("{") else { continue }
            if open < tokens.count, let end = closes[open] { functions.append((function, open...end)) }
        }
        let names = Set(functions.map(\.name))
        for index in tokens.indices.dropLast() where tokens[index + 1].isPunctuation("(") && (index == 0 || tokens[index - 1].identifier != "func") {
            if let name = tokens[index].identifier, names.contains(name) { callSites[name, default: []].append(index + 1) }
        }
        var readAny = false
        let first = targets.count
        var dependencies: [String: [String]] = [:]
        for index in tokens.indices {
            guard let name = tokens[index].identifier, name == "target" || name == "Target", index + 1 < tokens.count,
                  tokens[index + 1].isPunctuation("(") else { continue }
            let arguments = arguments(index + 1)
            guard let product = arguments["product"] else { continue }
            let targetNames = literal(arguments["name"]).map { [$0] } ?? helperNames(arguments["name"], at: index)
            if targetNames.isEmpty { isComplete = false }
            guard !targetNames.isEmpty,
                  product.count == 2, tokens[product.lowerBound].isPunctuation("."),
                  let kind = tokens[product.lowerBound + 1].identifier.flatMap({ Self.tuistProducts[$0] }) else { continue }
            var platform: String?
            for key in ["platform", "destinations"] {
                let words = arguments[key].map { range in range.compactMap { tokens[$0].identifier } } ?? []
                if words.contains(where: { $0 == "watchOS" || $0 == "appleWatch" }) { platform = "watchOS" }
                else if words.contains(where: { $0 == "macOS" || $0 == "mac" }) && !words.contains(where: { $0 == "iOS" || $0.hasPrefix("iP") }) { platform = "macOS" }
            }
            // `infoPlist: "App/Info.plist"` or `.file(path: "…")`; `.default` and `.extendingDefault` make none.
            var plists: [String] = []
            if let range = arguments["infoPlist"], range.count == 1 || range.contains(where: { tokens[$0].identifier == "file" }) {
                plists = Array(paths(range).prefix(1))
            }
            let extended = arguments["infoPlist"].flatMap(extendedPlist)
            var folders: [String] = [], files: [String] = [], entries: [SourceEntry] = []
            for glob in globs(arguments["sources"]) + globs(arguments["resources"]) {
                let (listedFolders, listedFiles) = Self.folders([glob.path], in: "", root: root)
                folders += listedFolders
                files += listedFiles
                entries += listedFolders.map { SourceEntry(folder: $0, excludes: glob.excluding.map(PathGlob.init)) }
            }
            // `dependencies: [.target(name: "Widget"), …]`: the targets it embeds.
            let depends = arguments["dependencies"].map { range in
                range.filter { tokens[$0].identifier == "name" && $0 + 2 < range.upperBound && tokens[$0 + 1].isPunctuation(":") }
                    .compactMap { tokens[$0 + 2].string?.plainText }
            } ?? []
            for targetName in targetNames {
                add(name: targetName, type: "com.apple.product-type." + kind, platform: platform, plists: plists, folders: folders, files: files,
                    entries: entries, spec: path)
                targets[positions[targetName]!].generatedPlist = extended
                dependencies[targetName] = depends
            }
            readAny = true
        }
        // Another factory of targets (kDrive's `.extensionTarget(name: "kDriveShareExtension", …)`)
        // declares a target l10n does not read: the spec is incomplete.
        for index in tokens.indices.dropLast() where tokens[index + 1].isPunctuation("(") {
            guard let factory = tokens[index].identifier, factory != "target", factory != "Target", factory.lowercased().hasSuffix("target"),
                  index == 0 || tokens[index - 1].identifier != "func", arguments(index + 1)["name"] != nil else { continue }
            isComplete = false
            break
        }
        let projectName = tokens.indices.dropLast(2).first { tokens[$0].identifier == "Project" && tokens[$0 + 1].isPunctuation("(") }
            .flatMap { literal(arguments($0 + 1)["name"]) }
        markShippedApps(from: first, projectName: projectName, dependencies: dependencies)
        // A module's manifest made by a helper (`Project.makeFeatureModule(name: "Home", …)`): its
        // targets are the helper's, unread; the module is taken as a framework in its folder.
        if !readAny {
            isComplete = false
            for index in tokens.indices.dropLast(2) where tokens[index].identifier == "Project" && tokens[index + 1].isPunctuation(".") {
                guard index + 3 < tokens.count, tokens[index + 3].isPunctuation("("),
                      let module = literal(arguments(index + 3)["name"]), !folder.isEmpty else { continue }
                add(name: module, type: "com.apple.product-type.framework", platform: nil, plists: [], folders: [folder], spec: path)
                break
            }
        }
        // `.options(developmentRegion: "ko")`, `developmentRegion: "en"`.
        for index in tokens.indices where tokens[index].identifier == "developmentRegion" && developmentLanguage == nil {
            if index + 2 < tokens.count, tokens[index + 1].isPunctuation(":"), let value = tokens[index + 2].string?.plainText {
                developmentLanguage = LocaleIdentifier.canonicalized(value)
            }
        }
    }

    // MARK: Shared

    private mutating func add(name: String, type: String, platform: String?, plists: [String], folders: [String], files: [String] = [],
                              entries: [SourceEntry] = [], spec: String) {
        let sdk: String? = switch platform?.lowercased() {
        case "watchos": "watchos"
        case "macos": "macosx"
        case "tvos": "appletvos"
        case "visionos": "xros"
        case "ios": "iphoneos"
        default: nil
        }
        var target = ProjectDiscovery.ProjectTarget(project: spec, id: spec + ":" + name, name: name, type: type, sdk: sdk, groups: [],
                                                    infoPlists: Array(Set(plists)).sorted())
        target.isFromSpec = true
        let spec = Target(target: target, folders: Array(Set(folders)).sorted(), files: Array(Set(files)).sorted(),
                          entries: entries.isEmpty ? folders.map { SourceEntry(folder: $0) } : entries)
        // A target declared again (an included file's, a second manifest's) replaces the first.
        if let position = positions[name] { targets[position] = spec } else {
            positions[name] = targets.count
            targets.append(spec)
        }
    }

    /// The shallowest `Info.plist` in `folders`, as XcodeGen finds a target's when none is named.
    private func infoPlist(in folders: [String]) -> String? {
        folders.compactMap { shallowestPlist[$0] }.min { Self.plistOrder($0, $1) }
    }

    /// Shallower first, then by path.
    private static func plistOrder(_ a: String, _ b: String) -> Bool {
        let (depthA, depthB) = (a.split(separator: "/").count, b.split(separator: "/").count)
        return depthA != depthB ? depthA < depthB : a < b
    }

    /// Indexes every folder above each `Info.plist` with the shallowest plist below it.
    private mutating func indexPlists(_ files: [String]) {
        for file in files where (file as NSString).lastPathComponent == "Info.plist" {
            var folder = (file as NSString).deletingLastPathComponent
            while !folder.isEmpty {
                if shallowestPlist[folder].map({ Self.plistOrder(file, $0) }) ?? true { shallowestPlist[folder] = file }
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
    }

    /// File kinds a glob can pick that make the folder the target's: code, tables, interface files.
    private static let folderClaimingKinds: Set<String> = [
        "swift", "m", "mm", "h", "c", "strings", "stringsdict", "xcstrings", "lproj", "storyboard", "xib", "plist", "intentdefinition",
    ]

    /// What a target's sources and resources paths name: the folders of their globs, and the
    /// tables named one by one.
    static func folders(_ paths: [String], in base: String, root: URL) -> (folders: [String], files: [String]) {
        var folders: [String] = [], files: [String] = []
        for relative in paths {
            if let folder = globFolder(relative, in: base, root: root) { folders.append(folder) }
            else if let file = resourceFile(relative, in: base, root: root) { files.append(file) }
        }
        return (folders, files)
    }

    /// The project-relative table a resources path names as a single file (`…/Localizable.xcstrings`,
    /// `…/en.lproj/InfoPlist.strings`); nil for anything else.
    static func resourceFile(_ relative: String, in base: String, root: URL) -> String? {
        guard !relative.contains("$"), !relative.contains("*"), !relative.hasPrefix("/"),
              [".xcstrings", ".strings", ".stringsdict"].contains(where: { relative.hasSuffix($0) }) else { return nil }
        return ProjectDiscovery.joined(base, relative)
    }

    /// The project-relative folder a sources or resources path names: the path up to its first
    /// glob component (`Sources/**/*.swift` → `Sources`); nil for a single file, a path outside
    /// the project or one with build-setting variables.
    static func globFolder(_ relative: String, in base: String, root: URL) -> String? {
        guard !relative.contains("$"), !relative.hasPrefix("/") else { return nil }
        // A glob that picks files other than code and tables (`MailResources/**/PrivacyInfo.xcprivacy`,
        // `Res/**/*.xcassets`) takes no folder's tables: the folder stays its own target's.
        let components = relative.split(separator: "/")
        if let last = components.last, components.contains(where: { $0.contains("*") }) {
            let kind = (String(last) as NSString).pathExtension
            if !last.contains("*") || !(kind.isEmpty || kind == "*" || Self.folderClaimingKinds.contains(kind)) { return nil }
        }
        var parts: [Substring] = []
        for part in relative.split(separator: "/") {
            if part.contains("*") || part.contains("{") || part.contains("?") { break }
            parts.append(part)
        }
        guard let path = ProjectDiscovery.joined(base, parts.joined(separator: "/")), !path.isEmpty else { return nil }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
        // A folder that exists, or a missing path that reads as one (no extension): a file is one bundle's resource, not a folder.
        if exists ? !isFolder.boolValue : !(path as NSString).pathExtension.isEmpty { return nil }
        return path
    }
}
