import XCTest
@testable import L10nFormats
@testable import L10nTestSupport

/// `JSONStream` writes an integer's digits itself; they spell what `String(value)` spells, and
/// members named by `StaticString` are written as a `String` name is.
final class JSONStreamNumberTests: XCTestCase {
    func testIntegersAsStringSpellsThem() {
        var values = [0, 1, 9, 10, 99, 100, -1, -9, -10, 1_000_000, Int.max, Int.min, Int.min + 1, Int.max - 1]
        var random = SeededRandom(seed: 26)
        for _ in 0..<2_000 { values.append(Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 63)) }
        var stream = JSONStream()
        stream.beginArray()
        for value in values { stream.number(value) }
        stream.number(nil as Int?)
        stream.endArray()
        var expected = JSONStream()
        expected.beginArray()
        for value in values { expected.number(String(value)) }
        expected.null()
        expected.endArray()
        XCTAssertEqual(stream.text, expected.text)
        XCTAssertTrue(stream.text.contains("-9223372036854775808"))
    }

    func testStaticNamesAsStringNames() {
        var named = JSONStream()
        named.beginObject()
        named.member("line", number: 12)
        named.object("device") { json in json.member("shows", string: "x") }
        named.endObject()
        var keyed = JSONStream()
        keyed.beginObject()
        keyed.key("line" as String)
        keyed.number("12")
        keyed.key("device" as String)
        keyed.beginObject()
        keyed.key("shows" as String)
        keyed.string("x")
        keyed.endObject()
        keyed.endObject()
        XCTAssertEqual(named.text, keyed.text)
    }

    /// Members named by `StaticString` and array elements at every depth (the indented
    /// layout's separator, newline, indent and name written after one capacity check) against
    /// the text built by hand; deep enough for indents past the 64 spaces kept ready.
    func testNamedMembersAndElementsAtEveryDepth() {
        func newline(_ level: Int) -> String { "\n" + String(repeating: "  ", count: level) }
        func object(_ level: Int, _ depth: Int) -> String {
            "{" + newline(level + 1) + "\"a\" : 1," + newline(level + 1) + "\"nested\" : " + array(level + 1, depth) + newline(level) + "}"
        }
        func array(_ level: Int, _ depth: Int) -> String {
            "[" + newline(level + 1) + "2" + (depth > 0 ? "," + newline(level + 1) + object(level + 1, depth - 1) : "") + newline(level) + "]"
        }
        func emit(_ stream: inout JSONStream, _ depth: Int) {
            stream.beginObject()
            stream.member("a", number: 1)
            stream.key("nested")
            stream.beginArray()
            stream.number(2)
            if depth > 0 { emit(&stream, depth - 1) }
            stream.endArray()
            stream.endObject()
        }
        for depth in [0, 1, 2, 15, 16, 17, 31, 32, 33, 40] {
            var stream = JSONStream()
            emit(&stream, depth)
            XCTAssertEqual(stream.text, object(0, depth), "depth \(depth)")
        }
    }
}
