import L10nCore
import L10nFormats
import L10nLocale
/// The `state` of an XLIFF 1.2 `<target>`, as written. What a state means to a String Catalog,
/// on export and on import, is the exchange's policy: `ExchangeStates`.
public enum XLIFFTargetState: Hashable, Sendable, CustomStringConvertible {
    case new
    case needsTranslation
    case needsL10n
    case needsAdaptation
    case translated
    case needsReviewTranslation
    case needsReviewL10n
    case needsReviewAdaptation
    case final
    case signedOff
    /// A value outside XLIFF 1.2's list (the standard allows `x-` prefixed ones), kept verbatim.
    case custom(String)

    /// The ten states XLIFF 1.2 defines, in the standard's order.
    public static let standard: [XLIFFTargetState] = [
        .new, .needsTranslation, .needsL10n, .needsAdaptation, .translated,
        .needsReviewTranslation, .needsReviewL10n, .needsReviewAdaptation, .final, .signedOff,
    ]

    /// Reads an attribute value; anything unknown becomes `.custom`. The likeliest first: a
    /// returned file's every target has a state, and searching `standard` made each state's
    /// text again.
    public init(rawValue: String) {
        switch rawValue {
        case "translated": self = .translated
        case "final": self = .final
        case "signed-off": self = .signedOff
        case "new": self = .new
        case "needs-review-translation": self = .needsReviewTranslation
        case "needs-translation": self = .needsTranslation
        case "needs-l10n": self = .needsL10n
        case "needs-adaptation": self = .needsAdaptation
        case "needs-review-l10n": self = .needsReviewL10n
        case "needs-review-adaptation": self = .needsReviewAdaptation
        default: self = .custom(rawValue)
        }
    }

    /// The attribute value as written in XLIFF.
    public var rawValue: String {
        switch self {
        case .new: "new"
        case .needsTranslation: "needs-translation"
        case .needsL10n: "needs-l10n"
        case .needsAdaptation: "needs-adaptation"
        case .translated: "translated"
        case .needsReviewTranslation: "needs-review-translation"
        case .needsReviewL10n: "needs-review-l10n"
        case .needsReviewAdaptation: "needs-review-adaptation"
        case .final: "final"
        case .signedOff: "signed-off"
        case .custom(let value): value
        }
    }

    public var description: String { rawValue }

    /// The state's place in `standard`; nil for a custom one.
    public var standardIndex: Int? {
        switch self {
        case .new: 0
        case .needsTranslation: 1
        case .needsL10n: 2
        case .needsAdaptation: 3
        case .translated: 4
        case .needsReviewTranslation: 5
        case .needsReviewL10n: 6
        case .needsReviewAdaptation: 7
        case .final: 8
        case .signedOff: 9
        case .custom: nil
        }
    }
}
