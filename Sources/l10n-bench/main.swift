import Foundation
import L10nKit
import L10nTestSupport

// l10n-bench: generates a large project (ProjectGenerator) and times every stage of l10n over it.
// See docs/benchmark.md for what each row measures.

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("l10n-bench: error: \(message)\n".utf8))
    exit(status)
}

// As the `l10n` command does, so that the peak memory rows measure what the command uses.
ProcessMemory.mapLargeBlocksSeparately()

let options: BenchOptions
do {
    options = try BenchOptions(Array(CommandLine.arguments.dropFirst()))
} catch {
    if let message = error.message {
        FileHandle.standardError.write(Data("l10n-bench: error: \(message)\n\n\(BenchOptions.usage)\n".utf8))
        exit(2)
    }
    print(BenchOptions.usage)
    exit(0)
}

if let peak = options.peakOf {
    // A child started by the bench to measure one hand-off row's peak memory alone.
    do {
        print(try HandoffBench(root: peak.project, scratch: peak.scratch).runAlone(peak.row))
        exit(0)
    } catch {
        print("\(error)")
        exit(2)
    }
}

/// Facts that decide what the figures mean.
func machineFacts() -> [String] {
    let info = ProcessInfo.processInfo
    var cpu = "unknown CPU"
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
       let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
       let name = line.split(separator: ":", maxSplits: 1).last {
        cpu = name.trimmingCharacters(in: .whitespaces)
    }
    let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
        .map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "unknown"
    #if DEBUG
    let build = "DEBUG build: figures are not representative, build with -c release"
    #else
    let build = "release build"
    #endif
    return [
        "machine: \(info.processorCount) cores (\(info.activeProcessorCount) active), \(cpu), "
            + String(format: "%.1f GB RAM", Double(info.physicalMemory) / 1_073_741_824),
        "system: \(info.operatingSystemVersionString); ICU \(ICU.version); \(build)",
        "load average at start: \(load)",
    ]
}

let root: URL
if let keep = options.keep {
    let contents = (try? FileManager.default.contentsOfDirectory(atPath: keep.path)) ?? []
    if !contents.isEmpty { fail("--keep \(keep.path) is not empty; give an absent or empty folder", status: 2) }
    if !((try? FileManager.default.contentsOfDirectory(atPath: keep.path + "-handoff")) ?? []).isEmpty {
        fail("--keep \(keep.path): \(keep.path)-handoff is not empty; the hand-off rows' scratch goes there", status: 2)
    }
    root = keep
} else {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-bench-\(ProcessInfo.processInfo.processIdentifier)")
}

/// Scratch space of the hand-off rows, beside the project: `DIR-handoff` with `--keep DIR`, left
/// there like the project (to run one row alone under a profiler, `--peak-of ROW`); else removed at exit.
let scratch = options.keep.map { URL(fileURLWithPath: $0.path + "-handoff") }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("l10n-bench-\(ProcessInfo.processInfo.processIdentifier)-handoff")

