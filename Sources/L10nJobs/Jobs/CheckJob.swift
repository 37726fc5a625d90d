import Foundation
import L10nCore
import L10nFormats
import L10nProject
import L10nExchange

/// What a check run is asked to do, from the command line or a pipeline stage.
public struct CheckOptions: Sendable, Equatable {
    /// Run only these checks (empty: all).
    public var only: [String]
    /// Skip these checks.
    public var skip: [String]
    /// Look only at these offered locales (empty: all).
    public var locales: [String]
    /// A baseline file that overrides the manifest's; findings recorded in it do not count.
    public var baseline: URL?
    /// Warnings count as failures.
    public var strict: Bool
    /// Run the `width` check against this pseudo-locale instead of the checks on the offered
    /// locales (`check --pseudo`): which labels overflow before any translation exists.
    public var pseudo: PseudoLocalization?

    public init(only: [String] = [], skip: [String] = [], locales: [String] = [], baseline: URL? = nil, strict: Bool = false) {
        self.only = only
        self.skip = skip
        self.locales = locales
        self.baseline = baseline
        self.strict = strict
    }
}

/// Runs the checks over a loaded project: settings from the manifest and the options, findings
/// located at their catalog lines, the baseline applied.
public struct CheckJob: Sendable {
    public var options: CheckOptions

    public init(options: CheckOptions = CheckOptions()) {
        self.options = options
    }

    public func run(on project: Project) throws -> CheckResult {
        // The pseudo-locale's width check builds its own context over the pseudo-localized model.
        if options.pseudo != nil { return try run(project: project, context: nil) }
        return try run(in: CheckContext(project: project, locales: options.locales))
    }

    /// Runs over a context another job already built for `options.locales` (the report shares
    /// one; a pipeline's report stage reuses its check stage's).
    package func run(in context: CheckContext) throws -> CheckResult {
        if options.pseudo != nil { return try run(project: context.project, context: nil) }
        return try run(project: context.project, context: context)
    }

    /// The pseudo-locale run (`options.pseudo`) of the project `base` reads, whose chain keys
    /// the pseudo model shares: the report runs it after its own checks.
    func runPseudo(keysOf base: CheckContext) throws -> CheckResult {
        try run(project: base.project, context: nil, keysOf: base)
    }

    private func run(project: Project, context: CheckContext?, keysOf base: CheckContext? = nil) throws -> CheckResult {
        for id in options.only + options.skip where BuiltInChecks.check(id: id) == nil {
            throw InputError("unknown check '\(id)'", hint: Suggestion.didYouMean(id, among: BuiltInChecks.ids).map { "did you mean '\($0)'? " } ?? ""
                             + "'l10n checks' lists them")
        }
        var selected = BuiltInChecks.all.filter { check in
            (options.only.isEmpty || options.only.contains(check.id)) && !options.skip.contains(check.id)
                && project.manifest.checkSeverities[check.id] != .off
        }
        // The checks read one immutable context, so they run side by side.
        var results: [[Finding]]
        if let pseudo = options.pseudo {
            selected = selected.filter { $0.id == WidthCheck.id }
            results = try selected.map { _ in try pseudo.widthFindings(project, keysOf: base) }
        } else {
            let checks = selected
            guard let context else { preconditionFailure("only a pseudo-locale run builds its own context") }
            // The longest checks start first, so no core is left alone with one at the end.
            let order = checks.indices.sorted { Self.startRank(checks[$0].id) < Self.startRank(checks[$1].id) }
            var found = ConcurrentWork.map(checks.count) { checks[order[$0]].init().findings(in: context) }
            results = Array(repeating: [], count: checks.count)
            // Swapped, not assigned: each check's array stays with one holder, changed in place below.
            for (position, index) in order.enumerated() { swap(&results[index], &found[position]) }
        }
        let ran = selected.map { $0.id }
        for (index, check) in selected.enumerated() {
            // Changed in place: `results` is the array's only holder, so nothing is copied.
            if let severity = project.manifest.checkSeverities[check.id]?.severity {
                for position in results[index].indices { results[index][position].severity = severity }
            }
            // The context's locales: as the project spells them (`pt_BR` asked as `pt-BR`).
            if !options.locales.isEmpty && options.pseudo == nil, let kept = context?.locales {
                results[index].removeAll { $0.locale != nil && !kept.contains($0.locale!) && $0.locale != project.sourceLanguage }
            }
        }
        var findings = Self.joined(&results)
        try locate(&findings, in: project)
        var baselined = 0
        if let baseline = try baselineIdentities(project) {
            let before = findings.count
            // A finding the baseline recorded at a lower severity is new: a dropped argument
            // (warning) that became a crash (error) must not pass under the old entry.
            findings.removeAll { finding in
                guard let recorded = baseline[finding.identity] else { return false }
                return recorded.map { finding.severity <= $0 } ?? true
            }
            baselined = before - findings.count
        }
        Self.sort(&findings)
        return CheckResult(findings: findings, baselined: baselined, checks: ran, strict: options.strict)
    }

