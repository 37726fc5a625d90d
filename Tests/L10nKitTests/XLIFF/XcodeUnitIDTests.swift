import Foundation
import L10nKit
import XCTest

/// Xcode's unit ids, Interface Builder notes, file kinds, state mapping and unit order.
final class XcodeUnitIDTests: XCTestCase {
    func testCatalogVariationIDs() {
        let cases: [(String, XcodeUnitID)] = [
            ("KEY|==|plural.one", .catalogVariation(key: "KEY", path: ["plural", "one"])),
            ("KEY|==|device.iphone", .catalogVariation(key: "KEY", path: ["device", "iphone"])),
            ("KEY|==|device.iphone.plural.one", .catalogVariation(key: "KEY", path: ["device", "iphone", "plural", "one"])),
            ("KEY|==|substitutions.NAME.plural.few", .catalogVariation(key: "KEY", path: ["substitutions", "NAME", "plural", "few"])),
            // A substitution name with dots, as Xcode writes them (xcstrings-tool's fixture `total.strings`).
            ("KEY|==|substitutions.total.strings.plural.one", .catalogVariation(key: "KEY", path: ["substitutions", "total.strings", "plural", "one"])),
            ("KEY|==|device.mac.substitutions.a.b.c.plural.other", .catalogVariation(key: "KEY", path: ["device", "mac", "substitutions", "a.b.c", "plural", "other"])),
            ("one_substitution|==|substitutions.strings.plural.one", .catalogVariation(key: "one_substitution", path: ["substitutions", "strings", "plural", "one"])),
            ("%lld items in %@|==|plural.other", .catalogVariation(key: "%lld items in %@", path: ["plural", "other"])),
            ("a|==|b|==|plural.many", .catalogVariation(key: "a|==|b", path: ["plural", "many"])),
            ("Settings", .key("Settings")),
            ("odd|==|", .key("odd|==|")),
            ("odd|==|colour.red", .key("odd|==|colour.red")),
            ("odd|==|plural", .key("odd|==|plural")),
            ("odd|==|plural.one.extra", .key("odd|==|plural.one.extra")),
            ("odd|==|substitutions.N.device.iphone", .key("odd|==|substitutions.N.device.iphone")),
            // Empty components are kept (and fit no path); a tail that is not ASCII is cut by characters
            // (a `.` with a combining mark is no separator).
            ("odd|==|plural..one", .key("odd|==|plural..one")),
            ("odd|==|.plural.one", .key("odd|==|.plural.one")),
            ("odd|==|plural.one.", .key("odd|==|plural.one.")),
            ("odd|==|plural.oné", .catalogVariation(key: "odd", path: ["plural", "oné"])),
            ("odd|==|plural.\u{301}one", .key("odd|==|plural.\u{301}one")),
            ("Größe %lld|==|plural.one", .catalogVariation(key: "Größe %lld", path: ["plural", "one"])),
        ]
        for (id, expected) in cases {
            let parsed = XcodeUnitID(id, kind: .stringCatalog)
            XCTAssertEqual(parsed, expected, id)
            XCTAssertEqual(parsed.rawValue, id)
        }
        // The delimited form reported from a recent Xcode's export (Murzav/xcstrings-mcp's fixture)
        // reads as the same unit; l10n writes the name without the `@`s.
        XCTAssertEqual(XcodeUnitID("KEY|==|substitutions.@total.strings@.plural.one", kind: .stringCatalog),
                       .catalogVariation(key: "KEY", path: ["substitutions", "total.strings", "plural", "one"]))
        XCTAssertEqual(XcodeUnitID("KEY|==|substitutions.@arg1@.plural.one", kind: .stringCatalog),
                       .catalogVariation(key: "KEY", path: ["substitutions", "arg1", "plural", "one"]))
        // The import's byte reading of a substitution form's key and name agrees with the parser.
        for id in ["KEY|==|substitutions.total.strings.plural.one", "KEY|==|substitutions.@total.strings@.plural.one",
                   "K|==|device.mac.substitutions.n.plural.two", "a|==|b|==|substitutions.x.plural.other"] {
            guard case .catalogVariation(let key, let path) = XcodeUnitID(id, kind: .stringCatalog), let at = path.firstIndex(of: "substitutions") else {
                XCTFail(id)
                continue
            }
            let form = XcodeUnitID.substitutionForm(id)
            XCTAssertEqual(form.map { String($0.key) }, key, id)
            XCTAssertEqual(form.map { String($0.name) }, path[at + 1], id)
        }
        XCTAssertNil(XcodeUnitID.substitutionForm("KEY|==|plural.one"))
        XCTAssertNil(XcodeUnitID.substitutionForm("KEY"))
        XCTAssertEqual(XcodeUnitID("KEY|==|plural.one", kind: .strings), .key("KEY|==|plural.one"))
        XCTAssertEqual(XcodeUnitID.catalogVariation(key: "K", path: ["device", "mac", "substitutions", "n", "plural", "two"]).rawValue,
                       "K|==|device.mac.substitutions.n.plural.two")
        XCTAssertEqual(XcodeUnitID("K|==|device.mac.substitutions.n.plural.two", kind: .stringCatalog).key, "K")
    }

