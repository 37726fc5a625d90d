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
        var text = ""
        writeText { text += $0 }
        return text
    }

    /// The same text handed to `write` a piece at a time (each about 64 KB, whole lines), so a
    /// command prints a report of hundreds of thousands of units without holding it.
    public func writeText(_ write: (String) -> Void) {
        writeText(utf8: { write(String(decoding: $0, as: UTF8.self)) })
    }

    /// The same pieces as UTF-8 bytes, for a sink that writes bytes: no piece is checked and
    /// made a `String` on the way (3 % of an import of 290,000 units). The units' lines are
    /// made on two cores, a piece of `unitsPerPiece` units at a time, and handed over in order.
    public func writeText(utf8 write: ([UInt8]) -> Void) {
        let outcomes = plan.outcomes
        let pieces = (outcomes.count + Self.unitsPerPiece - 1) / Self.unitsPerPiece
        ConcurrentWork.inOrder(pieces, make: { piece in
            let text = ByteSink(capacity: Self.chunkSize + 4_096)
            // Read in place: iterating the outcomes, or reading them through the array's
            // subscript, copied each one (a dozen references) per line.
            outcomes.withUnsafeBufferPointer { outcomes in
                for index in piece * Self.unitsPerPiece..<min(outcomes.count, (piece + 1) * Self.unitsPerPiece) {
                    Self.append(outcomes[index], to: text)
                    text.append(0x0A)
                    for translation in outcomes[index].sourceEdit?.translations ?? [] {
                        text.append("  " + Self.line(translation))
                        text.append(0x0A)
                    }
                }
            }
            return text.bytes
        }, consume: write)
        var chunk: [UInt8] = []
        func line(_ text: String) {
            chunk.append(contentsOf: text.utf8)
            chunk.append(0x0A)
        }
        let totals = plan.totals
        var summary = "\(totals.read) unit\(totals.read == 1 ? "" : "s"): \(totals.applied) applied, \(totals.unchanged) unchanged, "
        summary += "\(totals.skipped) skipped" + Self.breakdown(totals.skippedByReason)
        summary += ", \(totals.refused) refused" + Self.breakdown(totals.refusedByReason)
        line(summary)
        let edits = plan.outcomes.compactMap(\.sourceEdit)
        if !edits.isEmpty {
            let review = edits.reduce(0) { $0 + $1.setToNeedsReview.count }, recheck = edits.reduce(0) { $0 + $1.toRecheck.count }
            line("source edits: \(edits.count) source\(edits.count == 1 ? "" : "s") changed, \(review) translation\(review == 1 ? "" : "s") set to needs_review, "
                       + "\(recheck) to re-check in .strings and .stringsdict files")
        }
        for note in plan.notes { line("note: " + note) }
        if plan.changes.isEmpty {
            line(totals.applied == 0 ? "nothing to write" : "nothing to write: the files already hold these values")
        }
        for change in plan.changes {
            var details = ["\(change.appliedUnits) value\(change.appliedUnits == 1 ? "" : "s")"]
            if change.createdEntries > 0 { details.append("\(change.createdEntries) new key\(change.createdEntries == 1 ? "" : "s") copied from the SDK") }
            if change.isNew { details.append("new file") }
            line((dryRun ? "would write " : "wrote ") + change.path + ": " + details.joined(separator: ", "))
        }
        if !chunk.isEmpty { write(chunk) }
    }

    /// `"input"`, `"line"`, `"column"`: where the unit's `<trans-unit>` is.
    private static func place(of outcome: ImportUnitOutcome, to json: inout JSONStream) {
        json.member("input", string: outcome.location?.file ?? outcome.input)
        json.member("line", number: outcome.location?.line)
        json.member("column", number: outcome.location?.column)
    }

    /// About how many bytes `writeText` and `writeJSON` hand over at a time.
    static let chunkSize = 1 << 16
    /// The units of a piece of `writeText`: about `chunkSize` bytes of lines of 150 to 200 bytes.
    static let unitsPerPiece = 384

    static func line(_ outcome: ImportUnitOutcome) -> String {
        let bytes = ByteSink(capacity: 256)
        append(outcome, to: bytes)
        return String(decoding: bytes.bytes, as: UTF8.self)
    }

    /// Appends the unit's line (without the newline) piece by piece: an interpolated line cost
    /// about 12,000 instructions, appending to a `String` 10,000, and the report has one per unit.
    static func append(_ outcome: ImportUnitOutcome, to text: ByteSink) {
        // Bytes copied whole: appending a String's UTF8View goes through the generic path.
        func add(_ piece: String) { text.append(piece) }
        func literal(_ piece: StaticString) { text.append(piece) }
        func addState(_ state: String?) {
            guard let state else { return }
            literal(" (")
            add(state)
            literal(")")
        }
        func quoted(_ value: String) { MessageText.appendQuoted(value, to: text) }
        func subject() {
            add(outcome.targetPath ?? outcome.original)
            literal(" ")
            quoted(outcome.id)
            literal(" [")
            add(outcome.locale)
            literal("]")
        }
        if let location = outcome.location {
            add(location.file)
            if !location.isWholeFile {
                literal(":")
                MessageText.appendDecimal(location.line, to: text)
                literal(":")
                MessageText.appendDecimal(location.column, to: text)
            }
        } else {
            add(outcome.input)
        }
        switch outcome.status {
        case .applied:
            literal(": applied: ")
            subject()
            literal(": ")
            if outcome.oldValue == outcome.newValue, let value = outcome.newValue {
                quoted(value)
                literal(" (")
                add(outcome.oldState ?? "none")
                literal(" → ")
                add(outcome.newState ?? "none")
                literal(")")
            } else {
                if let old = outcome.oldValue { quoted(old) } else { literal("(none)") }
                literal(" → ")
                if let new = outcome.newValue { quoted(new) } else { literal("(none)") }
                addState(outcome.newState)
            }
            if outcome.createsEntry { literal(", new key copied from the SDK") }
            if let edit = outcome.sourceEdit {
                let review = edit.setToNeedsReview.count, recheck = edit.toRecheck.count
                var parts: [String] = []
                if review > 0 { parts.append("\(review) translation\(review == 1 ? "" : "s") set to needs_review") }
                if recheck > 0 { parts.append("\(recheck) translation\(recheck == 1 ? "" : "s") to re-check") }
                add("; source edit: " + (parts.isEmpty ? "no translation to review" : parts.joined(separator: ", ")))
            }
            if let message = outcome.message {
                literal("; ")
                add(message)
            }
        case .unchanged:
            literal(": unchanged: ")
            subject()
            literal(": ")
            if let new = outcome.newValue { quoted(new) } else { literal("(none)") }
            addState(outcome.newState)
        case .skipped:
            literal(": skipped (")
            add(outcome.reason?.rawValue ?? "rule")
            literal("): ")
            subject()
            if outcome.reason == .notTranslated, let state = outcome.xliffState {
                literal(": state ")
                add(state)
            }
        case .refused:
            literal(": error: refused (")
            add(outcome.reason?.rawValue ?? "rule")
            literal("): ")
            subject()
            literal(": ")
            add(outcome.message ?? "")
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
    ///                                    "unknown-state", "read-only-file", "unsupported-file",
    ///                                    "duplicate-id", "source-placeholders", "inline-code" } },
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
        var text = ""
        writeJSON { text += $0 }
        return text
    }

    /// The same JSON handed to `write` a piece at a time (each about 64 KB, cut between units),
    /// written member by member instead of built as one value first.
    public func writeJSON(_ write: (String) -> Void) {
        let totals = plan.totals
        var json = JSONStream()
        json.beginObject()
        json.member("schemaVersion", number: 1)
        json.member("dryRun", bool: dryRun)
        json.strings("inputs", inputs)
        json.object("totals") { json in
            json.member("read", number: totals.read)
            json.member("sourceWords", number: sourceWords)
            json.member("applied", number: totals.applied)
            json.member("unchanged", number: totals.unchanged)
            json.member("skipped", number: totals.skipped)
            json.member("refused", number: totals.refused)
            json.object("skippedByReason") { json in
                for reason in ImportUnitOutcome.Reason.allCases where !reason.isRefusal {
                    json.key(reason.rawValue)
                    json.number(totals.skippedByReason[reason] ?? 0)
                }
            }
            json.object("refusedByReason") { json in
                for reason in ImportUnitOutcome.Reason.allCases where reason.isRefusal {
                    json.key(reason.rawValue)
                    json.number(totals.refusedByReason[reason] ?? 0)
                }
            }
        }
        json.objects("files", plan.changes) { json, change in
            json.member("path", string: change.path)
            json.member("created", bool: change.isNew)
            json.member("appliedUnits", number: change.appliedUnits)
            json.member("createdEntries", number: change.createdEntries)
        }
        json.strings("notes", plan.notes)
        json.objects("sourceEdits", plan.outcomes.filter { $0.sourceEdit != nil }) { json, outcome in
            Self.place(of: outcome, to: &json)
            json.member("target", string: outcome.targetPath)
            json.member("key", string: outcome.key)
            json.member("id", string: outcome.id)
            json.member("oldValue", string: outcome.oldValue)
            json.member("newValue", string: outcome.newValue)
            json.objects("translations", outcome.sourceEdit?.translations ?? []) { json, translation in
                json.member("path", string: translation.path)
                json.member("locale", string: translation.locale)
                json.member("id", string: translation.id)
                json.member("value", string: translation.value)
                json.member("oldState", string: translation.oldState)
                json.member("newState", string: translation.newState)
                json.member("recheck", bool: translation.newState == nil)
            }
        }
        json.objects("units", plan.outcomes) { json, outcome in
            Self.place(of: outcome, to: &json)
            json.member("original", string: outcome.original)
            json.member("id", string: outcome.id)
            json.member("locale", string: outcome.locale)
            json.member("key", string: outcome.key)
            json.member("target", string: outcome.targetPath)
            json.member("status", string: outcome.status.rawValue)
            json.member("reason", string: outcome.reason?.rawValue)
            json.member("rule", string: outcome.rule)
            json.member("xliffState", string: outcome.xliffState)
            json.member("oldValue", string: outcome.oldValue)
            json.member("oldState", string: outcome.oldState)
            json.member("newValue", string: outcome.newValue)
            json.member("newState", string: outcome.newState)
            json.member("createsEntry", bool: outcome.createsEntry)
            json.member("message", string: outcome.message)
            if json.byteCount >= Self.chunkSize { write(json.takeText()) }
        }
        json.endObject()
        write(json.takeText() + "\n")
    }
}
