import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// A legacy `.lproj` project without any String Catalog round-trips completely: a real storyboard
/// (WorldTrotter) and intent definition (mastodon-ios), a `.strings` table and a `.stringsdict`,
/// exported to German, every unit translated, imported with nothing refused, and the next
/// export and import find everything in place.
final class LegacyProjectRoundTripTests: XCTestCase {
    private let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>photos</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@n@</string>
        \t\t<key>n</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>d</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%d photo</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%d photos</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>

        """

    /// What a translator returns: every unit's target in German form, specifiers kept.
    private func translated(_ document: XLIFFDocument) -> XLIFFDocument {
        var document = document
        for file in document.files.indices {
            for unit in document.files[file].units.indices where document.files[file].units[unit].translate {
                let source = document.files[file].units[unit].source
                document.files[file].units[unit].target = source.isEmpty ? "" : "DE " + source
                document.files[file].units[unit].targetState = .translated
            }
        }
        return document
    }

    func testEveryKindRoundTrips() throws {
        let root = try ExchangeFixtures.project(self, files: [
            "App/Info.plist": ExampleFile.infoPlist(declared: ["en", "de"]).data,
            "App/Base.lproj/Main.storyboard": try Data(contentsOf: Fixtures.golden("ib/WorldTrotter/Base.lproj/Main.storyboard")),
            "App/Base.lproj/Intents.intentdefinition": try Data(contentsOf: Fixtures.golden("intents/Mastodon/Base.lproj/Intents.intentdefinition")),
            "App/en.lproj/Localizable.strings": Data("/* Title of the home screen */\n\"home_title\" = \"Home\";\n\n\"photos\" = \"%d photos\";\n".utf8),
            "App/en.lproj/Localizable.stringsdict": Data(stringsdict.utf8),
        ])
        let project = try ProjectDiscovery(root: root).discover()
        XCTAssertTrue(project.catalogs.isEmpty, "a legacy project: no String Catalog")
        let export = XLIFFExporter(project: project).export(locale: "de", scope: .all)
        let originals = Set(export.document.files.map(\.original))
        XCTAssertEqual(originals, ["App/Base.lproj/Main.storyboard", "App/Base.lproj/Intents.intentdefinition",
                                   "App/en.lproj/Localizable.strings", "App/en.lproj/Localizable.stringsdict"])
        let units = export.document.files.flatMap(\.units)
        XCTAssertGreaterThan(units.count, 30)

        let plan = try ExchangeFixtures.plan(root, [ImportInput(path: "de.xliff", document: translated(export.document))])
        XCTAssertEqual(plan.totals.refused, 0, plan.outcomes.filter { $0.status == .refused }.map { "\($0.id): \($0.message ?? "")" }.joined(separator: "\n"))
        XCTAssertEqual(plan.totals.applied, units.filter(\.translate).count)
        XCTAssertEqual(Set(plan.changes.map(\.path)), ["App/de.lproj/Main.strings", "App/de.lproj/Intents.strings",
                                                      "App/de.lproj/Localizable.strings", "App/de.lproj/Localizable.stringsdict"])
        try plan.write()

        // The next export finds every translation in place; importing it again changes nothing.
        let again = XLIFFExporter(project: try ProjectDiscovery(root: root).discover()).export(locale: "de", scope: .all)
        for unit in again.document.files.flatMap(\.units) where unit.translate {
            XCTAssertEqual(unit.target, unit.source.isEmpty ? "" : "DE " + unit.source, unit.id)
        }
        XCTAssertEqual(XLIFFExporter(project: try ProjectDiscovery(root: root).discover()).export(locale: "de", scope: .missing).unitCount, 0)
        let second = try ExchangeFixtures.plan(root, [ImportInput(path: "de.xliff", document: translated(export.document))])
        XCTAssertEqual(second.totals.applied, 0)
        XCTAssertTrue(second.changes.isEmpty)
        let plural = try StringsdictReader.read(contentsOf: root.appendingPathComponent("App/de.lproj/Localizable.stringsdict"))
        XCTAssertEqual(plural.entry(forKey: "photos")?.variable("n")?.value(for: "one"), "DE %d photo")
    }
}

/// A translation's `.strings` file in genstrings' layout stays in it after an import adds a key
/// whose source has no comment: the new entry gets genstrings' note, as the entries before it
/// have, so `format --check` passes after the import as before (it failed on the file l10n wrote).
final class ImportKeepsGenstringsLayoutTests: XCTestCase {
    func testAnAppendedEntryGetsGenstringsNote() throws {
        let root = try ExchangeFixtures.project(self, files: [
            "App/en.lproj/Localizable.strings": Data("\"Dismiss\" = \"Dismiss\";\n\"Cancel\" = \"Cancel\";\n".utf8),
            "App/fr.lproj/Localizable.strings": Data("/* No comment provided by engineer. */\n\"Dismiss\" = \"Rejeter\";\n\n".utf8),
        ])
        XCTAssertEqual(CLIRun(["format", "--check", "App/fr.lproj/Localizable.strings"], in: root).status, 0)
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="Cancel" xml:space="preserve">
                    <source>Cancel</source>
                    <target state="translated">Annuler</target>
                    <note/>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """
        let input = root.deletingLastPathComponent().appendingPathComponent("fr.xliff")
        try Data(xliff.utf8).write(to: input)
        let run = CLIRun(["import", input.path, "--project", root.path])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("App/fr.lproj/Localizable.strings"), encoding: .utf8),
                       "/* No comment provided by engineer. */\n\"Dismiss\" = \"Rejeter\";\n\n/* No comment provided by engineer. */\n\"Cancel\" = \"Annuler\";\n\n")
        let check = CLIRun(["format", "--check", "App/fr.lproj/Localizable.strings"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }
}
