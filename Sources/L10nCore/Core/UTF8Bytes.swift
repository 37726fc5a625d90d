import Foundation

extension Array where Element == UInt8 {
    /// Appends the UTF-8 encoding of a scalar value (the byte-level readers build text this way
    /// instead of going through `String` one character at a time).
    @inlinable
    package mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            append(UInt8(scalar))
        case 0x80..<0x800:
            append(UInt8(0xC0 | scalar >> 6))
            append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            append(UInt8(0xE0 | scalar >> 12))
            append(UInt8(0x80 | scalar >> 6 & 0x3F))
            append(UInt8(0x80 | scalar & 0x3F))
        default:
            append(UInt8(0xF0 | scalar >> 18))
            append(UInt8(0x80 | scalar >> 12 & 0x3F))
            append(UInt8(0x80 | scalar >> 6 & 0x3F))
            append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

extension String {
    /// The text's UTF-8 bytes, read in place when they are contiguous (every native string).
    /// `var copy = text; copy.withUTF8 { ... }` retained and released the string on every call,
    /// which the writers and the import's rules paid once per value.
    @inlinable
    package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }

    /// Whether the UTF-8 of the text holds an ASCII byte (`%`, `$`): `memchr` over native storage,
    /// where `utf8.contains` steps one byte at a time.
    @inlinable
    package func containsASCII(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }) {
            return found
        }
        return utf8.contains(byte)
    }
}

extension String {
    /// Whether the two texts have the same UTF-8 bytes: `==` also joins canonically
    /// equivalent text. Compared with `memcmp` where the bytes are contiguous.
    package func hasSameUTF8(as other: String) -> Bool {
        let count = utf8.count
        guard count == other.utf8.count else { return false }
        let equal = utf8.withContiguousStorageIfAvailable { x in
            other.utf8.withContiguousStorageIfAvailable { y in count == 0 || memcmp(x.baseAddress!, y.baseAddress!, count) == 0 }
        }
        return (equal ?? nil) ?? utf8.elementsEqual(other.utf8)
    }

    /// Whether the text's UTF-8 starts with `prefix`'s bytes (no Unicode normalization, unlike
    /// `hasPrefix`), compared with one `memcmp`: the generic `utf8.starts(with:)` steps two
    /// iterators.
    package func hasUTF8Prefix(_ prefix: String) -> Bool {
        let length = prefix.utf8.count
        guard length > 0 else { return true }
        guard utf8.count >= length else { return false }
        return withUTF8Bytes { text in prefix.withUTF8Bytes { prefix in memcmp(text.baseAddress!, prefix.baseAddress!, length) == 0 } }
    }
}

extension UnsafePointer where Pointee == UInt8 {
    /// The offset of the first `byte` in `from..<to` (offsets from this pointer), found with
    /// `memchr`; nil when there is none. The byte scans that skip to the next byte of interest
    /// (a line end, a quote, a `%`) share it.
    @inlinable
    package func firstIndex(of byte: UInt8, from: Int, to end: Int) -> Int? {
        guard from < end, let found = memchr(self + from, Int32(byte), end - from) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(self)
    }
}

/// Well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no surrogates, nothing above
/// U+10FFFF): the one validator the byte-level readers share.
package enum UTF8Validation {
    /// A multi-byte sequence starting at `i` (`bytes[i] >= 0x80`): the index after it when it is
    /// well formed, else minus the count of bytes up to and including the first bad one.
    @inlinable
    package static func sequenceEnd(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch bytes[i] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return -1
        }
        guard i + 1 < bytes.count else { return -1 }
        guard bytes[i + 1] >= low, bytes[i + 1] <= high else { return -2 }
        for k in 2..<length {
            guard i + k < bytes.count else { return -k }
            if bytes[i + k] & 0xC0 != 0x80 { return -(k + 1) }
        }
        return i + length
    }

    /// The offset of the first byte at or after `start` that does not begin a well-formed
    /// sequence, or nil when all are well formed.
    package static func firstInvalid(_ bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            var i = start
            while i < bytes.count {
                if bytes[i] < 0x80 { i += 1; continue }
                let end = sequenceEnd(bytes, at: i)
                if end < 0 { return i }
                i = end
            }
            return nil
        }
    }
}

/// Eight bytes tested at once, as one little-endian word (the readers' and writers' scans of
/// plain text). Each test sets the high bit of the lanes that match; the lowest set bit marks
/// the first match exactly (a borrow only runs up), lanes above it may be false hits, and a
/// word with no match gives 0. Public, not `package`: only public inlinable code is inlined in
/// the other modules here, and a call per word cost a reader a third more.
public enum ByteWord {
    // Computed, not stored: a stored static is a lazy global, reached through its accessor in
    // every other module's inlined test.
    @inlinable public static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable public static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes at `pointer`, the first in the lowest lane.
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafeRawPointer) -> UInt64 {
        UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
    }

    /// Lanes holding `byte`.
    @inlinable @inline(__always)
    public static func lanes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Lanes holding a byte below `limit` (at most 0x80).
    @inlinable @inline(__always)
    public static func lanes(_ word: UInt64, below limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Lanes holding a byte of 0x80 or more (not ASCII).
    @inlinable @inline(__always)
    public static func nonASCIILanes(_ word: UInt64) -> UInt64 {
        word & highs
    }

    /// Lanes a quoted text may escape: a control byte (below 0x20), `"` or `\` (JSON strings
    /// and quoted message values escape these, or some of them).
    @inlinable @inline(__always)
    public static func escapeLanes(_ word: UInt64) -> UInt64 {
        lanes(word, below: 0x20) | lanes(word, equalTo: 0x22) | lanes(word, equalTo: 0x5C)
    }

    /// The place of the first matching lane in a test's answer, 8 for none.
    @inlinable @inline(__always)
    public static func firstLane(_ lanes: UInt64) -> Int {
        lanes == 0 ? 8 : lanes.trailingZeroBitCount / 8
    }
}
