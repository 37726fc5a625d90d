/// Levenshtein distance over Unicode scalars.
package enum EditDistance {
    /// The distance, or nil when it exceeds `limit` (computed in a band, so cheap for small limits).
    @inlinable
    package static func bounded<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// The plain distance.
    package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        bounded(a, b, limit: Swift.max(a.count, b.count)) ?? Swift.max(a.count, b.count)
    }
}

/// "Did you mean" for names typed by people.
public enum Suggestion {
    /// The candidate nearest to `text` within an edit distance of a third of its length (at least 2).
    public static func didYouMean(_ text: String, among candidates: [String]) -> String? {
        let typed = Array(text.lowercased().unicodeScalars)
        let limit = max(2, typed.count / 3)
        var best: (Int, String)?
        for candidate in candidates {
            guard let distance = EditDistance.bounded(typed, Array(candidate.lowercased().unicodeScalars), limit: limit) else { continue }
            if best == nil || distance < best!.0 { best = (distance, candidate) }
        }
        return best?.1
    }
}
