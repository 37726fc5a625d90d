import Foundation
import L10nCore
import L10nFormats
import L10nLocale
import L10nProject

/// The renderings of the release report: terminal text, Markdown for a pull request or job
/// summary, versioned JSON (docs/report.md), one self-contained HTML page, and JUnit XML.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, md, json, html, junit

    /// The file name a rendering is written to under `--out`.
    public var fileName: String {
        switch self {
        case .text: return "report.txt"
        case .md: return "report.md"
        case .json: return "report.json"
        case .html: return "report.html"
        case .junit: return "report.junit.xml"
        }
    }
}

extension CoverageReport {
    public func render(_ format: ReportFormat, pathPrefix: String = "", color: Bool = false) -> String {
        if format == .json { return json(pathPrefix: pathPrefix) }
        return rendering(format, pathPrefix: pathPrefix, color: color).string
    }

    /// A rendering other than JSON (which is streamed), as bytes.
    private func rendering(_ format: ReportFormat, pathPrefix: String, color: Bool) -> ReportText {
        switch format {
        case .text: return text(pathPrefix: pathPrefix, color: color)
        case .md: return markdown(pathPrefix: pathPrefix)
        case .json: return ReportText(json(pathPrefix: pathPrefix))
        case .html: return html(pathPrefix: pathPrefix)
        case .junit: return junit(pathPrefix: pathPrefix)
        }
    }

    /// The files of `report --out` and a pipeline's report stage: each format's rendering as
    /// bytes and its file name, rendered side by side on the cores (they only read the report).
    /// Paths carry `pathPrefix`, except in HTML, whose links are relative to the file itself.
    public func files(_ formats: [ReportFormat], pathPrefix: String = "") -> [(name: String, data: Data)] {
        ConcurrentWork.map(formats.count) { index in
            let format = formats[index]
            if format == .json {
                var stream = jsonStream(pathPrefix: pathPrefix)
                return (format.fileName, stream.takeData())
            }
            return (format.fileName, rendering(format, pathPrefix: format == .html ? "" : pathPrefix, color: false).takeData())
        }
    }

    /// Whether the release passes: no check error, every counted locale at its threshold, and no
    /// threshold for a locale the report does not count.
    public var passes: Bool { !findings.failed && failingLocales.isEmpty && uncountedThresholds().isEmpty }

    /// Locales below their coverage threshold.
    public var failingLocales: [LocaleCoverage] { (fullLocalization + appLocales).filter { !$0.passes } }

    /// Each locale `thresholds` names (the report's own by default) that the report does not
    /// count (a typo, `fr-FR` for the app's `fr`), with why: its threshold checks nothing, so the
    /// report and a pipeline's gate fail on it as on a shortfall. The source language, which a
    /// manifest listing every locale names too, is whole by definition.
    public func uncountedThresholds(_ thresholds: CoverageThresholds? = nil) -> [(locale: String, reason: String)] {
        let counted = (fullLocalization + appLocales).map(\.locale)
        let canonical = Set((counted + [sourceLanguage]).map { LocaleIdentifier.canonicalized($0) ?? $0 })
        return (thresholds ?? self.thresholds).byLocale.keys.sorted()
            .filter { !canonical.contains(LocaleIdentifier.canonicalized($0) ?? $0) }
            .map { ($0, "minCoverage names '\($0)', which the report does not count (it counts \(counted.joined(separator: ", ")))") }
    }

    /// `value` cut to two decimals; a share computed as 28.999999999999996 is 29.
    package static func truncatedToHundredths(_ value: Double) -> Double {
        (value * 100 + 1e-7).rounded(.down) / 100
    }

    package static func percent(_ value: Double) -> String {
        value >= 100 ? "100%" : String(format: "%.1f%%", (value * 10).rounded(.down) / 10)
    }

