import Foundation
import L10nKit
import XCTest

/// Each import rule on its own, on a small project (`ExchangeFixtures.importProject`).
final class ImportRuleTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = try ExchangeFixtures.importProject(self)
    }

    private func unit(_ id: String, _ source: String, _ target: String?, _ state: XLIFFTargetState? = .translated, translate: Bool = true) -> TransUnit {
        TransUnit(id: id, translate: translate, source: source, target: target, targetState: target == nil ? nil : state)
    }

    private func outcome(_ units: [TransUnit], locale: String = "de", original: String = "App/Localizable.xcstrings") throws -> [ImportUnitOutcome] {
        try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(original: original, target: locale, units)]).outcomes
    }

    private func catalog(_ plan: ImportPlan, _ path: String = "App/Localizable.xcstrings") throws -> StringCatalog {
        let data = try XCTUnwrap(plan.changes.first { $0.path == path }?.data, "\(path) is not written")
        return try StringCatalogReader.read(data, file: path)
    }

    // MARK: States

    func testStateMapping() throws {
        let table: [(XLIFFTargetState?, ImportUnitOutcome.Status, String?)] = [
            (.translated, .applied, "translated"), (.final, .applied, "translated"), (.signedOff, .applied, "translated"),
            (nil, .applied, "translated"),
            (.needsReviewTranslation, .applied, "needs_review"), (.needsReviewL10n, .applied, "needs_review"),
            (.needsReviewAdaptation, .applied, "needs_review"),
            (.new, .skipped, nil), (.needsTranslation, .skipped, nil), (.needsL10n, .skipped, nil), (.needsAdaptation, .skipped, nil),
            (.custom("x-pending"), .refused, nil),
        ]
        for (state, status, catalogState) in table {
            let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff([unit("Greeting", "Hello", "Guten Tag", state)])])
            let result = try XCTUnwrap(plan.outcomes.first)
            XCTAssertEqual(result.status, status, "\(String(describing: state))")
            XCTAssertEqual(result.newState, catalogState, "\(String(describing: state))")
            XCTAssertEqual(result.xliffState, state?.rawValue)
            if status == .applied {
                let unit = try catalog(plan).stringUnit(key: "Greeting", locale: "de")
                XCTAssertEqual(unit?.value, "Guten Tag")
                XCTAssertEqual(unit?.state.rawValue, catalogState)
            } else {
                XCTAssertTrue(plan.changes.isEmpty)
            }
        }
        XCTAssertEqual(try outcome([unit("Greeting", "Hello", "Guten Tag", .new)]).first?.reason, .notTranslated)
        XCTAssertEqual(try outcome([unit("Greeting", "Hello", "Guten Tag", .custom("x-pending"))]).first?.reason, .unknownState)
        let noTarget = try outcome([unit("Greeting", "Hello", nil)]).first
        XCTAssertEqual(noTarget?.status, .skipped)
        XCTAssertEqual(noTarget?.reason, .noTarget)
    }

    /// Exported states come back unchanged: `stale` went out as needs-review-translation.
    func testExportedStateComesBackUnchanged() throws {
        let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(target: "ru", [unit("Greeting", "Hello", "Привет", .needsReviewTranslation)])])
        XCTAssertEqual(plan.outcomes.first?.status, .unchanged)
        XCTAssertTrue(plan.changes.isEmpty)
        let approved = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(target: "ru", [unit("Greeting", "Hello", "Привет", .signedOff)])])
        XCTAssertEqual(approved.outcomes.first?.status, .applied)
        XCTAssertEqual(approved.outcomes.first?.oldState, "stale")
        XCTAssertEqual(try catalog(approved).stringUnit(key: "Greeting", locale: "ru")?.state, .translated)
    }

    func testDoNotTranslateIsSkipped() throws {
        let results = try outcome([
            unit("Greeting", "Hello", "Guten Tag", translate: false),
            unit("Trademark", "Trademark™", "Marke"),
        ])
        XCTAssertEqual(results.map(\.status), [.skipped, .skipped])
        XCTAssertEqual(results.map(\.reason), [.doNotTranslate, .doNotTranslate])
    }

    // MARK: Sources and placeholders

    func testStaleSourceIsRefusedWithBothTexts() throws {
        let result = try XCTUnwrap(outcome([unit("Greeting", "Hi", "Servus")]).first)
        XCTAssertEqual(result.status, .refused)
        XCTAssertEqual(result.reason, .staleSource)
        XCTAssertEqual(result.message, "the source changed since the export: the file has \"Hi\", the project now has \"Hello\"")
    }

    /// Xcode's positional source and the catalog's own text both match.
    func testPositionalAndCatalogSourcesBothMatch() throws {
        let results = try outcome([unit("Key as source %@ / %@", "Key as source %1$@ / %2$@", "Schlüssel %1$@ / %2$@")])
        XCTAssertEqual(results.first?.status, .applied)
        let other = try outcome([unit("Key as source %@ / %@", "Key as source %@ / %@", "Schlüssel %@ / %@")])
        XCTAssertEqual(other.first?.status, .applied)
    }

    /// A placeholder mismatch (a changed type) refuses its unit; the others are applied and the run exits 1.
    func testPlaceholderMismatchRefusesOnlyItsUnit() throws {
        let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff([
            unit("Tap %@|==|device.iphone", "Tap %@", "Tippen %lld"),
            unit("Greeting", "Hello", "Guten Tag"),
            unit("%lld items|==|plural.other", "%lld items", "%d Elemente"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.refused, .applied, .applied])
        XCTAssertEqual(plan.outcomes[0].reason, .placeholderMismatch)
        XCTAssertEqual(plan.outcomes[0].rule, "placeholder-mismatch")
        XCTAssertEqual(plan.outcomes[0].message, "argument 1 is %lld (long long) in the translation but %@ (object) in the source")
        XCTAssertTrue(plan.outcomes[2].message?.hasPrefix("warning (placeholder-warning): argument 1 is %d") ?? false, plan.outcomes[2].message ?? "")
        XCTAssertEqual(plan.outcomes[2].rules, ["placeholder-warning", "apply"])
        XCTAssertTrue(plan.hasRefusals)
        let written = try catalog(plan)
        XCTAssertEqual(written.stringUnit(key: "Greeting", locale: "de")?.value, "Guten Tag")
        XCTAssertNil(written.stringUnit(key: "Tap %@", locale: "de", path: ["device", "iphone"]))
    }

    /// Issue 10's correct translations from real returned files, refused before: `%` followed by
    /// a space is text, so these sources are no format strings and every `%` of their
    /// translations is text. Xcode's positional rewrite of that text (`50 %1$ und`, which a
    /// device would show literally) is undone in the value written, and the verdict says so. A
    /// dropped argument is applied with a warning: the app shows it without crashing.
    func testRealWorldPercentTextAndDroppedArgumentsAreApplied() throws {
        let damage = "Inflicts damage between 50% and 150% of the base value"
        let root = try ExchangeFixtures.project(self, files: [
            "App/Info.plist": ExampleFile.infoPlist(declared: ["en", "de"]).data,
            "App/Localizable.xcstrings": ExampleFile.catalog([
                "damage": ["en": damage], "snap": ["en": "Snap to 25% Steps"], "Use %@ as menu icon": ["en": "Use %@ as menu icon"],
            ]).data,
        ])
        let units = [
            // The source as a tool that counted `% a` and `% o` as specifiers positionalized it.
            unit("damage", "Inflicts damage between 50%1$ and 150%2$ of the base value", "Fügt Schaden zwischen 50 %1$ und 150 %2$ des Grundwerts zu"),
            unit("snap", "Snap to 25% Steps", "In 25 %-Schritten einrasten"),
            unit("Use %@ as menu icon", "Use %@ as menu icon", "Als Menüsymbol verwenden"),
        ]
        let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(units)])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .applied])
        XCTAssertFalse(plan.hasRefusals)
        XCTAssertEqual(plan.outcomes.map(\.rules), [["percent-text", "apply"], ["apply"], ["placeholder-warning", "apply"]])
        XCTAssertEqual(plan.outcomes[0].newValue, "Fügt Schaden zwischen 50 % und 150 % des Grundwerts zu")
        XCTAssertEqual(plan.outcomes[0].message,
                       "note (percent-text): \"Fügt Schaden zwischen 50 %1$ und 150 %2$ des Grundwerts zu\" carries a positional rewrite of a '%' that is text, which a device would show literally; wrote \"Fügt Schaden zwischen 50 % und 150 % des Grundwerts zu\"")
        XCTAssertNil(plan.outcomes[1].message)
        XCTAssertEqual(plan.outcomes[2].message, "warning (placeholder-warning): the translation does not use argument 1 (%@ in the source)")
        let written = try catalog(plan)
        XCTAssertEqual(written.stringUnit(key: "damage", locale: "de")?.value, "Fügt Schaden zwischen 50 % und 150 % des Grundwerts zu")
        XCTAssertEqual(written.stringUnit(key: "snap", locale: "de")?.value, "In 25 %-Schritten einrasten")
        XCTAssertEqual(written.stringUnit(key: "Use %@ as menu icon", locale: "de")?.value, "Als Menüsymbol verwenden")

        // The check agrees: no placeholder-mismatch error for any of them, a warning for the dropped %@.
        try plan.write()
        let findings = try CheckJob(options: CheckOptions(only: ["placeholder-mismatch"])).run(on: ProjectDiscovery(root: root).discover()).findings
        XCTAssertEqual(findings.map(\.severity), [.warning])
        XCTAssertEqual(findings.map(\.key), ["Use %@ as menu icon"])

        // The same file again writes nothing: the undone rewrite is the value the project has.
        let again = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(units)])
        XCTAssertEqual(again.outcomes.map(\.status), [.unchanged, .unchanged, .unchanged])
        XCTAssertTrue(again.changes.isEmpty)
    }

    /// A plural case may say its count in words.
    func testPluralCaseMayOmitItsCount() throws {
        let results = try outcome([
            unit("%lld items|==|plural.one", "%lld item", "Ein Element"),
            unit("one_substitution|==|substitutions.strings.plural.one", "%2$lld string", "eine Zeichenkette"),
        ])
        XCTAssertEqual(results.map(\.status), [.applied, .applied])
    }

    /// In a substitution's variation the exported `%2$lld` goes back to the catalog as `%arg`,
    /// and the German substitution is created with the source's argNum and formatSpecifier.
    func testSubstitutionArgumentReturnsAsArg() throws {
        let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff([
            unit("one_substitution", "This %1$@ has %2$#@strings@.", "Dieses %1$@ hat %2$#@strings@."),
            unit("one_substitution|==|substitutions.strings.plural.one", "%2$lld string", "%2$lld Zeichenkette"),
            unit("one_substitution|==|substitutions.strings.plural.other", "%2$lld strings", "%2$lld Zeichenketten"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .applied])
        let german = try XCTUnwrap(try catalog(plan).entries["one_substitution"]?.localizations?["de"])
        XCTAssertEqual(german.stringUnit?.value, "Dieses %1$@ hat %2$#@strings@.")
        XCTAssertEqual(german.substitutions?["strings"]?.argNum, 2)
        XCTAssertEqual(german.substitutions?["strings"]?.formatSpecifier, "lld")
        XCTAssertEqual(german.stringUnit(at: ["substitutions", "strings", "plural", "one"])?.value, "%arg Zeichenkette")
        XCTAssertEqual(german.stringUnit(at: ["substitutions", "strings", "plural", "other"])?.value, "%arg Zeichenketten")
    }

    /// A translator file that fills a substitution string's main unit but none of its forms
    /// (swift-translate's PluralTest catalog): written alone it would use `%#@strings@` with no
    /// German substitution, which Xcode refuses to build. It is refused; with a form it applies.
    func testAMainUnitWithoutItsSubstitutionsFormsIsRefused() throws {
        let main = unit("one_substitution", "This %1$@ has %2$#@strings@.", "Dieses %1$@ hat %2$#@strings@.")
        let alone = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff([
            main, unit("one_substitution|==|substitutions.strings.plural.one", "%2$lld string", nil),
            // A form in an unfinished state is skipped too: it brings nothing (the review's case).
            unit("one_substitution|==|substitutions.strings.plural.other", "%2$lld strings", "Zeichenketten", .new),
        ])])
        XCTAssertEqual(alone.outcomes.map(\.status), [.refused, .skipped, .skipped])
        XCTAssertEqual(alone.outcomes.first?.reason, .placeholderMismatch)
        XCTAssertTrue(alone.outcomes.first?.message?.contains("uses the substitution 'strings' (%#@strings@), which 'de' does not define yet") ?? false,
                      alone.outcomes.first?.message ?? "")
        XCTAssertTrue(alone.changes.isEmpty)
        // The forms later in the same file: the main unit applies (forms may follow it, as Xcode orders them).
        let withForm = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff([
            main, unit("one_substitution|==|substitutions.strings.plural.other", "%2$lld strings", "%2$lld Zeichenketten"),
        ])])
        XCTAssertEqual(withForm.outcomes.map(\.status), [.applied, .applied])
        // Anywhere in the file: a hand-made file may bring the form first.
        let formFirst = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff([
            unit("one_substitution|==|substitutions.strings.plural.other", "%2$lld strings", "%2$lld Zeichenketten"),
            unit("Greeting", "Hello", "Hallo"), main,
        ])])
        XCTAssertEqual(formFirst.outcomes.map(\.status), [.applied, .applied, .applied])
        // Once German defines the substitution, the main unit may come alone.
        try withForm.write()
        let later = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff([
            unit("one_substitution", "This %1$@ has %2$#@strings@.", "Hier: %1$@ hat %2$#@strings@."),
        ])])
        XCTAssertEqual(later.outcomes.map(\.status), [.applied])
    }

    /// An App Shortcuts catalog (pitstop-app's, cut down): a phrase set (`stringSet`) has no XLIFF
    /// unit. The export left it as a missing unit whose source is the key, and importing a
    /// translation of that unit wrote a plain value beside the set; now neither happens.
    func testAppShortcutsPhraseSetsAreNotExchanged() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Shortcuts", isDirectory: true)
        let catalog = """
        {
          "sourceLanguage" : "pt-BR",
          "strings" : {
            "Atualizar KM no ${applicationName}" : {
              "localizations" : {
                "en" : {
                  "stringSet" : {
                    "state" : "translated",
                    "values" : [
                      "Update KM in ${applicationName}"
                    ]
                  }
                },
                "pt-BR" : {
                  "stringSet" : {
                    "state" : "new",
                    "values" : [
                      "Atualizar KM no ${applicationName}",
                      "Mudar o KM no ${applicationName}"
                    ]
                  }
                }
              }
            }
          },
          "version" : "1.1"
        }
        """
        try CheckExample("", files: ["App/Info.plist": .infoPlist(declared: ["pt-BR", "en", "de"]),
                                     "App/AppShortcuts.xcstrings": .text(catalog)]).write(to: root)
        for scope in ["missing", "all"] {
            let export = CLIRun(["export", "--xliff", "--locale", "de", "--scope", scope, "--out", "out-\(scope)", "--project", "."], in: root)
            XCTAssertEqual(export.status, 0, export.stderr)
            XCTAssertTrue(export.stdout.contains("nothing to export"), export.stdout)
        }
        let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(original: "App/AppShortcuts.xcstrings", source: "pt-BR", target: "en", [
            unit("Atualizar KM no ${applicationName}", "Atualizar KM no ${applicationName}", "Update mileage in ${applicationName}"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.reason), [.unknownID])
        XCTAssertTrue(plan.outcomes[0].message?.contains("is an App Shortcuts phrase set (stringSet), which XLIFF does not carry") ?? false,
                      plan.outcomes[0].message ?? "")
        XCTAssertTrue(plan.changes.isEmpty)
    }

    /// Xcode 6 to 9 wrote a `.strings` key as the file spells it in the unit id (a real Xcode 6.4
    /// export: `id="Allowing SpaxTel\naccess to contacts"`, its `<source>` on two lines; Xcode
    /// 9.4's `A \"fair\" mode`). The unit was refused as unknown-id; it names the key the file holds.
    func testLegacyEscapedStringsIDsNameTheirKey() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Legacy", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": .infoPlist(declared: ["en", "fr"]),
            "App/en.lproj/Localizable.strings": .text("\"Allowing SpaxTel\\naccess to contacts\" = \"Allowing SpaxTel\\naccess to contacts\";\n"
                                                      + "\"A \\\"fair\\\" mode\" = \"A \\\"fair\\\" mode\";\n"),
        ]).write(to: root)
        let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(original: "App/en.lproj/Localizable.strings", target: "fr", [
            unit("Allowing SpaxTel\\naccess to contacts", "Allowing SpaxTel\naccess to contacts", "SpaxTel permettant\nl'accès aux contacts"),
            unit("A \\\"fair\\\" mode", "A \"fair\" mode", "Un mode « juste »"),
            unit("No \\n such key", "No \n such key", "Non"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .refused])
        XCTAssertEqual(plan.outcomes.map(\.key), ["Allowing SpaxTel\naccess to contacts", "A \"fair\" mode", "No \\n such key"])
        let written = try StringsReader.parse(XCTUnwrap(plan.changes.first?.data), path: "fr")
        XCTAssertEqual(written.value(forKey: "Allowing SpaxTel\naccess to contacts"), "SpaxTel permettant\nl'accès aux contacts")
        XCTAssertEqual(written.value(forKey: "A \"fair\" mode"), "Un mode « juste »")
    }

    /// A key whose text holds the variation separator (`ambiguous|==|plural.one`) is exported
    /// under its own text; the import read that id as a variation of a key the catalog lacks and
    /// refused l10n's own export. It is the literal key when the catalog has no other.
    func testAKeyHoldingTheVariationSeparatorRoundTrips() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Literal", isDirectory: true)
        try CheckExample("", files: [
            "App/Info.plist": .infoPlist(declared: ["en", "fr"]),
            "App/Localizable.xcstrings": .catalog(["ambiguous|==|plural.one": ["en": "ambiguous", "fr": "ambigu"]]),
        ]).write(to: root)
        let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(target: "fr", [
            unit("ambiguous|==|plural.one", "ambiguous", "équivoque"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied])
        XCTAssertEqual(try catalog(plan).stringUnit(key: "ambiguous|==|plural.one", locale: "fr")?.value, "équivoque")
    }

    /// A value equal to the current one in positional form keeps the catalog's own text.
    func testEquivalentPositionalTargetIsUnchanged() throws {
        let first = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff([unit("Key as source %@ / %@", "Key as source %@ / %@", "%@ / %@ (de)")])])
        try first.write()
        let second = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff([unit("Key as source %@ / %@", "Key as source %1$@ / %2$@", "%1$@ / %2$@ (de)")])])
        XCTAssertEqual(second.outcomes.first?.status, .unchanged)
        XCTAssertEqual(second.outcomes.first?.newValue, "%@ / %@ (de)")
        XCTAssertTrue(second.changes.isEmpty)
    }

    // MARK: Ids

    /// Apple (WWDC23 "Discover String Catalogs"): "translation tools are also able to vary a string
    /// that wasn't previously varied by replacing the translation units in the XLIFF with the
    /// desired variation structure". Device units for a key-as-source entry, plural units for a
    /// plain one (which drop the locale's plain value); a case the locale does not use, a device
    /// Xcode does not know, or a second kind beside the locale's own are still unknown.
    func testATranslatorMayVaryAStringTheSourceDoesNot() throws {
        let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff([
            unit("Greeting|==|device.applewatch", "Hello", "Hi"),
            unit("Greeting|==|device.other", "Hello", "Hallo"),
            unit("Greeting|==|plural.one", "Hello", "Hallo"),
            unit("Greeting|==|device.toaster", "Hello", "Hallo"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .refused, .refused])
        let german = try XCTUnwrap(try catalog(plan).entries["Greeting"]?.localizations?["de"])
        XCTAssertNil(german.stringUnit, "the variations replace the plain value")
        XCTAssertEqual(german.stringUnit(at: ["device", "applewatch"])?.value, "Hi")
        XCTAssertEqual(german.stringUnit(at: ["device", "other"])?.value, "Hallo")
        try plan.write()
        // Exported again, the varied locale has its variations' units, not the plain one it no longer has.
        let written = try StringCatalogReader.read(contentsOf: root.appendingPathComponent("App/Localizable.xcstrings"))
        let units = CatalogUnits(locale: "de").units(key: "Greeting", entry: try XCTUnwrap(written.entries["Greeting"]), sourceLanguage: "en")
        XCTAssertEqual(units.map(\.id), ["Greeting|==|device.applewatch", "Greeting|==|device.other"])

        // A device unit alone keeps the locale's plain value as the variation's `other` (the
        // review's case: it was dropped, and German iPhones showed English).
        let watchOnly = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(target: "ru", [
            unit("Greeting|==|device.applewatch", "Hello", "Привет!"),
            unit("Greeting|==|plural.one", "Hello", "Привет"),
        ])])
        XCTAssertEqual(watchOnly.outcomes.map(\.status), [.applied, .refused], "no plural for a text without a number")
        let russianGreeting = try XCTUnwrap(try catalog(watchOnly).entries["Greeting"]?.localizations?["ru"])
        XCTAssertNil(russianGreeting.stringUnit)
        XCTAssertEqual(russianGreeting.stringUnit(at: ["device", "other"])?.value, "Привет")
        XCTAssertEqual(russianGreeting.stringUnit(at: ["device", "applewatch"])?.value, "Привет!")

        // Without a plain value to keep, a device case alone leaves every other device the source: said in a note.
        let french = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(target: "fr", [unit("Greeting|==|device.applewatch", "Hello", "Salut")])])
        XCTAssertEqual(french.outcomes.map(\.status), [.applied])
        XCTAssertTrue(french.notes.contains { $0.contains("1 string in 'fr' varies by device without an 'other' case after the import (\"Greeting\")") },
                      french.notes.joined(separator: "\n"))
        XCTAssertFalse(watchOnly.notes.contains { $0.contains("without an 'other' case") }, "the plain value became the other")

        let files = try Fixtures.temporaryFolder(self).appendingPathComponent("Files", isDirectory: true)
        try CheckExample("", files: ["App/Info.plist": .infoPlist(declared: ["en", "ru"]),
                                     "App/Localizable.xcstrings": .catalog(["%lld files": ["en": "%lld files", "ru": "%lld файлов"]])]).write(to: files)
        let russian = try ExchangeFixtures.plan(files, [ExchangeFixtures.xliff(target: "ru", [
            unit("%lld files|==|plural.one", "%lld files", "%lld файл"),
            unit("%lld files|==|plural.two", "%lld files", "%lld файла"),
            unit("%lld files|==|plural.few", "%lld files", "%lld файла"),
        ])])
        XCTAssertEqual(russian.outcomes.map(\.status), [.applied, .refused, .applied], "Russian has no 'two'")
        let plural = try XCTUnwrap(try catalog(russian).entries["%lld files"]?.localizations?["ru"])
        XCTAssertNil(plural.stringUnit)
        XCTAssertEqual(plural.stringUnit(at: ["plural", "other"])?.value, "%lld файлов", "the plain value is the plural's other")
    }

    /// A source that varies by device without an 'other' case (edited by hand or by a tool)
    /// leaves every device it does not name without text: each unit of such a variation is
    /// applied with a note saying so (check's device-without-other), not refused; a source with
    /// its 'other', or a locale with an 'other' of its own, gets none.
    func testADeviceUnitOfASourceWithoutOtherGetsANote() throws {
        let files = try Fixtures.temporaryFolder(self).appendingPathComponent("Devices", isDirectory: true)
        try CheckExample("", files: ["App/Info.plist": .infoPlist(declared: ["en", "de", "fr"]),
                                     "App/Localizable.xcstrings": .catalog([
                                        "Tap to continue": ["en/device/iphone": "Tap to continue", "en/device/ipad": "Tap to continue",
                                                            "fr/device/other": "Touchez pour continuer"],
                                        "Tap here": ["en/device/mac": "Click here", "en/device/other": "Tap here"],
                                     ])]).write(to: files)
        let plan = try ExchangeFixtures.plan(files, [ExchangeFixtures.xliff(target: "de", [
            unit("Tap to continue|==|device.ipad", "Tap to continue", "Tippen, um fortzufahren"),
            unit("Tap to continue|==|device.iphone", "Tap to continue", "Tippen, um fortzufahren"),
            unit("Tap here|==|device.mac", "Click here", "Hier klicken"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .applied])
        for outcome in plan.outcomes.prefix(2) {
            XCTAssertEqual(outcome.message, "note (device-without-other): the source varies \"Tap to continue\" by device for iphone, ipad without an 'other' case, "
                           + "so ipod, mac, applewatch, appletv, applevision devices show no 'de' text for it (nor the en text); "
                           + "add the source's 'other' case (Xcode's \"Other\" row) and translate it (l10n check reports it as device-without-other)")
        }
        XCTAssertNil(plan.outcomes[2].message, "the source has its 'other'")
        XCTAssertEqual(try catalog(plan).entries["Tap to continue"]?.localizations?["de"]?.stringUnit(at: ["device", "iphone"])?.value, "Tippen, um fortzufahren")

        let withOther = try ExchangeFixtures.plan(files, [ExchangeFixtures.xliff(target: "fr", [
            unit("Tap to continue|==|device.iphone", "Tap to continue", "Touchez pour continuer"),
        ])])
        XCTAssertEqual(withOther.outcomes.map(\.status), [.applied])
        XCTAssertNil(withOther.outcomes.first?.message, "French has an 'other' of its own")
    }

    /// A target that is only the source's placeholder (`<ph equiv-text="%@">%@</ph>` as a CAT tool
    /// copies the source's codes into a segment not yet translated, or `%@` typed) for a source
    /// with words is no translation, as an empty target is none: skipped (no-target), so the
    /// project's "%@ löschen?" is kept and a device never shows the bare file name for
    /// "Delete %@?". Placeholders the source does not pass are still refused, and a source
    /// made of placeholders alone may be translated by placeholders.
    func testATargetOfTheSourcesPlaceholdersAloneIsNoTranslation() throws {
        let files = try Fixtures.temporaryFolder(self).appendingPathComponent("Codes", isDirectory: true)
        try CheckExample("", files: ["App/Info.plist": .infoPlist(declared: ["en", "de"]),
                                     "App/Localizable.xcstrings": .catalog([
                                        "Delete %@?": ["en": "Delete %@?", "de": "%@ löschen?"],
                                        "Move %@ to %@": ["en": "Move %@ to %@"],
                                        "%@ %@": ["en": "%@ %@"],
                                        "Rename %@": ["en": "Rename %@"],
                                        "Name: %@": ["en": "Name: %@"],
                                     ])]).write(to: files)
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="Delete %@?" xml:space="preserve">
                    <source>Delete <ph id="1" equiv-text="%@">%@</ph>?</source>
                    <target state="translated"><ph id="1" equiv-text="%@">%@</ph></target>
                  </trans-unit>
                  <trans-unit id="Move %@ to %@" xml:space="preserve">
                    <source>Move %1$@ to %2$@</source>
                    <target state="translated">%1$@ %2$@</target>
                  </trans-unit>
                  <trans-unit id="%@ %@" xml:space="preserve">
                    <source>%1$@ %2$@</source>
                    <target state="translated">%2$@ %1$@</target>
                  </trans-unit>
                  <trans-unit id="Rename %@" xml:space="preserve">
                    <source>Rename %@</source>
                    <target state="translated">%lld</target>
                  </trans-unit>
                  <trans-unit id="Name: %@" xml:space="preserve">
                    <source>Name: %@</source>
                    <target state="final">%@</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """
        let input = ImportInput(path: "de.xliff", document: try XLIFFReader().read(Data(xliff.utf8), path: "de.xliff"))
        XCTAssertEqual(input.document.files[0].units[0].target, "%@")
        let plan = try ExchangeFixtures.plan(files, [input])
        XCTAssertEqual(plan.outcomes.map(\.status), [.skipped, .skipped, .applied, .refused, .applied])
        XCTAssertEqual(plan.outcomes.map(\.reason), [.noTarget, .noTarget, nil, .placeholderMismatch, nil])
        // The skip says why; a target the translator marked final is their translation.
        XCTAssertEqual(plan.outcomes.first?.message, "the target holds only the source's placeholders (%@), as a tool's copy of its codes leaves it: "
                       + "nothing written; mark the unit final or signed-off if that is the translation")
        let german = try catalog(plan)
        XCTAssertEqual(german.entries["Delete %@?"]?.localizations?["de"]?.stringUnit?.value, "%@ löschen?", "the translation is kept")
        XCTAssertNil(german.entries["Move %@ to %@"]?.localizations?["de"])
        XCTAssertEqual(german.entries["%@ %@"]?.localizations?["de"]?.stringUnit?.value, "%2$@ %1$@")
        XCTAssertEqual(german.entries["Name: %@"]?.localizations?["de"]?.stringUnit?.value, "%@")
    }

    func testUnknownIDsAreRefused() throws {
        let results = try outcome([
            unit("Nope", "Nope", "Nein"),
            unit("%lld items|==|plural.few", "%lld items", "%lld Elemente"),
            unit("Greeting|==|device.toaster", "Hello", "Hallo"),
        ])
        XCTAssertEqual(results.map(\.reason), [.unknownID, .unknownID, .unknownID])
        XCTAssertEqual(results[0].message, "App/Localizable.xcstrings has no key \"Nope\"")
        XCTAssertEqual(results[1].message, "\"%lld items\" has no variation plural.few for de")
    }

    func testDuplicateIDIsRefused() throws {
        let results = try outcome([unit("Greeting", "Hello", "Guten Tag"), unit("Greeting", "Hello", "Hallo")])
        XCTAssertEqual(results.map(\.status), [.applied, .refused])
        XCTAssertEqual(results[1].reason, .duplicateID)
    }

    /// The fixture's storyboard has no texts, so no id of it is known (InterfaceBuilderExchangeTests
    /// covers storyboards with texts).
    func testStoryboardUnitsNeedATextOfTheDocument() throws {
        let results = try outcome([
            unit("abc-12-XYZ.text", "Run", "Los"),
            unit("def-34-UVW.text", "Keep", "Keep", translate: false),
        ], original: "App/Base.lproj/Main.storyboard")
        XCTAssertEqual(results.map(\.status), [.refused, .skipped])
        XCTAssertEqual(results[0].reason, .unknownID)
    }

    /// A `.stringsdict` is imported now: a unit must name a string of its development-language
    /// file (an empty file has none: `unknown-id`); an intent definition is still not imported.
    func testStringsdictUnitsNeedAStringOfTheSourceFileIntentsAreUnsupported() throws {
        let path = "App/en.lproj/Legacy.stringsdict"
        try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n".utf8)
            .write(to: root.appendingPathComponent(path))
        let results = try outcome([unit("/files:dict/NSStringLocalizedFormatKey:dict/:string", "%#@n@", "%#@n@")], original: path)
        XCTAssertEqual(results.map(\.reason), [.unknownID])
        XCTAssertEqual(results[0].message, "App/en.lproj/Legacy.stringsdict has no string \"/files:dict/NSStringLocalizedFormatKey:dict/:string\"")
    }

    /// Xcode 6 exported Info.plist files as units with a source only (OTPAuth's ru.xliff): with
    /// nothing translated they are skipped, not refused for their file's kind (which failed the run).
    func testAnUnsupportedFilesUnitWithoutATargetIsSkipped() throws {
        let path = "App/App-Info.plist"
        try Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>CFBundleName</key>\n\t<string>App</string>\n</dict>\n</plist>\n".utf8)
            .write(to: root.appendingPathComponent(path))
        let results = try outcome([unit("CFBundleName", "App", nil), unit("CFBundleShortVersionString", "1.0", "1.0")], original: path)
        XCTAssertEqual(results.map(\.status), [.skipped, .refused])
        XCTAssertEqual(results.map(\.reason), [.noTarget, .unsupportedFile])
    }

    // MARK: .strings

    /// A locale without a file gets `<locale>.lproj/<Table>.strings` in genstrings' layout,
    /// entries in the source file's order with its comments.
    func testStringsFileIsCreatedForANewLocale() throws {
        let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(original: "App/en.lproj/Legacy.strings", target: "fr", [
            unit("title", "Title", "Titre"),
            unit("count", "%1$d of %2$d", "%1$d sur %2$d"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied])
        let change = try XCTUnwrap(plan.changes.first)
        XCTAssertEqual(change.path, "App/fr.lproj/Legacy.strings")
        XCTAssertTrue(change.isNew)
        XCTAssertEqual(String(decoding: change.data, as: UTF8.self),
                       "/* Window title */\n\"title\" = \"Titre\";\n\n/* Pages */\n\"count\" = \"%1$d sur %2$d\";\n\n")
        try plan.write()
        let again = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(original: "App/fr.lproj/Legacy.strings", target: "fr", [
            unit("title", "Title", "Titre"), unit("count", "%1$d of %2$d", "%1$d sur %2$d"),
        ])])
        XCTAssertEqual(again.outcomes.map(\.status), [.unchanged, .unchanged], "any locale's file names the table")
        XCTAssertTrue(again.changes.isEmpty)
    }

    /// A UTF-16 file stays UTF-16 with its byte order mark; the new entry is appended.
    func testUTF16StringsFileStaysUTF16() throws {
        let plan = try ExchangeFixtures.plan(root, [ExchangeFixtures.xliff(original: "App/en.lproj/Legacy.strings", target: "ru", [
            unit("title", "Title", "Заголовок"),
            unit("count", "%1$d of %2$d", "%1$d из %2$d", .needsReviewTranslation),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.unchanged, .applied])
        XCTAssertEqual(plan.outcomes[1].message, "warning (no-review-state): a .strings file cannot mark a value as needing review; applied as a plain value")
        let change = try XCTUnwrap(plan.changes.first)
        XCTAssertEqual(Array(change.data.prefix(2)), [0xFF, 0xFE])
        let file = try StringsReader.parse(change.data, path: "ru")
        XCTAssertEqual(file.encoding, .utf16LittleEndian)
        // StringsFile appends after a single entry without a blank line (it infers the spacing from the file).
        XCTAssertEqual(file.text, "/* Window title */\n\"title\" = \"Заголовок\";\n/* Pages */\n\"count\" = \"%1$d из %2$d\";\n")
    }

    func testStringsStaleSourceComparesTheDevelopmentLanguageValue() throws {
        let results = try outcome([unit("title", "Heading", "Titre")], locale: "fr", original: "App/en.lproj/Legacy.strings")
        XCTAssertEqual(results.first?.reason, .staleSource)
        let unknown = try outcome([unit("subtitle", "Subtitle", "Sous-titre")], locale: "fr", original: "App/en.lproj/Legacy.strings")
        XCTAssertEqual(unknown.first?.reason, .unknownID)
    }

    // MARK: File level

    func testMissingTargetLanguageIsAFileError() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/Localizable.xcstrings" source-language="en" datatype="plaintext">
            <body/>
          </file>
        </xliff>
        """
        let url = root.appendingPathComponent("no-target.xliff")
        try Data(text.utf8).write(to: url)
        XCTAssertThrowsError(try ImportInput.read(contentsOf: url, displayPath: "no-target.xliff")) { error in
            XCTAssertEqual((error as? XLIFFError)?.kind, .missingTargetLanguage)
            XCTAssertEqual((error as? XLIFFError)?.location?.line, 3)
        }
        let inMemory = ImportInput(path: "m.xliff", document: XLIFFDocument(files: [
            XLIFFFile(original: "App/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: nil, units: [unit("Greeting", "Hello", "Hallo")]),
        ]))
        XCTAssertEqual(try ExchangeFixtures.failure(root, [inMemory]), [.missingTargetLanguage])
    }

    func testPathsOutsideTheProjectAreRefused() throws {
        let outside = root.deletingLastPathComponent().appendingPathComponent("Outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(ExchangeFixtures.variationsCatalog.utf8).write(to: outside.appendingPathComponent("Localizable.xcstrings"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Linked"), withDestinationURL: outside)
        for original in ["../Outside/Localizable.xcstrings", "/etc/Localizable.xcstrings", "App/../../Outside/Localizable.xcstrings",
                         "Linked/Localizable.xcstrings"] {
            let input = try ExchangeFixtures.xliff(original: original, [unit("Greeting", "Hello", "Hallo")])
            let unwritten = try ExchangeFixtures.unwritten(root, [input])
            XCTAssertEqual(unwritten.reasons, [.readOnlyFile], original)
            XCTAssertTrue(unwritten.messages.allSatisfy { $0.contains("lies outside the project folder") }, "\(unwritten.messages)")
        }
        let inside = try ExchangeFixtures.xliff(original: "./App/../App/Localizable.xcstrings", [unit("Greeting", "Hello", "Hallo")])
        XCTAssertEqual(try ExchangeFixtures.failure(root, [inside]), [])
    }

    func testOtherFileLevelProblems() throws {
        let good = try ExchangeFixtures.xliff([unit("Greeting", "Hello", "Hallo")])
        let cases: [(ImportInput, ImportFileErrorKind)] = [
            (try ExchangeFixtures.xliff(original: "App/Other.xcstrings", [unit("Greeting", "Hello", "Hallo")]), .unknownFile),
            (try ExchangeFixtures.xliff(original: "App/Gone.storyboard", [unit("a.text", "A", "B")]), .unknownFile),
            (try ExchangeFixtures.xliff(source: "fr", [unit("Greeting", "Hello", "Hallo")]), .sourceLanguageMismatch),
            (try ExchangeFixtures.xliff(target: "en", [unit("Greeting", "Hello", "Hallo")]), .targetIsSourceLanguage),
        ]
        for (input, kind) in cases {
            XCTAssertEqual(try ExchangeFixtures.failure(root, [good, input]), [kind], "\(kind)")
        }
        // Trados and memoQ write the source as a region (`en-US`) of the project's `en`: the same
        // source language (a helper's real-tool case was refused with exit 2).
        for source in ["en-US", "en_GB", "EN"] {
            XCTAssertEqual(try ExchangeFixtures.failure(root, [try ExchangeFixtures.xliff(source: source, [unit("Greeting", "Hello", "Hallo")])]), [], source)
        }
        let sample = try ExchangeFixtures.sampleCopy(self)
        let vendor = try ExchangeFixtures.xliff(original: "Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings", target: "fr",
                                                [unit("ly_img_editor_button_ok", "OK", "OK")])
        let unwritten = try ExchangeFixtures.unwritten(sample, [vendor])
        XCTAssertEqual(unwritten.reasons, [.readOnlyFile])
        XCTAssertEqual(unwritten.messages.map { $0.hasPrefix("original \"Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings\" is a vendor file") }, [true])
    }

    /// A real export holds vendor folders and packages beside the project: their units are
    /// refused as read-only, every other file of the same input is imported.
    func testReadOnlyFilesDoNotStopTheRest() throws {
        let sample = try ExchangeFixtures.sampleCopy(self)
        let vendor = XLIFFFile(original: "Vendor/IMGLYEditor/Sources/IMGLYCoreUI/IMGLYEditor.xcstrings", sourceLanguage: "en", targetLanguage: "fr",
                               units: [unit("ly_img_editor_button_ok", "OK", "OK")])
        let package = XLIFFFile(original: "../Package/Resources/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "fr",
                                units: [unit("Done", "Done", "Terminé")])
        let export = XLIFFExporter(project: try ProjectDiscovery(root: sample).discover()).export(locale: "fr", scope: .missing)
        var app = try XCTUnwrap(export.document.files.first { $0.original.hasSuffix("Localizable.xcstrings") && !$0.units.isEmpty })
        app.units = [app.units[0]]
        app.units[0].target = "Traduit"
        app.units[0].targetState = .translated
        let plan = try ExchangeFixtures.plan(sample, [ImportInput(path: "fr.xliff", document: XLIFFDocument(files: [vendor, app, package]))])
        XCTAssertEqual(plan.outcomes.map(\.reason), [.readOnlyFile, nil, .readOnlyFile])
        XCTAssertEqual(plan.outcomes.map(\.status), [.refused, .applied, .refused])
        XCTAssertEqual(plan.changes.map(\.path), [app.original])
        XCTAssertTrue(plan.hasRefusals)
    }
}
