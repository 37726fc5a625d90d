import XCTest
@testable import L10nFormats
@testable import L10nXLIFF

/// An import that retranslates `.stringsdict` forms or adds new ones changes those strings in
/// the file's own bytes; any other change is left to the writer (nil).
final class StringsdictSpliceTests: XCTestCase {
    /// Four-space indentation (not Xcode's tabs), a comment and an entity, as hand-kept files have.
    let file = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <!-- the refresh interval <string>not a value</string> -->
            <key>%d seconds</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%#@seconds@ &amp; more</string>
                <key>seconds</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>d</string>
                    <key>one</key>
                    <string>%d секунду</string>
                    <key>other</key>
                    <string/>
                </dict>
            </dict>
        </dict>
        </plist>

        """

    /// A project of the English file made from `file` and this Russian one, exported for
    /// Russian (scope all) into `out/ru.xliff`.
    private func exportedProject(russian: String) throws -> URL {
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("App", isDirectory: true)
        let english = file.replacingOccurrences(of: "%d секунду", with: "%d second").replacingOccurrences(of: "<string/>", with: "<string>%d seconds</string>")
        for (folder, text) in [("en.lproj", english), ("ru.lproj", russian)] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: root.appendingPathComponent("\(folder)/Localizable.stringsdict"))
        }
        let export = CLIRun(["export", "--xliff", "--locale", "ru", "--scope", "all", "--out", "out", "--project", "."], in: root)
        XCTAssertEqual(export.status, 0, export.stderr)
        return root
    }

    private func read(_ text: String) throws -> Stringsdict {
        try StringsdictReader.parse(Data(text.utf8), path: "ru.lproj/Localizable.stringsdict")
    }

    func testChangedFormsAreSplicedIntoTheFilesBytes() throws {
        let original = try read(file)
        var edited = original
        edited.setValue("%d секунду <1>", forKey: "%d seconds", variable: "seconds", category: "one")
        edited.setValue("%d секунды", forKey: "%d seconds", variable: "seconds", category: "other")
        let spliced = try XCTUnwrap(StringsdictSplice.applying(edited, to: Data(file.utf8), original: original))
        let expected = file
            .replacingOccurrences(of: "<string>%d секунду</string>", with: "<string>%d секунду &lt;1&gt;</string>")
            .replacingOccurrences(of: "<string/>", with: "<string>%d секунды</string>")
        XCTAssertEqual(String(decoding: spliced, as: UTF8.self), expected)
        XCTAssertEqual(try StringsdictReader.parse(spliced, path: "x").root, edited.root)
        XCTAssertEqual(StringsdictSplice.applying(original, to: Data(file.utf8), original: original), Data(file.utf8), "nothing changed")
    }

    /// The import writes through the splice: a retranslated form of a four-space file with a
    /// comment changes that one line, byte for byte.
    func testAnImportChangesOnlyTheRetranslatedLine() throws {
        let russian = file.replacingOccurrences(of: "<string/>", with: "<string>%d секунды</string>")
        let root = try exportedProject(russian: russian)
        let exported = try String(contentsOf: root.appendingPathComponent("out/ru.xliff"), encoding: .utf8)
        XCTAssertTrue(exported.contains("<target>%d секунду</target>"), exported)
        try Data(exported.replacingOccurrences(of: "<target>%d секунду</target>", with: "<target>%d секунду!</target>").utf8)
            .write(to: root.appendingPathComponent("out/ru.xliff"))
        let run = CLIRun(["import", "out/ru.xliff", "--project", "."], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("ru.lproj/Localizable.stringsdict"), encoding: .utf8),
                       russian.replacingOccurrences(of: "<string>%d секунду</string>", with: "<string>%d секунду!</string>"))
    }

    /// A translator's new plural forms (Russian `few` and `many` for a file that had `one` and
    /// `other`) go on lines of their own with the file's indentation, in category order; a form
    /// after the last member follows that member's line (a real 2-space seconds-ios file lacked `other`).
    func testNewFormsAreInsertedWithTheFilesIndentation() throws {
        let original = try read(file)
        var edited = original
        edited.setValue("%d секунды", forKey: "%d seconds", variable: "seconds", category: "few")
        edited.setValue("%d секунд", forKey: "%d seconds", variable: "seconds", category: "many")
        edited.setValue("%d сек.", forKey: "%d seconds", variable: "seconds", category: "one")
        let spliced = try XCTUnwrap(StringsdictSplice.applying(edited, to: Data(file.utf8), original: original))
        let expected = file.replacingOccurrences(of: """
                        <string>%d секунду</string>
                        <key>other</key>
            """, with: """
                        <string>%d сек.</string>
                        <key>few</key>
                        <string>%d секунды</string>
                        <key>many</key>
                        <string>%d секунд</string>
                        <key>other</key>
            """)
        XCTAssertEqual(String(decoding: spliced, as: UTF8.self), expected)

        let withoutOther = file.replacingOccurrences(of: "            <key>other</key>\n            <string/>\n", with: "")
        XCTAssertNotEqual(withoutOther, file)
        let partial = try read(withoutOther)
        var completed = partial
        completed.setValue("%d секунды & больше", forKey: "%d seconds", variable: "seconds", category: "other")
        let appended = try XCTUnwrap(StringsdictSplice.applying(completed, to: Data(withoutOther.utf8), original: partial))
        XCTAssertEqual(String(decoding: appended, as: UTF8.self), withoutOther.replacingOccurrences(of: """
                        <string>%d секунду</string>

