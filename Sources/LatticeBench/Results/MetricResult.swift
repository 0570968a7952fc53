/// One metric of one benchmark: every sample, per operation, and their summary.
public struct MetricResult: Codable, Sendable, Equatable {
    /// What was measured.
    public var metric: Metric
    /// Raw samples in the metric's unit, per operation, in the order they were taken.
    public var samples: [Double]
    /// Statistics of `samples`.
    public var summary: Summary

    /// Stores samples with a summary computed elsewhere (e.g. with another seed).
    public init(metric: Metric, samples: [Double], summary: Summary) {
        self.metric = metric
        self.samples = samples
        self.summary = summary
    }

    /// Summarizes `samples` with `Summary`'s defaults.
    /// - Throws: `StatisticsError` for empty or non-finite samples.
    /// - Complexity: that of `Summary.init`.
    public init(metric: Metric, samples: [Double]) throws(StatisticsError) {
        self.init(metric: metric, samples: samples, summary: try Summary(samples: samples))
    }
}
