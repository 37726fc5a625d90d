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
