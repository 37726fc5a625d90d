import Foundation
import L10nCore

/// Writes JSON in the style Xcode saves String Catalogs in, so a rewritten file diffs cleanly.
///
/// The style: 2-space indent, `"key" : value`, `,` + newline between members, an empty object or
/// array as `{`/`[`, a blank line, the closing bracket on its own indented line (no Xcode file we
/// have holds an array; the blank line follows what the same writer does for objects); `/` and
/// non-ASCII written raw; escapes `\"` `\\` `\n` `\r` `\t` `\b` `\f` and `\u00xx` (lower-case hex)
/// for other control characters; numbers as their lexeme; no newline at the end by default.
public struct JSONWriter: Sendable {
    /// How the members of each object are ordered.
    public enum KeyOrder: Sendable {
        /// Xcode's order (`Collator.xcodeKeyOrder`, ties broken by UTF-16 code units), in every object.
        case xcode
        /// The order the members are given in.
        case asGiven
    }

    public var keyOrder: KeyOrder
    /// Whether the text ends with a newline after the top-level value (Xcode writes none).
    public var finalNewline: Bool
    /// One line without spaces (`{"a":[1,2]}`), for machine output such as findings and device
    /// lists; the same escapes as the Xcode style.
    public var compact: Bool

    public init(keyOrder: KeyOrder = .xcode, finalNewline: Bool = false, compact: Bool = false) {
        self.keyOrder = keyOrder
        self.finalNewline = finalNewline
        self.compact = compact
    }

    /// The UTF-8 text of `value`.
    public func data(for value: JSONValue) -> Data {
        Data(bytes(for: value))
    }

    /// The UTF-8 text of `value` as bytes.
    public func bytes(for value: JSONValue) -> [UInt8] {
        var output = JSONOutput(keyOrder: keyOrder)
        output.compact = compact
        output.write(value, level: 0)
        if finalNewline { output.bytes.append(0x0A) }
        return output.bytes.array
    }

    /// One line without spaces, members in the order given: machine output (findings, device
    /// lists, a name quoted in a message).
    public static func compactString(_ value: JSONValue) -> String {
        String(decoding: JSONWriter(keyOrder: .asGiven, compact: true).bytes(for: value), as: UTF8.self)
    }

    /// An array with one element per line, each on one line with a space after `:` and `,`,
    /// members in the order given (`l10n plurals --json`, `l10n width --json`); `[]` when empty.
    public static func rows(_ elements: [JSONValue]) -> String {
        guard !elements.isEmpty else { return "[]" }
        let lines = elements.map { element -> String in
            var output = JSONOutput(keyOrder: .asGiven)
            output.compact = true
            output.spaced = true
            output.write(element, level: 0)
            return "  " + String(decoding: output.bytes.array, as: UTF8.self)
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]"
    }
}

/// The bytes a `JSONOutput` writes: a buffer that grows in place (`realloc`) and is handed to
/// `Data` without a copy. A reference, so that appending checks no uniqueness.
final class JSONBytes {
    private var pointer: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        pointer = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(pointer) }

    /// Set while the bytes are compared with existing ones instead of kept (`compare(with:_:)`).
    private var expected: UnsafeRawBufferPointer?
    /// How many of `expected` the bytes dropped so far matched.
    private var matched = 0
    private var differs = false

    /// Room for `extra` more bytes; the check is inlined into every append, the growing is not.
    /// A caller that reserves a run may then write it with the unchecked appends.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(extra) }
    }

    @inline(never)
    private func grow(_ extra: Int) {
        if expected != nil {
            dropCompared()
            if count + extra <= capacity { return }
        }
        capacity = max(capacity * 2, count + extra)
        pointer = realloc(pointer, capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { reserve(1) }
        pointer[count] = byte
        count += 1
    }

    @inline(__always)
    func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (pointer + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// `text`, into room `reserve` made (checked in debug builds, which the tests run).
    @inline(__always)
    func appendReserved(_ text: StaticString) {
        assert(count + text.utf8CodeUnitCount <= capacity, "appendReserved past the room reserved")
        (pointer + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    /// One byte, into room `reserve` made (a one-byte `StaticString` is a `memmove` call).
    @inline(__always)
    func appendReserved(_ byte: UInt8) {
        assert(count < capacity, "appendReserved past the room reserved")
        pointer[count] = byte
        count += 1
    }

    /// A newline and `indent` spaces, into room `reserve` made.
    @inline(__always)
    func appendReserved(newlineAndIndent indent: Int) {
        assert(count + 1 + indent <= capacity, "appendReserved past the room reserved")
        pointer[count] = 0x0A
        (pointer + count + 1).update(repeating: 0x20, count: indent)
        count += 1 + indent
    }

    @inline(__always)
    func append<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
        if bytes.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) != nil { return }
        for byte in bytes { append(byte) }
    }

    /// Compares the buffered bytes with the next ones of `expected` and empties the buffer.
    private func dropCompared() {
        guard let expected, count > 0 else { return }
        if !differs {
            differs = matched + count > expected.count || memcmp(pointer, expected.baseAddress! + matched, count) != 0
        }
        matched += count
        count = 0
    }

    /// Whether what `write` appends equals `bytes`, found a buffer at a time: the output is
    /// never held whole (a catalog compared with its file costs no second copy of the file).
    func compare(with bytes: Data, _ write: () -> Void) -> Bool {
        bytes.withUnsafeBytes { raw in
            expected = raw
            matched = 0
            differs = false
            count = 0
            write()
            dropCompared()
            expected = nil
            return !differs && matched == raw.count
        }
    }

    /// The bytes written, copied.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: pointer, count: count)) }

    /// The bytes written as text.
    var string: String { String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self) }

    /// The bytes written, handed over to a `Data` that frees them; the buffer is empty after.
    func takeData() -> Data {
        let data = Data(bytesNoCopy: pointer, count: count, deallocator: .free)
        capacity = 1 << 8
        pointer = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
        count = 0
        return data
    }
}

