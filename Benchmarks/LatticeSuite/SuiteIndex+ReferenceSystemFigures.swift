import LatticeBench

/// The reference system's rows as this run measured them: the one reading of a row's benchmark
/// that the record's table and its chart both show.
extension SuiteIndex {
    /// `row`'s benchmark as this run measured it: its result, the metric of the row's quantity
    /// and what divides it (nil when the benchmark did not count it). Nil when not measured.
    /// - Complexity: O(metrics of the benchmark).
    func measured(_ row: ReferenceSystemFigures.Row)
        -> (result: BenchmarkResult, figure: MetricResult, scale: Double?)? {
        guard let benchmark = row.benchmark, let result = self[benchmark],
              let figure = result.metric(named: row.quantity.metric) else { return nil }
        guard let per = row.quantity.per else { return (result, figure, 1) }
        // A figure per field (or per record) whose divisor was not counted cannot be divided.
        let scale = result.metric(named: per)?.summary.median
        return (result, figure, scale.flatMap { $0 > 0 ? $0 : nil })
    }
}
