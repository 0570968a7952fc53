/// Percentile bootstrap confidence intervals for a statistic of one sample set, seeded so the
/// same samples always give the same interval.
///
/// A resample draws n indices with replacement into the *sorted* samples and keeps only how
/// often each index was drawn; since the samples are sorted, a resample's k-th order
/// statistic is found by walking those counts, so no resample is materialized or sorted.
struct Bootstrap: Sendable {
    let samples: SortedSamples
    let resamples: Int
    let confidence: Double
    let seed: UInt64

    /// The central `confidence` interval of the statistic over `resamples` resamples: the
    /// linear-interpolation (1-c)/2 and (1+c)/2 percentiles of the resampled statistics.
    /// For skewed tiny samples a percentile bootstrap can fall to one side of the estimate;
    /// the interval is then widened to include `estimate`, so its pessimistic end is never
    /// better than the estimate itself.
    /// - Complexity: O(resamples · n) time, O(n + resamples) memory.
    func interval(of statistic: Statistic, estimate: Double) -> Interval {
        guard let first = samples.values.first, let last = samples.values.last, first < last else {
            return Interval(lower: estimate, upper: estimate, confidence: confidence)
        }
        return Self.percentiles(of: estimates(of: statistic), estimate: estimate, confidence: confidence)
    }

    /// The interval of `statistic(numerator) / statistic(denominator)`: each side resampled on
    /// its own (`numerator`'s seed and the next), the ratios of the paired resamples' statistics
    /// taken as the bootstrap distribution. For a ratio of two benchmarks measured apart.
    /// - Complexity: O(resamples · (n + m)).
    static func ratioInterval(of statistic: Statistic, numerator: Bootstrap, denominator: Bootstrap,
                              estimate: Double) -> Interval {
        let ratios = zip(numerator.estimates(of: statistic), denominator.estimates(of: statistic))
            .compactMap { $1 > 0 ? $0 / $1 : nil }
        guard !ratios.isEmpty else {
            return Interval(lower: estimate, upper: estimate, confidence: numerator.confidence)
        }
        return percentiles(of: ratios, estimate: estimate, confidence: numerator.confidence)
    }

    /// The statistic of each of `resamples` resamples, in the order drawn.
    /// - Complexity: O(resamples · n).
    private func estimates(of statistic: Statistic) -> [Double] {
        let values = samples.values
        let n = values.count
        guard n > 0 else { return [] }
        var generator = SplitMix64(seed: seed)
        var counts = [Int](repeating: 0, count: n)
        var estimates = [Double]()
        estimates.reserveCapacity(resamples)
        for _ in 0..<resamples {
            for i in counts.indices { counts[i] = 0 }
            for _ in 0..<n { counts[generator.index(below: n)] += 1 }
            estimates.append(Self.evaluate(statistic, values: values, counts: counts))
        }
        return estimates
    }

    /// The central `confidence` percentiles of `estimates`, widened to include `estimate`.
    private static func percentiles(of estimates: [Double], estimate: Double, confidence: Double) -> Interval {
        let sorted = SortedSamples(estimates)
        let tail = (1 - confidence) / 2
        return Interval(lower: Swift.min(sorted.percentile(tail), estimate),
                        upper: Swift.max(sorted.percentile(1 - tail), estimate),
                        confidence: confidence)
    }

    /// The statistic of the resample in which `values[i]` was drawn `counts[i]` times.
    private static func evaluate(_ statistic: Statistic, values: [Double], counts: [Int]) -> Double {
        guard let q = statistic.quantile else {
            var sum = 0.0
            for (value, count) in zip(values, counts) { sum += value * Double(count) }
            return sum / Double(values.count)
        }
        return SortedSamples.interpolate(values.count, q) { k in
            // The k-th (0-based) smallest of the resample: the first index whose running
            // count exceeds k.
            var seen = 0
            for (index, count) in counts.enumerated() {
                seen += count
                if seen > k { return values[index] }
            }
            return values[values.count - 1]
        }
    }
}
