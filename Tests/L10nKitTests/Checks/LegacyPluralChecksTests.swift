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
}
