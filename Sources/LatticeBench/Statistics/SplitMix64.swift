/// SplitMix64 (Steele, Lea & Flood 2014): a tiny seeded generator, so a bootstrap gives the
/// same interval for the same samples on every run and platform. Not for cryptography.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits. - Complexity: O(1).
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform index in `0..<bound` by Lemire's multiply-high mapping (bias below
    /// bound / 2^64, negligible for sample counts). - Complexity: O(1).
    mutating func index(below bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }
}
