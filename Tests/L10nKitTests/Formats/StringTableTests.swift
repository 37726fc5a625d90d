import Foundation
import XCTest
@testable import L10nFormats

/// Readers share equal texts (`StringTable`): a catalog's or a table's repeated texts are one
/// allocation. Sharing is by bytes, so it never changes what is read.
final class StringTableTests: XCTestCase {
    private func storage(_ text: String) -> UnsafeRawPointer? {
        var text = text
        return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    func testTheTableFindsOnlyTheSameBytes() {
        let table = StringTable()
        var texts: [String] = []
        for index in 0..<5_000 {
            texts.append("text number \(index) of the table")
            texts.append("caf\u{E9} number \(index) of the table")
            texts.append("cafe\u{301} number \(index) of the table")
        }
        for text in texts {
            var bytes = text
            let found = bytes.withUTF8 { bytes in table.string(bytes) { String(decoding: bytes, as: UTF8.self) } }
            XCTAssertTrue(found.utf8.elementsEqual(text.utf8))
        }
        for text in texts {
            var bytes = text
            let known = bytes.withUTF8 { table.string(withBytes: $0) }
            XCTAssertNotNil(known, "\(text) was added")
            XCTAssertTrue(known!.utf8.elementsEqual(text.utf8), "\(text) came back as \(known!): another normalization form")
        }
        var absent = "text number 5000 of the table"
        XCTAssertNil(absent.withUTF8 { table.string(withBytes: $0) })
    }

    /// A catalog's repeated values and comments share one storage; values equal as Swift
    /// strings but written in another normalization form keep their own bytes.
    func testCatalogValuesShareStorageAndKeepTheirBytes() throws {
        let composed = "Caf\u{E9} settings for the whole team"
        let decomposed = "Cafe\u{301} settings for the whole team"
        let json = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : { "comment" : "Shown in the settings window", "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "\(composed)" } } } },
            "b" : { "comment" : "Shown in the settings window", "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "\(composed)" } } } },
            "c" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "\(decomposed)" } } } }
          },
          "version" : "1.0"
        }
        """
        let catalog = try StringCatalogReader.read(Data(json.utf8), file: "Localizable.xcstrings")
        let a = try XCTUnwrap(catalog.entries["a"]?.localizations?["de"]?.stringUnit?.value)
        let b = try XCTUnwrap(catalog.entries["b"]?.localizations?["de"]?.stringUnit?.value)
        let c = try XCTUnwrap(catalog.entries["c"]?.localizations?["de"]?.stringUnit?.value)
        XCTAssertEqual(storage(a), storage(b), "equal values share one storage")
        XCTAssertEqual(storage(catalog.entries["a"]!.comment!), storage(catalog.entries["b"]!.comment!))
        XCTAssertNotEqual(storage(a), storage(c))
        XCTAssertTrue(c.utf8.elementsEqual(decomposed.utf8), "the decomposed value keeps its bytes")
        XCTAssertTrue(a.utf8.elementsEqual(composed.utf8))
        XCTAssertEqual(StringCatalogWriter().data(for: try StringCatalogReader.read(StringCatalogWriter().data(for: catalog), file: "x")),
                       StringCatalogWriter().data(for: catalog))
    }

    /// A `.strings` table's repeated comments share one storage, and the file is written back byte for byte.
    func testStringsCommentsShareStorage() throws {
        var text = ""
        for index in 0..<600 {
            text += "/* Accessibility label of the close button */\n\"key_number_\(index)_of_the_table\" = \"Value \(index) of the table, long enough\";\n\n"
        }
        text += "/* Caf\u{E9} */\n\"x\" = \"Cafe\u{301} value that is long enough\";\n/* Cafe\u{301} */\n\"y\" = \"Caf\u{E9} value that is long enough\";\n"
        let data = Data(text.utf8)
        let file = try StringsReader.parse(data, path: "Localizable.strings")
        XCTAssertEqual(file.entries.count, 602)
        XCTAssertEqual(storage(file.entries[0].comment!), storage(file.entries[599].comment!))
        XCTAssertTrue(file.entries[600].value.utf8.elementsEqual("Cafe\u{301} value that is long enough".utf8))
        XCTAssertTrue(file.entries[601].value.utf8.elementsEqual("Caf\u{E9} value that is long enough".utf8))
        XCTAssertEqual(StringsWriter.data(for: file), data)
    }
}
