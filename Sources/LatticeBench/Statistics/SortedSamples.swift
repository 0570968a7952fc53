/// Samples sorted ascending, with the order statistics every summary and test reads.
///
/// Percentiles use linear interpolation between closest ranks (Hyndman & Fan type 7, numpy's
/// default `method="linear"`): for q in [0, 1], h = (n - 1)·q and the value is
/// x[⌊h⌋] + (h - ⌊h⌋)·(x[⌊h⌋ + 1] - x[⌊h⌋]), with 0-based x sorted ascending.
struct SortedSamples: Sendable {
    /// The samples, ascending; never empty.
    let values: [Double]

    /// Sorts `samples`; the caller has checked they are non-empty and finite.
    /// - Complexity: O(n log n).
    init(_ samples: [Double]) {
        values = samples.sorted()
    }

    /// Wraps values already sorted ascending.
    init(sorted: [Double]) {
        values = sorted
    }

    /// The q-quantile, q in [0, 1], by linear interpolation. - Complexity: O(1).
    func percentile(_ q: Double) -> Double {
        Self.interpolate(values.count, q) { values[$0] }
    }

    /// The median: `percentile(0.5)`.
    var median: Double { percentile(0.5) }

    /// The linear-interpolation quantile of `n` ordered values, reading the k-th smallest
    /// (0-based) through `orderStatistic`; shared with the bootstrap, which reads order
    /// statistics of a resample without materializing it.
    static func interpolate(_ n: Int, _ q: Double, orderStatistic: (Int) -> Double) -> Double {
        let h = Double(n - 1) * q
        let low = min(Int(h.rounded(.down)), n - 1)
        let t = h - Double(low)
        let a = orderStatistic(low)
        guard t > 0, low + 1 < n else { return a }
        let b = orderStatistic(low + 1)
        // numpy's lerp: from the nearer end, so t = 1 yields b exactly.
        return t < 0.5 ? a + (b - a) * t : b - (b - a) * (1 - t)
    }
}
