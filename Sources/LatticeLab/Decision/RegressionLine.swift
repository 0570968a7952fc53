import LatticeBench

/// One line per significant regression of a comparison, saying why, for the gate's output.
enum RegressionLine {
    /// The lines, e.g. `REGRESSION PhaseRead/derived/Dashboard/tracked wallTime: 12.1 µs →
    /// 13.9 µs (+14.9%, p<0.001)`; for exact metrics the p-value reads `exact`. Under a
    /// regression with attribution (instructions), the functions that moved most, indented
    /// (`AttributionTable`).
    /// - Complexity: O(rows + attributed functions).
    static func lines(_ comparison: ResultsComparison) -> [String] {
        comparison.regressions.flatMap { row in
            [line(row)] + (AttributionTable.applies(to: row) ? AttributionTable.lines(row).map { "  " + $0 } : [])
        }
    }

    private static func line(_ row: ResultsComparison.Row) -> String {
        let result = row.comparison
        let unit = result.metric.unit
        let change = result.relativeChange.map(ValueFormat.percent) ?? "from 0"
        let p = result.pValue.map(ValueFormat.probability) ?? "exact"
        return "REGRESSION \(row.benchmark) \(result.metric.name): "
            + "\(ValueFormat.string(result.baselineMedian, unit: unit)) → "
            + "\(ValueFormat.string(result.candidateMedian, unit: unit)) (\(change), \(p))"
    }
}
