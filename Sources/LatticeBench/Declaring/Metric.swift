/// What a benchmark measures: a named quantity, its unit, which direction is better, and
/// whether it is deterministic.
///
/// Samples of a metric are always *per operation* (the harness divides a batch's figure by
/// its iteration count). Two metrics are the same metric when all four fields agree; reports
/// and comparisons match metrics across files by `name`.
public struct Metric: Hashable, Codable, Sendable {
    /// The unit every sample of the metric is expressed in.
    public enum Unit: String, Hashable, Codable, Sendable {
        /// Nanoseconds of a clock (wall or CPU), per operation.
        case nanoseconds
        /// A number of events (mallocs, body re-runs, ...), per operation.
        case count
        /// Bytes, per operation.
        case bytes
        /// Instructions retired as counted by callgrind, per operation.
        case instructions
        /// A time in multiples of its run's reference pace (`PaceFigure`), per operation. The
        /// harness never records it: a comparison of two machines judges times in it.
        case paces
    }

    /// Which direction of change is an improvement.
    public enum Polarity: String, Hashable, Codable, Sendable {
        /// Smaller is better (time, allocations, instructions). Limits are upper bounds.
        case prefersSmaller
        /// Larger is better (throughput). Limits are lower bounds.
        case prefersLarger
    }

    /// Stable identifier, used as the key in results, limits and reports (e.g. `wallTime`).
    public var name: String
    /// Unit of every sample.
    public var unit: Unit
    /// Which direction is better.
    public var polarity: Polarity
    /// `true` for deterministic figures (malloc counts, bytes, instructions, custom counts):
    /// they are compared by value, without any statistics of noise. `false` for clocks.
    public var exact: Bool

    /// Creates a metric; prefer the presets in `Metric+Defaults.swift`.
    public init(name: String, unit: Unit, polarity: Polarity, exact: Bool) {
        self.name = name
        self.unit = unit
        self.polarity = polarity
        self.exact = exact
    }
}
