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
@testable import L10nTestSupport

/// The canonical `.strings` layout (comments split on UTF-8, quoting without per-character
/// appends, `*/` searched only where there is a `*`) gives the bytes the writer gave before
/// (`ReferenceStringsWriter`), in both layouts, on golden, generated, random and edited files.
final class StringsWriterEquivalenceTests: XCTestCase {
    private func assertSameCanonicalBytes(_ file: StringsFile, _ context: @autoclosure () -> String,
                                          line: UInt = #line) {
        for layout in [nil, StringsLayout.genstrings, .interfaceBuilder] {
            let fast = StringsWriter.canonicalData(for: file, layout: layout)
            let reference = ReferenceStringsWriter.canonicalData(for: file, layout: layout)
            XCTAssertTrue(fast == reference, "\(context()) \(String(describing: layout)): \(file.text.debugDescription)", line: line)
        }
    }

    func testGoldenFiles() throws {
        let folder = Fixtures.golden("strings")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".strings") }) {
            assertSameCanonicalBytes(try StringsReader.parse(Data(contentsOf: folder.appendingPathComponent(name)), path: name), name)
        }
    }

    func testGeneratedProjectTables() throws {
        let output = try ProjectGenerator(size: .small, seed: 4).write(to: try Fixtures.temporaryFolder(self))
        for path in output.files where path.hasSuffix(".strings") {
            assertSameCanonicalBytes(try StringsReader.parse(Data(contentsOf: output.root.appendingPathComponent(path)), path: path), path)
        }
    }

    /// Random files of every piece the reader knows (comments with `*/`-like text, separators,
    /// CR LF, control characters in values), and the same files after edits.
    func testRandomAndEditedFiles() {
        let pieces = ["\"k\" = \"v\";", "\"k\\(0)\";", "key = value;", "\"a.b\" = \"x\\n\\ty\\\\ \\\" \\U0001 \\U007F\";", "kCO-9u-5kw.text = \"t\";",
                      "\"1\" = \"é😀\\r\";", " ", "\n", "\r\n", "\r", "\u{2028}", "\t", "/* c */", "/* a * / b */", "/* **/", "/*/ x */",
                      "// line\n", "/* two\nlines */", "/* é\u{2029}*/", "//\r\n", "/* *\\/ */", "/***/"]
        var random = SeededRandom(seed: 51)
        var files = 0
        for round in 0..<3_000 {
            var text = ""
            for index in 0..<Int.random(in: 0..<12, using: &random) {
                text += pieces.randomElement(using: &random)!.replacingOccurrences(of: "\\(0)", with: "\(index)")
            }
            guard var file = try? StringsReader.parse(text, path: "random") else { continue }
            files += 1
            assertSameCanonicalBytes(file, "round \(round)")
            for step in 0..<3 {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: file.setValue("new \"\(step)\"\n\u{1}", forKey: "added \(step)", comment: Bool.random(using: &random) ? "note */ end" : nil)
                case 1: file.setValue("changed", forKey: file.keys.randomElement(using: &random) ?? "k")
                default: file.removeValue(forKey: file.keys.randomElement(using: &random) ?? "k")
                }
                assertSameCanonicalBytes(file, "round \(round) step \(step)")
            }
        }
        XCTAssertGreaterThan(files, 1_000)
        for text in ["", "a\"b", "\\", "\u{0}\u{1F}\u{7F}\u{80}", "e\u{301}", "tab\there", "*/", "a*/b*/", "*", "/*", "**//"] {
            XCTAssertEqual(StringsWriter.quoted(text), ReferenceStringsWriter.quoted(text), text.debugDescription)
            XCTAssertEqual(StringsWriter.blockComment(text), ReferenceStringsWriter.blockComment(text), text.debugDescription)
        }
    }
}
