import Foundation
import XCTest
@testable import L10nCore
@testable import L10nFormats
@testable import L10nExchange

/// `ImportReport` prints a piece at a time (`writeText`, `writeJSON`): the pieces joined are the
/// report, and the JSON is byte for byte what the value tree it replaced gave (kept here as the
/// oracle while the streamed writer is young).
final class ImportReportStreamTests: XCTestCase {
    func testTheSampleHandoffStreamsItsGoldenBytes() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let input = try ImportInput.read(contentsOf: Fixtures.sample("BrandedEditor/handoff/fr.xliff"), displayPath: "handoff/fr.xliff")
        let words = input.document.sourceWords()
        let report = ImportReport(plan: try ExchangeFixtures.plan(root, [input]), inputs: ["handoff/fr.xliff"], dryRun: true, sourceWords: words)
        assertStreams(report)
    }

    func testLargeReportsArriveInWholePiecesThatJoinToTheReport() throws {
        for dryRun in [false, true] {
            let report = ImportReport(plan: Self.plan(units: 3_000), inputs: ["de.xliff", "fr.xliff"], dryRun: dryRun, sourceWords: dryRun ? nil : 12_345)
            let pieces = assertStreams(report)
            XCTAssertGreaterThan(pieces.text.count, 5, "a report of 3,000 units comes in several pieces")
            for piece in pieces.text { XCTAssertTrue(piece.hasSuffix("\n"), "a text piece ends a line") }
            XCTAssertGreaterThan(pieces.json.count, 5)
        }
    }

    func testAnEmptyPlan() {
        let report = ImportReport(plan: ImportPlan(outcomes: [], changes: [], notes: [], root: nil), inputs: [], dryRun: false)
        let pieces = assertStreams(report)
        XCTAssertEqual(pieces.text, ["0 units: 0 applied, 0 unchanged, 0 skipped, 0 refused\nnothing to write\n"])
        XCTAssertEqual(pieces.json.count, 1)
    }

    @discardableResult
    private func assertStreams(_ report: ImportReport, file: StaticString = #filePath, line: UInt = #line) -> (text: [String], json: [String]) {
        var text: [String] = []
        report.writeText { text.append($0) }
        var json: [String] = []
        report.writeJSON { json.append($0) }
        XCTAssertEqual(text.joined(), report.text, file: file, line: line)
        var bytes: [[UInt8]] = []
        report.writeText(utf8: { bytes.append($0) })
        XCTAssertEqual(bytes, text.map { Array($0.utf8) }, "the byte pieces are the text's pieces", file: file, line: line)
        for outcome in report.plan.outcomes {
            XCTAssertEqual(ImportReport.line(outcome), Self.referenceLine(outcome), file: file, line: line)
        }
        XCTAssertEqual(json.joined(), report.json, file: file, line: line)
        XCTAssertEqual(Data(json.joined().utf8), Data(Self.treeJSON(report).utf8), "streamed JSON differs from the tree's", file: file, line: line)
        XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(report.json.utf8)), file: file, line: line)
        return (text, json)
    }

    /// Outcomes of every status, with and without locations, messages, source edits, SDK copies,
    /// and texts that need escaping or are not ASCII.
    static func plan(units: Int) -> ImportPlan {
        let statuses: [ImportUnitOutcome.Status] = [.applied, .unchanged, .skipped, .refused]
        var outcomes: [ImportUnitOutcome] = []
        for n in 0..<units {
            let status = statuses[n % 4]
            let reason: ImportUnitOutcome.Reason? = switch status {
            case .skipped: n % 8 == 2 ? .notTranslated : .noTarget
            case .refused: [.staleSource, .placeholderMismatch, .unknownID, .duplicateID][n / 4 % 4]
            default: nil
            }
            var outcome = ImportUnitOutcome(
                status: status, reason: reason, input: n % 2 == 0 ? "de.xliff" : "fr.xliff",
                location: n % 5 == 0 ? nil : n % 17 == 0 ? SourceLocation(file: "whole.xliff")
                    : SourceLocation(file: "handoff/\(n % 2 == 0 ? "de" : "fr").xliff", line: n * 5 + 8, column: 7),
                original: "App/Localizable.xcstrings", id: "key_\(n) \"quoted\"\t%@", locale: n % 2 == 0 ? "de" : "fr",
                key: n % 7 == 0 ? nil : "key_\(n)", targetPath: n % 9 == 0 ? nil : "App/Localizable.xcstrings",
                xliffState: n % 3 == 0 ? nil : "translated", oldValue: n % 6 == 0 ? nil : "Alt \(n) — ü\\ \u{1F44D}\u{1F3FD}",
                oldState: n % 6 == 0 ? nil : "needs_review", newValue: "Neu \(n)\nzweite Zeile «\(n)»", newState: "translated",
                createsEntry: n % 11 == 0, message: status == .refused || n % 13 == 0 ? "the source changed since the export (\(n))" : nil,
                rules: status == .applied ? ["apply"] : [reason?.rawValue ?? "unchanged"])
            if status == .applied && n % 10 == 0 {
                outcome.sourceEdit = ImportUnitOutcome.SourceEdit(translations: [
                    ImportUnitOutcome.ReviewedTranslation(path: "App/Localizable.xcstrings", locale: "fr", id: "key_\(n)", value: "Valeur \(n)",
                                                          oldState: "translated", newState: "needs_review"),
                    ImportUnitOutcome.ReviewedTranslation(path: "App/ru.lproj/Main.strings", locale: "ru", id: "key_\(n)", value: "Значение"),
                ])
            }
            outcomes.append(outcome)
        }
        let changes = [
            ImportFileChange(path: "App/Localizable.xcstrings", url: URL(fileURLWithPath: "/p/App/Localizable.xcstrings"), data: Data(), isNew: false,
                             appliedUnits: units / 4, createdEntries: units / 11),
            ImportFileChange(path: "App/fr.lproj/Main.strings", url: URL(fileURLWithPath: "/p/App/fr.lproj/Main.strings"), data: Data(), isNew: true,
                             appliedUnits: 1, createdEntries: 0),
        ]
        return ImportPlan(outcomes: outcomes, changes: changes, notes: ["App/Localizable.xcstrings was not in Xcode's format"], root: nil)
    }

    static func treeJSON(_ report: ImportReport) -> String {
        let plan = report.plan, sourceWords = report.sourceWords, dryRun = report.dryRun, inputs = report.inputs
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

    /// The interpolated line the piecewise `append` replaced.
    static func referenceLine(_ outcome: ImportUnitOutcome) -> String {
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
}
