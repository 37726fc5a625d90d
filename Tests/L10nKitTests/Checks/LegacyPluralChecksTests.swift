import Foundation
import L10nKit
import XCTest

/// `plural-categories` on legacy `.stringsdict` files: a `Base.lproj` file is judged by the
/// development language's rules, and the report counts a table's plural gaps on its row.
final class LegacyPluralChecksTests: XCTestCase {
    /// A `.stringsdict` with one plural variable `files` and the given forms.
    static func stringsdict(_ forms: [String: String]) -> ExampleFile {
        .plurals(key: "%d files", variable: "files", valueType: "d", forms: forms)
    }

    private func project(_ files: [String: ExampleFile]) throws -> Project {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Legacy", isDirectory: true)
        var all = files
        all["App/Info.plist"] = .infoPlist(declared: ["en", "ru"])
        for (path, file) in all {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.data.write(to: url)
        }
        return try ProjectDiscovery(root: root).discover()
    }

    func testBaseStringsdictIsJudgedInTheDevelopmentLanguage() throws {
        let model = try project([
            "App/Localizable.xcstrings": .text(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#),
            "App/Base.lproj/Files.stringsdict": Self.stringsdict(["one": "%d file"]),
            "App/Base.lproj/Files.strings": .text("\"%d files\" = \"%d files\";\n"),
        ])
        let findings = try CheckJob(options: CheckOptions(only: ["plural-categories"])).run(on: model).findings
        XCTAssertEqual(findings.map(\.message), ["\"%d files\" %#@files@ [Base] has no 'other' form: every number without its own form shows nothing"])
        XCTAssertEqual(findings.first?.file, "App/Base.lproj/Files.stringsdict")
        XCTAssertEqual(findings.first?.line, 9, "at the variable")
    }

    /// The development language's own `one` form that leaves the count out and keeps a later
    /// implicit specifier (deltachat-ios's "Send the following file to %s?") reads the count as
    /// that C string, in English as in German: it is judged against its `other` like a
    /// translation's form (only the German copy was reported).
    func testTheSourcesOwnFormThatShiftsItsArgumentsIsAnError() throws {
        func file(one: String, other: String) -> ExampleFile {
            .plurals(key: "send_files_to", variable: "files", valueType: "d", forms: ["one": one, "other": other])
        }
        let model = try project([
            "App/Localizable.xcstrings": .text(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#),
            "App/en.lproj/Send.stringsdict": file(one: "Send the following file to %s?", other: "Send the following %d files to %s?"),
            "App/ru.lproj/Send.stringsdict": file(one: "Отправить %1$d файл в %2$s?", other: "Отправить %d файлов в %s?"),
        ])
        let findings = try CheckJob(options: CheckOptions(only: ["placeholder-mismatch"])).run(on: model).findings
        XCTAssertEqual(findings.map(\.message), [
            "\"send_files_to\" %#@files@ one [en] 'Send the following file to %s?': argument 1 is %s (C string) in this form but %d (int) in the 'other' form; "
                + "an argument left out shifts the implicit ones after it: write positions such as %2$@",
            "\"send_files_to\" %#@files@ one [en] 'Send the following file to %s?': this form does not use argument 2 (%s in the 'other' form)",
        ])
        XCTAssertEqual(findings.map(\.severity), [.error, .warning])
        XCTAssertEqual(findings.first?.file, "App/en.lproj/Send.stringsdict")
        // Every wording speaks of the form and its 'other', never of a translation.
        func messages(_ form: String) -> [String] {
            FormatString.translationMismatches(source: FormatString("%d files"), sourceSubstitution: nil, translation: FormatString(form),
                                               isPluralCase: true, naming: .sourceForm).map(\.message)
        }
        XCTAssertTrue(messages("%1$d file %@").contains { $0.hasPrefix("this form mixes positional and implicit specifiers") })
        XCTAssertTrue(messages("%d file in %@").contains("this form reads argument 2 (%@), which the 'other' form does not pass"))
        // Written with its position, the form reads the right argument: nothing to report.
        let fixed = try project([
            "App/Localizable.xcstrings": .text(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#),
            "App/en.lproj/Send.stringsdict": file(one: "Send the following file to %2$s?", other: "Send the following %d files to %s?"),
        ])
        XCTAssertEqual(try CheckJob(options: CheckOptions(only: ["placeholder-mismatch"])).run(on: fixed).findings.map(\.message), [])
    }

    func testReportCountsAStringsdictGapOnItsTablesRow() throws {
        let model = try project([
            "App/Localizable.xcstrings": .text(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#),
            "Kit/en.lproj/Files.strings": .text("\"%d files\" = \"%d files\";\n"),
            "Kit/ru.lproj/Files.strings": .text("\"%d files\" = \"%d файлов\";\n"),
            "Kit/ru.lproj/Files.stringsdict": Self.stringsdict(["one": "%d файл", "many": "%d файлов", "other": "%d файла"]),
        ])
        let report = try ReportJob().run(on: model)
        let ru = try XCTUnwrap((report.appLocales + report.fullLocalization).first { $0.locale == "ru" })
        let row = try XCTUnwrap(ru.tables.first { $0.table == "Kit/Files" })
        XCTAssertEqual(row.pluralGaps, 1, "ru lacks 'few' in the table's .stringsdict")
        XCTAssertTrue(report.findings.findings.contains { $0.file == "Kit/ru.lproj/Files.stringsdict" && $0.check == "plural-categories" })
    }

    /// A `.stringsdict` entry whose format reads `position` and whose forms name `total` at
    /// argument 2, as Signal's `CONVERSATION_SEARCH_RESULTS_%d_%d`.
    static func nestedEntry(position: (one: String, other: String), total: [String: String]) -> ExampleFile {
        let forms = total.keys.sorted { PluralCategory(name: $0)! < PluralCategory(name: $1)! }
            .map { "\t\t\t<key>\($0)</key>\n\t\t\t<string>\(total[$0]!)</string>\n" }.joined()
        return .text("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>RESULTS_%d_%d</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%1$#@position@</string>
        \t\t<key>position</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>one</key>
        \t\t\t<string>\(position.one)</string>
        \t\t\t<key>other</key>
        \t\t\t<string>\(position.other)</string>
        \t\t</dict>
        \t\t<key>total</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \(forms)\t\t</dict>
        \t</dict>
        </dict>
        </plist>

        """)
    }

    /// A nested variable's form reads its own argument whether it writes `%d` (English) or
    /// `%2$d` (Russian): the same argument, not one the source does not pass (Signal's files).
    func testANestedVariablesFormReadsItsOwnArgument() throws {
        let model = try project([
            "App/Localizable.xcstrings": .text(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#),
            "App/en.lproj/Search.stringsdict": Self.nestedEntry(position: ("%d %2$#@total@", "%d %2$#@total@"),
                                                                total: ["one": "of %d match", "other": "of %d matches"]),
            "App/ru.lproj/Search.stringsdict": Self.nestedEntry(position: ("%1$d %2$#@total@", "%1$d %2$#@total@"),
                                                                total: ["one": "из %2$d совпадения", "few": "из %2$d совпадений",
                                                                        "many": "из %2$d совпадений", "other": "из %2$d совпадения"]),
        ])
        XCTAssertEqual(try CheckJob(options: CheckOptions(only: ["placeholder-mismatch", "plural-categories"])).run(on: model).findings.map(\.message), [])
        // A form that reads another argument still mismatches, and is quoted as written.
        let wrong = try project([
            "App/Localizable.xcstrings": .text(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#),
            "App/en.lproj/Search.stringsdict": Self.nestedEntry(position: ("%d %2$#@total@", "%d %2$#@total@"),
                                                                total: ["one": "of %d match", "other": "of %d matches"]),
            "App/ru.lproj/Search.stringsdict": Self.nestedEntry(position: ("%1$d %2$#@total@", "%1$d %2$#@total@"),
                                                                total: ["one": "из %2$d совпадения", "few": "из %2$d совпадений",
                                                                        "many": "из %3$d совпадений", "other": "из %2$d совпадения"]),
        ])
        XCTAssertEqual(try CheckJob(options: CheckOptions(only: ["placeholder-mismatch"])).run(on: wrong).findings.map(\.message), [
            "\"RESULTS_%d_%d\" %#@total@ many [ru] 'из %3$d совпадений': the translation reads argument 3 (%3$d), which the source does not pass",
        ])
    }

    /// Forms that all leave the count out choose words only: a missing category is a warning.
    func testAPluralWithoutCountsLacksCategoriesAsAWarning() throws {
        let model = try project([
            "App/Localizable.xcstrings": .text(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#),
            "App/en.lproj/Lists.stringsdict": .plurals(key: "delete-lists", variable: "v0", valueType: "d",
                                                       forms: ["one": "Delete list?", "other": "Delete lists?"]),
            "App/ru.lproj/Lists.stringsdict": .plurals(key: "delete-lists", variable: "v0", valueType: "d",
                                                       forms: ["one": "Удалить список?", "other": "Удалить списки?"]),
        ])
        let findings = try CheckJob(options: CheckOptions(only: ["plural-categories"])).run(on: model).findings
        XCTAssertEqual(findings.map(\.severity), [.warning, .warning])
        XCTAssertEqual(findings.first?.message,
                       "\"delete-lists\" %#@v0@ [ru] lacks 'few': 2, 3, 4, 22, 23, 24, … use the 'other' form's words (no form shows the count)")
    }

    /// A translation whose format key moves the variables (Kraftstoff's Japanese
    /// `%#@events@燃料イベントで%#@cars@台の車を輸入。`) is reported at the format key; its forms,
    /// each reading its own variable's value, are not reported again.
    func testMovedVariablesAreReportedAtTheFormatKeyOnly() throws {
        func entry(_ format: String, cars: String, events: String) -> ExampleFile {
            func variable(_ name: String, _ other: String) -> String {
                "\t\t<key>\(name)</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n"
                    + "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>other</key>\n\t\t\t<string>\(other)</string>\n\t\t</dict>\n"
            }
            return .text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>imported</key>\n\t<dict>\n"
                         + "\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>\(format)</string>\n"
                         + variable("cars", cars) + variable("events", events) + "\t</dict>\n</dict>\n</plist>\n")
        }
        let model = try project([
            "App/Localizable.xcstrings": .text(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#),
            "App/en.lproj/Import.stringsdict": entry("Imported %#@cars@ with %#@events@.", cars: "%d cars", events: "%d fuel events"),
            "App/ru.lproj/Import.stringsdict": entry("%#@events@ и %#@cars@", cars: "%d машин", events: "%d событий"),
        ])
        let findings = try CheckJob(options: CheckOptions(only: ["placeholder-mismatch"])).run(on: model).findings
        XCTAssertEqual(findings.count, 2)
        XCTAssertTrue(findings.allSatisfy { $0.message.contains("NSStringLocalizedFormatKey") }, "\(findings.map(\.message))")
    }
}
