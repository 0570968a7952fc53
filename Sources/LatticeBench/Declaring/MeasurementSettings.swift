/// How long and how often the runner measures each benchmark.
///
/// Two presets: `standard` for figures to keep, `quick` for a smoke run (marked quick in the
/// results). `--samples` and `--time-budget` override the preset's fields.
struct MeasurementSettings: Equatable, Sendable {
    /// Time spent running the operation before sampling, nanoseconds.
    /// Standard 0.25 s, quick 0.05 s.
    var warmUpNanoseconds: UInt64
    /// Most timing samples per benchmark. Standard 1000, quick 50.
    var maxSamples: Int
    /// Timing samples stop once this much time has been spent sampling, nanoseconds.
    /// Standard 2 s, quick 0.2 s.
    var timeBudgetNanoseconds: UInt64
    /// At least this many timing samples, even past the budget: 3 (so a slow operation still
    /// shows its spread).
    var minimumSamples: Int = 3
    /// Shortest timing sample, nanoseconds: 100 µs (see `BatchCalibration`).
    var minimumSampleNanoseconds: UInt64 = BatchCalibration.defaultMinimumSampleNanoseconds

    /// How long each timing sample should last: 90% of the time budget shared by
    /// `maxSamples` (the rest absorbs calibration error and overhead, so `maxSamples` fit
    /// in the budget), or the minimum if longer: 1.8 ms with the standard preset, 3.6 ms quick.
    ///
    /// Samples spread over the whole budget rather than `maxSamples` of the minimum length
    /// back to back: on a shared machine, load comes and goes over seconds, and a burst then
    /// touches a few samples (outliers the median ignores) rather than the whole measurement.
    var targetSampleNanoseconds: UInt64 {
        max(minimumSampleNanoseconds, timeBudgetNanoseconds / 10 * 9 / UInt64(max(maxSamples, 1)))
    }
    /// Batches run with allocation and custom counters. Standard 10, quick 3.
    var exactSamples: Int
    /// Operations in the shorter of the two instruction-counted regions (the longer runs twice
    /// as many). Fixed, so counts are deterministic; small, because callgrind runs code about
    /// 50 times slower (the two regions' difference cancels their fixed costs, so a few
    /// operations are as exact as many); even, so an operation that alternates between two
    /// states counts each equally; the same in both presets, so a quick run's counts compare
    /// with a full run's. 2.
    var instructionIterations: Int
    /// Heap layouts each benchmark's instructions are counted under (`HeapLayout`): one count
    /// (sample) per layout, whose range is the spread that heap addresses alone cause. The
    /// same in both presets. 3.
    var instructionLayouts: Int
    /// Whether this is the quick preset.
    var quick: Bool

    /// Figures to keep.
    static let standard = MeasurementSettings(
        warmUpNanoseconds: 250_000_000, maxSamples: 1000, timeBudgetNanoseconds: 2_000_000_000,
        exactSamples: 10, instructionIterations: 2, instructionLayouts: 3, quick: false)

    /// A smoke run: a tenth of the time, fewer samples.
    static let quick = MeasurementSettings(
        warmUpNanoseconds: 50_000_000, maxSamples: 50, timeBudgetNanoseconds: 200_000_000,
        exactSamples: 3, instructionIterations: 2, instructionLayouts: 3, quick: true)
}
