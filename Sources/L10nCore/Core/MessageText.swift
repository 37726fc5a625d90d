/// Texts quoted inside a one-line message (reports, verdicts, findings with a file and line).
public enum MessageText {
    /// A message as one line of text output: a line break inside it (a key that spans lines)
    /// is written `\n`, a carriage return `\r`. Most messages have neither and are returned as they are.
    public static func oneLine(_ message: String) -> String {
        guard message.containsASCII(0x0A) || message.containsASCII(0x0D) else { return message }
        return message.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// The first three items in double quotes, then `, …` when there are more: how a finding or
    /// a note names the keys it stands for.
    package static func firstItems(_ items: [String]) -> String {
        items.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ") + (items.count > 3 ? ", …" : "")
    }

    /// A value in double quotes, with `\`, `"`, newlines, carriage returns and tabs escaped so
    /// the message stays on one line and the value can be read back exactly.
    public static func quoted(_ text: String) -> String {
        // Every escaped character is ASCII, so the escaping works on UTF-8 bytes; a text with
        // none of them (most) is copied whole. An import report quotes three values per unit.
        return text.withUTF8Bytes { bytes in
            var escapes = 0
            for byte in bytes where Self.escape(byte) != nil { escapes += 1 }
            return String(unsafeUninitializedCapacity: bytes.count + escapes + 2) { buffer in
                buffer[0] = 0x22
                var count = 1
                if escapes == 0 {
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[1...]).initialize(from: bytes)
                    count += bytes.count
                } else {
                    for byte in bytes {
                        if let escaped = Self.escape(byte) {
                            buffer[count] = 0x5C
                            buffer[count + 1] = escaped
                            count += 2
                        } else {
                            buffer[count] = byte
                            count += 1
                        }
                    }
                }
                buffer[count] = 0x22
                return count + 1
            }
        }
    }

    /// `quoted(text)`'s bytes appended to `bytes`, without making the quoted string: a report
    /// of hundreds of thousands of lines quotes a few values in each.
    package static func appendQuoted(_ text: String, to bytes: ByteSink) {
        text.withUTF8Bytes { source in
            bytes.append(0x22)
            var start = 0
            var index = 0
            while index < source.count {
                // Eight bytes at a time past words with nothing to escape (most of every value);
                // a word that may hold one is looked at byte by byte.
                if source.count - index >= 8, ByteWord.escapeLanes(ByteWord.load(source.baseAddress! + index)) == 0 {
                    index += 8
                    continue
                }
                let end = min(index + 8, source.count)
                while index < end {
                    if let escaped = Self.escape(source[index]) {
                        bytes.append(UnsafeBufferPointer(rebasing: source[start..<index]))
                        bytes.append(0x5C)
                        bytes.append(escaped)
                        start = index + 1
                    }
                    index += 1
                }
            }
            bytes.append(UnsafeBufferPointer(rebasing: source[start...]))
            bytes.append(0x22)
        }
    }

    /// The decimal digits of `number` appended to `bytes`, as `String(number)` would write them,
    /// without making that string (some 300 instructions a number; a report has two a line).
    package static func appendDecimal(_ number: Int, to bytes: ByteSink) {
        withDecimalDigits(of: number) { bytes.append($0) }
    }

    /// `body` given the text of `number` as `String(number)` spells it, a sign and up to 20
    /// digits written into a buffer on the stack: the writers of numbers share it.
    @inlinable
    package static func withDecimalDigits<Result>(of number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { buffer in
            // A `UInt`: the magnitude of `Int.min` is one more than `Int.max`.
            var rest = number.magnitude
            var start = 24
            repeat {
                start -= 1
                buffer[start] = 0x30 &+ UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if number < 0 {
                start -= 1
                buffer[start] = 0x2D
            }
            return buffer.withMemoryRebound(to: UInt8.self) { body(UnsafeBufferPointer(rebasing: $0[start...])) }
        }
    }

    /// The letter after the backslash for a byte that is escaped: `\\`, `\"`, `\n`, `\r`, `\t`.
    @inline(__always)
    private static func escape(_ byte: UInt8) -> UInt8? {
        // Every escaped byte is below `]`: most bytes are answered by this one comparison.
        guard byte < 0x5D else { return nil }
        return switch byte {
        case 0x5C: 0x5C
        case 0x22: 0x22
        case 0x0A: 0x6E
        case 0x0D: 0x72
        case 0x09: 0x74
        default: nil
        }
    }
}