    /// "27.2% is below 90.0%": a coverage under its threshold, with as many decimals as it takes
    /// for the two to differ ("27.2727% is below 27.273%", not "27.2% is below 27.2%").
    package static func shortfall(_ coverage: Double, below threshold: Double) -> String {
        let shown = (percent(coverage), percent(threshold))
        guard shown.0 == shown.1 else { return "\(shown.0) is below \(shown.1)" }
        for digits in 2...6 {
            let scale = pow(10, Double(digits))
            let a = String(format: "%.\(digits)f%%", (coverage * scale).rounded(.down) / scale)
            let b = String(format: "%.\(digits)f%%", (threshold * scale).rounded(.down) / scale)
            if a != b { return "\(a) is below \(b)" }
        }
        return "\(shown.0) is below \(shown.1)"
    }

    private func shadowedLabels() -> [LabelRow] { customLabels.filter(\.shadowsAnyLocale) }

    // MARK: Text

    func text(pathPrefix: String, color: Bool) -> ReportText {
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        func bold(_ text: String) -> String { paint(text, "1") }
        let lines = ReportText(capacity: 1 << 20)
        lines.line(bold("l10n report: \(project)") + " (source \(sourceLanguage); offers \(offeredLocales.joined(separator: ", "))"
                     + (sdkLocales.isEmpty ? ")" : "; the SDK ships \(sdkLocales.joined(separator: ", ")))"))
        lines.line("")
        lines.line(bold("Custom labels") + ": \(customLabels.count) rename\(customLabels.count == 1 ? "" : "s"), \(shadowedLabels().count) shadow a locale; \(copies) cop\(copies == 1 ? "y" : "ies") of SDK entries (not renames)")
        // The rows are most of the text: written piece by piece.
        for row in customLabels {
            lines += "  ["
            lines += row.surface
            lines += "] "
            lines += row.key
            lines += ": "
            for (index, cell) in row.cells.enumerated() {
                if index > 0 { lines += "; " }
                lines += cell.locale
                lines += " "
                lines.quoted(cell.shows)
                if cell.shadowed { lines += paint(" SHADOWS \(CheckContext.quoted(cell.replaces ?? ""))", "31") }
                else if cell.fromLocale != cell.locale { lines += paint(" (no \(cell.locale))", "33") }
                if cell.overBudget { lines += paint(" \(cell.columns)/\(cell.budget!) cols", "33") }
            }
            lines += "\n"
        }
        if !codeLabels.isEmpty {
            lines.line("")
            lines.line(bold("Labels set in code") + ": \(codeLabels.count), \(codeLabels.filter { !$0.isFullyLocalized }.count) not translated into every offered locale, \(codeLabels.filter { $0.cells.contains(where: \.overBudget) }.count) too wide")
            for row in codeLabels {
                let cells = row.cells.map { cell -> String in
                    var text = "\(cell.locale) \(CheckContext.quoted(cell.shows))"
                    if row.kind != "verbatim" && !row.localizedLocales.contains(cell.locale) { text += paint(" (not translated)", "33") }
                    if cell.overBudget { text += paint(" \(cell.columns)/\(cell.budget!) cols", "33") }
                    return text
                }
                lines.line("  \(pathPrefix)\(row.file):\(row.line) [\(row.surface)] \(row.call) \(row.kind) \(CheckContext.quoted(row.text))"
                             + (row.isDefined ? "" : paint(" (no table defines it)", "31")) + ": " + cells.joined(separator: "; "))
            }
        }
        for (title, part) in [("Full-localization locales", fullLocalization), (appLocalesTitle.long, appLocales)] where !part.isEmpty {
            lines.line("")
            lines.line(bold(title))
            for locale in part {
                let verdict = locale.passes ? paint("pass", "32") : paint("FAIL", "31")
                lines.line("  \(locale.locale): \(Self.percent(locale.coverage)) (\(locale.finished)/\(locale.reachable)), \(locale.missing) missing, \(locale.needsReview) to review, \(locale.pluralGaps) plural gaps, \(locale.widthOverruns) too wide; needs \(Self.percent(locale.threshold)): \(verdict)")
                for table in locale.tables {
                    lines.line("    \(table.table): \(Self.percent(table.coverage)) (\(table.finished)/\(table.reachable)), \(table.missing) missing, \(table.needsReview) to review")
                }
            }
        }
        if let pseudoWidth {
            lines.line("")
            lines.line(bold("Pseudo-locale \(pseudoWidth.locale)") + ": \(pseudoWidth.findings.count) label\(pseudoWidth.findings.count == 1 ? "" : "s") overflow as long languages will (a forecast; it does not fail the release)")
            for finding in pseudoWidth.findings {
                lines += "  "
                lines.place(finding, pathPrefix: pathPrefix)
                lines += MessageText.oneLine(finding.key ?? "")
                lines += ": "
                lines.line(MessageText.oneLine(finding.message))
            }
        }
        lines.line("")
        lines.line(bold("Devices"))
        for device in devices {
            let bundles = device.bundles.map { "\($0.bundle) \($0.localization)" }.joined(separator: ", ")
            lines.line("  \(device.device): \(bundles); \(device.fallbacks) of \(device.reachable) labels in another language")
        }
 if let comparison {
            lines.line("")
            lines.line(bold("Since the previous report"))
            for line in comparison.lines { lines.line("  " + line) }
        }
        lines.line("")
        lines.line(bold("Findings") + ": \(findings.count(.error)) errors, \(findings.count(.warning)) warnings, \(findings.count(.note)) notes")
        let error = paint("error", "31"), warning = paint("warning", "33")
        // By index, field by field: `for finding in` copied every finding (a retain and a
        // release per string), as in the Markdown and HTML findings tables.
        let all = findings.findings
        for index in all.indices where all[index].severity != .note {
            lines += "  "
            lines.place(file: all[index].file, line: all[index].line, pathPrefix: pathPrefix)
            lines += all[index].severity == .error ? error : warning
            lines += ": "
            lines += MessageText.oneLine(all[index].message)
            lines += " ["
            lines += all[index].check
            lines += "]\n"
        }
        lines.line("")
        lines.line(passes ? paint("release: pass", "32") : paint("release: FAIL", "31") + " (" + verdictReasons.joined(separator: "; ") + ")")
        return lines
    }

