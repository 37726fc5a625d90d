import L10nCore
import L10nFormats
import L10nLocale
/// The orders Xcode's export puts `<file>` elements and units in (formats.md §2).
public enum XLIFFOrder {
    /// `<file>` elements are sorted by `original` like catalog keys (`Collator.xcodeKeyOrder`).
    public static func filePrecedes(_ a: String, _ b: String) -> Bool {
        Collator.xcodeKeyOrder.compare(a, b) < 0
    }

    /// Files in Xcode's order (stable for equal paths).
    public static func sortedFiles(_ files: [XLIFFFile]) -> [XLIFFFile] {
        let order = Collator.xcodeKeyOrder.sorted(files.map(\.original))
        var rank: [String: Int] = [:]
        for (index, path) in order.enumerated() where rank[path] == nil { rank[path] = index }
        return files.enumerated().sorted { l, r in
            let a = rank[l.element.original]!, b = rank[r.element.original]!
            return a != b ? a < b : l.offset < r.offset
        }.map(\.element)
    }

    /// Order of units that come from a String Catalog or a legacy `.strings` table: case-sensitive
    /// code-point order, except that runs of ASCII digits compare by numeric value (`ATK` <
    /// `Abilities`, `item 9` < `item 10`). Equal numbers with different zero padding fall back to
    /// plain code-point order. Xcode 15's Elytra export follows it in all 576 pairs of `.strings`
    /// units (not the file's own order, nor case-insensitive order, nor the `<file>` collation).
    ///
    /// Compares the UTF-8 bytes: at the first difference of two texts equal so far, both stand at
    /// the same place of the same scalar, so the bytes order as the scalars do, and a digit (ASCII)
    /// is never part of a longer sequence. No allocation, as it runs in every sort of an export.
    public static func catalogUnitOrder(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in catalogUnitOrder(x, y) } }
    }

    /// `catalogUnitOrder` of two texts' UTF-8 bytes.
    static func catalogUnitOrder(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0, j = 0
        while i < x.count && j < y.count {
            let p = x[i], q = y[j]
            if isDigit(p) && isDigit(q) {
                var endX = i, endY = j
                while endX < x.count && isDigit(x[endX]) { endX += 1 }
                while endY < y.count && isDigit(y[endY]) { endY += 1 }
                var startX = i, startY = j
                while startX < endX && x[startX] == 0x30 { startX += 1 }
                while startY < endY && y[startY] == 0x30 { startY += 1 }
                let lengthX = endX - startX, lengthY = endY - startY
                if lengthX != lengthY { return lengthX < lengthY ? -1 : 1 }
                for k in 0..<lengthX where x[startX + k] != y[startY + k] { return x[startX + k] < y[startY + k] ? -1 : 1 }
                i = endX
                j = endY
                continue
            }
            if p != q { return p < q ? -1 : 1 }
            i += 1
            j += 1
        }
        if i < x.count { return 1 }
        if j < y.count { return -1 }
        // Equal up to zero padding: plain code-point (= UTF-8 byte) order decides.
        let common = min(x.count, y.count)
        for k in 0..<common where x[k] != y[k] { return x[k] < y[k] ? -1 : 1 }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }

    /// The positions of `ids` in unit order (stable for equal ids). Sorts indices, not the
    /// units, over the ids' bytes copied side by side into one buffer, so that a comparison
    /// retains no string; input already in order costs one comparison per id.
    public static func unitOrder(ids: [String]) -> [Int] {
        var order = Array(ids.indices)
        guard ids.count > 1 else { return order }
        var offsets = [Int](repeating: 0, count: ids.count + 1)
        var total = 0
        for (index, id) in ids.enumerated() {
            offsets[index] = total
            total += id.utf8.count
        }
        offsets[ids.count] = total
        var bytes: [UInt8] = []
        bytes.reserveCapacity(total)
        for id in ids { bytes.append(contentsOf: id.utf8) }
        bytes.withUnsafeBufferPointer { bytes in
            offsets.withUnsafeBufferPointer { offsets in
                func precedes(_ l: Int, _ r: Int) -> Bool {
                    let order = catalogUnitOrder(UnsafeBufferPointer(rebasing: bytes[offsets[l]..<offsets[l + 1]]),
                                                 UnsafeBufferPointer(rebasing: bytes[offsets[r]..<offsets[r + 1]]))
                    return order != 0 ? order < 0 : l < r
                }
                if zip(order, order.dropFirst()).allSatisfy({ precedes($0, $1) }) { return }
                order.sort(by: precedes)
            }
        }
        return order
    }

    /// Whether unit id `a` comes before `b` in a catalog's or `.strings` table's `<file>`.
    public static func catalogUnitPrecedes(_ a: String, _ b: String) -> Bool {
        catalogUnitOrder(a, b) < 0
    }

    /// Units of a catalog in Xcode's order (by id).
    public static func sortedCatalogUnits(_ units: [TransUnit]) -> [TransUnit] {
        let order = unitOrder(ids: units.map(\.id))
        if order.elementsEqual(units.indices) { return units }
        return order.map { units[$0] }
    }

    /// Two runs of units, each in unit order, merged into one (ties: `a` first); both runs are
    /// left empty. Merged from the back, each unit moved off its run: a copy retains its strings.
    public static func mergeCatalogUnits(_ a: inout [TransUnit], _ b: inout [TransUnit]) -> [TransUnit] {
        var result: [TransUnit] = []
        result.reserveCapacity(a.count + b.count)
        while let lastA = a.last?.id, let lastB = b.last?.id {
            result.append(catalogUnitOrder(lastB, lastA) < 0 ? a.removeLast() : b.removeLast())
        }
        while let unit = a.popLast() { result.append(unit) }
        while let unit = b.popLast() { result.append(unit) }
        result.reverse()
        return result
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }
}
