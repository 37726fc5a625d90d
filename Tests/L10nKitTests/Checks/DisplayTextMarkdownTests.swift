import Foundation
import L10nKit
import XCTest
@testable import L10nProject
import L10nTestSupport

/// The width check measures a value as SwiftUI's `Text` shows it, which reads inline Markdown as
/// CommonMark with GitHub's strikethrough: delimiters that pair are not shown, ones that pair with
/// nothing are text; escapes, autolinks and entities show their character.
final class DisplayTextMarkdownTests: XCTestCase {
    private func assertShown(_ cases: KeyValuePairs<String, String>, file: StaticString = #filePath, line: UInt = #line) {
        for (value, shown) in cases {
            XCTAssertEqual(DisplayText.withoutMarkup(value), shown, value.debugDescription, file: file, line: line)
        }
    }

    func testDelimitersThatPairWithNothingAreShown() {
        assertShown([
            "Password*": "Password*",
            "5 * 3": "5 * 3",
            "* required": "* required",
            "**unclosed": "**unclosed",
            "foo*bar": "foo*bar",
            "*foo bar *": "*foo bar *",
            "a * foo bar*": "a * foo bar*",
            "_ foo bar_": "_ foo bar_",
            "snake_case_name": "snake_case_name",
            "foo_bar_": "foo_bar_",
            "пристаням_стремятся_": "пристаням_стремятся_",
            "it`s 50~~60": "it`s 50~~60",
            "`unclosed": "`unclosed",
            "``a`": "``a`",
            "~~open": "~~open",
            "a ~ b": "a ~ b",
            "1 < 2 > 0": "1 < 2 > 0",
            "Tom & Jerry": "Tom & Jerry",
            "&unknown; &#; &#x;": "&unknown; &#; &#x;",
            "C:\\path": "C:\\path",
            "[a] [b": "[a] [b",
        ])
    }

    func testPairedDelimitersAreNotShown() {
        assertShown([
            "*a*": "a",
            "**a**": "a",
            "_a_": "a",
            "__a__": "a",
            "***a***": "a",
            "~~a~~": "a",
            "~a~": "a",
            "`a`": "a",
            "``a ` b``": "a ` b",
            "`` `a` ``": "`a`",
            "`*a*`": "*a*",
            "*a `*`*": "a *",
            "a*b*c": "abc",
            "5*6*78": "5678",
            "日本*語*": "日本語",
            "**Größe**": "Größe",
            "Save _now_": "Save now",
            "__Done__": "Done",
            "Tap _here_": "Tap here",
            "*(*foo*)*": "(foo)",
            "**foo*": "*foo",
            "*foo**": "foo*",
            "*foo**bar**baz*": "foobarbaz",
            "*foo**bar*": "foo**bar",
            "**Bold** and _it_ and ~~old~~ and `code`": "Bold and it and old and code",
        ])
    }

    func testEscapesAutolinksEntitiesAndLinks() {
        assertShown([
            "\\_x\\_": "_x_",
            "\\*": "*",
            "\\*not emphasized*": "*not emphasized*",
            "\\`not code`": "`not code`",
            "\\\\*a*": "\\a",
            "<https://a.b>": "https://a.b",
            "<mailto:a@b.c>": "mailto:a@b.c",
            "<foo@bar.example.com>": "foo@bar.example.com",
            "Tom &amp; Jerry": "Tom & Jerry",
            "&lt;&gt;&quot;&#39;&#x41;&#65;": "<>\"'AA",
            "&#0;": "\u{FFFD}",
            "[*Tap*](https://x.y) here": "Tap here",
            "*[a](b)*": "a",
            "^[%lld Seite](inflect: true) **fett** [Link](https://x.y) ~~alt~~": "%lld Seite fett Link alt",
        ])
        XCTAssertEqual(DisplayText.visible("**%@** files, 50%% *off*"), "00 files, 50% off")
        XCTAssertEqual(DisplayText.visible("Password*"), "Password*")
        XCTAssertEqual(DisplayText.visible("Plain text, no markup: 100% sure"), "Plain text, no markup: 100% sure")
    }

