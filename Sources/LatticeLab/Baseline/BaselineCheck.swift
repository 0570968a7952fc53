import LatticeBench

/// A run's exact figures (instructions, allocations, custom counts) judged against the
/// committed baseline, each with the tolerance `spec/limits.json` gives its group: what CI
/// checks on every commit. Times are not judged here: on this machine they cannot be
/// compared quickly, and the release gate's limits judge what time must meet.
///
/// Fails closed: a benchmark or exact metric of the baseline that the run lacks, or one the
/// run has and the baseline lacks (a new benchmark: the same commit must rewrite the
/// baseline), is reported and makes the check fail, never pass.
public struct BaselineCheck {
    /// One exact figure of one benchmark, compared.
    public struct Row: Sendable {
        /// The benchmark, the comparison of its samples (one per heap layout for instructions)
        /// and, for a moved instruction count, the functions that moved most.
        public var compared: ResultsComparison.Row
        /// The tolerance applied; nil when no entry selects the benchmark (nothing tolerated).
        public var tolerance: BaselineTolerance?
        /// Whether the run's samples equal the baseline's to the last digit (for instructions,
        /// the counts under the fixed hash seed, layout by layout).
        public var identical: Bool

        /// The benchmark's name.
        public var benchmark: String { compared.benchmark }
        /// The comparison of its samples.
        public var comparison: Comparison { compared.comparison }
    }

    /// Every exact figure both sides hold, in the baseline's order.
    public let rows: [Row]
    /// What one side holds and the other lacks: `benchmark` or `benchmark metric`, and which.
    public let gaps: [String]

    /// Judges `results` against `baseline` with `limits.baseline`'s tolerances.
    /// - Throws: `JSONFileError.corrupt` naming `resultsPath` when a figure has no samples.
    /// - Complexity: O(benchmarks · metrics · samples log samples).
    public init(baseline: ResultsFile, results: ResultsFile, limits: LimitsFile,
                resultsPath: String) throws(JSONFileError) {
        var rows: [Row] = []
        var gaps: [String] = []
        if baseline.benchmarks.isEmpty { gaps.append("the baseline holds no benchmarks") }
        // A figure the baseline keeps for some benchmark is one every benchmark that has it must
        // keep: an operation that starts writing to disk has a new `bytesWritten`. A metric the
        // baseline holds nowhere (one the harness learnt since) waits for the next rewrite.
        let keptMetrics = Set(baseline.benchmarks.flatMap { $0.metrics.map(\.metric.name) })
        for old in baseline.benchmarks {
            guard let new = results.benchmark(named: old.name) else {
                gaps.append("\(old.name): in the baseline, not measured")
                continue
            }
            let tolerance = limits.baselineTolerance(for: old.name)
            var thresholds = ComparisonThresholds.default
            thresholds.exact = tolerance?.tolerance ?? 0
            for oldMetric in old.metrics where oldMetric.metric.exact {
                guard let newMetric = new.metric(named: oldMetric.metric.name) else {
                    gaps.append("\(old.name) \(oldMetric.metric.name): in the baseline, not measured")
                    continue
                }
                do {
                    let comparison = try Comparison(exact: oldMetric, candidate: newMetric,
                                                    thresholds: thresholds)
                    let attribution = comparison.outcome != .noChange
                        ? FunctionChange.largest(from: oldMetric, to: newMetric) : []
                    let compared = ResultsComparison.Row(benchmark: old.name,
                                                         baseline: oldMetric.summary(judgedBy: comparison),
                                                         candidate: newMetric.summary(judgedBy: comparison),
                                                         comparison: comparison,
                                                         attribution: attribution,
                                                         addedEvents: CountEvent.added(from: oldMetric, to: newMetric))
                    rows.append(Row(compared: compared, tolerance: tolerance,
                                    identical: oldMetric.samples == newMetric.samples))
                } catch {
                    throw .corrupt(file: resultsPath, path: "$", reason: "\(old.name) \(oldMetric.metric.name): \(error)")
                }
            }
            for newMetric in new.metrics where newMetric.metric.exact && keptMetrics.contains(newMetric.metric.name)
                && old.metric(named: newMetric.metric.name) == nil {
                gaps.append("\(old.name) \(newMetric.metric.name): measured, not in the baseline "
                            + "(rewrite it with scripts/bench.sh baseline)")
            }
        }
        for new in Baseline.comparable(results, against: baseline).benchmarks
        where baseline.benchmark(named: new.name) == nil {
            gaps.append("\(new.name): measured, not in the baseline (rewrite it with scripts/bench.sh baseline)")
        }
        self.rows = rows
        self.gaps = gaps
    }

    /// The rows that got worse beyond their tolerance.
    public var regressions: [Row] { rows.filter { $0.comparison.outcome == .regression } }
    /// The rows that got better beyond their tolerance (the baseline should be rewritten to
    /// keep them).
    public var improvements: [Row] { rows.filter { $0.comparison.outcome == .improvement } }

    /// 1 with any gap (nothing judged is not a pass), else 2 with any regression, else 0.
    public var status: ExitStatus {
        if !gaps.isEmpty { return .couldNotRun }
        return regressions.isEmpty ? .ok : .regression
    }

    /// What the check prints: a summary, then one line per gap, regression and improvement;
    /// under a count that grew, the events behind it the baseline lacks (`AddedEventsText`:
    /// the commit and field of each extra body); under a moved instruction count, the
    /// functions that moved most (`AttributionTable`).
    public var lines: [String] {
        let identical = rows.count { $0.identical }
        var lines = ["baseline check: \(rows.count) exact figures (\(identical) identical to the last digit), "
                     + "\(regressions.count) regressions, "
                     + "\(improvements.count) improvements, \(gaps.count) not judged"]
        lines += gaps.map { "NOT JUDGED \($0)" }
        for (word, moved) in [("REGRESSION", regressions), ("IMPROVEMENT", improvements)] {
            for row in moved {
                lines.append("\(word) " + Self.describe(row))
                if AddedEventsText.applies(to: row.compared) {
                    lines += AddedEventsText.lines(row.compared).map { "  " + $0 }
                }
                if AttributionTable.applies(to: row.compared) {
                    lines += AttributionTable.lines(row.compared).map { "  " + $0 }
                }
            }
        }
        return lines
    }

    private static func describe(_ row: Row) -> String {
        let comparison = row.comparison
        let unit = comparison.metric.unit
        let change = comparison.relativeChange.map { " (" + ValueFormat.percent($0) + ")" } ?? ""
        let allowed = row.tolerance.map { "tolerance \(ValueFormat.percent($0.tolerance).dropFirst()): \($0.why)" }
            ?? "no tolerance"
        return "\(row.benchmark) \(comparison.metric.name): "
            + "\(ValueFormat.string(comparison.baselineMedian, unit: unit)) → "
            + "\(ValueFormat.string(comparison.candidateMedian, unit: unit))\(change); \(allowed)"
    }
}