    /// Why the release fails, one phrase per reason.
    public var verdictReasons: [String] {
        var reasons: [String] = []
        if findings.failed {
            let errors = findings.count(.error), warnings = findings.strict ? findings.count(.warning) : 0
            // Strict, warnings fail too: each count is named, so "0 check errors" never stands alone as a reason.
            var reason = errors > 0 || warnings == 0 ? "\(errors) check error\(errors == 1 ? "" : "s")" : ""
            if warnings > 0 { reason += (reason.isEmpty ? "" : " and ") + "\(warnings) warning\(warnings == 1 ? "" : "s") (strict)" }
            reasons.append(reason)
        }
        reasons += uncountedThresholds().map(\.reason)
        for locale in failingLocales {
            reasons.append("\(locale.locale) coverage \(Self.shortfall(locale.coverage, below: locale.threshold))")
        }
        return reasons
    }

    // MARK: Markdown

    func markdown(pathPrefix: String) -> ReportText {
        // Most texts hold neither `|` nor a newline: only those go through Foundation's search.
        // Each byte is looked for with `memchr`: a closure asked of every byte cost about 650
        // instructions a cell (74,000 cells in the bench's report).
        func cell(_ text: String) -> String {
            guard text.containsASCII(UInt8(ascii: "|")) || text.containsASCII(0x0A) else { return text }
            return text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        }
        let md = ReportText("# l10n report: \(cell(project))\n\n", capacity: 1 << 20)
        md += passes ? "**Release: pass.**\n\n" : "**Release: fail** — " + cell(verdictReasons.joined(separator: "; ")) + ".\n\n"
        md += "Source language `\(sourceLanguage)`; the app offers \(offeredLocales.map { "`\($0)`" }.joined(separator: ", "))"
        md += sdkLocales.isEmpty ? ".\n\n" : "; the SDK ships \(sdkLocales.map { "`\($0)`" }.joined(separator: ", ")).\n\n"
        md += "## Custom labels\n\n\(customLabels.count) renames, \(shadowedLabels().count) shadow a locale; \(copies) copies of SDK entries (not renames).\n\n"
        if !customLabels.isEmpty {
            let locales = offeredLocales
            md += "| surface | key | " + locales.joined(separator: " | ") + " |\n|---|---|" + locales.map { _ in "---" }.joined(separator: "|") + "|\n"
            // The rows are most of the page: written piece by piece.
            for row in customLabels {
                md += "| "
                md += row.surface
                md += " | `"
                md += cell(row.key)
                md += "` | "
                for (index, locale) in locales.enumerated() {
                    if index > 0 { md += " | " }
                    guard let c = row.cells.first(where: { $0.locale == locale }) else { continue }
                    if c.shadowed {
                        md += "⚠️ **"
                        md += cell(c.shows)
                        md += "** (hides “"
                        md += cell(c.replaces ?? "")
                        md += "”)"
                    } else {
                        md += cell(c.shows)
                        if c.fromLocale != c.locale {
                            md += " _(no "
                            md += locale
                            md += ")_"
                        }
                    }
                    if c.overBudget { md += " ⟷ \(c.columns)/\(c.budget!)" }
                }
                md += " |\n"
            }
            md += "\n"
        }
        if !codeLabels.isEmpty {
            let locales = offeredLocales
            md += "## Labels set in code\n\n\(codeLabels.count) labels, \(codeLabels.filter { !$0.isFullyLocalized }.count) not translated into every offered locale.\n\n"
            md += "| where | surface | label | text | " + locales.joined(separator: " | ") + " |\n|---|---|---|---|" + locales.map { _ in "---" }.joined(separator: "|") + "|\n"
            for row in codeLabels {
                let cells = locales.map { locale -> String in
                    guard let c = row.cells.first(where: { $0.locale == locale }) else { return "" }
                    var text = cell(c.shows)
                    if row.kind != "verbatim" && !row.localizedLocales.contains(locale) { text += " _(not translated)_" }
                    if c.overBudget { text += " ⟷ \(c.columns)/\(c.budget!)" }
                    return text
                }
                md += "| `\(cell(pathPrefix + row.file)):\(row.line)` | \(row.surface) | `\(cell(row.call))` | \(row.kind) `\(cell(row.text))`\(row.isDefined ? "" : " (no table defines it)") | "
                    + cells.joined(separator: " | ") + " |\n"
            }
            md += "\n"
        }
        for (title, part) in [("Full-localization locales", fullLocalization), (appLocalesTitle.short, appLocales)] where !part.isEmpty {
            md += "## \(title)\n\n| locale | coverage | finished | missing | to review | plural gaps | too wide | needs | verdict |\n|---|---|---|---|---|---|---|---|---|\n"
            for locale in part {
                md += "| `\(locale.locale)` | \(Self.percent(locale.coverage)) | \(locale.finished)/\(locale.reachable) | \(locale.missing) | \(locale.needsReview) | \(locale.pluralGaps) | \(locale.widthOverruns) | \(Self.percent(locale.threshold)) | \(locale.passes ? "✅ pass" : "❌ fail") |\n"
            }
            md += "\n<details><summary>Per table</summary>\n\n| locale | table | coverage | finished | missing | to review |\n|---|---|---|---|---|---|\n"
            for locale in part {
                for table in locale.tables {
                    md += "| `\(locale.locale)` | \(cell(table.table)) | \(Self.percent(table.coverage)) | \(table.finished)/\(table.reachable) | \(table.missing) | \(table.needsReview) |\n"
                }
            }
            md += "\n</details>\n\n"
        }
        if let pseudoWidth {
            md += "## Pseudo-locale `\(pseudoWidth.locale)`\n\n\(pseudoWidth.findings.count) labels overflow their surface once they grow as long languages do (a forecast; it does not fail the release).\n\n"
            if !pseudoWidth.findings.isEmpty {
                md += "| key | where | message |\n|---|---|---|\n"
                for finding in pseudoWidth.findings {
                    let place = finding.file.map { "`" + cell(pathPrefix + $0) + (finding.line.map { ":\($0)" } ?? "") + "`" } ?? ""
                    md += "| `\(cell(finding.key ?? ""))` | \(place) | \(cell(finding.message)) |\n"
                }
                md += "\n"
            }
        }
        md += "## Devices\n\n| device | " + (devices.first?.bundles.map { cell($0.bundle) }.joined(separator: " | ") ?? "") + " | labels in another language |\n"
        md += "|---|" + (devices.first?.bundles.map { _ in "---" }.joined(separator: "|") ?? "") + "|---|\n"
        for device in devices {
            md += "| `\(device.device)` | " + device.bundles.map { "`\($0.localization)`" }.joined(separator: " | ") + " | \(device.fallbacks) of \(device.reachable) |\n"
        }
        if let comparison {
            md += "\n## Since the previous report\n\n" + comparison.lines.map { "- " + cell($0.trimmingCharacters(in: .whitespaces)) }.joined(separator: "\n") + "\n"
        }
        md += "\n## Findings\n\n\(findings.count(.error)) errors, \(findings.count(.warning)) warnings, \(findings.count(.note)) notes.\n\n"
        if !findings.findings.isEmpty {
            md += "| severity | check | where | message |\n|---|---|---|---|\n"
            let all = findings.findings
            for index in all.indices {
                md += "| "
                md += all[index].severity.rawValue
                md += " | `"
                md += all[index].check
                md += "` | "
                if let file = all[index].file {
                    md += "`"
                    md += cell(pathPrefix + file)
                    if let line = all[index].line { md += ":\(line)" }
                    md += "`"
                }
                md += " | "
                md += cell(all[index].message)
                md += " |\n"
            }
        }
        return md
    }

