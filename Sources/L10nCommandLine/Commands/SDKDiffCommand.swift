import L10nKit

/// `l10n sdk-diff OLD.xcstrings NEW.xcstrings [--project DIR]`: what an SDK upgrade changes for
/// the app (keys and locales added and removed, English sources changed, overrides broken).
struct SDKDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "sdk-diff",
        abstract: "Compare two versions of the SDK's String Catalog: what a team must review when it bumps the SDK.",
        discussion: """
        Prints the counts of each kind of change, then the keys: keys added (new labels that may want \
        branded terms and values in every full-localization locale), keys removed, keys whose English \
        source changed, locales added and removed. With --project, every app override of a removed key \
        (it does nothing after the upgrade) with the added key whose English is the same or nearest, \
        as a likely rename, and which changed sources the app overrides (the rename may no longer fit). \
        The check override-of-removed-key reports the same when the manifest names the previous SDK \
        catalog (previousSdk).
        """
    )
    static let arguments: [ArgumentSpec] = [
        .positional("old", help: "The SDK catalog the app uses now (IMGLYEditor.xcstrings of the old version)."),
        .positional("new", help: "The SDK catalog of the version to upgrade to."),
        .option("project", value: "dir", help: "Also list the app's overrides the upgrade breaks."),
        OutputFormat.argument(help: "text, or json: the lists added, removed, sourceChanged, localesAdded, localesRemoved (and overrides)."),
    ]

    let old: String
    let new: String
    let project: String?
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        old = arguments.positional("old") ?? ""
        new = arguments.positional("new") ?? ""
        project = arguments.value("project")
        json = try OutputFormat(arguments) == .json
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let oldCatalog = try StringCatalogReader.read(contentsOf: context.url(for: old, isDirectory: false), displayPath: old)
        let newCatalog = try StringCatalogReader.read(contentsOf: context.url(for: new, isDirectory: false), displayPath: new)
        let diff: SDKDiff
        if let project {
            let model = try ProjectDiscovery(root: context.url(for: project, isDirectory: true)).discover(waiting: context.note)
            for warning in model.warnings { context.note(warning) }
            diff = try SDKDiff(old: oldCatalog, new: newCatalog, project: model)
        } else {
            diff = SDKDiff(old: oldCatalog, new: newCatalog)
        }
        let report = SDKDiffReport(diff: diff, oldPath: old, newPath: new)
        context.write(json ? report.json : report.text)
        return .success
    }
}
