/// Everything measured for one benchmark in one run.
public struct BenchmarkResult: Codable, Sendable, Equatable {
    /// Unique name within a results file, `/`-separated from general to specific, the
    /// executable first, e.g. `PhaseRead/derived/IssueDashboard/tracked`.
    public var name: String
    /// Free-form labels for grouping in reports (e.g. a strategy name); may be empty.
    public var tags: [String]
    /// One entry per metric, each metric name at most once.
    public var metrics: [MetricResult]
    /// Operations per sample (the calibrated batch size); samples are already divided by it.
    public var iterationsPerSample: Int
    /// Harness/clock overhead per sample in nanoseconds that was measured and subtracted
    /// from this benchmark's time samples before dividing by `iterationsPerSample`; nil when
    /// not measured (e.g. under callgrind).
    public var harnessOverheadNanoseconds: Double?
    /// Problems that do not prevent analysis but should be shown (e.g. "time budget reached
    /// after 12 samples").
    public var warnings: [String]

    /// Creates a result.
    public init(name: String, tags: [String] = [], metrics: [MetricResult],
                iterationsPerSample: Int, harnessOverheadNanoseconds: Double? = nil,
                warnings: [String] = []) {
        self.name = name
        self.tags = tags
        self.metrics = metrics
        self.iterationsPerSample = iterationsPerSample
        self.harnessOverheadNanoseconds = harnessOverheadNanoseconds
        self.warnings = warnings
    }

    /// The result for the metric called `name`, if measured. - Complexity: O(metrics).
    public func metric(named name: String) -> MetricResult? {
        metrics.first { $0.metric.name == name }
    }
}
