import Foundation

/// What one stage printed and how it ended.
public struct StageResult: Sendable {
    public var stage: String
    public var status: StageStatus
    public var output: String
    /// Why a failed stage could not run.
    public var error: (any LocatedError)?

    /// The error of a failed stage, located when it is an input error.
    static func failed(_ stage: String, _ error: Error) -> StageResult {
        StageResult(stage: stage, status: .failed, output: "\(error)\n", error: error as? any LocatedError ?? InputError("\(error)"))
    }
}

/// Runs a pipeline's stages in order over one project model, discovered once.
///
/// A stage that fails stops the run; a stage with findings does not, so a release gate shows
/// everything at once. A stage that changes files (format without `check`) refreshes the model
/// before the next stage reads it.
public struct PipelineRunner: Sendable {
    /// Put before project-relative paths in stage output (the project as the user's working folder sees it).
    public var pathPrefix: String
    /// The user's working folder: written files are shown relative to it.
    public var workingDirectory: URL?

    public init(pathPrefix: String = "", workingDirectory: URL? = nil) {
        self.pathPrefix = pathPrefix
        self.workingDirectory = workingDirectory
    }

    /// Runs every stage; `starting` hears of each stage (name, 1-based number, count) before it
    /// runs, `waiting` that another l10n run holds files the pipeline must first read (up to
    /// 60 s), `progress` receives each result as soon as it is ready.
    public func run(_ pipeline: Pipeline, starting: (_ stage: String, _ number: Int, _ count: Int) -> Void = { _, _, _ in },
                    waiting: (String) -> Void = { _ in }, progress: (StageResult) -> Void = { _ in }) -> [StageResult] {
        var results: [StageResult] = []
        var project: Project
        do {
            let restored = try FileTransaction.recover(root: pipeline.project, timeoutOption: nil, waiting: waiting)
            project = try ProjectDiscovery(root: pipeline.project).discover(waiting: waiting)
            // A manifest's writable layer outside the project is written by the import too: it
            // must lie inside the working folder like every other write of the pipeline.
            if let workingDirectory, pipeline.stages.contains(where: \.writesProject) {
                for layer in project.writableOutsideRootURLs {
                    try Pipeline.requireInside(FileTransaction.resolved(workingDirectory), layer, what: "the manifest's writable layer",
                                               reason: ", and a stage of this pipeline changes files", at: SourceLocation(file: pipeline.file))
                }
            }
            project.warnings = restored.map { "note: restored \($0), left half-written by an interrupted run" } + project.warnings
            if !project.warnings.isEmpty {
                let result = StageResult(stage: "discover", status: .passed, output: project.warnings.map { $0 + "\n" }.joined())
                results.append(result)
                progress(result)
            }
        } catch {
            let result = StageResult.failed("discover", error)
            progress(result)
            return [result]
        }
        var state = RunState(gate: pipeline.gate)
        for (index, stage) in pipeline.stages.enumerated() {
            starting(stage.name, index + 1, pipeline.stages.count)
            state.reportFollows = pipeline.stages[(index + 1)...].contains { if case .report = $0 { true } else { false } }
            let result: StageResult
            do {
                (result, project) = try run(stage, on: project, state: &state)
                // A stage that may write files leaves earlier findings stale.
                if case .format(check: false) = stage { state.forgetFindings() }
                if case .importFiles(_, dryRun: false, _) = stage { state.forgetFindings() }
            } catch {
                result = StageResult.failed(stage.name, error)
            }
            results.append(result)
            progress(result)
            if result.status == .failed { return results }
        }
        if let gate = pipeline.gate {
            let result: StageResult
            do {
                // The check stage's findings, with its own baseline, skips and locales: a report
                // stage ran every check again, without them (the gate said "8 check errors" under
                // a check stage that said 0, all in its baseline).
                let findings = try state.stageChecks ?? state.stageCheckOptions.map { try CheckJob(options: $0).run(on: project) }
                    ?? state.checks ?? CheckJob().run(on: project)
                let report = gate.minCoverage == nil ? nil : try state.report ?? ReportJob(thresholds: gate.minCoverage).run(on: project)
                let failures = gate.failures(findings: findings, report: report)
                result = failures.isEmpty
                    ? StageResult(stage: "gate", status: .passed, output: "the gate is met\n")
                    : StageResult(stage: "gate", status: .findings, output: "the gate fails: " + failures.joined(separator: "; ") + "\n")
            } catch {
                result = StageResult.failed("gate", error)
            }
            results.append(result)
            progress(result)
        }
        return results
    }

    /// What earlier stages computed that the gate reuses.
    private struct RunState {
        var gate: PipelineGate?
        var checks: CheckResult?
        /// Whether `checks` ran every check on every locale (with the check stage's baseline, if
        /// any), as a report's do.
        var checksAreDefault = false
        /// The last check stage's findings (nil once a later stage wrote files) and options: the
        /// gate counts them, not a report stage's run of every check.
        var stageChecks: CheckResult?
        var stageCheckOptions: CheckOptions?
        var report: CoverageReport?
        /// The context `checks` were found in while `checksAreDefault`: the report stage reads it
        /// instead of building its own.
        var defaultContext: CheckContext?
        /// Whether a report stage comes later: only then is the check stage's context kept.
        var reportFollows = false

        mutating func forgetFindings() {
            checks = nil
            report = nil
            stageChecks = nil
            defaultContext = nil
        }
    }