            """, with: """
                        <string>%d секунду</string>
                        <key>other</key>
                        <string>%d секунды &amp; больше</string>

            """))

        let crlf = file.replacingOccurrences(of: "\n", with: "\r\n")
        let crlfOriginal = try read(crlf)
        var crlfEdited = crlfOriginal
        crlfEdited.setValue("%d секунд", forKey: "%d seconds", variable: "seconds", category: "many")
        let crlfSpliced = try XCTUnwrap(StringsdictSplice.applying(crlfEdited, to: Data(crlf.utf8), original: crlfOriginal))
        XCTAssertTrue(String(decoding: crlfSpliced, as: UTF8.self).contains("<key>many</key>\r\n            <string>%d секунд</string>\r\n            <key>other</key>"))
    }

    /// Members that share a line give no indentation to follow: left to the writer.
    func testANewFormBesideAnotherOnOneLineIsLeftToTheWriter() throws {
        let compact = file.replacingOccurrences(of: "<string>%d секунду</string>\n            <key>other</key>", with: "<string>%d секунду</string> <key>other</key>")
        XCTAssertNotEqual(compact, file)
        let original = try read(compact)
        var edited = original
        edited.setValue("%d секунд", forKey: "%d seconds", variable: "seconds", category: "many")
        XCTAssertNil(StringsdictSplice.applying(edited, to: Data(compact.utf8), original: original))
    }

    /// When the import cannot edit the file in place, the report says its comments go.
    func testARewriteThatLosesCommentsIsSaid() throws {
        // `one` and `other` on one line: no indentation to follow for a new form between them.
        let root = try exportedProject(russian: file.replacingOccurrences(of: "<string>%d секунду</string>\n            <key>other</key>",
                                                                         with: "<string>%d секунду</string> <key>other</key>"))
        var exported = try String(contentsOf: root.appendingPathComponent("out/ru.xliff"), encoding: .utf8)
        let few = try XCTUnwrap(exported.range(of: "/seconds:dict/few:dict/:string"))
        let sourceEnd = try XCTUnwrap(exported.range(of: "</source>", range: few.upperBound..<exported.endIndex))
        exported.insert(contentsOf: "\n        <target>%d секунды</target>", at: sourceEnd.upperBound)
        try Data(exported.utf8).write(to: root.appendingPathComponent("out/ru.xliff"))
        let run = CLIRun(["import", "out/ru.xliff", "--project", "."], in: root)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue((run.stdout + run.stderr).contains("ru.lproj/Localizable.stringsdict is written in Xcode's layout"), run.stdout + run.stderr)
    }

    func testAnythingButChangedTextAndNewFormsIsLeftToTheWriter() throws {
        let original = try read(file)
        var removed = original
        removed.removeValue(forKey: "%d seconds", variable: "seconds", category: "one")
        XCTAssertNil(StringsdictSplice.applying(removed, to: Data(file.utf8), original: original), "a removed form")
        var newKey = original
        newKey.setFormat("%#@files@", forKey: "%d files")
        XCTAssertNil(StringsdictSplice.applying(newKey, to: Data(file.utf8), original: original), "a new key")
        var newType = original
        newType.root["%d seconds"] = .integer("1")
        XCTAssertNil(StringsdictSplice.applying(newType, to: Data(file.utf8), original: original), "another kind of value")
    }

    /// A string the splice misreads (a CDATA section holding `</string>`, in the form being
    /// edited) is caught when the result is read back: nil, not a damaged file.
    func testAResultThatReadsBackOtherwiseIsRefused() throws {
        let cdata = file.replacingOccurrences(of: "<string>%d секунду</string>", with: "<string><![CDATA[%d </string> секунду]]></string>")
        let original = try read(cdata)
        XCTAssertEqual(original.entry(forKey: "%d seconds")?.variable("seconds")?.value(for: "one"), "%d </string> секунду")
        var edited = original
        edited.setValue("%d сек.", forKey: "%d seconds", variable: "seconds", category: "one")
        XCTAssertNil(StringsdictSplice.applying(edited, to: Data(cdata.utf8), original: original))
        let plain = file.replacingOccurrences(of: "<string>d</string>", with: "<string><![CDATA[d]]></string>")
        let plainOriginal = try read(plain)
        var plainEdited = plainOriginal
        plainEdited.setValue("%d сек.", forKey: "%d seconds", variable: "seconds", category: "one")
        let spliced = try XCTUnwrap(StringsdictSplice.applying(plainEdited, to: Data(plain.utf8), original: plainOriginal))
        XCTAssertTrue(String(decoding: spliced, as: UTF8.self).contains("<string><![CDATA[d]]></string>"), "an unchanged CDATA string stays")
    }
}