/// The writer's working state: the bytes so far and the sort keys already computed. Format
/// writers that emit JSON straight from their model (`StringCatalogWriter`) build on it.
struct JSONOutput {
    let bytes = JSONBytes()
    var ordering: XcodeKeyOrdering?
    /// No newlines, indents or spaces (`JSONWriter.compact`).
    var compact = false
    /// Compact, but with a space after `:` and `,` (`JSONWriter.rows`).
    var spaced = false

    init(keyOrder: JSONWriter.KeyOrder) {
        ordering = keyOrder == .xcode ? XcodeKeyOrdering() : nil
    }

    mutating func write(_ value: JSONValue, level: Int) {
        switch value {
        case .object(let members):
            writeObject(members, level: level) { output, value, level in output.write(value, level: level) }
        case .array(let elements):
            guard !elements.isEmpty else {
                writeEmptyArray(level: level)
                return
            }
            for (index, element) in elements.enumerated() {
                writeElementStart(index: index, level: level)
                write(element, level: level + 1)
            }
            writeArrayEnd(level: level)
        case .string(let text):
            writeString(text)
        case .number(let lexeme):
            bytes.append(contentsOf: lexeme.utf8)
        case .bool(let flag):
            writeBool(flag)
        case .null:
            bytes.append(contentsOf: "null".utf8)
        }
    }

    /// Writes an object whose members are sorted here (unless `ordered` says they already are),
    /// each value written by `value`.
    mutating func writeObject<Value>(_ members: [(key: String, value: Value)], level: Int, ordered: Bool = false,
                                     _ value: (inout JSONOutput, Value, Int) -> Void) {
        guard !members.isEmpty else {
            writeEmptyObject(level: level)
            return
        }
        let sorted = ordered ? members : ordering?.sorted(members) ?? members
        for (index, member) in sorted.enumerated() {
            writeMemberStart(index: index, key: member.key, level: level)
            value(&self, member.value, level + 1)
        }
        writeObjectEnd(level: level)
    }

    /// The decimal digits of `value`, as `String(value)` spells them.
    mutating func writeDecimal(_ value: Int) {
        MessageText.withDecimalDigits(of: value) { bytes.append(contentsOf: $0) }
    }

    /// `{` (for the first member) or `,`, then the newline, indent, key and ` : ` of a member of
    /// an object at `level`.
    mutating func writeMemberStart(index: Int, key: String, level: Int) {
        beginMember(index: index, level: level)
        writeString(key)
        writeNameSeparator()
    }

