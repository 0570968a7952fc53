import LatticeBench

/// One of the dashboard's history charts: a limit's figure across the recorded runs, one line
/// per history key of the limit (a strategy's, for the chain's limits; the benchmark's, for a
/// decision record's own), with the limit's bound. A time is drawn in paces once any run
/// recorded them, so a change of machine does not read as a change of the code; runs recorded
/// before paces were cannot be converted (no pace was kept) and are left off the chart, though
/// the history table still lists their times. A ratio is drawn as a ratio.
struct HistoryChart {
    /// The run's findings: the limits, and the suite's strategies (their order and colours).
    let findings: Findings
    /// The runs recorded so far.
    let history: History
    /// The limit drawn.
    let limit: Limit
    /// Whose limit it is, for the title: `record 0005`, or `the chain` for a chain limit no
    /// decision record names.
    let owner: String

    /// A chart for every limit, each once: each decision record's (the chain's limits it names,
    /// then its own) in the limits file's order, after the chain's limits no record names.
    /// - Complexity: O(records · limits).
    static func every(findings: Findings, history: History) -> [HistoryChart] {
        let file = findings.decision.limits
        let named = Set(file.decisions.flatMap(\.chainLimits))
        var charts = file.file.limits.filter { !named.contains($0.id) }.map {
            HistoryChart(findings: findings, history: history, limit: $0, owner: "the chain")
        }
        for record in file.decisions {
            let chain = record.chainLimits.compactMap { id in file.file.limits.first { $0.id == id } }
            for limit in chain + record.limits where !charts.contains(where: { $0.limit.id == limit.id }) {
                charts.append(HistoryChart(findings: findings, history: history, limit: limit, owner: "record \(record.id)"))
            }
        }
        return charts
    }

    private static let count: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .count) }
    private static let paces: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .paces) }

    /// The chart as an `<svg>` element; nil when no run recorded a figure of the limit.
    /// - Complexity: O(runs · figures).
    func render() -> String? {
        let names = findings.suite.ordered(strategies: history.entries.flatMap(\.figures.keys).compactMap(seriesName))
        let isTime = limit.metric == Metric.wallTime.name && limit.relativeTo == nil
        let latestPace = history.entries.last { $0.paces != nil }?.referencePace
        let inPaces = isTime && latestPace != nil
        let series = names.map { name in
            LineChart.Series(name: name, points: history.entries.enumerated().compactMap { offset, entry in
                let key = key(of: name)
                return (inPaces ? entry.paces?[key] : entry.figures[key]).map { (Double(offset + 1), $0) }
            })
        }.filter { !$0.points.isEmpty }
        guard !series.isEmpty else { return nil }
        // A bound in nanoseconds is a different number of paces on each machine: drawn at the
        // pace of the last run that recorded one.
        let bound: Double? = inPaces ? latestPace.flatMap { PaceFigure(nanoseconds: limit.bound, reference: $0)?.value } : limit.bound
        let reference = bound.map { LineChart.ReferenceLine(value: $0, label: inPaces ? "limit at the last run's pace" : "limit") }
        let formatY: @Sendable (Double) -> String = inPaces ? Self.paces : format()
        let yLabel = inPaces ? "\(limit.metric) in paces" : limit.relativeTo == nil ? limit.metric : "\(limit.metric), ratio"
        var chart = LineChart(title: "\(owner): \(limit.id)\(inPaces ? ", in paces" : "")",
                              xLabel: "run (oldest first)", yLabel: yLabel, xKind: .linear,
                              yKind: isTime ? .logarithmic : .linear, series: series, reference: reference,
                              formatX: Self.count, formatY: formatY, palette: findings.suite.palette)
        chart.xMinimumStep = 1
        chart.width = 480
        chart.height = 260
        return chart.render()
    }

    /// The series a history key belongs to: the strategy or benchmark after the limit's id, or
    /// the limit's benchmark for a key that is the id alone (`Findings.historyEntry()`); nil for
    /// another limit's key.
    private func seriesName(_ key: String) -> String? {
        if key == limit.id { return limit.benchmark }
        return key.hasPrefix(limit.id + "/") ? String(key.dropFirst(limit.id.count + 1)) : nil
    }

    /// The history key of the series `name`.
    private func key(of name: String) -> String {
        name == limit.benchmark ? limit.id : "\(limit.id)/\(name)"
    }

    /// How the limit's figures read: as this run's judgement writes them (a ratio, or the
    /// metric's unit), or, when this run did not measure the limit, in nanoseconds for a time
    /// and as a plain number else.
    private func format() -> @Sendable (Double) -> String {
        if let evaluation = findings.evaluation(ofLimit: limit.id), evaluation.metric != nil {
            return { value in evaluation.text(value) }
        }
        let unit: Metric.Unit = limit.metric == Metric.wallTime.name && limit.relativeTo == nil ? .nanoseconds : .count
        return { value in ValueFormat.string(value, unit: unit) }
    }
}
