/// Writes JSON member by member, byte for byte what `JSONWriter(keyOrder: .asGiven)` writes for
/// the same value, without building the value first: a report holds tens of thousands of objects.
struct JSONStream {
    private(set) var output = JSONOutput(keyOrder: .asGiven)
    /// The open objects and arrays, innermost last: their level and how many members they have.
    private var open: [(level: Int, count: Int, isObject: Bool)] = []

    /// A member's key; its value follows.
    mutating func key(_ name: String) {
        let top = open.count - 1
        output.writeMemberStart(index: open[top].count, key: name, level: open[top].level)
        open[top].count += 1
    }

    /// Before a value: an array's element separator and indent.
    private mutating func startValue() {
        guard let top = open.indices.last, !open[top].isObject else { return }
        output.writeElementStart(index: open[top].count, level: open[top].level)
        open[top].count += 1
    }

    private var childLevel: Int { open.last.map { $0.level + 1 } ?? 0 }

    mutating func beginObject() {
        startValue()
        open.append((childLevel, 0, true))
    }

    mutating func endObject() {
        let closed = open.removeLast()
        if closed.count == 0 { output.writeEmptyObject(level: closed.level) } else { output.writeObjectEnd(level: closed.level) }
    }

    mutating func beginArray() {
        startValue()
        open.append((childLevel, 0, false))
    }

    mutating func endArray() {
        let closed = open.removeLast()
        if closed.count == 0 { output.writeEmptyArray(level: closed.level) } else { output.writeArrayEnd(level: closed.level) }
    }

    mutating func string(_ text: String) {
        startValue()
        output.writeString(text)
    }

    /// A string, or `null`.
    mutating func string(_ text: String?) {
        guard let text else { return null() }
        string(text)
    }

    /// A number as its lexeme.
    mutating func number(_ lexeme: String) {
        startValue()
        output.bytes.append(contentsOf: lexeme.utf8)
    }

    mutating func number(_ value: Int) { number(String(value)) }

    /// A number, or `null`.
    mutating func number(_ value: Int?) {
        guard let value else { return null() }
        number(String(value))
    }

    mutating func bool(_ flag: Bool) {
        startValue()
        output.writeBool(flag)
    }

    mutating func null() {
        startValue()
        output.bytes.append(contentsOf: "null".utf8)
    }

    /// A value already built.
    mutating func value(_ value: JSONValue) {
        startValue()
        output.write(value, level: childLevel)
    }

    /// `"name" : [ strings ]`.
    mutating func strings(_ name: String, _ texts: [String]) {
        key(name)
        beginArray()
        for text in texts { string(text) }
        endArray()
    }

    /// The text written.
    var text: String { output.bytes.string }
}
