/// Stacks sampled by `Profiler`, before symbolization.
struct RawProfile: Equatable, Sendable {
    /// One sampled stack.
    struct Stack: Equatable, Sendable {
        /// Code addresses, innermost first: the interrupted instruction, then return addresses.
        var addresses: [UInt]
        /// Whether the stack was deeper than `Profiler.maximumDepth` (outermost frames lost).
        var truncated: Bool
    }

    /// The stacks, in the order sampled.
    var stacks: [Stack]
    /// Samples lost because the buffers were full.
    var dropped: Int
}