    /// The checks' findings one after another, moved out of `parts` (left empty): appending
    /// them copied each finding, a retain and later a release for each of its strings.
    static func joined(_ parts: inout [[Finding]]) -> [Finding] {
        var joined: [Finding] = []
        joined.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        // `popLast` moves a finding out: taken from the back, then turned around by swaps.
        for index in parts.indices.reversed() {
            while let finding = parts[index].popLast() { joined.append(finding) }
        }
        // In the buffer: `Array.swapAt` copied the two findings (a retain per string) to swap them.
        joined.withUnsafeMutableBufferPointer { $0.reverse() }
        return joined
    }

    /// The checks that take longest over a large project, longest first (the bench's `check` row);
    /// the rest start after them in their own order.
    private static let longestFirst = [PlaceholderMismatchCheck.id, PluralCategoriesCheck.id, WidthCheck.id, MissingTranslationCheck.id,
                                       ShadowedLocaleCheck.id, NeedsReviewCheck.id, SuspiciousPercentCheck.id]

    private static func startRank(_ id: String) -> Int { longestFirst.firstIndex(of: id) ?? longestFirst.count }

    /// Puts `findings` in compiler order: file, line, column, check, then key, locale and message, so
    /// the order never depends on the order the checks found things in. File and check are
    /// compared as integer ranks, so tens of thousands of findings sort without comparing strings.
    static func sort(_ findings: inout [Finding]) {
        // A check's findings of one file come one after another: a file or check equal to the
        // finding before's is not hashed again (a path's hash cost more than the sort).
        var fileSet = Set<String>(), checkSet = Set<String>()
        var lastFile: String?, lastCheck: String?
        for index in findings.indices {
            let file = findings[index].file ?? "", check = findings[index].check
            if file != lastFile { fileSet.insert(file); lastFile = file }
            if check != lastCheck { checkSet.insert(check); lastCheck = check }
        }
        let fileRank = Dictionary(uniqueKeysWithValues: fileSet.sorted().enumerated().map { ($0.element, $0.offset) })
        let checkRank = Dictionary(uniqueKeysWithValues: checkSet.sorted().enumerated().map { ($0.element, $0.offset) })
        var ranks: [(Int, Int, Int, Int)] = []
        ranks.reserveCapacity(findings.count)
        var last: (file: String, fileRank: Int, check: String, checkRank: Int)?
        for index in findings.indices {
            let file = findings[index].file ?? "", check = findings[index].check
            let ranked = (file: file, fileRank: last?.file == file ? last!.fileRank : fileRank[file]!,
                          check: check, checkRank: last?.check == check ? last!.checkRank : checkRank[check]!)
            last = ranked
            ranks.append((ranked.fileRank, findings[index].line ?? 0, findings[index].column ?? 0, ranked.checkRank))
        }
        let indices = findings.indices.sorted { a, b in
            if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            return (findings[a].key ?? "", findings[a].locale ?? "", findings[a].message) < (findings[b].key ?? "", findings[b].locale ?? "", findings[b].message)
        }
        // Put in place by swaps along the permutation's cycles: `indices.map { findings[$0] }`
        // copied every finding (a retain per string) and then released the unsorted ones.
        // Swapped in the buffer, where a swap moves: `Array.swapAt` copied both findings.
        var placed = [Bool](repeating: false, count: indices.count)
        findings.withUnsafeMutableBufferPointer { findings in
            for start in indices.indices where !placed[start] {
                var position = start
                while indices[position] != start {
                    findings.swapAt(position, indices[position])
                    placed[position] = true
                    position = indices[position]
                }
                placed[position] = true
            }
        }
    }

