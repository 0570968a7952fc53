/// A figure of a metric's samples that a limit can bound or a report can show.
public enum Statistic: String, Hashable, Codable, Sendable, CaseIterable {
    /// The smallest sample.
    case min
    /// The 25th percentile.
    case p25
    /// The 50th percentile.
    case median
    /// The 75th percentile.
    case p75
    /// The 90th percentile.
    case p90
    /// The 99th percentile.
    case p99
    /// The largest sample.
    case max
    /// The arithmetic mean.
    case mean
    /// The value of an exact (deterministic) metric: its median, which for a well-behaved
    /// exact metric equals every sample.
    case value

    /// This statistic read from a summary. - Complexity: O(1).
    public func value(in summary: Summary) -> Double {
        switch self {
        case .min: summary.min
        case .p25: summary.p25
        case .median, .value: summary.median
        case .p75: summary.p75
        case .p90: summary.p90
        case .p99: summary.p99
        case .max: summary.max
        case .mean: summary.mean
        }
    }

    /// The quantile this statistic is, or nil for the mean.
    var quantile: Double? {
        switch self {
        case .min: 0
        case .p25: 0.25
        case .median, .value: 0.5
        case .p75: 0.75
        case .p90: 0.9
        case .p99: 0.99
        case .max: 1
        case .mean: nil
        }
    }
}
