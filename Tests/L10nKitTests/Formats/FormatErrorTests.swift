import Foundation
import XCTest
@testable import L10nCore
@testable import L10nFormats
@testable import L10nXLIFF

/// Every reader throws the one located error type, `FormatError`, with its format as a field and
/// its kind, printed the same way: `file:line:column: error: message` and the hint.
final class FormatErrorTests: XCTestCase {
    func testEachReaderNamesItsFormatKindAndPlace() throws {
        func failure(_ body: () throws -> Void) -> (any LocatedError)? {
            do { try body() } catch let error as any LocatedError { return error } catch { XCTFail("\(error)") }
            return nil
        }
        let json = try XCTUnwrap(failure { _ = try JSONReader.parse(Data("{\n  \"a\" : 1,\n}".utf8), file: "a.json") } as? JSONError)
        XCTAssertEqual(json.format, "JSON")
        XCTAssertEqual(json.reason, .strayComma)
        XCTAssertEqual(json.location, SourceLocation(file: "a.json", line: 2, column: 10))

        let strings = try XCTUnwrap(failure { _ = try StringsReader.parse("\"a\" = \"b\"", path: "L.strings") } as? StringsSyntaxError)
        XCTAssertEqual(strings.format, ".strings")
        XCTAssertEqual(strings.kind, .missingSemicolon(key: "a"))
        XCTAssertEqual(strings.message, StringsSyntaxErrorKind.missingSemicolon(key: "a").message)
        XCTAssertTrue(strings.description.hasPrefix("L.strings:1:10: error: missing ';'"), strings.description)

        let xliff = try XCTUnwrap(failure { _ = try XLIFFReader().read(Data("<xliff version=\"2.0\"/>".utf8), path: "x.xliff") } as? XLIFFError)
        XCTAssertEqual(xliff.format, "XLIFF")
        XCTAssertEqual(xliff.kind, .unsupportedVersion("2.0"))
        XCTAssertEqual(xliff.location, SourceLocation(file: "x.xliff", line: 1, column: 1))

        let xml = try XCTUnwrap(failure { _ = try PropertyListXMLReader.parse(Data("<plist><dict><key>a</key></plist>".utf8), path: "p.plist") } as? XMLStreamError)
        XCTAssertEqual(xml.format, "XML")
        XCTAssertEqual(xml.kind, .malformed)

        // A caller still catches one format: a JSON error is not a `.strings` one.
        XCTAssertNil(failure { _ = try JSONReader.parse(Data("[".utf8), file: "b.json") } as? StringsSyntaxError)
    }
}

/// Every reader has one shape (`FormatReader`): bytes and a path in, a value or a located error
/// naming that path out; and a file that cannot be read is an error naming the file.
final class FormatReaderShapeTests: XCTestCase {
    private func assertRefuses<R: FormatReader>(_ reader: R.Type, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try R.parse(Data(text.utf8), path: "in/\(R.self)"), "\(R.self)", file: file, line: line) { error in
            let located = error as? any LocatedError
            XCTAssertEqual(located?.location?.file, "in/\(R.self)", "\(R.self): \(error)", file: file, line: line)
        }
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")
        XCTAssertThrowsError(try R.read(contentsOf: missing, displayPath: "gone.file"), file: file, line: line) { error in
            XCTAssertTrue(error is InputError && "\(error)".contains("gone.file"), "\(R.self): \(error)", file: file, line: line)
        }
    }

    func testEveryReaderNamesThePathItWasGiven() {
        assertRefuses(StringsReader.self, "\"a\" = \"b\"")
        assertRefuses(StringsdictReader.self, "<plist><array/></plist>")
        assertRefuses(StringCatalogReader.self, "{ \"sourceLanguage\" : 1 }")
        assertRefuses(InfoPlistReader.self, "<plist><array/></plist>")
        assertRefuses(PropertyListXMLReader.self, "<plist><dict>")
        assertRefuses(JSONReader.self, "[1,]")
        assertRefuses(IntentDefinition.self, "<plist><array/></plist>")
        assertRefuses(XLIFFReader.self, "<xliff version=\"1.2\"><file/></xliff>")
    }

    func testTheSharedShapeReadsARealCatalog() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../shared/fixtures").standardized
        guard let catalog = try? FileManager.default.subpathsOfDirectory(atPath: url.path).first(where: { $0.hasSuffix(".xcstrings") }) else {
            throw XCTSkip("../shared/fixtures is absent: no real catalog to read")
        }
        let value = try StringCatalogReader.read(contentsOf: url.appendingPathComponent(catalog))
        XCTAssertFalse(value.entries.isEmpty, catalog)
    }
}
