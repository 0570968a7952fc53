/// One run as the lab judged it, what a suite renders its sections from (`BenchmarkSuite.report`):
/// plain values of the harness, so the suite needs nothing of the lab.
public struct JudgedRun {
    /// The results as judged: each time's samples taken at the machine's reference pace.
    public let results: ResultsFile
    /// The limits file's limits, as written (their `{strategy}` patterns not yet expanded).
    public let limits: [Limit]
    /// The limits file's goals, judged on `results` (by `LimitEvaluation`, never gating).
    public let goals: [LimitEvaluation]
    /// The strategy the run decides ships, nil when it decides none.
    public let decided: String?

    /// A judged run.
    public init(results: ResultsFile, limits: [Limit], goals: [LimitEvaluation], decided: String?) {
        self.results = results
        self.limits = limits
        self.goals = goals
        self.decided = decided
    }

    /// The bound of the first limit on a time itself, not a ratio, in nanoseconds: the line a
    /// suite's time charts draw. - Complexity: O(limits).
    public var timeBound: Double? {
        limits.first { $0.metric == Metric.wallTime.name && $0.relativeTo == nil }?.bound
    }
}
