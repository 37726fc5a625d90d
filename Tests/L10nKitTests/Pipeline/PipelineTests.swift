import XCTest
@testable import L10nKit

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

    func testReleasePipelineOnTheSampleThroughTheCommandLine() {
        let run = CLIRun(["run", "Pipelines/release.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("== format ==\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("device de-AT\n  BrandedEditor (app): de, then en\n  IMGLYCoreUI (sdk): de, then en\n"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("format: passed, devices: passed\n"), run.stdout)
        XCTAssertEqual(CLIRun(["run", "Pipelines/no-such.json"]).status, 2)
    }
}
