import Foundation
import L10nKit
import XCTest

/// Every check's examples are its spec: each triggering example makes it report, each other one
/// keeps it silent, on a real project written to disk and discovered as any other.
final class CheckExamplesTests: XCTestCase {
    func findings(_ check: any Check.Type, _ example: CheckExample) throws -> [Finding] {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try example.write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        return try CheckJob(options: CheckOptions(only: [check.id])).run(on: project).findings
    }

    func testEveryCheckHasExamplesBothWays() {
        for check in BuiltInChecks.all {
            XCTAssertFalse(check.triggeringExamples.isEmpty, "\(check.id) has no triggering example")
            XCTAssertFalse(check.nonTriggeringExamples.isEmpty, "\(check.id) has no non-triggering example")
            XCTAssertFalse(check.summary.isEmpty)
            XCTAssertFalse(check.hint.isEmpty)
        }
        XCTAssertEqual(Set(BuiltInChecks.ids).count, BuiltInChecks.all.count, "check ids are unique")
    }

    func testTriggeringExamplesReport() throws {
        for check in BuiltInChecks.all {
            for example in check.triggeringExamples {
                let found = try findings(check, example)
                XCTAssertFalse(found.isEmpty, "\(check.id): '\(example.title)' reported nothing")
                XCTAssertTrue(found.allSatisfy { $0.check == check.id })
            }
        }
    }

    func testNonTriggeringExamplesStaySilent() throws {
        for check in BuiltInChecks.all {
            for example in check.nonTriggeringExamples {
                let found = try findings(check, example)
                XCTAssertEqual(found.map(\.message), [], "\(check.id): '\(example.title)' reported")
            }
        }
    }

    func testExampleSeveritiesFollowTheRules() throws {
        let plural = PluralCategoriesCheck.triggeringExamples
        XCTAssertEqual(try findings(PluralCategoriesCheck.self, plural[0]).map(\.severity), [.error, .error], "ru few and many cover integers below 100")
        let french = try findings(PluralCategoriesCheck.self, plural[1])
        XCTAssertEqual(french.map(\.severity), [.warning], "fr many is reached only at 1,000,000")
        XCTAssertTrue(french[0].message.contains("1000000"), french[0].message)
        let dropped = try findings(PluralCategoriesCheck.self, plural[2])
        XCTAssertEqual(dropped.count, 1)
        XCTAssertTrue(dropped[0].message.contains("21"), dropped[0].message)

        let legacy = try findings(PluralCategoriesCheck.self, plural[3])
        XCTAssertEqual(legacy.map(\.message), ["\"%d files\" %#@files@ [ru] 'one' form 'Один файл' states no count, but 'one' covers 1, 21, 31, 41, 51, 61, …: all of them read as that text"])
        XCTAssertEqual(legacy.map(\.severity), [.error])
        XCTAssertEqual(legacy.first?.file, "App/ru.lproj/Files.stringsdict")
        XCTAssertEqual(legacy.first?.line, 15, "at the form's own key, not the variable's (line 9)")

        let placeholder = PlaceholderMismatchCheck.triggeringExamples
        XCTAssertEqual(try findings(PlaceholderMismatchCheck.self, placeholder[0]).map(\.severity), [.error], "a type change can crash")
        XCTAssertEqual(try findings(PlaceholderMismatchCheck.self, placeholder[1]).map(\.severity), [.warning], "a dropped argument only loses text")
        XCTAssertEqual(try findings(PlaceholderMismatchCheck.self, placeholder.last!).map(\.severity), [.error], "'% s' reads a C string that is not passed")

        let duplicates = DuplicateKeyCheck.triggeringExamples
        let differing = try findings(DuplicateKeyCheck.self, duplicates[0])
        XCTAssertEqual(differing.map(\.severity), [.warning], "the first value never shows")
        XCTAssertEqual(differing.map(\.message), ["\"title\" [en] is defined 2 times (lines 1, 2) with different values: devices show the last one, 'Preferences'"])
        XCTAssertEqual(differing.first?.line, 1, "at the definition that never shows")
        XCTAssertEqual(try findings(DuplicateKeyCheck.self, duplicates[1]).map(\.severity), [.note], "the same value twice changes nothing")

        let zeroTaken = try findings(PluralCategoriesCheck.self, PluralCategoriesCheck.triggeringExamples.last!)
        XCTAssertEqual(zeroTaken.map(\.message), ["\"days ago\" %#@days@ [ru] lacks 'many': 5, 6, 7, 8, 9, 10, … use the 'other' form and read wrong"],
                       "0 reads the zero form, which Foundation uses for 0 in every language")

        let leftovers = TranslationOnlyKeyCheck.triggeringExamples
        let leftover = try findings(TranslationOnlyKeyCheck.self, leftovers[0])
        XCTAssertEqual(leftover.map(\.message), ["1 key of App/Settings is only in 'de', not in App/en.lproj/Settings.strings: no export offers it, "
                                                    + "and other locales show the raw key where code asks (\"oldTitle\")"])
        XCTAssertEqual(leftover.map { "\($0.file ?? ""):\($0.line ?? 0):\($0.column ?? 0)" }, ["App/de.lproj/Settings.strings:2:1"])
        XCTAssertEqual(leftover.map(\.keys), [["oldTitle"]])
        XCTAssertEqual(try findings(TranslationOnlyKeyCheck.self, leftovers[1]).map(\.message).first?.contains("not in App/Base.lproj/Settings.strings"), true)
    }

