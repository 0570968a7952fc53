extension Comparison {
    /// Compares two measurements of an exact metric, judging the counts a comparison can trust:
    /// the samples (one per heap layout) when they pin the figure, or the counts under random
    /// hash seeds (`MetricResult.seedSamples`) when the figure moves with the heap (a side's
    /// layouts disagree) and both sides measured them. A fixed hash seed pins such a count for
    /// one binary only: a rebuild moves the addresses it hashes, and with them which entries
    /// collide, so only the spread across seeds says what unchanged code may read. The rule is
    /// `init(metric:baseline:candidate:thresholds:)`'s either way: the whole range moves, by
    /// more than the tolerance. `hashSeeds` records the choice for reports.
    /// - Throws: `StatisticsError` for empty or non-finite samples.
    /// - Complexity: O(n log n).
    public init(exact baseline: MetricResult, candidate: MetricResult,
                thresholds: ComparisonThresholds = .default) throws(StatisticsError) {
        if let seeds = Self.seedSamples(baseline, candidate) {
            try self.init(metric: candidate.metric, baseline: seeds.baseline, candidate: seeds.candidate,
                          thresholds: thresholds)
            hashSeeds = Swift.min(seeds.baseline.count, seeds.candidate.count)
        } else {
            try self.init(metric: candidate.metric, baseline: baseline.samples, candidate: candidate.samples,
                          thresholds: thresholds)
        }
    }

    /// Both sides' seed counts when the figure moves with the heap on either side; else nil.
    private static func seedSamples(_ baseline: MetricResult, _ candidate: MetricResult)
        -> (baseline: [Double], candidate: [Double])? {
        guard let old = baseline.seedSamples, let new = candidate.seedSamples, !old.isEmpty, !new.isEmpty,
              [baseline, candidate].contains(where: { Set($0.samples).count > 1 })
        else { return nil }
        return (old, new)
    }
}

extension MetricResult {
    /// The summary of the counts `comparison` judged: the seed counts' when it judged across
    /// hash seeds, else `summary`. What a report shows beside the outcome.
    /// - Complexity: O(seeds log seeds).
    public func summary(judgedBy comparison: Comparison) -> Summary {
        guard comparison.hashSeeds != nil, let seeds = seedSamples else { return summary }
        return (try? Summary(samples: seeds)) ?? summary
    }
}
