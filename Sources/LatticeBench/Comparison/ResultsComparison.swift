/// Every metric of every benchmark present in both a baseline and a candidate results file,
/// compared; what is present on one side only is listed, not silently dropped, and makes
/// the comparison incomplete (`gaps`): it then exits `.couldNotRun`, never `.ok`.
public struct ResultsComparison: Sendable {
    /// Comparisons in the candidate's benchmark and metric order.
    public var rows: [Row]
    /// Benchmarks in the baseline missing from the candidate (among those the candidate's
    /// recorded `--filter` selects, when it has one).
    public var onlyInBaseline: [String]
    /// Benchmarks in the candidate missing from the baseline (among those the baseline's
    /// recorded `--filter` selects, when it has one).
    public var onlyInCandidate: [String]
    /// Baseline benchmarks the candidate's run did not select (its recorded `--filter`
    /// leaves them out): not compared, and not missing.
    public var outsideCandidateFilter: [String]
    /// Candidate benchmarks the baseline's run did not select: not compared, and not missing.
    public var outsideBaselineFilter: [String]
    /// Why the two sides cannot be judged whole, one line each; empty when they can: a side
    /// with no benchmarks, and each benchmark one side has and the other lacks. Nothing can
    /// be said about a missing benchmark, so a comparison with gaps exits `.couldNotRun`.
    public var gaps: [String]
    /// Metrics that could not be compared (missing on one side, or measured in other units).
    public var warnings: [String]
    /// How noisy metrics were matched by the machine's speed, side by side; nil when a side
    /// recorded no pace.
    public var paceMatching: PaceMatching.Sides?

    /// Compares every benchmark and metric the two files share, matching by name.
    ///
    /// When both sides recorded the machine's pace, noisy metrics are compared on their
    /// samples taken at the reference speed only (`PaceMatching`), and are `.undecided` when
    /// a side has fewer than `PaceMatching.minimumSamples` of them; when the sides' reference
    /// paces differ (another machine, or the machine's best speed changed), each side's times
    /// are taken at its own reference speed and compared in paces (`PaceMatching.Sides`): the
    /// rows' summaries are in paces too, and the noise band is wider by
    /// `PaceMatching.acrossSpeeds`. When each side also comes
    /// as `rounds` (runs of one commit, which `baseline` and `candidate` pool) and some side
    /// has two rounds to measure the process-to-process deviation, those metrics are judged
    /// by their rounds (`RoundShift`) with the false discovery rate of all such rows held at
    /// `thresholds.alpha` (`FalseDiscovery`); otherwise sample against sample. The rows'
    /// summaries are of the samples compared. The pace itself describes the machine and is
    /// not compared. An exact metric whose median moved, with per-function counts on both
    /// sides (instructions), names the functions that moved most (`Row.attribution`); a count
    /// that grew, with the events behind it on both sides, the events the baseline lacks
    /// (`Row.addedEvents`).
    /// `exactTolerance` gives a benchmark's relative tolerance for its exact figures (the
    /// baseline tolerances of `spec/limits.json`, so compare and the baseline check judge
    /// alike); nil keeps `thresholds.exact`.
    /// - Throws: `StatisticsError` only for invalid thresholds (files read through
    ///   `ResultsFile.read` hold finite, non-empty samples).
    /// - Complexity: O(benchmarks · metrics · n log n), plus O(f log f) per attributed row of
    ///   f functions.
    public init(baseline: ResultsFile, candidate: ResultsFile,
                rounds: (baseline: [ResultsFile], candidate: [ResultsFile]) = ([], []),
                thresholds: ComparisonThresholds = .default,
                exactTolerance: (String) -> Double? = { _ in nil }) throws(StatisticsError) {
        (onlyInBaseline, outsideCandidateFilter) = Self.absent(from: candidate, of: baseline)
        (onlyInCandidate, outsideBaselineFilter) = Self.absent(from: baseline, of: candidate)
        gaps = Self.gaps(baseline: baseline, candidate: candidate, onlyInBaseline: onlyInBaseline,
                         onlyInCandidate: onlyInCandidate)
        rows = []
        warnings = []
        paceMatching = PaceMatching.Sides(baseline: baseline, candidate: candidate)
        // Times in paces carry the pace's own disagreement across speeds on top of the noise.
        var timeThresholds = thresholds
        if paceMatching?.inPaces == true { timeThresholds.noise += PaceMatching.acrossSpeeds }
        /// Rows to judge by rounds once every p-value is known.
        var byRounds: [PendingRow] = []
        for new in candidate.benchmarks {
            guard let old = baseline.benchmark(named: new.name) else { continue }
            for newMetric in new.metrics where !Metric.describingTheMachine.contains(newMetric.metric) {
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
                      let oldMatched = paceMatching.baseline.atReferenceSpeed(oldMetric, of: old),
                      let newMatched = paceMatching.candidate.atReferenceSpeed(newMetric, of: new) else {
                    var exactThresholds = thresholds
                    if newMetric.metric.exact, let tolerance = exactTolerance(new.name) {
                        exactThresholds.exact = tolerance
                    }
                    let comparison = try Comparison(exact: oldMetric, candidate: newMetric,
                                                    thresholds: exactThresholds)
                    let attribution = oldMetric.summary.median != newMetric.summary.median
                        ? FunctionChange.largest(from: oldMetric, to: newMetric) : []
                    rows.append(Row(benchmark: new.name, baseline: oldMetric.summary(judgedBy: comparison),
                                    candidate: newMetric.summary(judgedBy: comparison), comparison: comparison,
                                    attribution: attribution,
                                    addedEvents: CountEvent.added(from: oldMetric, to: newMetric)))
                    continue
                }
                let oldRounds = paceMatching.baseline.logRoundMedians(of: new.name, name, in: rounds.baseline)
                let newRounds = paceMatching.candidate.logRoundMedians(of: new.name, name, in: rounds.candidate)
                // In paces when the sides' reference paces differ: the rows then say so in their unit.
                let metric = paceMatching.candidate.expressing(newMetric.metric)
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
                let summaries = (try MetricResult(metric: metric, samples: oldMatched).summary,
                                 try MetricResult(metric: metric, samples: newMatched).summary)
                let comparison: Comparison
                if !oldRounds.isEmpty, !newRounds.isEmpty {
                    // Judged by rounds below; undecided until then.
                    comparison = try Comparison(undecided: metric, baseline: oldMatched, candidate: newMatched)
                    byRounds.append(PendingRow(row: rows.count, benchmark: new.name, old: oldRounds, new: newRounds,
                                               baseline: oldMatched, candidate: newMatched))
                } else {
                    comparison = try Comparison(metric: metric, baseline: oldMatched,
                                                candidate: newMatched, thresholds: timeThresholds)
                }
                rows.append(Row(benchmark: new.name, baseline: summaries.0, candidate: summaries.1,
                                comparison: comparison))
            }
            for oldMetric in old.metrics where !Metric.describingTheMachine.contains(oldMetric.metric)
                && new.metric(named: oldMetric.metric.name) == nil {
                warnings.append("\(new.name): \(oldMetric.metric.name) is not in the candidate")
            }
        }
        try judgeByRounds(byRounds, thresholds: timeThresholds)
    }

