import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

/// The format-string engine over real files that Xcode wrote (../shared/fixtures).
final class FormatStringRealFilesTests: XCTestCase {
    struct Unit {
        var file: String
        var id: String
        var source: String
        var target: String?
    }

    /// `<trans-unit>` ids, sources and targets of an XLIFF file, read with Foundation's XMLParser.
    final class UnitReader: NSObject, XMLParserDelegate {
        var units: [Unit] = []
        private var file = ""
        private var current: Unit?
        private var text: String?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            switch name {
            case "file": file = attributes["original"] ?? ""
            case "trans-unit": current = Unit(file: file, id: attributes["id"] ?? "", source: "")
            case "source", "target": text = ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "source": current?.source = text ?? ""; text = nil
            case "target": current?.target = text ?? ""; text = nil
            case "trans-unit": if let current { units.append(current) }; current = nil
            default: break
            }
        }
    }

    private func units(_ name: String) throws -> [Unit] {
        let url = try Fixtures.shared("fixtures/xliff/\(name)")
        let parser = try XCTUnwrap(XMLParser(contentsOf: url))
        let reader = UnitReader()
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "\(name): \(String(describing: parser.parserError))")
        return reader.units
    }

    /// Units whose id is the catalog or `.strings` key, i.e. the unpositionalized source text.
    private func isTextKeyed(_ unit: Unit) -> Bool {
        !unit.id.hasPrefix("/") && unit.id.range(of: #"^[A-Za-z0-9]{3}-[A-Za-z0-9]{2}-[A-Za-z0-9]{3}\."#, options: .regularExpression) == nil
            && !unit.file.hasSuffix(".intentdefinition")
    }

    func testXcodeExportsPositionalizeLikeUs() throws {
        var checked = 0, rewritten = 0
        for name in ["Elytra.de.xliff", "KeepingYouAwake.de.xliff"] {
            for unit in try units(name) {
                XCTAssertEqual(FormatString.positionalized(unit.source), unit.source, "\(name) \(unit.id): an exported source is already positionalized")
                guard isTextKeyed(unit), unit.id.contains("%") else { continue }
                checked += 1
                XCTAssertEqual(FormatString.positionalized(unit.id), unit.source, "\(name) \(unit.id)")
                XCTAssertTrue(FormatString(unit.source).isEquivalent(to: FormatString(unit.id)), "\(name) \(unit.id)")
                if unit.source != unit.id { rewritten += 1 }
            }
        }
        // Elytra's "%d of %d" (twice) and "%@ - %@" (twice) are rewritten; the rest have one argument.
        XCTAssertEqual(checked, 23)
        XCTAssertEqual(rewritten, 4)
    }

    func testTranslationsInXcodeExports() throws {
        var findings: [String] = []
        var compared = 0
        for name in ["Elytra.de.xliff", "KeepingYouAwake.de.xliff"] {
            for unit in try units(name) {
                guard let target = unit.target else { continue }
                compared += 1
                for mismatch in FormatString.mismatches(source: unit.source, translation: target) {
                    findings.append("\(unit.id): \(mismatch.severity) \(mismatch.kind)")
                }
            }
        }
        // Every German target of both exports is compatible with its source, including Elytra's
        // "Importieren %d von %d" for the positionalized "Importing %1$d of %2$d".
        XCTAssertEqual(compared, 509)
        XCTAssertEqual(findings, [])
    }

    // MARK: String Catalogs

    /// One value of a catalog localization with the path of variations leading to it.
    struct Leaf {
        var path: [String]
        var value: String
        var substitution: SubstitutionArgument?
    }

    private func leaves(_ localization: [String: Any], path: [String] = [], substitution: SubstitutionArgument? = nil) -> [Leaf] {
        var result: [Leaf] = []
        if let unit = localization["stringUnit"] as? [String: Any], let value = unit["value"] as? String {
            result.append(Leaf(path: path, value: value, substitution: substitution))
        }
        if let variations = localization["variations"] as? [String: Any] {
            for (selector, cases) in variations {
                for (name, child) in cases as? [String: Any] ?? [:] {
                    result += leaves(child as? [String: Any] ?? [:], path: path + ["\(selector).\(name)"], substitution: substitution)
                }
            }
        }
        if let substitutions = localization["substitutions"] as? [String: Any] {
            for (name, body) in substitutions {
                let body = body as? [String: Any] ?? [:]
                let argument = SubstitutionArgument(number: body["argNum"] as? Int, formatSpecifier: body["formatSpecifier"] as? String ?? "")
                result += leaves(body, path: path + ["substitutions.\(name)"], substitution: argument)
            }
        }
        return result
    }

    /// The source leaf a translation leaf renders instead of: the same path, else its `other` case.
    private func counterpart(of leaf: Leaf, in source: [Leaf]) -> Leaf? {
        if let same = source.first(where: { $0.path == leaf.path }) { return same }
        let fallback = leaf.path.map { $0.hasPrefix("plural.") ? "plural.other" : $0 }
        if let other = source.first(where: { $0.path == fallback }) { return other }
        return source.first { $0.path.filter { !$0.hasPrefix("plural.") && !$0.hasPrefix("device.") } == leaf.path.filter { !$0.hasPrefix("plural.") && !$0.hasPrefix("device.") } }
    }

    private func catalogFindings(_ path: String) throws -> (compared: Int, findings: [String]) {
        let url = try Fixtures.shared(path)
        let catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let sourceLanguage = try XCTUnwrap(catalog["sourceLanguage"] as? String)
        let strings = try XCTUnwrap(catalog["strings"] as? [String: Any])
        var findings: [String] = []
        var compared = 0
        for (key, entry) in strings.sorted(by: { $0.key < $1.key }) {
            let localizations = (entry as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            let source = leaves(localizations[sourceLanguage] as? [String: Any] ?? [:])
            let keyFormat = FormatString(key)
            for (locale, localization) in localizations.sorted(by: { $0.key < $1.key }) {
                for leaf in leaves(localization as? [String: Any] ?? [:]) {
                    let translation = FormatString(leaf.value, substitution: leaf.substitution)
                    let last = leaf.path.last ?? ""
                    let omittable: Set<Int> = ["plural.zero", "plural.one", "plural.two"].contains(last)
                        ? Set([leaf.substitution?.number ?? 1]) : []
                    let options = FormatComparisonOptions(omittableArguments: omittable)
                    if locale != sourceLanguage, let original = counterpart(of: leaf, in: source) {
                        compared += 1
                        let reference = FormatString(original.value, substitution: original.substitution)
                        for mismatch in FormatString.mismatches(source: reference, translation: translation, options: options) {
                            findings.append("\(key) [\(locale) \(leaf.path.joined(separator: "/"))]: \(mismatch.severity) \(mismatch.kind)")
                        }
                    }
                    if !keyFormat.specifiers.isEmpty, leaf.path.isEmpty {
                        compared += 1
                        for mismatch in FormatString.mismatches(source: keyFormat, translation: translation, options: options) {
                            findings.append("\(key) [\(locale) key]: \(mismatch.severity) \(mismatch.kind)")
                        }
                    }
                }
            }
        }
        return (compared, findings)
    }

    func testCatalogTranslationsAgainstTheirSource() throws {
        let imgly = try catalogFindings("fixtures/imgly/IMGLYEditor.xcstrings")
        // Keys like "…_artist_on_source %@ %@" carry their placeholders; the values are positional.
        XCTAssertEqual(imgly.compared, 575)
        XCTAssertEqual(imgly.findings, [])

        let keepingYouAwake = try catalogFindings("fixtures/xcstrings/KeepingYouAwake.Localizable.xcstrings")
        XCTAssertEqual(keepingYouAwake.compared, 31)
        XCTAssertEqual(keepingYouAwake.findings, [])

        // Substitution variations drop the count and use "%2$@"; all agree. Five older translations
        // (state needs_review) of one message lack its "[here](%@)" link: a warning, as the app
        // shows them without the link and without crashing.
        let macMouseFix = try catalogFindings("fixtures/xcstrings/MacMouseFix.Localizable.xcstrings")
        XCTAssertEqual(macMouseFix.compared, 2164)
        XCTAssertEqual(macMouseFix.findings, ["fr", "ko", "vi", "zh-HK", "zh-Hant"].map {
            "license-toast.no-internet [\($0) ]: warning missingArgument(1, object)"
        })
    }
}
