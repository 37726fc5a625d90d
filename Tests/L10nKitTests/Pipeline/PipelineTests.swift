import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs

final class PipelineTests: XCTestCase {
    let folder = URL(fileURLWithPath: "/tmp/pipelines", isDirectory: true)

    func read(_ text: String) throws -> Pipeline {
        try Pipeline.read(Data(text.utf8), file: "p.json", folder: folder)
    }

    func testReadsStagesAndResolvesPathsAgainstTheFile() throws {
        let pipeline = try read(#"{"project":"../App","stages":[{"stage":"format"},{"stage":"devices","languages":["de-AT","fr,en"]}]}"#)
        XCTAssertEqual(pipeline.project.path, "/tmp/App")
        XCTAssertEqual(pipeline.stages, [.format(check: true), .devices(languages: [["de-AT"], ["fr", "en"]])])
    }

    func testMistakesNameLineAndColumn() {
        let cases: [(String, Int, Int, String)] = [
            ("{\"project\":\"x\",\n \"stages\":[{\"stage\":\"frobnicate\"}]}", 2, 21, "unknown stage \"frobnicate\""),
            ("{\"project\":\"x\",\n \"stages\":[{\"stage\":\"format\",\n \"check\":\"yes\"}]}", 3, 10, "must be true or false"),
            ("{\"project\":\"x\",\"stages\":[{\"stage\":\"format\",\"chek\":true}]}", 1, 51, "has no option \"chek\""),
            ("{\"project\":\"x\"}", 1, 1, "no \"stages\""),
            ("{\"stages\":[{\"stage\":\"format\"}]}", 1, 1, "names no \"project\""),
            ("{\"project\":\"x\",\"stages\":[}", 1, 26, "expected a value"),
            // Paths are settled before any stage runs: an empty one named the pipeline's folder,
            // a NUL wrote a folder named "a%00b", a missing baseline stopped the run midway.
            ("{\"project\":\"\",\"stages\":[{\"stage\":\"format\"}]}", 1, 12, "\"project\" is empty"),
            ("{\"project\":\"x\",\"stages\":[{\"stage\":\"export\",\"out\":\"a\\u0000b\"}]}", 1, 50, "\"out\" of stage export holds a NUL byte"),
            ("{\"project\":\"x\",\"stages\":[{\"stage\":\"report\",\"formats\":[\"json\"],\"out\":\"\"}]}", 1, 69, "\"out\" of stage report is empty"),
            ("{\"project\":\"x\",\"stages\":[{\"stage\":\"check\",\"baseline\":\"no-such-baseline.json\"}]}", 1, 54, "stage check: no baseline file"),
            ("{\"project\":\"x\",\"stages\":[{\"stage\":\"format\"}],\"gate\":{\"minCoverage\":{\"Frnch\":90}}}", 1, 68, "\"minCoverage\" of the gate must be an object of locale"),
        ]
        for (text, line, column, message) in cases {
            XCTAssertThrowsError(try read(text), text) { error in
                let located = error as? LocatedError
                XCTAssertEqual(located?.location?.line, line, "\(error)")
                XCTAssertEqual(located?.location?.column, column, "\(error)")
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }

    /// A threshold is set for the locale its id stands for, however either side spells it:
    /// `DE` is `de`'s (it was a threshold no locale had, so a failing `de` passed), and a
    /// `pt-BR` threshold applies to a project's `pt_BR`.
    func testGateLocalesAreTheIdsTheyStandFor() throws {
        let pipeline = try read(#"{"project":"x","stages":[{"stage":"format"}],"gate":{"minCoverage":{"DE":100,"pt-BR":80,"*":0}}}"#)
        let thresholds = try XCTUnwrap(pipeline.gate?.minCoverage)
        XCTAssertEqual(thresholds.threshold(for: "de"), 100)
        XCTAssertEqual(thresholds.threshold(for: "pt_BR"), 80)
        XCTAssertEqual(thresholds.threshold(for: "fr"), 0)
    }

    func testShippedPipelinesParse() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Pipelines")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let pipeline = try Pipeline.read(contentsOf: folder.appendingPathComponent(name))
            XCTAssertTrue(FileManager.default.fileExists(atPath: pipeline.project.path), name)
        }
    }

    func testFormatStageRewritesAndRefreshesTheModel() throws {
        let root = try Fixtures.temporaryFolder(self)
        let catalog = root.appendingPathComponent("Localizable.xcstrings")
        try Data(#"{"version":"1.0","strings":{"b":{},"a":{"comment":"x"}},"sourceLanguage":"en"}"#.utf8).write(to: catalog)
        let pipelineFile = root.appendingPathComponent("p.json")
        try Data(#"{"project":".","stages":[{"stage":"format","check":true},{"stage":"format","check":false},{"stage":"format"}]}"#.utf8)
            .write(to: pipelineFile)
        let results = PipelineRunner().run(try Pipeline.read(contentsOf: pipelineFile))
        XCTAssertEqual(results.map(\.status), [.findings, .passed, .passed])
        XCTAssertTrue(results[0].output.contains("Localizable.xcstrings: not in canonical form"), results[0].output)
        XCTAssertTrue(results[1].output.contains("formatted Localizable.xcstrings"), results[1].output)
        XCTAssertEqual(results[2].output, "1 files checked, 0 not canonical\n")
        XCTAssertTrue(try String(contentsOf: catalog, encoding: .utf8).hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : {"))
    }

    func testGateFailsOnlyOnWhatItNames() throws {
        let root = try workspace()
        let file = root.appendingPathComponent("Pipelines/gate.json")
        try Data(#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"discover"}],"gate":{"maxErrors":10,"minCoverage":{"de":80,"*":0}}}"#.utf8).write(to: file)
        let met = CLIRun(["run", "Pipelines/gate.json"], in: root)
        XCTAssertEqual(met.status, 0, met.stdout)
        XCTAssertTrue(met.stdout.contains("== gate ==\nthe gate is met\n"), met.stdout)
        XCTAssertTrue(met.stdout.contains("lookup chain: BrandedEditor/Localizable → BrandedEditor/IMGLYEditor → IMGLYCoreUI/IMGLYEditor\n"), met.stdout)
        try Data(#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"discover"}],"gate":{"minCoverage":{"fr":30,"*":0}}}"#.utf8).write(to: file)
        let fails = CLIRun(["run", "Pipelines/gate.json"], in: root)
        XCTAssertEqual(fails.status, 1)
        XCTAssertTrue(fails.stdout.contains("the gate fails: fr coverage 27.2% is below 30.0%\n"), fails.stdout)
        // A threshold for a locale the report does not count would check nothing: named, and failed.
        try Data(#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"discover"}],"gate":{"minCoverage":{"fr-FR":100,"*":0}}}"#.utf8).write(to: file)
        let typoLocale = CLIRun(["run", "Pipelines/gate.json"], in: root)
        XCTAssertEqual(typoLocale.status, 1, typoLocale.stdout)
        XCTAssertTrue(typoLocale.stdout.contains("the gate fails: minCoverage names 'fr-FR', which the report does not count (it counts "), typoLocale.stdout)
        // The run's report stage fails on it too, with the same words (it passed in silence).
        try Data(#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"report"}],"gate":{"minCoverage":{"fr-FR":100,"*":0}}}"#.utf8).write(to: file)
        let reportStage = CLIRun(["run", "Pipelines/gate.json"], in: root)
        XCTAssertTrue(reportStage.stdout.contains("check errors; minCoverage names 'fr-FR', which the report does not count (it counts "), reportStage.stdout)
        XCTAssertTrue(reportStage.stdout.contains("report: findings"), reportStage.stdout)
        try Data(#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"discover"}],"gate":{"minErrors":1}}"#.utf8).write(to: file)
        let typo = CLIRun(["run", "Pipelines/gate.json"], in: root)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("gate.json:1:") && typo.stderr.contains("the gate has no option \"minErrors\""), typo.stderr)
    }

    func testCheckStageOptions() throws {
        let root = try workspace()
        let file = root.appendingPathComponent("Pipelines/gate.json")
        try Data(#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"check","only":["needs-review"],"strict":true}]}"#.utf8).write(to: file)
        let strict = CLIRun(["run", "Pipelines/gate.json"], in: root)
        XCTAssertEqual(strict.status, 1, strict.stdout)
        XCTAssertTrue(strict.stdout.contains("[needs-review]"), strict.stdout)
        try Data(#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"check","only":["needs-reveiw"]}]}"#.utf8).write(to: file)
        let typo = CLIRun(["run", "Pipelines/gate.json"], in: root)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("gate.json:1:"), typo.stderr)
        XCTAssertTrue(typo.stderr.contains("did you mean \"needs-review\""), typo.stderr)
    }

    /// A check stage's baseline holds for the gate and the report stage after it: the gate counted
    /// the report's run of every check ("8 check errors" under a check stage that said 0), and the
    /// report stage failed on the findings the stage had set aside.
    func testACheckStagesBaselineHoldsForTheReportAndTheGate() throws {
        let root = try workspace()
        XCTAssertEqual(CLIRun(["check", "--project", "Samples/BrandedEditor", "--write-baseline", "Pipelines/baseline.json"], in: root).status, 0)
        let file = root.appendingPathComponent("Pipelines/gate.json")
        try Data(#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"check","baseline":"baseline.json"},{"stage":"report"}],"gate":{"maxErrors":0,"minCoverage":{"*":0}}}"#.utf8).write(to: file)
        let run = CLIRun(["run", "Pipelines/gate.json"], in: root)
        XCTAssertEqual(run.status, 0, run.stdout)
        XCTAssertTrue(run.stdout.contains("check: passed, report: passed, gate: passed"), run.stdout)
        // Without the baseline the same pipeline fails on the sample's 8 errors.
        try Data(#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"check"},{"stage":"report"}],"gate":{"maxErrors":0,"minCoverage":{"*":0}}}"#.utf8).write(to: file)
        let plain = CLIRun(["run", "Pipelines/gate.json"], in: root)
        XCTAssertEqual(plain.status, 1)
        XCTAssertTrue(plain.stdout.contains("the gate fails: 8 check errors (the gate allows 0)"), plain.stdout)
    }

    /// A report stage after a check stage reads that stage's findings and context instead of
    /// making them again: it writes the bytes a report stage alone writes, and so it does after
    /// a check stage narrowed to one locale, whose context it must not read.
    func testAReportStageAfterACheckStageWritesWhatItWritesAlone() throws {
        let root = try workspace()
        let file = root.appendingPathComponent("Pipelines/shared.json")
        let report = #"{"stage":"report","formats":["text","md","json","html","junit"],"out":"../out/OUT"}"#
        func written(_ stages: [String], out: String) throws -> [String: Data] {
            let json = #"{"project":"../Samples/BrandedEditor","stages":["# + stages.joined(separator: ",") + "]}"
            try Data(json.replacingOccurrences(of: "OUT", with: out).utf8).write(to: file)
            let results = PipelineRunner().run(try Pipeline.read(contentsOf: file))
            XCTAssertFalse(results.contains { $0.status == .failed }, results.map(\.output).joined())
            let folder = root.appendingPathComponent("out/\(out)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            XCTAssertEqual(names, ["report.html", "report.json", "report.junit.xml", "report.md", "report.txt"])
            return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0))) })
        }
        let alone = try written([report], out: "alone")
        XCTAssertEqual(try written([#"{"stage":"check"}"#, report], out: "shared"), alone)
        XCTAssertEqual(try written([#"{"stage":"check","locales":["fr"]}"#, report], out: "narrowed"), alone)
        XCTAssertEqual(try written([#"{"stage":"check"}"#, #"{"stage":"devices","languages":["fr-CA"]}"#, report], out: "later"), alone)
    }

    func testBrokenProjectFailsTheRunBeforeAnyStage() throws {
        let root = try Fixtures.temporaryFolder(self)
        try Data("{".utf8).write(to: root.appendingPathComponent("Localizable.xcstrings"))
        let file = root.appendingPathComponent("p.json")
        try Data(#"{"project":".","stages":[{"stage":"format"}]}"#.utf8).write(to: file)
        let results = PipelineRunner().run(try Pipeline.read(contentsOf: file))
        XCTAssertEqual(results.map(\.stage), ["discover"])
        XCTAssertEqual(results.first?.status, .failed)
        XCTAssertTrue(results.first?.output.contains("Localizable.xcstrings:1:2: error:") ?? false, results.first?.output ?? "")
    }

    /// An import of a file that does not exist is refused when the pipeline is read, at its
    /// "files", before a `format` stage ahead of it rewrites anything; a file an earlier export
    /// stage writes is not required to exist yet.
    func testAMissingImportFileStopsThePipelineBeforeAnyStage() throws {
        let root = try ExchangeFixtures.sampleCopy(self)
        let file = root.appendingPathComponent("p.json")
        try Data(#"""
            {"project":".","stages":[{"stage":"format","check":false},
              {"stage":"import","files":["nope.xliff"]}]}
            """#.utf8).write(to: file)
        // Not in Xcode's form: the format stage would rewrite it if it ran.
        let catalog = root.appendingPathComponent("BrandedEditor/Localizable.xcstrings")
        try (try Data(contentsOf: catalog) + Data("\n\n".utf8)).write(to: catalog)
        let before = try ReliabilityFixtures.snapshot(root)
        let run = CLIRun(["run", file.path], in: root)
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("p.json:2:29: error: stage import: no such file \(root.appendingPathComponent("nope.xliff").path)"), run.stderr)
        XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before)

        try Data(#"""
            {"project":".","stages":[{"stage":"export","scope":"all","out":"x"},
              {"stage":"import","files":["x/fr.xliff"],"dryRun":true}]}
            """#.utf8).write(to: file)
        XCTAssertNoThrow(try Pipeline.read(contentsOf: file))
    }

    /// A pipeline file is input: its `out` folders, and the project when a stage changes it,
    /// must resolve inside the folder l10n runs in (links followed), or the run stops at the
    /// field before any stage, with nothing written.
    func testAPipelineWritesOnlyInsideTheFolderItRunsIn() throws {
        let root = try workspace()
        let outside = try Fixtures.temporaryFolder(self)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("linked"), withDestinationURL: outside)
        let file = root.appendingPathComponent("Pipelines/p.json")
        let cases: [(String, String)] = [
            (#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"report","formats":["json"],"out":"../../x"}]}"#,
             #"p.json:1:92: error: "out" \#(root.deletingLastPathComponent().appendingPathComponent("x").path) is outside"#),
            (#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"export","out":"\#(outside.path)/x"}]}"#,
             #"p.json:1:73: error: "out" \#(FileTransaction.resolved(outside).appendingPathComponent("x").path) is outside"#),
            (#"{"project":"../Samples/BrandedEditor","stages":[{"stage":"export","out":"../linked/x"}]}"#,
             #"p.json:1:73: error: "out" \#(FileTransaction.resolved(outside).appendingPathComponent("x").path) is outside"#),
            (#"{"project":"\#(outside.path)","stages":[{"stage":"check"},{"stage":"format","check":false}]}"#,
             #"p.json:1:12: error: the project \#(FileTransaction.resolved(outside).path) is outside"#),
            (#"{"project":"../linked","stages":[{"stage":"import","files":["../Samples/BrandedEditor/handoff/fr.xliff"]}]}"#,
             #"p.json:1:12: error: the project \#(FileTransaction.resolved(outside).path) is outside"#),
        ]
        let before = try ReliabilityFixtures.snapshot(root)
        for (text, message) in cases {
            try Data(text.utf8).write(to: file)
            let run = CLIRun(["run", "Pipelines/p.json"], in: root)
            XCTAssertEqual(run.status, 2, text)
            XCTAssertTrue(run.stderr.contains(message), "\(text)\n\(run.stderr)")
            XCTAssertTrue(run.stderr.contains("no stage was run"), run.stderr)
            XCTAssertEqual(run.stdout, "", text)
            try FileManager.default.removeItem(at: file)
            XCTAssertEqual(try ReliabilityFixtures.snapshot(root), before, text)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [], text)
        }
        // Reading an outside project is no write: a check-only pipeline on it runs.
        try FileManager.default.copyItem(at: root.appendingPathComponent("Samples/BrandedEditor"), to: outside.appendingPathComponent("App"))
        try Data(#"{"project":"\#(outside.path)/App","stages":[{"stage":"format","check":true}]}"#.utf8).write(to: file)
        let readOnly = CLIRun(["run", "Pipelines/p.json"], in: root)
        XCTAssertEqual(readOnly.status, 0, readOnly.stderr)
        // Run from inside Pipelines/, the shipped release pipeline's ../out is outside that folder.
        let nested = CLIRun(["run", "release.json"], in: root.appendingPathComponent("Pipelines"))
        XCTAssertEqual(nested.status, 2)
        XCTAssertTrue(nested.stderr.contains("release.json:8:88: error: \"out\" \(FileTransaction.resolved(root).path)/out/release is outside"), nested.stderr)
    }

    /// A manifest's writable layer outside the folder l10n runs in is refused before a stage
    /// that changes files runs (an import would write it); a dry run may read it.
    func testAWritableLayerOutsideTheWorkingFolderStopsAWritingPipeline() throws {
        let base = try Fixtures.temporaryFolder(self)
        let work = base.appendingPathComponent("work", isDirectory: true), app = work.appendingPathComponent("App", isDirectory: true)
        let outside = base.appendingPathComponent("outside", isDirectory: true)
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let catalog = StringCatalog(sourceLanguage: "en", entries: ["k": CatalogEntry(localizations: ["en": CatalogLocalization(stringUnit: StringUnit(state: .translated, value: "k"))])])
        try StringCatalogWriter().data(for: catalog).write(to: app.appendingPathComponent("Localizable.xcstrings"))
        try StringCatalogWriter().data(for: catalog).write(to: outside.appendingPathComponent("Package.xcstrings"))
        try Data(#"{ "layers": [ { "bundle": "App", "table": "Localizable", "path": "Localizable.xcstrings" }, { "bundle": "App", "table": "Package", "path": "../../outside/Package.xcstrings", "writable": true } ] }"#.utf8)
            .write(to: app.appendingPathComponent("l10n.json"))
        try Data("<xliff/>".utf8).write(to: work.appendingPathComponent("de.xliff"))
        let before = try ReliabilityFixtures.snapshot(base)
        try Data(#"{"project":"App","stages":[{"stage":"import","files":["de.xliff"]}]}"#.utf8).write(to: work.appendingPathComponent("p.json"))
        let run = CLIRun(["run", "p.json"], in: work)
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stdout.contains("the manifest's writable layer \(FileTransaction.resolved(outside).path)/Package.xcstrings is outside"), run.stdout)
        try FileManager.default.removeItem(at: work.appendingPathComponent("p.json"))
        XCTAssertEqual(try ReliabilityFixtures.snapshot(base), before)
        try Data(#"{"project":"App","stages":[{"stage":"import","files":["de.xliff"],"dryRun":true}]}"#.utf8).write(to: work.appendingPathComponent("p.json"))
        XCTAssertFalse(CLIRun(["run", "p.json"], in: work).stdout.contains("writable layer"))
    }

    /// A copy of Pipelines/ and Samples/ in a temporary folder, so runs never write into the checkout.
    func workspace() throws -> URL {
        let root = try Fixtures.temporaryFolder(self)
        for folder in ["Pipelines", "Samples"] {
            try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent(folder),
                                             to: root.appendingPathComponent(folder))
        }
        return root
    }

    func testShippedPipelinesRunOnTheSample() throws {
        let root = try workspace()
        let release = CLIRun(["run", "Pipelines/release.json"], in: root)
        XCTAssertEqual(release.status, 1, "the sample's planted traps fail the release gate: \(release.stderr)")
        XCTAssertTrue(release.stdout.contains("== format ==\n5 files checked, 0 not canonical\n"), release.stdout)
        XCTAssertTrue(release.stdout.contains("wrote out/release/fr.xliff: 93 units, 174 source words, in 4 files (scope missing)\n"), release.stdout)
        XCTAssertTrue(release.stdout.contains("device de-AT\n  BrandedEditor (app): de, then en\n  IMGLYCoreUI (sdk): de, then en\n"), release.stdout)
        XCTAssertTrue(release.stdout.contains("== check ==\n"), release.stdout)
        XCTAssertTrue(release.stdout.contains("Samples/BrandedEditor/BrandedEditor/Localizable.xcstrings:79:5: error: de shows 'Copy'"), release.stdout)
        XCTAssertTrue(release.stdout.contains("8 errors (shadowed-locale 2, unknown-key 2, ib-key-missing 2, key-missing 2)\n"), release.stdout)
        XCTAssertTrue(release.stdout.contains("== report ==\n"), release.stdout)
        XCTAssertTrue(release.stdout.contains("Custom labels: 10 renames, 1 shadow a locale; 22 copies of SDK entries (not renames)\n"), release.stdout)
        XCTAssertTrue(release.stdout.contains("  fr: 27.2% (30/110)"), release.stdout)
        for name in ["report.txt", "report.md", "report.json", "report.html", "report.junit.xml"] {
            XCTAssertTrue(release.stdout.contains("wrote out/release/\(name)\n"), name)
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/release/\(name)").path), name)
        }
        XCTAssertTrue(release.stdout.contains("== gate ==\nthe gate fails: 8 check errors (the gate allows 0); fr coverage 27.2% is below 90.0%; ja coverage 1.8% is below 90.0%; de coverage 82.5% is below 100%\n"), release.stdout)
        XCTAssertTrue(release.stdout.hasSuffix("discover: passed, format: passed, check: findings, report: findings, export: passed, devices: passed, gate: findings\n"), release.stdout)
        let written = try XLIFFReader().read(contentsOf: root.appendingPathComponent("out/release/fr.xliff"))
        XCTAssertEqual(written.allUnits.count, 93, "83 of catalogs and tables, 10 of the onboarding storyboard")

        let handoff = CLIRun(["run", "Pipelines/handoff.json"], in: root)
        XCTAssertEqual(handoff.status, 0, handoff.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/handoff/overrides/de.xliff").path))

        let before = try Data(contentsOf: root.appendingPathComponent("Samples/BrandedEditor/BrandedEditor/IMGLYEditor.xcstrings"))
        let ingest = CLIRun(["run", "Pipelines/ingest.json"], in: root)
        XCTAssertEqual(ingest.status, 1, "refused units are findings: \(ingest.stdout)")
        XCTAssertTrue(ingest.stdout.contains("2 refused (1 stale-source, 1 unknown-id)"), ingest.stdout)
        XCTAssertTrue(ingest.stdout.hasSuffix("format: passed, import: findings, devices: passed\n"), ingest.stdout)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("Samples/BrandedEditor/BrandedEditor/IMGLYEditor.xcstrings")), before,
                       "the shipped ingest pipeline is a dry run")
        XCTAssertEqual(CLIRun(["run", "Pipelines/no-such.json"], in: root).status, 2)
    }

    func testImportStageAppliesThenTheNextStageSeesTheNewValues() throws {
        let root = try workspace()
        let file = root.appendingPathComponent("apply.json")
        try Data(#"""
        {"project":"Samples/BrandedEditor","stages":[
          {"stage":"import","files":["Samples/BrandedEditor/handoff/fr.xliff"],"dryRun":false},
          {"stage":"export","scope":"missing","locales":["fr"],"out":"out"},
          {"stage":"import","files":["Samples/BrandedEditor/handoff/fr.xliff"]}]}
        """#.utf8).write(to: file)
        let results = PipelineRunner().run(try Pipeline.read(contentsOf: file))
        XCTAssertEqual(results.map(\.status), [.findings, .passed, .findings])
        XCTAssertTrue(results[0].output.contains("19 applied"), results[0].output)
        // 93 units before (10 of the onboarding storyboard); 19 applied, one of them as needs_review, which stays in scope missing.
        XCTAssertTrue(results[1].output.contains("fr.xliff: 75 units"), results[1].output)
        XCTAssertTrue(results[2].output.contains("0 applied, 19 unchanged"), results[2].output)
    }
}
