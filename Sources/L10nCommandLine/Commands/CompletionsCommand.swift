import L10nKit

/// `l10n completions bash|zsh|fish`: a completion script generated from the command declarations.
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "completions",
        abstract: "Print a shell completion script for bash, zsh or fish.",
        discussion: """
        The script completes the commands, their options and the values of options that take a fixed \
        set (--format, --scope), folders for <dir> and files elsewhere. bash: source <(l10n completions bash), \
        or save it in a bash_completion.d folder. zsh: save it as _l10n in a folder of $fpath. fish: save it \
        as ~/.config/fish/completions/l10n.fish.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .positional("shell", help: "bash, zsh or fish.", values: CompletionScript.Shell.allCases.map(\.rawValue)),
    ]

    let shell: CompletionScript.Shell

    init(_ arguments: ParsedArguments) throws {
        let name = arguments.positional("shell") ?? ""
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError.unknown("shell", name, among: CompletionScript.Shell.allCases.map(\.rawValue))
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        context.write(CompletionScript.script(for: shell))
        return .success
    }
}
