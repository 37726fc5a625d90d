import L10nProject

/// The release report: one model, computed once from the project and the check findings, that
/// every rendering (text, Markdown, JSON, HTML, JUnit) shows.
public struct CoverageReport: Sendable {
    /// The JSON document's schema version (docs/report.md).
    public static let schemaVersion = 1

    public var project: String
    public var sourceLanguage: String
    /// Locales the app offers, the source language first.
    public var offeredLocales: [String]
    /// Locales the SDK ships (empty without the editor SDK).
    public var sdkLocales: [String]
    public var customLabels: [LabelRow]
    /// App-side entries whose source text equals the SDK's: they add or keep translations, they rename nothing.
    public var copies: Int
    /// Offered locales the SDK does not ship: every SDK key needs an app-side value.
    public var fullLocalization: [LocaleCoverage]
    /// Offered locales the SDK ships (or every offered locale, without the SDK): the app's own strings and overrides.
    public var appLocales: [LocaleCoverage]
    /// The heading of `appLocales`, and its longer form: without the editor SDK it holds every offered locale.
    public var appLocalesTitle: (short: String, long: String) {
        sdkLocales.isEmpty ? ("Locales", "Locales (the app's own strings)")
            : ("Locales the SDK ships", "Locales the SDK ships (the app's own strings and overrides)")
    }
    public var devices: [DeviceRow]
    public var findings: CheckResult
    /// The coverage each locale must reach, from the manifest (`release.minCoverage`) or a gate.
    public var thresholds: CoverageThresholds
    /// What changed since a previous report, with `--compare`.
    public var comparison: ReportComparison?
    /// The labels that overflow their surface in the pseudo-locale (`check --pseudo`): a forecast
    /// for long languages, shown as its own part; it never fails the release.
    public var pseudoWidth: PseudoWidthPart?

    /// Editor labels set in Swift code (`Dock.Buttons.imagesLibrary(title: { _ in Text("…") })`), in file order.
    public var codeLabels: [CodeLabelRow] = []

    /// One label set in code, as each offered locale shows it.
    public struct CodeLabelRow: Sendable {
        public var file: String
        public var line: Int
        /// The width budget's surface name (`dock`), else the factory's type.
        public var surface: String
        /// `Dock.Buttons.imagesLibrary(title:)`.
        public var call: String
        /// `key` (a `LocalizedStringKey`), `verbatim`, or `editor key` (`.imgly.localized`).
        public var kind: String
        /// The text as written in code (the key for `key` and `editor key`).
        public var text: String
        /// Whether a table (the chain, for an editor key) defines the key; true for verbatim text.
        public var isDefined: Bool
        /// The offered locales it is translated into (every one for text not to be translated).
        public var localizedLocales: [String]
        public var cells: [CodeLabelCell]
        /// Whether every offered locale shows a translation, or the text is meant to read the same everywhere.
        public var isFullyLocalized: Bool { kind == "verbatim" || cells.allSatisfy { localizedLocales.contains($0.locale) } }

        package init(file: String, line: Int, surface: String, call: String, kind: String, text: String, isDefined: Bool, localizedLocales: [String], cells: [CodeLabelCell]) {
            self.file = file
            self.line = line
            self.surface = surface
            self.call = call
            self.kind = kind
            self.text = text
            self.isDefined = isDefined
            self.localizedLocales = localizedLocales
            self.cells = cells
        }
    }

    /// What one offered locale shows for a label set in code.
    public struct CodeLabelCell: Sendable {
        public var locale: String
        public var shows: String
        public var columns: Int
        public var budget: Int?
        public var overBudget: Bool { budget.map { columns > $0 } ?? false }

        package init(locale: String, shows: String, columns: Int, budget: Int? = nil) {
            self.locale = locale
            self.shows = shows
            self.columns = columns
            self.budget = budget
        }
    }

    /// The `width` check against a pseudo-locale, located at the keys.
    public struct PseudoWidthPart: Sendable {
        public var locale: String
        public var findings: [Finding]

        package init(locale: String, findings: [Finding]) {
            self.locale = locale
            self.findings = findings
        }
    }

    /// One custom label: an app key that renames an SDK key.
    public struct LabelRow: Sendable {
        public var key: String
        /// The surface it sits on (`dock`, `inspector bar`, …, `other`).
        public var surface: String
        public var budget: WidthBudget?
        /// The app layer that wins it.
        public var layer: String
        public var file: String
        public var cells: [LabelCell]
        public var shadowsAnyLocale: Bool { cells.contains(where: \.shadowed) }

        package init(key: String, surface: String, budget: WidthBudget? = nil, layer: String, file: String, cells: [LabelCell]) {
            self.key = key
            self.surface = surface
            self.budget = budget
            self.layer = layer
            self.file = file
            self.cells = cells
        }
    }

