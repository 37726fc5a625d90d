import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// Catalogs built in code, written, and compared byte for byte with `Golden/xcstrings/*.xcstrings`
/// (checked by hand against formats.md §1). Reading each golden gives back the model, and writing
/// that gives back the golden. `L10N_UPDATE_GOLDEN=1` rewrites the files instead of comparing.
final class XCStringsGoldenTests: XCTestCase {
    private func assertGolden(_ name: String, _ catalog: StringCatalog, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Fixtures.golden("xcstrings/\(name).xcstrings")
        let written = StringCatalogWriter().data(for: catalog)
        if ProcessInfo.processInfo.environment["L10N_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try written.write(to: url)
            return
        }
        let golden = try Data(contentsOf: url)
        XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: golden, as: UTF8.self), name, file: file, line: line)
        XCTAssertTrue(written == golden, "\(name): bytes differ", file: file, line: line)
        let read = try StringCatalogReader.read(golden, file: url.lastPathComponent)
        XCTAssertEqual(read, catalog, "\(name): reading the golden does not give the model", file: file, line: line)
        XCTAssertTrue(StringCatalogWriter().data(for: read) == golden, "\(name): golden does not round-trip", file: file, line: line)
        XCTAssertEqual(golden.last, UInt8(ascii: "}"), file: file, line: line)
        XCTAssertEqual(KeyOrderAudit(try JSONReader.parse(golden, file: name)).inversions.count, 0, file: file, line: line)
    }

    private func unit(_ value: String, _ state: StringUnitState = .translated) -> CatalogLocalization {
        CatalogLocalization(stringUnit: StringUnit(state: state, value: value))
    }

    private func plural(_ cases: [String: String], _ state: StringUnitState = .translated) -> CatalogVariations {
        CatalogVariations(kinds: ["plural": CatalogLocalizations(cases.mapValues { unit($0, state) })])
    }

    func testEmptyEntries() throws {
        try assertGolden("empty-entries", StringCatalog(sourceLanguage: "en", entries: [
            "Go Back": CatalogEntry(),
            "Empty comment": CatalogEntry(comment: ""),
            "Empty localizations": CatalogEntry(localizations: [:]),
            "Empty localization": CatalogEntry(extractionState: .stale, localizations: ["de": CatalogLocalization()]),
            "Empty value": CatalogEntry(localizations: ["en": unit("", .new)]),
            "Empty variations": CatalogEntry(localizations: ["en": CatalogLocalization(variations: CatalogVariations())]),
            "Do not translate": CatalogEntry(extractionState: .manual, shouldTranslate: false),
        ]))
    }

    func testSubstitutions() throws {
        func files(_ argNum: Int?) -> Substitution {
            Substitution(argNum: argNum, formatSpecifier: "lld", variations: plural(["one": "%arg file", "other": "%arg files"]))
        }
        try assertGolden("substitutions", StringCatalog(sourceLanguage: "en", entries: [
            "%lld files in %lld folders": CatalogEntry(comment: "Shown under the import button", localizations: [
                "en": CatalogLocalization(
                    stringUnit: StringUnit(state: .new, value: "%#@files@ in %#@folders@"),
                    substitutions: [
                        "files": files(1),
                        "folders": Substitution(argNum: 2, formatSpecifier: "lld", variations: plural(["one": "%arg folder", "other": "%arg folders"])),
                    ]),
                "ru": CatalogLocalization(
                    stringUnit: StringUnit(state: .translated, value: "%#@files@ в %#@folders@"),
                    substitutions: [
                        "files": Substitution(argNum: 1, formatSpecifier: "lld", variations: plural([
                            "one": "%arg файл", "few": "%arg файла", "many": "%arg файлов", "other": "%arg файла",
                        ])),
                        "folders": Substitution(argNum: 2, formatSpecifier: "lld", variations: plural([
                            "one": "%arg папке", "few": "%arg папках", "many": "%arg папках", "other": "%arg папки",
                        ], .needsReview)),
                    ]),
                "de": CatalogLocalization(
                    stringUnit: StringUnit(state: .translated, value: "%#@files@"),
                    substitutions: ["files": files(nil)]),
            ]),
        ]))
    }

    func testDeviceAndPluralNesting() throws {
        try assertGolden("device-plural", StringCatalog(sourceLanguage: "en", entries: [
            "%lld photos selected": CatalogEntry(localizations: [
                "en": CatalogLocalization(variations: CatalogVariations(kinds: ["device": [
                    "iphone": CatalogLocalization(variations: plural(["one": "%lld photo", "other": "%lld photos"])),
                    "mac": unit("%lld photos selected"),
                    "other": CatalogLocalization(variations: plural(["one": "%lld photo selected", "other": "%lld photos selected"])),
                ]])),
                "de": CatalogLocalization(variations: CatalogVariations(kinds: ["device": [
                    "iphone": CatalogLocalization(
                        stringUnit: StringUnit(state: .needsReview, value: "%lld Fotos"),
                        variations: plural(["one": "%lld Foto", "other": "%lld Fotos"])),
                ]])),
            ]),
            "Tap or click": CatalogEntry(localizations: [
                "en": CatalogLocalization(variations: CatalogVariations(kinds: ["device": [
                    "iphone": unit("Tap"), "ipod": unit("Tap"), "ipad": unit("Tap"), "mac": unit("Click"),
                    "applewatch": unit("Tap"), "appletv": unit("Select"), "applevision": unit("Pinch"), "other": unit("Tap"),
                ]])),
            ]),
        ]))
    }

    func testUnknownFieldsAtEveryLevel() throws {
        let metadata = JSONValue.object([
            ("generator", .string("Xcode")),
            ("numbers", .array([.number("1"), .number("1.50"), .number("-0"), .number("2E-3"), .null, .bool(true), .array([]), .object([])])),
        ])
        var entry = CatalogEntry(comment: "Window title", localizations: [
            "en": CatalogLocalization(
                stringUnit: StringUnit(state: .translated, value: "Settings", unknownFields: ["x-source-hash": .number("12345678901234567890")]),
                unknownFields: ["x-reviewed-by": .string("Anna")]),
            "fr": CatalogLocalization(
                stringUnit: StringUnit(state: "machine_translated", value: "Réglages"),
                variations: CatalogVariations(kinds: ["width": ["1": unit("Rég."), "20": unit("Réglages")]]),
                substitutions: ["n": Substitution(formatSpecifier: "d", variations: plural(["other": "%arg"]), unknownFields: ["x-note": .null])]),
        ], unknownFields: ["generatesSymbol": .bool(false), "x-tags": .array([.string("ui"), .string("window")])])
        entry.isCommentAutoGenerated = true
        try assertGolden("unknown-fields", StringCatalog(
            sourceLanguage: "en", version: "1.1",
            entries: ["Settings": entry, "Future entry": CatalogEntry(extractionState: "extracted_by_future_xcode")],
            unknownFields: ["metadata": metadata]))
    }

    func testKeysThatSortOnlyByNumericOrCaseRules() throws {
        let keys = [
            "", " ", "!", "#hashtag", "$price", "%@ items", "(parenthesized)", "-dash", ".dot", "/slash", "_underscore",
            "0", "1", "9", "10", "100", "a", "A", "Ä", "message 9", "message 10", "message 100",
            "Radial menu", "Radial Menu", "radial menu 2", "zh-Hant", "zh-HK", "z", "中文", "😀",
        ]
        var entries = Dictionary(uniqueKeysWithValues: keys.map { ($0, CatalogEntry()) })
        entries["Locales"] = CatalogEntry(localizations: CatalogLocalizations(uniqueKeysWithValues:
            ["zh-Hant", "zh-HK", "zh-Hans", "pt", "pt-BR", "pt-PT", "sr-Latn", "en", "en-GB", "es-419"].map { ($0, unit($0)) }))
        try assertGolden("key-order", StringCatalog(sourceLanguage: "en", entries: entries))
    }

    func testEscapesControlCharactersAndNonASCII() throws {
        var controls = ""
        for code in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(code))) }
        try assertGolden("escapes", StringCatalog(sourceLanguage: "en", entries: [
            "Quote \" and backslash \\ and slash /": CatalogEntry(comment: "Line one\nLine two\r\n\tindented", localizations: [
                "en": unit("Say \"hi\" \\ path/to/file"),
            ]),
            "Controls": CatalogEntry(localizations: ["en": unit(controls + "\u{7F}")]),
            "Non-ASCII": CatalogEntry(localizations: [
                "ar": unit("الإعدادات"), "he": unit("הגדרות"), "ja": unit("設定"), "ko": unit("설정"),
                "de": unit("Größe\u{A0}ändern"), "fr": unit("e\u{301}te\u{301} / été"),
                "en": unit("👩‍👩‍👧 🇩🇪 \u{2028}\u{2029}\u{200B}\u{FEFF}"),
            ]),
        ]))
    }
}
