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
    /// a side has fewer than `PaceMatching.minimumSamples` of them. When each side also comes
    /// as `rounds` (runs of one commit, which `baseline` and `candidate` pool) and some side
    /// has two rounds to measure the process-to-process deviation, those metrics are judged
    /// by their rounds (`RoundShift`) with the false discovery rate of all such rows held at
    /// `thresholds.alpha` (`FalseDiscovery`); otherwise sample against sample. The rows'
    /// summaries are of the samples compared. The pace itself describes the machine and is
    /// not compared.
    /// - Throws: `StatisticsError` only for invalid thresholds (files read through
    ///   `ResultsFile.read` hold finite, non-empty samples).
    /// - Complexity: O(benchmarks · metrics · n log n).
    public init(baseline: ResultsFile, candidate: ResultsFile,
                rounds: (baseline: [ResultsFile], candidate: [ResultsFile]) = ([], []),
                thresholds: ComparisonThresholds = .default) throws(StatisticsError) {
        let baselineNames = Set(baseline.benchmarks.map(\.name))
        let candidateNames = Set(candidate.benchmarks.map(\.name))
        onlyInBaseline = baseline.benchmarks.map(\.name).filter { !candidateNames.contains($0) }
        onlyInCandidate = candidate.benchmarks.map(\.name).filter { !baselineNames.contains($0) }
        rows = []
        warnings = []
        paceMatching = PaceMatching(baseline: baseline, candidate: candidate)
        /// Rows to judge by rounds once every p-value is known.
        var byRounds: [PendingRow] = []
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
                let oldRounds = paceMatching.logRoundMedians(of: new.name, name, in: rounds.baseline)
                let newRounds = paceMatching.logRoundMedians(of: new.name, name, in: rounds.candidate)
                guard oldMatched.count >= PaceMatching.minimumSamples,
                      newMatched.count >= PaceMatching.minimumSamples,
                      rounds.baseline.isEmpty || !oldRounds.isEmpty,
                      rounds.candidate.isEmpty || !newRounds.isEmpty else {
                    let comparison = try Comparison(undecided: newMetric.metric, baseline: oldMetric.samples,
                                                    candidate: newMetric.samples)
                    rows.append(Row(benchmark: new.name, baseline: oldMetric.summary,
                                    candidate: newMetric.summary, comparison: comparison))
                    continue
                }
                let summaries = (try MetricResult(metric: oldMetric.metric, samples: oldMatched).summary,
                                 try MetricResult(metric: newMetric.metric, samples: newMatched).summary)
                let comparison: Comparison
                if !oldRounds.isEmpty, !newRounds.isEmpty {
                    // Judged by rounds below; undecided until then.
                    comparison = try Comparison(undecided: newMetric.metric, baseline: oldMatched, candidate: newMatched)
                    byRounds.append(PendingRow(row: rows.count, benchmark: new.name, old: oldRounds, new: newRounds,
                                               baseline: oldMatched, candidate: newMatched))
                } else {
                    comparison = try Comparison(metric: newMetric.metric, baseline: oldMatched,
                                                candidate: newMatched, thresholds: thresholds)
                }
                rows.append(Row(benchmark: new.name, baseline: summaries.0, candidate: summaries.1,
                                comparison: comparison))
            }
            for oldMetric in old.metrics where oldMetric.metric != .machinePace
                && new.metric(named: oldMetric.metric.name) == nil {
                warnings.append("\(new.name): \(oldMetric.metric.name) is not in the candidate")
            }
        }
        try judgeByRounds(byRounds, thresholds: thresholds)
    }

    /// A row to judge by rounds once every row's rounds are known.
    private struct PendingRow {
        var row: Int
        var benchmark: String
        /// Log round medians at reference speed, by round index.
        var old, new: [Int: Double]
        /// The samples at reference speed.
        var baseline, candidate: [Double]
    }

    /// Judges `pending` by rounds, per metric whose rounds measure the process deviation
    /// (otherwise sample against sample): spoiled rounds left out (a side left with none is
    /// undecided), the false discovery rate held over all of them.
    private mutating func judgeByRounds(_ pending: [PendingRow], thresholds: ComparisonThresholds)
        throws(StatisticsError) {
        var judged: [(row: Int, shift: RoundShift, baseline: [Double], candidate: [Double])] = []
        let metrics = Dictionary(grouping: pending) { rows[$0.row].comparison.metric.name }
        for (_, entries) in metrics.sorted(by: { $0.key < $1.key }) {
            guard let sigma = RoundShift.processDeviation(entries.flatMap { [Array($0.old.values), Array($0.new.values)] })
            else {
                // No side has two rounds to measure the process deviation: sample against sample.
                for entry in entries {
                    rows[entry.row].comparison = try Comparison(metric: rows[entry.row].comparison.metric,
                                                                baseline: entry.baseline, candidate: entry.candidate,
                                                                thresholds: thresholds)
                }
                continue
            }
            let spoiledOld = SpoiledRounds.find(Dictionary(uniqueKeysWithValues: entries.map { ($0.benchmark, $0.old) }),
                                                sigma: sigma)
            let spoiledNew = SpoiledRounds.find(Dictionary(uniqueKeysWithValues: entries.map { ($0.benchmark, $0.new) }),
                                                sigma: sigma)
            for entry in entries {
                let executable = String(entry.benchmark.prefix { $0 != "/" })
                let old = entry.old.filter { !spoiledOld.contains(.init(executable: executable, round: $0.key)) }
                let new = entry.new.filter { !spoiledNew.contains(.init(executable: executable, round: $0.key)) }
                guard !old.isEmpty, !new.isEmpty else {
                    rows[entry.row].comparison = try Comparison(undecided: rows[entry.row].comparison.metric,
                                                                baseline: entry.baseline, candidate: entry.candidate)
                    continue
                }
                judged.append((entry.row, RoundShift(baseline: Array(old.values), candidate: Array(new.values), sigma: sigma),
                               entry.baseline, entry.candidate))
            }
        }
        let discovered = FalseDiscovery.discoveries(judged.map(\.shift.pValue), alpha: thresholds.alpha)
        for (index, entry) in judged.enumerated() {
            rows[entry.row].comparison = try Comparison(metric: rows[entry.row].comparison.metric, baseline: entry.baseline,
                                                        candidate: entry.candidate, roundShift: entry.shift,
                                                        discovered: discovered.contains(index), thresholds: thresholds)
        }
    }

    /// The rows whose verdict is a regression.
    public var regressions: [Row] { rows.filter { $0.comparison.verdict == .regression } }

    /// `.regression` when any row regressed, else `.ok`.
    public var exitStatus: ExitStatus { regressions.isEmpty ? .ok : .regression }
}
