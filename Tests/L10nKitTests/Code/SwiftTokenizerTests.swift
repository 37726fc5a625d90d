import Foundation
import L10nKit
import XCTest

/// The tokenizer on every kind of literal and comment, and on hostile input: an unterminated
/// string or comment is a located error, deep nesting is refused or read, never a crash or hang.
final class SwiftTokenizerTests: XCTestCase {
    private func tokens(_ source: String) throws -> [SwiftToken] { try SwiftTokenizer.tokenize(source, file: "a.swift") }

    private func strings(_ source: String) throws -> [SwiftStringLiteral] { try tokens(source).compactMap(\.string) }

    private func error(_ source: String) -> SwiftSyntaxError? {
        do {
            _ = try tokens(source)
            return nil
        } catch let error as SwiftSyntaxError {
            return error
        } catch {
            XCTFail("unexpected \(error)")
            return nil
        }
    }

    func testPlainStringEscapesAndPositions() throws {
        let all = try tokens("let a = \"x\\\"y\\n\\u{1F600}\\\\\"\n  Text(\"b\")")
        XCTAssertEqual(all.compactMap(\.string).map(\.plainText), ["x\"y\n😀\\", "b"])
        let text = try XCTUnwrap(all.first { $0.identifier == "Text" })
        XCTAssertEqual([text.line, text.column], [2, 3])
        let literal = try XCTUnwrap(all.last { $0.string != nil })
        XCTAssertEqual([literal.line, literal.column], [2, 8])
    }

