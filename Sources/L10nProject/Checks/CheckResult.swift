import Foundation

/// The result of running the checks: the findings that count, sorted like compiler output.
public struct CheckResult: Sendable {
    /// Findings not recorded in the baseline, by file, line, column, check.
    public var findings: [Finding]
    /// How many findings the baseline absorbed.
    public var baselined: Int
    /// The checks that ran, in `BuiltInChecks` order.
    public var checks: [String]
    public var strict: Bool

    /// Read in place: a renderer asks for every count, and copying a finding retains its strings.
    public func count(_ severity: Severity) -> Int {
        findings.withUnsafeBufferPointer { findings in
            var count = 0
            for index in findings.indices where findings[index].severity == severity { count += 1 }
            return count
        }
    }

    /// Whether the run fails: an error, or a warning with `strict`.
    public var failed: Bool {
        findings.withUnsafeBufferPointer { findings in
            findings.indices.contains { findings[$0].severity == .error || (strict && findings[$0].severity == .warning) }
        }
    }

    package init(findings: [Finding], baselined: Int, checks: [String], strict: Bool) {
        self.findings = findings
        self.baselined = baselined
        self.checks = checks
        self.strict = strict
    }
}
