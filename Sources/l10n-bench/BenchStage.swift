import Foundation

/// One timed row of the benchmark: a piece of work run `repetitions` times over fixed inputs.
struct BenchStage {
    var name: String
    /// How many things one run handles, and what they are ("files", "values", "lists").
    var items: Int
    var itemName: String
    /// Input bytes one run handles; nil for stages measured in items per second.
    var bytes: Int?
    /// The work. Its result (a count or a sum over the outputs) must be the same in every run: it
    /// keeps the optimizer from dropping the work and shows that every run did the same thing.
    var run: () throws -> Int
    /// Untimed work before every run (the import puts its copy of the project back).
    var prepare: (() throws -> Void)? = nil
    /// Bytes of the files the stage reads, the measure its peak memory is compared with; nil
    /// for rows whose peak memory is not measured.
    var touchedBytes: Int? = nil
    /// Peak resident bytes of the stage run alone in a child process (set after the timings).
    var peakBytes: Int? = nil
}

/// A failure of the bench itself (not of a check): printed, exit 2.
struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The times of one stage.
struct BenchResult {
    var stage: BenchStage
    /// Milliseconds of each run.
    var times: [Double]
    var digest: Int

    var minimum: Double { times.min() ?? 0 }

    var median: Double {
        let sorted = times.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// A stage's runs gave different results: a bug, never noise.
struct UnstableStageError: Error, CustomStringConvertible {
    var stage: String
    var digests: [Int]
    var description: String { "stage \"\(stage)\" gave different results in its runs: \(digests)" }
}

enum BenchTimer {
    /// Runs every stage `repetitions` times, each run timed with the monotonic clock. The runs
    /// go round the stages (all stages once, then again), so a burst of load from another process
    /// on the shared machine slows one run of several stages rather than every run of one stage.
    static func measure(_ stages: [BenchStage], repetitions: Int) throws -> [BenchResult] {
        let clock = ContinuousClock()
        var times = [[Double]](repeating: [], count: stages.count)
        var digests = [[Int]](repeating: [], count: stages.count)
        for _ in 0..<repetitions {
            for (index, stage) in stages.enumerated() {
                var digest = 0
                try stage.prepare?()
                let elapsed = try clock.measure { digest = try stage.run() }
                times[index].append(milliseconds(elapsed))
                digests[index].append(digest)
            }
        }
        return try stages.indices.map { index in
            guard Set(digests[index]).count == 1 else { throw UnstableStageError(stage: stages[index].name, digests: digests[index]) }
            return BenchResult(stage: stages[index], times: times[index], digest: digests[index][0])
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// The printed table.
enum BenchTable {
    static let header = [("stage", 18), ("items", 17), ("MB", 8), ("min ms", 10), ("median ms", 10), ("rate", 20),
                         ("peak MB", 9), ("x read", 7)]

    static func render(_ results: [BenchResult]) -> String {
        var lines = [row(header.map(\.0))]
        lines.append(String(repeating: "-", count: lines[0].count))
        for result in results {
            let stage = result.stage
            let rate: String
            if let bytes = stage.bytes {
                rate = String(format: "%.1f MB/s", megabytes(bytes) / (result.minimum / 1_000))
            } else {
                rate = String(format: "%.0f", Double(stage.items) / (result.minimum / 1_000)) + " \(stage.itemName)/s"
            }
            lines.append(row([stage.name, "\(grouped(stage.items)) \(stage.itemName)",
                              stage.bytes.map { String(format: "%.2f", megabytes($0)) } ?? "-",
                              String(format: "%.1f", result.minimum), String(format: "%.1f", result.median), rate,
                              stage.peakBytes.map { String(format: "%.1f", megabytes($0)) } ?? "-",
                              peakRatio(stage)]))
        }
        return lines.joined(separator: "\n")
    }

    static func row(_ cells: [String]) -> String {
        zip(cells, header).enumerated().map { index, pair in
            let (cell, (_, width)) = pair
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            return index == 0 ? cell + padding : padding + cell
        }.joined(separator: " ")
    }

    /// Peak memory as a multiple of the bytes the stage reads.
    static func peakRatio(_ stage: BenchStage) -> String {
        guard let peak = stage.peakBytes, let touched = stage.touchedBytes, touched > 0 else { return "-" }
        return String(format: "%.2f", Double(peak) / Double(touched))
    }

    /// Bytes in MB (10^6), as disk sizes and throughput are quoted.
    static func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_000_000 }

    /// `245123` as `245,123`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