    func testRawStrings() throws {
        let literals = try strings(###"a = #"a "quoted" \n \#(x) b"# ; b = ##"one "# two"##"###)
        XCTAssertEqual(literals.count, 2)
        XCTAssertEqual(literals[0].rawDelimiterCount, 1)
        XCTAssertEqual(literals[0].segments, [.text(#"a "quoted" \n "#), .interpolation([SwiftToken(.identifier("x"), line: 1, column: 24)]), .text(" b")])
        XCTAssertEqual(literals[1].plainText, ##"one "# two"##)
    }

    func testMultilineStringsLoseTheClosingIndentation() throws {
        let source = "let s = \"\"\"\n    first \"quoted\"\n      indented \\(n)\n    last \\\n    joined\n    \"\"\"\nText(\"after\")"
        let all = try tokens(source)
        let literals = all.compactMap(\.string)
        XCTAssertTrue(literals[0].isMultiline)
        XCTAssertEqual(literals[0].segments, [.text("first \"quoted\"\n  indented "), .interpolation([SwiftToken(.identifier("n"), line: 3, column: 18)]),
                                             .text("\nlast joined")])
        XCTAssertEqual(literals[1].plainText, "after")
        XCTAssertEqual(all.first { $0.identifier == "Text" }?.line, 7)
        // A raw multi-line literal, and one that is empty.
        XCTAssertEqual(try strings("#\"\"\"\n  a \\n \"\"\" b\n  \"\"\"#")[0].plainText, "a \\n \"\"\" b")
        XCTAssertEqual(try strings("\"\"\"\n\"\"\"")[0].plainText, "")
    }

    func testInterpolationNestsStringsAndParentheses() throws {
        let literal = try XCTUnwrap(strings(#"Text("a \(f("b \(g(1, (2))) c")) d")"#).first)
        XCTAssertEqual(literal.segments.count, 3)
        guard case .interpolation(let inner) = literal.segments[1] else { return XCTFail("no interpolation") }
        XCTAssertEqual(inner.first?.identifier, "f")
        let nested = try XCTUnwrap(inner.compactMap(\.string).first)
        XCTAssertEqual(nested.segments.first, .text("b "))
        XCTAssertEqual(literal.segments.last, .text(" d"))
    }

    func testCommentsHideCodeAndNest() throws {
        let source = """
        // Text("line")
        /* Text("block") /* nested Text("inner") */ still comment Text("x") */
        let a = 1 /* "not a string */ + 2 // "neither
        Text("real")
        """
        let all = try tokens(source)
        XCTAssertEqual(all.compactMap(\.string).map(\.plainText), ["real"])
        XCTAssertEqual(all.filter { $0.identifier == "Text" }.map(\.line), [4])
        // `//` inside a string is text.
        XCTAssertEqual(try strings(#"let u = "http://x.y/*z*/""#).map(\.plainText), ["http://x.y/*z*/"])
    }

    func testNumbersAndPunctuation() throws {
        let kinds = try tokens("f(1_000, 0x1F, 2.5, 1e3, 0..<5, x.y)").map(\.kind)
        XCTAssertTrue(kinds.contains(.number("1_000", isInteger: true)))
        XCTAssertTrue(kinds.contains(.number("0x1F", isInteger: true)))
        XCTAssertTrue(kinds.contains(.number("2.5", isInteger: false)))
        XCTAssertTrue(kinds.contains(.number("1e3", isInteger: false)))
        XCTAssertTrue(kinds.contains(.number("0", isInteger: true)))
        XCTAssertTrue(kinds.contains(.pound("Preview")) == false)
        XCTAssertEqual(try tokens("#Preview { }").first?.kind, .pound("Preview"))
        XCTAssertEqual(try tokens("`default`").first?.kind, .identifier("default"))
    }

    func testUnterminatedInputIsALocatedError() {
        XCTAssertEqual(error("let a = 1\nlet s = \"abc\nlet b = 2"), SwiftSyntaxError(.unterminatedString, at: SourceLocation(file: "a.swift", line: 2, column: 9)))
        XCTAssertEqual(error("x\n  /* a /* b */ c"), SwiftSyntaxError(.unterminatedComment, at: SourceLocation(file: "a.swift", line: 2, column: 3)))
        XCTAssertEqual(error("s = \"\"\"\nabc\n"), SwiftSyntaxError(.unterminatedString, at: SourceLocation(file: "a.swift", line: 1, column: 5)))
        XCTAssertEqual(error("s = #\"abc\"\n\"#"), SwiftSyntaxError(.unterminatedString, at: SourceLocation(file: "a.swift", line: 1, column: 5)))
        XCTAssertEqual(error("s = \"a \\(f(\""), SwiftSyntaxError(.unterminatedString, at: SourceLocation(file: "a.swift", line: 1, column: 12)))
        XCTAssertEqual(error("s = \"a \\(f(x)"), SwiftSyntaxError(.unterminatedString, at: SourceLocation(file: "a.swift", line: 1, column: 5)))
        XCTAssertEqual(error("s = \"a\\"), SwiftSyntaxError(.unterminatedString, at: SourceLocation(file: "a.swift", line: 1, column: 5)))
        XCTAssertNil(error(""))
    }

    func testDeepNestingIsBoundedAndLinear() throws {
        // 100,000 parentheses and braces: flat tokens, no recursion.
        let depth = 100_000
        let brackets = String(repeating: "(", count: depth) + String(repeating: "{", count: depth) + String(repeating: "}", count: depth) + String(repeating: ")", count: depth)
        XCTAssertEqual(try tokens(brackets).count, 4 * depth)
        // Interpolations recurse: allowed up to the limit, a located error beyond it.
        func nested(_ levels: Int) -> String {
            String(repeating: "\"\\(", count: levels) + "1" + String(repeating: ")\"", count: levels)
        }
        XCTAssertNoThrow(try tokens(nested(SwiftTokenizer.maximumInterpolationDepth)))
        XCTAssertEqual(error(nested(SwiftTokenizer.maximumInterpolationDepth + 1))?.kind, .nestingTooDeep)
        XCTAssertEqual(error(String(repeating: "\"\\(", count: 10_000))?.kind, .nestingTooDeep)
        // 50,000 unclosed nested comments, and a long unterminated line: errors, quickly.
        XCTAssertEqual(error(String(repeating: "/*", count: 50_000))?.kind, .unterminatedComment)
        XCTAssertEqual(error("\"" + String(repeating: "\\\"", count: 100_000))?.kind, .unterminatedString)
    }

    func testArbitraryBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("\"#\\()/*{}\n \rTextab1.:,`'$\u{E9}".utf8) + [0xFF, 0x00]
        // Whole words too, so that calls and label factories form often enough.
        let words = ["Text(", "Dock.Buttons.x(title: {", "verbatim:", ".imgly.localized(", "L10n.tr(", "NSLocalizedString(", "String(localized:", ": Int", "\\(", "\"\"\""]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0..<60, using: &generator)).flatMap { _ -> [UInt8] in
                Bool.random(using: &generator) ? [alphabet.randomElement(using: &generator)!] : Array(words.randomElement(using: &generator)!.utf8)
            }
            _ = try? SwiftLocalizationScanner(functions: ["L10n.tr", ".t"]).scan(Data(bytes), path: "fuzz.swift")
        }
    }

    /// The shapes of the fuzz scale probe (Tests/Fuzz/scale_probe.swift), at n and 4n items: a
    /// quadratic step would grow 16-fold; failing needs more than 8-fold and over a second.
    func testScanningGrowsLinearly() throws {
        // Each shape with the references plus labels its n items hold.
        let shapes: [(String, (Int) -> String, (Int) -> Int)] = [
            ("labels", { n in (0..<n).map { "Dock.Buttons.b\($0)(title: { _ in Text(\"Label \\(count) \($0)\") }) // Text(\"x\")\n" }.joined() }, { 2 * $0 }),
            ("references", { n in (0..<n).map { "let v\($0): Int = 1\nlet s = NSLocalizedString(\"k \\(v\($0))\", comment: \"\")\n" }.joined() }, { $0 }),
            ("nested parentheses", { n in String(repeating: "f(", count: n) + "Text(\"k\")" + String(repeating: ")", count: n) }, { _ in 1 }),
            ("multi-line literal", { n in "let s = \"\"\"\n" + (0..<n).map { "  line \($0) \\(x)\n" }.joined() + "  \"\"\"\n" }, { _ in 0 }),
            ("nested comments", { n in String(repeating: "/* ", count: n) + String(repeating: "*/ ", count: n) + "Text(\"k\")" }, { _ in 1 }),
        ]
        let scanner = SwiftLocalizationScanner(functions: ["L10n.tr"])
        for (name, make, expected) in shapes {
            var seconds: [Double] = []
            for n in [4000, 16000] {
                let data = Data(make(n).utf8)
                // The fastest of three runs: a single run on a shared machine can be slowed tenfold
                // by another process, which a quadratic scan is to be told apart from.
                var fastest = Double.infinity
                for _ in 0..<3 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let source = try scanner.scan(data, path: "a.swift")
                    fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                    XCTAssertEqual(source.references.count + source.labels.count, expected(n), name)
                }
                seconds.append(fastest)
            }
            XCTAssertFalse(seconds[1] / max(seconds[0], 1e-6) > 8 && seconds[1] > 1, "\(name): \(seconds)")
        }
    }
}
