import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// Malformed catalogs: one located error each, pointing at the offending value. In each text,
/// `‸` marks where the error must be reported; it is removed before reading.
final class XCStringsReaderErrorTests: XCTestCase {
    static let marker: Character = "‸"

    /// The text without the marker, and the marker's line and column.
    static func marked(_ text: String) -> (Data, line: Int, column: Int) {
        let before = text[..<text.firstIndex(of: marker)!]
        let lineCount = before.split(separator: "\n", omittingEmptySubsequences: false)
        let line = lineCount.count
        let column = lineCount.last!.unicodeScalars.count + 1
        var clean = text
        clean.removeAll { $0 == marker }
        return (Data(clean.utf8), line, column)
    }

    private func assertError(_ text: String, _ reason: JSONErrorReason, _ fragment: String,
                             file: StaticString = #filePath, line sourceLine: UInt = #line) {
        let (data, line, column) = Self.marked(text)
        do {
            _ = try StringCatalogReader.read(data, file: "Bad.xcstrings")
            XCTFail("read although malformed", file: file, line: sourceLine)
        } catch let error as JSONError {
            XCTAssertEqual(error.reason, reason, error.message, file: file, line: sourceLine)
            XCTAssertEqual(error.location, SourceLocation(file: "Bad.xcstrings", line: line, column: column), error.message, file: file, line: sourceLine)
            XCTAssertTrue(error.message.contains(fragment), "\"\(error.message)\" lacks \"\(fragment)\"", file: file, line: sourceLine)
            XCTAssertNotNil(error.hint, file: file, line: sourceLine)
        } catch {
            XCTFail("not a JSONError: \(error)", file: file, line: sourceLine)
        }
    }

