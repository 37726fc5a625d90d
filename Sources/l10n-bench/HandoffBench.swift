import Foundation
import L10nKit

/// The hand-off rows (`export`, `export to disk`, `import`, `pipeline`) and what they work on:
/// a scratch folder beside the generated project with a copy of it to import into, the
/// translator files to import, and a pipeline file like `Pipelines/release.json`.
///
/// Each row can also run alone in a child process (`--peak-of ROW`), from discovery to the last
/// byte written, as the command would: its peak resident memory is then the stage's own.
struct HandoffBench {
    /// The generated project (read-only for every row).
    var root: URL
    /// Scratch space: `export/`, `release/`, `import-project/` (a copy of the project the import
    /// writes into, restored before every run) and `import-inputs/` (the translator files).
    var scratch: URL

    var exportFolder: URL { scratch.appendingPathComponent("export") }
    var importProject: URL { scratch.appendingPathComponent("import-project") }
    var importInputs: URL { scratch.appendingPathComponent("import-inputs") }
    var pipelineFile: URL { scratch.appendingPathComponent("release.json") }

    /// The rows, in the order the table prints them.
    static let rowNames = ["export", "export with suggestions", "export to disk", "import", "pipeline"]

    /// Device language lists of the pipeline's `devices` stage, as `Pipelines/release.json` has them.
    static let releaseDevices = ["en-US", "de-AT", "fr-CA", "ja-JP", "ru-RU", "pt-PT", "en-IN", "zh-HK", "es-MX"]

    /// The bytes the import copy of the project has before any import, to restore between runs.
    struct Snapshot {
        var files: [(url: URL, data: Data)]
    }

    /// Writes the scratch folder: the import copy of the project, every locale's export (scope
    /// all) with its targets changed (see `changedForImport`), and the pipeline file.
    func prepare(project: Project) throws -> (inputs: [URL], units: Int, inputBytes: Int) {
        let manager = FileManager.default
        try? manager.removeItem(at: scratch)
        try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
        try manager.copyItem(at: root, to: importProject)
        try manager.createDirectory(at: importInputs, withIntermediateDirectories: true)

        let exporter = XLIFFExporter(project: project)
        let writer = XLIFFWriter(tool: .l10n(version: "bench"))
        var inputs: [URL] = []
        var units = 0
        var bytes = 0
        for locale in exporter.defaultLocales {
            let export = exporter.export(locale: locale, scope: .all)
            let document = Self.changedForImport(export.document)
            let url = importInputs.appendingPathComponent(locale + ".xliff")
            let data = try writer.data(document)
            try data.write(to: url)
            inputs.append(url)
            units += document.unitCount
            bytes += data.count
        }

        let pipeline = """
            {
              "description" : "l10n-bench: the stages of Pipelines/release.json on the generated project",
              "project" : "\(root.path)",
              "stages" : [
                { "stage" : "format", "check" : true },
                { "stage" : "export", "scope" : "missing", "out" : "\(scratch.appendingPathComponent("release").path)" },
                { "stage" : "devices", "languages" : [\(Self.releaseDevices.map { "\"\($0)\"" }.joined(separator: ", "))] }
              ]
            }
            """
        try Data(pipeline.utf8).write(to: pipelineFile)
        return (inputs, units, bytes)
    }

    /// A translator's answer to an export: every translatable unit gets a new target
    /// (its current target or source, plus a word), state `translated`. Every 97th unit keeps an
    /// outdated source and every 89th loses its placeholders, so the refusing rules run too.
    static func changedForImport(_ document: XLIFFDocument) -> XLIFFDocument {
        var copy = document
        var counter = 0
        for f in copy.files.indices {
            for u in copy.files[f].units.indices {
                var unit = copy.files[f].units[u]
                guard unit.translate else { continue }
                counter += 1
                unit.target = (unit.target ?? unit.source) + " (rev. 2)"
                unit.targetState = .translated
                if counter % 97 == 0 { unit.source += " (old)" }
                if counter % 89 == 0, unit.source.contains("%") { unit.target = "ohne Platzhalter" }
                copy.files[f].units[u] = unit
            }
        }
        return copy
    }

    /// Every file of the import copy, to put back between runs.
    func snapshot() throws -> Snapshot {
        var files: [(URL, Data)] = []
        let enumerator = FileManager.default.enumerator(at: importProject, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            files.append((url, try Data(contentsOf: url)))
        }
        return Snapshot(files: files)
    }

