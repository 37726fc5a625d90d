import Foundation
import L10nKit
import XCTest

/// Every import rule's examples are its spec: each triggering example's last unit is decided (or
/// rewritten, or warned about) by the rule, each other one is not; the rule table in
/// docs/exchange.md is generated from `ImportPolicy.rules` and `ExchangeStates.rows`.
final class ImportPolicyTests: XCTestCase {
    /// The outcome of an example's last unit, imported into the example's project written to disk.
    func outcome(_ example: ImportRuleExample) throws -> ImportUnitOutcome {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try example.project.write(to: root)
        let input = try ExchangeFixtures.xliff(original: example.original, target: example.locale, example.units)
        let plan = try ExchangeFixtures.plan(root, [input], sourceEdits: example.sourceEdits)
        return try XCTUnwrap(plan.outcomes.last)
    }

    /// An import says when a catalog it writes was not in Xcode's format (it is then rewritten
    /// whole), and only then: the file is compared with the catalog written as read.
    func testNotesACatalogNotInXcodesFormat() throws {
        for canonical in [true, false] {
            let example = ImportRuleExample.unit("format", ["Done": ["en": "Done", "de": "Fertig"]],
                                                 TransUnit(id: "Done", source: "Done", target: "Erledigt", targetState: .translated))
            let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
            try example.project.write(to: root)
            let catalog = root.appendingPathComponent("App/Localizable.xcstrings")
            if !canonical {
                let text = try String(contentsOf: catalog, encoding: .utf8)
                XCTAssertTrue(text.contains(#""sourceLanguage" : "#))
                try Data(text.replacingOccurrences(of: #""sourceLanguage" : "#, with: #""sourceLanguage":  "#).utf8).write(to: catalog)
            }
            let input = try ExchangeFixtures.xliff(original: example.original, target: example.locale, example.units)
            let plan = try ExchangeFixtures.plan(root, [input], sourceEdits: false)
            XCTAssertEqual(plan.outcomes.last?.status, .applied)
            let noted = plan.notes.contains { $0.hasPrefix("App/Localizable.xcstrings was not in Xcode's format") }
            XCTAssertEqual(noted, !canonical, "canonical: \(canonical), notes: \(plan.notes)")
        }
    }

    /// The format of every catalog the files name is checked beside the judging; only the edited
    /// ones get a note, in path order whatever the order of the files.
    func testNotesOnlyEditedCatalogsNotInXcodesFormatInPathOrder() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog.entries["Done"] = CatalogEntry(localizations: ["en": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "Done")),
                                                               "de": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "Fertig"))])
        let app = root.appendingPathComponent("App", isDirectory: true)
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        for name in ["Localizable", "Other", "Third"] {
            // Not in Xcode's format: no space before the colon after the source language.
            let text = String(decoding: StringCatalogWriter().data(for: catalog), as: UTF8.self)
                .replacingOccurrences(of: #""sourceLanguage" : "#, with: #""sourceLanguage": "#)
            try Data(text.utf8).write(to: app.appendingPathComponent(name + ".xcstrings"))
        }
        let edit = TransUnit(id: "Done", source: "Done", target: "Erledigt", targetState: .translated)
        let same = TransUnit(id: "Done", source: "Done", target: "Fertig", targetState: .translated)
        let inputs = try [
            ExchangeFixtures.xliff(original: "App/Third.xcstrings", [same], path: "third.xliff"),
            ExchangeFixtures.xliff(original: "App/Other.xcstrings", [edit], path: "other.xliff"),
            ExchangeFixtures.xliff(original: "App/Localizable.xcstrings", [edit], path: "localizable.xliff"),
        ]
        let plan = try ExchangeFixtures.plan(root, inputs)
        XCTAssertEqual(plan.outcomes.map(\.status), [.unchanged, .applied, .applied])
        XCTAssertEqual(plan.notes.filter { $0.contains("Xcode's format") }.map { String($0.prefix { $0 != " " }) },
                       ["App/Localizable.xcstrings", "App/Other.xcstrings"])
    }

    func testEveryRuleHasExamplesBothWaysAndAUniqueID() {
        for rule in ImportPolicy.rules {
            XCTAssertFalse(rule.triggeringExamples.isEmpty, "\(rule.id) has no triggering example")
            XCTAssertFalse(rule.nonTriggeringExamples.isEmpty, "\(rule.id) has no non-triggering example")
            XCTAssertFalse(rule.summary.isEmpty, rule.id)
        }
        XCTAssertEqual(Set(ImportPolicy.rules.map(\.id)).count, ImportPolicy.rules.count, "rule ids are unique")
        XCTAssertEqual(ImportPolicy.rules.last?.id, "apply", "apply decides every unit the other rules let through")
        // Every reason a unit is skipped or refused for is a rule of that effect, under the same name.
        for reason in ImportUnitOutcome.Reason.allCases {
            let rule = ImportPolicy.rule(id: reason.rawValue)
            XCTAssertNotNil(rule, reason.rawValue)
            XCTAssertEqual(rule?.effect, reason.isRefusal ? .refuse : .skip, reason.rawValue)
        }
    }