    /// A catalog with one entry whose `de` localization is `localization`.
    private func catalog(entry: String = "", localization: String = #""stringUnit" : { "state" : "new", "value" : "x" }"#) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Hello" : {
              \(entry)"localizations" : {
                "de" : {
                  \(localization)
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
    }

    func testWrongTypesAtKnownFields() {
        assertError(catalog(entry: #""comment" : ‸3, "#), .unexpectedType, #""comment" must be a string, found a number"#)
        assertError(catalog(entry: #""shouldTranslate" : ‸"no", "#), .unexpectedType, #""shouldTranslate" must be true or false, found a string"#)
        assertError(catalog(entry: #""extractionState" : ‸true, "#), .unexpectedType, #""extractionState" must be a string, found a boolean"#)
        assertError(catalog(localization: #""stringUnit" : { "state" : ‸1, "value" : "x" }"#), .unexpectedType, #""state" must be a string"#)
        assertError(catalog(localization: #""stringUnit" : { "state" : "new", "value" : ‸null }"#), .unexpectedType, #""value" must be a string, found null"#)
        assertError(catalog(localization: #""stringUnit" : ‸"x""#), .unexpectedType, #""stringUnit" must be an object, found a string"#)
        assertError(catalog(localization: #""variations" : ‸[]"#), .unexpectedType, #""variations" must be an object, found an array"#)
        assertError(catalog(localization: #""variations" : { "plural" : ‸[] }"#), .unexpectedType, #"the "plural" variation must be an object"#)
        assertError(catalog(localization: #""variations" : { "plural" : { "one" : ‸"x" } }"#), .unexpectedType, #"the plural case "one" must be an object"#)
        assertError(catalog(localization: #""substitutions" : ‸"n""#), .unexpectedType, #""substitutions" must be an object"#)
        assertError(catalog(localization: #""substitutions" : { "n" : { "argNum" : ‸"1", "formatSpecifier" : "d" } }"#), .unexpectedType, #""argNum" must be a whole number, found a string"#)
        assertError(catalog(localization: #""substitutions" : { "n" : { "argNum" : ‸1.5, "formatSpecifier" : "d" } }"#), .unexpectedType, #""argNum" must be a whole number, found 1.5"#)
        assertError(catalog(localization: #""substitutions" : { "n" : { "formatSpecifier" : ‸4 } }"#), .unexpectedType, #""formatSpecifier" must be a string"#)
        assertError(#"{ "sourceLanguage" : "en", "strings" : ‸[] }"#, .unexpectedType, #""strings" must be an object, found an array"#)
        assertError(#"{ "sourceLanguage" : "en", "strings" : { "Hello" : ‸null } }"#, .unexpectedType, #"the entry "Hello" must be an object, found null"#)
        assertError(#"{ "sourceLanguage" : "en", "strings" : { "Hello" : { "localizations" : ‸[] } } }"#, .unexpectedType, #""localizations" must be an object"#)
        assertError(#"{ "sourceLanguage" : "en", "strings" : { "Hello" : { "localizations" : { "de" : ‸1 } } } }"#, .unexpectedType, #"the localization "de" must be an object"#)
        assertError(#"{ "sourceLanguage" : ‸["en"] }"#, .unexpectedType, #""sourceLanguage" must be a string"#)
        assertError(#"{ "sourceLanguage" : "en", "version" : ‸1.0 }"#, .unexpectedType, #""version" must be a string, found a number"#)
        assertError("\n  ‸[]", .unexpectedType, "the String Catalog must be an object, found an array")
    }

    func testMissingRequiredFields() {
        assertError(#"‸{ "strings" : { }, "version" : "1.0" }"#, .missingMember("sourceLanguage"), #"has no "sourceLanguage""#)
        assertError(catalog(localization: #""stringUnit" : ‸{ "state" : "new" }"#), .missingMember("value"), #"has no "value""#)
        assertError(catalog(localization: #""stringUnit" : ‸{ "value" : "x" }"#), .missingMember("state"), #"has no "state""#)
        assertError(catalog(localization: #""substitutions" : { "n" : ‸{ "argNum" : 1 } }"#), .missingMember("formatSpecifier"), #"the substitution "n" has no "formatSpecifier""#)
    }

    func testMalformedJSONInsideACatalog() {
        assertError(catalog(localization: #""stringUnit" : { "state" : "new", "value" : "x" }‸,"#), .strayComma, "trailing comma")
        assertError("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Hello\" : {\n‸", .truncated, "the object opened at line 4, column 15 is not closed")
        assertError(#"{ "sourceLanguage" : "en", "strings" : { "Hello" : { }, ‸"Hello" : { } } }"#, .duplicateKey("Hello"), #"duplicate key "Hello""#)
        // The catalog's own object is level 1, so the 512th bracket is the first one too deep.
        let deep = #"{ "sourceLanguage" : "en", "x" : "# + String(repeating: "[", count: 511) + "‸" + String(repeating: "[", count: 9_489)
        assertError(deep, .tooDeep, "nested more than 512")
        let (data, _, _) = Self.marked(catalog(localization: #""stringUnit" : { "state" : "new", "value" : "‸x" }"#))
        var bytes = Array(data)
        bytes[bytes.firstIndex(of: UInt8(ascii: "x"))!] = 0xFF
        XCTAssertThrowsError(try StringCatalogReader.read(Data(bytes), file: "Bad.xcstrings")) { error in
            XCTAssertEqual((error as? JSONError)?.reason, .invalidUTF8)
            XCTAssertEqual((error as? JSONError)?.location?.line, 7)
        }
    }

    /// The catalog reader finds duplicates through its own dictionaries; the error still names both places.
    func testDuplicatesAtEveryLevel() {
        assertError(catalog(localization: #""stringUnit" : { "state" : "new", "value" : "x", ‸"value" : "y" }"#), .duplicateKey("value"), "first at line 7, column 45")
        assertError(catalog(localization: #""x" : 1, "stringUnit" : { "state" : "new", "value" : "x" }, ‸"x" : 2"#), .duplicateKey("x"), "first at line 7, column 11")
        assertError(catalog(entry: #""comment" : "a", ‸"comment" : "b", "#), .duplicateKey("comment"), #"duplicate key "comment""#)
        assertError(#"{ "sourceLanguage" : "en", "strings" : { "Hello" : { "localizations" : { "de" : { }, ‸"de" : { } } } } }"#, .duplicateKey("de"), #"duplicate key "de""#)
        // Not next to each other: the first member read that repeats an earlier one is named.
        assertError(#"{ "sourceLanguage" : "en", "strings" : { "Hello" : { "localizations" : { "fr" : { }, "de" : { }, ‸"de" : { }, "fr" : { } } } } }"#,
                    .duplicateKey("de"), #"duplicate key "de""#)
        assertError(#"{ "sourceLanguage" : "en", "strings" : { "A" : { "localizations" : { "de" : { }, "fr" : { } } }, "B" : { "localizations" : { "ja" : { }, ‸"ja" : { } } } } }"#,
                    .duplicateKey("ja"), #"duplicate key "ja""#)
        // A repeated name comes before an error of a later member, as the reader meets them;
        // an error in the repeated member's own value comes first.
        assertError(#"{ "sourceLanguage" : "en", "strings" : { "Hello" : { "localizations" : { "de" : { }, ‸"de" : { }, "fr" : 5 } } } }"#,
                    .duplicateKey("de"), #"duplicate key "de""#)
        assertError(#"{ "sourceLanguage" : "en", "strings" : { "Hello" : { "localizations" : { "de" : { }, ‸"de" : { }, "fr" : { "stringUnit" : { "state" : 1, "value" : "x" } } } } } }"#,
                    .duplicateKey("de"), #"duplicate key "de""#)
        assertError(catalog(localization: #""variations" : { "plural" : { "one" : { }, ‸"one" : { }, "other" : 3 } }"#), .duplicateKey("one"), #"duplicate key "one""#)
        assertError(#"{ "sourceLanguage" : "en", "strings" : { "Hello" : { "localizations" : { "de" : { }, "de" : ‸5 } } } }"#,
                    .unexpectedType, "must be an object")
        assertError(catalog(localization: #""variations" : { "plural" : { "one" : { }, ‸"one" : { } } }"#), .duplicateKey("one"), #"duplicate key "one""#)
        assertError(catalog(localization: #""variations" : { "plural" : { }, ‸"plural" : { } }"#), .duplicateKey("plural"), #"duplicate key "plural""#)
        assertError(catalog(localization: #""substitutions" : { "n" : { "formatSpecifier" : "d" }, ‸"n" : { "formatSpecifier" : "d" } }"#), .duplicateKey("n"), #"duplicate key "n""#)
        assertError(#"{ "sourceLanguage" : "en", ‸"sourceLanguage" : "de" }"#, .duplicateKey("sourceLanguage"), "first at line 1, column 3")
        assertError("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"\u{E9}\" : { }, ‸\"e\u{301}\" : { } } }", .duplicateKey("e\u{301}"), "normalization")
    }

    func testUnknownFieldsMayHoldAnything() throws {
        let text = catalog(entry: #""x" : [1, { "b" : null, "a" : [] }], "#, localization: #""x" : true, "stringUnit" : { "state" : "new", "value" : "v", "x" : 1.50 }"#)
        let catalog = try StringCatalogReader.read(Data(text.utf8), file: "t")
        XCTAssertEqual(catalog.entries["Hello"]?.unknownFields["x"], .array([.number("1"), .object([("b", .null), ("a", .array([]))])]))
        XCTAssertEqual(catalog.stringUnit(key: "Hello", locale: "de")?.unknownFields["x"], .number("1.50"))
        XCTAssertEqual(catalog.entries["Hello"]?.localizations?["de"]?.unknownFields["x"], .bool(true))
    }
}
