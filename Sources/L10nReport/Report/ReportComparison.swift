import Foundation
import L10nCore
import L10nFormats

/// What changed since a previous JSON report (`l10n report --compare PREVIOUS.json`).
public struct ReportComparison: Sendable {
    public struct CoverageChange: Sendable {
        public var locale: String
        public var before: Double?
        public var after: Double

        public init(locale: String, before: Double?, after: Double) {
            self.locale = locale
            self.before = before
            self.after = after
        }
    }
    /// Per locale, the coverage before and now (nil before: the locale is new).
    public var coverage: [CoverageChange]
    /// Findings now that the previous report did not have, and the reverse (`check key locale file`).
    public var newFindings: [String]
    public var fixedFindings: [String]
    public var newCustomLabels: [String]
    public var removedCustomLabels: [String]

    public init(coverage: [CoverageChange], newFindings: [String], fixedFindings: [String], newCustomLabels: [String], removedCustomLabels: [String]) {
        self.coverage = coverage
        self.newFindings = newFindings
        self.fixedFindings = fixedFindings
        self.newCustomLabels = newCustomLabels
        self.removedCustomLabels = removedCustomLabels
    }

    /// Compares `report` with a previous report's JSON; a file that is not one is an error naming it.
    public static func compare(_ report: CoverageReport, previous data: Data, file: String, pathPrefix: String) throws -> ReportComparison {
        let value = try JSONReader.parse(data, file: file)
        guard value["version"]?.numberText == String(CoverageReport.schemaVersion), value["fullLocalization"] != nil else {
            throw InputError(file: file, "not an l10n report of schema version \(CoverageReport.schemaVersion)",
                             hint: "pass a report.json written by l10n report --format json")
        }
        var before: [String: Double] = [:]
        for part in ["fullLocalization", "appLocales"] {
            for item in value[part]?.arrayItems ?? [] {
                if let locale = item["locale"]?.stringValue, let text = item["coverage"]?.numberText, let number = Double(text) { before[locale] = number }
            }
        }
        let coverage = (report.fullLocalization + report.appLocales).map {
            CoverageChange(locale: $0.locale, before: before[$0.locale], after: CoverageReport.truncatedToHundredths($0.coverage))
        }
        func identity(_ check: String?, _ key: String?, _ locale: String?, _ file: String?) -> String {
            [check ?? "", key ?? "-", locale ?? "-", file ?? "-"].joined(separator: " ")
        }
        let previousFindings = Set((value["findings"]?["findings"]?.arrayItems ?? []).map {
            identity($0["check"]?.stringValue, $0["key"]?.stringValue, $0["locale"]?.stringValue, $0["file"]?.stringValue)
        })
        let currentFindings = Set(report.findings.findings.map { identity($0.check, $0.key, $0.locale, $0.file.map { pathPrefix + $0 }) })
        let previousLabels = Set((value["customLabels"]?["labels"]?.arrayItems ?? []).compactMap { $0["key"]?.stringValue })
        let currentLabels = Set(report.customLabels.map(\.key))
        return ReportComparison(coverage: coverage,
                                newFindings: currentFindings.subtracting(previousFindings).sorted(),
                                fixedFindings: previousFindings.subtracting(currentFindings).sorted(),
                                newCustomLabels: currentLabels.subtracting(previousLabels).sorted(),
                                removedCustomLabels: previousLabels.subtracting(currentLabels).sorted())
    }

    /// Lines for the text and Markdown renderings.
    public var lines: [String] {
        var lines: [String] = []
        for change in coverage {
            guard let before = change.before else {
                lines.append("\(change.locale): new, \(CoverageReport.percent(change.after))")
                continue
            }
            // Compared as the JSON report keeps them (two decimals, cut): a single key of 2,500 moves
            // coverage by 0.04 points, which is a change, and a locale that drops below 100 % fails.
            let delta = ((CoverageReport.truncatedToHundredths(change.after) - CoverageReport.truncatedToHundredths(before)) * 100).rounded() / 100
            let word = abs(delta) < 0.005 ? "unchanged"
                : (delta > 0 ? "up" : "down") + String(format: abs(delta) < 0.1 ? " %.2f points" : " %.1f points", abs(delta))
            lines.append("\(change.locale): \(CoverageReport.percent(before)) → \(CoverageReport.percent(change.after)) (\(word))")
        }
        lines.append("\(newFindings.count) new finding\(newFindings.count == 1 ? "" : "s"), \(fixedFindings.count) fixed")
        lines += newFindings.prefix(20).map { "  new: \($0)" } + fixedFindings.prefix(20).map { "  fixed: \($0)" }
        if !newCustomLabels.isEmpty { lines.append("new custom labels: " + newCustomLabels.joined(separator: ", ")) }
        if !removedCustomLabels.isEmpty { lines.append("custom labels gone: " + removedCustomLabels.joined(separator: ", ")) }
        return lines
    }
}
