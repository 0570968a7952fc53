import Foundation

/// Sets samples of two results side by side only where the machine ran at the same speed:
/// its reference speed, the fastest it reached in either (see `MachinePace`).
///
/// On the shared lab machine a CPU spends seconds to minutes at a time about 1.7 times
/// slower than its best, and which state a run lands in is luck. A sample whose pace is
/// within `tolerance` of the reference was taken at the reference speed; comparing only
/// those compares the code. A benchmark with too few such samples on a side is undecided,
/// not a change.
public struct PaceMatching: Sendable, Hashable {
    /// A sample is at reference speed when its pace is at most reference · (1 + tolerance).
    /// The two speeds' paces are about 1.8 times apart and each spreads by about 10 %.
    public static let tolerance = 0.25
    /// Fewest samples at reference speed a side needs for its benchmark to be compared.
    public static let minimumSamples = 8

    /// The reference pace, nanoseconds: the 1st percentile of every pace sample of both sides.
    public let reference: Double

    /// The matching at a known reference pace.
    public init(reference: Double) {
        self.reference = reference
    }

    /// The matching for two results files; nil unless both recorded the machine's pace.
    /// - Complexity: O(n log n) over all pace samples.
    public init?(baseline: ResultsFile, candidate: ResultsFile) {
        let paces = [baseline, candidate].map { file in
            file.benchmarks.flatMap { $0.metric(named: Metric.machinePace.name)?.samples ?? [] }
        }
        guard !paces[0].isEmpty, !paces[1].isEmpty else { return nil }
        reference = SortedSamples(paces[0] + paces[1]).percentile(0.01)
    }

    /// The log medians of `metric` of `benchmark` at reference speed by round index, for the
    /// rounds of `rounds` that took `minimumSamples` samples at that speed (median positive).
    /// - Complexity: O(samples log samples).
    public func logRoundMedians(of benchmark: String, _ metric: String, in rounds: [ResultsFile]) -> [Int: Double] {
        var medians: [Int: Double] = [:]
        for (index, round) in rounds.enumerated() {
            guard let result = round.benchmark(named: benchmark), let values = result.metric(named: metric),
                  let matched = atReferenceSpeed(values, of: result), matched.count >= Self.minimumSamples
            else { continue }
            let median = SortedSamples(matched).median
            if median > 0 { medians[index] = log(median) }
        }
        return medians
    }

    /// The samples of `metric` of `benchmark` taken at reference speed; nil when the benchmark
    /// recorded no pace sample for each of them.
    /// - Complexity: O(samples).
    public func atReferenceSpeed(_ metric: MetricResult, of benchmark: BenchmarkResult) -> [Double]? {
        guard let pace = benchmark.metric(named: Metric.machinePace.name)?.samples,
              pace.count == metric.samples.count else { return nil }
        let limit = reference * (1 + Self.tolerance)
        return zip(metric.samples, pace).compactMap { sample, pace in pace <= limit ? sample : nil }
    }
}