    /// Gives catalog and `.strings` findings the line of their key (or of the key's localization).
    private func locate(_ findings: inout [Finding], in project: Project) throws {
        // Each catalog with findings: a file that still holds the bytes discovery read is placed
        // where its reader noted each key, one finding at a time; a changed file is read and
        // scanned once, for the keys and localizations its findings name. A check's findings of
        // one file come one after another: a file is looked up once per run of them.
        var noted: [String: NotedCatalogLocations] = [:]
        var changed: [String: [String: Set<String>]] = [:]
        var lastFile: String?
        var lastChanged = false
        for index in findings.indices where findings[index].line == nil {
            guard let file = findings[index].file, let key = findings[index].key else { continue }
            if file != lastFile {
                lastFile = file
                if noted[file] == nil, changed[file] == nil, file.hasSuffix(".xcstrings") {
                    let url = project.url(forPath: file)
                    if let catalog = project.catalog(atPath: file)?.catalog, let stamp = FileStamp(url),
                       project.fileStamps[file] == stamp, let locations = NotedCatalogLocations(catalog, file: file) {
                        noted[file] = locations
                    } else {
                        changed[file] = [:]
                    }
                }
                lastChanged = changed[file] != nil
            }
            guard lastChanged else { continue }
            if let locale = findings[index].locale {
                changed[file]![key, default: []].insert(locale)
            } else if changed[file]![key] == nil {
                changed[file]![key] = []
            }
        }
        let paths = changed.keys.sorted()
        let localesByPath = changed
        let scanned = ConcurrentWork.map(paths.count) { index in
            let url = project.url(forPath: paths[index])
            return Result { () -> StringCatalogLocations? in
                guard FileStamp(url) != nil else { return nil }
                let locales = localesByPath[paths[index]] ?? [:]
                let wanted = Set(locales.keys)
                let data = try AtomicFile.read(url)
                if let catalog = project.catalog(atPath: paths[index])?.catalog {
                    return try StringCatalogLocations(data, file: paths[index], only: wanted, locales: locales, readAs: catalog)
                }
                return try StringCatalogLocations(data, file: paths[index], only: wanted)
            }
        }
        var catalogLocations: [String: StringCatalogLocations?] = [:]
        for (index, path) in paths.enumerated() { catalogLocations[path] = .some(try scanned[index].get()) }
        var stringsFiles: [String: StringsFile] = [:]
        for table in project.stringsTables {
            for file in table.files.values where stringsFiles[file.path] == nil { stringsFiles[file.path] = file }
        }
        // Set in place: the findings are not copied.
        enum Places {
            case noted(NotedCatalogLocations)
            case scanned(StringCatalogLocations?)
            case strings(StringsFile?)
            case none
        }
        lastFile = nil
        var places = Places.none
        for index in findings.indices {
            guard findings[index].line == nil, let file = findings[index].file, let key = findings[index].key else { continue }
            if file != lastFile {
                lastFile = file
                if let locations = noted[file] {
                    places = .noted(locations)
                } else if let locations = catalogLocations[file] {
                    places = .scanned(locations)
                } else if file.hasSuffix(".strings") {
                    places = .strings(stringsFiles[file])
                } else {
                    places = .none
                }
            }
            let location: SourceLocation?
            switch places {
            case .noted(let locations): location = locations.location(key: key, locale: findings[index].locale)
            case .scanned(let locations): location = locations?.location(key: key, locale: findings[index].locale)
            case .strings(let file): location = file?.entry(forKey: key)?.location
            case .none: location = nil
            }
            if let location {
                findings[index].line = location.line
                findings[index].column = location.column
            }
        }
    }

