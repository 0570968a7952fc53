/// Every metric of every benchmark present in both a baseline and a candidate results file,
/// compared; what is present on one side only is listed, not silently dropped.
public struct ResultsComparison: Sendable {
    /// Comparisons in the candidate's benchmark and metric order.
    public var rows: [Row]
    /// Benchmarks in the baseline missing from the candidate.
    public var onlyInBaseline: [String]
    /// Benchmarks in the candidate missing from the baseline.
    public var onlyInCandidate: [String]
    /// Metrics that could not be compared (missing on one side, or measured in other units).
    public var warnings: [String]
    /// How noisy metrics were matched by the machine's speed; nil when a side recorded no pace.
    public var paceMatching: PaceMatching?

    /// Compares every benchmark and metric the two files share, matching by name.
    ///
    /// When both sides recorded the machine's pace, noisy metrics are compared on their
    /// samples taken at the reference speed only (`PaceMatching`), and are `.undecided` when
    /// a side has fewer than `PaceMatching.minimumSamples` of them; the rows' summaries are
    /// of those samples. The pace itself describes the machine and is not compared.
    ///
    /// When each side pools two or more `rounds` (runs of one commit), a pace-matched metric
    /// also needs two rounds a side with `PaceMatching.minimumSamples` matched samples each,
    /// else it is undecided; and its noise band widens to the spread of those rounds'
    /// medians when that is larger (one process sits a few percent off another at the same
    /// pace, so a difference within that drift is not a change).
    /// - Throws: `StatisticsError` only for invalid thresholds (files read through
    ///   `ResultsFile.read` hold finite, non-empty samples).
    /// - Complexity: O(benchmarks · metrics · n log n).
    public init(baseline: ResultsFile, candidate: ResultsFile,
                rounds: (baseline: [ResultsFile], candidate: [ResultsFile]) = ([], []),
                thresholds: ComparisonThresholds = .default) throws(StatisticsError) {
        let judgesRounds = rounds.baseline.count >= 2 && rounds.candidate.count >= 2
        let baselineNames = Set(baseline.benchmarks.map(\.name))
        let candidateNames = Set(candidate.benchmarks.map(\.name))
        onlyInBaseline = baseline.benchmarks.map(\.name).filter { !candidateNames.contains($0) }
        onlyInCandidate = candidate.benchmarks.map(\.name).filter { !baselineNames.contains($0) }
        rows = []
        warnings = []
        paceMatching = PaceMatching(baseline: baseline, candidate: candidate)
        for new in candidate.benchmarks {
            guard let old = baseline.benchmark(named: new.name) else { continue }
            for newMetric in new.metrics where newMetric.metric != .machinePace {
                let name = newMetric.metric.name
                guard let oldMetric = old.metric(named: name) else {
                    warnings.append("\(new.name): \(name) is not in the baseline")
                    continue
                }
                guard oldMetric.metric.unit == newMetric.metric.unit else {
                    warnings.append("\(new.name): \(name) is in \(oldMetric.metric.unit) in the baseline "
                                    + "but in \(newMetric.metric.unit) in the candidate")
                    continue
                }
                guard !newMetric.metric.exact, let paceMatching,
                      let oldMatched = paceMatching.atReferenceSpeed(oldMetric, of: old),
                      let newMatched = paceMatching.atReferenceSpeed(newMetric, of: new) else {
                    let comparison = try Comparison(metric: newMetric.metric, baseline: oldMetric.samples,
                                                    candidate: newMetric.samples, thresholds: thresholds)
                    rows.append(Row(benchmark: new.name, baseline: oldMetric.summary,
                                    candidate: newMetric.summary, comparison: comparison))
                    continue
                }
                let drifts = judgesRounds
                    ? [paceMatching.drift(of: new.name, name, in: rounds.baseline),
                       paceMatching.drift(of: new.name, name, in: rounds.candidate)]
                    : []
                guard oldMatched.count >= PaceMatching.minimumSamples,
                      newMatched.count >= PaceMatching.minimumSamples,
                      !drifts.contains(nil) else {
                    let comparison = try Comparison(undecided: newMetric.metric, baseline: oldMetric.samples,
                                                    candidate: newMetric.samples)
                    rows.append(Row(benchmark: new.name, baseline: oldMetric.summary,
                                    candidate: newMetric.summary, comparison: comparison))
                    continue
                }
                var widened = thresholds
                widened.noise = ([thresholds.noise] + drifts.compactMap { $0 }).max() ?? thresholds.noise
                let comparison = try Comparison(metric: newMetric.metric, baseline: oldMatched,
                                                candidate: newMatched, thresholds: widened)
                rows.append(Row(benchmark: new.name,
                                baseline: try MetricResult(metric: oldMetric.metric, samples: oldMatched).summary,
                                candidate: try MetricResult(metric: newMetric.metric, samples: newMatched).summary,
                                comparison: comparison))
            }
            for oldMetric in old.metrics where oldMetric.metric != .machinePace
                && new.metric(named: oldMetric.metric.name) == nil {
                warnings.append("\(new.name): \(oldMetric.metric.name) is not in the candidate")
            }
        }
    }

    /// The rows whose verdict is a regression.
    public var regressions: [Row] { rows.filter { $0.comparison.verdict == .regression } }

    /// `.regression` when any row regressed, else `.ok`.
    public var exitStatus: ExitStatus { regressions.isEmpty ? .ok : .regression }
}
