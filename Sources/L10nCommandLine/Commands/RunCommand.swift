import L10nKit

/// `l10n run PIPELINE`: runs a pipeline file's stages in order over its project.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "run",
        abstract: "Run the stages of a pipeline file (e.g. Pipelines/release.json) in order.",
        discussion: """
        The project is discovered once and every stage works on that model. Each stage prints a \
        header and its output. A pipeline writes only inside the folder l10n runs in: every "out", \
        and the project when a stage changes files, must resolve there, or no stage runs. Exit \
        status: 0 when every stage passed, 1 when some stage had findings, 2 when the pipeline \
        file or a stage could not run (later stages are skipped).
        """
    )
    static let arguments: [ArgumentSpec] = [
        .positional("pipeline", help: "The pipeline file (JSON; paths in it are relative to it)."),
        OutputFormat.argument(help: "text, or json: every stage with its status and output, printed when the run ends."),
    ]

    let pipeline: String
    let format: OutputFormat

    init(_ arguments: ParsedArguments) throws {
        pipeline = arguments.positional("pipeline") ?? ""
        format = try OutputFormat(arguments)
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let loaded = try Pipeline.read(contentsOf: context.url(for: pipeline), shownAs: pipeline, writableRoot: context.currentDirectory)
        let prefix = context.displayPrefix(for: loaded.project)
        let project = prefix.isEmpty ? "." : String(prefix.dropLast())
        let text = format == .text
        if text, let description = loaded.description { context.print("pipeline \(pipeline): \(description)") }
        if text { context.print("project \(project)") }
        let runner = PipelineRunner(pathPrefix: prefix, workingDirectory: context.currentDirectory)
        let results = runner.run(loaded, starting: { stage, number, count in
            context.progress(number, of: count, "run stage \(stage)")
            context.detail("stage \(number)/\(count): \(stage)")
        }, waiting: context.note) { result in
            if text {
                context.print("")
                context.print("== \(result.stage) ==")
                context.write(result.output)
            }
            if result.status == .failed { context.printError("stage \(result.stage) failed; later stages skipped") }
        }
        let worst = results.map(\.status).max() ?? .passed
        if text {
            context.print("")
            context.print(results.map { "\($0.stage): \(Self.word($0.status))" }.joined(separator: ", "))
        } else {
            context.write(json(results, project: project, description: loaded.description, status: worst))
        }
        switch worst {
        case .passed: return .success
        case .findings: return .findings
        case .failed: return .failure
        }
    }

    /// `{"pipeline", "description"?, "project", "stages": [{"stage", "status", "output"}], "status"}`,
    /// plus `"error"` and `"errors"` (as `ErrorJSON` has them) when a stage could not run.
    func json(_ results: [StageResult], project: String, description: String?, status: StageStatus) -> String {
        var members: [(key: String, value: JSONValue)] = [("pipeline", .string(pipeline))]
        if let description { members.append(("description", .string(description))) }
        members.append(("project", .string(project)))
        members.append(("stages", .array(results.map { result in
            .object([("stage", .string(result.stage)), ("status", .string(Self.word(result.status))), ("output", .string(result.output))])
        })))
        members.append(("status", .string(Self.word(status))))
        let failures = ErrorJSON(results.compactMap(\.error)).entries.map(\.value)
        if let first = failures.first {
            members.append(("error", first))
            members.append(("errors", .array(failures)))
        }
        return String(decoding: JSONWriter(keyOrder: .asGiven, finalNewline: true).data(for: .object(members)), as: UTF8.self)
    }

    static func word(_ status: StageStatus) -> String {
        switch status {
        case .passed: return "passed"
        case .findings: return "findings"
        case .failed: return "failed"
        }
    }
}
