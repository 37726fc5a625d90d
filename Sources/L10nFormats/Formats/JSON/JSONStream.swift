import Foundation
import L10nCore
/// Writes JSON member by member, byte for byte what `JSONWriter(keyOrder: .asGiven)` writes for
/// the same value, without building the value first: a report holds tens of thousands of objects.
package struct JSONStream {
    private(set) var output = JSONOutput(keyOrder: .asGiven)
    /// The open objects and arrays, innermost last: their level and how many members they have.
    private var open: [(level: Int, count: Int, isObject: Bool)] = []

    package init() {}

    /// A member's key; its value follows.
    package mutating func key(_ name: String) {
        let top = open.count - 1
        output.writeMemberStart(index: open[top].count, key: name, level: open[top].level)
        open[top].count += 1
    }

    /// A member's key that is a name of the format itself, written as it is: it must need no
    /// escaping. Members are named this way (a `String` name was scanned for bytes to escape).
    package mutating func key(_ name: StaticString) {
        let top = open.count - 1
        output.writeMemberStart(index: open[top].count, name: name, level: open[top].level)
        open[top].count += 1
    }

    /// Before a value: an array's element separator and indent.
    private mutating func startValue() {
        guard let top = open.indices.last, !open[top].isObject else { return }
        output.writeElementStart(index: open[top].count, level: open[top].level)
        open[top].count += 1
    }

    private var childLevel: Int { open.last.map { $0.level + 1 } ?? 0 }

    package mutating func beginObject() {
        startValue()
        open.append((childLevel, 0, true))
    }

    package mutating func endObject() {
        let closed = open.removeLast()
        if closed.count == 0 { output.writeEmptyObject(level: closed.level) } else { output.writeObjectEnd(level: closed.level) }
    }

    package mutating func beginArray() {
        startValue()
        open.append((childLevel, 0, false))
    }

    package mutating func endArray() {
        let closed = open.removeLast()
        if closed.count == 0 { output.writeEmptyArray(level: closed.level) } else { output.writeArrayEnd(level: closed.level) }
    }

    package mutating func string(_ text: String) {
        startValue()
        output.writeString(text)
    }

    /// A string, or `null`.
    package mutating func string(_ text: String?) {
        guard let text else { return null() }
        string(text)
    }

    /// A number as its lexeme.
    package mutating func number(_ lexeme: String) {
        startValue()
        output.bytes.append(contentsOf: lexeme.utf8)
    }

    /// An integer, its digits written as `String(value)` spells them, without making that string.
    package mutating func number(_ value: Int) {
        startValue()
        output.writeDecimal(value)
    }

    /// A number, or `null`.
    package mutating func number(_ value: Int?) {
        guard let value else { return null() }
        number(value)
    }

    package mutating func bool(_ flag: Bool) {
        startValue()
        output.writeBool(flag)
    }

    package mutating func null() {
        startValue()
        output.bytes.append(contentsOf: "null".utf8)
    }

    /// A value already built.
    package mutating func value(_ value: JSONValue) {
        startValue()
        output.write(value, level: childLevel)
    }

    /// `"name" : "text"`.
    package mutating func member(_ name: StaticString, string text: String) {
        key(name)
        string(text)
    }

    /// `"name" : "text"`, or `null`.
    package mutating func member(_ name: StaticString, string text: String?) {
        key(name)
        string(text)
    }

    /// `"name" : lexeme`.
    package mutating func member(_ name: StaticString, number lexeme: String) {
        key(name)
        number(lexeme)
    }

    /// `"name" : value`.
    package mutating func member(_ name: StaticString, number value: Int) {
        key(name)
        number(value)
    }

    /// `"name" : value`, or `null`.
    package mutating func member(_ name: StaticString, number value: Int?) {
        key(name)
        number(value)
    }

    /// `"name" : true` or `false`.
    package mutating func member(_ name: StaticString, bool flag: Bool) {
        key(name)
        bool(flag)
    }

    /// `"name" : [ strings ]`.
    package mutating func strings(_ name: StaticString, _ texts: [String]) {
        key(name)
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    /// `"name" : { members }`.
    package mutating func object(_ name: StaticString, _ members: (inout JSONStream) -> Void) {
        key(name)
        beginObject()
        members(&self)
        endObject()
    }

    /// `"name" : [ { members of each item }, ... ]`.
    package mutating func objects<Items: Sequence>(_ name: StaticString, _ items: Items, _ members: (inout JSONStream, Items.Element) -> Void) {
        key(name)
        beginArray()
        for item in items {
            beginObject()
            members(&self, item)
            endObject()
        }
        endArray()
    }

    /// How many bytes are written and not yet taken.
    package var byteCount: Int { output.bytes.count }

    /// The text written since the last take, handed over (to print a long report a piece at a
    /// time); the stream goes on after it. Take only between values: a piece then ends on ASCII.
    package mutating func takeText() -> String {
        String(decoding: output.bytes.takeData(), as: UTF8.self)
    }

    /// The bytes written since the last take, handed over without a copy.
    package mutating func takeData() -> Data { output.bytes.takeData() }

    /// Ends the text with a newline (after the top-level value).
    package mutating func finalNewline() { output.bytes.append(0x0A) }

    package var text: String { output.bytes.string }
}