    /// A custom label as a device in one locale sees it.
    public struct LabelCell: Sendable {
        public var locale: String
        /// What the device shows.
        public var shows: String
        /// The SDK's value it replaces (the SDK's source text where the SDK lacks the locale).
        public var replaces: String?
        /// The layer the shown value comes from, and the localization of it.
        public var from: String
        public var fromLocale: String?
        /// Whether a lower layer translates this locale but the override hides it.
        public var shadowed: Bool
        public var columns: Int
        public var budget: Int?
        public var overBudget: Bool { budget.map { columns > $0 } ?? false }

        package init(locale: String, shows: String, replaces: String? = nil, from: String, fromLocale: String? = nil, shadowed: Bool, columns: Int, budget: Int? = nil) {
            self.locale = locale
            self.shows = shows
            self.replaces = replaces
            self.from = from
            self.fromLocale = fromLocale
            self.shadowed = shadowed
            self.columns = columns
            self.budget = budget
        }
    }

    /// How far one locale is from done.
    public struct LocaleCoverage: Sendable {
        public var locale: String
        public var tables: [TableCoverage]
        public var reachable: Int { tables.reduce(0) { $0 + $1.reachable } }
        public var finished: Int { tables.reduce(0) { $0 + $1.finished } }
        public var missing: Int { tables.reduce(0) { $0 + $1.missing } }
        public var needsReview: Int { tables.reduce(0) { $0 + $1.needsReview } }
        public var pluralGaps: Int { tables.reduce(0) { $0 + $1.pluralGaps } }
        public var widthOverruns: Int { tables.reduce(0) { $0 + $1.widthOverruns } }
        /// Finished values over reachable keys, in percent (100 when nothing is reachable).
        public var coverage: Double { reachable == 0 ? 100 : Double(finished) * 100 / Double(reachable) }
        /// The coverage it must reach.
        public var threshold: Double
        public var passes: Bool { coverage + 1e-9 >= threshold }

        package init(locale: String, tables: [TableCoverage], threshold: Double) {
            self.locale = locale
            self.tables = tables
            self.threshold = threshold
        }
    }

    /// One table's figures in one locale.
    public struct TableCoverage: Sendable {
        /// `bundle/table`.
        public var table: String
        public var file: String?
        /// Keys a device in the locale reaches through this table.
        public var reachable: Int
        /// Of them, with a value in the locale in state translated.
        public var finished: Int
        /// Shown in another localization (mostly the source language).
        public var missing: Int
        /// With a value in state needs_review or new.
        public var needsReview: Int
        public var pluralGaps: Int
        public var widthOverruns: Int
        /// The keys counted missing, for the renderings that list them.
        public var missingKeys: [String]
        public var coverage: Double { reachable == 0 ? 100 : Double(finished) * 100 / Double(reachable) }

        package init(table: String, file: String? = nil, reachable: Int, finished: Int, missing: Int, needsReview: Int, pluralGaps: Int, widthOverruns: Int, missingKeys: [String]) {
            self.table = table
            self.file = file
            self.reachable = reachable
            self.finished = finished
            self.missing = missing
            self.needsReview = needsReview
            self.pluralGaps = pluralGaps
            self.widthOverruns = widthOverruns
            self.missingKeys = missingKeys
        }
    }

    /// What one common device language gets.
    public struct DeviceRow: Sendable {
        public var device: String
        /// Each bundle and the localization it uses (`BrandedEditor: de`).
        public var bundles: [(bundle: String, kind: String, localization: String)]
        /// Keys of the chain shown in another language than the app's choice (a de-AT device
        /// reading the SDK's de sees its language).
        public var fallbacks: Int
        public var reachable: Int

        package init(device: String, bundles: [(bundle: String, kind: String, localization: String)], fallbacks: Int, reachable: Int) {
            self.device = device
            self.bundles = bundles
            self.fallbacks = fallbacks
            self.reachable = reachable
        }
    }

    package init(project: String, sourceLanguage: String, offeredLocales: [String], sdkLocales: [String], customLabels: [LabelRow], copies: Int, fullLocalization: [LocaleCoverage], appLocales: [LocaleCoverage], devices: [DeviceRow], findings: CheckResult, thresholds: CoverageThresholds, comparison: ReportComparison? = nil, pseudoWidth: PseudoWidthPart? = nil, codeLabels: [CodeLabelRow] = []) {
        self.project = project
        self.sourceLanguage = sourceLanguage
        self.offeredLocales = offeredLocales
        self.sdkLocales = sdkLocales
        self.customLabels = customLabels
        self.copies = copies
        self.fullLocalization = fullLocalization
        self.appLocales = appLocales
        self.devices = devices
        self.findings = findings
        self.thresholds = thresholds
        self.comparison = comparison
        self.pseudoWidth = pseudoWidth
        self.codeLabels = codeLabels
    }
}
