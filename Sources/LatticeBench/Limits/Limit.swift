import Foundation

/// One limit of a limits file: a bound on a statistic of a metric of the benchmarks a pattern
/// selects, written before the run.
///
/// The bound is on the bad side of the metric's polarity: an upper bound for
/// `.prefersSmaller` metrics (time, allocations), a lower bound for `.prefersLarger`. With
/// `relativeTo`, the figure is a ratio: the statistic of `benchmark` over that of
/// `relativeTo` (how a cost scales), and the bound is on the ratio.
public struct Limit: Codable, Sendable, Hashable {
    /// The noise bound used when `maxCV` is absent: 0.10, a spread at which a 95 % interval
    /// of a median from a few hundred samples is still a few percent wide, but beyond which
    /// the machine was too busy for an outcome to mean much.
    public static let defaultMaxCV = 0.10

    /// Stable identifier, unique in the file, e.g. `phase-read-largest`.
    public var id: String
    /// What the limit protects and why, for reports.
    public var description: String
    /// A benchmark name or pattern: `*` matches any run of characters (including `/`), e.g.
    /// `PhaseRead/*/tracked`.
    public var benchmark: String
    /// For a ratio limit: the benchmark (name or pattern, as `benchmark`) whose statistic
    /// divides `benchmark`'s; nil for a limit on the figure itself.
    public var relativeTo: String?
    /// The metric's name, e.g. `wallTime`, `mallocs`, `extraBodies`.
    public var metric: String
    /// Which figure of the samples is bounded.
    public var statistic: Statistic
    /// The bound, in the metric's unit (nanoseconds for time), or a plain ratio with `relativeTo`.
    public var bound: Double
    /// Largest coefficient of variation at which a noisy metric is judged; above it the limit
    /// is undecided. Ignored for exact metrics. Absent: `defaultMaxCV`.
    public var maxCV: Double?

    /// Creates a limit.
    public init(id: String, description: String, benchmark: String,
                relativeTo: String? = nil, metric: String, statistic: Statistic, bound: Double,
                maxCV: Double? = nil) {
        self.id = id
        self.description = description
        self.benchmark = benchmark
        self.relativeTo = relativeTo
        self.metric = metric
        self.statistic = statistic
        self.bound = bound
        self.maxCV = maxCV
    }

    /// Whether `name` is selected by `benchmark`.
    /// - Complexity: O(pattern · name) worst case.
    public func selects(_ name: String) -> Bool {
        Self.matches(benchmark, name)
    }

    /// Whether `name` matches `pattern` (`*` any run of characters).
    /// - Complexity: O(pattern · name) worst case.
    public static func matches(_ pattern: String, _ name: String) -> Bool {
        wildcardMatch(Array(pattern), Array(name))
    }

    /// Greedy `*` matching with backtracking to the last star.
    private static func wildcardMatch(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0
        var star: Int?, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
