/// When a difference between baseline and candidate counts as a change. Defaults and their
/// reasons: `ComparisonThresholds+Defaults.swift`.
public struct ComparisonThresholds: Codable, Sendable, Hashable {
    /// Significance level of the Mann-Whitney U test; p >= alpha is "no change".
    public var alpha: Double
    /// Relative noise band for noisy metrics: a shift whose whole Hodges-Lehmann interval
    /// lies within ±noise·|baseline median| is "no change" even when significant.
    public var noise: Double
    /// Relative tolerance for exact metrics: |candidate - baseline| <= exact·|baseline| is
    /// "no change". 0 means any difference beyond `exactFloor` is a change.
    public var exact: Double
    /// The smallest difference of an exact metric's medians that counts, in its unit per
    /// operation: an average over a few operations moves by fractions that no operation ran.
    public var exactFloor: Double
    /// Confidence level of the Hodges-Lehmann interval.
    public var confidence: Double

    /// Creates thresholds; prefer `.default`.
    public init(alpha: Double, noise: Double, exact: Double, exactFloor: Double = 0.5, confidence: Double) {
        self.alpha = alpha
        self.noise = noise
        self.exact = exact
        self.exactFloor = exactFloor
        self.confidence = confidence
    }
}
