import L10nKit

/// `l10n run PIPELINE`: runs a pipeline file's stages in order over its project.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "run",
        abstract: "Run the stages of a pipeline file (e.g. Pipelines/release.json) in order.",
        discussion: """
        The project is discovered once and every stage works on that model. Each stage prints a \
        header and its output. Exit status: 0 when every stage passed, 1 when some stage had \
        findings, 2 when the pipeline file or a stage could not run (later stages are skipped).
        """
    )
    static let arguments: [ArgumentSpec] = [
        .positional("pipeline", help: "The pipeline file (JSON; paths in it are relative to it)."),
    ]

    let pipeline: String

    init(_ arguments: ParsedArguments) throws {
        pipeline = arguments.positional("pipeline") ?? ""
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let loaded = try Pipeline.read(contentsOf: context.url(for: pipeline), shownAs: pipeline)
        if let description = loaded.description { context.print("pipeline \(pipeline): \(description)") }
        context.print("project \(context.displayPrefix(for: loaded.project).isEmpty ? "." : String(context.displayPrefix(for: loaded.project).dropLast()))")
        let results = PipelineRunner(pathPrefix: context.displayPrefix(for: loaded.project), workingDirectory: context.currentDirectory).run(loaded) { result in
            context.print("")
            context.print("== \(result.stage) ==")
            context.write(result.output)
            if result.status == .failed { context.printError("stage \(result.stage) failed; later stages skipped") }
        }
        let worst = results.map(\.status).max() ?? .passed
        context.print("")
        context.print(results.map { "\($0.stage): \(Self.word($0.status))" }.joined(separator: ", "))
        return ExitStatus(rawValue: Int32(worst.rawValue)) ?? .failure
    }

    static func word(_ status: StageStatus) -> String {
        switch status {
        case .passed: return "passed"
        case .findings: return "findings"
        case .failed: return "failed"
        }
    }
}
