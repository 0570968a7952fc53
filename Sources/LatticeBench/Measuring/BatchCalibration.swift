/// Chooses how many operations one timing sample runs, so that a sample lasts long enough
/// for the clock.
///
/// A sample must last at least `minimumSampleNanoseconds`, by default 100 µs: the monotonic
/// clock reads in about 42 ns with 1 ns resolution, so a clock read is then under 0.05% of a
/// sample, and a sample is still short enough that most samples escape preemption on a shared
/// machine (those that do not show up as outliers, which the statistics report).
enum BatchCalibration {
    /// The default shortest duration of a timing sample: 100 µs.
    static let defaultMinimumSampleNanoseconds: UInt64 = 100_000
    /// The largest batch tried; an operation the clock cannot see at all ends here.
    static let maximumBatch = 1 << 32

    /// The batch size whose measured duration reaches `minimumNanoseconds`.
    ///
    /// Starts from the estimate (from warm-up), then grows the batch in proportion to the
    /// shortfall (at least doubling) until one measured batch is long enough, or the batch
    /// reaches `maximumBatch`.
    /// - Parameters:
    ///   - minimumNanoseconds: the shortest acceptable sample.
    ///   - estimatedNanosecondsPerOperation: from warm-up; zero or less means unknown.
    ///   - measure: runs a batch of the given size and returns how long it took.
    /// - Complexity: O(log(batch)) calls of `measure`.
    static func batchSize(minimumNanoseconds: UInt64,
                          estimatedNanosecondsPerOperation: Double,
                          measure: (Int) throws -> UInt64) rethrows -> Int {
        var batch = 1
        if estimatedNanosecondsPerOperation > 0 {
            let estimate = (Double(minimumNanoseconds) / estimatedNanosecondsPerOperation).rounded(.up)
            batch = Int(min(max(estimate, 1), Double(maximumBatch)))
        }
        while true {
            let elapsed = try measure(batch)
            if elapsed >= minimumNanoseconds || batch >= maximumBatch {
                return batch
            }
            // 10% above the proportional guess, so noise rarely forces another round.
            let proportional = Double(batch) * Double(minimumNanoseconds) / Double(max(elapsed, 1)) * 1.1
            let next = max(Double(batch) * 2, proportional.rounded(.up))
            batch = Int(min(next, Double(maximumBatch)))
        }
    }

    /// Warms `instance` up for `settings.warmUpNanoseconds` with doubling batches (at least
    /// one operation), then calibrates from the last batch's time per operation, for samples
    /// of `settings.targetSampleNanoseconds`.
    /// - Complexity: about the warm-up time plus a few minimum-length samples.
    @MainActor
    static func warmUpAndCalibrate(_ instance: BenchmarkInstance,
                                   settings: MeasurementSettings) throws -> Int {
        var batch = 1
        var estimate = 0.0
        let start = Clocks.wallNanoseconds()
        repeat {
            let sample = try TimingSample.take(instance, batch: batch)
            estimate = Double(sample.wallNanoseconds) / Double(batch)
            if sample.wallNanoseconds < settings.targetSampleNanoseconds {
                batch = min(batch * 2, maximumBatch)
            }
        } while Clocks.wallNanoseconds() &- start < settings.warmUpNanoseconds
        return try batchSize(minimumNanoseconds: settings.targetSampleNanoseconds,
                             estimatedNanosecondsPerOperation: estimate,
                             measure: { try TimingSample.take(instance, batch: $0).wallNanoseconds })
    }
}
