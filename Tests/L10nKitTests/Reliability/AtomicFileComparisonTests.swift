import Foundation
import XCTest
@testable import L10nCore

/// `AtomicFile.holds(_:at:)`, which compares new bytes with a file a piece at a time, against
/// reading the file whole and comparing (`Data ==`), what the import and `writeIfChanged` did.
final class AtomicFileComparisonTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("l10n-holds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAgreesWithReadingTheWholeFile() throws {
        let file = folder.appendingPathComponent("file.bin")
        // Sizes around the 64 KiB piece; a change at the start, in a later piece, at the very end.
        for size in [0, 1, 65_535, 65_536, 65_537, 200_000] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try bytes.write(to: file)
            var candidates = [bytes, bytes + Data([0]), Data()]
            if size > 0 {
                candidates.append(bytes.dropLast())
                for position in [0, size / 2, size - 1] {
                    var changed = bytes
                    changed[position] ^= 0x20
                    candidates.append(changed)
                }
            }
            for candidate in candidates {
                let whole = try Data(contentsOf: file) == candidate
                XCTAssertEqual(AtomicFile.holds(candidate, at: file), whole, "file of \(size) bytes, candidate of \(candidate.count)")
            }
        }
    }

    func testFollowsLinksAndSaysNoToWhatItCannotRead() throws {
        let file = folder.appendingPathComponent("file.txt")
        let bytes = Data("Hallo\n".utf8)
        try bytes.write(to: file)
        let link = folder.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        XCTAssertTrue(AtomicFile.holds(bytes, at: link))
        XCTAssertFalse(AtomicFile.holds(bytes, at: folder.appendingPathComponent("missing.txt")))
        XCTAssertFalse(AtomicFile.holds(Data(), at: folder), "a folder holds no bytes")
    }
}
