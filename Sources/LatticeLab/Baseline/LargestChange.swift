import LatticeBench

/// The instruction count that moved most between the committed baseline and a run, with the
/// functions that moved it: what the dashboard draws as its differential view.
///
/// The row is chosen among the baseline check's own outcomes (`BaselineCheck`, the one judge of
/// exact figures): the largest relative change the check calls a regression or an
/// improvement; when it calls none, the largest movement within the tolerances of a figure
/// judged to the instruction, marked so. A figure judged across hash seeds is left out of that
/// fallback: its movement within tolerance is where hashing put its entries, which its
/// functions (counted under the fixed seed) cannot explain.
struct LargestChange {
    /// The benchmark's instruction figure, compared, with its attribution.
    let row: ResultsComparison.Row
    /// Whether the check judged it a change (else it moved within its tolerance).
    let judged: Bool

    /// The largest change of `check`'s instruction rows; nil when no instruction figure moved.
    /// The attribution is taken from `baseline` and `results` even for a movement the check
    /// did not judge, so the view always names its functions.
    /// - Complexity: O(rows + f log f) for f functions of the chosen row.
    init?(check: BaselineCheck, baseline: ResultsFile, results: ResultsFile) {
        func size(_ row: BaselineCheck.Row) -> Double { Swift.abs(row.comparison.relativeChange ?? 0) }
        let moved = check.rows.filter {
            $0.comparison.metric.name == Metric.instructions.name && size($0) > 0
        }
        let changes = moved.filter { $0.comparison.outcome != .noChange }
        let candidates = changes.isEmpty ? moved.filter { $0.comparison.hashSeeds == nil } : changes
        guard let chosen = candidates.max(by: { (size($0), $1.benchmark) < (size($1), $0.benchmark) }) else {
            return nil
        }
        var row = chosen.compared
        if row.attribution.isEmpty,
           let before = baseline.benchmark(named: row.benchmark)?.metric(named: Metric.instructions.name),
           let after = results.benchmark(named: row.benchmark)?.metric(named: Metric.instructions.name) {
            row.attribution = FunctionChange.largest(from: before, to: after)
        }
        self.row = row
        judged = !changes.isEmpty
    }
}
