import Foundation
import L10nKit
@testable import L10nCore
@testable import L10nExchange
@testable import L10nLocale
@testable import L10nProject
@testable import L10nTestSupport
import XCTest

/// `l10n pseudo` and `check --pseudo`: the text transform, the sample's round trip through
/// export and import, the real SDK catalog, and what the commands may write.
final class PseudoLocalizationTests: XCTestCase {
    /// The specifiers (and `%%`) of a text, in order, as `FormatString` reads them.
    private func formatTokens(_ text: String, substitution: SubstitutionArgument? = nil) -> [String] {
        FormatString(text, substitution: substitution).tokens.compactMap { token in
            switch token {
            case .literal: nil
            case .percentSign: "%%"
            case .specifier(let specifier): specifier.text
            }
        }
    }

    /// Asserts that `pseudo` keeps every specifier of `source` in order and that `FormatString`
    /// finds nothing to object to between them.
    private func assertKeepsPlaceholders(_ source: String, _ pseudo: String, substitution: SubstitutionArgument? = nil,
                                         _ context: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(formatTokens(pseudo, substitution: substitution), formatTokens(source, substitution: substitution),
                       "\(context): \(source) → \(pseudo)", file: file, line: line)
        let mismatches = FormatString.mismatches(source: FormatString(source, substitution: substitution),
                                                 translation: FormatString(pseudo, substitution: substitution))
        XCTAssertEqual(mismatches.map(\.message), [], "\(context): \(source) → \(pseudo)", file: file, line: line)
    }

