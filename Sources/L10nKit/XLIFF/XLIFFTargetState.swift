/// The `state` of an XLIFF 1.2 `<target>`, with the mapping to and from String Catalog states.
///
/// Export (formats.md §2, seen on 536 paired units): catalog `translated` → `translated`,
/// `needs_review` → `needs-review-l10n`, `new` → `new`.
/// Import (our decision; Xcode documents none): `translated`, `final`, `signed-off` and a target
/// without any state apply as catalog `translated`; `needs-review-translation`, `needs-review-l10n`,
/// `needs-review-adaptation` apply as `needs_review`; `new`, `needs-translation`, `needs-adaptation`,
/// `needs-l10n`, custom `x-` states and a unit without `<target>` are not applied.
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

    /// Reads an attribute value; anything unknown becomes `.custom`.
    public init(rawValue: String) {
        self = Self.standard.first { $0.rawValue == rawValue } ?? .custom(rawValue)
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

    /// Export: the XLIFF state for a catalog `stringUnit.state` (`translated`, `needs_review`, `new`).
    ///
    /// Returns nil for states Xcode's exports do not show (`stale`, `machine_translated`, unknown
    /// ones): the exporter decides what to do with those.
    public init?(catalogState: String) {
        switch catalogState {
        case "translated": self = .translated
        case "needs_review": self = .needsReviewL10n
        case "new": self = .new
        default: return nil
        }
    }

    /// The catalog state Xcode exports as this XLIFF state (the inverse of `init(catalogState:)`).
    public var exportedCatalogState: String? {
        switch self {
        case .translated: "translated"
        case .needsReviewL10n: "needs_review"
        case .new: "new"
        default: nil
        }
    }

    /// Import: what a target in this state does to the catalog.
    public var importDecision: XLIFFImportDecision {
        switch self {
        case .translated, .final, .signedOff: .apply(.translated)
        case .needsReviewTranslation, .needsReviewL10n, .needsReviewAdaptation: .apply(.needsReview)
        case .new, .needsTranslation, .needsAdaptation, .needsL10n: .notApplied(.notTranslatedYet(self))
        case .custom: .notApplied(.unknownState(rawValue))
        }
    }
}

/// What an import does with one unit's `<target>`.
public enum XLIFFImportDecision: Hashable, Sendable {
    /// Write the target into the catalog with this state.
    case apply(AppliedState)
    /// Leave the catalog alone, for this reason (reported to the user).
    case notApplied(Reason)

    /// The catalog state an applied target gets.
    public enum AppliedState: String, Hashable, Sendable {
        case translated
        case needsReview = "needs_review"

        /// The String Catalog `stringUnit.state` value.
        public var catalogState: String { rawValue }
    }

    public enum Reason: Hashable, Sendable {
        /// The unit is `translate="no"`.
        case doNotTranslate
        /// The unit has no `<target>`.
        case noTarget
        /// The target's state says the translator has not finished it (`new`, `needs-translation`...).
        case notTranslatedYet(XLIFFTargetState)
        /// A state outside XLIFF 1.2 (e.g. `x-...`): not trusted.
        case unknownState(String)
    }

    /// The catalog state to write, or nil when not applied.
    public var catalogState: String? {
        if case .apply(let state) = self { return state.catalogState }
        return nil
    }
}

extension TransUnit {
    /// The import decision for this unit: `translate="no"` and a missing target are never applied;
    /// a target without state (legacy `.strings`, Interface Builder units) counts as translated.
    public var importDecision: XLIFFImportDecision {
        guard translate else { return .notApplied(.doNotTranslate) }
        guard target != nil else { return .notApplied(.noTarget) }
        return (targetState ?? .translated).importDecision
    }
}
