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
}