    /// Puts the import copy back as the snapshot has it: files the import created are removed.
    func restore(_ snapshot: Snapshot) throws {
        let manager = FileManager.default
        try manager.removeItem(at: importProject)
        for (url, data) in snapshot.files {
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }

    // MARK: The work of each row

    /// Every default locale exported with scope all and written to XLIFF bytes in memory, and its
    /// source words counted as `l10n export` prints them (each text once per run); returns the
    /// units, and the bytes plus the words as the row's result. The bytes come in the pieces
    /// `l10n export` writes its files in (`XLIFFWriter.write(_:pieces:)`), counted, not kept.
    static func exportToMemory(_ project: Project, suggestions: Bool = false) throws -> (units: Int, bytes: Int) {
        let exporter = XLIFFExporter(project: project)
        let writer = XLIFFWriter(tool: .l10n(version: "bench"))
        var units = 0, bytes = 0
        var wordCounts = SourceWordCounts()
        if suggestions {
            // As `l10n export --suggestions` (`ExportJob`): the memory built beside the first
            // export, each locale's suggestions found beside the next locale's export.
            try exporter.exportsWithSuggestions(locales: exporter.defaultLocales, scope: .all) { export in
                units += export.unitCount
                try writer.write(export.document, pieces: { bytes += $0.count })
                bytes += export.sourceWords(counting: &wordCounts)
            }
            return (units, bytes)
        }
        for locale in exporter.defaultLocales {
            let export = exporter.export(locale: locale, scope: .all)
            units += export.unitCount
            try writer.write(export.document, pieces: { bytes += $0.count })
            bytes += export.sourceWords(counting: &wordCounts)
        }
        return (units, bytes)
    }

    /// The same, written as `<locale>.xliff` files into `folder` as `l10n export` does.
    static func exportToDisk(_ project: Project, folder: URL) throws -> (units: Int, bytes: Int) {
        let exporter = XLIFFExporter(project: project)
        var units = 0, bytes = 0
        var wordCounts = SourceWordCounts()
        for locale in exporter.defaultLocales {
            let export = exporter.export(locale: locale, scope: .all)
            units += export.unitCount
            bytes += export.sourceWords(counting: &wordCounts)
            let url = try export.write(to: folder, format: .xliff, tool: .l10n(version: "bench"))
            bytes += (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        }
        return (units, bytes)
    }

    /// Reads the translator files, plans the import (every rule), writes the changed files and
    /// renders the report of every unit, as `l10n import` prints it (into a byte count here).
    /// The result mixes the outcome counts, the bytes written and the report's bytes.
    static func importFiles(_ inputs: [URL], into project: Project) throws -> Int {
        let documents = try ImportInput.read(inputs.map { ($0, $0.lastPathComponent) }).map { try $0.get() }
        let plan = try XLIFFImporter(project: project).plan(consume documents)
        try plan.write()
        var reportBytes = 0
        ImportReport(plan: plan, inputs: inputs.map(\.lastPathComponent), dryRun: false).writeText(utf8: { reportBytes += $0.count })
        let totals = plan.totals
        return totals.applied * 1_000_003 + totals.refused * 1_009 + totals.unchanged * 7 + totals.skipped
            + plan.changes.reduce(0) { $0 + $1.data.count } + reportBytes * 3
    }

    /// The pipeline through the library's runner (discovery included); the result is the size of
    /// every stage's output and the worst status.
    static func runPipeline(_ file: URL) throws -> Int {
        let pipeline = try Pipeline.read(contentsOf: file)
        let results = PipelineRunner().run(pipeline)
        guard results.count == pipeline.stages.count else {
            throw BenchFailure("the pipeline stopped: \(results.last?.output ?? "")")
        }
        return results.reduce(0) { $0 + $1.output.utf8.count } * 10 + results.filter { $0.status != .passed }.count
    }

    // MARK: Peak memory

    /// Runs one row alone the way its command would (discovery first) and returns the process's
    /// peak resident bytes (`VmHWM`). Called in the child process of `--peak-of`.
    func runAlone(_ row: String) throws -> Int {
        switch row {
        case "export":
            _ = try Self.exportToMemory(try ProjectDiscovery(root: root).discover())
        case "export with suggestions":
            _ = try Self.exportToMemory(try ProjectDiscovery(root: root).discover(), suggestions: true)
        case "export to disk":
            _ = try Self.exportToDisk(try ProjectDiscovery(root: root).discover(), folder: exportFolder)
        case "import":
            let inputs = try FileManager.default.contentsOfDirectory(at: importInputs, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "xliff" }.sorted { $0.path < $1.path }
            _ = try Self.importFiles(inputs, into: try ProjectDiscovery(root: importProject).discover())
        case "pipeline":
            _ = try Self.runPipeline(pipelineFile)
        default:
            throw BenchFailure("no row \"\(row)\" to measure alone")
        }
        return PeakMemory.highWaterMark() ?? 0
    }

    /// Starts this program again with `--peak-of ROW` and returns the peak resident bytes it reports.
    func peakInChild(_ row: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--peak-of", row, "--project", root.path, "--scratch", scratch.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let bytes = Int(text) else {
            throw BenchFailure("measuring the peak memory of \"\(row)\" failed (exit \(process.terminationStatus)): \(text)")
        }
        return bytes
    }
}

/// The process's resident memory as Linux reports it in `/proc/self/status`.
enum PeakMemory {
    /// `VmHWM`: the most resident memory the process has had, in bytes; nil off Linux.
    static func highWaterMark() -> Int? { statusField("VmHWM:") }

    /// `VmRSS`: resident memory now, in bytes.
    static func resident() -> Int? { statusField("VmRSS:") }

    private static func statusField(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        let digits = line.dropFirst(name.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first
        return digits.flatMap { Int($0) }.map { $0 * 1024 }
    }
}
