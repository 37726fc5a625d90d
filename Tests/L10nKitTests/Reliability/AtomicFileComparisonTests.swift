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

    /// `write(to:_:)`: the pieces land in order, an existing file keeps its permissions, a
    /// link at the target is replaced (its file untouched), and a failure leaves no file behind.
    func testWritesPiecesAtomically() throws {
        let file = folder.appendingPathComponent("out.txt")
        try Data("old".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        try AtomicFile.write(to: file) { sink in
            for word in ["one ", "", "two ", "three"] { try Data(word.utf8).withUnsafeBytes { try sink($0) } }
        }
        XCTAssertEqual(try Data(contentsOf: file), Data("one two three".utf8))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int, 0o640)

        let elsewhere = folder.appendingPathComponent("elsewhere.txt")
        try Data("kept".utf8).write(to: elsewhere)
        let link = folder.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        try AtomicFile.write(to: link) { sink in try Data("new".utf8).withUnsafeBytes { try sink($0) } }
        XCTAssertEqual(try Data(contentsOf: elsewhere), Data("kept".utf8))
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: link.path))
        // A link's own mode is 0777: the file that replaces it gets a new file's, not that.
        let fresh = folder.appendingPathComponent("fresh.txt")
        try AtomicFile.write(to: fresh) { _ in }
        let mode = { (url: URL) in try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int }
        XCTAssertEqual(try mode(link), try mode(fresh))
        XCTAssertNotEqual(try mode(link), 0o777)
        try FileManager.default.removeItem(at: fresh)
        let viaData = folder.appendingPathComponent("data-link.txt")
        try FileManager.default.createSymbolicLink(at: viaData, withDestinationURL: elsewhere)
        try AtomicFile.write(Data("new".utf8), to: viaData)
        XCTAssertEqual(try mode(viaData), try mode(link), "write(_:to:) keeps no link's mode either")
        try FileManager.default.removeItem(at: viaData)

        struct Stop: Error {}
        XCTAssertThrowsError(try AtomicFile.write(to: file) { sink in
            try Data("partial".utf8).withUnsafeBytes { try sink($0) }
            throw Stop()
        }) { XCTAssertTrue($0 is Stop, "the producer's error comes out as it is") }
        XCTAssertEqual(try Data(contentsOf: file), Data("one two three".utf8))
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)), ["out.txt", "elsewhere.txt", "link.txt"])

        let missing = folder.appendingPathComponent("no-such-folder/out.txt")
        XCTAssertThrowsError(try AtomicFile.write(to: missing) { _ in XCTFail("not asked for bytes without a file") }) { error in
            XCTAssertEqual((error as? InputError)?.location?.file, missing.path)
            XCTAssertTrue("\(error)".contains("No such file or directory"), "\(error)")
        }
    }
}