func runBenchmark() throws -> Bool {
    let size = options.size
    print("l10n-bench: \(size.sdkKeys) SDK keys, \(size.locales) locales, \(size.tables) legacy tables, seed \(options.seed), "
          + "\(options.repetitions) repetitions per stage")
    machineFacts().forEach { print($0) }

    let clock = ContinuousClock()
    var generated: ProjectGenerator.Output?
    let generation = try clock.measure {
        generated = try ProjectGenerator(size: size, seed: options.seed).write(to: root)
    }
    guard let generated else { return false }
    let project = try ProjectDiscovery(root: root).discover()
    let inputs = try BenchInputs(project: project)

    print("project: \(root.path)" + (options.keep == nil ? " (removed at exit)" : ""))
    print("  \(generated.files.count) files, " + String(format: "%.1f MB", BenchTable.megabytes(generated.byteCount))
          + String(format: ", generated in %.0f ms", BenchTimer.milliseconds(generation)))
    for file in project.catalogs {
        let bytes = inputs.catalogs.first { $0.path == file.path }?.data.count ?? 0
        print("  \(file.path): \(BenchTable.grouped(file.catalog.entries.count)) keys, \(file.catalog.locales.count) locales, "
              + String(format: "%.1f MB", BenchTable.megabytes(bytes)))
    }
    print("  \(inputs.strings.count) .strings files in \(project.stringsTables.count) tables, "
          + String(format: "%.1f MB", BenchTable.megabytes(inputs.stringsBytes))
          + "; \(inputs.storyboards.count) storyboard, " + String(format: "%.2f MB", BenchTable.megabytes(inputs.storyboardBytes)))
    let customLabels = project.customLabels
    print("  chain: " + project.lookupChain.layers.map(\.name).joined(separator: " → "))
    print("  declared locales: \(project.app.availableLocalizations.joined(separator: " ")); "
          + "full-localization: \(project.fullLocalizationLocales.joined(separator: " "))")
    print("  custom labels: \(BenchTable.grouped(customLabels.count)) (\(customLabels.filter { !$0.shadowedLocales.isEmpty }.count) shadow an SDK locale); "
          + "\(BenchTable.grouped(inputs.values.count)) values, \(BenchTable.grouped(inputs.pluralVariations.count)) plural variations")

    let handoff = HandoffBench(root: root, scratch: scratch)
    let wantsHandoff = options.only.map { !$0.isDisjoint(with: HandoffBench.rowNames) } ?? true
    var importInputs: [URL] = []
    var importUnits = 0
    var importProject = project
    var importSnapshot = HandoffBench.Snapshot(files: [])
    if wantsHandoff {
        let prepared = try handoff.prepare(project: project)
        importInputs = prepared.inputs
        importUnits = prepared.units
        importProject = try ProjectDiscovery(root: handoff.importProject).discover()
        importSnapshot = try handoff.snapshot()
        print("  hand-off: \(importInputs.count) translator files for import (every locale, scope all, targets changed), "
              + "\(BenchTable.grouped(importUnits)) units, " + String(format: "%.1f MB", BenchTable.megabytes(prepared.inputBytes)))
    }
    let projectBytes = inputs.catalogBytes + inputs.stringsBytes
    let exportUnits = wantsHandoff ? try HandoffBench.exportToMemory(project).units : 0
    print("")

    var problems: [String] = []
    let writer = StringCatalogWriter()
    let allFiles = inputs.catalogs + inputs.strings
    let preferenceLists = ProjectGenerator.deviceLanguageLists(count: options.preferenceLists, seed: options.seed)
    let available = project.app.availableLocalizations

    let stages: [BenchStage] = [
        BenchStage(name: "discover", items: inputs.catalogs.count + inputs.strings.count + 1,
                   itemName: "files", bytes: inputs.catalogBytes + inputs.stringsBytes) {
            let project = try ProjectDiscovery(root: root).discover()
            return project.catalogs.reduce(0) { $0 + $1.catalog.entries.count }
                + project.stringsTables.reduce(0) { $0 + $1.files.values.reduce(0) { $0 + $1.entries.count } }
        },
        BenchStage(name: "custom labels", items: project.sdkKeys.count, itemName: "SDK keys", bytes: nil) {
            let labels = project.customLabels
            return labels.count * 1_000_003 + labels.reduce(0) { $0 + $1.shadowedLocales.count }
        },
        BenchStage(name: "write catalogs", items: project.catalogs.count, itemName: "files", bytes: inputs.catalogBytes) {
            project.catalogs.reduce(0) { $0 + writer.data(for: $1.catalog).count }
        },
        BenchStage(name: "canonical check", items: allFiles.count, itemName: "files", bytes: inputs.catalogBytes + inputs.stringsBytes) {
            try allFiles.reduce(0) { count, file in
                guard let form = CanonicalForm.form(forPath: file.path) else { return count + 1 }
                return count + (try form.canonicalize(file.data, file.path, nil) == file.data ? 0 : 1)
            }
        },
        BenchStage(name: "strings read", items: inputs.strings.count, itemName: "files", bytes: inputs.stringsBytes) {
            try inputs.strings.reduce(0) { $0 + (try StringsReader.parse($1.data, path: $1.path)).entries.count }
        },
        BenchStage(name: "strings write", items: inputs.strings.count, itemName: "files", bytes: inputs.stringsBytes) {
            project.stringsTables.reduce(0) { total, table in
                total + table.files.values.reduce(0) { $0 + StringsWriter.data(for: $1).count }
            }
        },
        BenchStage(name: "storyboard scan", items: inputs.storyboards.count, itemName: "files", bytes: inputs.storyboardBytes) {
            try inputs.storyboards.reduce(0) { $0 + (try InterfaceBuilderScanner().scan($1.data, path: $1.path)).localizationKeys.count }
        },
        BenchStage(name: "locale match", items: preferenceLists.count, itemName: "lists", bytes: nil) {
            let matcher = LocaleMatcher()
            return preferenceLists.reduce(0) { $0 + (matcher.match(preferred: $1, available: available).chosenIndex ?? -1) + 1 }
        },
        BenchStage(name: "text width", items: inputs.values.count, itemName: "values", bytes: inputs.valueBytes) {
            inputs.values.reduce(0) { $0 + TextWidth.columns($1.text) }
        },
        BenchStage(name: "format parse", items: inputs.values.count, itemName: "values", bytes: inputs.valueBytes) {
            inputs.values.reduce(0) { total, value in
                let format = FormatString(value.text, substitution: value.substitution)
                return total + format.specifiers.count * 7 + format.issues.count
            }
        },
        BenchStage(name: "plural categories", items: inputs.pluralVariations.count, itemName: "variations", bytes: nil) {
            var rules: [String: PluralRules] = [:]
            for locale in inputs.locales { rules[locale] = try PluralRules(locale: locale) }
            return inputs.pluralVariations.reduce(0) { total, variation in
                guard let coverage = rules[variation.locale]?.coverage(of: variation.categories) else { return total + 1_000 }
                return total + coverage.missing.count + coverage.extra.count
            }
        },
        BenchStage(name: "check", items: inputs.values.count, itemName: "values", bytes: inputs.catalogBytes + inputs.stringsBytes) {
            try CheckJob().run(on: project).findings.count
        },
        BenchStage(name: "report", items: inputs.values.count, itemName: "values", bytes: inputs.catalogBytes + inputs.stringsBytes) {
            let report = try ReportJob().run(on: project)
            return report.files(ReportFormat.allCases).reduce(0) { $0 + $1.data.count }
        },
        // As a pipeline's check and report stages run: the report reads the check stage's findings.
        BenchStage(name: "check + report", items: inputs.values.count, itemName: "values", bytes: inputs.catalogBytes + inputs.stringsBytes) {
            let context = try CheckContext(project: project)
            let checked = try CheckJob().run(in: context)
            let report = try ReportJob().run(in: context, checked: checked)
            return checked.findings.count + report.files(ReportFormat.allCases).reduce(0) { $0 + $1.data.count }
        },
        BenchStage(name: "export", items: exportUnits, itemName: "units", bytes: nil,
                   run: { let result = try HandoffBench.exportToMemory(project); return result.units * 1_000_003 + result.bytes },
                   touchedBytes: projectBytes),
        BenchStage(name: "export with suggestions", items: exportUnits, itemName: "units", bytes: nil,
                   run: { let result = try HandoffBench.exportToMemory(project, suggestions: true); return result.units * 1_000_003 + result.bytes },
                   touchedBytes: projectBytes),
        BenchStage(name: "export to disk", items: exportUnits, itemName: "units", bytes: nil,
                   run: {
                       let result = try HandoffBench.exportToDisk(project, folder: handoff.exportFolder)
                       return result.units * 1_000_003 + result.bytes
                   },
                   touchedBytes: projectBytes),
        BenchStage(name: "import", items: importUnits, itemName: "units", bytes: nil,
                   run: { try HandoffBench.importFiles(importInputs, into: importProject) },
                   prepare: {
                       // The restored files are new files: the import checks the stamps discovery took.
                       try handoff.restore(importSnapshot)
                       for path in importProject.fileStamps.keys { importProject.fileStamps[path] = FileStamp(importProject.url(forPath: path)) }
                   },
                   touchedBytes: projectBytes + importInputs.reduce(0) { total, url in
                       total + ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0)
                   }),
        BenchStage(name: "pipeline", items: inputs.catalogs.count + inputs.strings.count, itemName: "files", bytes: projectBytes,
                   run: { try HandoffBench.runPipeline(handoff.pipelineFile) },
                   touchedBytes: projectBytes),
    ].filter { options.only?.contains($0.name) ?? true }

    var results = try BenchTimer.measure(stages, repetitions: options.repetitions)
    for index in results.indices where HandoffBench.rowNames.contains(results[index].stage.name) {
        if results[index].stage.name == "import" { try handoff.restore(importSnapshot) }
        results[index].stage.peakBytes = try handoff.peakInChild(results[index].stage.name)
    }
    for result in results {
        switch result.stage.name {
        case "canonical check" where result.digest != 0:
            problems.append("\(result.digest) generated files are not in canonical form")
        case "write catalogs" where result.digest != inputs.catalogBytes:
            problems.append("the catalog writer gave \(result.digest) bytes for \(inputs.catalogBytes) bytes read")
        case "strings write" where result.digest != inputs.stringsBytes:
            problems.append("the .strings writer gave \(result.digest) bytes for \(inputs.stringsBytes) bytes read")
        case "check" where result.digest == 0:
            problems.append("the checks found nothing in a generated project that plants shadowed labels and full-localization gaps")
        case "storyboard scan" where result.digest != generated.storyboardKeys.count:
            problems.append("the storyboard scan found \(result.digest) stbLocKey keys, the generator wrote \(generated.storyboardKeys.count)")
        default: break
        }
    }
    print(BenchTable.render(results))
    print("\nmin and median over \(options.repetitions) runs of each stage (runs go round all stages); rate = items or MB over the minimum.")
    if results.contains(where: { $0.stage.peakBytes != nil }) {
        print("peak MB: resident high-water mark of the row run once alone in a child process, discovery included, as its command would; "
              + "x read: that over the bytes of the files it reads.")
    }
    for problem in problems { FileHandle.standardError.write(Data("l10n-bench: error: \(problem)\n".utf8)) }
    return problems.isEmpty
}

let succeeded: Bool
do {
    succeeded = try runBenchmark()
} catch {
    if options.keep == nil {
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.removeItem(at: scratch)
    }
    let text = error is LocatedError ? "\(error)" : "error: \(error)"
    FileHandle.standardError.write(Data("l10n-bench: \(text)\n".utf8))
    exit(2)
}
if options.keep == nil {
    try? FileManager.default.removeItem(at: root)
    try? FileManager.default.removeItem(at: scratch)
}
exit(succeeded ? 0 : 1)