    // MARK: JSON

    func json(pathPrefix: String) -> String {
        jsonStream(pathPrefix: pathPrefix).text
    }

    /// The JSON report written into a stream, whose bytes `files` hands on without making them
    /// a `String` first (the largest format, on the critical path of `report --out`).
    private func jsonStream(pathPrefix: String) -> JSONStream {
        // Streamed member by member: the findings and labels are tens of thousands of objects.
        var json = JSONStream()
        func coverage(_ json: inout JSONStream, _ locale: LocaleCoverage) {
            json.member("locale", string: locale.locale)
            json.decimal("coverage", locale.coverage)
            json.member("reachable", number: locale.reachable)
            json.member("finished", number: locale.finished)
            json.member("missing", number: locale.missing)
            json.member("needsReview", number: locale.needsReview)
            json.member("pluralGaps", number: locale.pluralGaps)
            json.member("widthOverruns", number: locale.widthOverruns)
            json.decimal("threshold", locale.threshold)
            json.member("passes", bool: locale.passes)
            json.objects("tables", locale.tables) { json, table in
                json.member("table", string: table.table)
                json.member("file", string: table.file.map { pathPrefix + $0 })
                json.decimal("coverage", table.coverage)
                json.member("reachable", number: table.reachable)
                json.member("finished", number: table.finished)
                json.member("missing", number: table.missing)
                json.member("needsReview", number: table.needsReview)
                json.member("pluralGaps", number: table.pluralGaps)
                json.member("widthOverruns", number: table.widthOverruns)
                json.strings("missingKeys", table.missingKeys)
            }
        }
        json.beginObject()
        json.member("version", number: Self.schemaVersion)
        json.member("project", string: project)
        json.member("sourceLanguage", string: sourceLanguage)
        json.strings("offeredLocales", offeredLocales)
        json.strings("sdkLocales", sdkLocales)
        json.member("passes", bool: passes)
        json.strings("reasons", verdictReasons)
        json.object("customLabels") { json in
            json.member("copies", number: copies)
            json.objects("labels", customLabels) { json, row in
                json.member("key", string: row.key)
                json.member("surface", string: row.surface)
                json.member("layer", string: row.layer)
                json.member("file", string: pathPrefix + row.file)
                json.member("shadows", bool: row.shadowsAnyLocale)
                json.objects("locales", row.cells) { json, c in
                    json.member("locale", string: c.locale)
                    json.member("shows", string: c.shows)
                    json.member("replaces", string: c.replaces)
                    json.member("from", string: c.from)
                    json.member("fromLocale", string: c.fromLocale)
                    json.member("shadowed", bool: c.shadowed)
                    json.member("columns", number: c.columns)
                    json.member("budget", number: c.budget)
                }
            }
        }
        json.objects("codeLabels", codeLabels) { json, row in
            json.member("file", string: pathPrefix + row.file)
            json.member("line", number: row.line)
            json.member("surface", string: row.surface)
            json.member("call", string: row.call)
            json.member("kind", string: row.kind)
            json.member("text", string: row.text)
            json.member("defined", bool: row.isDefined)
            json.strings("localizedLocales", row.localizedLocales)
            json.objects("locales", row.cells) { json, c in
                json.member("locale", string: c.locale)
                json.member("shows", string: c.shows)
                json.member("columns", number: c.columns)
                json.member("budget", number: c.budget)
            }
        }
        json.objects("fullLocalization", fullLocalization, coverage)
        json.objects("appLocales", appLocales, coverage)
        json.objects("devices", devices) { json, device in
            json.member("device", string: device.device)
            json.objects("bundles", device.bundles) { json, bundle in
                json.member("bundle", string: bundle.bundle)
                json.member("kind", string: bundle.kind)
                json.member("localization", string: bundle.localization)
            }
            json.member("fallbacks", number: device.fallbacks)
            json.member("reachable", number: device.reachable)
        }
        json.key("findings")
        FindingsReport(result: findings, pathPrefix: pathPrefix).write(to: &json)
        if let pseudoWidth {
            json.object("pseudo") { json in
                json.member("locale", string: pseudoWidth.locale)
                json.objects("overflows", pseudoWidth.findings) { json, finding in
                    json.member("key", string: finding.key)
                    json.member("file", string: finding.file.map { pathPrefix + $0 })
                    json.member("line", number: finding.line)
                    json.member("shows", string: finding.device?.shows)
                    json.member("message", string: finding.message)
                }
            }
        } else {
            json.key("pseudo")
            json.null()
        }
        if let comparison {
            json.object("comparison") { json in
                json.objects("coverage", comparison.coverage) { json, change in
                    json.member("locale", string: change.locale)
                    json.decimal("before", change.before)
                    json.decimal("after", change.after)
                }
                json.strings("newFindings", comparison.newFindings)
                json.strings("fixedFindings", comparison.fixedFindings)
                json.strings("newCustomLabels", comparison.newCustomLabels)
                json.strings("removedCustomLabels", comparison.removedCustomLabels)
            }
        } else {
            json.key("comparison")
            json.null()
        }
        json.endObject()
        json.finalNewline()
        return json
    }

