import Foundation
import XCTest
@testable import L10nFormats
@testable import L10nLocale
@testable import L10nXLIFF
@testable import L10nKit
@testable import L10nProject
@testable import L10nExchange
@testable import L10nReport
@testable import L10nJobs
import L10nTestSupport

/// Generated files and random edits: every valid file round-trips, every edit re-reads as the
/// model says, and no input crashes the reader.
final class StringsFileRobustnessTests: XCTestCase {
    static let trivia = [" ", "  ", "\t", "\n", "\r\n", "\n\n", "/* note */", "/**/", "// line comment\n", "/* two\nlines */", "\u{2028}"]
    /// Quoted-string pieces and what they decode to.
    static let pieces: [(String, String)] = [
        ("abc", "abc"), ("ä €", "ä €"), ("🇩🇪", "🇩🇪"), ("\\n", "\n"), ("\\t", "\t"), ("\\\"", "\""), ("\\\\", "\\"),
        ("\\U00e9", "é"), ("\\101", "A"), ("\\q", "q"), ("\\\n", "\n"), ("%1$@", "%1$@"), ("'", "'"), ("/*x*/", "/*x*/"),
    ]

    private func randomTrivia(_ random: inout SeededRandom) -> String {
        (0..<Int.random(in: 0...2, using: &random)).map { _ in Self.trivia.randomElement(using: &random)! }.joined()
    }

    /// A token as written and its value.
    private func randomToken(_ random: inout SeededRandom) -> (String, String) {
        if Int.random(in: 0..<4, using: &random) == 0 {
            let token = (0..<Int.random(in: 1...8, using: &random)).map { _ in "aZ09_$/:.-".randomElement(using: &random)! }
            // A token swallows the "/" of a comment right after it (as in Foundation): end it with a space.
            let text = String(token)
            if !text.hasPrefix("//") && !text.hasPrefix("/*") { return (text + " ", text) }
        }
        var written = "", value = ""
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let (piece, decoded) = Self.pieces.randomElement(using: &random)!
            written += piece
            value += decoded
        }
        return ("\"" + written + "\"", value)
    }

    func testGeneratedFilesRoundTripAndEditsRereadAsModelled() throws {
        var random = SeededRandom(seed: 20_241_129)
        for round in 0..<300 {
            var text = randomTrivia(&random)
            var expected: [(String, String)] = []
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                let (key, keyValue) = randomToken(&random)
                if Int.random(in: 0..<6, using: &random) == 0 {
                    text += key + randomTrivia(&random) + ";"
                    expected.append((keyValue, keyValue))
                } else {
                    let (value, valueValue) = randomToken(&random)
                    text += key + randomTrivia(&random) + "=" + randomTrivia(&random) + value + randomTrivia(&random) + ";"
                    expected.append((keyValue, valueValue))
                }
                text += randomTrivia(&random)
                if Bool.random(using: &random) { text += "\n" }
            }
            let encoding = [StringsEncoding.utf8, .utf16LittleEndian, StringsEncoding(.utf8, byteOrderMark: true)].randomElement(using: &random)!
            let data = encoding.encode(text)
            var file = try StringsReader.parse(data, path: "round\(round)")
            XCTAssertEqual(StringsWriter.data(for: file), data, "round \(round): \(text.debugDescription)")
            XCTAssertEqual(file.entries.map(\.key), expected.map(\.0), "round \(round)")
            XCTAssertEqual(file.entries.map(\.value), expected.map(\.1), "round \(round)")

            var model: [String: String] = [:]
            for (key, value) in expected { model[key] = value }
            for step in 0..<6 {
                let keys = Array(model.keys).sorted()
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !keys.isEmpty:
                    let key = keys.randomElement(using: &random)!
                    file.removeValue(forKey: key)
                    model[key] = nil
                case 1 where !keys.isEmpty:
                    let key = keys.randomElement(using: &random)!
                    let value = randomToken(&random).1
                    file.setValue(value, forKey: key)
                    model[key] = value
                default:
                    let key = "new \(step) " + randomToken(&random).1
                    let value = randomToken(&random).1
                    file.setValue(value, forKey: key, comment: Bool.random(using: &random) ? "added */ here" : nil)
                    model[key] = value
                }
                let reread = try StringsReader.parse(StringsWriter.data(for: file), path: "edited")
                XCTAssertEqual(Set(reread.keys), Set(model.keys), "round \(round) step \(step): \(file.text.debugDescription)")
                for (key, value) in model { XCTAssertEqual(reread[key], value, "round \(round) step \(step) \(key)") }
                XCTAssertEqual(reread.entries.map(\.comment), file.entries.map(\.comment), "round \(round) step \(step)")
                XCTAssertEqual(reread.encoding, encoding)
                let canonical = try StringsReader.parse(StringsWriter.canonicalData(for: file), path: "canonical")
                for (key, value) in model { XCTAssertEqual(canonical[key], value, "canonical, round \(round)") }
            }
        }
    }

    func testRandomBytesNeverCrashTheReader() {
        var random = SeededRandom(seed: 7)
        let alphabet = Array("\"'=;/*\\\n\r\t aZ09_$.:-éU{}()".utf8) + [0, 0xFF, 0xFE, 0xC3, 0xD8]
        var accepted = 0
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            do {
                let file = try StringsReader.parse(Data(bytes), path: "random")
                XCTAssertEqual(StringsWriter.data(for: file), Data(bytes))
                accepted += 1
            } catch let error as StringsSyntaxError {
                XCTAssertNotNil(error.location)
            } catch {
                XCTFail("unexpected error type \(error)")
            }
        }
        XCTAssertGreaterThan(accepted, 100)
    }

    func testMutatedRealisticFileNeverCrashes() throws {
        let original = Array(try LegacyGolden.read("strings/Tricky.strings"))
        var random = SeededRandom(seed: 99)
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(Array("\"';=/*\\".utf8).randomElement(using: &random)!, at: position)
                default: bytes[position] = UInt8.random(in: 0...255, using: &random)
                }
            }
            if let file = try? StringsReader.parse(Data(bytes), path: "mutated") {
                XCTAssertEqual(StringsWriter.data(for: file), Data(bytes))
            }
        }
    }
}
