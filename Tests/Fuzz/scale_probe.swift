// Large generated inputs for each fuzz target, timed at n and 4n items: libFuzzer's inputs stay
// small (-max_len), so a reader that is quadratic in the number of entries, attributes or
// specifiers goes unnoticed there. Run with FUZZ_SCALE=1 (Tests/Fuzz/run.sh does): the binary
// times the selected target's shapes, prints them, and exits 1 when one grows more than 8-fold
// from n to 4n items (linear growth is 4-fold, quadratic 16-fold) and takes over a second.
import Foundation

/// One generated input shape: a name and the bytes for `n` items.
struct ScaleShape {
    var name: String
    var make: (Int) -> Data
}

private func text(_ parts: String...) -> Data { Data(parts.joined().utf8) }
private func repeated(_ n: Int, _ item: (Int) -> String, separator: String = "") -> String {
    (0..<n).map(item).joined(separator: separator)
}

private let plistHead = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#
private let xliffHead = #"<?xml version="1.0" encoding="UTF-8"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="a.xcstrings" source-language="en" target-language="de" datatype="plaintext"><body>"#
private let ibHead = #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><objects>"#

let scaleShapes: [String: [ScaleShape]] = [
    "json": [
        ScaleShape(name: "object members") { n in text("{", repeated(n, { #""k\#($0)": \#($0)"# }, separator: ","), "}") },
        ScaleShape(name: "escaped strings") { n in text("[", repeated(n, { _ in #""\u00e9\n\ud83d\ude00""# }, separator: ","), "]") },
        ScaleShape(name: "pipeline stages, one line") { n in
            text(#"{"project": ".", "stages": ["#, repeated(n, { _ in #"{"stage": "format", "check": true}"# }, separator: ","), "]}")
        },
        ScaleShape(name: "pipeline stages, one a line") { n in
            text(#"{"project": ".", "stages": ["#, repeated(n, { _ in #"{"stage": "format", "check": true}"# }, separator: ",\n"), "]}")
        },
    ],
    "xcstrings": [
        ScaleShape(name: "entries") { n in
            text(#"{"sourceLanguage": "en", "version": "1.0", "strings": {"#, repeated(n, {
                #""key \#($0)": {"comment": "c", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "v %lld"}}}}"#
            }, separator: ",\n"), "}}")
        },
        ScaleShape(name: "localizations of one entry") { n in
            text(#"{"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"#, repeated(n, {
                #""l\#($0)": {"stringUnit": {"state": "translated", "value": "v"}}"#
            }, separator: ","), "}}}}")
        },
        ScaleShape(name: "substitutions") { n in
            text(#"{"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": ""#,
                 repeated(n, { "%#@s\($0)@" }), #""}, "substitutions": {"#, repeated(n, {
                     #""s\#($0)": {"argNum": \#($0 + 1), "formatSpecifier": "lld", "variations": {"plural": {"other": {"stringUnit": {"state": "translated", "value": "%arg"}}}}}"#
                 }, separator: ","), "}}}}}}")
        },
    ],
    "strings": [
        ScaleShape(name: "entries with comments") { n in text(repeated(n, { "/* c\($0) */\n\"k\($0)\" = \"v\\\"\($0)\";\n" })) },
        ScaleShape(name: "entries on one line") { n in text(repeated(n, { "\"k\($0)\"=\"v\($0)\";" })) },
        ScaleShape(name: "escapes in one value") { n in text("\"k\" = \"", repeated(n, { _ in "\\U00e9\\n\\\"" }), "\";") },
        ScaleShape(name: "one long comment") { n in text("/*", String(repeating: "comment ", count: n), "*/\n\"k\" = \"v\";") },
    ],
    "stringsdict": [
        ScaleShape(name: "entries on one line") { n in
            text(plistHead, "<dict>", repeated(n, {
                "<key>k\($0)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict></dict>"
            }), "</dict></plist>")
        },
        ScaleShape(name: "variables of one entry, one a line") { n in
            text(plistHead, "<dict><key>k</key><dict>\n", repeated(n, { "<key>v\($0)</key><dict><key>other</key><string>x</string></dict>\n" }), "</dict></dict></plist>")
        },
    ],
    "infoplist": [
        ScaleShape(name: "localizations") { n in
            text(plistHead, "<dict><key>CFBundleLocalizations</key><array>", repeated(n, { "<string>l\($0)</string>" }), "</array></dict></plist>")
        },
        ScaleShape(name: "keys") { n in text(plistHead, "<dict>", repeated(n, { "<key>k\($0)</key><string>v</string>" }), "</dict></plist>") },
    ],
    "xliff": [
        ScaleShape(name: "units on one line") { n in
            text(xliffHead, repeated(n, {
                #"<trans-unit id="k\#($0)" xml:space="preserve"><source>s \#($0)</source><target state="translated">t</target><note>n</note></trans-unit>"#
            }), "</body></file></xliff>")
        },
        ScaleShape(name: "inline elements in one unit") { n in
            let inline = repeated(n, { #"<g id="\#($0)">w</g> "# })
            return text(xliffHead, #"<trans-unit id="k"><source>"#, inline, "</source><target>", inline, "</target></trans-unit></body></file></xliff>")
        },
        ScaleShape(name: "notes of one unit") { n in
            text(xliffHead, #"<trans-unit id="k"><source>s</source>"#, repeated(n, { "<note>n\($0)</note>\n" }), "</trans-unit></body></file></xliff>")
        },
    ],
    "ib": [
        ScaleShape(name: "labels with runtime keys, one line") { n in
            text(ibHead, repeated(n, {
                #"<label id="a\#($0)-xx-yyy" text="t"><userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="string" keyPath="stbLocKey" value="key.\#($0)"/></userDefinedRuntimeAttributes></label>"#
            }), "</objects></document>")
        },
        ScaleShape(name: "segments") { n in
            text(ibHead, #"<segmentedControl id="s"><segments>"#, repeated(n, { #"<segment title="s\#($0)"/>"# }), "</segments></segmentedControl></objects></document>")
        },
        ScaleShape(name: "note fragments") { n in
            text(ibHead, #"<label id="x" text="t"><attributedString key="userComments">"#, repeated(n, { #"<fragment content="n\#($0) "/>"# }),
                 "</attributedString></label></objects></document>")
        },
    ],
    "swift": [
        ScaleShape(name: "labels in one configuration") { n in
            text("builder.dock { dock in dock.items { _ in\n", repeated(n, {
                "Dock.Buttons.b\($0)(title: { _ in Text(\"Label \\(count) \($0)\") }) // Text(\"x\")\n"
            }), "} }")
        },
        ScaleShape(name: "declarations and references") { n in
            text(repeated(n, { "let v\($0): Int = \($0)\nlet s\($0) = NSLocalizedString(\"k\($0) \\(v\($0))\", comment: \"\")\n" }))
        },
        ScaleShape(name: "nested parentheses") { n in text(String(repeating: "f(", count: n), "Text(\"k\")", String(repeating: ")", count: n)) },
        ScaleShape(name: "one multi-line literal") { n in text("let s = \"\"\"\n", repeated(n, { "  line \($0) \\(x)\n" }), "  \"\"\"\n") },
        ScaleShape(name: "nested block comments") { n in text(String(repeating: "/* ", count: n), String(repeating: "*/ ", count: n), "Text(\"k\")") },
    ],
    "format": [
        ScaleShape(name: "missing arguments") { n in text(String(repeating: "%@ ", count: n), "\0%1$@") },
        ScaleShape(name: "reordered kinds") { n in
            text(repeated(n, { "%\($0 + 1)$@" }, separator: " "), "\0", repeated(n, { "%\(n - $0)$d" }, separator: " "))
        },
        ScaleShape(name: "substitution names") { n in text("%#@n0@\0", repeated(n, { "%#@n\($0)@" }, separator: " ")) },
    ],
]

/// Times every shape of `target` at `base` and 4 × `base` items; true when all grow linearly enough.
func runScaleProbe(target: String, base: Int, run: (Data) -> Void) -> Bool {
    var passed = true
    for shape in scaleShapes[target] ?? [] {
        var seconds: [Double] = []
        var sizes: [Int] = []
        for n in [base, 4 * base] {
            let data = shape.make(n)
            let start = DispatchTime.now().uptimeNanoseconds
            run(data)
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            sizes.append(data.count)
        }
        let ratio = seconds[1] / max(seconds[0], 1e-6)
        let quadratic = ratio > 8 && seconds[1] > 1
        if quadratic { passed = false }
        func f(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
        print("   scale \(target) / \(shape.name): \(sizes[0]) bytes \(f(seconds[0], 2))s, "
              + "\(sizes[1]) bytes \(f(seconds[1], 2))s, x\(f(ratio, 1))" + (quadratic ? "  SUPERLINEAR" : ""))
    }
    return passed
}