    /// The audit's projects: budgets on `k_` keys, reported as `l10n check` reports them.
    func testWidthCheckMeasuresWhatSwiftUIShows() throws {
        let manifest = #"""
        { "widths": [ { "name": "label", "keys": "a_", "budget": 8 }, { "name": "field", "keys": "b_", "budget": 9 },
                      { "name": "link", "keys": "c_", "budget": 11 } ] }
        """#
        let values = [
            "a_0": "Password*", "a_1": "5 * 3", "a_2": "* required", "a_3": "Save _now_", "a_4": "__Done__", "a_5": "Tap _here_",
            "b_0": "**unclosed", "b_1": "\\_x\\_", "b_2": "it`s 50~~60",
            "c_0": "<https://a.b>", "c_1": "Tom &amp; Jerry", "c_2": "snake_case_x",
        ]
        let example = CheckExample.app("Markdown in labels", declared: ["en"], localizable: values.mapValues { ["en": $0] },
                                       more: ["l10n.json": .text(manifest)])
        let root = try Fixtures.temporaryFolder(self).appendingPathComponent("Example", isDirectory: true)
        try example.write(to: root)
        let project = try ProjectDiscovery(root: root).discover()
        let messages = try CheckJob(options: CheckOptions(only: [WidthCheck.id])).run(on: project).findings.map(\.message)
        let reported = messages.map { $0.components(separatedBy: ";")[0] }.sorted()
        XCTAssertEqual(reported, [
            "'* required' is 10 columns wide",
            "'**unclosed' is 10 columns wide",
            "'Password*' is 9 columns wide",
            "'it`s 50~~60' is 11 columns wide",
            "'snake_case_x' is 12 columns wide",
        ], messages.joined(separator: "\n"))
    }

    /// The fast path returns a value untouched only where the Markdown reader would too:
    /// "Terms & Conditions", "file_name", "a < b" and random texts of such characters.
    func testTheFastPathLeavesOnlyWhatTheReaderLeaves() {
        for text in ["Terms & Conditions", "file_name_here", "a < b > c", "R&D", "x_y", "日本_語", "50 % off", "[Šéţţîñĝš··]", "a \\ b", "[a] [b]"] {
            XCTAssertEqual(DisplayText.shownByInlineMarkdown(text), text, text)
        }
        let alphabet: [String] = ["a", "Z", "7", " ", "_", "&", "<", ">", ";", "#", "/", ".", "é", "日", "x_y", "&amp;", "<b>", "_a_", "@", "1", "<1",
                                  "[", "]", "(", ")", "\\", "\\*", "](", "*", "**"]
        var random = SeededRandom(seed: 11)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            if !text.withUTF8Bytes(DisplayText.mayHoldMarkup) {
                XCTAssertEqual(DisplayText.shownByInlineMarkdown(text), text, text)
            }
        }
        // Markup after a bracket that opens no link is still seen.
        for text in ["[a] **b**", "[x] *y*", "[Šé] `c`", "«_a_»"] {
            XCTAssertTrue(text.withUTF8Bytes(DisplayText.mayHoldMarkup), text)
        }
    }

    /// A link's text nests brackets and its destination parentheses, and a backslash escapes
    /// either: only the text is shown.
    func testLinksNestAndEscape() {
        XCTAssertEqual(DisplayText.withoutMarkup("[a [b] c](x)"), "a [b] c")
        XCTAssertEqual(DisplayText.withoutMarkup("[a](https://x.com/foo_(bar)) done"), "a done")
        XCTAssertEqual(DisplayText.withoutMarkup("[a\\]b](c)"), "a]b")
        XCTAssertEqual(DisplayText.withoutMarkup("[open](no close"), "[open](no close")
        XCTAssertEqual(DisplayText.withoutMarkup("^[%lld Seite](inflect: true)"), "%lld Seite")
        // A link holds no link: the outer brackets are text, and nesting stays flat however deep.
        XCTAssertEqual(DisplayText.withoutMarkup("[a [b](c) d](e)"), "[a b d](e)")
        let deep = String(repeating: "[", count: 3_000) + "a" + String(repeating: "](b)", count: 3_000)
        XCTAssertEqual(TextWidth.columns(DisplayText.withoutMarkup(deep)), 2_999 + 1 + 2_999 * 4)
        // A destination holds no space unless a title follows it.
        XCTAssertEqual(DisplayText.withoutMarkup("[see](the docs)"), "[see](the docs)")
        XCTAssertEqual(DisplayText.withoutMarkup("[see](/docs \"Help\")"), "see")
        XCTAssertEqual(DisplayText.withoutMarkup("Mail <1user@example.com>"), "Mail 1user@example.com")
    }
}
