/// The outcome of comparing a candidate's samples with a baseline's for one metric.
public enum ChangeOutcome: String, Codable, Sendable, Hashable {
    /// No significant change, or one within the noise threshold (benchstat's `~`).
    case noChange
    /// The candidate is significantly worse, in the metric's polarity.
    case regression
    /// The candidate is significantly better, in the metric's polarity.
    case improvement
    /// Not judged: too few samples of a side were taken at the machine's reference speed
    /// (see `PaceMatching`) to set the two side by side.
    case undecided

    /// The outcome for a significant `difference` (candidate - baseline) under `polarity`;
    /// no difference is no change.
    static func change(of difference: Double, polarity: Metric.Polarity) -> ChangeOutcome {
        guard difference != 0 else { return .noChange }
        switch polarity {
        case .prefersSmaller: return difference > 0 ? .regression : .improvement
        case .prefersLarger: return difference > 0 ? .improvement : .regression
        }
    }
}
