import Foundation

extension CoverageReport {
    /// One self-contained page: inline CSS and script, no network, readable when printed; a
    /// coverage bar per locale, sortable tables, the custom labels with their widths.
    func html(pathPrefix: String) -> ReportText {
        func e(_ text: String) -> String { XMLText.escape(text) }
        let body = ReportText(Self.htmlHead(project: e(project)), capacity: 1 << 20)
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
            // The rows are most of the page: written piece by piece, escaped in place.
            body += row.shadowsAnyLocale ? "<tr class=\"shadowed\"><td>" : "<tr><td>"
            body.escaped(row.surface)
            body += "</td><td><code>"
            body.escaped(row.key)
            body += "</code></td>"
            for locale in offeredLocales {
                guard let cell = row.cells.first(where: { $0.locale == locale }) else { body += "<td></td>"; continue }
                // The classes written as they are decided: no list is made per cell.
                body += "<td class=\""
                var separator = ""
                if cell.shadowed { body += "shadow"; separator = " " }
                if cell.overBudget { body += separator; body += "wide"; separator = " " }
                if cell.fromLocale != cell.locale && !cell.shadowed { body += separator; body += "fallback" }
                body += "\" data-sort=\""
                let shows = body.byteCount
                body.escaped(cell.shows)
                let escapedShows = shows..<body.byteCount
                body += "\">"
                body.escapedAgain(escapedShows)
                if cell.shadowed {
                    body += "<small>shadows “"
                    body.escaped(cell.replaces ?? "")
                    body += "”</small>"
                } else if cell.fromLocale != cell.locale {
                    body += "<small>no "
                    body.escaped(locale)
                    body += ": "
                    body.escaped(cell.fromLocale ?? "source")
                    body += " shows</small>"
                }
                if let budget = cell.budget {
                    let fill = min(100, cell.columns * 100 / max(1, budget))
                    let columns = String(cell.columns), room = String(budget)
                    body += "<span class=\"width\" title=\""
                    body += columns
                    body += " of "
                    body += room
                    body += " columns\"><span style=\"width:"
                    body += String(fill)
                    body += "%\"></span></span><small>"
                    body += columns
                    body += "/"
                    body += room
                    body += " cols</small>"
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
                                  ("sdk-locales", appLocalesTitle.long, appLocales)] where !part.isEmpty {
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
                body += "<tr><td><code>"
                body.escaped(finding.key ?? "")
                body += "</code></td><td><code>"
                body.escapedPlace(file: finding.file, line: finding.line, pathPrefix: pathPrefix)
                body += "</code></td><td>"
                body.escaped(finding.message)
                body += "</td></tr>\n"
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
        // By index, field by field: `for finding in` copied every finding.
        let all = findings.findings
        for index in all.indices {
            body += "<tr class=\""
            body += all[index].severity.rawValue
            body += "\"><td>"
            body += all[index].severity.rawValue
            body += "</td><td><code>"
            body.escaped(all[index].check)
            body += "</code></td><td><code>"
            body.escapedPlace(file: all[index].file, line: all[index].line, pathPrefix: pathPrefix)
            body += "</code></td><td>"
            body.escaped(all[index].message)
            body += "</td></tr>\n"
        }
        body += "</tbody></table></section>\n"

        body += """
        <script>
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
        return body
    }

    /// The page up to its body: the title, the inline style.
    private static func htmlHead(project: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>l10n report: \(project)</title>
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

        """
    }
}
