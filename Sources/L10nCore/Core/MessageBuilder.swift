/// A message built piece by piece in one growing byte buffer, then made a string once. A check
/// writes one for each of tens of thousands of findings, where string interpolation copied
/// each piece through the generic append path and grew the string as it went.
public struct MessageBuilder {
    @usableFromInline var bytes: [UInt8]

    /// An empty message with room for `capacity` bytes (most messages fit in 160).
    @inlinable
    public init(capacity: Int = 160) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inlinable
    public mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }

    @inlinable
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// The decimal digits of `number`, as `String(number)` spells them.
    @inlinable
    public mutating func append(_ number: Int) {
        MessageText.withDecimalDigits(of: number) { bytes.append(contentsOf: $0) }
    }

    /// The pieces with `separator` between them, as `joined(separator:)` gives them.
    @inlinable
    public mutating func append<Pieces: Sequence<String>>(_ pieces: Pieces, separator: StaticString) {
        var first = true
        for piece in pieces {
            if !first { append(separator) }
            first = false
            append(piece)
        }
    }

    /// The message: every piece was a whole string, so the bytes are valid UTF-8.
    @inlinable
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
