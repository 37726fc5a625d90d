/// Byte offsets to 1-based lines and columns, as every byte-level reader reports them: a line ends
/// at LF, CRLF or a lone CR; a column counts Unicode scalars; a UTF-8 byte order mark takes no
/// column. Moving forward continues from the last answer, so locating in file order is one pass.
/// (Swift source is located by its tokenizer in bytes, as the compiler does.)
package struct TextLocator {
    package let path: String
    private let start: Int
    /// How far the lines are counted.
    private var offset: Int
    private var line = 1
    /// Where the line `offset` stands on starts.
    private var lineStart: Int
    /// How far the column is counted: `column` holds the scalars from `lineStart` to here, so
    /// many answers on one long line do not count its start again.
    private var counted: Int
    private var column = 0

    /// `bom`: the text starts with a UTF-8 byte order mark, which is not a column.
    package init(path: String, bom: Bool = false) {
        self.path = path
        start = bom ? 3 : 0
        offset = start
        lineStart = start
        counted = start
    }

    package mutating func location(at target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let (line, column) = lineAndColumn(at: target, in: bytes)
        return SourceLocation(file: path, line: line, column: column)
    }

    /// The 1-based line and column of `location(at:in:)`, without a location naming the file.
    package mutating func lineAndColumn(at target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        if target < offset { self = TextLocator(path: path, bom: start == 3) }
        let end = min(target, bytes.count)
        if offset < end, let base = bytes.baseAddress {
            // Lines are found with `memchr`, LF to LF, where the stretch holds no CR (whose
            // meaning depends on the next byte); a stretch with one goes a word at a time.
            if base.firstIndex(of: 0x0D, from: offset, to: end) == nil {
                var i = offset
                while let feed = base.firstIndex(of: 0x0A, from: i, to: end) {
                    i = feed + 1
                    line += 1
                    lineStart = i
                }
            } else {
                countLines(from: offset, to: end, in: base, count: bytes.count)
            }
            offset = end
        }
        if lineStart > counted { (counted, column) = (lineStart, 0) }
        if counted < end, let base = bytes.baseAddress {
            column += Self.scalars(from: counted, to: end, in: base)
            counted = end
        }
        return (line, column + 1)
    }

    /// Counts the line ends (LF, CRLF, a lone CR) in `from..<to`, eight bytes at a time while
    /// they hold no CR; `count` is the whole text's length, for the byte after a CR.
    private mutating func countLines(from: Int, to end: Int, in base: UnsafePointer<UInt8>, count: Int) {
        var i = from
        while i < end {
            if i + 8 <= end {
                let word = ByteWord.load(base + i)
                if Self.bytes(0x0D, in: word) == 0 {
                    let feeds = Self.bytes(0x0A, in: word)
                    if feeds != 0 {
                        line += Self.count(feeds)
                        lineStart = i + (64 - feeds.leadingZeroBitCount) / 8
                    }
                    i += 8
                    continue
                }
            }
            let byte = base[i]
            if byte == 0x0A || (byte == 0x0D && !(i + 1 < count && base[i + 1] == 0x0A)) {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
    }

    /// The Unicode scalars that start in `from..<to`: the bytes that are not UTF-8 continuation bytes.
    private static func scalars(from: Int, to end: Int, in base: UnsafePointer<UInt8>) -> Int {
        var i = from, total = 0
        while i + 8 <= end {
            total += count(scalarStarts(in: ByteWord.load(base + i)))
            i += 8
        }
        while i < end {
            if base[i] & 0xC0 != 0x80 { total += 1 }
            i += 1
        }
        return total
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