    func testAccentedLettersAreOneColumnAndOneGraphemeEach() {
        let accented = PseudoText(styles: [.accented])
        XCTAssertEqual(accented.apply("Settings"), "Šéţţîñĝš")
        for letter in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" {
            let result = accented.apply(String(letter))
            XCTAssertNotEqual(result, String(letter), "\(letter) gets an accent")
            XCTAssertEqual(result.count, 1, "\(letter) → \(result) is one grapheme")
            XCTAssertEqual(TextWidth.columns(result), 1, "\(letter) → \(result) is one column")
        }
    }

    /// The default growth: +100% up to 10 columns, +40% up to 20, +30% beyond; the brackets count.
    /// Accenting over UTF-8 bytes gives what mapping every scalar gave (the oracle), for ASCII
    /// and for text with combining marks, CJK and emoji between the letters.
    func testAccentedLettersOverBytesEqualTheScalarMap() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("azAZmq09 _%@.-é漢👍🏽\u{301}ß\u{7F}".unicodeScalars)
        for length in 0..<2_000 {
            let text = String(String.UnicodeScalarView((0..<(length % 40)).map { _ in alphabet.randomElement(using: &generator)! }))
            let mapped = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
                scalar.value < 128 ? PseudoText.accents[scalar] ?? scalar : scalar
            }))
            XCTAssertEqual(Array(PseudoText.accentedLetters(text).utf8), Array(mapped.utf8), text.debugDescription)
        }
    }

    func testExpansionFollowsTheTextLength() {
        let text = PseudoText()
        XCTAssertEqual(text.apply("Settings"), "[Šéţţîñĝš······]")
        XCTAssertEqual(TextWidth.columns(text.apply("Settings")), 16)
        let fifteen = "Select a layer."                    // 15 columns: +40% → 21
        XCTAssertEqual(TextWidth.columns(text.apply(fifteen)), 21)
        let thirty = "Unsaved changes will be lost.."     // 30 columns: +30% → 39
        XCTAssertEqual(thirty.count, 30)
        XCTAssertEqual(TextWidth.columns(text.apply(thirty)), 39)
        XCTAssertEqual(TextWidth.columns(PseudoText(expansion: .percent(50)).apply("Settings")), 12)
        XCTAssertEqual(PseudoText(styles: [.accented, .bracketed]).apply("Settings"), "[Šéţţîñĝš]")
        XCTAssertEqual(PseudoExpansion(argument: "40%"), .percent(40))
        XCTAssertNil(PseudoExpansion(argument: "lots"))
        XCTAssertEqual(text.apply(""), "", "an empty value stays empty (empty-value judges it)")
    }

    func testPlaceholdersEscapesAndMarkupStayIntactAndInOrder() {
        let sources = [
            "%lld Page", "By %1$@ on %2$@", "^[%lld Page](inflect: true)", "Snap to 25% Steps", "100%% sure: %@",
            "%#@photos@ in %@", "Visit [our site](https://img.ly/docs) **now**", "Run `swift build` first",
            "Line one\nLine \"two\"\t%d", "%2$@ before %1$@", "%.1f%% done", "%1$#@items@",
        ]
        for styles in [PseudoStyle.defaults, [.bidi], PseudoStyle.allCases] {
            let text = PseudoText(styles: styles)
            for source in sources {
                let pseudo = text.apply(source)
                assertKeepsPlaceholders(source, pseudo, "\(styles)")
                if styles.contains(.bracketed) { XCTAssertNotEqual(pseudo, source) }
            }
            XCTAssertTrue(text.apply("^[%lld Page](inflect: true)").contains("](inflect: true)"))
            XCTAssertTrue(text.apply("Visit [our site](https://img.ly/docs)").contains("](https://img.ly/docs)"))
            XCTAssertTrue(text.apply("Run `swift build` first").contains("`swift build`"))
            XCTAssertTrue(text.apply("Line one\nLine \"two\"").contains("\n"))
        }
        // A substitution's variation: `%arg` is a specifier there.
        let argument = SubstitutionArgument(number: 1, formatSpecifier: "lld")
        assertKeepsPlaceholders("%arg photos", PseudoText().apply("%arg photos", substitution: argument), substitution: argument)
        XCTAssertTrue(PseudoText().apply("%arg photos", substitution: argument).hasPrefix("[%arg "))
    }

    /// What a program or SwiftUI reads stays as written: App Shortcuts' `${applicationName}`
    /// (a phrase without it is refused), HTML entities, autolinks and tags, and a code span
    /// closed by as many backticks. The text around them is accented; a `<` or `&` that opens
    /// nothing is text too.
    func testAppShortcutTokensEntitiesAutolinksAndCodeSpansStayIntact() {
        let text = PseudoText(styles: [.accented])
        XCTAssertEqual(text.apply("Open ${applicationName} with ${parameter}"), "Öþéñ ${applicationName} ŵîţĥ ${parameter}")
        XCTAssertEqual(text.apply("Tom &amp; Jerry &#x41;&#233;"), "Ţöɱ &amp; Ĵéŕŕý &#x41;&#233;")
        XCTAssertEqual(text.apply("See <https://img.ly/help>, <b>bold</b>"), "Šéé <https://img.ly/help>, <b>ƀöļđ</b>")
        XCTAssertEqual(text.apply("Run ``git `log` now`` to see"), "Ŕûñ ``git `log` now`` ţö šéé")
        XCTAssertEqual(text.apply("a < b & c; ${} $ {x}"), "å < ƀ & ç; ${} $ {ẋ}")
        for styles in [PseudoStyle.defaults, [.bidi]] {
            XCTAssertTrue(PseudoText(styles: styles).apply("Start ${applicationName}").contains("${applicationName}"), "\(styles)")
        }
    }

    func testBidiWrapsEveryWordInRightToLeftMarks() {
        let bidi = PseudoText(styles: [.bidi])
        XCTAssertEqual(bidi.apply("Crop %@"), "\u{200F}\u{202E}Crop\u{202C}\u{200F} %@")
        XCTAssertEqual(TextWidth.columns(bidi.apply("Crop and rotate")), TextWidth.columns("Crop and rotate"), "the marks take no room")
        XCTAssertEqual(PseudoLocalization(text: bidi).locale, "ar-XB")
        XCTAssertEqual(PseudoLocalization().locale, "en-XA")
    }

    /// The sample's pseudo-locale, exported and imported into a scratch copy: every value the
    /// import wrote parses with the same specifiers as its source, plural variations have every
    /// category of en-XA, the SDK keys land in the app's editor catalog, and a second import
    /// changes nothing.
    func testSampleRoundTripsThroughExportAndImportWithEveryPlaceholderIntact() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let out = try Fixtures.temporaryFolder(self)
        let made = CLIRun(["pseudo", "--project", root.path, "--xliff", "--out", out.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertEqual(made.stdout, "wrote \(out.path)/en-XA.xliff: 126 units of pseudo-locale en-XA\n")
        let xliff = out.appendingPathComponent("en-XA.xliff")
        let document = try XLIFFReader().read(contentsOf: xliff)
        XCTAssertEqual(document.allUnits.filter { $0.unit.target != nil }.count, 125, "every unit but Brand Studio (translate=no), the onboarding storyboard's 10 texts included; MyBrand, which no device reads, is left out")
        for (_, unit) in document.allUnits where unit.target != nil {
            assertKeepsPlaceholders(unit.source, unit.target!, unit.id)
        }

        let imported = CLIRun(["import", xliff.path, "--project", root.path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("126 units: 125 applied, 0 unchanged, 1 skipped"), imported.stdout)

        let project = try ProjectDiscovery(root: root).discover()
        let units = CatalogUnits(locale: "en-XA")
        var checked = 0
        let ignored = Set(project.ignoredCatalogs.map(\.path))
        for file in project.catalogs where !ProjectDiscovery.isVendorPath(file.path) && !ignored.contains(file.path) {
            for (key, entry) in file.catalog.entries where entry.shouldTranslate != false {
                for unit in units.units(key: key, entry: entry, sourceLanguage: file.catalog.sourceLanguage) {
                    let value = try XCTUnwrap(file.catalog.stringUnit(key: key, locale: "en-XA", path: unit.path), "\(file.path): \(unit.id)")
                    XCTAssertEqual(value.state, .translated)
                    assertKeepsPlaceholders(unit.sourceValue, value.value, substitution: unit.sourceSubstitution, "\(file.path): \(unit.id)")
                    checked += 1
                }
            }
        }
        // IMGLYEditor: 25 entries + 70 SDK keys copied, pages_mode as one/other (96); Localizable:
        // 12 translatable, drafts as one/other (13). MyBrand is never read; the onboarding table is .strings.
        XCTAssertEqual(checked, 96 + 13)
        XCTAssertNil(project.catalog(atPath: "BrandedEditor/MyBrand.xcstrings")?.catalog.locales.first { $0 == "en-XA" })
        let localizable = try XCTUnwrap(project.catalog(atPath: "BrandedEditor/Localizable.xcstrings")).catalog
        XCTAssertEqual(localizable.stringUnit(key: "%lld drafts", locale: "en-XA", path: ["plural", "one"])?.value, "[%lld đŕåƒţ······]")
        XCTAssertEqual(localizable.stringUnit(key: "%lld drafts", locale: "en-XA", path: ["plural", "other"])?.value, "[%lld đŕåƒţš·······]")
        let editor = try XCTUnwrap(project.catalog(atPath: "BrandedEditor/IMGLYEditor.xcstrings")).catalog
        XCTAssertEqual(editor.stringUnit(key: "ly_img_editor_asset_library_label_credits_artist_on_source %@ %@", locale: "en-XA")?.value,
                       "[Ɓý %1$@ öñ %2$@···]")
        let onboarding = try String(contentsOf: root.appendingPathComponent("OnboardingKit/en-XA.lproj/Localizable.strings"), encoding: .utf8)
        XCTAssertTrue(onboarding.contains("= \"["), onboarding)
        // The storyboard's texts go to en-XA.lproj/Onboarding.strings, in ibtool's layout.
        let storyboard = try String(contentsOf: root.appendingPathComponent("OnboardingKit/en-XA.lproj/Onboarding.strings"), encoding: .utf8)
        XCTAssertTrue(storyboard.hasPrefix("\n/* Class = \"UILabel\"; text = \"Your photos\"; ObjectID = \"Hd3-pQ-w1L\"; */\n\"Hd3-pQ-w1L.text\" = \"["), storyboard)
        XCTAssertEqual(try StringsReader.parse(Data(storyboard.utf8), path: "Onboarding.strings").entries.count, 10)

        let again = CLIRun(["import", xliff.path, "--project", root.path])
        XCTAssertTrue(again.stdout.contains("126 units: 0 applied, 125 unchanged"), again.stdout)
    }

    func testPseudoXLIFFGolden() throws {
        let project = try ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover()
        let export = PseudoLocalization().export(project)
        LegacyGolden.assertMatches(try XLIFFWriter(tool: ExchangeFixtures.tool).data(export.document), "pseudo/BrandedEditor.en-XA.xliff")
        let bidi = PseudoLocalization(text: PseudoText(styles: [.bidi])).export(project)
        LegacyGolden.assertMatches(try XLIFFWriter(tool: ExchangeFixtures.tool).data(bidi.document), "pseudo/BrandedEditor.ar-XB.xliff")
        // ar-XB has Arabic's six plural categories.
        let cases = bidi.document.allUnits.map(\.unit.id).filter { $0.hasPrefix("%lld drafts|==|plural.") }
        XCTAssertEqual(cases, ["few", "many", "one", "other", "two", "zero"].map { "%lld drafts|==|plural.\($0)" })
    }

    /// The pseudo-locale's context takes the base context's storyboard scans: they equal a
    /// fresh scan of the pseudo-locale's copy.
    func testPseudoContextTakesTheBaseScans() throws {
        let project = try ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover()
        let base = try CheckContext(project: project)
        let pseudo = PseudoLocalization()
        let copy = pseudo.applied(to: project)
        let taken = try CheckContext(project: copy, locales: [pseudo.locale], keysOf: base)
        let fresh = try CheckContext(project: copy, locales: [pseudo.locale])
        XCTAssertFalse(fresh.interfaceDocuments.isEmpty, "the sample has a storyboard")
        XCTAssertEqual(taken.interfaceDocuments, fresh.interfaceDocuments)
        XCTAssertEqual(taken.chainKeys, fresh.chainKeys)
    }

    /// `--out` writes the changed catalogs and tables into another folder; the project keeps its bytes.
    func testOutWritesCatalogsElsewhereAndNeverIntoTheProject() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let before = try ExchangeFixtures.snapshot(root)
        let out = try Fixtures.temporaryFolder(self).appendingPathComponent("pseudo")
        let result = CLIRun(["pseudo", "--project", root.path, "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before, "the project is unchanged")
        XCTAssertEqual(try ExchangeFixtures.snapshot(out).keys.sorted(), [
            "BrandedEditor/IMGLYEditor.xcstrings", "BrandedEditor/Localizable.xcstrings",
            "OnboardingKit/en-XA.lproj/Localizable.strings", "OnboardingKit/en-XA.lproj/Onboarding.strings",
        ])
        let catalog = try StringCatalogReader.read(contentsOf: out.appendingPathComponent("BrandedEditor/Localizable.xcstrings"))
        XCTAssertEqual(catalog.stringUnit(key: "ly_img_editor_dock_button_stickers", locale: "en-XA")?.value, "[Šţîçķéŕ Þåçķš····]")
        XCTAssertEqual(catalog.stringUnit(key: "ly_img_editor_dock_button_stickers", locale: "de")?.value, "Aufklebersammlung", "other locales kept")

        // --write changes the project, and a second --write changes nothing.
        let written = CLIRun(["pseudo", "--project", root.path, "--write"])
        XCTAssertEqual(written.status, 0, written.stderr)
        let after = try ExchangeFixtures.snapshot(root)
        for (path, data) in try ExchangeFixtures.snapshot(out) { XCTAssertEqual(after[path], data, path) }
        let second = CLIRun(["pseudo", "--project", root.path, "--write"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), after)
    }

    /// `--out` (and `--xliff`) read the project while a live import holds the files of its
    /// journal: they wait for it up to `--lock-timeout`, naming the holder and the option. The
    /// option was ignored: they waited up to 60 s, in silence.
    func testOutWaitsForAWritingRunUpToTheLockTimeout() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let catalog = root.appendingPathComponent("BrandedEditor/Localizable.xcstrings")
        var live = FileTransaction(root: root, changes: [FileTransaction.Change(url: catalog, data: try Data(contentsOf: catalog))])
        live.failingRename = 0
        live.keepsStateOnFailure = true
        XCTAssertThrowsError(try live.commit())
        let lock = try FileLock(for: catalog, timeout: 1)
        DispatchQueue.global().asyncAfter(deadline: .now() + 3) { lock.release() }
        let out = try Fixtures.temporaryFolder(self).appendingPathComponent("pseudo")
        for arguments in [["--out", out.path], ["--xliff", "--out", out.path]] {
            let result = CLIRun(["pseudo", "--project", root.path, "--lock-timeout", "0.3"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr) \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("Localizable.xcstrings (up to 0.3 s, --lock-timeout)"), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("still holds the file after 0.3 s"), "\(arguments): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing written")
        }
    }

    func testBadArgumentsExit2AndWriteNothing() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let before = try ExchangeFixtures.snapshot(root)
        for (arguments, message) in [
            (["--style", "wavy", "--write"], "unknown style 'wavy'"),
            (["--expansion", "lots", "--write"], "--expansion takes auto"),
            (["--locale", "en_XA!", "--write"], "--locale"),
            ([String](), "say where the pseudo-locale goes"),
            (["--write", "--xliff"], "does not go with"),
            // A language the sample lacks: its new it.lproj folders would show Italian devices pseudo text.
            (["--write", "--locale", "it"], "'it' is a language devices choose"),
        ] {
            let result = CLIRun(["pseudo", "--project", root.path] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try ExchangeFixtures.snapshot(root), before)
    }

    /// `check --pseudo` on the sample: the dock, inspector-bar and navigation-bar labels that
    /// overflow once they grow like a long language (none of them overflows in English).
    func testCheckPseudoListsTheLabelsThatOverflow() throws {
        let result = CLIRun(["check", "--pseudo", "--project", "Samples/BrandedEditor", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try JSONReader.parse(Data(result.stdout.utf8), file: "check.json")
        guard case .array(let findings)? = document["findings"] else { return XCTFail(result.stdout) }
        XCTAssertEqual(document["checks"], .array([.string("width")]))
        XCTAssertEqual(findings.compactMap { $0["key"]?.stringValue }.sorted(), [
            "ly_img_editor_dock_button_elements", "ly_img_editor_dock_button_images", "ly_img_editor_dock_button_overlays",
            "ly_img_editor_dock_button_stickers", "ly_img_editor_dock_button_text",
            "ly_img_editor_inspector_bar_button_fill_and_stroke", "ly_img_editor_inspector_bar_button_select_group",
            "ly_img_editor_inspector_bar_button_text_background",
            "ly_img_editor_navigation_bar_button_toggle_pages_mode", "ly_img_editor_navigation_bar_button_toggle_preview_mode",
        ])
        XCTAssertEqual(Set(findings.compactMap { $0["locale"]?.stringValue }), ["en-XA"])
        let stickers = try XCTUnwrap(findings.first { $0["key"]?.stringValue == "ly_img_editor_dock_button_stickers" })
        XCTAssertEqual(stickers["message"]?.stringValue, "'[Šţîçķéŕ Þåçķš····]' is 19 columns wide; the dock has 14: en-XA devices see it truncated")
        XCTAssertEqual(stickers["file"]?.stringValue, "Samples/BrandedEditor/BrandedEditor/Localizable.xcstrings")
        guard case .number(let line)? = stickers["line"], Int(line)! > 1 else { return XCTFail("located at the key: \(stickers)") }
        // The SDK's own labels are reported at the SDK catalog, where a team overrides them from.
        let overlays = try XCTUnwrap(findings.first { $0["key"]?.stringValue == "ly_img_editor_dock_button_overlays" })
        XCTAssertEqual(overlays["file"]?.stringValue, "Samples/BrandedEditor/Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings")
        // The report shows them as their own part, without failing on them.
        let report = try ReportJob().run(on: ProjectDiscovery(root: Fixtures.sample("BrandedEditor")).discover())
        XCTAssertEqual(report.pseudoWidth?.locale, "en-XA")
        XCTAssertEqual(report.pseudoWidth?.findings.count, 10)
        XCTAssertFalse(report.findings.findings.contains { $0.locale == "en-XA" }, "the forecast is not among the release's findings")
    }

    /// The real CE.SDK catalog (545 keys): every unit's pseudo value keeps its placeholders, in
    /// en-XA and in ar-XB (whose plural entries get all six Arabic categories).
    func testRealSDKCatalogKeepsEveryPlaceholder() throws {
        let catalog = try StringCatalogReader.read(contentsOf: Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        var realFiles = [catalog]
        for url in try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings") {
            realFiles.append(try StringCatalogReader.read(contentsOf: url))
        }
        var plurals = 0, units = 0
        for localization in [PseudoLocalization(), PseudoLocalization(text: PseudoText(styles: PseudoStyle.allCases))] {
            let unitsOf = CatalogUnits(locale: localization.locale)
            for catalog in realFiles {
                for (key, entry) in catalog.entries where entry.shouldTranslate != false {
                    for unit in unitsOf.units(key: key, entry: entry, sourceLanguage: catalog.sourceLanguage) {
                        let pseudo = localization.text.apply(unit.sourceValue, substitution: unit.sourceSubstitution)
                        assertKeepsPlaceholders(unit.sourceValue, pseudo, substitution: unit.sourceSubstitution, "\(localization.locale) \(unit.id)")
                        units += 1
                        if localization.locale == "ar-XB", unit.isPluralCase, unit.path.components.last == "few" { plurals += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(units, 2 * 545)
        XCTAssertGreaterThan(plurals, 0, "Arabic's few is made for the real plural entries")
    }

    /// `check --pseudo` checks en-XA's widths only: a locale or check selection is refused, not ignored.
    func testCheckPseudoRefusesLocaleAndCheckSelections() {
        for extra in [["--locale", "de"], ["--only", "width"], ["--skip", "width"]] {
            let run = CLIRun(["check", "--pseudo", "--project", Fixtures.sample("BrandedEditor").path] + extra)
            XCTAssertEqual(run.status, 2, extra.joined(separator: " "))
            XCTAssertTrue(run.stderr.contains("--pseudo runs the width check on the pseudo-locale en-XA only"), run.stderr)
        }
    }

    /// `PseudoText.pieces` as it was before labels without `%`, `]` or `` ` `` became one piece
    /// at once: every text went through its UTF-16 units (code spans since closed by a run of as
    /// many backticks, as CommonMark closes them).
    private func referencePieces(of text: String, substitution: SubstitutionArgument?) -> [PseudoText.Piece] {
        var kept = [Bool](repeating: false, count: text.utf16.count)
        let units = Array(text.utf16)
        if units.contains(UInt16(UInt8(ascii: "%"))) {
            var offset = 0
            for token in FormatString(text, substitution: substitution).tokens {
                let length: Int
                switch token {
                case .literal(let literal): length = literal.utf16.count
                case .percentSign: length = 2
                case .specifier(let specifier): length = specifier.text.utf16.count
                }
                if case .literal = token {} else {
                    for index in offset..<min(offset + length, kept.count) { kept[index] = true }
                }
                offset += length
            }
        }
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit == UInt16(UInt8(ascii: "]")), index + 1 < units.count, units[index + 1] == UInt16(UInt8(ascii: "(")),
               let close = units[(index + 2)...].firstIndex(of: UInt16(UInt8(ascii: ")"))) {
                for position in (index + 1)...close { kept[position] = true }
                index = close + 1
                continue
            }
            if unit == UInt16(UInt8(ascii: "`")) {
                // Closed by a run of as many backticks, else the run is text.
                let run = units[index...].prefix { $0 == unit }.count
                var search = index + run, end: Int?
                while search < units.count, end == nil {
                    let closing = units[search...].prefix { $0 == unit }.count
                    if closing == run { end = search + run - 1 } else { search += max(closing, 1) }
                }
                if let end { for position in index...end { kept[position] = true } }
                index = (end ?? index + run - 1) + 1
                continue
            }
            index += 1
        }
        var pieces: [PseudoText.Piece] = []
        var start = 0
        while start < units.count {
            var end = start
            while end < units.count && kept[end] == kept[start] { end += 1 }
            let part = String(decoding: units[start..<end], as: UTF16.self)
            pieces.append(kept[start] ? .kept(part) : .text(part))
            start = end
        }
        return pieces
    }

    func testPiecesEqualTheUTF16Walk() {
        let parts = ["Save", " ", "é", "e\u{301}", "日本", "😀", "%@", "%1$lld", "%%", "%arg", "%#@count@", "% d", "%ü", "](https://x)", "[", "]", "(", ")", "`code`", "`", "\n", ""]
        var random = SeededRandom(seed: 3)
        for _ in 0..<10_000 {
            let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in parts.randomElement(using: &random)! }.joined()
            let pieces = PseudoText.pieces(of: text, substitution: nil)
            let expected = referencePieces(of: text, substitution: nil)
            XCTAssertEqual(pieces.count, expected.count, text.debugDescription)
            for (piece, reference) in zip(pieces, expected) {
                switch (piece, reference) {
                case (.kept(let a), .kept(let b)), (.text(let a), .text(let b)):
                    XCTAssertEqual(Array(a.utf8), Array(b.utf8), text.debugDescription)
                default:
                    XCTFail("\(piece) against \(reference) in \(text.debugDescription)")
                }
            }
        }
    }
}
