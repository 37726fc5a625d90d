import Foundation
import L10nCore
import L10nFormats

/// Renders an `ImportPlan` for people (text) and for machines (JSON).
public struct ImportReport: Sendable {
    public var plan: ImportPlan
    /// The translator files as named, in order.
    public var inputs: [String]
    /// Whether the plan was only shown, not written.
    public var dryRun: Bool
    /// The source words of every unit read (`XLIFFDocument.sourceWords`), the count a vendor
    /// invoiced by; nil when not counted.
    public var sourceWords: Int?

    public init(plan: ImportPlan, inputs: [String], dryRun: Bool, sourceWords: Int? = nil) {
        self.plan = plan
        self.inputs = inputs
        self.dryRun = dryRun
        self.sourceWords = sourceWords
    }

    // MARK: Text

    /// One line per unit, compiler style (`file:line:col: status: ...`, refusals as
    /// `error: refused (reason)`), then the totals and the files written (`would write` on a dry run).
    ///
    /// ```
    /// fr.xliff:8:7: applied: App/Localizable.xcstrings "Settings" [fr]: (none) → "Réglages" (translated)
    /// fr.xliff:13:7: unchanged: App/Localizable.xcstrings "Done" [fr]: "Terminé" (translated)
    /// fr.xliff:18:7: skipped (not-translated): App/Localizable.xcstrings "Resize" [fr]: state new
    /// fr.xliff:23:7: error: refused (stale-source): App/Localizable.xcstrings "Info" [fr]: the source changed ...
    /// 4 units: 1 applied, 1 unchanged, 1 skipped (1 not-translated), 1 refused (1 stale-source)
    /// wrote App/Localizable.xcstrings: 1 value
    /// ```
    ///
    /// A copy edit of the development language (`--source-edits`) lists, under its unit, each
    /// translation of the changed source: set to `needs_review`, or to re-check in a `.strings`
    /// file, which has no states; a line after the totals counts them.
    public var text: String {
        var lines: [String] = []
        for outcome in plan.outcomes {
            lines.append(Self.line(outcome))
            for translation in outcome.sourceEdit?.translations ?? [] { lines.append("  " + Self.line(translation)) }
        }
        let totals = plan.totals
        var summary = "\(totals.read) unit\(totals.read == 1 ? "" : "s"): \(totals.applied) applied, \(totals.unchanged) unchanged, "
        summary += "\(totals.skipped) skipped" + Self.breakdown(totals.skippedByReason)
        summary += ", \(totals.refused) refused" + Self.breakdown(totals.refusedByReason)
        lines.append(summary)
        let edits = plan.outcomes.compactMap(\.sourceEdit)
        if !edits.isEmpty {
            let review = edits.reduce(0) { $0 + $1.setToNeedsReview.count }, recheck = edits.reduce(0) { $0 + $1.toRecheck.count }
            lines.append("source edits: \(edits.count) source\(edits.count == 1 ? "" : "s") changed, \(review) translation\(review == 1 ? "" : "s") set to needs_review, "
                         + "\(recheck) to re-check in .strings and .stringsdict files")
        }
        for note in plan.notes { lines.append("note: " + note) }
        if plan.changes.isEmpty {
            lines.append(totals.applied == 0 ? "nothing to write" : "nothing to write: the files already hold these values")
        }
        for change in plan.changes {
            var line = (dryRun ? "would write " : "wrote ") + change.path
            var details = ["\(change.appliedUnits) value\(change.appliedUnits == 1 ? "" : "s")"]
            if change.createdEntries > 0 { details.append("\(change.createdEntries) new key\(change.createdEntries == 1 ? "" : "s") copied from the SDK") }
            if change.isNew { details.append("new file") }
            line += ": " + details.joined(separator: ", ")
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func line(_ outcome: ImportUnitOutcome) -> String {
        let place = outcome.location?.description ?? outcome.input
        let subject = "\(outcome.targetPath ?? outcome.original) \(MessageText.quoted(outcome.id)) [\(outcome.locale)]"
        switch outcome.status {
        case .applied:
            var text = "\(place): applied: \(subject): "
            if outcome.oldValue == outcome.newValue, let value = outcome.newValue {
                text += "\(MessageText.quoted(value)) (\(outcome.oldState ?? "none") → \(outcome.newState ?? "none"))"
            } else {
                text += "\(outcome.oldValue.map(MessageText.quoted) ?? "(none)") → \(outcome.newValue.map(MessageText.quoted) ?? "(none)")"
                if let state = outcome.newState { text += " (\(state))" }
            }
            if outcome.createsEntry { text += ", new key copied from the SDK" }
            if let edit = outcome.sourceEdit {
                let review = edit.setToNeedsReview.count, recheck = edit.toRecheck.count
                var parts: [String] = []
                if review > 0 { parts.append("\(review) translation\(review == 1 ? "" : "s") set to needs_review") }
                if recheck > 0 { parts.append("\(recheck) translation\(recheck == 1 ? "" : "s") to re-check") }
                text += "; source edit: " + (parts.isEmpty ? "no translation to review" : parts.joined(separator: ", "))
            }
            if let message = outcome.message { text += "; " + message }
            return text
        case .unchanged:
            var text = "\(place): unchanged: \(subject): \(outcome.newValue.map(MessageText.quoted) ?? "(none)")"
            if let state = outcome.newState { text += " (\(state))" }
            return text
        case .skipped:
            var text = "\(place): skipped (\(outcome.reason?.rawValue ?? "rule")): \(subject)"
            if outcome.reason == .notTranslated, let state = outcome.xliffState { text += ": state \(state)" }
            return text
        case .refused:
            return "\(place): error: refused (\(outcome.reason?.rawValue ?? "rule")): \(subject): \(outcome.message ?? "")"
        }
    }

    /// `needs_review: <catalog> "<id>" [de]: "<value>" (translated → needs_review)`, or for a
    /// `.strings` value `re-check: <file> "<key>" [ru]: "<value>"`.
    static func line(_ translation: ImportUnitOutcome.ReviewedTranslation) -> String {
        let subject = "\(translation.path) \(MessageText.quoted(translation.id)) [\(translation.locale)]: \(MessageText.quoted(translation.value))"
        guard let newState = translation.newState else { return "re-check: " + subject + " (a .strings or .stringsdict value has no state to mark)" }
        return "\(newState): \(subject) (\(translation.oldState ?? "none") → \(newState))"
    }

    private static func breakdown(_ counts: [ImportUnitOutcome.Reason: Int]) -> String {
        let parts = ImportUnitOutcome.Reason.allCases.compactMap { reason in counts[reason].map { "\($0) \(reason.rawValue)" } }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }


    // MARK: JSON

    /// The report as JSON, schema version 1 (members always present and in this order; absent
    /// values are `null`; counts per reason list every reason, 0 included):
    ///
    /// ```
    /// { "schemaVersion": 1, "dryRun": false, "inputs": ["fr.xliff"],
    ///   "totals": { "read", "sourceWords", "applied", "unchanged", "skipped", "refused",
    ///               "skippedByReason": { "do-not-translate", "no-target", "not-translated" },
    ///               "refusedByReason": { "stale-source", "placeholder-mismatch", "unknown-id",
    ///                                    "unknown-state", "unsupported-file", "duplicate-id",
    ///                                    "source-placeholders" } },
    ///   "files": [ { "path", "created", "appliedUnits", "createdEntries" } ],
    ///   "notes": [ "..." ],
    ///   "sourceEdits": [ { "input", "line", "column", "target", "key", "id", "oldValue", "newValue",
    ///                      "translations": [ { "path", "locale", "id", "value", "oldState", "newState", "recheck" } ] } ],
    ///   "units": [ { "input", "line", "column", "original", "id", "locale", "key", "target",
    ///                "status", "reason", "rule", "xliffState", "oldValue", "oldState", "newValue",
    ///                "newState", "createsEntry", "message" } ] }
    /// ```
    /// `sourceWords` counts the words of the units' sources as export does (null when not counted).
    /// `status` is `applied`, `unchanged`, `skipped` or `refused`; `reason` one of the reason
    /// names above (null for applied and unchanged units); `rule` the id of the `ImportPolicy`
    /// rule that decided the unit (`apply`, `unchanged`, or the reason); `target` the project file the value
    /// goes to; `line`/`column` locate the `<trans-unit>` in `input`'s XLIFF file. `sourceEdits`
    /// lists the applied copy edits of the development language (`--source-edits`; empty
    /// otherwise), each with the translations set to `needs_review` (`newState`) or, in a
    /// `.strings` or `.stringsdict` file, to re-check (`recheck`: true, states null).
    public var json: String {
        let totals = plan.totals
        func count(_ value: Int) -> JSONValue { .number(String(value)) }
        func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let skipReasons = ImportUnitOutcome.Reason.allCases.filter { !$0.isRefusal }
        let refuseReasons = ImportUnitOutcome.Reason.allCases.filter(\.isRefusal)
        let totalsValue: JSONValue = .object([
            ("read", count(totals.read)), ("sourceWords", sourceWords.map(count) ?? .null), ("applied", count(totals.applied)), ("unchanged", count(totals.unchanged)),
            ("skipped", count(totals.skipped)), ("refused", count(totals.refused)),
            ("skippedByReason", .object(skipReasons.map { ($0.rawValue, count(totals.skippedByReason[$0] ?? 0)) })),
            ("refusedByReason", .object(refuseReasons.map { ($0.rawValue, count(totals.refusedByReason[$0] ?? 0)) })),
        ])
        let files: [JSONValue] = plan.changes.map { change in
            .object([("path", .string(change.path)), ("created", .bool(change.isNew)),
                     ("appliedUnits", count(change.appliedUnits)), ("createdEntries", count(change.createdEntries))])
        }
        let units: [JSONValue] = plan.outcomes.map { outcome in
            .object([
                ("input", .string(outcome.location?.file ?? outcome.input)),
                ("line", outcome.location.map { count($0.line) } ?? .null),
                ("column", outcome.location.map { count($0.column) } ?? .null),
                ("original", .string(outcome.original)),
                ("id", .string(outcome.id)),
                ("locale", .string(outcome.locale)),
                ("key", string(outcome.key)),
                ("target", string(outcome.targetPath)),
                ("status", .string(outcome.status.rawValue)),
                ("reason", string(outcome.reason?.rawValue)),
                ("rule", string(outcome.rule)),
                ("xliffState", string(outcome.xliffState)),
                ("oldValue", string(outcome.oldValue)),
                ("oldState", string(outcome.oldState)),
                ("newValue", string(outcome.newValue)),
                ("newState", string(outcome.newState)),
                ("createsEntry", .bool(outcome.createsEntry)),
                ("message", string(outcome.message)),
            ])
        }
        let sourceEdits: [JSONValue] = plan.outcomes.compactMap { outcome in
            guard let edit = outcome.sourceEdit else { return nil }
            return .object([
                ("input", .string(outcome.location?.file ?? outcome.input)),
                ("line", outcome.location.map { count($0.line) } ?? .null),
                ("column", outcome.location.map { count($0.column) } ?? .null),
                ("target", string(outcome.targetPath)),
                ("key", string(outcome.key)),
                ("id", .string(outcome.id)),
                ("oldValue", string(outcome.oldValue)),
                ("newValue", string(outcome.newValue)),
                ("translations", .array(edit.translations.map { translation in
                    .object([("path", .string(translation.path)), ("locale", .string(translation.locale)), ("id", .string(translation.id)),
                             ("value", .string(translation.value)), ("oldState", string(translation.oldState)),
                             ("newState", string(translation.newState)), ("recheck", .bool(translation.newState == nil))])
                })),
            ])
        }
        let root: JSONValue = .object([
            ("schemaVersion", count(1)),
            ("dryRun", .bool(dryRun)),
            ("inputs", .array(inputs.map(JSONValue.string))),
            ("totals", totalsValue),
            ("files", .array(files)),
            ("notes", .array(plan.notes.map(JSONValue.string))),
            ("sourceEdits", .array(sourceEdits)),
            ("units", .array(units)),
        ])
        return String(decoding: JSONWriter(keyOrder: .asGiven, finalNewline: true).data(for: root), as: UTF8.self)
    }
}
