import Lattice

/// SplitMix64: a small seeded generator, so jitter in tests is the same on every run.
struct SeededRandom: RandomNumberGenerator, Sendable {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A generator that always returns the same value: 0 gives a jitter sample of 0 (the full
/// delay), `.max` a sample just under 1 (the shortest).
struct FixedRandom: RandomNumberGenerator, Sendable {
    var value: UInt64

    mutating func next() -> UInt64 { value }
}
