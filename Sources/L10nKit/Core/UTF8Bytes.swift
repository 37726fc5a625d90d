import Foundation

extension Array where Element == UInt8 {
    /// Appends the UTF-8 encoding of a scalar value (the byte-level readers build text this way
    /// instead of going through `String` one character at a time).
    @inline(__always)
    mutating func appendUTF8(_ scalar: UInt32) {
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
    /// Whether the UTF-8 of the text holds an ASCII byte (`%`, `$`): `memchr` over native storage,
    /// where `utf8.contains` steps one byte at a time.
    @inline(__always)
    func containsASCII(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }) {
            return found
        }
        return utf8.contains(byte)
    }
}
