import Foundation

/// How a stage ended, in increasing gravity (the command line turns the worst into its exit code).
public enum StageStatus: Sendable, Comparable {
    /// Nothing to report against.
    case passed
    /// The stage ran and found problems (non-canonical files, refused units).
    case findings
    /// The stage could not run; later stages are not started.
    case failed
}
