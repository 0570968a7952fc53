import LatticeBench

/// The store's optimistic layers on the dashboard: a layer's cycle against the store's size and
/// a rebase against the layers pending (flat and linear when record 0005 holds), and whom a
/// layer over observed rows told.
extension SuiteCharts {
    /// A layer's cycle against the rows in the store; nil when the run measured none.
    /// - Complexity: O(benchmarks log benchmarks).
    func optimisticCycle() -> LineChart? {
        optimisticLine("cycle", title: "a layer's cycle against the rows in the store", sizes: "rows in the store")
    }

    /// A server commit rebased under the layers pending; nil when the run measured none.
    /// - Complexity: O(benchmarks log benchmarks).
    func optimisticRebase() -> LineChart? {
        optimisticLine("rebase", title: "a server commit under pending layers", sizes: "pending layers")
    }

    /// Per size of `rows` and `oneRow`: the notifications and bodies a layer shown and reverted
    /// over that many observed rows reached, writing all of them or one; nil when the run
    /// measured none.
    /// - Complexity: O(benchmarks log benchmarks).
    func optimisticRows() -> BarChart? {
        let counts = ["notifications", SuiteBenchmark.CountName.bodies]
        let written = ["rows": "", "oneRow": ", one written"]
        let groups = index.steps(Self.optimistic).compactMap { found -> BarChart.Group? in
            guard let label = written[found.step] else { return nil }
            return BarChart.Group(label: "\(found.size.grouped) rows observed\(label)",
                                  values: counts.map { median(found.result, $0) })
        }
        guard !groups.isEmpty else { return nil }
        return BarChart(title: "Optimistic layers: whom a layer over observed rows told",
                        axisLabel: "per layer shown and reverted (count)", series: counts, groups: groups,
                        format: Self.count, palette: palette)
    }

    /// `Optimistic`'s `step`: its median time through each size measured.
    private func optimisticLine(_ step: String, title: String, sizes: String) -> LineChart? {
        let series = stepLines([step], metric: Metric.wallTime.name, Self.optimistic)
        guard !series.isEmpty else { return nil }
        return LineChart(title: "Optimistic layers: \(title)", xLabel: "\(sizes) (log scale)",
                         yLabel: "time per operation (median)", xKind: .logarithmic, yKind: .linear,
                         series: series, reference: nil, formatX: Self.count, formatY: Self.time, palette: palette)
    }

    private static func optimistic(_ benchmark: SuiteBenchmark) -> (step: String, size: Int)? {
        if case let .optimistic(step, size) = benchmark { (step, size) } else { nil }
    }
}
