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

final class StringsFileTests: XCTestCase {
    private func golden(_ name: String) throws -> StringsFile {
        try StringsReader.parse(LegacyGolden.read("strings/" + name), path: name)
    }

    // MARK: Reading

    func testTrickyFileRoundTripsByteForByte() throws {
        let data = try LegacyGolden.read("strings/Tricky.strings")
        let file = try StringsReader.parse(data, path: "Tricky.strings")
        XCTAssertEqual(file.encoding, .utf8)
        XCTAssertEqual(StringsWriter.data(for: file), data)
    }

    /// A key or value token that is its text in plain quotes is not kept beside the text (a
    /// project holds every table for the whole run); one with escapes, unquoted or written
    /// another way is, and both give the file's bytes back, edited or not.
    func testOnlyTokensThatAreNotPlainAreKept() throws {
        let data = try LegacyGolden.read("strings/Tricky.strings")
        var file = try StringsReader.parse(data, path: "Tricky.strings")
        var plain = 0, written = 0
        for entry in file.entries {
            let tokens = [entry.source.key] + (entry.source.value.map { [$0] } ?? [])
            for token in tokens {
                if case .written(let text) = token {
                    written += 1
                    XCTAssertTrue(text.first != "\"" || text.contains("\\"), "kept, yet plain: \(text)")
                } else {
                    plain += 1
                }
            }
        }
        XCTAssertGreaterThan(plain, 10)
        XCTAssertGreaterThan(written, 2, "the escapes, the unquoted token")
        XCTAssertEqual(file.text, String(decoding: data, as: UTF8.self))
        file.setValue("mit \"Anführungszeichen\"", forKey: "Continue")
        guard case .written(#""mit \"Anführungszeichen\"""#)? = file.entry(forKey: "Continue")?.source.value else {
            return XCTFail("an escaped value is kept as written: \(String(describing: file.entry(forKey: "Continue")?.source.value))")
        }
        file.setValue("Weiter", forKey: "Continue")
        XCTAssertEqual(file.entry(forKey: "Continue")?.source.value, .plain)
        XCTAssertTrue(file.text.contains(#""Continue" = "Weiter";"#))
    }

    func testTrickyFileEntriesInOrder() throws {
        let file = try golden("Tricky.strings")
        XCTAssertEqual(file.entries.map(\.key), [
            "Continue", "%d%% off", "Default_offer_details_with_intro_offer", "Eligible", "app.version.label",
            "spaced", "multi", "escapes", "single", "Privacy policy", "Privacy policy", "emoji 🇩🇪", "url",
        ])
        XCTAssertEqual(file["Continue"], "Continue")
        XCTAssertEqual(file["Eligible"], "Eligible", "\"key\"; means value = key")
        XCTAssertEqual(file["app.version.label"], "v2.0-beta_1")
        XCTAssertEqual(file["url"], "http://example.com/path", "// inside an unquoted token is not a comment")
        XCTAssertEqual(file["spaced"], "odd   whitespace")
        XCTAssertEqual(file["multi"], "line one\nline two")
        XCTAssertEqual(file["single"], "It's \"quoted\"")
        XCTAssertEqual(file["emoji 🇩🇪"], "Flagge 🇩🇪 café")
        XCTAssertNil(file["missing"])
    }

    func testEveryEscape() throws {
        let file = try golden("Tricky.strings")
        XCTAssertEqual(file["escapes"],
                       "bell\u{07} back\u{08} form\u{0C} nl\n cr\r tab\t vt\u{0B} quote\" backslash\\ newline\n"
                       + "done octalA’\u{0} hexé€ pair😀 otherq'")
        let octal = try StringsReader.parse(#""a" = "\1011\240\375\777";"#, path: "x")
        XCTAssertEqual(octal["a"], "A1©ÿ\u{0}", "three octal digits at most, read as NeXTSTEP Latin; 0xFF is undefined")
        let hex = try StringsReader.parse(#""a" = "\U41\Ug \UD83D\UDE00";"#, path: "x")
        XCTAssertEqual(hex["a"], "A\u{0}g 😀", "up to 4 hex digits; a surrogate pair is one character")
    }

    /// Issue 12 item 10: a lone surrogate became U+FFFD silently (format wrote it back, exit 0)
    /// while the catalog reader refuses it; now both refuse it at the escape.
    func testLoneSurrogateEscapeIsRefusedAtItsPosition() {
        for (text, unit, column) in [(#""a" = "x\Ud800";"#, UInt16(0xD800), 9), (#""a" = "\UDC00y";"#, 0xDC00, 8),
                                     (#""a" = "\UD83Dz\UDE00";"#, 0xD83D, 8), ("\n\"k\" = \"ok\\UD83D\\UDE00 \\UDBFF\";", 0xDBFF, 23)] {
            XCTAssertThrowsError(try StringsReader.parse(text, path: "x.strings"), text) { error in
                XCTAssertEqual((error as? StringsSyntaxError)?.kind, .loneSurrogate(unit), text)
                XCTAssertEqual((error as? StringsSyntaxError)?.location, SourceLocation(file: "x.strings", line: text.hasPrefix("\n") ? 2 : 1, column: column), text)
            }
        }
    }

    func testCommentIsTheLastCommentBeforeTheKey() throws {
        let file = try golden("Tricky.strings")
        XCTAssertEqual(file.entry(forKey: "Continue")?.comment, "Title of the paywall's purchase button")
        XCTAssertEqual(file.entry(forKey: "%d%% off")?.comment, "Shown next to a discounted package")
        XCTAssertNil(file.entry(forKey: "Default_offer_details_with_intro_offer")?.comment)
        XCTAssertEqual(file.entry(forKey: "app.version.label")?.comment, "Unquoted tokens are allowed")
        XCTAssertEqual(file.entry(forKey: "escapes")?.comment, "trailing note")
    }

    func testKeyLocations() throws {
        let file = try golden("Tricky.strings")
        XCTAssertEqual(file.entry(forKey: "Continue")?.location, SourceLocation(file: "Tricky.strings", line: 10, column: 1))
        XCTAssertEqual(file.entry(forKey: "app.version.label")?.location?.line, 17)
        XCTAssertEqual(file.entry(forKey: "app.version.label")?.location?.column, 35)
        XCTAssertEqual(file.entry(forKey: "spaced")?.location?.column, 2)
        XCTAssertEqual(file.entry(forKey: "single")?.location?.line, 22)
    }

    func testDuplicateKeysLastWinsAndAreReported() throws {
        let file = try golden("Tricky.strings")
        XCTAssertEqual(file["Privacy policy"], "Privacy Policy")
        XCTAssertEqual(file.duplicateKeys, [StringsFile.DuplicateKey(key: "Privacy policy", locations: [
            SourceLocation(file: "Tricky.strings", line: 23, column: 1),
            SourceLocation(file: "Tricky.strings", line: 24, column: 1),
        ], values: ["Privacy policy", "Privacy Policy"])])
        XCTAssertEqual(file.keys.filter { $0 == "Privacy policy" }.count, 1)
    }

    // MARK: Encodings

    func testUTF16LittleEndianWithBOMRoundTrips() throws {
        let data = try LegacyGolden.read("strings/InfoPlist.utf16le.strings")
        let file = try StringsReader.parse(data, path: "InfoPlist.strings")
        XCTAssertEqual(file.encoding, StringsEncoding(.utf16LittleEndian, byteOrderMark: true))
        XCTAssertEqual(file["NSHumanReadableCopyright"], "© 2016-2024 Nikhil Nigade - All Rights Reserved")
        XCTAssertEqual(StringsWriter.data(for: file), data)
    }

    func testEncodingDetectionAndRoundTrip() throws {
        let text = "/* ä */\n\"key\" = \"välue €\";\n"
        let cases: [(Data, StringsEncoding)] = [
            (Data(text.utf8), .utf8),
            (Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), StringsEncoding(.utf8, byteOrderMark: true)),
            (StringsEncoding(.utf16BigEndian, byteOrderMark: true).encode(text), StringsEncoding(.utf16BigEndian, byteOrderMark: true)),
            (StringsEncoding(.utf16BigEndian, byteOrderMark: false).encode(text), StringsEncoding(.utf16BigEndian, byteOrderMark: false)),
            (StringsEncoding(.utf16LittleEndian, byteOrderMark: false).encode(text), StringsEncoding(.utf16LittleEndian, byteOrderMark: false)),
        ]
        for (data, encoding) in cases {
            let file = try StringsReader.parse(data, path: "x.strings")
            XCTAssertEqual(file.encoding, encoding)
            XCTAssertEqual(file["key"], "välue €", "\(encoding)")
            XCTAssertEqual(file.entries.first?.comment, "ä")
            XCTAssertEqual(StringsWriter.data(for: file), data, "\(encoding)")
        }
    }

    func testEmptyAndWhitespaceOnlyFiles() throws {
        for text in ["", "\n\n", "/* nothing yet */\n", "// only a comment"] {
            let file = try StringsReader.parse(Data(text.utf8), path: "x")
            XCTAssertTrue(file.entries.isEmpty)
            XCTAssertEqual(StringsWriter.data(for: file), Data(text.utf8))
        }
    }

    // MARK: Real notes (Xcode's export of Elytra)

    /// Notes Xcode exported for the units of one `<file original=...>` of an XLIFF: id → (source, note).
    private func xliffUnits(_ url: URL, original: String) throws -> [String: (source: String, note: String)] {
        let xml = try String(contentsOf: url, encoding: .utf8)
        guard let fileStart = xml.range(of: "<file original=\"\(original)\"") else { return [:] }
        let body = xml[fileStart.upperBound...]
        let section = body[..<(body.range(of: "</file>")?.lowerBound ?? body.endIndex)]
        var units: [String: (String, String)] = [:]
        let unescape = { (s: Substring) -> String in
            s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        }
        for chunk in section.components(separatedBy: "<trans-unit id=\"").dropFirst() {
            let id = unescape(chunk.prefix { $0 != "\"" }[...])
            func element(_ name: String) -> String {
                if chunk.contains("<\(name)/>") { return "" }
                guard let open = chunk.range(of: "<\(name)>"), let close = chunk.range(of: "</\(name)>") else { return "" }
                return unescape(chunk[open.upperBound..<close.lowerBound])
            }
            units[id] = (element("source"), element("note"))
        }
        return units
    }

    func testCommentsMatchXcodeNotesForInfoPlistStrings() throws {
        let xliff = try Fixtures.shared("fixtures/xliff/Elytra.de.xliff")
        let units = try xliffUnits(xliff, original: "Mac/SupportingFiles/en.lproj/Info-notarized-InfoPlist.strings")
        XCTAssertEqual(units.count, 5)
        let file = try golden("InfoPlist.utf16le.strings")
        XCTAssertEqual(Set(file.keys), Set(units.keys))
        for entry in file.entries {
            XCTAssertEqual(entry.value, units[entry.key]?.source, entry.key)
            XCTAssertEqual(entry.comment ?? "", units[entry.key]?.note, entry.key)
        }
    }

    func testSettingsBundleHeaderBecomesTheFirstEntrysNoteAsInXcode() throws {
        let xliff = try Fixtures.shared("fixtures/xliff/Elytra.de.xliff")
        let units = try xliffUnits(xliff, original: "Yeti/Utilities/Settings.bundle/en.lproj/Root.strings")
        XCTAssertEqual(units.count, 4)
        let file = try golden("Root.strings")
        for entry in file.entries {
            XCTAssertEqual(entry.value, units[entry.key]?.source, entry.key)
            XCTAssertEqual(entry.comment ?? "", units[entry.key]?.note, entry.key)
        }
    }

    // MARK: Editing

    private func changedLines(_ old: String, _ new: String) -> [String] {
        let a = old.components(separatedBy: "\n"), b = new.components(separatedBy: "\n")
        guard a.count == b.count else { return ["line count \(a.count) → \(b.count)"] }
        return zip(a, b).filter { $0 != $1 }.map { $0.1 }
    }

    func testEditingAnEntryRewritesOnlyItsValueToken() throws {
        var file = try golden("Tricky.strings")
        let before = file.text
        file.setValue("Weiter", forKey: "Continue")
        file.setValue("Berechtigt", forKey: "Eligible")
        file.setValue("v3 \"final\"", forKey: "app.version.label")
        file.setValue("ungerade\tLeerzeichen", forKey: "spaced")
        file.setValue("Datenschutz", forKey: "Privacy policy")
        XCTAssertEqual(changedLines(before, file.text), [
            #""Continue" = "Weiter";"#,
            #""Berechtigt" = "Berechtigt";"#.replacingOccurrences(of: "\"Berechtigt\" =", with: "\"Eligible\" ="),
            #"/* Unquoted tokens are allowed */ app.version.label = "v3 \"final\"";"#,
            "\t\"spaced\"    =\t\"ungerade\\tLeerzeichen\"   ;",
            #""Privacy policy" = "Datenschutz";"#,
        ])
        XCTAssertEqual(file["Privacy policy"], "Datenschutz")
        XCTAssertEqual(file.entries[9].value, "Privacy policy", "the shadowed duplicate stays as it was")
        LegacyGolden.assertMatches(StringsWriter.data(for: file), "strings/Tricky.edited.strings")
        let reread = try StringsReader.parse(StringsWriter.data(for: file), path: "x")
        XCTAssertEqual(reread["app.version.label"], "v3 \"final\"")
        XCTAssertEqual(reread["spaced"], "ungerade\tLeerzeichen")
    }

    func testSettingTheSameValueChangesNothing() throws {
        var file = try golden("Tricky.strings")
        let original = file
        file.setValue("v2.0-beta_1", forKey: "app.version.label")
        file.setValue("Eligible", forKey: "Eligible")
        XCTAssertEqual(file, original)
    }

    func testEditingUTF16FileKeepsItsEncoding() throws {
        var file = try golden("InfoPlist.utf16le.strings")
        file.setValue("Elytra Reader", forKey: "CFBundleDisplayName")
        file.setValue("Feed subscription list", forKey: "NSOPMLDescription", comment: "OPML document type")
        let data = StringsWriter.data(for: file)
        XCTAssertEqual(Array(data.prefix(2)), [0xFF, 0xFE])
        LegacyGolden.assertMatches(data, "strings/InfoPlist.utf16le.edited.strings")
        XCTAssertEqual(try StringsReader.parse(data, path: "x")["NSOPMLDescription"], "Feed subscription list")
    }

    func testAppendingFollowsTheFilesSpacing() throws {
        var file = try golden("Tricky.strings")
        file.setValue("Jetzt abonnieren", forKey: "Subscribe now", comment: "Paywall button")
        file.setValue("Ohne Kommentar", forKey: "No comment")
        LegacyGolden.assertMatches(StringsWriter.data(for: file), "strings/Tricky.appended.strings")
        XCTAssertTrue(file.text.hasSuffix("\"url\"=http://example.com/path;\n/* Paywall button */\n\"Subscribe now\" = \"Jetzt abonnieren\";\n\"No comment\" = \"Ohne Kommentar\";\n"))

        var spaced = try golden("Root.strings")
        spaced.setValue("Version", forKey: "Version")
        XCTAssertTrue(spaced.text.hasSuffix("\"Enabled\" = \"Enabled\";\n\"Version\" = \"Version\";\n"), "one blank-free run")

        var genstrings = try StringsReader.parse("/* a */\n\"a\" = \"1\";\n\n/* b */\n\"b\" = \"2\";\n\n", path: "x")
        genstrings.setValue("3", forKey: "c", comment: "c")
        XCTAssertEqual(genstrings.text, "/* a */\n\"a\" = \"1\";\n\n/* b */\n\"b\" = \"2\";\n\n/* c */\n\"c\" = \"3\";\n\n")
    }

    /// ibtool's file of one entry opens with a blank line: an appended entry gets one before it
    /// too (a real LaunchScreen.strings had the new entry glued under the old one).
    func testAppendingToAOneEntryInterfaceBuilderFile() throws {
        var file = try StringsReader.parse("\n/* Class = \"UINavigationItem\"; title = \"Feeds\"; ObjectID = \"pou-ME-U8A\"; */\n\"pou-ME-U8A.title\" = \"Einspeisungen\";\n", path: "x")
        file.setValue("Einstellungen", forKey: "01J-lp-oVM.title", comment: "Class = \"UIViewController\"; title = \"Settings\"; ObjectID = \"01J-lp-oVM\";")
        XCTAssertTrue(file.text.hasSuffix("\"Einspeisungen\";\n\n/* Class = \"UIViewController\"; title = \"Settings\"; ObjectID = \"01J-lp-oVM\"; */\n\"01J-lp-oVM.title\" = \"Einstellungen\";\n"), file.text)
        var plain = try StringsReader.parse("\"a\" = \"1\";\n", path: "x")
        plain.setValue("2", forKey: "b")
        XCTAssertEqual(plain.text, "\"a\" = \"1\";\n\"b\" = \"2\";\n", "no blank line to follow")
    }

    func testAppendingKeepsAMissingFinalNewlineAndCRLF() throws {
        var bare = try StringsReader.parse("\"a\" = \"1\";", path: "x")
        bare.setValue("2", forKey: "b")
        XCTAssertEqual(bare.text, "\"a\" = \"1\";\n\"b\" = \"2\";")

        var crlf = try StringsReader.parse("\"a\" = \"1\";\r\n\"b\" = \"2\"; // two\r\n", path: "x")
        crlf.setValue("3", forKey: "c", comment: "three")
        XCTAssertEqual(crlf.text, "\"a\" = \"1\";\r\n\"b\" = \"2\"; // two\r\n/* three */\r\n\"c\" = \"3\";\r\n")

        var blockComment = try StringsReader.parse("\"a\" = \"1\"; /* spans\nlines */\n", path: "x")
        blockComment.setValue("2", forKey: "b")
        XCTAssertEqual(blockComment.text, "\"a\" = \"1\"; /* spans\nlines */\n\"b\" = \"2\";\n")
    }

    func testAppendingToEmptyFiles() throws {
        var empty = StringsFile(path: "new.strings", encoding: .utf16LittleEndian)
        empty.setValue("Hallo", forKey: "Hello", comment: "Greeting")
        XCTAssertEqual(empty.text, "/* Greeting */\n\"Hello\" = \"Hallo\";\n")
        XCTAssertEqual(Array(StringsWriter.data(for: empty).prefix(4)), [0xFF, 0xFE, 0x2F, 0x00])

        var header = try StringsReader.parse("/*\n  Localizable.strings\n*/", path: "x")
        header.setValue("Hallo", forKey: "Hello")
        XCTAssertEqual(header.text, "/*\n  Localizable.strings\n*/\n\n\"Hello\" = \"Hallo\";\n")
        XCTAssertEqual(header.entries.first?.location, nil)
    }

    func testRemovingTakesTheEntrysCommentAndLine() throws {
        let genstrings = "/* Header */\n\n/* c1 */\n\"a\" = \"1\";\n\n/* c2 */\n\"b\" = \"2\";\n\n/* c3 */\n\"c\" = \"3\";\n\n"
        var file = try StringsReader.parse(genstrings, path: "x")
        XCTAssertTrue(file.removeValue(forKey: "b"))
        XCTAssertEqual(file.text, "/* Header */\n\n/* c1 */\n\"a\" = \"1\";\n\n/* c3 */\n\"c\" = \"3\";\n\n")
        file.removeValue(forKey: "a")
        XCTAssertEqual(file.text, "/* Header */\n\n/* c3 */\n\"c\" = \"3\";\n\n")
        file.removeValue(forKey: "c")
        XCTAssertEqual(file.text, "/* Header */\n\n")
        XCTAssertFalse(file.removeValue(forKey: "c"))

        var compact = try StringsReader.parse("\"a\" = \"1\";\n// about b\n\"b\" = \"2\"; // old\n\"c\" = \"3\";\n", path: "x")
        compact.removeValue(forKey: "b")
        XCTAssertEqual(compact.text, "\"a\" = \"1\";\n\"c\" = \"3\";\n")

        var sameLine = try StringsReader.parse("\"a\" = \"1\"; \"b\" = \"2\"; \"c\" = \"3\";\n", path: "x")
        sameLine.removeValue(forKey: "b")
        XCTAssertEqual(sameLine.text, "\"a\" = \"1\"; \"c\" = \"3\";\n")
        sameLine.removeValue(forKey: "c")
        XCTAssertEqual(sameLine.text, "\"a\" = \"1\";\n")
        sameLine.removeValue(forKey: "a")
        XCTAssertEqual(sameLine.text, "")

        var ibtool = try golden("Main.strings")
        ibtool.removeValue(forKey: "maL-2M-Pbz.text")
        XCTAssertTrue(ibtool.text.hasPrefix("\n/* Class = \"UIButton\"; normalTitle"))

        var duplicates = try golden("Tricky.strings")
        duplicates.removeValue(forKey: "Privacy policy")
        XCTAssertNil(duplicates["Privacy policy"])
        XCTAssertTrue(duplicates.duplicateKeys.isEmpty)
        XCTAssertTrue(duplicates.text.contains("'single' = 'It\\'s \"quoted\"';\n\"emoji 🇩🇪\""))
    }

    // MARK: Canonical layouts

    func testLayoutInference() throws {
        XCTAssertTrue(StringsLayout.isObjectIDKey("kCO-9u-5kw.text"))
        XCTAssertTrue(StringsLayout.isObjectIDKey("RLb-GV-4hh.segmentTitles[0]"))
        XCTAssertTrue(StringsLayout.isObjectIDKey("co5-kx-oQ8.configuration.title"))
        XCTAssertTrue(StringsLayout.isObjectIDKey("200876.ibShadowedToolTip"))
        XCTAssertFalse(StringsLayout.isObjectIDKey("app.version.label"))
        XCTAssertFalse(StringsLayout.isObjectIDKey("kCO-9u-5kw"))
        XCTAssertFalse(StringsLayout.isObjectIDKey("1.0"))
        XCTAssertEqual(StringsLayout.inferred(for: try golden("Main.strings")), .interfaceBuilder)
        XCTAssertEqual(StringsLayout.inferred(for: try golden("Tricky.strings")), .genstrings)
        XCTAssertEqual(StringsLayout.inferred(for: StringsFile()), .genstrings)
    }

    func testCanonicalGenstringsLayout() throws {
        let file = try golden("Tricky.strings")
        let data = StringsWriter.canonicalData(for: file)
        LegacyGolden.assertMatches(data, "strings/Tricky.canonical.strings")
        let reread = try StringsReader.parse(data, path: "x")
        XCTAssertEqual(reread.entries.map(\.key), file.entries.map(\.key))
        XCTAssertEqual(reread.entries.map(\.value), file.entries.map(\.value))
        XCTAssertEqual(StringsWriter.canonicalData(for: reread), data, "canonical rendering is stable")
    }

    /// A comment after the last entry was taken for an entry's own and dropped by `format`
    /// (exit 0): every trailing comment now stays, as written, in both layouts.
    func testCanonicalFormKeepsEveryTrailingComment() throws {
        let plain = try StringsReader.parse("\"hello\" = \"Hallo\";\n/* TODO: legal must review */\n", path: "x")
        XCTAssertEqual(StringsWriter.canonicalText(for: plain, layout: .genstrings),
                       "/* No comment provided by engineer. */\n\"hello\" = \"Hallo\";\n\n/* TODO: legal must review */\n")
        let two = try StringsReader.parse("\"hello\" = \"Hallo\";\n\n/* one */\n/* two */\n", path: "x")
        XCTAssertTrue(StringsWriter.canonicalText(for: two, layout: .genstrings).hasSuffix("\n/* one */\n/* two */\n"))
        let ib = try StringsReader.parse("\n/* Class = \"UILabel\"; */\n\"abc-12-XYZ.text\" = \"Hallo\";\n// kept\n", path: "x")
        XCTAssertEqual(StringsWriter.canonicalText(for: ib, layout: .interfaceBuilder),
                       "\n/* Class = \"UILabel\"; */\n\"abc-12-XYZ.text\" = \"Hallo\";\n\n// kept\n")
    }

    func testCanonicalInterfaceBuilderLayout() throws {
        let file = try golden("Main.strings")
        let data = StringsWriter.canonicalData(for: file)
        LegacyGolden.assertMatches(data, "strings/Main.canonical.strings")
        let reread = try StringsReader.parse(data, path: "x")
        XCTAssertEqual(reread.keys, ["05p-vO-3Wh.normalTitle", "RLb-GV-4hh.segmentTitles[0]", "maL-2M-Pbz.text", "pou-ME-U8A.title"])
        XCTAssertEqual(StringsWriter.canonicalData(for: reread), data)
    }

    /// A storyboard table as Xcode's Import Localizations writes it (LoopKit/CGMBLEKit's
    /// `ja.lproj/Main.strings` after `xcodebuild -importLocalizations`: no blank first line, keys in
    /// case-insensitive order, a blank line after every entry) is its own canonical form: `format
    /// --check` failed on it and `format` rewrote it into ibtool's layout, which the next Xcode
    /// import reverted.
    func testXcodeImportFormOfAnInterfaceBuilderTableIsItsOwnCanonicalForm() throws {
        let imported = """
            /* Class = "UINavigationItem"; title = "Reset Complete"; ObjectID = "3SD-s3-7OM"; */
            "3SD-s3-7OM.title" = "リセット完了";

            /* Class = "UITextView"; text = "This tool can reset the clock."; ObjectID = "cJ3-Gc-pnc"; */
            "cJ3-Gc-pnc.text" = "このツールは時刻をリセットできます。";

            /* Class = "UITextField"; placeholder = "Enter the 6-digit transmitter ID"; ObjectID = "G4a-ia-wQC"; */
            "G4a-ia-wQC.placeholder" = "6桁のトランスミッタIDを入力";

            /* Class = "UITableViewSection"; headerTitle = "Transmitter ID"; ObjectID = "vNG-r7-RbP"; */
            "vNG-r7-RbP.headerTitle" = "トランスミッタ ID";


            """
        let file = try StringsReader.parse(imported, path: "ja.lproj/Main.strings")
        XCTAssertEqual(StringsLayout.inferred(for: file), .interfaceBuilder)
        XCTAssertEqual(StringsWriter.canonicalText(for: file, layout: .interfaceBuilder), imported)
        // Out of order, it is sorted as Xcode's import sorts: case folded, not by code point.
        let entries = imported.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        let shuffled = [entries[3], entries[1], entries[0], entries[2]].map { $0 + "\n\n" }.joined()
        XCTAssertEqual(StringsWriter.canonicalText(for: try StringsReader.parse(shuffled, path: "x"), layout: .interfaceBuilder), imported)
        // ibtool's own layout (a blank line first, none last) stays in code-point order.
        let generated = "\n" + [entries[0], entries[2], entries[1], entries[3]].joined(separator: "\n\n") + "\n"
        XCTAssertEqual(StringsWriter.canonicalText(for: try StringsReader.parse(generated, path: "x"), layout: .interfaceBuilder), generated)
        // An import adds a key at its place in the file's own order, and the file stays canonical.
        var edited = file
        edited.setValuesKeepingKeyOrder([(key: "bZt-9q-XyQ.text", value: "新しい", comment: "Class = \"UILabel\"; text = \"New\"; ObjectID = \"bZt-9q-XyQ\";")])
        XCTAssertEqual(edited.keys, ["3SD-s3-7OM.title", "bZt-9q-XyQ.text", "cJ3-Gc-pnc.text", "G4a-ia-wQC.placeholder", "vNG-r7-RbP.headerTitle"])
        XCTAssertEqual(StringsWriter.canonicalText(for: edited, layout: .interfaceBuilder), edited.text)
        // A header or a comment after the last entry is no form of Xcode's import: such an ibtool
        // table stays in code-point order (a footer's line breaks were taken for the blank last line).
        let framed = "/* Header */\n\n" + [entries[0], entries[2], entries[1], entries[3]].joined(separator: "\n\n") + "\n\n/* Footer */\n"
        XCTAssertEqual(StringsWriter.canonicalText(for: try StringsReader.parse(framed, path: "x"), layout: .interfaceBuilder), framed)
        XCTAssertFalse(StringsWriter.isInXcodeImportForm(try StringsReader.parse(framed, path: "x")))
        XCTAssertFalse(StringsWriter.isInXcodeImportForm(try StringsReader.parse("/* Header */\n\n" + imported, path: "x")))
    }

    func testCanonicalKeepsUTF16() throws {
        let file = try golden("InfoPlist.utf16le.strings")
        let data = StringsWriter.canonicalData(for: file)
        XCTAssertEqual(Array(data.prefix(2)), [0xFF, 0xFE])
        LegacyGolden.assertMatches(data, "strings/InfoPlist.utf16le.canonical.strings")
    }

    func testQuotingIsCanonical() {
        XCTAssertEqual(StringsWriter.quoted("a\"b\\c\nd\re\tf\u{07}g\u{7F}é😀"), #""a\"b\\c\nd\re\tf\U0007g\U007Fé😀""#)
        XCTAssertEqual(StringsWriter.blockComment("ends */ early"), "/* ends * / early */")
    }

    func testEveryValueSurvivesQuoting() throws {
        let samples = ["", "plain", "%1$@ of %2$lld", "quote \" and \\ and \n\r\t", "\u{0}\u{1}\u{1F}", "emoji 👩‍👩‍👧 🇩🇪", "ß\u{301}"]
        var file = StringsFile()
        for (offset, sample) in samples.enumerated() { file.setValue(sample, forKey: "k\(offset)") }
        let reread = try StringsReader.parse(StringsWriter.data(for: file), path: "x")
        for (offset, sample) in samples.enumerated() { XCTAssertEqual(reread["k\(offset)"], sample) }
    }

    // MARK: Malformed input

    private func assertError(_ text: String, _ kind: StringsSyntaxErrorKind, line: Int, column: Int,
                             file: StaticString = #filePath, lineNumber: UInt = #line) {
        assertError(Data(text.utf8), kind, line: line, column: column, file: file, lineNumber: lineNumber)
    }

    private func assertError(_ data: Data, _ kind: StringsSyntaxErrorKind, line: Int, column: Int,
                             file: StaticString = #filePath, lineNumber: UInt = #line) {
        XCTAssertThrowsError(try StringsReader.parse(data, path: "Bad.strings"), file: file, line: lineNumber) { error in
            guard let error = error as? StringsSyntaxError else { return XCTFail("\(error)", file: file, line: lineNumber) }
            XCTAssertEqual(error.kind, kind, file: file, line: lineNumber)
            XCTAssertEqual(error.location, SourceLocation(file: "Bad.strings", line: line, column: column), file: file, line: lineNumber)
            XCTAssertNotNil(error.hint, file: file, line: lineNumber)
        }
    }

    func testMalformedInputIsLocated() {
        assertError("\"a\" = \"b\";\n\"c\" = \"unterminated;\n", .unterminatedString, line: 2, column: 7)
        assertError("\"a\" = \"b\"\n\"c\" = \"d\";\n", .missingSemicolon(key: "a"), line: 1, column: 10)
        assertError("\"a\" = \"b\" /* note */", .missingSemicolon(key: "a"), line: 1, column: 10)
        assertError("\"ok\" = \"yes\";\n  \"a\" \"b\";", .missingEquals(key: "a"), line: 2, column: 7)
        assertError("\"a\"", .missingEquals(key: "a"), line: 1, column: 4)
        assertError("\"a\" = ;", .missingValue(key: "a"), line: 1, column: 7)
        assertError("\"a\" = (\"x\");", .missingValue(key: "a"), line: 1, column: 7)
        assertError("\"a\" = \"b\";\n@\"c\" = \"d\";", .unexpectedCharacter("@"), line: 2, column: 1)
        assertError("\"a\" = \"b\";\r\n\r\n/* open\r\n\"c\" = \"d\";", .unterminatedComment, line: 3, column: 1)
        assertError("\"ä\" = \"ö\" \"x\";", .missingSemicolon(key: "ä"), line: 1, column: 10)
    }

    func testInvalidEncodingsAreLocated() {
        assertError(Data(#""a" = "ok";"#.utf8 + [0x0A] + #""b" = ""#.utf8 + [0xC3, 0x28, 0x22, 0x3B]),
                    .invalidUTF8(byteOffset: 19), line: 2, column: 8)
        let utf16 = StringsEncoding.utf16LittleEndian.encode("\"a\" = \"") + Data([0x00, 0xD8, 0x22, 0x00, 0x3B, 0x00])
        assertError(utf16, .invalidUTF16(byteOffset: 16), line: 1, column: 8)
        assertError(StringsEncoding.utf16LittleEndian.encode("\"a\";") + Data([0x41]), .oddUTF16Length, line: 1, column: 5)
    }

    func testErrorDescriptionNamesFileLineAndColumn() {
        XCTAssertThrowsError(try StringsReader.parse(Data("\"a\" = \"b\"".utf8), path: "en.lproj/Localizable.strings")) { error in
            XCTAssertTrue("\(error)".hasPrefix("en.lproj/Localizable.strings:1:10: error: missing ';'"), "\(error)")
        }
    }
}