    private func baselineIdentities(_ project: Project) throws -> [FindingIdentity: Severity?]? {
        let url = options.baseline ?? project.manifest.baseline.map { project.url(forManifestPath: $0) }
        guard let url else { return nil }
        guard FileManager.default.fileExists(atPath: url.path) else {
            // Named by the manifest: the error points at its field.
            let at = options.baseline == nil ? project.manifest.baselineLocation : nil
            throw InputError("the baseline \(url.path) does not exist", at: at, hint: "record one with l10n check --write-baseline \(url.path)")
        }
        return Dictionary(try Baseline.entries(AtomicFile.read(url), file: url.path).map { ($0.identity, $0.severity) },
                          uniquingKeysWith: { first, second in max(first ?? .error, second ?? .error) })
    }
}

/// The findings a team accepted when it adopted l10n: only findings not listed here count.
public enum Baseline {
    public static let version = 1

    /// `{ "version": 1, "findings": [ { "check": …, "file": …, "key": …, "locale": …, "severity": … } ] }`,
    /// sorted; `severity` is the highest of the identity's findings.
    public static func data(for findings: [Finding]) -> Data {
        var severities: [FindingIdentity: Severity] = [:]
        for finding in findings { severities[finding.identity] = max(severities[finding.identity] ?? finding.severity, finding.severity) }
        let value = JSONValue.object([
            ("version", .number(String(version))),
            ("findings", .array(severities.keys.sorted().map { identity in
                .object([("check", .string(identity.check)), ("file", .string(identity.file)),
                         ("key", .string(identity.key)), ("locale", .string(identity.locale)),
                         ("severity", .string(severities[identity]!.rawValue))])
            })),
        ])
        return JSONWriter(keyOrder: .asGiven, finalNewline: true).data(for: value)
    }

    /// A baseline's findings.
    public static func read(_ data: Data, file: String) throws -> [FindingIdentity] {
        try entries(data, file: file).map(\.identity)
    }

    /// A baseline's findings with the severity each had when it was recorded (nil in a baseline
    /// written before severities were: it absorbs the finding at any severity).
    public static func entries(_ data: Data, file: String) throws -> [(identity: FindingIdentity, severity: Severity?)] {
        try JSONReader.read(data, file: file) { reader in
            var identities: [(identity: FindingIdentity, severity: Severity?)] = []
            var version: String?
            var versionAt: SourceLocation?
            guard try reader.peekKind() == .object else {
                throw InputError("a baseline is a JSON object with \"version\" and \"findings\"", at: reader.location())
            }
            try reader.readObject { reader, key, _ in
                switch key {
                case "version":
                    versionAt = reader.location()
                    version = try reader.readNumber()
                case "findings":
                    try reader.readArray { reader, _ in
                        let at = reader.location()
                        let value = try reader.readValue()
                        guard let check = value["check"]?.stringValue, let path = value["file"]?.stringValue,
                              let key = value["key"]?.stringValue, let locale = value["locale"]?.stringValue else {
                            throw InputError("a baseline finding needs the strings \"check\", \"file\", \"key\" and \"locale\"", at: at)
                        }
                        var severity: Severity?
                        if let recorded = value["severity"] {
                            guard let text = recorded.stringValue, let known = Severity(rawValue: text) else {
                                throw InputError("a baseline finding's \"severity\" is note, warning or error", at: at)
                            }
                            severity = known
                        }
                        identities.append((FindingIdentity(check: check, file: path, key: key, locale: locale), severity))
                    }
                default:
                    throw InputError("unknown baseline field \"\(key)\"", at: reader.location(), hint: "a baseline has \"version\" and \"findings\"")
                }
            }
            try reader.finish()
            guard version == String(Self.version) else {
                throw InputError("baseline version \(version ?? "(none)") is not \(Self.version)", at: versionAt ?? SourceLocation(file: file),
                                 hint: "record it again with l10n check --write-baseline")
            }
            return identities
        }
    }
}
