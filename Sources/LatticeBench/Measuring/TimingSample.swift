/// One timed batch: raw nanoseconds on both clocks, before any overhead is subtracted.
struct TimingSample: Equatable, Sendable {
    /// Elapsed monotonic time of the batch, including the clock reads.
    var wallNanoseconds: UInt64
    /// Thread CPU time of the batch, including the clock reads.
    var cpuNanoseconds: UInt64

    /// Runs `batch` operations between reads of both clocks.
    ///
    /// The wall clock brackets the CPU clock, so the wall figure sees the whole region. The
    /// harness measures this very function with `batch == 0` to learn the clocks' cost.
    /// - Complexity: `batch` operations and four clock reads.
    @MainActor
    static func take(_ instance: BenchmarkInstance, batch: Int) throws -> TimingSample {
        let wallStart = Clocks.wallNanoseconds()
        let cpuStart = Clocks.threadCPUNanoseconds()
        try instance.run(batch)
        let cpuEnd = Clocks.threadCPUNanoseconds()
        let wallEnd = Clocks.wallNanoseconds()
        return TimingSample(wallNanoseconds: wallEnd &- wallStart,
                            cpuNanoseconds: cpuEnd &- cpuStart)
    }
}
