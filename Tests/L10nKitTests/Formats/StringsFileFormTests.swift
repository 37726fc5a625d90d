import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nCore
@testable import L10nKit
@testable import L10nProject

/// `.strings` files in the two other forms Foundation reads: entries wrapped in `{ }` (an
/// old-style property-list dictionary) and an XML property list. Both were refused as
/// malformed, which stopped every command on the whole project (a real legacy app keeps one).
final class StringsFileFormTests: XCTestCase {
    /// As Foundation writes a dictionary of strings (`plutil -convert xml1`).
    static let appleXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>Cancel</key>
        \t<string>Annuler</string>
        \t<key>OK</key>
        \t<string>OK</string>
        </dict>
        </plist>

        """

    func testXMLPropertyListIsReadWithLocationsAndWrittenBackUnchanged() throws {
        let file = try StringsReader.parse(Data(Self.appleXML.utf8), path: "fr.lproj/Localizable.strings")
        XCTAssertEqual(file.form, .xmlPropertyList)
        XCTAssertEqual(file.entries.map(\.key), ["Cancel", "OK"])
        XCTAssertEqual(file.value(forKey: "Cancel"), "Annuler")
        XCTAssertEqual(file.entries.first?.location?.line, 5)
        XCTAssertEqual(String(decoding: StringsWriter.data(for: file), as: UTF8.self), Self.appleXML)
        XCTAssertEqual(String(decoding: StringsWriter.canonicalData(for: file), as: UTF8.self), Self.appleXML,
                       "Foundation's own layout is the canonical one")
    }

    /// An edit writes the file as Foundation does, in entry order, escaping `& < >`; a file laid
    /// out by hand is re-laid out only when an entry changes.
    func testEditedXMLPropertyListIsWrittenInFoundationsLayout() throws {
        let handWritten = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict>\n  <key>Zoom</key><string>Zoom</string>\n"
            + "  <key>A &amp; B</key><string>a</string>\n</dict></plist>\n"
        var file = try StringsReader.parse(Data(handWritten.utf8), path: "de.lproj/Localizable.strings")
        file.setValue("Zoom", forKey: "Zoom")
        XCTAssertEqual(String(decoding: StringsWriter.data(for: file), as: UTF8.self), handWritten, "setting the same value changes nothing")
        file.setValue("Vergrößern <1>", forKey: "Zoom")
        file.setValue("neu", forKey: "New")
        XCTAssertEqual(String(decoding: StringsWriter.data(for: file), as: UTF8.self), """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>Zoom</key>
            \t<string>Vergrößern &lt;1&gt;</string>
            \t<key>A &amp; B</key>
            \t<string>a</string>
            \t<key>New</key>
            \t<string>neu</string>
            </dict>
            </plist>

