/// A confidence interval `[lower, upper]` around an estimate, with its confidence level.
public struct Interval: Hashable, Codable, Sendable {
    /// Lower end, in the unit of the estimate.
    public var lower: Double
    /// Upper end, in the unit of the estimate.
    public var upper: Double
    /// Confidence level in (0, 1), e.g. 0.95.
    public var confidence: Double

    /// Creates an interval; `lower <= upper` is the caller's responsibility.
    public init(lower: Double, upper: Double, confidence: Double) {
        self.lower = lower
        self.upper = upper
        self.confidence = confidence
    }

    /// Whether `value` lies within the closed interval.
    public func contains(_ value: Double) -> Bool {
        lower <= value && value <= upper
    }
}
