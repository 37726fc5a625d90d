import L10nKit

/// `l10n match`: which localizations iOS uses for a device's preferred languages, given the
/// localizations a bundle has (Apple's matching, docs/locale-matching.md).
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "match",
        abstract: "Print the localizations iOS uses for preferred languages and available localizations.",
        discussion: """
        Prints the chosen localization, then the available ones it falls back to, one per line (nothing \
        when none matches). With --development-region the bundle's fallback applies as on a device: the \
        development region (else en_US, else the first localization) stands in when nothing matches and \
        always ends the list.
        """
    )
    static let arguments: [ArgumentSpec] = [
        .repeatingOption("preferred", value: "languages", help: "The device's preferred languages, best first (comma-separated or repeated)."),
        .repeatingOption("available", value: "localizations", help: "The bundle's localizations (comma-separated or repeated)."),
        .option("development-region", value: "region", help: "The bundle's CFBundleDevelopmentRegion, to apply the bundle fallback."),
        .option("limit", value: "count", help: "Keep at most this many localizations.", default: String(LocaleMatcher.defaultLimit)),
        .flag("json", help: "Print a JSON array instead of lines."),
    ]

    var preferred: [String]
    var available: [String]
    var developmentRegion: String?
    var limit: Int
    var json: Bool

    init(_ arguments: ParsedArguments) throws {
        preferred = arguments.values("preferred")
        available = arguments.values("available")
        guard !preferred.isEmpty else { throw UsageError("missing --preferred <languages>") }
        developmentRegion = arguments.value("development-region")
        if let region = developmentRegion, region.isEmpty {
            throw UsageError("--development-region needs a localization, e.g. 'en'")
        }
        guard let text = arguments.value("limit"), let limit = Int(text), limit >= 1 else {
            throw UsageError("--limit needs a whole number of at least 1")
        }
        self.limit = limit
        json = arguments.flag("json")
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        let matcher = LocaleMatcher(limit: limit)
        let result: [String]
        if let developmentRegion {
            result = BundleLocalizations(declared: available, developmentRegion: developmentRegion)
                .localizations(forPreferredLanguages: preferred, matcher: matcher)
        } else {
            result = matcher.localizationsToUse(preferred: preferred, available: available)
        }
        if json {
            context.print("[" + result.map(Self.jsonString).joined(separator: ",") + "]")
        } else {
            result.forEach { context.print($0) }
        }
        return .success
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
