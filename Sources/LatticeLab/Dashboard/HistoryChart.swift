import LatticeBench

/// The dashboard's history chart: each strategy's figure for the limits file's first limit
/// across the recorded runs. A time is drawn in paces once any run recorded them, so a change of
/// machine does not read as a change of the code; runs recorded before paces were cannot be
/// converted (no pace was kept) and are left off the chart, though the history table still lists
/// their times.
struct HistoryChart {
    /// The run's findings: the limits, and the suite's strategies (their order and colours).
    let findings: Findings
    /// The runs recorded so far.
    let history: History

    private static let time: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .nanoseconds) }
    private static let count: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .count) }
    private static let paces: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .paces) }

    /// The chart as an `<svg>` element; nil without a limit or a run with its figure.
    /// - Complexity: O(runs · figures).
    func render() -> String? {
        guard let limit = findings.decision.limits.file.limits.first, history.entries.count >= 1 else { return nil }
        let strategies = findings.suite.ordered(strategies: history.entries.flatMap(\.figures.keys).compactMap { key in
            key.hasPrefix(limit.id + "/") ? String(key.dropFirst(limit.id.count + 1)) : nil
        })
        let isTime = limit.metric == Metric.wallTime.name
        let latestPace = history.entries.last { $0.paces != nil }?.referencePace
        let inPaces = isTime && latestPace != nil
        let series = strategies.map { strategy in
            LineChart.Series(name: strategy, points: history.entries.enumerated().compactMap { offset, entry in
                (inPaces ? entry.paces?["\(limit.id)/\(strategy)"] : entry.figures["\(limit.id)/\(strategy)"])
                    .map { (Double(offset + 1), $0) }
            })
        }.filter { !$0.points.isEmpty }
        guard !series.isEmpty else { return nil }
        let formatY: @Sendable (Double) -> String = inPaces ? Self.paces : isTime ? Self.time : Self.count
        let yKind: ChartScale.Kind = isTime ? .logarithmic : .linear
        // A bound in nanoseconds is a different number of paces on each machine: drawn at the
        // pace of the last run that recorded one.
        let bound = inPaces ? latestPace.flatMap { PaceFigure(nanoseconds: limit.bound, reference: $0)?.value } : limit.bound
        let reference = bound.map { LineChart.ReferenceLine(value: $0, label: inPaces ? "limit at the last run's pace" : "limit") }
        var chart = LineChart(title: "History: \(limit.id) per run\(inPaces ? ", in paces" : "")", xLabel: "run (oldest first)",
                              yLabel: inPaces ? "\(limit.metric) in paces" : limit.metric, xKind: .linear, yKind: yKind,
                              series: series, reference: reference, formatX: Self.count, formatY: formatY,
                              palette: findings.suite.palette)
        chart.xMinimumStep = 1
        return chart.render()
    }
}