    private func run(_ stage: PipelineStage, on project: Project, state: inout RunState) throws -> (StageResult, Project) {
        switch stage {
        case .discover:
            return (StageResult(stage: stage.name, status: .passed, output: Self.summary(of: project, pathPrefix: pathPrefix)), project)
        case .report(let formats, let out, let strict):
            // A check stage's baseline holds for the report's findings too, as l10n.json's does
            // (its report failed on the findings the stage had just set aside); a check stage that
            // ran every check on every locale already has them.
            var options = CheckOptions(strict: strict)
            options.baseline = state.stageCheckOptions?.baseline
            let reusable = state.checksAreDefault ? state.checks : nil
            let job = ReportJob(checkOptions: options, thresholds: state.gate?.minCoverage)
            let report = try state.defaultContext.map { try job.run(in: $0, checked: reusable) } ?? job.run(on: project, checked: reusable)
            state.defaultContext = nil
            state.report = report
            state.checks = report.findings
            state.checksAreDefault = true
            var output = report.render(.text, pathPrefix: pathPrefix)
            if let out {
                try AtomicFile.createFolder(out)
                try AtomicFile.writeAll(report.files(formats, pathPrefix: pathPrefix).map { ($0.data, out.appendingPathComponent($0.name)) })
                output += formats.map { "wrote \(displayPath(out.appendingPathComponent($0.fileName)))\n" }.joined()
            }
            return (StageResult(stage: stage.name, status: report.passes ? .passed : .findings, output: output), project)
        case .format(let check):
            // Later stages see the rewritten files, parsed from the bytes written.
            let result = try FormatJob(options: FormatOptions(rewrite: !check)).run(on: project)
            return (StageResult(stage: stage.name, status: result.status, output: result.text), result.project ?? project)
        case .check(let options):
            let context = try CheckContext(project: project, locales: options.locales)
            let result = try CheckJob(options: options).run(in: context)
            state.checks = result
            state.stageChecks = result
            state.stageCheckOptions = options
            state.checksAreDefault = options.only.isEmpty && options.skip.isEmpty && options.locales.isEmpty
            state.defaultContext = state.checksAreDefault && state.reportFollows ? context : nil
            let text = FindingsReport(result: result, pathPrefix: pathPrefix).text
            return (StageResult(stage: stage.name, status: result.failed ? .findings : .passed, output: text), project)
        case .devices(let languages):
            let views = DevicesJob(languageLists: languages).run(on: project)
            return (StageResult(stage: stage.name, status: .passed, output: DeviceReport.text(views)), project)
        case .export(let scope, let locales, let out, let format):
            try project.requireLocalizedFiles(for: "export")
            let exported = try ExportJob(options: ExportOptions(locales: locales, scope: scope, format: format))
                .run(on: project, into: out, tool: .l10n(version: L10nVersion.current))
            let lines = exported.map { $0.summary(path: $0.url.map(displayPath) ?? "", scope: scope) }
            return (StageResult(stage: stage.name, status: .passed, output: lines.map { $0 + "\n" }.joined()), project)
        case .importFiles(let files, let dryRun, let sourceEdits):
            let inputs = try ImportInput.read(files.map { ($0, $0.path) }).map { try $0.get() }
            // Counted before the job, which lets each parsed file go once it is planned.
            let sourceWords = ImportInput.sourceWords(inputs)
            var notes: [String] = []
            let result = try ImportJob(options: ImportOptions(dryRun: dryRun, sourceEdits: sourceEdits)).run(consume inputs, root: project.root, project: project,
                                                                                  waiting: { notes.append($0) })
            let plan = result.plan
            // Later stages see what the import wrote: the written files parsed into the model,
            // or the project read again when the import created a file.
            let refreshed = try result.updatedProject()
            let report = ImportReport(plan: plan, inputs: files.map(\.path), dryRun: dryRun, sourceWords: sourceWords)
            return (StageResult(stage: stage.name, status: plan.hasRefusals ? .findings : .passed,
                                output: notes.map { $0 + "\n" }.joined() + report.text), refreshed)
        }
    }

    /// `path` as the user's working folder sees it (relative when inside it).
    private func displayPath(_ url: URL) -> String {
        workingDirectory.flatMap { DisplayPath.relative(url, to: $0) } ?? url.standardizedFileURL.path
    }

    /// What discovery found, for the discover stage.
    public static func summary(of project: Project, pathPrefix: String) -> String {
        var lines: [String] = []
        lines.append("app \(project.app.name)" + (project.app.infoPlistPath.map { " (\(pathPrefix)\($0))" } ?? "")
                     + ": offers \(project.app.availableLocalizations.joined(separator: ", ")); source language \(project.sourceLanguage)")
        for file in project.catalogs {
            lines.append("catalog \(pathPrefix)\(file.path): \(file.catalog.entries.count) keys, \(file.catalog.locales.joined(separator: " ")) (bundle \(file.bundle))")
        }
        for table in project.stringsTables {
            lines.append("table \(table.bundle)/\(table.table): \(table.locales.joined(separator: " "))")
        }
        for path in project.interfaceFiles { lines.append("interface \(pathPrefix)\(path)") }
        for path in project.intentDefinitionFiles { lines.append("intent definition \(pathPrefix)\(path)") }
        lines.append("lookup chain: " + project.lookupChain.layers.map(\.name).joined(separator: " → "))
        if !project.fullLocalizationLocales.isEmpty {
            lines.append("full-localization locales: \(project.fullLocalizationLocales.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
