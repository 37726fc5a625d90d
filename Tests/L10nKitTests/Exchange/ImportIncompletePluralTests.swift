import Foundation
import XCTest
@testable import L10nKit
@testable import L10nExchange

/// A translator file with some plural forms translated and `other` not: the import applies the
/// forms and says in a note that the variation has no `other` (a count without a form shows nothing).
final class ImportIncompletePluralTests: XCTestCase {
    private let catalog = """
        { "sourceLanguage" : "en", "strings" : { "%lld colors" : { "localizations" : { "en" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld color" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld colors" } } } } } } } }, "version" : "1.0" }
        """

    /// Exports `ru`, gives the listed forms (by source) a target, imports it back; returns the import's output.
    private func importForms(_ forms: [String: String], root: URL) throws -> CLIRun {
        try importEdited(root: root) { xliff in
            forms.reduce(xliff) { text, form in
                text.replacingOccurrences(of: "<source>\(form.key)</source>", with: "<source>\(form.key)</source>\n        <target state=\"translated\">\(form.value)</target>")
            }
        }
    }

    private func importEdited(root: URL, _ edit: (String) -> String) throws -> CLIRun {
        let out = root.deletingLastPathComponent().appendingPathComponent("x")
        XCTAssertEqual(CLIRun(["export", "--xliff", "--scope", "all", "--locale", "ru", "--out", out.path, "--project", root.path]).status, 0)
        let file = out.appendingPathComponent("in.xliff")
        try Data(edit(try String(contentsOf: out.appendingPathComponent("ru.xliff"), encoding: .utf8)).utf8).write(to: file)
        return CLIRun(["import", file.path, "--project", root.path])
    }

    func testACatalogPluralLeftWithoutOtherIsNamed() throws {
        let root = try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": Data(catalog.utf8)])
        let run = try importForms(["%lld color": "%lld цвет"], root: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("note: App/Localizable.xcstrings: 1 plural in 'ru' has forms but no 'other' after the import (\"%lld colors\"): "
                                          + "a count without a form of its own shows nothing"), run.stdout)

        let complete = try ExchangeFixtures.project(self, files: ["App/Localizable.xcstrings": Data(catalog.utf8)])
        let done = try importForms(["%lld color": "%lld цвет", "%lld colors": "%lld цветов"], root: complete)
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertFalse(done.stdout.contains("no 'other'"), done.stdout)
        // Only 'one' changed again: the variation keeps the 'other' it had.
        let again = try importEdited(root: complete) { $0.replacingOccurrences(of: ">%lld цвет</target>", with: ">%lld цвет!</target>") }
        XCTAssertTrue(again.stdout.contains("1 applied"), again.stdout)
        XCTAssertFalse(again.stdout.contains("no 'other'"), again.stdout)
    }

    func testAStringsdictPluralLeftWithoutOtherIsNamed() throws {
        let root = try ExchangeFixtures.project(self, files: [
            "App/en.lproj/Localizable.stringsdict": ExampleFile.plurals(key: "%ld color(s)", variable: "colors", valueType: "ld",
                                                                        forms: ["one": "%ld color", "other": "%ld colors"]).data,
            "App/ru.lproj/Localizable.strings": Data("\"title\" = \"Заголовок\";\n".utf8),
        ])
        let run = try importForms(["%ld color": "%ld цвет"], root: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("note: App/ru.lproj/Localizable.stringsdict: 1 plural in 'ru' has forms but no 'other' after the import (\"%ld color(s)\")"),
                      run.stdout)
    }

    /// A `.stringsdict` format key naming its variable, returned without any of the variable's
    /// forms into a locale that has none: refused as in a catalog (it was written alone, and
    /// `check` then found an undefined-substitution error in the file the import created).
    func testAStringsdictFormatKeyWithoutItsVariableIsRefused() throws {
        let root = try ExchangeFixtures.project(self, files: [
            "App/en.lproj/Localizable.stringsdict": ExampleFile.plurals(key: "%ld color(s)", variable: "colors", valueType: "ld",
                                                                        forms: ["one": "%ld color", "other": "%ld colors"]).data,
            "App/ru.lproj/Localizable.strings": Data("\"title\" = \"Заголовок\";\n".utf8),
        ])
        let alone = try importForms(["%#@colors@": "Цвета: %#@colors@"], root: root)
        XCTAssertEqual(alone.status, 1, alone.stderr)
        XCTAssertTrue(alone.stdout.contains("refused (placeholder-mismatch)") && alone.stdout.contains("the variable 'colors' (%#@colors@), which 'ru' does not define yet"),
                      alone.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("App/ru.lproj/Localizable.stringsdict").path))
        let together = try importForms(["%#@colors@": "Цвета: %#@colors@", "%ld color": "%ld цвет", "%ld colors": "%ld цветов"], root: root)
        XCTAssertEqual(together.status, 0, together.stderr)
        XCTAssertTrue(together.stdout.contains("0 refused") && together.stdout.contains("→ \"Цвета: %#@colors@\""), together.stdout)
    }
}
