import Foundation
import XCTest
@testable import L10nKit
@testable import L10nXLIFF
@testable import L10nExchange

/// An app whose keys are its English texts, extracted by Xcode from the Swift code: its
/// development-language `Localizable.strings` lists only the keys whose English differs, its
/// locale files every key Xcode's import wrote (simplex-chat's iOS app: 10 keys in `en.lproj`,
/// 2,000 in `de.lproj`). Xcode's own units of those keys were all refused as `unknown-id`.
final class CodeExtractedKeyImportTests: XCTestCase {
    private func project() throws -> URL {
        try ExchangeFixtures.project(self, files: [
            "App/Info.plist": ExampleFile.infoPlist(declared: ["en", "de"]).data,
            "App/en.lproj/Localizable.strings": Data("/* No comment provided by engineer. */\n\"connecting call\" = \"connecting…\";\n\n".utf8),
            "App/de.lproj/Localizable.strings": Data("""
                /* No comment provided by engineer. */
                " (can be copied)" = " (kann kopiert werden)";

                /* No comment provided by engineer. */
                "%@ (current)" = "%@ (aktuell)";

                /* No comment provided by engineer. */
                "connecting call" = "verbinde…";

                /* No comment provided by engineer. */
                "%lld items" = "%lld Elemente";

                /* No comment provided by engineer. */
                "Gone" = "Weg";


                """.utf8),
            "App/ChatView.swift": Data(#"""
                Text(" (can be copied)")
                Text("\(name) (current)")
                Text("\(count) items")
                Text("connecting call")
                """#.utf8),
        ])
    }

    /// Xcode 15.4's units of the table, as its export writes them: the extracted keys beside the
    /// file's own.
    private func xliff(_ units: [(id: String, source: String, target: String)]) throws -> ImportInput {
        let body = units.map { unit in
            """
                  <trans-unit id="\(unit.id)" xml:space="preserve">
                    <source>\(unit.source)</source>
                    <target state="translated">\(unit.target)</target>
                    <note>No comment provided by engineer.</note>
                  </trans-unit>

            """
        }.joined()
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
              <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
                <header>
                  <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.4" build-num="15F31d"/>
                </header>
                <body>
            \(body)    </body>
              </file>
            </xliff>

            """
        return ImportInput(path: "de.xliff", document: try XLIFFReader().read(Data(text.utf8), path: "de.xliff"))
    }

    func testAnExtractedKeyTheLocaleFileHasIsUpdated() throws {
        let root = try project()
        let model = try ProjectDiscovery(root: root).discover()
        let plan = try XLIFFImporter(project: model).plan([xliff([
            (" (can be copied)", " (can be copied)", " (kopierbar)"),
            ("%@ (current)", "%@ (current)", "%@ (jetzt)"),
            ("connecting call", "connecting…", "verbinde…"),
            ("Brand new text", "Brand new text", "Ganz neuer Text"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.status), [.applied, .applied, .unchanged, .refused], plan.outcomes.compactMap(\.message).joined(separator: "\n"))
        // A key neither file has is still unknown: l10n cannot tell a new string from a removed one.
        XCTAssertEqual(plan.outcomes[3].message, "App/en.lproj/Localizable.strings has no key \"Brand new text\"")
        try plan.write()
        XCTAssertEqual(String(decoding: try Data(contentsOf: root.appendingPathComponent("App/de.lproj/Localizable.strings")), as: UTF8.self), """
            /* No comment provided by engineer. */
            " (can be copied)" = " (kopierbar)";

            /* No comment provided by engineer. */
            "%@ (current)" = "%@ (jetzt)";

            /* No comment provided by engineer. */
            "connecting call" = "verbinde…";

            /* No comment provided by engineer. */
            "%lld items" = "%lld Elemente";

            /* No comment provided by engineer. */
            "Gone" = "Weg";


            """)
    }

    /// A key of the locale's file that no code looks up is a leftover (`translation-only-key`),
    /// not a key Xcode extracts: its unit stays unknown.
    func testALeftoverNoCodeLooksUpIsRefused() throws {
        let model = try ProjectDiscovery(root: project()).discover()
        let plan = try XLIFFImporter(project: model).plan([xliff([("Gone", "Gone", "Fort")])])
        XCTAssertEqual(plan.outcomes.map(\.reason), [.unknownID])
    }

    /// Its placeholders are checked against the key, the format the code passes, when it has
    /// specifiers: a unit whose source reads other arguments is stale, a target that reads other
    /// ones than the key a placeholder mismatch (`%@` for the Int `%lld` reads could crash).
    func testAnExtractedKeysPlaceholdersAreCheckedAgainstTheKey() throws {
        let model = try ProjectDiscovery(root: project()).discover()
        let plan = try XLIFFImporter(project: model).plan([xliff([
            ("%@ (current)", "%@ (current)", "%d (jetzt)"),
            ("%lld items", "%@ items", "%@ Elemente"),
        ])])
        XCTAssertEqual(plan.outcomes.map(\.reason), [.placeholderMismatch, .staleSource], plan.outcomes.compactMap(\.message).joined(separator: "\n"))
        let target = try XLIFFImporter(project: model).plan([xliff([("%lld items", "%lld items", "%@ Elemente")])])
        XCTAssertEqual(target.outcomes.map(\.reason), [.placeholderMismatch], target.outcomes.compactMap(\.message).joined(separator: "\n"))
    }
}