    /// `writeMemberStart(index:key:level:)` for a member name of the format itself (`state`,
    /// `value`, `localizations`): written as it is, without looking for bytes to escape (5 % of
    /// serializing a catalog). The name must need no escaping.
    mutating func writeMemberStart(index: Int, name: StaticString, level: Int) {
        // Indented, the usual layout: the separator, newline, indent, quoted name and ` : `
        // after one capacity check (separate appends were a check and a `memmove` each; the
        // report writes 400,000 members).
        if !compact, !spaced {
            bytes.reserve(2 * level + name.utf8CodeUnitCount + 9)
            bytes.appendReserved(index == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
            bytes.appendReserved(newlineAndIndent: 2 * (level + 1))
            bytes.appendReserved(UInt8(ascii: "\""))
            bytes.appendReserved(name)
            bytes.appendReserved(UInt8(ascii: "\""))
            bytes.appendReserved(0x20)
            bytes.appendReserved(UInt8(ascii: ":"))
            bytes.appendReserved(0x20)
            return
        }
        beginMember(index: index, level: level)
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        writeNameSeparator()
    }

    /// `{` (for the first member) or `,`, then the newline and indent of a member at `level`.
    @inline(__always)
    private mutating func beginMember(index: Int, level: Int) {
        bytes.append(index == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
        if spaced, index > 0 { bytes.append(0x20) }
        newline(level + 1)
    }

    /// What follows a member's name: ` : `, or `:` when compact (`: ` when spaced).
    @inline(__always)
    private mutating func writeNameSeparator() {
        if compact {
            bytes.append(UInt8(ascii: ":"))
            if spaced { bytes.append(0x20) }
            return
        }
        bytes.append(0x20)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(0x20)
    }

    /// The newline, indent and `}` that close a non-empty object at `level`.
    mutating func writeObjectEnd(level: Int) {
        newline(level)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `[` (for the first element) or `,`, then the newline and indent of an element of an array at `level`.
    mutating func writeElementStart(index: Int, level: Int) {
        if !compact, !spaced {
            bytes.reserve(2 * level + 4)
            bytes.appendReserved(index == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
            bytes.appendReserved(newlineAndIndent: 2 * (level + 1))
            return
        }
        bytes.append(index == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
        if spaced, index > 0 { bytes.append(0x20) }
        newline(level + 1)
    }

    /// The newline, indent and `]` that close a non-empty array at `level`.
    mutating func writeArrayEnd(level: Int) {
        newline(level)
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func writeEmptyArray(level: Int) {
        writeEmpty(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), level: level)
    }

    mutating func writeEmptyObject(level: Int) {
        writeEmpty(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), level: level)
    }

    mutating func writeBool(_ flag: Bool) {
        bytes.append(contentsOf: flag ? "true".utf8 : "false".utf8)
    }

    private mutating func writeEmpty(open: UInt8, close: UInt8, level: Int) {
        bytes.append(open)
        if !compact {
            bytes.append(0x0A)
            newline(level)
        }
        bytes.append(close)
    }

    /// A newline and the indent of `level` (nothing when compact).
    @inline(__always)
    private mutating func newline(_ level: Int) {
        guard !compact else { return }
        // One copy from a static text: the newline and indent were two appends, and the indent
        // an array slice (a `swift_once`, a retain and a release per line of a catalog).
        let count = 1 + 2 * level
        if count <= Self.newlineAndIndents.utf8CodeUnitCount {
            Self.newlineAndIndents.withUTF8Buffer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        } else {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(0x20, count: count - 1))
        }
    }

    /// A newline and 64 spaces: every newline and indent up to level 32.
    private static let newlineAndIndents: StaticString = "\n                                                                "

    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8Bytes { writeEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The bytes of a string's contents, escaped as JSON needs and as Xcode writes them.
    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Eight bytes at a time up to the first that needs escaping: most texts have none.
        let clean = Self.cleanPrefixLength(utf8)
        guard clean < utf8.count, let base = utf8.baseAddress else {
            bytes.append(contentsOf: utf8)
            return
        }
        let count = utf8.count
        var runStart = 0
        var i = clean
        while i < count {
            // Past an escape, clean words are skipped too (a message quotes its values).
            if count - i >= 8, ByteWord.escapeLanes(ByteWord.load(base + i)) == 0 {
                i += 8
                continue
            }
            let byte = base[i]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart))
                runStart = i + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    // `\u00XX` in lowercase hex.
                    bytes.append(UInt8(ascii: "u"))
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(UInt8(ascii: "0"))
                    bytes.append(Self.hexDigit(byte >> 4))
                    bytes.append(Self.hexDigit(byte & 0xF))
                }
            }
            i += 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// How many bytes from the start need no escaping, found eight at a time: a word has a byte
    /// below 0x20, a `"` or a `\\` exactly when one of the three bit tests is nonzero.
    static func cleanPrefixLength(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = UnsafeRawPointer(utf8.baseAddress) else { return 0 }
        var offset = 0
        while offset + 8 <= utf8.count {
            if ByteWord.escapeLanes(ByteWord.load(base + offset)) != 0 { break }
            offset += 8
        }
        while offset < utf8.count {
            let byte = utf8[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            offset += 1
        }
        return offset
    }
}

/// Sorts object members in Xcode's key order, computing each distinct key's sort key once.
package struct XcodeKeyOrdering {
    private var cache: [String: [UInt8]] = [:]
    private let collator = Collator.xcodeKeyOrder
    /// The ASCII keys met by `orderByRank`, in Xcode's order, and each one's place there.
    private var vocabulary: [String] = []
    private var ranks: [String: Int] = [:]
    /// `orderByRank` stops learning keys beyond this many.
    private static let vocabularyLimit = 256
    /// The last few ASCII key lists `orderByRank` ordered, and their orders: a catalog's entries
    /// mostly list the same locales (and the same plural cases), so an entry's order is most
    /// often the one before it.
    private var recentOrders: [(keys: [String], order: [Int])] = []
    private var nextRecentSlot = 0
    private static let recentLimit = 4

    mutating func sortKey(_ key: String) -> [UInt8] {
        if let known = cache[key] { return known }
        let computed = collator.sortKey(key)
        cache[key] = computed
        return computed
    }

    mutating func sorted<Value>(_ members: [(key: String, value: Value)]) -> [(key: String, value: Value)] {
        guard members.count > 1 else { return members }
        return order(ofCached: members.map(\.key)).map { members[$0] }
    }

    /// The indices of `keys` in Xcode's key order, each distinct key's sort key computed once.
    package mutating func order(ofCached keys: [String]) -> [Int] {
        let sortKeys = keys.map { sortKey($0) }
        return keys.indices.sorted { a, b in
            let ordering = Self.compare(sortKeys[a], sortKeys[b])
            if ordering != 0 { return ordering < 0 }
            return keys[a].utf16.lexicographicallyPrecedes(keys[b].utf16)
        }
    }

    /// `order(ofCached:)` for keys from a small vocabulary (locales, plural and device cases,
    /// substitution names): each ASCII key gets its rank among the keys seen so far once, and
    /// keys are ordered by ranks. A list with another key, or with keys beyond the vocabulary
    /// limit, is ordered by sort keys. (Ranks stand only for ASCII keys: Swift's `==` on other
    /// text is canonical equivalence, so two different keys could share a rank.)
    mutating func orderByRank(of keys: [String]) -> [Int] {
        for recent in recentOrders where Self.sameBytes(recent.keys, keys) { return recent.order }
        guard let order = rankedOrder(of: keys) else { return order(ofCached: keys) }
        if recentOrders.count < Self.recentLimit {
            recentOrders.append((keys, order))
        } else {
            recentOrders[nextRecentSlot] = (keys, order)
            nextRecentSlot = (nextRecentSlot + 1) % Self.recentLimit
        }
        return order
    }

    /// Whether the lists hold the same keys byte for byte, in the same order; `recent` holds
    /// ASCII keys only. `==` alone is canonical equivalence (the Kelvin sign is "K"), but every
    /// non-ASCII text equivalent to ASCII text is longer in UTF-8, so a string `==` to an ASCII
    /// key with the same UTF-8 count is that key.
    private static func sameBytes(_ recent: [String], _ keys: [String]) -> Bool {
        guard recent.count == keys.count else { return false }
        for index in recent.indices where recent[index].utf8.count != keys[index].utf8.count || recent[index] != keys[index] {
            return false
        }
        return true
    }

    /// The keys' order by their ranks, learning new ones; nil when a key is not ASCII (a rank
    /// stands for its ASCII key only: the Kelvin sign would find "K"'s) or the vocabulary is full.
    private mutating func rankedOrder(of keys: [String]) -> [Int]? {
        var keyRanks: [Int] = []
        keyRanks.reserveCapacity(keys.count)
        for key in keys {
            guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            if let rank = ranks[key] {
                keyRanks.append(rank)
                continue
            }
            guard vocabulary.count < Self.vocabularyLimit else { return nil }
            learn(key)
            return rankedOrder(of: keys)
        }
        return keys.indices.sorted { keyRanks[$0] < keyRanks[$1] }
    }

    /// Adds a key to the vocabulary at its place in Xcode's order.
    private mutating func learn(_ key: String) {
        let keyOrder = sortKey(key)
        var low = 0, high = vocabulary.count
        while low < high {
            let middle = (low + high) / 2
            let ordering = Self.compare(sortKey(vocabulary[middle]), keyOrder)
            if ordering < 0 || (ordering == 0 && vocabulary[middle].utf16.lexicographicallyPrecedes(key.utf16)) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        vocabulary.insert(key, at: low)
        for index in low..<vocabulary.count { ranks[vocabulary[index]] = index }
    }

    /// The indices of `keys` in Xcode's key order: the order `Collator.xcodeKeyOrder.sorted`
    /// gives, with one sort key per key and no cache (for keys met once, such as a catalog's own).
    package static func order(of keys: [String]) -> [Int] {
        let collator = Collator.xcodeKeyOrder
        let sortKeys = keys.map { collator.sortKey($0) }
        return keys.indices.sorted { a, b in
            let ordering = compare(sortKeys[a], sortKeys[b])
            if ordering != 0 { return ordering < 0 }
            return keys[a].utf16.lexicographicallyPrecedes(keys[b].utf16)
        }
    }

    /// Bytewise comparison of two sort keys: negative, zero or positive.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                let common = min(pa.count, pb.count)
                if common > 0 {
                    let result = memcmp(pa.baseAddress!, pb.baseAddress!, common)
                    if result != 0 { return Int(result) }
                }
                return pa.count - pb.count
            }
        }
    }
}
