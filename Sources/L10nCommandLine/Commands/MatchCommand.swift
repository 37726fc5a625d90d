import L10nKit

/// `l10n match`: which localizations iOS uses for a device's preferred languages, given the
/// localizations a bundle has (Apple's matching, docs/locale-matching.md).
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "match",
        abstract: "Print the localizations iOS uses for preferred languages and available localizations.",
        discussion: """
        Prints the chosen localization, then the available ones it falls back to, one per line (nothing \
        when none matches, or when --preferred is given an empty list, as Apple's function returns \
        none). With --development-region the bundle's fallback applies as on a device: the \
        development region (else en_US, else the first localization) stands in when nothing matches and \
        always ends the list.

        With --project, the localizations come from the project itself (Info.plist's \
        CFBundleLocalizations and development region, .lproj folders, the SDK catalog's locales), and \
        the command prints what every bundle shows: the app, and each framework (the editor SDK, other \
        bundles with .lproj tables) following the app's choice. Without --preferred it prints that for \
        a set of common device languages.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .repeatingOption("preferred", value: "languages", help: "The device's preferred languages, best first (comma-separated or repeated)."),
        .repeatingOption("available", value: "localizations", help: "The bundle's localizations (comma-separated or repeated)."),
        .option("project", value: "dir", help: "Take the localizations from this project and show every bundle's choice."),
        .option("development-region", value: "region", help: "The bundle's CFBundleDevelopmentRegion, to apply the bundle fallback."),
        .option("limit", value: "count", help: "Keep at most this many localizations.", default: String(LocaleMatcher.defaultLimit)),
        OutputFormat.argument(help: "text, or json: a JSON array instead of lines."),
        OutputFormat.jsonFlag,
    ]

    var preferred: [String]
    /// Whether --preferred was given (an empty list is a device with no preference, not "every common device").
    var preferredGiven: Bool
    var available: [String]
    var project: String?
    var developmentRegion: String?
    var limit: Int
    var json: Bool

    init(_ arguments: ParsedArguments) throws {
        preferred = arguments.values("preferred")
        preferredGiven = arguments.isGiven("preferred")
        available = arguments.values("available")
        project = arguments.value("project")
        if project != nil, !available.isEmpty {
            throw UsageError("--available and --project exclude each other: the project says what is available")
        }
        guard preferredGiven || project != nil else { throw UsageError("missing --preferred <languages>") }
        developmentRegion = arguments.value("development-region")
        if let region = developmentRegion, region.isEmpty {
            throw UsageError("--development-region needs a localization, e.g. 'en'")
        }
        guard let text = arguments.value("limit"), let limit = Int(text), limit >= 1 else {
            throw UsageError("--limit needs a whole number of at least 1")
        }
        self.limit = limit
        json = try OutputFormat(arguments) == .json
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let matcher = LocaleMatcher(limit: limit)
        if let project {
            let model = try ProjectDiscovery(root: context.url(for: project, isDirectory: true)).discover(waiting: context.note)
            context.describeDiscovery(model, root: context.url(for: project, isDirectory: true))
            let views = DevicesJob(languageLists: preferredGiven ? [preferred] : DevicesJob.commonDevices, matcher: matcher).run(on: model)
            context.write(json ? DeviceReport.json(views) + "\n" : DeviceReport.text(views))
            return .success
        }
        let result: [String]
        if let developmentRegion {
            result = BundleLocalizations(declared: available, developmentRegion: developmentRegion)
                .localizations(forPreferredLanguages: preferred, matcher: matcher)
        } else {
            result = matcher.localizationsToUse(preferred: preferred, available: available)
        }
        if json {
            context.print(JSONWriter.compactString(.array(result.map(JSONValue.string))))
        } else {
            result.forEach { context.print($0) }
        }
        return .success
    }
}
