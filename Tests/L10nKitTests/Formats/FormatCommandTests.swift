import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// `l10n format` through the command line, on real catalogs and damaged ones.
final class FormatCommandTests: XCTestCase {
    /// A real catalog's JSON with every object's members reversed, written in the given order:
    /// the same catalog, not in canonical form.
    private func scrambled(_ data: Data) throws -> Data {
        func reverse(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members): return .object(members.reversed().map { ($0.key, reverse($0.value)) })
            case .array(let elements): return .array(elements.map(reverse))
            default: return value
            }
        }
        return JSONWriter(keyOrder: .asGiven, finalNewline: true).data(for: reverse(try JSONReader.parse(data, file: "x")))
    }

    private func copy(_ data: Data, to folder: URL, as name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    private func inode(_ url: URL) throws -> UInt64 {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
    }

    func testCheckPassesOnEveryXcodeCatalog() throws {
        let files = try JSONRoundTripTests.xcodeCatalogs()
        let run = CLIRun(["format", "--check"] + files.map(\.path))
        XCTAssertEqual(run.status, 0, run.stderr + run.stdout)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "")
    }

    func testRewritesScrambledCatalogsBackToXcodesBytes() throws {
        let folder = try Fixtures.temporaryFolder(self)
        var pairs: [(URL, Data)] = []
        for source in try JSONRoundTripTests.xcodeCatalogs() {
            let xcode = try Data(contentsOf: source)
            let url = try copy(try scrambled(xcode), to: folder, as: source.lastPathComponent)
            XCTAssertNotEqual(try Data(contentsOf: url), xcode)
            pairs.append((url, xcode))
        }
        let names = pairs.map(\.0.lastPathComponent)

        let check = CLIRun(["format", "--check"] + names, in: folder)
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.stdout.split(separator: "\n").map { String($0.prefix { $0 != "(" }) }, names.map { "\($0): not in canonical form " })
        for (url, xcode) in pairs { XCTAssertNotEqual(try Data(contentsOf: url), xcode, "--check wrote \(url.lastPathComponent)") }

        let format = CLIRun(["format"] + names, in: folder)
        XCTAssertEqual(format.status, 0, format.stderr)
        XCTAssertEqual(format.stdout, names.map { "formatted \($0)\n" }.joined())
        for (url, xcode) in pairs { XCTAssertTrue(try Data(contentsOf: url) == xcode, "\(url.lastPathComponent) not back to Xcode's bytes") }

        let inodes = try pairs.map { try inode($0.0) }
        let again = CLIRun(["format"] + names, in: folder)
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stdout, "")
        XCTAssertEqual(try pairs.map { try inode($0.0) }, inodes, "an unchanged file was rewritten")
        XCTAssertEqual(CLIRun(["format", "--check"] + names, in: folder).status, 0)
    }

    /// A discovered project's catalogs are compared from the model as they are written, their
    /// bytes made only for a file that differs: the same findings and bytes as canonicalizing what
    /// was read, on every Xcode catalog as Xcode wrote it, scrambled, and with a final newline.
    func testProjectCatalogsCompareAsTheirBytesDo() throws {
        let folder = try Fixtures.temporaryFolder(self)
        var expectedChanged: Set<String> = []
        for (index, source) in try JSONRoundTripTests.xcodeCatalogs().enumerated() {
            let xcode = try Data(contentsOf: source)
            let forms = [xcode, try scrambled(xcode), xcode + Data([0x0A])]
            for (form, data) in forms.enumerated() {
                let name = "Catalog\(index)-\(form).xcstrings"
                _ = try copy(data, to: folder, as: name)
                if form > 0 { expectedChanged.insert(name) }
            }
        }
        let project = try ProjectDiscovery(root: folder).discover()
        let fromModel = try FormatJob.files(of: project)
        XCTAssertTrue(fromModel.allSatisfy { $0.catalog != nil && $0.canonical == nil }, "catalog bytes were made before comparing")
        let fromBytes = fromModel.map { FormatFile(path: $0.path, url: $0.url, form: $0.form) }
        for rewrite in [false, true] {
            let job = FormatJob(options: FormatOptions(rewrite: rewrite))
            let scratch = try Fixtures.temporaryFolder(self)
            let copies = fromModel.map { file -> FormatFile in
                var copy = file
                copy.url = scratch.appendingPathComponent(file.path)
                copy.expected = .unchecked
                try? FileManager.default.copyItem(at: file.url, to: copy.url)
                return copy
            }
            let modelResult = try job.run(copies, root: scratch)
            let bytesResult = try job.run(fromBytes, root: folder)
            XCTAssertEqual(modelResult.checked, bytesResult.checked)
            XCTAssertEqual(Set(modelResult.differences.map(\.path)), expectedChanged)
            XCTAssertEqual(modelResult.differences.map { "\($0.path): \($0.difference.description)" },
                           bytesResult.differences.map { "\($0.path): \($0.difference.description)" })
            XCTAssertEqual(modelResult.written.map(\.path), bytesResult.written.map(\.path))
            XCTAssertTrue(zip(modelResult.written, bytesResult.written).allSatisfy { $0.data == $1.data }, "rewrite \(rewrite): other bytes")
            XCTAssertEqual(modelResult.warnings, bytesResult.warnings)
        }
    }

    func testDropsTheFinalNewline() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let xcode = try Data(contentsOf: try Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.KYASettings.xcstrings"))
        let url = try copy(xcode + Data("\n".utf8), to: folder, as: "Settings.xcstrings")
        XCTAssertEqual(CLIRun(["format", "--check", url.path]).status, 1)
        let run = CLIRun(["format", "Settings.xcstrings"], in: folder)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "formatted Settings.xcstrings\n")
        XCTAssertTrue(try Data(contentsOf: url) == xcode)
    }

    func testMalformedInputExits2WithOneLocatedErrorAndTouchesNothing() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let xcode = try Data(contentsOf: try Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.KYASettings.xcstrings"))
        var invalidUTF8 = Array(xcode)
        invalidUTF8[invalidUTF8.firstIndex(of: 0xC3)!] = 0xFF
        let cases: [(String, Data, String)] = [
            ("truncated", xcode.prefix(xcode.count / 2), "unexpected end of file"),
            ("stray-comma", Data(String(decoding: xcode, as: UTF8.self).replacingOccurrences(of: "\"\n          }", with: "\",\n          }").utf8), "trailing comma"),
            ("invalid-utf8", Data(invalidUTF8), "invalid UTF-8"),
            ("nested", Data(("{ \"sourceLanguage\" : \"en\", \"x\" : " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + " }").utf8), "nested more than 512"),
            ("wrong-type", Data(String(decoding: xcode, as: UTF8.self).replacingOccurrences(of: "\"state\" : \"translated\"", with: "\"state\" : 1").utf8), "\"state\" must be a string"),
            ("empty", Data(), "the file is empty"),
        ]
        for (name, data, message) in cases {
            let url = try copy(data, to: folder, as: "\(name).xcstrings")
            for arguments in [["format", url.lastPathComponent], ["format", "--check", url.lastPathComponent]] {
                let run = CLIRun(arguments, in: folder)
                XCTAssertEqual(run.status, 2, name)
                XCTAssertEqual(run.stdout, "", name)
                let errorLines = run.stderr.split(separator: "\n").filter { $0.contains("error:") }
                XCTAssertEqual(errorLines.count, 1, "\(name): \(run.stderr)")
                // An empty file is about the whole file: no position is made up (json.md).
                let pattern = name == "empty" ? "^empty\\.xcstrings: error: " : "^\(name)\\.xcstrings:[0-9]+:[0-9]+: error: "
                XCTAssertNotNil(errorLines.first?.range(of: pattern, options: .regularExpression), "\(name): \(run.stderr)")
                XCTAssertTrue(run.stderr.contains(message), "\(name): \(run.stderr)")
                XCTAssertTrue(run.stderr.contains("hint: "), "\(name): \(run.stderr)")
                XCTAssertTrue(try Data(contentsOf: url) == data, "\(name) was changed")
            }
        }
    }

    func testOneBadFileStopsEveryWrite() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let xcode = try Data(contentsOf: try Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.KYASettings.xcstrings"))
        let good = try scrambled(xcode)
        let goodURL = try copy(good, to: folder, as: "A.xcstrings")
        let badURL = try copy(xcode.dropLast(), to: folder, as: "B.xcstrings")
        let run = CLIRun(["format", "A.xcstrings", "B.xcstrings"], in: folder)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasPrefix("B.xcstrings:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("nothing was written"), run.stderr)
        XCTAssertTrue(try Data(contentsOf: goodURL) == good)
        XCTAssertTrue(try Data(contentsOf: badURL) == xcode.dropLast())
    }

    func testUsageErrors() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let xcode = try Data(contentsOf: try Fixtures.shared("fixtures/xcstrings/KeepingYouAwake.KYASettings.xcstrings"))
        let url = try copy(try scrambled(xcode), to: folder, as: "A.xcstrings")
        let before = try Data(contentsOf: url)

        let unknown = CLIRun(["format", "A.xcstrings", "notes.txt"], in: folder)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("cannot format 'notes.txt'"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains(".xcstrings"), unknown.stderr)
        XCTAssertTrue(try Data(contentsOf: url) == before)

        let missing = CLIRun(["format", "Missing.xcstrings"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: no such file: Missing.xcstrings\n  hint: check the path\n")

        XCTAssertEqual(CLIRun(["format"]).status, 2)
        XCTAssertEqual(CLIRun(["format", "--help"]).status, 0)
        XCTAssertNotNil(CanonicalForm.form(forPath: "X/Localizable.XCSTRINGS"))
        XCTAssertNil(CanonicalForm.form(forPath: "Localizable.xcstrings.bak"))
    }
}

/// `format --check` says why, walks folders, and checks `.stringsdict` files.
final class FormatCheckDetailTests: XCTestCase {
    private let catalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : {\n      \"comment\" : \"x\"\n    }\n  },\n  \"version\" : \"1.0\"\n}"
    private var stringsdict: URL { Fixtures.packageRoot.appendingPathComponent("Tests/L10nKitTests/Golden/stringsdict/Localizable.stringsdict") }

    private func write(_ text: String, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func testCheckNamesTheFirstDifferingLine() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try write(catalog.replacingOccurrences(of: "      \"comment\"", with: "    \"comment\""), "A.xcstrings", in: folder)
        let run = CLIRun(["format", "--check", "A.xcstrings"], in: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, "A.xcstrings: not in canonical form (line 5: expected \"      \\\"comment\\\" : \\\"x\\\"\", found \"    \\\"comment\\\" : \\\"x\\\"\")\n")
        let json = try JSONReader.parse(Data(CLIRun(["format", "--check", "--format", "json", "A.xcstrings"], in: folder).stdout.utf8), file: "stdout")
        guard case .array(let files)? = json["files"] else { return XCTFail("\(json)") }
        XCTAssertEqual(files.first?["difference"]?["line"], .number("5"))
        XCTAssertEqual(files.first?["difference"]?["expected"]?.stringValue, "      \"comment\" : \"x\"")
        XCTAssertEqual(files.first?["difference"]?["actual"]?.stringValue, "    \"comment\" : \"x\"")
    }

    func testCheckNamesTheFinalNewline() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try write(catalog + "\n", "A.xcstrings", in: folder)
        try write("/* No comment provided by engineer. */\n\"a\" = \"b\";\n", "Localizable.strings", in: folder)
        let run = CLIRun(["format", "--check", "A.xcstrings", "Localizable.strings"], in: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, "A.xcstrings: not in canonical form (final newline: there is one, the canonical form has none)\n"
                       + "Localizable.strings: not in canonical form (final newlines: the file ends with 1 line break, the canonical form with 2)\n")
    }

    /// A CRLF file (a legacy table edited on Windows) is compared line by line too: its
    /// difference is named as for the LF copy, not as line 1 holding the whole file.
    func testCheckNamesTheDifferenceOfACRLFFile() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try write("/* Menu */\r\n\"Quit\" = \"Quit\";\r\n", "Localizable.strings", in: folder)
        try write("/* Menu */\r\n\"Quit\" = \"Quit\";\r\n\r\n/* Menu */\r\n\"Open\"  =  \"Open\";\r\n\r\n", "Menu.strings", in: folder)
        let run = CLIRun(["format", "--check", "Localizable.strings", "Menu.strings"], in: folder)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, "Localizable.strings: not in canonical form (final newlines: the file ends with 1 line break, the canonical form with 2)\n"
                       + "Menu.strings: not in canonical form (line 5: expected \"\\\"Open\\\" = \\\"Open\\\";\", found \"\\\"Open\\\"  =  \\\"Open\\\";\")\n")
    }

    func testFoldersAreWalkedForSupportedFiles() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try write(catalog.replacingOccurrences(of: "\n", with: ""), "App/Sub/A.xcstrings", in: folder)
        try write(catalog, "App/B.xcstrings", in: folder)
        try write("/* No comment provided by engineer. */\n\"a\" = \"b\";\n\n", "App/en.lproj/Localizable.strings", in: folder)
        try write("{}", "App/.hidden/C.xcstrings", in: folder)
        try write("notes", "App/notes.txt", in: folder)
        let check = CLIRun(["format", "--check", "--format", "json", "App"], in: folder)
        XCTAssertEqual(check.status, 1, check.stderr)
        guard case .array(let files)? = try JSONReader.parse(Data(check.stdout.utf8), file: "stdout")["files"] else { return XCTFail(check.stdout) }
        XCTAssertEqual(files.compactMap { $0["file"]?.stringValue }, ["App/B.xcstrings", "App/Sub/A.xcstrings", "App/en.lproj/Localizable.strings"])
        let format = CLIRun(["format", "App/"], in: folder)
        XCTAssertEqual(format.status, 0, format.stderr)
        XCTAssertEqual(format.stdout, "formatted App/Sub/A.xcstrings\n")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("App/Sub/A.xcstrings"), encoding: .utf8), catalog)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("App/.hidden/C.xcstrings"), encoding: .utf8), "{}")
    }

    func testStringsdictFilesAreCheckedButNotRewritten() throws {
        let folder = try Fixtures.temporaryFolder(self)
        let xcode = try String(contentsOf: stringsdict, encoding: .utf8)
        try write(xcode, "en.lproj/Good.stringsdict", in: folder)
        let bad = xcode.replacingOccurrences(of: "\t\t<key>NSStringLocalizedFormatKey</key>", with: "  <key>NSStringLocalizedFormatKey</key>")
        XCTAssertNotEqual(bad, xcode)
        try write(bad, "en.lproj/Bad.stringsdict", in: folder)

        XCTAssertEqual(CLIRun(["format", "--check", "en.lproj/Good.stringsdict"], in: folder).status, 0)
        let check = CLIRun(["format", "--check", "en.lproj"], in: folder)
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stdout.hasPrefix("en.lproj/Bad.stringsdict: not in canonical form (line "), check.stdout)
        XCTAssertFalse(check.stdout.contains("Good"), check.stdout)

        let rewrite = CLIRun(["format", "en.lproj/Bad.stringsdict"], in: folder)
        XCTAssertEqual(rewrite.status, 2)
        XCTAssertTrue(rewrite.stderr.contains("only checks .stringsdict files"), rewrite.stderr)
        let walk = CLIRun(["format", "en.lproj"], in: folder)
        XCTAssertEqual(walk.status, 0, walk.stderr)
        XCTAssertEqual(walk.stdout, "")
        XCTAssertEqual(walk.stderr, "note: skipped 2 check-only files in en.lproj (.stringsdict): use --check\n")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("en.lproj/Bad.stringsdict"), encoding: .utf8), bad)
    }

    func testAFolderWithoutSupportedFilesSaysSo() throws {
        let folder = try Fixtures.temporaryFolder(self)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        for arguments in [["format", "Empty"], ["format", "--check", "Empty"]] {
            let run = CLIRun(arguments, in: folder)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(run.stdout, "")
            XCTAssertEqual(run.stderr, "note: Empty holds no .xcstrings, .strings or .stringsdict file\n")
        }
        XCTAssertEqual(CLIRun(["format", "--check", "--format", "json", "Empty"], in: folder).stdout, "{\n  \"files\" : [\n\n  ]\n}\n")
        XCTAssertEqual(CLIRun(["--quiet", "format", "Empty"], in: folder).stderr, "")
    }
}
