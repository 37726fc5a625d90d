/// Strings read so far, found by their bytes (not by `==`, which would take one normalization
/// form for another): an open-addressing table of string numbers, hashed with the per-process
/// seeded `Hasher`, so no file can choose colliding texts. A reader shares equal texts through
/// it (one allocation for a text a file repeats); a class, so a reader's copies share it.
final class StringTable {
    /// A string of at most this many UTF-8 bytes is kept inline, with nothing to share.
    private static let inlineBytes = 15

    // Not checked for exclusive access at run time: one reader uses a table at a time, and the
    // checks (a thread-local access set per read or write) were a twelfth of reading a catalog.
    @exclusivity(unchecked) private var strings: [String] = []
    @exclusivity(unchecked) private var hashes: [Int] = []
    /// String number + 1 per slot, 0 for an empty slot; at most half full.
    @exclusivity(unchecked) private var slots = [Int32](repeating: 0, count: 1024)

    /// The string with these bytes: one added earlier, else `make()`'s, added. A text a `String`
    /// holds inline is only made: there is no storage to share.
    func string(_ bytes: UnsafeBufferPointer<UInt8>, make: () throws -> String) rethrows -> String {
        guard bytes.count > Self.inlineBytes else { return try make() }
        let hash = Self.hash(bytes)
        if let known = string(withBytes: bytes, hash: hash) { return known }
        let made = try make()
        add(made, hash: hash)
        return made
    }

    /// The string added earlier with exactly these bytes.
    func string(withBytes bytes: UnsafeBufferPointer<UInt8>) -> String? {
        string(withBytes: bytes, hash: Self.hash(bytes))
    }

    private func string(withBytes bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> String? {
        var slot = hash & (slots.count - 1)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash, strings[number].utf8.count == bytes.count {
                var candidate = strings[number]
                if candidate.withUTF8({ $0.elementsEqual(bytes) }) { return candidate }
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Adds a string whose bytes hash to `hash`, which the table does not hold yet.
    private func add(_ string: String, hash: Int) {
        strings.append(string)
        hashes.append(hash)
        if 2 * strings.count > slots.count {
            slots = [Int32](repeating: 0, count: 2 * slots.count)
            for number in hashes.indices { place(number) }
        } else {
            place(strings.count - 1)
        }
    }

    private func place(_ number: Int) {
        var slot = hashes[number] & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(number + 1)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }
}
