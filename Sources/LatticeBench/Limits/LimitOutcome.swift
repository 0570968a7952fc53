/// The decision on one limit for one benchmark.
public enum LimitOutcome: Codable, Sendable, Hashable {
    /// The pessimistic end of the figure's interval (or the exact value) is within the bound.
    case passed
    /// The optimistic end of the figure's interval (or the exact value) is beyond the bound:
    /// the whole interval is.
    case failed
    /// No decision could be made; never counted as passed.
    case undecided(Reason)

    /// Why a limit could not be decided.
    public enum Reason: Codable, Sendable, Hashable {
        /// No benchmark in the results matches the limit's pattern, or its `relativeTo` pattern.
        case benchmarkMissing(pattern: String)
        /// The benchmark was not measured for the limit's metric.
        case metricMissing(metric: String)
        /// A noisy metric with fewer than two samples has no spread to judge.
        case tooFewSamples(n: Int)
        /// The coefficient of variation is above the limit's bound (nil: undefined, the mean
        /// being 0).
        case tooNoisy(cv: Double?, maxCV: Double)
        /// Too few of a time's samples were taken at the machine's reference pace
        /// (`MetricResult.ReferencePace`) to judge it.
        case tooFewAtReferencePace(atPace: Int, taken: Int)
        /// A ratio's reference figure is 0, so the ratio has no value.
        case zeroReference(benchmark: String)
        /// The figure's interval has the bound inside it: neither within nor beyond it, so
        /// more samples (or a quieter machine) may decide it.
        case straddlesBound(interval: Interval, bound: Double)
    }

    /// Whether this outcome lets a release ship.
    public var passed: Bool {
        switch self {
        case .passed: true
        case .failed, .undecided: false
        }
    }
}
