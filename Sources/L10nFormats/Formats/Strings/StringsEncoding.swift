import Foundation
import L10nCore

/// The text encoding of a `.strings` file, kept so that a file is written back the way it was read.
public struct StringsEncoding: Hashable, Sendable, CustomStringConvertible {
    public enum Form: String, Hashable, Sendable {
        case utf8 = "UTF-8"
        case utf16LittleEndian = "UTF-16LE"
        case utf16BigEndian = "UTF-16BE"
    }

    public var form: Form
    /// Whether the file starts with a byte order mark (EF BB BF, FF FE or FE FF).
    public var hasByteOrderMark: Bool

    public init(_ form: Form, byteOrderMark: Bool) {
        self.form = form
        self.hasByteOrderMark = byteOrderMark
    }

    /// UTF-8 without a byte order mark: what Xcode 14 and later write.
    public static let utf8 = StringsEncoding(.utf8, byteOrderMark: false)
    /// UTF-16 little-endian with a byte order mark: what genstrings and older Xcode write.
    public static let utf16LittleEndian = StringsEncoding(.utf16LittleEndian, byteOrderMark: true)

    public var description: String { form.rawValue + (hasByteOrderMark ? " with BOM" : "") }

    /// Detects the encoding as Foundation does for `.strings`: by the byte order mark; else
    /// UTF-16 when one of the first two bytes is 0 (big-endian when it is the first); else UTF-8.
    public static func detect(_ bytes: [UInt8]) -> StringsEncoding {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return StringsEncoding(.utf8, byteOrderMark: true) }
        if bytes.starts(with: [0xFF, 0xFE]) { return StringsEncoding(.utf16LittleEndian, byteOrderMark: true) }
        if bytes.starts(with: [0xFE, 0xFF]) { return StringsEncoding(.utf16BigEndian, byteOrderMark: true) }
        if bytes.count >= 2 {
            if bytes[0] == 0 { return StringsEncoding(.utf16BigEndian, byteOrderMark: false) }
            if bytes[1] == 0 { return StringsEncoding(.utf16LittleEndian, byteOrderMark: false) }
        }
        return .utf8
    }

    var byteOrderMark: [UInt8] {
        switch form {
        case .utf8: return [0xEF, 0xBB, 0xBF]
        case .utf16LittleEndian: return [0xFF, 0xFE]
        case .utf16BigEndian: return [0xFE, 0xFF]
        }
    }

    /// The bytes of `text` in this encoding, byte order mark included when the file had one.
    public func encode(_ text: String) -> Data {
        var bytes: [UInt8] = hasByteOrderMark ? byteOrderMark : []
        switch form {
        case .utf8:
            bytes.append(contentsOf: text.utf8)
        case .utf16LittleEndian:
            bytes.reserveCapacity(bytes.count + text.utf16.count * 2)
            for unit in text.utf16 { bytes.append(UInt8(unit & 0xFF)); bytes.append(UInt8(unit >> 8)) }
        case .utf16BigEndian:
            bytes.reserveCapacity(bytes.count + text.utf16.count * 2)
            for unit in text.utf16 { bytes.append(UInt8(unit >> 8)); bytes.append(UInt8(unit & 0xFF)) }
        }
        return Data(bytes)
    }

    /// The text of `bytes` (byte order mark included) as UTF-8 without the byte order mark,
    /// decoded strictly: a malformed sequence is an error located at the character where it starts.
    func utf8Text(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        let bodyStart = hasByteOrderMark ? min(byteOrderMark.count, bytes.count) : 0
        switch form {
        case .utf8:
            if let invalid = UTF8Validation.firstInvalid(bytes, from: bodyStart) {
                let decoded = Array(bytes[bodyStart..<invalid])
                throw StringsSyntaxError(.invalidUTF8(byteOffset: invalid), at: TextLocator.end(of: decoded, path: path))
            }
            return bodyStart == 0 ? bytes : Array(bytes[bodyStart...])
        case .utf16LittleEndian, .utf16BigEndian:
            let littleEndian = form == .utf16LittleEndian
            var text: [UInt8] = []
            text.reserveCapacity(bytes.count - bodyStart)
            var index = bodyStart
            func unit(at i: Int) -> UInt32 {
                let first = UInt32(bytes[i]), second = UInt32(bytes[i + 1])
                return littleEndian ? first | second << 8 : first << 8 | second
            }
            while index + 1 < bytes.count {
                let first = unit(at: index)
                var scalar = first
                var length = 2
                if (0xD800...0xDFFF).contains(first) {
                    let second = index + 3 < bytes.count && first < 0xDC00 ? unit(at: index + 2) : 0
                    guard (0xDC00...0xDFFF).contains(second) else {
                        throw StringsSyntaxError(.invalidUTF16(byteOffset: index), at: TextLocator.end(of: text, path: path))
                    }
                    scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    length = 4
                }
                text.appendUTF8(scalar)
                index += length
            }
            if index < bytes.count {
                throw StringsSyntaxError(.oddUTF16Length, at: TextLocator.end(of: text, path: path))
            }
            return text
        }
    }
}
