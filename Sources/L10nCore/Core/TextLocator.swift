/// Byte offsets to 1-based lines and columns, as every byte-level reader reports them: a line ends
/// at LF, CRLF or a lone CR; a column counts Unicode scalars; a UTF-8 byte order mark takes no
/// column. Moving forward continues from the last answer, so locating in file order is one pass.
/// (Swift source is located by its tokenizer in bytes, as the compiler does.)
package struct TextLocator {
    package let path: String
    private let start: Int
    private var offset: Int
    private var line = 1
    /// Scalars between the start of the line and `offset`.
    private var column = 0

    /// `bom`: the text starts with a UTF-8 byte order mark, which is not a column.
    package init(path: String, bom: Bool = false) {
        self.path = path
        start = bom ? 3 : 0
        offset = start
    }

    package mutating func location(at target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        if target < offset { self = TextLocator(path: path, bom: start == 3) }
        var i = offset
        let end = min(target, bytes.count)
        while i < end {
            // Eight bytes at a time while they hold no CR (whose meaning depends on the next byte).
            if i + 8 <= end, let base = bytes.baseAddress {
                let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if Self.bytes(0x0D, in: word) == 0 {
                    let starts = Self.scalarStarts(in: word)
                    let feeds = Self.bytes(0x0A, in: word)
                    if feeds == 0 {
                        column += Self.count(starts)
                    } else {
                        line += Self.count(feeds)
                        let after = 64 - feeds.leadingZeroBitCount  // the bits after the last LF's byte
                        column = after == 64 ? 0 : Self.count(starts >> UInt64(after))
                    }
                    i += 8
                    continue
                }
            }
            let byte = bytes[i]
            if byte == 0x0A || (byte == 0x0D && !(i + 1 < bytes.count && bytes[i + 1] == 0x0A)) {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        offset = max(i, offset)
        return SourceLocation(file: path, line: line, column: column + 1)
    }

    /// The high bit of each byte of `word` (little-endian) that equals `byte`.
    @inline(__always)
    private static func bytes(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        let low7 = (x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F
        return ~(low7 | x | 0x7F7F_7F7F_7F7F_7F7F)
    }

    /// How many bytes of a mask from `bytes` or `scalarStarts` are set: a multiply adds them up
    /// (a bit count is not one instruction on baseline x86-64).
    @inline(__always)
    private static func count(_ mask: UInt64) -> Int {
        Int(((mask >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }

    /// The high bit of each byte of `word` that starts a scalar (is not a UTF-8 continuation byte, 10xxxxxx).
    @inline(__always)
    private static func scalarStarts(in word: UInt64) -> UInt64 {
        ~(word & ~(word << 1)) & 0x8080_8080_8080_8080
    }

    /// The position just after the end of `text`, for errors found while decoding.
    package static func end(of text: [UInt8], path: String) -> SourceLocation {
        text.withUnsafeBufferPointer { bytes in
            var locator = TextLocator(path: path)
            return locator.location(at: bytes.count, in: bytes)
        }
    }
}
