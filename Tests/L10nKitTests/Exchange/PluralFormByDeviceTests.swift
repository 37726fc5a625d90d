import Foundation
import L10nKit
import XCTest

/// A source whose plural form is varied by device (`plural.one.device.mac`, a nesting a catalog
/// edited by hand or by a tool may have): the export gave the varied form a unit of its own text
/// besides its device units, and the import refused those device units as unknown ids.
final class PluralFormByDeviceTests: XCTestCase {
    static let catalog = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld files" : {
          "localizations" : {
            "en" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "variations" : {
                      "device" : {
                        "mac" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "%lld file on this Mac"
                          }
                        },
                        "other" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "%lld file"
                          }
                        }
                      }
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld files"
                    }
                  }
                }
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """#

    func testTheVariedFormTravelsAsItsDeviceUnitsBothWays() throws {
        let root = try Fixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/de.lproj"), withIntermediateDirectories: true)
        let catalog = root.appendingPathComponent("App/Localizable.xcstrings")
        try Data(Self.catalog.utf8).write(to: catalog)
        let export = CLIRun(["export", "--xliff", "--locale", "de", "--scope", "all", "--out", "out"], in: root)
        XCTAssertEqual(export.status, 0, export.stderr)
        let exported = try String(contentsOf: root.appendingPathComponent("out/de.xliff"), encoding: .utf8)
        let ids = exported.components(separatedBy: "<trans-unit id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertEqual(ids, ["%lld files|==|plural.one.device.mac", "%lld files|==|plural.one.device.other", "%lld files|==|plural.other"])

        let translated = exported
            .replacingOccurrences(of: "<source>%lld file on this Mac</source>", with: "<source>%lld file on this Mac</source>\n        <target state=\"translated\">%lld Datei auf diesem Mac</target>")
            .replacingOccurrences(of: "<source>%lld file</source>", with: "<source>%lld file</source>\n        <target state=\"translated\">%lld Datei</target>")
            .replacingOccurrences(of: "<source>%lld files</source>", with: "<source>%lld files</source>\n        <target state=\"translated\">%lld Dateien</target>")
        try Data(translated.utf8).write(to: root.appendingPathComponent("de.xliff"))
        let imported = CLIRun(["import", "de.xliff"], in: root)
        XCTAssertEqual(imported.status, 0, imported.stdout + imported.stderr)
        XCTAssertTrue(imported.stdout.contains("3 units: 3 applied, 0 unchanged, 0 skipped, 0 refused"), imported.stdout)
        let german = try XCTUnwrap(try StringCatalogReader.read(Data(contentsOf: catalog), file: "Localizable.xcstrings")
            .entries["%lld files"]?.localizations?["de"])
        XCTAssertNil(german.stringUnit(at: StringUnitPath(["plural", "one"])), "a varied form holds no text of its own")
        XCTAssertEqual(german.stringUnit(at: StringUnitPath(["plural", "one", "device", "mac"]))?.value, "%lld Datei auf diesem Mac")
        XCTAssertEqual(german.stringUnit(at: StringUnitPath(["plural", "one", "device", "other"]))?.value, "%lld Datei")
        XCTAssertEqual(german.stringUnit(at: StringUnitPath(["plural", "other"]))?.value, "%lld Dateien")

        // Exported again, the translations come back as the translator returned them.
        XCTAssertEqual(CLIRun(["export", "--xliff", "--locale", "de", "--scope", "all", "--out", "again"], in: root).status, 0)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("again/de.xliff"), encoding: .utf8), translated)

        // A unit for the varied form itself (an earlier export wrote one) has no place: refused, not set beside its variation.
        let stray = translated.replacingOccurrences(
            of: "      <trans-unit id=\"%lld files|==|plural.other\"",
            with: "      <trans-unit id=\"%lld files|==|plural.one\" xml:space=\"preserve\">\n        <source>%lld files</source>\n        <target state=\"translated\">%lld Datei</target>\n        <note/>\n      </trans-unit>\n      <trans-unit id=\"%lld files|==|plural.other\"")
        try Data(stray.utf8).write(to: root.appendingPathComponent("stray.xliff"))
        let refused = CLIRun(["import", "stray.xliff", "--dry-run"], in: root)
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stdout.contains("refused (unknown-id): App/Localizable.xcstrings \"%lld files|==|plural.one\" [de]"), refused.stdout)
    }

    /// A locale that holds the varied form as one text (`plural.one` = "%lld Datei", from before
    /// the source varied it): importing the form's device units kept that text beside the new
    /// variation (found by a review). The text becomes the variation's `other` unless the file
    /// sends that case.
    func testTheLocalesOneTextOfAVariedFormMakesWayForItsDeviceUnits() throws {
        let root = try Fixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/de.lproj"), withIntermediateDirectories: true)
        let catalog = root.appendingPathComponent("App/Localizable.xcstrings")
        var json = try JSONSerialization.jsonObject(with: Data(Self.catalog.utf8)) as! [String: Any]
        var strings = json["strings"] as! [String: Any]
        var entry = strings["%lld files"] as! [String: Any]
        var localizations = entry["localizations"] as! [String: Any]
        localizations["de"] = ["variations": ["plural": [
            "one": ["stringUnit": ["state": "translated", "value": "%lld Datei"]],
            "other": ["stringUnit": ["state": "translated", "value": "%lld Dateien"]],
        ]]]
        entry["localizations"] = localizations
        strings["%lld files"] = entry
        json["strings"] = strings
        try JSONSerialization.data(withJSONObject: json).write(to: catalog)
        XCTAssertEqual(CLIRun(["format", "App/Localizable.xcstrings"], in: root).status, 0)
        XCTAssertEqual(CLIRun(["export", "--xliff", "--locale", "de", "--out", "out"], in: root).status, 0)
        let exported = try String(contentsOf: root.appendingPathComponent("out/de.xliff"), encoding: .utf8)
        XCTAssertTrue(exported.contains("plural.one.device.mac") && !exported.contains("|==|plural.other"), exported)
        let translated = exported.replacingOccurrences(
            of: "<source>%lld file on this Mac</source>", with: "<source>%lld file on this Mac</source>\n        <target state=\"translated\">%lld Datei auf diesem Mac</target>")
        try Data(translated.utf8).write(to: root.appendingPathComponent("de.xliff"))
        let imported = CLIRun(["import", "de.xliff"], in: root)
        XCTAssertEqual(imported.status, 0, imported.stdout + imported.stderr)
        let german = try XCTUnwrap(try StringCatalogReader.read(Data(contentsOf: catalog), file: "Localizable.xcstrings")
            .entries["%lld files"]?.localizations?["de"])
        XCTAssertNil(german.stringUnit(at: StringUnitPath(["plural", "one"])), "the form holds no text beside its variation")
        XCTAssertEqual(german.stringUnit(at: StringUnitPath(["plural", "one", "device", "mac"]))?.value, "%lld Datei auf diesem Mac")
        XCTAssertEqual(german.stringUnit(at: StringUnitPath(["plural", "one", "device", "other"]))?.value, "%lld Datei")
        XCTAssertEqual(german.stringUnit(at: StringUnitPath(["plural", "other"]))?.value, "%lld Dateien")
    }

    /// A form only the locale varies by device (the source's `plural.one` is one text) is still
    /// exported as the source's form: the first version of the rule above read the locale's
    /// variations too and dropped the German `one` from the export altogether (found by a review).
    func testAFormOnlyTheLocaleVariesIsStillExported() throws {
        let root = try Fixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/de.lproj"), withIntermediateDirectories: true)
        func plural(_ one: [String: Any], _ other: String) -> [String: Any] {
            ["variations": ["plural": ["one": one, "other": ["stringUnit": ["state": "translated", "value": other]]]]]
        }
        let json: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": ["%lld files": ["localizations": [
            "en": plural(["stringUnit": ["state": "translated", "value": "%lld file"]], "%lld files"),
            "de": plural(["variations": ["device": ["mac": ["stringUnit": ["state": "translated", "value": "%lld Datei am Mac"]],
                                                    "other": ["stringUnit": ["state": "translated", "value": "%lld Datei"]]]]], "%lld Dateien"),
        ]]]]
        try JSONSerialization.data(withJSONObject: json).write(to: root.appendingPathComponent("App/Localizable.xcstrings"))
        XCTAssertEqual(CLIRun(["export", "--xliff", "--locale", "de", "--scope", "all", "--out", "out"], in: root).status, 0)
        let exported = try String(contentsOf: root.appendingPathComponent("out/de.xliff"), encoding: .utf8)
        XCTAssertTrue(exported.contains("<trans-unit id=\"%lld files|==|plural.one\""), exported)
        XCTAssertTrue(exported.contains("<trans-unit id=\"%lld files|==|plural.other\""), exported)
    }
}
