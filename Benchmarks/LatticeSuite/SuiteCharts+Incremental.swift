import LatticeBench

/// Incremental delivery on the dashboard: the multipart reader by chunk size, beside the
/// published figure of the record's system, and an answer's parts merged and committed whole
/// (`normalized`) beside each committed alone (`partsAlone`).
extension SuiteCharts {
    /// `multipart`'s median time by chunk size, with the published best of its row of the
    /// record's table as a line; nil when the run measured none.
    /// - Complexity: O(benchmarks log benchmarks + rows).
    func incrementalChunks() -> LineChart? {
        let series = stepLines(["multipart"], metric: Metric.wallTime.name, Self.incremental)
        guard !series.isEmpty else { return nil }
        let reference = ReferenceSystemFigures.rows.lazy.compactMap { row -> LineChart.ReferenceLine? in
            guard case .incremental("multipart", let size)? = row.benchmark, row.quantity.isTime else { return nil }
            return .init(value: row.figure.best, label: "published best, \(size) KB chunks, M1 Pro: "
                            + ValueFormat.string(row.figure.best, unit: .nanoseconds))
        }.first
        return LineChart(title: "Incremental delivery: the multipart body split into its parts, by chunk size",
                         xLabel: "chunk size (KiB, log scale)", yLabel: "time per answer of 20 parts (median)",
                         xKind: .logarithmic, yKind: .linear, series: series, reference: reference,
                         formatX: Self.count, formatY: Self.time, palette: palette)
    }

    /// The steps compared: the parts merged into the answer and committed, and each committed alone.
    static let incrementalCommits = ["normalized", "partsAlone"]

    /// Per chunk size: `normalized` beside `partsAlone`, median times; nil when the run measured
    /// neither. - Complexity: O(benchmarks log benchmarks).
    func incrementalCommitsBySize() -> BarChart? {
        let found = index.steps(Self.incremental).filter { Self.incrementalCommits.contains($0.step) }
        let sizes = Set(found.map(\.size)).sorted()
        guard !sizes.isEmpty else { return nil }
        let groups = sizes.map { size in
            BarChart.Group(label: "\(size) KiB chunks", values: Self.incrementalCommits.map { step in
                median(found.first { $0.step == step && $0.size == size }?.result, Metric.wallTime.name)
            })
        }
        return BarChart(title: "Incremental delivery: parts merged and committed whole, beside each committed alone",
                        axisLabel: "time per answer of 20 parts (median)", series: Self.incrementalCommits,
                        groups: groups, format: Self.time, palette: palette)
    }

    private static func incremental(_ benchmark: SuiteBenchmark) -> (step: String, size: Int)? {
        if case let .incremental(step, size) = benchmark { (step, size) } else { nil }
    }
}
