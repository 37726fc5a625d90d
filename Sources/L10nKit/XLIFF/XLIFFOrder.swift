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
    public static func catalogUnitOrder(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                let runX = digitRun(x, from: i), runY = digitRun(y, from: j)
                let numeric = compareNumbers(x[runX], y[runY])
                if numeric != 0 { return numeric }
                i = runX.upperBound
                j = runY.upperBound
                continue
            }
            if x[i] != y[j] { return x[i].value < y[j].value ? -1 : 1 }
            i += 1
            j += 1
        }
        if i < x.count { return 1 }
        if j < y.count { return -1 }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : (a == b ? 0 : 1)
    }

    /// Whether unit id `a` comes before `b` in a catalog's or `.strings` table's `<file>`.
    public static func catalogUnitPrecedes(_ a: String, _ b: String) -> Bool {
        catalogUnitOrder(a, b) < 0
    }

    /// Units of a catalog in Xcode's order (by id).
    public static func sortedCatalogUnits(_ units: [TransUnit]) -> [TransUnit] {
        units.enumerated().sorted { l, r in
            let order = catalogUnitOrder(l.element.id, r.element.id)
            return order != 0 ? order < 0 : l.offset < r.offset
        }.map(\.element)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    private static func digitRun(_ scalars: [Unicode.Scalar], from start: Int) -> Range<Int> {
        var end = start
        while end < scalars.count && isDigit(scalars[end]) { end += 1 }
        return start..<end
    }

    private static func compareNumbers(_ a: ArraySlice<Unicode.Scalar>, _ b: ArraySlice<Unicode.Scalar>) -> Int {
        let x = a.drop { $0 == "0" }, y = b.drop { $0 == "0" }
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        for (p, q) in zip(x, y) where p != q { return p.value < q.value ? -1 : 1 }
        return 0
    }
}
