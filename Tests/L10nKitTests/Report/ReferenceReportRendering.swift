import L10nCore
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import Foundation

/// The report's renderings as they were before the report speed work (issue 11), kept only as a
/// test oracle while the new ones are young: `ReportEquivalenceTests` compares their text.
extension CoverageReport {
    /// The rendering of `format` the old way.
    func referenceRender(_ format: ReportFormat, pathPrefix: String = "", color: Bool = false) -> String {
        switch format {
        case .text: return referenceText(pathPrefix: pathPrefix, color: color)
        case .md: return referenceMarkdown(pathPrefix: pathPrefix)
        case .json: return referenceJson(pathPrefix: pathPrefix)
        case .html: return referenceHtml(pathPrefix: pathPrefix)
        case .junit: return referenceJunit(pathPrefix: pathPrefix)
        }
    }

    private func referenceShadowedLabelsList() -> [LabelRow] { customLabels.filter(\.shadowsAnyLocale) }

    // MARK: Text

    func referenceText(pathPrefix: String, color: Bool) -> String {
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        func bold(_ text: String) -> String { paint(text, "1") }
        var lines: [String] = []
        lines.append(bold("l10n report: \(project)") + " (source \(sourceLanguage); offers \(offeredLocales.joined(separator: ", "))"
                     + (sdkLocales.isEmpty ? ")" : "; the SDK ships \(sdkLocales.joined(separator: ", ")))"))
        lines.append("")
        lines.append(bold("Custom labels") + ": \(customLabels.count) rename\(customLabels.count == 1 ? "" : "s"), \(referenceShadowedLabelsList().count) shadow a locale; \(copies) cop\(copies == 1 ? "y" : "ies") of SDK entries (not renames)")
        for row in customLabels {
            let cells = row.cells.map { cell -> String in
                var text = "\(cell.locale) \(CheckContext.quoted(cell.shows))"
                if cell.shadowed { text += paint(" SHADOWS \(CheckContext.quoted(cell.replaces ?? ""))", "31") }
                else if cell.fromLocale != cell.locale { text += paint(" (no \(cell.locale))", "33") }
                if cell.overBudget { text += paint(" \(cell.columns)/\(cell.budget!) cols", "33") }
                return text
            }
            lines.append("  [\(row.surface)] \(row.key): " + cells.joined(separator: "; "))
        }
        if !codeLabels.isEmpty {
            lines.append("")
            lines.append(bold("Labels set in code") + ": \(codeLabels.count), \(codeLabels.filter { !$0.isFullyLocalized }.count) not translated into every offered locale, \(codeLabels.filter { $0.cells.contains(where: \.overBudget) }.count) too wide")
            for row in codeLabels {
                let cells = row.cells.map { cell -> String in
                    var text = "\(cell.locale) \(CheckContext.quoted(cell.shows))"
                    if row.kind != "verbatim" && !row.localizedLocales.contains(cell.locale) { text += paint(" (not translated)", "33") }
                    if cell.overBudget { text += paint(" \(cell.columns)/\(cell.budget!) cols", "33") }
                    return text
                }
                lines.append("  \(pathPrefix)\(row.file):\(row.line) [\(row.surface)] \(row.call) \(row.kind) \(CheckContext.quoted(row.text))"
                             + (row.isDefined ? "" : paint(" (no table defines it)", "31")) + ": " + cells.joined(separator: "; "))
            }
        }
        // Later rule, added to both: without the SDK the heading says "Locales".
        for (title, part) in [("Full-localization locales", fullLocalization), (sdkLocales.isEmpty ? "Locales (the app's own strings)" : "Locales the SDK ships (the app's own strings and overrides)", appLocales)] where !part.isEmpty {
            lines.append("")
            lines.append(bold(title))
            for locale in part {
                let verdict = locale.passes ? paint("pass", "32") : paint("FAIL", "31")
                lines.append("  \(locale.locale): \(Self.percent(locale.coverage)) (\(locale.finished)/\(locale.reachable)), \(locale.missing) missing, \(locale.needsReview) to review, \(locale.pluralGaps) plural gaps, \(locale.widthOverruns) too wide; needs \(Self.percent(locale.threshold)): \(verdict)")
                for table in locale.tables {
                    lines.append("    \(table.table): \(Self.percent(table.coverage)) (\(table.finished)/\(table.reachable)), \(table.missing) missing, \(table.needsReview) to review")
                }
            }
        }
        if let pseudoWidth {
            lines.append("")
            lines.append(bold("Pseudo-locale \(pseudoWidth.locale)") + ": \(pseudoWidth.findings.count) label\(pseudoWidth.findings.count == 1 ? "" : "s") overflow as long languages will (a forecast; it does not fail the release)")
            for finding in pseudoWidth.findings {
                let place = finding.file.map { pathPrefix + $0 + (finding.line.map { ":\($0)" } ?? "") + ": " } ?? ""
                lines.append("  \(place)\(MessageText.oneLine(finding.key ?? "")): \(MessageText.oneLine(finding.message))")
            }
        }
        lines.append("")
        lines.append(bold("Devices"))
        for device in devices {
            let bundles = device.bundles.map { "\($0.bundle) \($0.localization)" }.joined(separator: ", ")
            lines.append("  \(device.device): \(bundles); \(device.fallbacks) of \(device.reachable) labels in another language")
        }
 if let comparison {
            lines.append("")
            lines.append(bold("Since the previous report"))
            lines += comparison.lines.map { "  " + $0 }
        }
        lines.append("")
        lines.append(bold("Findings") + ": \(findings.count(.error)) errors, \(findings.count(.warning)) warnings, \(findings.count(.note)) notes")
        for finding in findings.findings where finding.severity != .note {
            let place = finding.file.map { pathPrefix + $0 + (finding.line.map { ":\($0)" } ?? "") + ": " } ?? ""
            lines.append("  \(place)\(finding.severity == .error ? paint("error", "31") : paint("warning", "33")): \(MessageText.oneLine(finding.message)) [\(finding.check)]")
        }
        lines.append("")
        lines.append(passes ? paint("release: pass", "32") : paint("release: FAIL", "31") + " (" + verdictReasons.joined(separator: "; ") + ")")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    func referenceMarkdown(pathPrefix: String) -> String {
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        }
        var md = "# l10n report: \(cell(project))\n\n"
        md += passes ? "**Release: pass.**\n\n" : "**Release: fail** — " + cell(verdictReasons.joined(separator: "; ")) + ".\n\n"
        md += "Source language `\(sourceLanguage)`; the app offers \(offeredLocales.map { "`\($0)`" }.joined(separator: ", "))"
        md += sdkLocales.isEmpty ? ".\n\n" : "; the SDK ships \(sdkLocales.map { "`\($0)`" }.joined(separator: ", ")).\n\n"
        md += "## Custom labels\n\n\(customLabels.count) renames, \(referenceShadowedLabelsList().count) shadow a locale; \(copies) copies of SDK entries (not renames).\n\n"
        if !customLabels.isEmpty {
            let locales = offeredLocales
            md += "| surface | key | " + locales.joined(separator: " | ") + " |\n|---|---|" + locales.map { _ in "---" }.joined(separator: "|") + "|\n"
            for row in customLabels {
                let cells = locales.map { locale -> String in
                    guard let c = row.cells.first(where: { $0.locale == locale }) else { return "" }
                    var text = cell(c.shows)
                    if c.shadowed { text = "⚠️ **\(text)** (hides “\(cell(c.replaces ?? ""))”)" }
                    else if c.fromLocale != c.locale { text += " _(no \(locale))_" }
                    if c.overBudget { text += " ⟷ \(c.columns)/\(c.budget!)" }
                    return text
                }
                md += "| \(row.surface) | `\(cell(row.key))` | " + cells.joined(separator: " | ") + " |\n"
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
        // Later rule, added to both: without the SDK the heading says "Locales".
        for (title, part) in [("Full-localization locales", fullLocalization), (sdkLocales.isEmpty ? "Locales" : "Locales the SDK ships", appLocales)] where !part.isEmpty {
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
            for finding in findings.findings {
                let place = finding.file.map { "`" + cell(pathPrefix + $0) + (finding.line.map { ":\($0)" } ?? "") + "`" } ?? ""
                md += "| \(finding.severity.rawValue) | `\(finding.check)` | \(place) | \(cell(finding.message)) |\n"
            }
        }
        return md
    }

    // MARK: JSON

    func referenceJson(pathPrefix: String) -> String {
        func number(_ value: Int) -> JSONValue { .number(String(value)) }
        // Two decimals, cut: 99.995 is 99.99, never a 100.00 that fails.
        func decimal(_ value: Double) -> JSONValue { .number(String(format: "%.2f", (value * 100 + 1e-7).rounded(.down) / 100)) }
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        func coverage(_ locale: LocaleCoverage) -> JSONValue {
            .object([
                ("locale", .string(locale.locale)), ("coverage", decimal(locale.coverage)), ("reachable", number(locale.reachable)),
                ("finished", number(locale.finished)), ("missing", number(locale.missing)), ("needsReview", number(locale.needsReview)),
                ("pluralGaps", number(locale.pluralGaps)), ("widthOverruns", number(locale.widthOverruns)),
                ("threshold", decimal(locale.threshold)), ("passes", .bool(locale.passes)),
                ("tables", .array(locale.tables.map { table in
                    .object([("table", .string(table.table)), ("file", optional(table.file.map { pathPrefix + $0 })),
                             ("coverage", decimal(table.coverage)), ("reachable", number(table.reachable)), ("finished", number(table.finished)),
                             ("missing", number(table.missing)), ("needsReview", number(table.needsReview)), ("pluralGaps", number(table.pluralGaps)),
                             ("widthOverruns", number(table.widthOverruns)), ("missingKeys", .array(table.missingKeys.map(JSONValue.string)))])
                })),
            ])
        }
        let findingsValue = FindingsReport(result: findings, pathPrefix: pathPrefix).jsonValue
        let value = JSONValue.object([
            ("version", number(Self.schemaVersion)),
            ("project", .string(project)), ("sourceLanguage", .string(sourceLanguage)),
            ("offeredLocales", .array(offeredLocales.map(JSONValue.string))), ("sdkLocales", .array(sdkLocales.map(JSONValue.string))),
            ("passes", .bool(passes)), ("reasons", .array(verdictReasons.map(JSONValue.string))),
            ("customLabels", .object([
                ("copies", number(copies)),
                ("labels", .array(customLabels.map { row in
                    .object([("key", .string(row.key)), ("surface", .string(row.surface)), ("layer", .string(row.layer)),
                             ("file", .string(pathPrefix + row.file)), ("shadows", .bool(row.shadowsAnyLocale)),
                             ("locales", .array(row.cells.map { c in
                                 .object([("locale", .string(c.locale)), ("shows", .string(c.shows)), ("replaces", optional(c.replaces)),
                                          ("from", .string(c.from)), ("fromLocale", optional(c.fromLocale)), ("shadowed", .bool(c.shadowed)),
                                          ("columns", number(c.columns)), ("budget", c.budget.map(number) ?? .null)])
                             }))])
                })),
            ])),
            ("codeLabels", .array(codeLabels.map { row in
                .object([("file", .string(pathPrefix + row.file)), ("line", number(row.line)), ("surface", .string(row.surface)),
                         ("call", .string(row.call)), ("kind", .string(row.kind)), ("text", .string(row.text)), ("defined", .bool(row.isDefined)),
                         ("localizedLocales", .array(row.localizedLocales.map(JSONValue.string))),
                         ("locales", .array(row.cells.map { c in
                             .object([("locale", .string(c.locale)), ("shows", .string(c.shows)), ("columns", number(c.columns)),
                                      ("budget", c.budget.map(number) ?? .null)])
                         }))])
            })),
            ("fullLocalization", .array(fullLocalization.map(coverage))),
            ("appLocales", .array(appLocales.map(coverage))),
            ("devices", .array(devices.map { device in
                .object([("device", .string(device.device)),
                         ("bundles", .array(device.bundles.map { .object([("bundle", .string($0.bundle)), ("kind", .string($0.kind)), ("localization", .string($0.localization))]) })),
                         ("fallbacks", number(device.fallbacks)), ("reachable", number(device.reachable))])
            })),
            ("findings", findingsValue),
            ("pseudo", pseudoWidth.map { part in
                .object([("locale", .string(part.locale)),
                         ("overflows", .array(part.findings.map { finding in
                             .object([("key", optional(finding.key)), ("file", optional(finding.file.map { pathPrefix + $0 })),
                                      ("line", finding.line.map(number) ?? .null), ("shows", optional(finding.device?.shows)),
                                      ("message", .string(finding.message))])
                         }))])
            } ?? .null),
            ("comparison", comparison.map { comparison in
                .object([
                    ("coverage", .array(comparison.coverage.map { change in
                        .object([("locale", .string(change.locale)), ("before", change.before.map(decimal) ?? .null), ("after", decimal(change.after))])
                    })),
                    ("newFindings", .array(comparison.newFindings.map(JSONValue.string))),
                    ("fixedFindings", .array(comparison.fixedFindings.map(JSONValue.string))),
                    ("newCustomLabels", .array(comparison.newCustomLabels.map(JSONValue.string))),
                    ("removedCustomLabels", .array(comparison.removedCustomLabels.map(JSONValue.string))),
                ])
            } ?? .null),
        ])
        return String(decoding: JSONWriter(keyOrder: .asGiven, finalNewline: true).data(for: value), as: UTF8.self)
    }

    // MARK: JUnit

    func referenceJunit(pathPrefix: String) -> String {
        var report = FindingsReport(result: findings, pathPrefix: pathPrefix)
        let locales = fullLocalization + appLocales
        var xml = "  <testsuite name=\"l10n coverage\" tests=\"\(locales.count)\" failures=\"\(failingLocales.count)\">\n"
        for locale in locales {
            xml += "    <testcase classname=\"coverage\" name=\"\(XMLText.escape(locale.locale))\""
            if locale.passes {
                xml += "/>\n"
            } else {
                let message = "\(locale.locale) coverage \(Self.percent(locale.coverage)) is below \(Self.percent(locale.threshold)): \(locale.missing) missing, \(locale.needsReview) to review"
                xml += ">\n      <failure type=\"coverage\" message=\"\(XMLText.escape(message))\">\(XMLText.escape(message))</failure>\n    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n"
        report.extraSuite = (xml, locales.count, failingLocales.count)
        return report.referenceJunit
    }
    /// One self-contained page: inline CSS and script, no network, readable when printed; a
    /// coverage bar per locale, sortable tables, the custom labels with their widths.
    func referenceHtml(pathPrefix: String) -> String {
        func e(_ text: String) -> String { XMLText.escape(text) }
        var body = ""
        body += "<header><h1>l10n report: \(e(project))</h1>"
        body += "<p class=\"verdict \(passes ? "pass" : "fail")\">Release: \(passes ? "pass" : "fail")"
        if !passes { body += " — " + e(verdictReasons.joined(separator: "; ")) }
        body += "</p><p>Source language <code>\(e(sourceLanguage))</code>; the app offers "
        body += offeredLocales.map { "<code>\(e($0))</code>" }.joined(separator: ", ")
        if !sdkLocales.isEmpty { body += "; the SDK ships " + sdkLocales.map { "<code>\(e($0))</code>" }.joined(separator: ", ") }
        body += ".</p></header>\n"

        body += "<section id=\"custom-labels\"><h2>Custom labels</h2>"
        body += "<p>\(customLabels.count) renames, \(customLabels.filter(\.shadowsAnyLocale).count) shadow a locale; \(copies) copies of SDK entries (they add or keep translations, they rename nothing).</p>"
        body += "<table class=\"sortable\"><thead><tr><th>surface</th><th>key</th>"
        body += offeredLocales.map { "<th>\(e($0))</th>" }.joined() + "</tr></thead><tbody>\n"
        for row in customLabels {
            body += "<tr\(row.shadowsAnyLocale ? " class=\"shadowed\"" : "")><td>\(e(row.surface))</td><td><code>\(e(row.key))</code></td>"
            for locale in offeredLocales {
                guard let cell = row.cells.first(where: { $0.locale == locale }) else { body += "<td></td>"; continue }
                var classes: [String] = []
                if cell.shadowed { classes.append("shadow") }
                if cell.overBudget { classes.append("wide") }
                if cell.fromLocale != cell.locale && !cell.shadowed { classes.append("fallback") }
                body += "<td class=\"\(classes.joined(separator: " "))\" data-sort=\"\(e(cell.shows))\">\(e(cell.shows))"
                if cell.shadowed { body += "<small>shadows “\(e(cell.replaces ?? ""))”</small>" }
                else if cell.fromLocale != cell.locale { body += "<small>no \(e(locale)): \(e(cell.fromLocale ?? "source")) shows</small>" }
                if let budget = cell.budget {
                    let fill = min(100, cell.columns * 100 / max(1, budget))
                    body += "<span class=\"width\" title=\"\(cell.columns) of \(budget) columns\"><span style=\"width:\(fill)%\"></span></span><small>\(cell.columns)/\(budget) cols</small>"
                }
                body += "</td>"
            }
            body += "</tr>\n"
        }
        body += "</tbody></table></section>\n"
        if !codeLabels.isEmpty {
            body += "<section id=\"code-labels\"><h2>Labels set in code</h2>"
            body += "<p>\(codeLabels.count) labels, \(codeLabels.filter { !$0.isFullyLocalized }.count) not translated into every offered locale.</p>"
            body += "<table class=\"sortable\"><thead><tr><th>where</th><th>surface</th><th>label</th><th>text</th>"
            body += offeredLocales.map { "<th>\(e($0))</th>" }.joined() + "</tr></thead><tbody>\n"
            for row in codeLabels {
                body += "<tr><td><code>\(e(pathPrefix + row.file)):\(row.line)</code></td><td>\(e(row.surface))</td><td><code>\(e(row.call))</code></td>"
                body += "<td>\(e(row.kind)) <code>\(e(row.text))</code>\(row.isDefined ? "" : "<small>no table defines it</small>")</td>"
                for locale in offeredLocales {
                    guard let cell = row.cells.first(where: { $0.locale == locale }) else { body += "<td></td>"; continue }
                    let untranslated = row.kind != "verbatim" && !row.localizedLocales.contains(locale)
                    let classes = [untranslated ? "fallback" : nil, cell.overBudget ? "wide" : nil].compactMap { $0 }
                    body += "<td class=\"\(classes.joined(separator: " "))\" data-sort=\"\(e(cell.shows))\">\(e(cell.shows))"
                    if untranslated { body += "<small>not translated</small>" }
                    if let budget = cell.budget { body += "<small>\(cell.columns)/\(budget) cols</small>" }
                    body += "</td>"
                }
                body += "</tr>\n"
            }
            body += "</tbody></table></section>\n"
        }

        for (id, title, part) in [("full-localization", "Full-localization locales", fullLocalization),
                                  ("sdk-locales", sdkLocales.isEmpty ? "Locales (the app's own strings)" : "Locales the SDK ships (the app's own strings and overrides)", appLocales)] where !part.isEmpty {
            body += "<section id=\"\(id)\"><h2>\(title)</h2>"
            for locale in part {
                let width = String(format: "%.1f", locale.coverage)
                body += "<div class=\"locale\"><span class=\"name\">\(e(locale.locale))</span>"
                body += "<span class=\"bar \(locale.passes ? "pass" : "fail")\"><span style=\"width:\(width)%\"></span><i style=\"left:\(String(format: "%.1f", locale.threshold))%\"></i></span>"
                body += "<span>\(Self.percent(locale.coverage)) (\(locale.finished)/\(locale.reachable)); needs \(Self.percent(locale.threshold))</span></div>\n"
            }
            body += "<table class=\"sortable\"><thead><tr><th>locale</th><th>table</th><th>coverage</th><th>finished</th><th>reachable</th><th>missing</th><th>to review</th><th>plural gaps</th><th>too wide</th></tr></thead><tbody>\n"
            for locale in part {
                for table in locale.tables {
                    body += "<tr><td>\(e(locale.locale))</td><td>\(e(table.table))</td><td data-sort=\"\(String(format: "%08.3f", table.coverage))\">\(Self.percent(table.coverage))</td>"
                    body += "<td>\(table.finished)</td><td>\(table.reachable)</td><td>\(table.missing)</td><td>\(table.needsReview)</td><td>\(table.pluralGaps)</td><td>\(table.widthOverruns)</td></tr>\n"
                }
            }
            body += "</tbody></table></section>\n"
        }

        if let pseudoWidth {
            body += "<section id=\"pseudo\"><h2>Pseudo-locale \(e(pseudoWidth.locale))</h2><p>\(pseudoWidth.findings.count) labels overflow their surface once they grow as long languages do (a forecast; it does not fail the release).</p>"
            body += "<table class=\"sortable\"><thead><tr><th>key</th><th>where</th><th>message</th></tr></thead><tbody>\n"
            for finding in pseudoWidth.findings {
                let place = finding.file.map { pathPrefix + $0 + (finding.line.map { ":\($0)" } ?? "") } ?? ""
                body += "<tr><td><code>\(e(finding.key ?? ""))</code></td><td><code>\(e(place))</code></td><td>\(e(finding.message))</td></tr>\n"
            }
            body += "</tbody></table></section>\n"
        }
        body += "<section id=\"devices\"><h2>Devices</h2><table class=\"sortable\"><thead><tr><th>device</th>"
        body += (devices.first?.bundles.map { "<th>\(e($0.bundle))</th>" }.joined() ?? "") + "<th>labels in another language</th></tr></thead><tbody>\n"
        for device in devices {
            body += "<tr><td>\(e(device.device))</td>" + device.bundles.map { "<td>\(e($0.localization))</td>" }.joined()
            body += "<td data-sort=\"\(String(format: "%08d", device.fallbacks))\">\(device.fallbacks) of \(device.reachable)</td></tr>\n"
        }
        body += "</tbody></table></section>\n"

        if let comparison {
            body += "<section id=\"comparison\"><h2>Since the previous report</h2><ul>" + comparison.lines.map { "<li>\(e($0.trimmingCharacters(in: .whitespaces)))</li>" }.joined() + "</ul></section>\n"
        }
        body += "<section id=\"findings\"><h2>Findings</h2><p>\(findings.count(.error)) errors, \(findings.count(.warning)) warnings, \(findings.count(.note)) notes.</p>"
        body += "<table class=\"sortable\"><thead><tr><th>severity</th><th>check</th><th>where</th><th>message</th></tr></thead><tbody>\n"
        for finding in findings.findings {
            let place = finding.file.map { pathPrefix + $0 + (finding.line.map { ":\($0)" } ?? "") } ?? ""
            body += "<tr class=\"\(finding.severity.rawValue)\"><td>\(finding.severity.rawValue)</td><td><code>\(e(finding.check))</code></td><td><code>\(e(place))</code></td><td>\(e(finding.message))</td></tr>\n"
        }
        body += "</tbody></table></section>\n"

        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>l10n report: \(e(project))</title>
        <style>
        body{font:14px/1.45 -apple-system,system-ui,"Segoe UI",sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#1d1d1f}
        h1{font-size:1.6em}h2{font-size:1.25em;border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:1.8em}
        code{font:12px ui-monospace,Menlo,monospace}
        table{border-collapse:collapse;width:100%;margin:.6em 0}th,td{border:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top}
        th{background:#f5f5f7;cursor:pointer;user-select:none}th:after{content:" ⇅";color:#aaa}
        td small{display:block;color:#666}.shadowed td:first-child{border-left:4px solid #c62828}
        td.shadow{background:#fde8e8}td.wide{background:#fff4e0}td.fallback{color:#8a5a00}
        .verdict{font-weight:600;padding:.4em .7em;border-radius:4px;display:inline-block}.verdict.pass{background:#e3f5e6}.verdict.fail{background:#fde8e8}
        .locale{display:flex;align-items:center;gap:.8em;margin:.25em 0}.locale .name{width:5em;font-weight:600}
        .bar{position:relative;display:inline-block;width:320px;height:12px;background:#eee;border-radius:6px;overflow:hidden}
        .bar span{display:block;height:100%;background:#2e7d32}.bar.fail span{background:#c62828}.bar i{position:absolute;top:0;bottom:0;width:2px;background:#000}
        .width{display:block;width:60px;height:5px;background:#eee;margin-top:3px}.width span{display:block;height:100%;background:#1565c0}td.wide .width span{background:#e65100}
        tr.error td:first-child{color:#c62828;font-weight:600}tr.warning td:first-child{color:#8a5a00}
        @media print{body{margin:0;max-width:none}th:after{content:""}section{break-inside:avoid-page}.bar,.width,td.shadow,td.wide{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
        </style></head><body>
        \(body)<script>
        document.querySelectorAll("table.sortable th").forEach(function (th, index) {
          th.addEventListener("click", function () {
            var table = th.closest("table"), body = table.tBodies[0], column = Array.prototype.indexOf.call(th.parentNode.children, th);
            var ascending = th.dataset.order !== "asc"; th.dataset.order = ascending ? "asc" : "desc";
            var rows = Array.prototype.slice.call(body.rows);
            rows.sort(function (a, b) {
              var x = a.cells[column], y = b.cells[column];
              x = x ? (x.dataset.sort || x.textContent) : ""; y = y ? (y.dataset.sort || y.textContent) : "";
              var n = parseFloat(x) - parseFloat(y);
              var c = isNaN(n) ? x.localeCompare(y) : n;
              return ascending ? c : -c;
            });
            rows.forEach(function (row) { body.appendChild(row); });
          });
        });
        </script></body></html>

        """
    }
}

extension FindingsReport {
    /// JUnit XML as it was built before it was written into bytes with escaping in place: one
    /// `String`, each row interpolated, each text escaped into a new one.
    var referenceJunit: String {
        var cases: [(check: String, file: String, findings: [Finding])] = []
        var index: [String: Int] = [:]
        for finding in result.findings {
            let file = finding.file.map { pathPrefix + $0 } ?? "(project)"
            let id = finding.check + "\u{0}" + file
            if let at = index[id] { cases[at].findings.append(finding) } else {
                index[id] = cases.count
                cases.append((finding.check, file, [finding]))
            }
        }
        func position(_ finding: Finding) -> String {
            guard let file = finding.file.map({ pathPrefix + $0 }) else { return "" }
            var text = file
            if let line = finding.line {
                text += ":\(line)"
                if let column = finding.column { text += ":\(column)" }
            }
            return text + ": "
        }
        for check in result.checks where !cases.contains(where: { $0.check == check }) { cases.append((check, "(project)", [])) }
        cases.sort { ($0.check, $0.file) < ($1.check, $1.file) }
        let failures = cases.filter { $0.findings.contains { $0.severity != .note } }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"l10n\" tests=\"\(cases.count + extraSuite.tests)\" failures=\"\(failures + extraSuite.failures)\">\n"
        xml += "  <testsuite name=\"l10n check\" tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
        for testCase in cases {
            xml += "    <testcase classname=\"\(XMLText.escape(testCase.check))\" name=\"\(XMLText.escape(testCase.file))\""
            let failing = testCase.findings.filter { $0.severity != .note }
            if failing.isEmpty && testCase.findings.isEmpty {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            for finding in failing {
                xml += "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(XMLText.escape(finding.message))\">"
                xml += XMLText.escape("\(position(finding))\(finding.message)" + (finding.hint.map { "\nhint: \($0)" } ?? ""))
                xml += "</failure>\n"
            }
            let notes = testCase.findings.filter { $0.severity == .note }
            if !notes.isEmpty {
                xml += "      <system-out>" + XMLText.escape(notes.map { "\(position($0))note: \($0.message)" }.joined(separator: "\n")) + "</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n" + extraSuite.xml + "</testsuites>\n"
        return xml
    }
}
