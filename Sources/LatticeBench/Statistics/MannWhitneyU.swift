/// The two-sided Mann-Whitney U test (Wilcoxon rank-sum) of baseline against candidate:
/// does one tend to give larger values than the other? No assumption of normality, which
/// timing samples (skewed, with outliers) rarely meet.
///
/// Asymptotic method, as `scipy.stats.mannwhitneyu(baseline, candidate,
/// alternative="two-sided", method="asymptotic")`: ranks with ties averaged,
/// U₁ = R₁ - n₁(n₁+1)/2, the normal approximation with tie correction
/// σ² = n₁n₂/12 · ((n+1) - Σ(t³-t)/(n(n-1))) and continuity correction 0.5 applied to
/// max(U₁, U₂), p = 2·P(Z > z), capped at 1. When every value is equal, σ = 0 and p = 1.
/// The approximation is coarse below ~8 samples a side; the harness takes more.
public struct MannWhitneyU: Codable, Sendable, Hashable {
    /// U of the baseline sample (scipy's `statistic`): pairs where baseline > candidate,
    /// ties counting half.
    public var u: Double
    /// The standardized statistic; nil when σ = 0 (all values tied).
    public var z: Double?
    /// Two-sided p-value in [0, 1].
    public var pValue: Double

    /// Tests `baseline` against `candidate`.
    /// - Throws: `StatisticsError` for an empty or non-finite sample set.
    /// - Complexity: O(n log n), n = n₁ + n₂.
    public init(baseline: [Double], candidate: [Double]) throws(StatisticsError) {
        try StatisticsError.validate(baseline, role: "baseline")
        try StatisticsError.validate(candidate, role: "candidate")
        let n1 = Double(baseline.count)
        let n2 = Double(candidate.count)
        let pooled = (baseline.map { ($0, true) } + candidate.map { ($0, false) })
            .sorted { $0.0 < $1.0 }

        var baselineRankSum = 0.0
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count, pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let averageRank = Double(start + end + 2) / 2 // 1-based ranks start+1 ... end+1
            let ties = Double(end - start + 1)
            tieTerm += ties * ties * ties - ties
            for index in start...end where pooled[index].1 { baselineRankSum += averageRank }
            start = end + 1
        }

        let u1 = baselineRankSum - n1 * (n1 + 1) / 2
        let n = n1 + n2
        let sigma = (n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))).squareRoot()
        u = u1
        guard sigma > 0 else {
            z = nil
            pValue = 1
            return
        }
        let z = (Swift.max(u1, n1 * n2 - u1) - n1 * n2 / 2 - 0.5) / sigma
        self.z = z
        pValue = Swift.min(1, 2 * NormalDistribution.survival(z))
    }
}
