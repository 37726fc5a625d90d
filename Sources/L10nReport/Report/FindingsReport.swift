import Foundation
import L10nCore
import L10nFormats
import L10nXLIFF
import L10nProject

/// Renders check findings for people and machines: compiler-style text, a versioned JSON
/// document (docs/checks.md), GitHub workflow annotations, and JUnit XML.
public struct FindingsReport: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case text, json, github, junit
    }

    /// The JSON document's schema version.
    public static let schemaVersion = 1

    public var result: CheckResult
    /// Put before each project-relative path so it reads relative to the working folder.
    public var pathPrefix: String

    public init(result: CheckResult, pathPrefix: String = "") {
        self.result = result
        self.pathPrefix = pathPrefix
    }

    public func render(_ format: Format) -> String {
        switch format {
        case .text: return text
        case .json: return json
        case .github: return github
        case .junit: return junit
        }
    }

    private func path(_ file: String?) -> String? { file.map { pathPrefix + $0 } }

    /// `position(finding)` escaped into `xml`, piece by piece (which escapes as the whole does).
    /// Takes the findings and a position, not a finding: handed a finding from the array, each
    /// call copied it (a retain and a release per string).
    private func escapedPosition(_ findings: [Finding], _ position: Int, into xml: ReportText) {
        guard let file = findings[position].file else { return }
        xml.escaped(pathPrefix)
        xml.escaped(file)
        if let line = findings[position].line {
            xml += ":"
            xml += String(line)
            if let column = findings[position].column {
                xml += ":"
                xml += String(column)
            }
        }
        xml += ": "
    }

    private func position(_ finding: Finding) -> String {
        guard let file = path(finding.file) else { return "" }
        var text = file
        if let line = finding.line {
            text += ":\(line)"
            if let column = finding.column { text += ":\(column)" }
        }
        return text + ": "
    }

    /// `file:line:column: severity: message [check]`, the hint under it, then one line per severity.
    public var text: String {
        let lines = ReportText(capacity: 1 << 16)
        for finding in result.findings {
            lines.line("\(position(finding))\(finding.severity.rawValue): \(MessageText.oneLine(finding.message)) [\(finding.check)]")
            if let hint = finding.hint { lines.line("  hint: \(hint)") }
        }
        if !result.findings.isEmpty { lines.line("") }
        for severity in Severity.allCases.reversed() {
            let found = result.findings.filter { $0.severity == severity }
            var byCheck: [String: Int] = [:]
            for finding in found { byCheck[finding.check, default: 0] += 1 }
            let detail = result.checks.compactMap { id in byCheck[id].map { "\(id) \($0)" } }.joined(separator: ", ")
            let noun = severity == .error ? "error" : severity == .warning ? "warning" : "note"
            lines.line("\(found.count) \(noun)\(found.count == 1 ? "" : "s")" + (detail.isEmpty ? "" : " (\(detail))"))
        }
        if result.baselined > 0 { lines.line("\(result.baselined) more in the baseline, not counted") }
        return lines.string
    }

    /// The JSON document: schema version, counts, the checks that ran, and every finding.
    public var json: String { JSONWriter.compactString(jsonValue) + "\n" }

    /// The JSON document as a value, for documents that embed it (the report).
    public var jsonValue: JSONValue {
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        func number(_ value: Int?) -> JSONValue { value.map { .number(String($0)) } ?? .null }
        let findings: [JSONValue] = result.findings.map { finding in
            var members: [(key: String, value: JSONValue)] = [
                ("check", .string(finding.check)), ("severity", .string(finding.severity.rawValue)),
                ("file", optional(path(finding.file))), ("line", number(finding.line)), ("column", number(finding.column)),
                ("key", optional(finding.key)), ("locale", optional(finding.locale)),
                ("message", .string(finding.message)), ("hint", optional(finding.hint)),
            ]
            if let device = finding.device {
                members.append(("device", .object([("device", .string(device.device)), ("shows", .string(device.shows)),
                                                   ("instead", optional(device.instead))])))
            }
            if !finding.keys.isEmpty { members.append(("keys", .array(finding.keys.map(JSONValue.string)))) }
            return .object(members)
        }
        return JSONValue.object([
            ("version", .number(String(Self.schemaVersion))),
            ("summary", .object([("errors", number(result.count(.error))), ("warnings", number(result.count(.warning))),
                                 ("notes", number(result.count(.note))), ("baselined", number(result.baselined)),
                                 ("failed", .bool(result.failed))])),
            ("checks", .array(result.checks.map(JSONValue.string))),
            ("findings", .array(findings)),
        ])
    }

    /// Writes `jsonValue` into a stream, without building it (the report embeds it).
    func write(to json: inout JSONStream) {
        json.beginObject()
        json.member("version", number: Self.schemaVersion)
        json.object("summary") { json in
            json.member("errors", number: result.count(.error))
            json.member("warnings", number: result.count(.warning))
            json.member("notes", number: result.count(.note))
            json.member("baselined", number: result.baselined)
            json.member("failed", bool: result.failed)
        }
        json.strings("checks", result.checks)
        json.objects("findings", result.findings) { json, finding in
            json.member("check", string: finding.check)
            json.member("severity", string: finding.severity.rawValue)
            json.member("file", string: path(finding.file))
            json.member("line", number: finding.line)
            json.member("column", number: finding.column)
            json.member("key", string: finding.key)
            json.member("locale", string: finding.locale)
            json.member("message", string: finding.message)
            json.member("hint", string: finding.hint)
            if let device = finding.device {
                json.object("device") { json in
                    json.member("device", string: device.device)
                    json.member("shows", string: device.shows)
                    json.member("instead", string: device.instead)
                }
            }
            if !finding.keys.isEmpty { json.strings("keys", finding.keys) }
        }
        json.endObject()
    }

    /// GitHub Actions workflow commands: one `::error file=…,line=…::message` per finding.
    public var github: String {
        result.findings.map { finding in
            let command = finding.severity == .error ? "error" : finding.severity == .warning ? "warning" : "notice"
            var properties: [String] = []
            if let file = path(finding.file) { properties.append("file=\(Self.escapeProperty(file))") }
            if let line = finding.line { properties.append("line=\(line)") }
            if let column = finding.column { properties.append("col=\(column)") }
            properties.append("title=\(Self.escapeProperty(finding.check))")
            let message = finding.message + (finding.hint.map { "\n\($0)" } ?? "")
            return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
        }.map { $0 + "\n" }.joined()
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// JUnit XML: one test case per check and file, a failure per error or warning; a check with
    /// no finding is one passing case.
    public var junit: String { junitText().string }

    func junitText() -> ReportText {
        // Cases hold the findings' indices: the findings are not copied into them.
        let findings = result.findings
        var cases: [(check: String, file: String, findings: [Int])] = []
        // A file's cases by check, looked up by file only when the file changes (findings come
        // sorted by file): no key is built or hashed per finding.
        var casesOfFile: [String: [Int]] = [:]
        var current: (raw: String?, file: String, cases: [Int])?
        for position in findings.indices {
            let raw = findings[position].file
            if current == nil || current!.raw != raw {
                if let done = current { casesOfFile[done.file] = done.cases }
                let file = path(raw) ?? "(project)"
                current = (raw, file, casesOfFile[file] ?? [])
            }
            let check = findings[position].check
            if let at = current!.cases.first(where: { cases[$0].check == check }) {
                cases[at].findings.append(position)
            } else {
                current!.cases.append(cases.count)
                cases.append((check, current!.file, [position]))
            }
        }
        for check in result.checks where !cases.contains(where: { $0.check == check }) { cases.append((check, "(project)", [])) }
        cases.sort { ($0.check, $0.file) < ($1.check, $1.file) }
        let failures = cases.filter { $0.findings.contains { findings[$0].severity != .note } }.count
        let xml = ReportText("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", capacity: 1 << 20)
        xml += "<testsuites name=\"l10n\" tests=\"\(cases.count + extraSuite.tests)\" failures=\"\(failures + extraSuite.failures)\">\n"
        xml += "  <testsuite name=\"l10n check\" tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
        for testCase in cases {
            xml += "    <testcase classname=\""
            xml.escaped(testCase.check)
            xml += "\" name=\""
            xml.escaped(testCase.file)
            xml += "\""
            if testCase.findings.isEmpty {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            // Each piece escaped on its own: escaping is the same piece by piece as of the whole.
            for position in testCase.findings where findings[position].severity != .note {
                xml += "      <failure type=\""
                xml += findings[position].severity.rawValue
                xml += "\" message=\""
                // The message is escaped once, its bytes copied into the element's text.
                let message = xml.byteCount
                xml.escaped(findings[position].message)
                let escapedMessage = message..<xml.byteCount
                xml += "\">"
                escapedPosition(findings, position, into: xml)
                xml.escapedAgain(escapedMessage)
                if let hint = findings[position].hint {
                    xml.escaped("\nhint: ")
                    xml.escaped(hint)
                }
                xml += "</failure>\n"
            }
            let notes = testCase.findings.filter { findings[$0].severity == .note }
            if !notes.isEmpty {
                xml += "      <system-out>"
                for (number, position) in notes.enumerated() {
                    if number > 0 { xml.escaped("\n") }
                    escapedPosition(findings, position, into: xml)
                    xml.escaped("note: ")
                    xml.escaped(findings[position].message)
                }
                xml += "</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n"
        xml += extraSuite.xml
        xml += "</testsuites>\n"
        return xml
    }

    /// Another `<testsuite>` element to put beside the checks' (the report's coverage verdicts).
    public var extraSuite: (xml: String, tests: Int, failures: Int) = ("", 0, 0)
}

/// Escaping for XML (and HTML) text and attribute values in reports: the XLIFF writer's attribute
/// escaping, with the characters XML 1.0 cannot carry shown as U+FFFD instead of failing.
public enum XMLText {
    public static func escape(_ text: String) -> String {
        // Most texts hold nothing to escape and nothing XML cannot carry: they come back as they
        // are. A text with no byte that may start such a character is escaped in one pass.
        if XLIFFOutput.isPlainAttribute(text) { return text }
        let out = XLIFFOutput(capacity: text.utf8.count + 16)
        if out.appendAttribute(text) { return out.string }
        guard text.unicodeScalars.contains(where: { !XLIFFWriter.isRepresentable($0) }) else {
            return XLIFFWriter.escapeAttribute(text)
        }
        var carried = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { carried.append(XLIFFWriter.isRepresentable(scalar) ? scalar : "\u{FFFD}") }
        return XLIFFWriter.escapeAttribute(String(carried))
    }
}
