/// The Hodges-Lehmann estimate of the shift from baseline to candidate: the median of all
/// pairwise differences `candidate[j] - baseline[i]`, robust to outliers, with its
/// distribution-free confidence interval (Hollander & Wolfe, *Nonparametric Statistical
/// Methods*, §4.3).
///
/// The interval is [D₍C₎, D₍N+1-C₎] of the sorted differences D, N = n₁n₂, with the
/// large-sample C = n₁n₂/2 - z₍(1+c)/2₎·√(n₁n₂(n₁+n₂+1)/12) rounded to the nearest integer
/// and kept within 1...N (so tiny samples get the widest interval, min to max).
public struct HodgesLehmann: Codable, Sendable, Hashable {
    /// The shift estimate, in the samples' unit; positive when the candidate is larger.
    public var estimate: Double
    /// Confidence interval of the shift.
    public var interval: Interval

    /// Estimates the shift of `candidate` from `baseline`.
    /// - Throws: `StatisticsError` for empty or non-finite samples or a confidence
    ///   outside (0, 1).
    /// - Complexity: O(n log n + (n₁ + n₂)·64) time, O(n₁ + n₂) memory.
    public init(baseline: [Double], candidate: [Double],
                confidence: Double = 0.95) throws(StatisticsError) {
        try StatisticsError.validate(baseline, role: "baseline")
        try StatisticsError.validate(candidate, role: "candidate")
        guard confidence > 0, confidence < 1 else { throw .invalidConfidence(confidence) }
        let differences = PairwiseDifferences(baseline: baseline, candidate: candidate)
        let n1 = Double(baseline.count)
        let n2 = Double(candidate.count)
        let spread = (n1 * n2 * (n1 + n2 + 1) / 12).squareRoot()
        let z = NormalDistribution.quantile((1 + confidence) / 2)
        let c = Int((n1 * n2 / 2 - z * spread).rounded())
        let rank = Swift.min(Swift.max(c, 1), differences.count)
        estimate = differences.median
        interval = Interval(lower: differences.smallest(rank),
                            upper: differences.smallest(differences.count + 1 - rank),
                            confidence: confidence)
    }
}