    func testStringsdictIDs() {
        let cases: [(String, XcodeUnitID)] = [
            ("/KEY:dict/NSStringLocalizedFormatKey:dict/:string", .stringsdict(key: "KEY", path: ["NSStringLocalizedFormatKey"])),
            ("/KEY:dict/VAR:dict/one:dict/:string", .stringsdict(key: "KEY", path: ["VAR", "one"])),
            ("/%d files/folders:dict/n:dict/other:dict/:string", .stringsdict(key: "%d files/folders", path: ["n", "other"])),
            ("plainKey", .key("plainKey")),
            ("/KEY:dict/:string", .key("/KEY:dict/:string")),
            ("/KEY:dict/VAR:dict/one", .key("/KEY:dict/VAR:dict/one")),
        ]
        for (id, expected) in cases {
            let parsed = XcodeUnitID(id, kind: .stringsdict)
            XCTAssertEqual(parsed, expected, id)
            XCTAssertEqual(parsed.rawValue, id)
        }
    }

    func testInterfaceBuilderIDsAndNotes() throws {
        XCTAssertEqual(XcodeUnitID("3i8-2m-QFG.text", kind: .interfaceBuilder), .interfaceBuilder(objectID: "3i8-2m-QFG", keyPath: "text"))
        XCTAssertEqual(XcodeUnitID("HEQ-Bp-kx7.normalTitle", kind: .interfaceBuilder), .interfaceBuilder(objectID: "HEQ-Bp-kx7", keyPath: "normalTitle"))
        XCTAssertEqual(XcodeUnitID("dml-Pt-frp.ibShadowedToolTips[0]", kind: .interfaceBuilder),
                       .interfaceBuilder(objectID: "dml-Pt-frp", keyPath: "ibShadowedToolTips[0]"))
        XCTAssertEqual(XcodeUnitID("abc.headerCell.title", kind: .interfaceBuilder).rawValue, "abc.headerCell.title")
        XCTAssertEqual(XcodeUnitID("noDot", kind: .interfaceBuilder), .key("noDot"))
        XCTAssertNil(XcodeUnitID("3i8-2m-QFG.text", kind: .interfaceBuilder).key)

        let note = try XCTUnwrap(InterfaceBuilderNote(#"Class = "UILabel"; text = "Run"; ObjectID = "3i8-2m-QFG";"#))
        XCTAssertEqual(note.fields.map(\.name), ["Class", "text", "ObjectID"])
        XCTAssertEqual(note.className, "UILabel")
        XCTAssertEqual(note.objectID, "3i8-2m-QFG")
        XCTAssertEqual(note["text"], "Run")
        XCTAssertNil(note.comment)
        let commented = try XCTUnwrap(InterfaceBuilderNote(#"Class = "NSButtonCell"; title = "Check"; ObjectID = "7z8-pS-A86"; Note = "Do not localize";"#))
        XCTAssertEqual(commented.comment, "Do not localize")
        let escaped = InterfaceBuilderNote(fields: [.init(name: "Class", value: "UILabel"), .init(name: "text", value: "Say \"hi\" \\ now\nplease"),
                                                   .init(name: "ObjectID", value: "a-b-c")])
        XCTAssertEqual(InterfaceBuilderNote(escaped.rawValue), escaped)
        XCTAssertNil(InterfaceBuilderNote(""))
        XCTAssertNil(InterfaceBuilderNote("No comment provided by engineer."))
        XCTAssertNil(InterfaceBuilderNote(#"text = "Run";"#))
        XCTAssertNil(InterfaceBuilderNote(#"Class = "UILabel"; text = "unterminated; ObjectID = "x";"#))
    }

    func testSourceKinds() {
        XCTAssertEqual(XcodeSourceKind(path: "Ketchup/Localizable.xcstrings"), .stringCatalog)
        XCTAssertEqual(XcodeSourceKind(path: "App/en.lproj/Localizable.strings"), .strings)
        XCTAssertEqual(XcodeSourceKind(path: "App/en.lproj/Localizable.stringsdict"), .stringsdict)
        XCTAssertEqual(XcodeSourceKind(path: "App/Base.lproj/Main.storyboard"), .interfaceBuilder)
        XCTAssertEqual(XcodeSourceKind(path: "App/Base.lproj/View.XIB"), .interfaceBuilder)
        XCTAssertEqual(XcodeSourceKind(path: "App/Base.lproj/Intents.intentdefinition"), .intentDefinition)
        XCTAssertEqual(XcodeSourceKind(path: "../../Package/Sources/X/Localizable.xcstrings"), .stringCatalog)
        XCTAssertEqual(XcodeSourceKind(path: "App/Info.plist"), .other("plist"))
        XCTAssertEqual(XcodeSourceKind(path: "App.v2/README"), .other(""))
    }

    /// ExchangeStates is the one table both ways: Xcode's export mapping, l10n's import mapping.
    func testStateMappingBothWays() {
        XCTAssertEqual(ExchangeStates.exported("translated"), .translated)
        XCTAssertEqual(ExchangeStates.exported("needs_review"), .needsReviewL10n)
        XCTAssertEqual(ExchangeStates.exported("new"), .new)
        XCTAssertEqual(ExchangeStates.exported("stale"), .needsReviewTranslation)
        XCTAssertEqual(ExchangeStates.exported("machine_translated"), .needsReviewTranslation)
        XCTAssertEqual(ExchangeStates.exported("reviewed"), .custom("x-reviewed"))
        for state: StringUnitState in ["translated", "needs_review", "new"] {
            XCTAssertEqual(ExchangeStates.onImport(ExchangeStates.exported(state)), state == "new" ? .unfinished : .apply(state))
        }
        let expected: [String: ExchangeStates.OnImport] = [
            "translated": .apply(.translated), "final": .apply(.translated), "signed-off": .apply(.translated),
            "needs-review-translation": .apply(.needsReview), "needs-review-l10n": .apply(.needsReview), "needs-review-adaptation": .apply(.needsReview),
            "new": .unfinished, "needs-translation": .unfinished, "needs-adaptation": .unfinished, "needs-l10n": .unfinished,
        ]
        XCTAssertEqual(XLIFFTargetState.standard.count, 10)
        XCTAssertEqual(ExchangeStates.rows.map(\.xliff), XLIFFTargetState.standard)
        for state in XLIFFTargetState.standard {
            XCTAssertEqual(XLIFFTargetState(rawValue: state.rawValue), state)
            XCTAssertEqual(ExchangeStates.onImport(state), expected[state.rawValue]!, state.rawValue)
            XCTAssertEqual(XLIFFTargetState.standard[state.standardIndex!], state)
        }
        XCTAssertNil(XLIFFTargetState.custom("x-reviewed").standardIndex)
        XCTAssertEqual(ExchangeStates.onImport(.custom("translated")), .unknown, "a custom state is never read as a standard one")
        XCTAssertEqual(XLIFFTargetState(rawValue: "x-reviewed"), .custom("x-reviewed"))
        XCTAssertEqual(ExchangeStates.onImport(.custom("x-reviewed")), .unknown)
        XCTAssertEqual(ExchangeStates.onImport(nil), .apply(.translated), "a target without a state counts as translated")
    }

    func testCatalogUnitOrder() {
        let ordered = ["", "1", "2", "10", "ATK", "Abilities", "Z", "_x", "a", "item", "item 2", "item 9", "item 10", "item 10a", "item 010b", "zz", "Ä", "é"]
        XCTAssertEqual(XLIFFOrder.sortedCatalogUnits(ordered.reversed().map { TransUnit(id: $0, source: $0) }).map(\.id), ordered)
        for (a, b) in zip(ordered, ordered.dropFirst()) {
            XCTAssertTrue(XLIFFOrder.catalogUnitPrecedes(a, b), "\(a) < \(b)")
            XCTAssertFalse(XLIFFOrder.catalogUnitPrecedes(b, a), "\(b) > \(a)")
        }
        XCTAssertEqual(XLIFFOrder.catalogUnitOrder("v01", "v1"), -1)
        XCTAssertEqual(XLIFFOrder.catalogUnitOrder("v1", "v1"), 0)
        XCTAssertTrue(XLIFFOrder.catalogUnitPrecedes("KEY", "KEY|==|plural.one"))
        XCTAssertTrue(XLIFFOrder.catalogUnitPrecedes("n 99999999999999999999", "n 100000000000000000000"))
    }

    func testFileOrder() {
        let ordered = ["../../DZ/a.strings", "KeepingYouAwake/Localizable.xcstrings", "KYALauncher/InfoPlist.xcstrings",
                       "safari-subscribe-ios/en.lproj/InfoPlist.strings", "safari-subscribe/Base.lproj/X.xib", "Yeti/widgets/x.strings", "YetiShare/y.strings"]
        let files = ordered.shuffled().map { XLIFFFile(original: $0, sourceLanguage: "en", targetLanguage: "de") }
        XCTAssertEqual(XLIFFOrder.sortedFiles(files).map(\.original), ordered)
        XCTAssertTrue(XLIFFOrder.filePrecedes("message 9", "message 10"))
        XCTAssertTrue(XLIFFOrder.filePrecedes("Radial menu", "Radial Menu"))
    }

    /// A catalog id's variation path is cut at its bytes when ASCII and by characters otherwise;
    /// both give what `split(separator: ".", omittingEmptySubsequences: false)` gives, and the
    /// id parses as a variation exactly when that path is one.
    func testVariationPathsCutAsSplitCutsThem() {
        let keys = ["Files", "%lld Dateien", "a|b", "é|==|", "日本", ""]
        let tails = ["plural.one", "plural.other", "device.iphone", "device.mac.plural.few", "substitutions.count.plural.many",
                     "plural..one", "plural.one.", ".plural.one", "plural", "", "plural.é", "device.日本.plural.one", "substitutions.a.b.plural.zero"]
        for key in keys {
            for tail in tails {
                let id = key + "|==|" + tail
                // A substitution's name may hold dots: the pieces between `substitutions` and `plural.<category>`.
                let path = XcodeUnitID.joiningSubstitutionName(tail.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
                let expected: XcodeUnitID = XcodeUnitID.isCatalogVariationPath(path) ? .catalogVariation(key: key, path: path) : .key(id)
                XCTAssertEqual(XcodeUnitID(id, kind: .stringCatalog), expected, id.debugDescription)
            }
        }
    }
}

