import Foundation
import L10nKit
import XCTest

/// Copy edits of the development language: `l10n export --locale en --scope all` writes the file
/// Xcode exports for copy editors, `l10n import --source-edits` takes the edited sources back.
final class SourceEditsTests: XCTestCase {
    private let localizable = "BrandedEditor/Localizable.xcstrings"

    /// The sample exported in English, into a folder beside the project copy.
    private func exportEnglish(_ root: URL) throws -> String {
        let out = root.deletingLastPathComponent().appendingPathComponent("out")
        let run = CLIRun(["export", "--project", root.path, "--locale", "en", "--scope", "all", "--out", out.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        return try String(contentsOf: out.appendingPathComponent("en.xliff"), encoding: .utf8)
    }

    /// `text` with `old` replaced once (failing when it does not occur exactly once).
    private func replacing(_ old: String, _ new: String, in text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        XCTAssertEqual(text.components(separatedBy: old).count, 2, "\(old) occurs once", file: file, line: line)
        return text.replacingOccurrences(of: old, with: new)
    }

    private func catalog(_ root: URL, _ path: String) throws -> StringCatalog {
        try StringCatalogReader.read(Data(contentsOf: root.appendingPathComponent(path)), file: path)
    }

    // MARK: Export

    /// The development language as Xcode exports it: every target is its source, in the state of
    /// the source's string unit, `new` for a key-as-source entry; no SDK units.
    func testExportOfTheDevelopmentLanguageHasTheSourcesAsTargets() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let text = try exportEnglish(root)
        let document = try XLIFFReader().read(Data(text.utf8), path: "en.xliff")
        XCTAssertEqual(document.files.map(\.original), ["BrandedEditor/en.lproj/InfoPlist.strings",
                                                       "BrandedEditor/IMGLYEditor.xcstrings", "BrandedEditor/Localizable.xcstrings",
                                                       "BrandedEditor/MyBrand.xcstrings", "OnboardingKit/Base.lproj/Onboarding.storyboard",
                                                       "OnboardingKit/en.lproj/Localizable.strings"])
        XCTAssertTrue(document.files.allSatisfy { $0.sourceLanguage == "en" && $0.targetLanguage == "en" })
        for (_, unit) in document.allUnits { XCTAssertEqual(unit.target, unit.source, unit.id) }
        XCTAssertTrue(text.contains("""
                  <trans-unit id="Open Editor" xml:space="preserve">
                    <source>Open Editor</source>
                    <target state="new">Open Editor</target>
            """), "a key-as-source entry goes out as Xcode writes it")
        XCTAssertTrue(text.contains("""
                    <source>%lld draft</source>
                    <target state="translated">%lld draft</target>
            """))
        XCTAssertTrue(text.contains("<source>Allow Access</source>\n        <target>Allow Access</target>"), ".strings values have no state")
        // Other scopes are about translations.
        let missing = CLIRun(["export", "--project", root.path, "--locale", "en", "--out", root.path + "/../out2"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("'en' is the source language: export it for copy editors with --scope all"), missing.stderr)
    }

    // MARK: Round trip

    /// Export English, change two sources (a key-as-source entry and one with an `en` value),
    /// import with --source-edits: the sources change, the other locales' values of them are
    /// needs_review, and no other byte of the project changes.
    func testCopyEditRoundTripChangesTheSourcesAndPutsTheirTranslationsUpForReview() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        var text = try exportEnglish(root)
        // A copy editor's tool marks an edited segment translated; Xcode wrote the key-as-source one as new.
        text = replacing("<target state=\"new\">Open Editor</target>", "<target state=\"translated\">Open the Editor</target>", in: text)
        text = replacing("<target state=\"translated\">Headlines</target>", "<target state=\"translated\">Titles</target>", in: text)
        try Data(text.utf8).write(to: root.appendingPathComponent("en.xliff"))
        let before = try ExchangeFixtures.snapshot(root)
        let catalogBefore = try catalog(root, localizable)

        let run = CLIRun(["import", "en.xliff", "--source-edits"], in: root)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("""
            applied: BrandedEditor/Localizable.xcstrings "Open Editor" [en]: "Open Editor" → "Open the Editor" (translated); source edit: 3 translations set to needs_review
              needs_review: BrandedEditor/Localizable.xcstrings "Open Editor" [de]: "Editor öffnen" (translated → needs_review)
              needs_review: BrandedEditor/Localizable.xcstrings "Open Editor" [fr]: "Ouvrir l’éditeur" (translated → needs_review)
              needs_review: BrandedEditor/Localizable.xcstrings "Open Editor" [ja]: "エディタを開く" (translated → needs_review)
            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("""
            applied: BrandedEditor/Localizable.xcstrings "ly_img_editor_dock_button_text" [en]: "Headlines" → "Titles" (translated); source edit: 2 translations set to needs_review
            """), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("""
            source edits: 2 sources changed, 5 translations set to needs_review, 0 to re-check in .strings and .stringsdict files
            wrote BrandedEditor/Localizable.xcstrings: 2 values

            """), run.stdout)

        // Only the one catalog changed, and inside it only the two entries.
        let after = try ExchangeFixtures.snapshot(root)
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        for (path, data) in before where path != localizable { XCTAssertEqual(after[path], data, path) }
        let edited = try catalog(root, localizable)
        XCTAssertEqual(try XCTUnwrap(after[localizable]), StringCatalogWriter().data(for: edited), "Xcode's format")
        for key in catalogBefore.entries.keys where !["Open Editor", "ly_img_editor_dock_button_text"].contains(key) {
            XCTAssertEqual(edited.entries[key], catalogBefore.entries[key], key)
        }
        XCTAssertEqual(Set(edited.entries.keys), Set(catalogBefore.entries.keys), "the key of a key-as-source entry stays")

        // The key-as-source entry has an English value now; its translations keep their text.
        var expected = try XCTUnwrap(catalogBefore.entries["Open Editor"])
        expected.localizations!["en"] = CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "Open the Editor"))
        for locale in ["de", "fr", "ja"] { expected.localizations![locale]!.stringUnit!.state = .needsReview }
        XCTAssertEqual(edited.entries["Open Editor"], expected)
        var text2 = try XCTUnwrap(catalogBefore.entries["ly_img_editor_dock_button_text"])
        text2.localizations!["en"]!.stringUnit!.value = "Titles"
        for locale in ["de", "fr"] { text2.localizations![locale]!.stringUnit!.state = .needsReview }
        XCTAssertEqual(edited.entries["ly_img_editor_dock_button_text"], text2)
        let diff = ExchangeFixtures.changedLines(try XCTUnwrap(before[localizable]), try XCTUnwrap(after[localizable]))
        XCTAssertEqual(diff.removed.filter { $0.contains("\"value\"") }.map { $0.trimmingCharacters(in: .whitespaces) }, ["\"value\" : \"Headlines\""])

        // Translators see them next time: the German export of missing units has both, with the new sources.
        let out = root.deletingLastPathComponent().appendingPathComponent("de")
        XCTAssertEqual(CLIRun(["export", "--project", root.path, "--locale", "de", "--out", out.path]).status, 0)
        let german = try String(contentsOf: out.appendingPathComponent("de.xliff"), encoding: .utf8)
        XCTAssertTrue(german.contains("<source>Open the Editor</source>\n        <target state=\"needs-review-l10n\">Editor öffnen</target>"), german)
        XCTAssertTrue(german.contains("<source>Titles</source>\n        <target state=\"needs-review-l10n\">Überschriften</target>"), german)

        // The same file again changes nothing: the edited texts are the sources now (unchanged, not
        // stale), and the Info.plist's four units are its values.
        let again = CLIRun(["import", "en.xliff", "--source-edits"], in: root)
        XCTAssertEqual(again.status, 0, again.stdout)
        XCTAssertTrue(again.stdout.hasSuffix("61 units: 0 applied, 60 unchanged, 1 skipped (1 do-not-translate), 0 refused\nnothing to write\n"), again.stdout)
    }

    /// A `.strings` table has no states: the source file changes, the translations are listed to
    /// re-check (text and JSON) and stay as they are.
    func testStringsSourceEditListsTheTranslationsToRecheck() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        // The storyboard's button has the same text; only the table's unit is edited.
        let text = replacing("<trans-unit id=\"onboarding_button_allow\" xml:space=\"preserve\">\n        <source>Allow Access</source>\n        <target>Allow Access</target>",
                             "<trans-unit id=\"onboarding_button_allow\" xml:space=\"preserve\">\n        <source>Allow Access</source>\n        <target>Allow Photo Access</target>",
                             in: try exportEnglish(root))
        try Data(text.utf8).write(to: root.appendingPathComponent("en.xliff"))
        let before = try ExchangeFixtures.snapshot(root)
        let run = CLIRun(["import", "en.xliff", "--source-edits", "--format", "json"], in: root)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let edits = try XCTUnwrap(json["sourceEdits"] as? [[String: Any]])
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?["target"] as? String, "OnboardingKit/en.lproj/Localizable.strings")
        XCTAssertEqual(edits.first?["oldValue"] as? String, "Allow Access")
        XCTAssertEqual(edits.first?["newValue"] as? String, "Allow Photo Access")
        let translations = try XCTUnwrap(edits.first?["translations"] as? [[String: Any]])
        XCTAssertEqual(translations.count, 1)
        XCTAssertEqual(translations.first?["path"] as? String, "OnboardingKit/ru.lproj/Localizable.strings")
        XCTAssertEqual(translations.first?["recheck"] as? Bool, true)
        XCTAssertTrue(translations.first?["newState"] is NSNull)

        let after = try ExchangeFixtures.snapshot(root)
        let english = "OnboardingKit/en.lproj/Localizable.strings"
        for (path, data) in before where path != english { XCTAssertEqual(after[path], data, path) }
        let diff = ExchangeFixtures.changedLines(try XCTUnwrap(before[english]), try XCTUnwrap(after[english]))
        XCTAssertEqual(diff.removed, ["\"onboarding_button_allow\" = \"Allow Access\";"])
        XCTAssertEqual(diff.added, ["\"onboarding_button_allow\" = \"Allow Photo Access\";"])

        let textRun = CLIRun(["import", "en.xliff", "--source-edits"], in: root)
        XCTAssertTrue(textRun.stdout.contains("unchanged: OnboardingKit/en.lproj/Localizable.strings \"onboarding_button_allow\" [en]: \"Allow Photo Access\""), textRun.stdout)
    }

    // MARK: Refusals and dry runs

    /// Without --source-edits: one error naming the flag (however many catalogs the file holds),
    /// exit 2, nothing written.
    func testWithoutTheFlagOneErrorNamesItAndNothingIsWritten() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let text = replacing("<target state=\"translated\">Headlines</target>", "<target state=\"translated\">Titles</target>", in: try exportEnglish(root))
        try Data(text.utf8).write(to: root.appendingPathComponent("en.xliff"))
        let before = try ExchangeFixtures.snapshot(root)
        let run = CLIRun(["import", "en.xliff"], in: root)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasPrefix("en.xliff:3:3: error: the file's target language is the development language en: it holds copy edits of the source texts; import it with --source-edits\n"), run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "error:").count, 2, "one error: \(run.stderr)")
        XCTAssertTrue(run.stderr.hasSuffix("note: nothing was written\n"), run.stderr)
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    /// --dry-run reports what would change and writes nothing.
    func testDryRunReportsTheEditsAndWritesNothing() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let text = replacing("<target state=\"translated\">Headlines</target>", "<target state=\"translated\">Titles</target>", in: try exportEnglish(root))
        try Data(text.utf8).write(to: root.appendingPathComponent("en.xliff"))
        let before = try ExchangeFixtures.snapshot(root)
        let run = CLIRun(["import", "en.xliff", "--source-edits", "--dry-run"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("needs_review: BrandedEditor/Localizable.xcstrings \"ly_img_editor_dock_button_text\" [fr]: \"Titres\" (translated → needs_review)"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("would write BrandedEditor/Localizable.xcstrings: 1 value\n"), run.stdout)
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    /// A copy edit that drops an argument is refused (exit 1, rule source-placeholders); the
    /// file's other edits are applied; one still in Xcode's state `new` is skipped with a note.
    func testArgumentChangesAreRefusedAndUnfinishedEditsNoted() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        var text = try exportEnglish(root)
        text = replacing("<target state=\"translated\">By %@</target>", "<target state=\"translated\">By the artist</target>", in: text)
        text = replacing("<target state=\"new\">Open Editor</target>", "<target state=\"new\">Open the Editor</target>", in: text)
        text = replacing("<target state=\"translated\">Headlines</target>", "<target state=\"translated\">Titles</target>", in: text)
        try Data(text.utf8).write(to: root.appendingPathComponent("en.xliff"))
        let run = CLIRun(["import", "en.xliff", "--source-edits"], in: root)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("error: refused (source-placeholders): BrandedEditor/IMGLYEditor.xcstrings \"ly_img_editor_asset_library_label_credits_artist\" [en]: the copy edit changes the arguments every translation of this text reads: the edited source does not use argument 1 (%@ in the current source)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("note: 1 development-language unit has an edited text in an unfinished state"), run.stdout)
        XCTAssertTrue(run.stdout.contains("1 applied"), run.stdout)
        let edited = try catalog(root, localizable)
        XCTAssertEqual(edited.stringUnit(key: "ly_img_editor_dock_button_text", locale: "en")?.value, "Titles")
        XCTAssertNil(edited.entries["Open Editor"]?.localizations?["en"], "the unfinished edit is not applied")
        XCTAssertEqual(try catalog(root, "BrandedEditor/IMGLYEditor.xcstrings").stringUnit(key: "ly_img_editor_asset_library_label_credits_artist", locale: "en")?.value, "By %@")
    }

    /// An SDK key the app does not define: its English text is the SDK's, read-only; refused
    /// as unknown in the app's editor catalog, whether or not that catalog exists yet.
    func testSDKSourceTextsAreNotTheAppsToEdit() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let unit = TransUnit(id: "ly_img_editor_asset_library_title_images", source: "Images", target: "Pictures", targetState: .translated)
        let existing = try ExchangeFixtures.plan(root, [try ExchangeFixtures.xliff(original: "BrandedEditor/IMGLYEditor.xcstrings", target: "en", [unit])],
                                                 sourceEdits: true)
        XCTAssertEqual(existing.outcomes.first?.reason, .unknownID)
        XCTAssertEqual(existing.outcomes.first?.message, "BrandedEditor/IMGLYEditor.xcstrings has no key \"ly_img_editor_asset_library_title_images\" (the SDK's own source texts are read-only)")
        XCTAssertTrue(existing.changes.isEmpty)
        try FileManager.default.removeItem(at: root.appendingPathComponent("BrandedEditor/IMGLYEditor.xcstrings"))
        let absent = try ExchangeFixtures.plan(root, [try ExchangeFixtures.xliff(original: "BrandedEditor/IMGLYEditor.xcstrings", target: "en", [unit])],
                                               sourceEdits: true)
        XCTAssertEqual(absent.outcomes.first?.reason, .unknownID)
        XCTAssertTrue(absent.changes.isEmpty, "no editor catalog is created")
    }

    // MARK: Variations, positions, order within a run

    /// Editing one plural form reviews the forms made from it: German `one` (from English `one`),
    /// not German `other` nor Japanese `other` (from English `other`).
    func testAPluralFormEditReviewsOnlyTheFormsMadeFromIt() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let input = try ExchangeFixtures.xliff(original: localizable, target: "en", [
            TransUnit(id: "%lld drafts|==|plural.one", source: "%lld draft", target: "%lld saved draft", targetState: .translated),
        ])
        let plan = try ExchangeFixtures.plan(root, [input], sourceEdits: true)
        let outcome = try XCTUnwrap(plan.outcomes.first)
        XCTAssertEqual(outcome.status, .applied, outcome.message ?? "")
        XCTAssertEqual(outcome.sourceEdit?.translations.map { "\($0.locale) \($0.id)" }, ["de %lld drafts|==|plural.one", "fr %lld drafts|==|plural.one"])
        let written = try StringCatalogReader.read(try XCTUnwrap(plan.changes.first?.data), file: localizable)
        XCTAssertEqual(written.stringUnit(key: "%lld drafts", locale: "en", path: ["plural", "one"])?.value, "%lld saved draft")
        XCTAssertEqual(written.stringUnit(key: "%lld drafts", locale: "de", path: ["plural", "one"])?.state, .needsReview)
        XCTAssertEqual(written.stringUnit(key: "%lld drafts", locale: "de", path: ["plural", "other"])?.state, .translated)
        XCTAssertEqual(written.stringUnit(key: "%lld drafts", locale: "ja", path: ["plural", "other"])?.state, .translated)
    }

    /// Xcode's positional form of a source written without positions goes back to the project's
    /// spelling when the arguments stay in order; swapped, it keeps the positions.
    func testPositionalFormGoesBackToTheProjectsSpelling() throws {
        let root = try ExchangeFixtures.importProject(self)
        for (target, written) in [("Key as a source: %1$@ / %2$@", "Key as a source: %@ / %@"), ("%2$@ / %1$@, key as source", "%2$@ / %1$@, key as source")] {
            let input = try ExchangeFixtures.xliff(target: "en", [
                TransUnit(id: "Key as source %@ / %@", source: "Key as source %1$@ / %2$@", target: target, targetState: .translated),
            ])
            let plan = try ExchangeFixtures.plan(root, [input], sourceEdits: true)
            XCTAssertEqual(plan.outcomes.first?.status, .applied, plan.outcomes.first?.message ?? "")
            let catalog = try StringCatalogReader.read(try XCTUnwrap(plan.changes.first?.data), file: "Localizable.xcstrings")
            XCTAssertEqual(catalog.stringUnit(key: "Key as source %@ / %@", locale: "en"), StringUnit(state: .translated, value: written))
        }
        // Unchanged but positional: nothing to write.
        let same = try ExchangeFixtures.xliff(target: "en", [
            TransUnit(id: "Key as source %@ / %@", source: "Key as source %1$@ / %2$@", target: "Key as source %1$@ / %2$@", targetState: .translated),
        ])
        let plan = try ExchangeFixtures.plan(root, [same], sourceEdits: true)
        XCTAssertEqual(plan.outcomes.first?.status, .unchanged)
        XCTAssertTrue(plan.changes.isEmpty)
    }

    /// In one run, a translation returned after its source was edited is stale (it translates the
    /// old text); one returned before is applied and then put up for review.
    func testOrderWithinARunDecidesBetweenStaleAndReview() throws {
        let root = try ExchangeFixtures.importProject(self)
        let edit = try ExchangeFixtures.xliff(target: "en", [TransUnit(id: "Greeting", source: "Hello", target: "Hello there", targetState: .translated)],
                                              path: "en.xliff")
        let german = try ExchangeFixtures.xliff(target: "de", [TransUnit(id: "Greeting", source: "Hello", target: "Guten Tag", targetState: .translated)],
                                                path: "de.xliff")
        let editFirst = try ExchangeFixtures.plan(root, [edit, german], sourceEdits: true)
        XCTAssertEqual(editFirst.outcomes.map(\.status), [.applied, .refused])
        XCTAssertEqual(editFirst.outcomes.last?.reason, .staleSource)
        // German was needs_review already: not listed again; Russian `stale` goes to needs_review.
        XCTAssertEqual(editFirst.outcomes.first?.sourceEdit?.translations.map(\.locale), ["ru"])

        let germanFirst = try ExchangeFixtures.plan(root, [german, edit], sourceEdits: true)
        XCTAssertEqual(germanFirst.outcomes.map(\.status), [.applied, .applied])
        XCTAssertEqual(germanFirst.outcomes.last?.sourceEdit?.translations.map(\.locale), ["de", "ru"])
        let catalog = try StringCatalogReader.read(try XCTUnwrap(germanFirst.changes.first?.data), file: "Localizable.xcstrings")
        XCTAssertEqual(catalog.stringUnit(key: "Greeting", locale: "de"), StringUnit(state: .needsReview, value: "Guten Tag"))
        XCTAssertEqual(catalog.stringUnit(key: "Greeting", locale: "en"), StringUnit(state: .translated, value: "Hello there"))
    }

    // MARK: Real catalogs

    /// The real Xcode catalogs of ../shared (plurals, substitutions, device variations,
    /// shouldTranslate, key-as-source entries): their development-language export comes back
    /// unchanged with 0 changes; with every text edited, every edit is applied (none refused),
    /// the catalogs stay in Xcode's format, and the same file again changes nothing.
    func testRealCatalogsComeBackUnchangedAndTakeEveryEdit() throws {
        var files: [String: Data] = [:]
        for url in try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings") {
            files["App/" + url.lastPathComponent] = try Data(contentsOf: url)
        }
        let root = try ExchangeFixtures.project(self, files: files)
        let project = try ProjectDiscovery(root: root).discover()
        let export = XLIFFExporter(project: project).export(locale: "en", scope: .all)
        XCTAssertEqual(export.document.files.count, files.count)
        let read = { (document: XLIFFDocument) throws -> ImportInput in
            ImportInput(path: "en.xliff", document: try XLIFFReader().read(try XLIFFWriter(tool: ExchangeFixtures.tool).data(document), path: "en.xliff"))
        }
        let same = try XLIFFImporter(project: project, sourceEdits: true).plan([try read(export.document)])
        XCTAssertGreaterThan(same.totals.unchanged, 100)
        XCTAssertEqual(same.totals.applied, 0)
        XCTAssertEqual(same.totals.refused, 0, same.outcomes.first { $0.status == .refused }?.message ?? "")
        XCTAssertTrue(same.changes.isEmpty)

        var edited = export.document
        var editable = 0
        for fileIndex in edited.files.indices {
            for unitIndex in edited.files[fileIndex].units.indices where edited.files[fileIndex].units[unitIndex].translate {
                edited.files[fileIndex].units[unitIndex].target! += " (edited)"
                edited.files[fileIndex].units[unitIndex].targetState = .translated
                editable += 1
            }
        }
        let input = try read(edited)
        let plan = try XLIFFImporter(project: project, sourceEdits: true).plan([input])
        XCTAssertEqual(plan.totals.refused, 0, plan.outcomes.first { $0.status == .refused }?.message ?? "")
        XCTAssertEqual(plan.totals.applied, editable)
        let reviews = plan.outcomes.reduce(0) { $0 + ($1.sourceEdit?.setToNeedsReview.count ?? 0) }
        XCTAssertGreaterThan(reviews, 100, "the catalogs' translations of the edited texts")
        for change in plan.changes {
            let catalog = try StringCatalogReader.read(change.data, file: change.path)
            XCTAssertEqual(StringCatalogWriter(finalNewline: .asRead).data(for: catalog), change.data, "\(change.path) in Xcode's format")
        }
        let needsReview = { (project: Project) -> Int in
            project.catalogs.reduce(0) { total, file in
                total + file.catalog.entries.values.reduce(0) { count, entry in
                    count + (entry.localizations ?? [:]).values.reduce(0) { $0 + $1.stringUnits.filter { $0.unit.state == .needsReview }.count }
                }
            }
        }
        try plan.write()

        let after = try ProjectDiscovery(root: root).discover()
        XCTAssertEqual(needsReview(after) - needsReview(project), reviews, "every listed translation is needs_review in the files")
        let again = try XLIFFImporter(project: after, sourceEdits: true).plan([input])
        XCTAssertEqual(again.totals.applied, 0)
        XCTAssertEqual(again.totals.refused, 0, again.outcomes.first { $0.status == .refused }?.message ?? "")
        XCTAssertTrue(again.changes.isEmpty)
        let reexport = XLIFFExporter(project: after).export(locale: "en", scope: .all)
        XCTAssertEqual(reexport.document.files.flatMap(\.units).filter(\.translate).map(\.source),
                       edited.files.flatMap(\.units).filter(\.translate).map(\.target!), "the edited texts are the sources now")
    }

    // MARK: Pipelines

    /// The pipeline's import stage takes `"sourceEdits": true`; without it the stage fails.
    func testPipelineImportStageTakesSourceEdits() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let text = replacing("<target state=\"translated\">Headlines</target>", "<target state=\"translated\">Titles</target>", in: try exportEnglish(root))
        try Data(text.utf8).write(to: root.appendingPathComponent("en.xliff"))
        let refusing = root.appendingPathComponent("refusing.json")
        try Data(#"{"project":".","stages":[{"stage":"import","files":["en.xliff"]}]}"#.utf8).write(to: refusing)
        let refused = PipelineRunner().run(try Pipeline.read(contentsOf: refusing))
        XCTAssertEqual(refused.map(\.status), [.failed])
        XCTAssertTrue(refused[0].output.contains("import it with --source-edits"), refused[0].output)
        let file = root.appendingPathComponent("copy-edits.json")
        try Data(#"""
        {"project":".","stages":[
          {"stage":"import","files":["en.xliff"],"sourceEdits":true},
          {"stage":"export","scope":"missing","locales":["de"],"out":"out"}]}
        """#.utf8).write(to: file)
        let results = PipelineRunner().run(try Pipeline.read(contentsOf: file))
        XCTAssertEqual(results.map(\.status), [.passed, .passed], results.map(\.output).joined(separator: "\n"))
        XCTAssertTrue(results[0].output.contains("source edits: 1 source changed, 2 translations set to needs_review"), results[0].output)
        let german = try String(contentsOf: root.appendingPathComponent("out/de.xliff"), encoding: .utf8)
        XCTAssertTrue(german.contains("<source>Titles</source>"), german)

        // The export stage refuses the source language outside scope all, as the command does.
        let english = root.appendingPathComponent("english.json")
        try Data(#"{"project":".","stages":[{"stage":"export","scope":"missing","locales":["en"],"out":"out-en"}]}"#.utf8).write(to: english)
        let refusedExport = PipelineRunner().run(try Pipeline.read(contentsOf: english))
        XCTAssertEqual(refusedExport.map(\.status), [.failed])
        XCTAssertTrue(refusedExport[0].output.contains("'en' is the source language: export it for copy editors with scope all"), refusedExport[0].output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out-en").path))
    }
}
