import LatticeBench

/// Pagination on the dashboard: a page's load by its number, flat when record 0006 holds, beside
/// the eager list body re-reading every page, the one cost that grows with the list.
extension SuiteCharts {
    /// The steps drawn: the load judged flat, and the list body that grows.
    static let paginationSteps = ["load", "listBody"]

    /// `load` and `listBody`'s median times by page; nil when the run measured neither.
    /// - Complexity: O(benchmarks log benchmarks).
    func paginationByPage() -> LineChart? {
        let series = stepLines(Self.paginationSteps, metric: Metric.wallTime.name) { benchmark in
            if case let .pagination(step, page) = benchmark { (step, page) } else { nil }
        }
        guard !series.isEmpty else { return nil }
        return LineChart(title: "Pagination: a page loaded (flat) and the list body re-read (growing), by page",
                         xLabel: "page of 50 edges", yLabel: "time per operation (median)", xKind: .linear,
                         yKind: .linear, series: series, reference: nil, formatX: Self.count, formatY: Self.time,
                         palette: palette)
    }
}