    func testTriggeringExamplesTrigger() throws {
        for rule in ImportPolicy.rules {
            for example in rule.triggeringExamples {
                let result = try outcome(example)
                let context = "\(rule.id): '\(example.title)' gave \(result.status) by \(result.rules)"
                XCTAssertTrue(result.rules.contains(rule.id), context)
                switch rule.effect {
                case .skip: XCTAssertEqual(result.status, .skipped, context)
                case .refuse: XCTAssertEqual(result.status, .refused, context)
                case .unchanged: XCTAssertEqual(result.status, .unchanged, context)
                case .apply, .rewrite, .warn: XCTAssertEqual(result.status, .applied, context)
                }
                if [.skip, .refuse, .unchanged, .apply].contains(rule.effect) {
                    XCTAssertEqual(result.rule, rule.id, "\(context): it decides")
                    if rule.effect == .skip || rule.effect == .refuse { XCTAssertEqual(result.reason?.rawValue, rule.id, context) }
                } else {
                    XCTAssertTrue(result.message?.contains("(\(rule.id))") ?? false, "\(context): the verdict names the rule: \(result.message ?? "no message")")
                }
            }
        }
    }

    func testNonTriggeringExamplesDoNotTrigger() throws {
        for rule in ImportPolicy.rules {
            for example in rule.nonTriggeringExamples {
                let result = try outcome(example)
                XCTAssertFalse(result.rules.contains(rule.id), "\(rule.id): '\(example.title)' triggered it: \(result.rules) \(result.message ?? "")")
                XCTAssertNotNil(result.rule, "\(rule.id): '\(example.title)': some rule decides every unit")
            }
        }
    }

    /// A plural form that drops its count shows the same text for every number of its category:
    /// applied, with a warning naming them (the app does not crash).
    func testPluralFormWithoutItsCountIsAppliedWithAWarning() throws {
        let russian = try XCTUnwrap(ImportPolicy.rule(id: "plural-count")?.triggeringExamples.first)
        let result = try outcome(russian)
        XCTAssertEqual(result.status, .applied)
        XCTAssertEqual(result.newValue, "Один файл")
        XCTAssertEqual(result.message, "warning (plural-count): the 'one' form states no count, but covers 1, 21, 31, 41, 51, 61, … in ru: all of them read as this text")
    }

    // MARK: docs/exchange.md

    static let begin = "<!-- import-rules: generated from ImportPolicy.rules and ExchangeStates.rows by ImportPolicyTests -->\n"
    static let end = "<!-- /import-rules -->\n"

    /// The rule table and the state table as docs/exchange.md shows them.
    static func markdown() -> String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var text = begin
        text += "\n| # | rule | effect | when |\n|---|---|---|---|\n"
        for (index, rule) in ImportPolicy.rules.enumerated() {
            text += "| \(index + 1) | `\(rule.id)` | \(rule.effect.rawValue) | \(cell(rule.summary)) |\n"
        }
        text += "\n| XLIFF state | on import | exported from catalog state |\n|---|---|---|\n"
        for row in ExchangeStates.rows {
            let onImport: String
            switch row.onImport {
            case .apply(let state): onImport = "applied as `\(state.rawValue)`"
            case .unfinished: onImport = "skipped (`not-translated`)"
            case .unknown: onImport = "refused (`unknown-state`)"
            }
            let exported = row.exportedFrom.isEmpty ? "" : row.exportedFrom.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            text += "| `\(row.xliff.rawValue)` | \(onImport) | \(exported) |\n"
        }
        text += "| none (a `<target>` without `state`) | applied as `translated` | |\n"
        text += "| `x-S`, any other | refused (`unknown-state`) | any other catalog state `S` |\n"
        return text + "\n" + end
    }

    func testExchangeDocListsTheRules() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("docs/exchange.md")
        var doc = try String(contentsOf: url, encoding: .utf8)
        let start = try XCTUnwrap(doc.range(of: Self.begin), "docs/exchange.md lacks the import-rules marker")
        let stop = try XCTUnwrap(doc.range(of: Self.end, range: start.upperBound..<doc.endIndex))
        let expected = Self.markdown()
        if ProcessInfo.processInfo.environment["L10N_UPDATE_DOCS"] == "1" {
            doc.replaceSubrange(start.lowerBound..<stop.upperBound, with: expected)
            try Data(doc.utf8).write(to: url)
            return
        }
        XCTAssertEqual(String(doc[start.lowerBound..<stop.upperBound]), expected,
                       "docs/exchange.md's rule table is out of date: run L10N_UPDATE_DOCS=1 swift test --disable-swift-testing --filter ImportPolicyTests")
    }
}
