/// A seeded pseudo-random source (SplitMix64), the one of the bench and the tests: the same seed
/// gives the same sequence on every machine and run, which `SystemRandomNumberGenerator` and
/// hashed collections do not.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, without the bias of a plain modulo.
    public mutating func below(_ bound: Int) -> Int {
        Int(next(upperBound: UInt64(bound)))
    }

    /// True with the given probability.
    public mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// `count` distinct indices of `0..<total`, in the order drawn.
    public mutating func sample(_ count: Int, of total: Int) -> [Int] {
        var indices = Array(0..<total)
        let count = min(count, total)
        for index in 0..<count { indices.swapAt(index, index + below(total - index)) }
        return Array(indices[..<count])
    }
}
