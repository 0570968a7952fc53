import LatticeBench

/// A results comparison as a table (for `lattice compare`) and as one line per regression
/// (for `lattice gate`): medians, the relative change or `~` when there is no significant
/// change, the p-value (`exact` for deterministic metrics) and the verdict.
enum ComparisonTable {
    /// Every compared metric of every benchmark.
    static func table(_ comparison: ResultsComparison) -> ReportTable {
        var table = ReportTable(headers: ["benchmark", "metric", "baseline", "candidate", "change", "p", "verdict"],
                                numericFrom: 2)
        for row in comparison.rows {
            let result = row.comparison
            table.rows.append([row.benchmark, result.metric.name,
                               ValueFormat.string(result.baselineMedian, unit: result.metric.unit),
                               ValueFormat.string(result.candidateMedian, unit: result.metric.unit),
                               change(result), result.test.map { ValueFormat.probability($0.pValue) } ?? "exact",
                               result.verdict == .noChange ? "" : result.verdict.rawValue])
        }
        return table
    }

    /// Notes under the table: what was on one side only, what could not be compared, the tally.
    static func notes(_ comparison: ResultsComparison) -> [String] {
        let verdicts = comparison.rows.map(\.comparison.verdict)
        return comparison.onlyInBaseline.map { "only in baseline: \($0)" }
            + comparison.onlyInCandidate.map { "only in candidate: \($0)" }
            + comparison.warnings
            + ["regressions: \(verdicts.count { $0 == .regression }), "
               + "improvements: \(verdicts.count { $0 == .improvement }), "
               + "unchanged: \(verdicts.count { $0 == .noChange })"]
    }

    /// One line per regression, saying why, e.g.
    /// `REGRESSION PhaseRead/derived/Dashboard/tracked wallTime: 12.1 µs → 13.9 µs (+14.9%, p<0.001)`.
    static func regressionLines(_ comparison: ResultsComparison) -> [String] {
        comparison.regressions.map { row in
            let result = row.comparison
            let unit = result.metric.unit
            let p = result.test.map { ", " + ValueFormat.probability($0.pValue) } ?? ", exact"
            return "REGRESSION \(row.benchmark) \(result.metric.name): "
                + "\(ValueFormat.string(result.baselineMedian, unit: unit)) → "
                + "\(ValueFormat.string(result.candidateMedian, unit: unit)) (\(change(result))\(p))"
        }
    }

    private static func change(_ result: Comparison) -> String {
        guard result.verdict != .noChange else { return "~" }
        return result.relativeChange.map(ValueFormat.percent) ?? "from 0"
    }
}