    // MARK: JUnit

    func junit(pathPrefix: String) -> ReportText {
        var report = FindingsReport(result: findings, pathPrefix: pathPrefix)
        let locales = fullLocalization + appLocales
        let uncounted = uncountedThresholds()
        let tests = locales.count + uncounted.count, failures = failingLocales.count + uncounted.count
        var xml = "  <testsuite name=\"l10n coverage\" tests=\"\(tests)\" failures=\"\(failures)\">\n"
        // A threshold that checks nothing fails as its own case, as it fails the release.
        for (locale, message) in uncounted {
            xml += "    <testcase classname=\"coverage\" name=\"minCoverage \(XMLText.escape(locale))\">\n      <failure type=\"coverage\" message=\"\(XMLText.escape(message))\">\(XMLText.escape(message))</failure>\n    </testcase>\n"
        }
        for locale in locales {
            xml += "    <testcase classname=\"coverage\" name=\"\(XMLText.escape(locale.locale))\""
            if locale.passes {
                xml += "/>\n"
            } else {
                let message = "\(locale.locale) coverage \(Self.shortfall(locale.coverage, below: locale.threshold)): \(locale.missing) missing, \(locale.needsReview) to review"
                xml += ">\n      <failure type=\"coverage\" message=\"\(XMLText.escape(message))\">\(XMLText.escape(message))</failure>\n    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n"
        report.extraSuite = (xml, tests, failures)
        return report.junitText()
    }
}

extension JSONStream {
    /// `"name" : 12.34`, a share with two decimals, cut as the other renderings cut it (99.995
    /// is 99.99, never a 100.00 beside `"passes" : false`); `null` when there is none.
    fileprivate mutating func decimal(_ name: String, _ value: Double?) {
        key(name)
        if let value { number(String(format: "%.2f", CoverageReport.truncatedToHundredths(value))) } else { null() }
    }
}
