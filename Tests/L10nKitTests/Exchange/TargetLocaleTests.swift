@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
import Foundation
import XCTest

/// Translators' tools name a language with its default region (`fr-FR`, `zh-CN`) where the
/// project says `fr`, `zh-Hans`. Such a file is imported into the project's locale, with a note;
/// a real regional variant (`fr-CA`) is a new locale, and the note says so.
final class TargetLocaleTests: XCTestCase {
    private func project() throws -> URL {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try CheckExample.app("locales", declared: ["en", "fr", "zh-Hans"], localizable: [
            "Close": ["en": "Close", "fr": "Fermer", "zh-Hans": "关闭"],
            "Open": ["en": "Open"],
        ]).write(to: root)
        return root
    }

    private func input(_ target: String, _ value: String) throws -> ImportInput {
        try ExchangeFixtures.xliff(target: target, [TransUnit(id: "Open", source: "Open", target: value, targetState: .translated)],
                                   path: "\(target).xliff")
    }

    func testDefaultRegionIsTheProjectsLocale() throws {
        let root = try project()
        let plan = try ExchangeFixtures.plan(root, [try input("fr-FR", "Ouvrir"), try input("zh-CN", "打开")])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied])
        XCTAssertEqual(plan.outcomes.map(\.locale), ["fr", "zh-Hans"])
        XCTAssertEqual(plan.changes.map(\.path), ["App/Localizable.xcstrings"])
        let text = String(decoding: try XCTUnwrap(plan.changes.first?.data), as: UTF8.self)
        XCTAssertFalse(text.contains("\"fr-FR\""), "no new locale")
        XCTAssertFalse(text.contains("\"zh-CN\""), "no new locale")
        XCTAssertEqual(plan.notes.filter { $0.contains("target-language") }, [
            "fr-FR.xliff: target-language \"fr-FR\" is imported as fr, the project's locale for that language (ICU gives both as fr_Latn_FR)",
            "zh-CN.xliff: target-language \"zh-CN\" is imported as zh-Hans, the project's locale for that language (ICU gives both as zh_Hans_CN)",
        ])
    }

    func testRegionalVariantIsANewLocaleAndSaysSo() throws {
        let root = try project()
        let plan = try ExchangeFixtures.plan(root, [try input("fr-CA", "Ouvrir"), try input("fr", "Ouvrir")])
        XCTAssertEqual(plan.outcomes.map(\.locale), ["fr-CA", "fr"])
        XCTAssertEqual(plan.notes.filter { $0.contains("target-language") }, [
            "fr-CA.xliff: target-language \"fr-CA\" is not a locale of the project: the 1 unit applied adds it; add it to the app's localizations (the Xcode project, CFBundleLocalizations) to ship it",
        ])
        // A file whose units are all refused adds nothing, and says so.
        let stale = try ExchangeFixtures.xliff(target: "fr-CA", [TransUnit(id: "Open", source: "Opened", target: "Ouvert", targetState: .translated)],
                                               path: "stale.xliff")
        XCTAssertEqual(try ExchangeFixtures.plan(root, [stale]).notes.filter { $0.contains("target-language") }, [
            "stale.xliff: target-language \"fr-CA\" is not a locale of the project; no unit was applied, so the import adds nothing for it",
        ])
    }

    /// `en-US` in an `en` project is the development language: the copy-edit path, not a new locale shadowing the source.
    func testDefaultRegionOfTheSourceIsTheDevelopmentLanguage() throws {
        let root = try project()
        XCTAssertEqual(try ExchangeFixtures.failure(root, [try input("en-US", "Open it")]), [.targetIsSourceLanguage])
        XCTAssertEqual(try ExchangeFixtures.failure(root, [try input("und", "Open it")]), [.invalidTargetLanguage], "und is no language, not the source's")
        let plan = try ExchangeFixtures.plan(root, [try input("en-US", "Open it")], sourceEdits: true)
        XCTAssertEqual(plan.outcomes.map(\.locale), ["en"])
    }
}

/// Locales a project has only as `.lproj` tables, and ids that fit several locales.
final class TargetLocaleTableTests: XCTestCase {
    func testATablesLocaleIsTheProjectsAndAnAmbiguousIdIsRefused() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try CheckExample.app("tables", declared: ["en", "pt", "pt-BR", "zh-Hans", "zh-CN"], localizable: ["Open": ["en": "Open"]], more: [
            "Kit/en.lproj/Localizable.strings": .text("\"Open\" = \"Open\";\n"),
            "Kit/ru.lproj/Localizable.strings": .text("\"Open\" = \"Открыть\";\n"),
        ]).write(to: root)
        let unit = TransUnit(id: "Open", source: "Open", target: "Открыть файл", targetState: .translated)
        for target in ["ru-RU", "ru"] {
            let input = try ExchangeFixtures.xliff(original: "Kit/en.lproj/Localizable.strings", target: target, [unit], path: "\(target).xliff")
            let plan = try ExchangeFixtures.plan(root, [input])
            XCTAssertEqual(plan.outcomes.map(\.locale), ["ru"], target)
            XCTAssertEqual(plan.changes.map(\.path), ["Kit/ru.lproj/Localizable.strings"], target)
            XCTAssertEqual(plan.notes.filter { $0.contains("target-language") },
                           target == "ru" ? [] : ["ru-RU.xliff: target-language \"ru-RU\" is imported as ru, the project's locale for that language (ICU gives both as ru_Cyrl_RU)"])
        }
        let portuguese = TransUnit(id: "Open", source: "Open", target: "Abrir", targetState: .translated)
        let written = try ExchangeFixtures.plan(root, [try ExchangeFixtures.xliff(target: "pt-Latn-BR", [portuguese], path: "pt.xliff")])
        XCTAssertEqual(written.outcomes.map(\.locale), ["pt-BR"], "the one that writes the region the file writes")
        let latin = try ExchangeFixtures.plan(root, [try ExchangeFixtures.xliff(target: "pt-Latn", [portuguese], path: "pt.xliff")])
        XCTAssertEqual(latin.outcomes.map(\.locale), ["pt"], "pt-BR writes a region the file does not")
        let chinese = TransUnit(id: "Open", source: "Open", target: "打开", targetState: .translated)
        XCTAssertEqual(try ExchangeFixtures.failure(root, [try ExchangeFixtures.xliff(target: "zh-Hans-CN", [chinese], path: "zh.xliff")]),
                       [.invalidTargetLanguage], "zh-Hans and zh-CN fit zh-Hans-CN equally")
        // A file l10n never writes keeps its id: its units are refused one by one, none dropped.
        let outside = try ExchangeFixtures.plan(root, [try ExchangeFixtures.xliff(original: "../Outside/Localizable.xcstrings", target: "zh-Hans-CN",
                                                                                 [chinese], path: "zh.xliff")])
        XCTAssertEqual(outside.outcomes.map(\.reason), [.readOnlyFile])
        XCTAssertEqual(outside.notes.filter { $0.contains("target-language") }, [])
    }
}
