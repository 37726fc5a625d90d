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
}
