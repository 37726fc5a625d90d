import L10nFormats
import L10nXLIFF

/// The one table between XLIFF target states and String Catalog states, read by the export (which
/// state a value goes out with) and by the import (what a returned state does).
///
/// Export: Xcode's mapping (formats.md §2, seen on 536 paired units) for `translated`,
/// `needs_review` and `new`; `stale` and `machine_translated` (a value waiting for a person to look
/// at it again) go out as `needs-review-translation`; any other state `S` as `x-S`, the form XLIFF
/// 1.2 allows for private states, so it comes back unchanged. Import is l10n's decision (Xcode
/// documents none): see `rows`.
public enum ExchangeStates {
    /// What an import does with a target in some state.
    public enum OnImport: Hashable, Sendable {
        /// The target is written with this catalog state.
        case apply(StringUnitState)
        /// The translator has not finished it: skipped (`not-translated`).
        case unfinished
        /// Not an XLIFF 1.2 state: refused (`unknown-state`).
        case unknown
    }

    /// One XLIFF 1.2 state: what the import does with it, and the catalog states the export writes as it.
    public struct Row: Sendable {
        public let xliff: XLIFFTargetState
        public let onImport: OnImport
        public let exportedFrom: [StringUnitState]
    }

    /// The ten XLIFF 1.2 states in the standard's order.
    public static let rows: [Row] = [
        Row(xliff: .new, onImport: .unfinished, exportedFrom: [.new]),
        Row(xliff: .needsTranslation, onImport: .unfinished, exportedFrom: []),
        Row(xliff: .needsL10n, onImport: .unfinished, exportedFrom: []),
        Row(xliff: .needsAdaptation, onImport: .unfinished, exportedFrom: []),
        Row(xliff: .translated, onImport: .apply(.translated), exportedFrom: [.translated]),
        Row(xliff: .needsReviewTranslation, onImport: .apply(.needsReview), exportedFrom: [.stale, .machineTranslated]),
        Row(xliff: .needsReviewL10n, onImport: .apply(.needsReview), exportedFrom: [.needsReview]),
        Row(xliff: .needsReviewAdaptation, onImport: .apply(.needsReview), exportedFrom: []),
        Row(xliff: .final, onImport: .apply(.translated), exportedFrom: []),
        Row(xliff: .signedOff, onImport: .apply(.translated), exportedFrom: []),
    ]

    /// What a returned target in this state does. A target without a state (legacy `.strings`
    /// and Interface Builder units carry none) counts as `translated`; an `x-` state is unknown.
    public static func onImport(_ state: XLIFFTargetState?) -> OnImport {
        guard let state else { return .apply(.translated) }
        // A standard state by its place (asked several times per imported unit), not by walking `rows`.
        if let index = state.standardIndex { return onImportOfStandard[index] }
        return fromRows(state)
    }

    /// `fromRows` of each standard state, by its place in `XLIFFTargetState.standard`.
    private static let onImportOfStandard = XLIFFTargetState.standard.map(fromRows)

    /// `onImport(_:)` read from `rows` alone.
    private static func fromRows(_ state: XLIFFTargetState) -> OnImport {
        rows.first { $0.xliff == state }?.onImport ?? .unknown
    }

    /// The state an export writes for a catalog state.
    public static func exported(_ state: StringUnitState) -> XLIFFTargetState {
        // Once per exported unit: a state Xcode writes is looked up by its code, not by walking `rows`.
        if let index = state.vocabularyIndex { return exportedVocabulary[index] }
        return fromTable(state)
    }

    /// `fromTable` of each state `StringUnitState` keeps as a code, by its place.
    private static let exportedVocabulary = StringUnitState.vocabulary.map(fromTable)

    /// `exported(_:)` read from `rows` alone.
    static func fromTable(_ state: StringUnitState) -> XLIFFTargetState {
        rows.first { $0.exportedFrom.contains(state) }?.xliff ?? .custom("x-" + state.rawValue)
    }
}