            """)
        var withCR = file
        withCR.setValue("a\r\nb", forKey: "A & B")
        XCTAssertEqual(try StringsReader.parse(StringsWriter.data(for: withCR), path: "x").value(forKey: "A & B"), "a\r\nb",
                       "a CR is written as a reference, which XML keeps")
        let reread = try StringsReader.parse(StringsWriter.data(for: file), path: "x")
        XCTAssertEqual(reread.entries.map(\.key), ["Zoom", "A & B", "New"])
        XCTAssertEqual(reread.value(forKey: "Zoom"), "Vergrößern <1>")
        XCTAssertTrue(file.removeValue(forKey: "Zoom") && file.removeValue(forKey: "A & B") && file.removeValue(forKey: "New"))
        XCTAssertTrue(String(decoding: StringsWriter.data(for: file), as: UTF8.self).hasSuffix("<plist version=\"1.0\">\n<dict/>\n</plist>\n"))
    }

    /// An edit of a file laid out one member per line goes into its own bytes: its comments, its
    /// indentation and its declaration stay (a red-team run lost a legal note on import).
    func testAnEditIsSplicedIntoTheFilesOwnBytes() throws {
        let commented = Self.appleXML.replacingOccurrences(of: "<dict>\n", with: "<dict>\n\t<!-- legal: reviewed 2026-11 -->\n")
        var file = try StringsReader.parse(Data(commented.utf8), path: "fr.lproj/Localizable.strings")
        file.setValue("Annuler & fermer", forKey: "Cancel")
        file.setValue("Nouveau", forKey: "New")
        XCTAssertEqual(String(decoding: StringsWriter.data(for: file), as: UTF8.self), commented
            .replacingOccurrences(of: "<string>Annuler</string>", with: "<string>Annuler &amp; fermer</string>")
            .replacingOccurrences(of: "\t<string>OK</string>\n", with: "\t<string>OK</string>\n\t<key>New</key>\n\t<string>Nouveau</string>\n"))
    }

    /// `format` leaves a file in this form as it is, as it does a `.stringsdict`: re-laying it
    /// out dropped its comments (a review's case).
    func testAFileInThisFormIsItsOwnCanonicalForm() throws {
        let handWritten = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<!-- hand-written -->\n<dict>\n  <key>Zoom</key>\n  <string>Zoom</string>\n</dict>\n</plist>\n"
        let file = try StringsReader.parse(Data(handWritten.utf8), path: "x")
        XCTAssertEqual(String(decoding: StringsWriter.canonicalData(for: file), as: UTF8.self), handWritten)
        XCTAssertEqual(try CanonicalForm.strings.canonicalize(Data(handWritten.utf8), "x", nil), Data(handWritten.utf8), "format --check calls it canonical")
    }

    /// A UTF-16 file is read whatever its declaration says (it was refused when it declared
    /// UTF-16), and an edit keeps its encoding; Foundation's own layout is written as UTF-8, as
    /// it declares.
    func testUTF16PropertyListsAreReadAndWrittenConsistently() throws {
        let labelled = Self.appleXML.replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        let bytes = Data([0xFF, 0xFE]) + labelled.data(using: .utf16LittleEndian)!
        var file = try StringsReader.parse(bytes, path: "x")
        XCTAssertEqual(file.value(forKey: "Cancel"), "Annuler")
        file.setValue("Annuler !", forKey: "Cancel")
        let written = StringsWriter.data(for: file)
        XCTAssertEqual(Array(written.prefix(2)), [0xFF, 0xFE], "spliced, the file stays UTF-16")
        XCTAssertEqual(try StringsReader.parse(written, path: "x").value(forKey: "Cancel"), "Annuler !")
        XCTAssertTrue(file.removeValue(forKey: "OK"))
        let relaid = StringsWriter.data(for: file)
        XCTAssertTrue(String(decoding: relaid, as: UTF8.self).hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), "a removal is re-laid out, as UTF-8")
    }

    func testXMLPropertyListThatIsNoDictionaryOfStringsIsLocated() {
        let cases: [(String, String, Int)] = [
            ("<plist version=\"1.0\"><array/></plist>", "not array", 1),
            ("<plist version=\"1.0\"><dict>\n<key>n</key><integer>3</integer></dict></plist>", "not integer for the key \"n\"", 2),
        ]
        for (text, message, line) in cases {
            XCTAssertThrowsError(try StringsReader.parse(Data(text.utf8), path: "x.strings")) { error in
                let located = error as? LocatedError
                XCTAssertTrue(located?.message.contains(message) ?? false, "\(error)")
                XCTAssertEqual(located?.location?.line, line, "\(error)")
            }
        }
    }

    func testBracedFileKeepsItsBytesAndEditsInside() throws {
        let text = "/* header */\n{\n    \"Cancel\" = \"Abbrechen\";\n    \"OK\" = \"OK\";\n}\n"
        var file = try StringsReader.parse(text, path: "de.lproj/Localizable.strings")
        XCTAssertEqual(file.form, .braced)
        XCTAssertEqual(file.entries.map(\.key), ["Cancel", "OK"])
        XCTAssertEqual(file.entries.first?.location?.line, 3)
        XCTAssertEqual(file.text, text)
        file.setValue("Abbruch", forKey: "Cancel")
        file.setValue("Neu", forKey: "New")
        XCTAssertEqual(file.text, "/* header */\n{\n    \"Cancel\" = \"Abbruch\";\n    \"OK\" = \"OK\";\n\"New\" = \"Neu\";\n}\n")
        XCTAssertEqual(try StringsReader.parse(file.text, path: "x").value(forKey: "New"), "Neu")

        var empty = try StringsReader.parse("{\n}\n", path: "x")
        empty.setValue("b", forKey: "a")
        XCTAssertEqual(empty.text, "{\n\"a\" = \"b\";\n}\n")

        // A review found entries appended after the `}`: one on the last entry's line, and one
        // past a comment holding a `}` (Foundation could read neither file).
        var oneLine = try StringsReader.parse("{ \"hello\" = \"Hallo\"; /* greeting */ }\n", path: "x")
        oneLine.setValue("Tschüss", forKey: "bye")
        XCTAssertEqual(oneLine.text, "{ \"hello\" = \"Hallo\"; /* greeting */ \n\"bye\" = \"Tschüss\";\n}\n")
        XCTAssertEqual(try StringsReader.parse(oneLine.text, path: "x").keys, ["hello", "bye"])
        var commented = try StringsReader.parse("{\n}\n// closing } above\n", path: "x")
        commented.setValue("Hallo", forKey: "hello")
        XCTAssertEqual(commented.text, "{\n\"hello\" = \"Hallo\";\n}\n// closing } above\n")
        var withComment = try StringsReader.parse("{\n\"a\" = \"1\";\n/* the end } */\n}\n", path: "x")
        withComment.setValue("2", forKey: "b")
        XCTAssertEqual(try StringsReader.parse(withComment.text, path: "x").keys, ["a", "b"], withComment.text)
    }

    /// `format` writes the plain form; the braces go, the comments stay.
    func testBracedFileCanonicalFormKeepsComments() throws {
        let file = try StringsReader.parse("/* header */\n\n{\n/* Cancel button */\n\"Cancel\" = \"Abbrechen\";\n}\n", path: "x")
        XCTAssertEqual(String(decoding: StringsWriter.canonicalData(for: file), as: UTF8.self),
                       "/* header */\n\n/* Cancel button */\n\"Cancel\" = \"Abbrechen\";\n\n")
    }

    /// A compiled (binary) property list was refused as "invalid UTF-8 … save the file as UTF-8".
    func testABinaryPropertyListIsNamedForWhatItIs() {
        XCTAssertThrowsError(try StringsReader.parse(Data("bplist00\u{D1}\u{01}".utf8), path: "x.strings")) { error in
            XCTAssertTrue((error as? LocatedError)?.message.contains("binary property-list form") ?? false, "\(error)")
            XCTAssertTrue("\(error)".contains("plutil -convert xml1"), "\(error)")
        }
    }

    func testBracedFileErrorsAreLocated() {
        let cases: [(String, String, Int, Int)] = [
            ("{\n\"a\" = \"b\";\n", "no closing '}'", 1, 1),
            ("{\n\"a\" = \"b\";\n}\n\"c\" = \"d\";\n", "unexpected character", 4, 1),
            ("\"a\" = \"b\";\n}\n", "unexpected character '}'", 2, 1),
        ]
        for (text, message, line, column) in cases {
            XCTAssertThrowsError(try StringsReader.parse(text, path: "x.strings")) { error in
                let located = error as? LocatedError
                XCTAssertTrue(located?.message.contains(message) ?? false, "\(error)")
                XCTAssertEqual(located?.location?.line, line, "\(error)")
                XCTAssertEqual(located?.location?.column, column, "\(error)")
            }
        }
    }

    /// The legacy app of the hunt: a plain `en`, a braced `de`, an XML `fr`. Every command used
    /// to stop with exit 2 on the whole project; now check passes, export carries the texts and
    /// an import edits each file in its own form.
    func testProjectWithEveryFormChecksExportsAndImports() throws {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("P", isDirectory: true)
        try CheckExample("", files: [
            "App/en.lproj/Localizable.strings": .text("\"Cancel\" = \"Cancel\";\n\"OK\" = \"OK\";\n"),
            "App/de.lproj/Localizable.strings": .text("{\n    \"Cancel\" = \"Abbrechen\";\n    \"OK\" = \"OK\";\n}\n"),
            "App/fr.lproj/Localizable.strings": .text(Self.appleXML),
        ]).write(to: root)
        let check = CLIRun(["check", "--project", root.path])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let out = root.appendingPathComponent("out")
        let export = CLIRun(["export", "--xliff", "--locale", "fr", "--locale", "de", "--scope", "all", "--out", out.path, "--project", root.path])
        XCTAssertEqual(export.status, 0, export.stderr)
        for (locale, old, new) in [("fr", "Annuler", "Annuler &amp; fermer"), ("de", "Abbrechen", "Abbruch")] {
            let url = out.appendingPathComponent(locale + ".xliff")
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertTrue(text.contains("<target>\(old)</target>"), text)
            try text.replacingOccurrences(of: "<target>\(old)</target>", with: "<target>\(new)</target>").write(to: url, atomically: true, encoding: .utf8)
        }
        let imported = CLIRun(["import", out.appendingPathComponent("fr.xliff").path, out.appendingPathComponent("de.xliff").path, "--project", root.path])
        XCTAssertEqual(imported.status, 0, imported.stdout + imported.stderr)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("App/de.lproj/Localizable.strings"), encoding: .utf8),
                       "{\n    \"Cancel\" = \"Abbruch\";\n    \"OK\" = \"OK\";\n}\n")
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("App/fr.lproj/Localizable.strings"), encoding: .utf8),
                       Self.appleXML.replacingOccurrences(of: "<string>Annuler</string>", with: "<string>Annuler &amp; fermer</string>"))
    }
}