    /// The benchmarks of `other` that `side` lacks: those its recorded filter selects are
    /// missing; the others it was never asked to run.
    private static func absent(from side: ResultsFile, of other: ResultsFile)
        -> (missing: [String], outsideFilter: [String]) {
        let present = Set(side.benchmarks.map(\.name))
        let filter = side.configuration.filter.map(NameFilter.init(pattern:))
        let absent = other.benchmarks.map(\.name).filter { !present.contains($0) }
        return (absent.filter { filter?.matches($0) ?? true }, absent.filter { !(filter?.matches($0) ?? true) })
    }

    /// The lines of `gaps`: an empty side once (its missing benchmarks are all of the
    /// other's), otherwise each missing benchmark.
    private static func gaps(baseline: ResultsFile, candidate: ResultsFile, onlyInBaseline: [String],
                             onlyInCandidate: [String]) -> [String] {
        var gaps: [String] = []
        for (side, file, other) in [("baseline", baseline, candidate), ("candidate", candidate, baseline)]
        where file.benchmarks.isEmpty {
            gaps.append("the \(side) holds no benchmarks (the \(side == "baseline" ? "candidate" : "baseline") "
                        + "holds \(other.benchmarks.count))")
        }
        if !candidate.benchmarks.isEmpty {
            gaps += onlyInBaseline.map { "missing from the candidate: \($0)" }
        }
        if !baseline.benchmarks.isEmpty {
            gaps += onlyInCandidate.map { "missing from the baseline: \($0)" }
        }
        return gaps
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
    public var regressions: [Row] { rows.filter { $0.comparison.outcome == .regression } }

    /// `.couldNotRun` when the comparison has `gaps` (a missing benchmark is not a regression,
    /// but it must not pass either), else `.regression` when any row regressed, else `.ok`.
    public var exitStatus: ExitStatus {
        ExitStatus.worst([gaps.isEmpty ? .ok : .couldNotRun, regressions.isEmpty ? .ok : .regression])
    }
}
