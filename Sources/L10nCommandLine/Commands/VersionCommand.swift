import L10nKit

/// `l10n version`: the tool's and ICU's versions, for bug reports.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "version", abstract: "Print the l10n and ICU versions.",
        discussion: "l10n --version prints the l10n version alone, for scripts; this command adds ICU's, for bug reports."
    )
    static let arguments: [ArgumentSpec] = []

    init(_ arguments: ParsedArguments) throws {}

    func run(_ context: CommandContext) throws -> ExitStatus {
        context.print("l10n \(L10nTool.version) (ICU \(ICU.version))")
        return .success
    }
}
