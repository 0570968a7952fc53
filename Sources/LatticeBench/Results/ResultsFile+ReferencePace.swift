extension ResultsFile {
    /// The run's reference pace, nanoseconds of `MachinePace`'s workload: the 1st percentile
    /// of every pace sample the run took, the best speed its machine reached. Every judgement
    /// by pace starts from it: which samples were at that speed (`atReferencePace()`,
    /// `PaceMatching`) and what a time is in paces (`PaceFigure`). Nil when the run recorded no
    /// pace (files from before the probe, runs without timing).
    ///
    /// Why the 1st percentile and not the minimum: one lucky reading would set the reference
    /// below the speed the machine holds; the 1st percentile of a full run's 100,000 readings
    /// was 971 ns on the lab machine, and 1,182 ns in each of two runs on a slower one.
    /// - Complexity: O(p log p) over the p pace samples.
    public var referencePace: Double? {
        let paces = benchmarks.flatMap { $0.metric(named: Metric.machinePace.name)?.samples ?? [] }
        guard !paces.isEmpty else { return nil }
        return SortedSamples(paces).percentile(0.01)
    }

    /// The run as the lab judges its times: every noisy metric of a benchmark that recorded the
    /// machine's pace keeps only the samples taken at the run's reference pace (`PaceMatching`:
    /// within its tolerance of `referencePace`, and not disturbed by the scheduler,
    /// `Disturbance`), and records how
    /// many that was (`MetricResult.referencePace`). With fewer than
    /// `PaceMatching.minimumSamples` at pace the samples are kept whole and the count says so:
    /// whoever judges the figure then calls it undecided. Exact metrics, the pace itself and
    /// files without pace samples are unchanged.
    ///
    /// Why: the lab machine's CPUs switch between two speeds about 1.7 times apart for seconds
    /// to minutes at a time, so a figure pooled over both is neither speed and its spread is
    /// the switching, not the code (docs/harness.md).
    /// - Complexity: O(samples) plus O(p log p) over the p pace samples.
    public func atReferencePace() -> ResultsFile {
        guard let reference = referencePace else { return self }
        let matching = PaceMatching(reference: reference)
        var paced = self
        for (index, benchmark) in benchmarks.enumerated() {
            guard let keeps = matching.kept(in: benchmark) else { continue }
            let disturbed = Disturbance.count(in: benchmark)?.disturbed
            for (position, metric) in benchmark.metrics.enumerated()
            where !metric.metric.exact && !Metric.describingTheMachine.contains(metric.metric)
                && metric.referencePace == nil {
                guard let kept = matching.atReferenceSpeed(metric, kept: keeps) else { continue }
                var result = metric
                if kept.count >= PaceMatching.minimumSamples, let filtered = try? MetricResult(metric: metric.metric, samples: kept) {
                    result = filtered
                }
                result.referencePace = MetricResult.ReferencePace(reference: matching.reference, atPace: kept.count,
                                                                  taken: metric.samples.count,
                                                                  disturbed: disturbed)
                paced.benchmarks[index].metrics[position] = result
            }
        }
        return paced
    }
}