    func testManifestSeveritiesAndOff() throws {
        let example = CheckExample.app("en-only label", localizable: ["Done": ["en": "Done"], "Cancel": ["en": "Cancel", "de": "Abbrechen"]],
                                       more: ["l10n.json": .text(#"{ "checks": { "missing-translation": "error", "needs-review": "off" } }"#)])
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try example.write(to: root)
        let result = try CheckJob().run(on: ProjectDiscovery(root: root).discover())
        XCTAssertEqual(result.findings.map(\.check), ["missing-translation"])
        XCTAssertEqual(result.findings.map(\.severity), [.error])
        XCTAssertFalse(result.checks.contains("needs-review"))
        XCTAssertTrue(result.failed)
    }

    func testManifestErrorsAreLocated() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try CheckExample.app("x", localizable: ["Done": ["en": "Done"]],
                             more: ["l10n.json": .text("{\n  \"checks\": { \"widht\": \"error\" }\n}\n")]).write(to: root)
        XCTAssertThrowsError(try ProjectDiscovery(root: root).discover()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("l10n.json:2:13"), text)
            XCTAssertTrue(text.contains("checks.widht"), text)
        }
    }

    func testWidthBudgetGlobsAndPrefixes() {
        let glob = WidthBudget(name: "crop", keys: "ly_img_editor_*_button_crop", budget: 5)
        XCTAssertTrue(glob.matches("ly_img_editor_dock_button_crop"))
        XCTAssertTrue(glob.matches("ly_img_editor_inspector_bar_button_crop"))
        XCTAssertFalse(glob.matches("ly_img_editor_dock_button_crop_more"))
        XCTAssertTrue(WidthBudget(name: "dock", keys: "ly_img_editor_dock_", budget: 5).matches("ly_img_editor_dock_button_x"))
        XCTAssertTrue(WidthBudget(name: "q", keys: "a?c*", budget: 1).matches("abcdef"))
        XCTAssertFalse(WidthBudget(name: "q", keys: "a?c*", budget: 1).matches("acdef"))
    }

    func testDisplayTextHidesMarkup() {
        XCTAssertEqual(DisplayText.visible("^[%lld Page](inflect: true)"), "00 Page")
        XCTAssertEqual(DisplayText.visible("**Bold** and [link](https://x.y)"), "Bold and link")
        XCTAssertEqual(DisplayText.visible("50%% off"), "50% off")
        XCTAssertEqual(TextWidth.columns(DisplayText.visible("^[%lld Seite](inflect: true)")), 8)
    }
}
