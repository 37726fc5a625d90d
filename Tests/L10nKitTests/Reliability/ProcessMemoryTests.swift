import Foundation
import XCTest
@testable import L10nCore

/// `ProcessMemory.mapLargeBlocksSeparately()`: a large block freed goes back to the system even
/// after a larger one was freed before it (glibc's own threshold would have risen past it).
final class ProcessMemoryTests: XCTestCase {
    func testLargeBlocksGoBackToTheSystemWhenFreed() throws {
        #if os(Linux)
        guard ProcessInfo.processInfo.environment["L10N_FRESH_PROCESS"] != nil else {
            // Measured in a process of its own, as `l10n` sets it first thing: in this one, other
            // tests have left free heap memory, which may serve a large block, which then stays.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = ["L10nKitTests.ProcessMemoryTests/testLargeBlocksGoBackToTheSystemWhenFreed"]
            process.environment = ProcessInfo.processInfo.environment.merging(["L10N_FRESH_PROCESS": "1"]) { $1 }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, output)
            XCTAssertTrue(output.contains("Executed 1 test"), output)
            return
        }
        ProcessMemory.mapLargeBlocksSeparately()
        // Freeing 24 MiB first is what raises glibc's threshold; 20 MiB would then stay in the heap.
        for size in [24 << 20, 20 << 20, 8 << 20, 2 << 20] {
            let block = try XCTUnwrap(malloc(size))
            memset(block, 1, size)
            let held = try XCTUnwrap(Self.resident())
            free(block)
            let after = try XCTUnwrap(Self.resident())
            XCTAssertGreaterThan(held - after, size / 2, "a freed block of \(size >> 20) MiB stayed resident")
        }
        #else
        throw XCTSkip("the allocator setting is glibc's")
        #endif
    }

    /// `VmRSS` in bytes.
    private static func resident() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }
}
