/// Bytes written a short piece at a time into one growing buffer: a report's lines, a dozen
/// pieces each. Appending to an `Array` checked the buffer's uniqueness and took the generic
/// path for every piece, about 95 instructions whatever its length; here it is a room check
/// and a copy.
package final class ByteSink {
    // One owner appends at a time (a sink is made, filled and read by one writer), so the
    // fields are not checked for exclusive access at run time, which cost more than the appends.
    @usableFromInline @exclusivity(unchecked) var pointer: UnsafeMutablePointer<UInt8>
    @usableFromInline @exclusivity(unchecked) var count = 0
    @usableFromInline @exclusivity(unchecked) var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(capacity, 16)
        pointer = .allocate(capacity: self.capacity)
    }

    deinit { pointer.deallocate() }

    @inlinable
    package func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        pointer[count] = byte
        count += 1
    }

    @inlinable
    package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(bytes.count) }
        (pointer + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// A text's UTF-8 bytes.
    @inlinable
    package func append(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// A literal's bytes.
    @inlinable
    package func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Room for `extra` more bytes, at least twice the room there was.
    @usableFromInline
    func grow(_ extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: pointer, count: count)
        pointer.deallocate()
        pointer = grown
        capacity = newCapacity
    }

    /// The bytes written so far, as an array (one copy).
    package var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: pointer, count: count))
    }
}
