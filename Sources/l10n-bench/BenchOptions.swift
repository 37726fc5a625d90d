import Foundation
import L10nKit
import L10nTestSupport

/// The command line of `l10n-bench`.
struct BenchOptions {
    var size = ProjectGenerator.Size.large
    var seed: UInt64 = 1
    var repetitions = 5
    /// Device language lists the locale matcher runs over.
    var preferenceLists = 5_000
    /// Where to generate the project and leave it; nil means a temporary folder, removed at the end.
    var keep: URL?
    /// Rows to run (`--only`); nil runs every row.
    var only: Set<String>?
    /// Internal (`--peak-of ROW --project DIR --scratch DIR`): run one hand-off row alone in this
    /// process and print its peak resident bytes; the parent bench starts it.
    var peakOf: (row: String, project: URL, scratch: URL)?

    static let usage = """
        usage: l10n-bench [--keys N | --scale K] [--locales N] [--tables N] [--seed S] [--repeat R] [--lists N]
                          [--only ROW,ROW...] [--keep DIR]

        Generates a large iOS project on the editor SDK model, then times each stage of l10n over it
        R times and prints the minimum and the median. Build it in release mode:
          swift build -c release --product l10n-bench && .build/release/l10n-bench

          --keys N      keys of the vendor SDK catalog (default 20000; app strings and tables scale with it)
          --scale K     K times the default keys (--scale 4 is --keys 80000)
          --locales N   locales the app declares, 1...\(ProjectGenerator.availableLocales.count) (default 12)
          --tables N    legacy .strings tables of the framework, at least 1 (default 4)
          --seed S      generator seed (default 1): the same seed gives the same bytes
          --repeat R    repetitions of every stage (default 5)
          --lists N     device language lists for the locale matcher (default 5000)
          --only LIST   run only these rows, comma-separated (e.g. --only export,import,pipeline)
          --keep DIR    generate into DIR (absent or empty) and leave it there, the hand-off
                        rows' scratch (translator files, the import's copy) in DIR-handoff
        """

    /// Parses the arguments after the program name.
    init(_ arguments: [String]) throws(BenchUsageError) {
        var keys = size.sdkKeys
        var locales = size.locales
        var tables = size.tables
        var rest = arguments[...]
        var peakProject: URL?
        var peakScratch: URL?
        func value(_ option: String) throws(BenchUsageError) -> String {
            guard let next = rest.popFirst() else { throw BenchUsageError("\(option) needs a value") }
            return next
        }
        func number(_ option: String, _ range: ClosedRange<Int>) throws(BenchUsageError) -> Int {
            let text = try value(option)
            guard let number = Int(text), range.contains(number) else {
                throw BenchUsageError("\(option) must be a whole number in \(range.lowerBound)...\(range.upperBound), not \"\(text)\"")
            }
            return number
        }
        while let option = rest.popFirst() {
            switch option {
            case "--keys": keys = try number(option, 1...5_000_000)
            case "--locales": locales = try number(option, 1...ProjectGenerator.availableLocales.count)
            case "--tables": tables = try number(option, 1...1_000)
            case "--repeat": repetitions = try number(option, 1...1_000)
            case "--lists": preferenceLists = try number(option, 1...10_000_000)
            case "--seed":
                let text = try value(option)
                guard let seed = UInt64(text) else { throw BenchUsageError("--seed must be a whole number 0 or more, not \"\(text)\"") }
                self.seed = seed
            case "--keep": keep = URL(fileURLWithPath: try value(option))
            case "--scale": keys = ProjectGenerator.Size.large.sdkKeys * (try number(option, 1...250))
            case "--only": only = Set(try value(option).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            case "--peak-of":
                peakOf = (try value(option), URL(fileURLWithPath: "."), URL(fileURLWithPath: "."))
            case "--project": peakProject = URL(fileURLWithPath: try value(option))
            case "--scratch": peakScratch = URL(fileURLWithPath: try value(option))
            case "-h", "--help": throw BenchUsageError(nil)
            default: throw BenchUsageError("unknown option \"\(option)\"")
            }
        }
        size = ProjectGenerator.Size(sdkKeys: keys, locales: locales, tables: tables)
        if let row = peakOf?.row {
            guard let peakProject, let peakScratch else { throw BenchUsageError("--peak-of needs --project and --scratch") }
            peakOf = (row, peakProject, peakScratch)
        }
    }
}

/// Wrong arguments; `message` nil means help was asked for.
struct BenchUsageError: Error {
    var message: String?
    init(_ message: String?) { self.message = message }
}
