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

/// `placeholder-mismatch` settles equal plain specifier lists without parsing the translation:
/// on every string unit of the real catalogs and the sample, it must report what the full
/// comparison reports.
final class PlaceholderQuickPathTests: XCTestCase {
    func testQuickPathAgreesWithTheFullComparisonOnRealText() throws {
        var files = try Fixtures.sharedFiles(in: "fixtures/xcstrings", withExtension: "xcstrings")
        files.append(try Fixtures.shared("fixtures/imgly/IMGLYEditor.xcstrings"))
        files += ["BrandedEditor/Localizable.xcstrings", "BrandedEditor/IMGLYEditor.xcstrings"].map { Fixtures.sample("BrandedEditor/" + $0) }
        var compared = 0, quick = 0
        for unit in try Fixtures.translations(in: files) {
            let leaf = unit.leaf
            let (text, substitution) = CheckContext.sourceText(in: unit.catalog, key: unit.key, path: leaf.path)
            let source = FormatString(text, substitution: substitution)
            guard !source.specifiers.isEmpty else { continue }
            let argument = CheckContext.substitutionArgument(unit.localization, leaf.path)
            let fast = PlaceholderMismatchCheck.mismatches(source: source, sourceSubstitution: substitution, translation: leaf.unit.value,
                                                           translationSubstitution: argument, isPluralCase: leaf.path.isPluralCase,
                                                           plainSource: FormatString.plainSpecifiers(in: text))
            let full = PlaceholderMismatchCheck.mismatches(source: source, sourceSubstitution: substitution, translation: leaf.unit.value,
                                                           translationSubstitution: argument, isPluralCase: leaf.path.isPluralCase)
            XCTAssertEqual(fast.map(\.message), full.map(\.message), unit.place)
            compared += 1
            if FormatString.plainSpecifiers(in: leaf.unit.value) != nil && FormatString.plainSpecifiers(in: leaf.unit.value) == FormatString.plainSpecifiers(in: text) { quick += 1 }
        }
        XCTAssertGreaterThan(compared, 500)
        XCTAssertGreaterThan(quick, compared / 2, "most units take the quick path")
    }
}

/// `placeholder-mismatch` parses a legacy table's source value once per text and settles equal
/// plain specifier lists without parsing the translation: it reports what parsing the source
/// for every locale and comparing in full reported (the code before, kept here as the oracle).
/// The placeholders a translation of an argument-less source may not have: those that are never
/// words, so that `25 %ige` and `%-Schritten` stay text.
final class UnfilledSpecifierTests: XCTestCase {
    func testOnlyPlaceholdersThatAreNeverWordsCount() {
        let cases: [(String, String?)] = [
            ("il %1$@", "%1$@"), ("%@", "%@"), ("Hallo %@!", "%@"), ("%lld Dateien", "%lld"), ("%ld.", "%ld"), ("%d", "%d"),
            ("%2$lld", "%2$lld"), ("%u items", "%u"), ("x %f", "%f"), ("%%@ then %@", "%@"), ("ü %@", "%@"),
            ("25 %ige Erhöhung", nil), ("in %-Schritten", nil), ("100 %% sicher", nil), ("50%", nil), ("%", nil),
            ("%did", nil), ("%işlem", nil), ("%dé", nil), ("%lldx", nil), ("%lf", nil), ("%s", nil), ("% d", nil), ("%1$", nil), ("%#@files@", nil), ("", nil),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(PlaceholderMismatchCheck.unfilledSpecifier(text), expected, text)
        }
    }
}

final class PlaceholderStringsTablesTests: XCTestCase {
    private static let pieces = ["%@", "%lld", "%d", "%1$@", "%2$@", "%2$lld", "%%", "% d", "%", "%y", "%n", "%*d", "%#@n@", "%arg",
                                 "%0$@", "%lll@", "text ", "é ", "😀", "$", "1"]

