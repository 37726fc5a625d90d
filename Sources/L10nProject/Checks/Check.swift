/// How much a finding matters: an error fails a run, a warning fails it only with `--strict`, a
/// note never does.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// What a device shows for a finding of a lookup-chain check, and what it would have shown.
public struct DeviceOutcome: Sendable, Hashable {
    /// A device language that lands on the finding's localization (`de-AT`).
    public var device: String
    /// The text the device renders.
    public var shows: String
    /// The text it would render without the problem, when known.
    public var instead: String?

    public init(device: String, shows: String, instead: String? = nil) {
        self.device = device
        self.shows = shows
        self.instead = instead
    }
}

/// One problem a check found, located where the format allows (a catalog key's line).
public struct Finding: Sendable, Hashable {
    public var check: String
    public var severity: Severity
    /// Project-relative path of the file to fix, when there is one.
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var key: String?
    public var locale: String?
    public var message: String
    /// What to do about it.
    public var hint: String?
    /// For lookup-chain checks: what a device shows.
    public var device: DeviceOutcome?
    /// For a finding that stands for many keys (one per locale and table): all of them.
    public var keys: [String] = []

    public init(check: String, severity: Severity, file: String? = nil, line: Int? = nil, column: Int? = nil,
                key: String? = nil, locale: String? = nil, message: String, hint: String? = nil, device: DeviceOutcome? = nil) {
        self.check = check
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.locale = locale
        self.message = message
        self.hint = hint
        self.device = device
    }

    /// What a baseline remembers: check, file, key and locale (not the line, which moves).
    public var identity: FindingIdentity {
        FindingIdentity(check: check, file: file ?? "", key: key ?? "", locale: locale ?? "")
    }
}

/// A finding as a baseline records it.
public struct FindingIdentity: Sendable, Hashable, Comparable {
    public var check: String
    public var file: String
    public var key: String
    public var locale: String

    public init(check: String, file: String, key: String, locale: String) {
        self.check = check
        self.file = file
        self.key = key
        self.locale = locale
    }

    public static func < (a: FindingIdentity, b: FindingIdentity) -> Bool {
        (a.check, a.file, a.key, a.locale) < (b.check, b.file, b.key, b.locale)
    }
}

/// One rule over the project model, in the shape of a SwiftLint rule: an id, a default severity,
/// a one-line description, a fix hint, and examples that are its executable spec.
public protocol Check: Sendable {
    static var id: String { get }
    /// The severity of its findings unless the manifest says otherwise; a check whose findings
    /// differ in severity ("by kind") names the highest here and describes the rule in `severityRule`.
    static var defaultSeverity: Severity { get }
    /// How the severity is chosen when it is not always `defaultSeverity`, else nil.
    static var severityRule: String? { get }
    static var summary: String { get }
    static var hint: String { get }
    /// Projects on which the check must report something.
    static var triggeringExamples: [CheckExample] { get }
    /// Projects on which it must report nothing.
    static var nonTriggeringExamples: [CheckExample] { get }

    init()
    func findings(in context: CheckContext) -> [Finding]
}

extension Check {
    public static var severityRule: String? { nil }

    /// A finding of this check with its default severity and hint unless given.
    func finding(_ severity: Severity? = nil, file: String?, key: String? = nil, locale: String? = nil,
                 line: Int? = nil, column: Int? = nil, message: String, hint: String? = nil, device: DeviceOutcome? = nil) -> Finding {
        Finding(check: Self.id, severity: severity ?? Self.defaultSeverity, file: file, line: line, column: column,
                key: key, locale: locale, message: message, hint: hint ?? Self.hint, device: device)
    }
}

/// Every check l10n runs, in the order `l10n checks` lists them.
public enum BuiltInChecks {
    public static let all: [any Check.Type] = [
        ShadowedLocaleCheck.self,
        UnknownKeyCheck.self,
        OverrideOfRemovedKeyCheck.self,
        IgnoredCatalogCheck.self,
        UndeclaredLocaleCheck.self,
        PlaceholderMismatchCheck.self,
        UndefinedSubstitutionCheck.self,
        SuspiciousPercentCheck.self,
        PluralCategoriesCheck.self,
        DeviceWithoutOtherCheck.self,
        WidthCheck.self,
        MissingTranslationCheck.self,
        StaleSourceCheck.self,
        GlossaryCheck.self,
        NeedsReviewCheck.self,
        EmptyValueCheck.self,
        DuplicateKeyCheck.self,
        TranslationOnlyKeyCheck.self,
        IBKeyMissingCheck.self,
        CodeLabelUnlocalizedCheck.self,
        KeyMissingCheck.self,
        KeyUnusedCheck.self,
    ]

    /// The check with this id.
    public static func check(id: String) -> (any Check.Type)? { all.first { $0.id == id } }

    public static var ids: [String] { all.map { $0.id } }
}
