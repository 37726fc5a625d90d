import Foundation

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

    /// Decodes `bytes` (byte order mark included) strictly: a malformed sequence is an error
    /// located at the character where it starts.
    func decode(_ bytes: [UInt8], path: String) throws -> [Unicode.Scalar] {
        let body = hasByteOrderMark ? bytes.dropFirst(byteOrderMark.count) : bytes[...]
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(body.count)
        switch form {
        case .utf8:
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = body.makeIterator()
            var offset = body.startIndex
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    scalars.append(Unicode.UTF8.decode(encoded))
                    offset += encoded.count
                case .emptyInput:
                    return scalars
                case .error:
                    throw StringsSyntaxError(.invalidUTF8(byteOffset: offset), at: TextPosition.end(of: scalars, path: path))
                }
            }
        case .utf16LittleEndian, .utf16BigEndian:
            var units: [UInt16] = []
            units.reserveCapacity(body.count / 2)
            var index = body.startIndex
            while index + 1 < body.endIndex {
                let first = UInt16(body[index]), second = UInt16(body[index + 1])
                units.append(form == .utf16LittleEndian ? first | second << 8 : first << 8 | second)
                index += 2
            }
            var parser = Unicode.UTF16.ForwardParser()
            var iterator = units.makeIterator()
            var unitOffset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    scalars.append(Unicode.UTF16.decode(encoded))
                    unitOffset += encoded.count
                case .emptyInput:
                    if index < body.endIndex {
                        throw StringsSyntaxError(.oddUTF16Length, at: TextPosition.end(of: scalars, path: path))
                    }
                    return scalars
                case .error:
                    let byteOffset = body.startIndex + unitOffset * 2
                    throw StringsSyntaxError(.invalidUTF16(byteOffset: byteOffset), at: TextPosition.end(of: scalars, path: path))
                }
            }
        }
    }
}

/// Line and column arithmetic over decoded text: lines break at LF, CRLF and lone CR (as
/// Foundation counts them); columns count Unicode scalars from 1.
struct TextPosition {
    private let lineStarts: [Int]
    let path: String

    init(_ scalars: [Unicode.Scalar], path: String) {
        var starts = [0]
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\r" {
                if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                starts.append(index + 1)
            } else if scalar == "\n" {
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
        self.path = path
    }

    func location(_ index: Int) -> SourceLocation {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(file: path, line: low + 1, column: index - lineStarts[low] + 1)
    }

    /// The position just after the last scalar, for errors found while decoding.
    static func end(of scalars: [Unicode.Scalar], path: String) -> SourceLocation {
        TextPosition(scalars, path: path).location(scalars.count)
    }
}
