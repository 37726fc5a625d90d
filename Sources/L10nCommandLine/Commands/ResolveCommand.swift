import L10nKit

/// `l10n resolve KEY... --languages de-AT,en`: how the running app resolves keys on one device.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "resolve",
        abstract: "Explain which localization each bundle chooses and which layer of the lookup chain wins a key.",
        discussion: """
        For a device with the given preferred languages: the localization the app and every framework \
        choose (Apple's matching), then for each key every layer of the lookup chain in order, why it \
        fell through or won, the value shown and its width. A key no layer has is looked up in the \
        project's other tables (InfoPlist, a storyboard's, a second table), else gets the nearest keys. \
        A legacy table is read from one file, the first of the device's localizations that has one: \
        a key that file lacks shows as the raw key. A catalog is read from the one table compiled for \
        the first of them it has any value in: a key that table lacks shows its source text.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .positional("key", help: "The keys to resolve.", repeating: true),
        .option("project", value: "dir", help: "The project folder.", default: "."),
        .repeatingOption("languages", value: "languages", help: "The device's preferred languages, best first (comma-separated)."),
        OutputFormat.argument(),
    ]

    let keys: [String]
    let project: String
    let languages: [String]
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        keys = arguments.values("key")
        project = arguments.value("project") ?? "."
        languages = arguments.values("languages")
        guard !languages.isEmpty else { throw UsageError("missing --languages <languages>, e.g. --languages de-AT,en") }
        // A mistyped language (`dee`, `../x`) is no device to explain: refused with the nearest id.
        _ = try arguments.locales("languages")
        json = try OutputFormat(arguments) == .json
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let model = try ProjectDiscovery(root: context.url(for: project, isDirectory: true)).discover(waiting: context.note)
        context.describeDiscovery(model, root: context.url(for: project, isDirectory: true))
        for warning in model.warnings { context.note(warning) }
        let explanation = KeyResolution.explain(keys, in: model, preferred: languages)
        context.write(json ? explanation.json : explanation.text)
        // A key another table defines (InfoPlist, a storyboard's) is found, only not through the chain.
        return explanation.keys.allSatisfy { $0.winner != nil || !$0.elsewhere.isEmpty } ? .success : .findings
    }
}
