import Foundation

/// How a stage ended.
public enum StageStatus: Int, Sendable, Comparable {
    /// Nothing to report against.
    case passed = 0
    /// The stage ran and found problems (non-canonical files, refused units).
    case findings = 1
    /// The stage could not run; later stages are not started.
    case failed = 2

    public static func < (a: StageStatus, b: StageStatus) -> Bool { a.rawValue < b.rawValue }
}

/// What one stage printed and how it ended.
public struct StageResult: Sendable {
    public var stage: String
    public var status: StageStatus
    public var output: String
}

/// Runs a pipeline's stages in order over one project model, discovered once.
///
/// A stage that fails stops the run; a stage with findings does not, so a release gate shows
/// everything at once. A stage that changes files (format without `check`) refreshes the model
/// before the next stage reads it.
public struct PipelineRunner: Sendable {
    public init() {}

    /// Runs every stage; `progress` receives each result as soon as it is ready.
    public func run(_ pipeline: Pipeline, progress: (StageResult) -> Void = { _ in }) -> [StageResult] {
        var results: [StageResult] = []
        var project: Project
        do {
            let restored = try FileTransaction.recover(root: pipeline.project)
            project = try ProjectDiscovery(root: pipeline.project).discover()
            project.warnings = restored.map { "note: restored \($0), left half-written by an interrupted run" } + project.warnings
            if !project.warnings.isEmpty {
                let result = StageResult(stage: "discover", status: .passed, output: project.warnings.map { $0 + "\n" }.joined())
                results.append(result)
                progress(result)
            }
        } catch {
            let result = StageResult(stage: "discover", status: .failed, output: "\(error)\n")
            progress(result)
            return [result]
        }
        for stage in pipeline.stages {
            let result: StageResult
            do {
                (result, project) = try run(stage, on: project)
            } catch {
                result = StageResult(stage: stage.name, status: .failed, output: "\(error)\n")
            }
            results.append(result)
            progress(result)
            if result.status == .failed { break }
        }
        return results
    }

    private func run(_ stage: PipelineStage, on project: Project) throws -> (StageResult, Project) {
        switch stage {
        case .format(let check):
            let outcome = try CanonicalCheck(project: project).run(rewrite: !check)
            let refreshed = outcome.rewritten.isEmpty ? project : try ProjectDiscovery(root: project.root).discover()
            return (StageResult(stage: stage.name, status: outcome.status, output: outcome.text), refreshed)
        case .devices(let languages):
            let views = languages.map { project.deviceView(preferred: $0) }
            return (StageResult(stage: stage.name, status: .passed, output: DeviceReport.text(views)), project)
        case .export(let scope, let locales, let out, let format):
            try project.requireLocalizedFiles(for: "export")
            let exporter = XLIFFExporter(project: project)
            var lines: [String] = []
            for locale in locales.isEmpty ? exporter.defaultLocales : locales {
                let export = exporter.export(locale: locale, scope: scope)
                guard export.unitCount > 0 else {
                    lines.append("\(locale): nothing to export (scope \(scope.rawValue))")
                    continue
                }
                let url = try export.write(to: out, format: format, tool: .l10n(version: L10nVersion.current))
                lines.append("wrote \(url.path): \(export.unitCount) units in \(export.document.files.count) files (scope \(scope.rawValue))")
            }
            return (StageResult(stage: stage.name, status: .passed, output: lines.map { $0 + "\n" }.joined()), project)
        case .importFiles(let files, let dryRun):
            let inputs = try files.map { try ImportInput.read(contentsOf: $0, displayPath: $0.path) }
            var plan = try XLIFFImporter(project: project).plan(inputs)
            var refreshed = project
            if !dryRun, !plan.changes.isEmpty {
                // Another run changed a file since discovery: read the project again and re-plan.
                for attempt in 1...20 {
                    do {
                        try plan.write()
                        break
                    } catch is FileTransaction.Conflict where attempt < 20 {
                        refreshed = try ProjectDiscovery(root: project.root).discover()
                        plan = try XLIFFImporter(project: refreshed).plan(inputs)
                    }
                }
                refreshed = try ProjectDiscovery(root: project.root).discover()
            }
            let report = ImportReport(plan: plan, inputs: files.map(\.path), dryRun: dryRun)
            return (StageResult(stage: stage.name, status: plan.exitStatus == 0 ? .passed : .findings, output: report.text), refreshed)
        }
    }
}