    func testCachedSourcesReportWhatParsingEachUnitReported() throws {
        var size = ProjectGenerator.Size.small
        size.legacyKeys = 40
        let output = try ProjectGenerator(size: size, seed: 19).write(to: try Fixtures.temporaryFolder(self))
        var random = SeededRandom(seed: 19)
        // Source values of random pieces; each translation kept, the source's, the source
        // positionalized, or random pieces.
        func randomText() -> String {
            (0..<Int.random(in: 0...4, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
        }
        let strings = output.files.filter { $0.hasSuffix(".strings") }.sorted { ($0.contains("/en.lproj/") ? 0 : 1, $0) < ($1.contains("/en.lproj/") ? 0 : 1, $1) }
        var sources: [String: String] = [:]
        for path in strings {
            let url = output.root.appendingPathComponent(path)
            var file = try StringsReader.parse(Data(contentsOf: url), path: path)
            let table = url.lastPathComponent
            for entry in file.entries {
                let value: String
                if path.contains("/en.lproj/") {
                    value = random.below(2) == 0 ? randomText()
                        : (1...Int.random(in: 1...3, using: &random)).map { _ in ["%@", "%lld", "%d", "%1$@", "%2$@", "%%", "text "].randomElement(using: &random)! }.joined()
                    sources[table + "\u{0}" + entry.key] = value
                } else {
                    let source = sources[table + "\u{0}" + entry.key] ?? ""
                    switch random.below(4) {
                    case 0: value = entry.value
                    case 1: value = source
                    case 2: value = FormatString.positionalized(source)
                    default: value = randomText()
                    }
                }
                file.setValue(value, forKey: entry.key, comment: entry.comment)
            }
            try StringsWriter.canonicalData(for: file).write(to: url)
        }
        let context = try CheckContext(project: ProjectDiscovery(root: output.root).discover())
        var expected: [String] = []
        var quick = 0
        context.appStringsTranslations { table, locale, entry, source in
            // Later rule, added to both: an empty source is empty-value's to report.
            if source.isEmpty { return }
            if let plain = FormatString.plainSpecifiers(in: source), !plain.isEmpty,
               FormatString.readsLikePlainSource(entry.value, plain, translationSubstitution: nil, sourceSubstitution: nil) { quick += 1 }
            // Later rule, added to both: a placeholder in a translation whose source takes none.
            if FormatString(source).specifiers.isEmpty, let specifier = PlaceholderMismatchCheck.unfilledSpecifier(entry.value) {
                expected.append("\(table.path(locale: locale)) \(locale) \(Severity.warning) "
                                + "\"\(entry.key)\" [\(locale)] \(CheckContext.quoted(entry.value)): \(PlaceholderMismatchCheck.unfilledMessage(specifier))")
                return
            }
            for mismatch in PlaceholderMismatchCheck.mismatches(source: FormatString(source), sourceSubstitution: nil, translation: entry.value,
                                                                translationSubstitution: nil, isPluralCase: false) {
                expected.append("\(table.path(locale: locale)) \(locale) \(mismatch.severity) "
                                + "\"\(entry.key)\" [\(locale)] \(CheckContext.quoted(entry.value)): \(mismatch.message)")
            }
        }
        let reported = PlaceholderMismatchCheck().findings(in: context).filter { $0.file?.hasSuffix(".strings") ?? false }.map {
            "\($0.file ?? "") \($0.locale ?? "") \($0.severity) \($0.message)"
        }
        XCTAssertGreaterThan(expected.count, 100, "the mutated tables have mismatches")
        XCTAssertGreaterThan(quick, 50, "units the quick path settles")
        XCTAssertEqual(reported.count, expected.count)
        if let first = zip(reported, expected).first(where: { $0 != $1 }) { XCTFail("reported \(first.0)\nexpected \(first.1)") }
    }

    /// Two sources that are `==` but not byte-equal (`50%ó` precomposed and decomposed) read
    /// differently: the parse cached for one is not the other's.
    func testCanonicallyEquivalentSourcesAreParsedEachOnTheirOwn() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>CFBundleDevelopmentRegion</key><string>en</string>
        <key>CFBundleLocalizations</key><array><string>en</string><string>de</string></array></dict></plist>
        """
        let source = "\"precomposed\" = \"50%\u{F3}\";\n\"decomposed\" = \"50%o\u{301}\";\n"
        let german = "\"precomposed\" = \"50 %\";\n\"decomposed\" = \"50 %\";\n"
        let root = try ExchangeFixtures.project(self, files: [
            "App/Info.plist": Data(plist.utf8), "App/en.lproj/Localizable.strings": Data(source.utf8),
            "App/de.lproj/Localizable.strings": Data(german.utf8),
        ])
        let context = try CheckContext(project: ProjectDiscovery(root: root).discover())
        var expected: [String] = []
        context.appStringsTranslations { _, locale, entry, source in
            for mismatch in PlaceholderMismatchCheck.mismatches(source: FormatString(source), sourceSubstitution: nil, translation: entry.value,
                                                                translationSubstitution: nil, isPluralCase: false) {
                expected.append("\"\(entry.key)\" [\(locale)] \(CheckContext.quoted(entry.value)): \(mismatch.message)")
            }
        }
        XCTAssertEqual(expected.count, 1, "only the decomposed source has a specifier (%o)")
        XCTAssertEqual(PlaceholderMismatchCheck().findings(in: context).map(\.message), expected)
    }
}
