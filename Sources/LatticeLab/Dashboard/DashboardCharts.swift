import LatticeBench

/// The dashboard's charts, each an `<svg>` element drawn from the results: distributions
/// from raw samples, scaling curves with the read limit, counts as bars, and the history.
/// A chart whose data was not measured is absent (nil or empty), never drawn empty.
struct DashboardCharts {
    let findings: Findings
    let history: History

    private var index: SuiteIndex { findings.index }
    private var limitLine: LineChart.ReferenceLine? {
        findings.readBound.map { .init(value: $0, label: "limit \(ValueFormat.string($0, unit: .nanoseconds))") }
    }
    private static let time: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .nanoseconds) }
    private static let count: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .count) }
    private static let paces: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .paces) }

    /// Per operation: the raw phase read samples of each strategy, tracked and untracked.
    func phaseReadDistributions() -> [String] {
        index.phaseReadOperations.map { operation in
            var rows: [DistributionPlot.Row] = []
            for strategy in index.strategies {
                for tracked in [true, false] {
                    guard let time = index[.phaseRead(strategy: strategy, operation: operation, tracked: tracked)]?
                        .metric(named: Metric.wallTime.name) else { continue }
                    rows.append(.init(label: "\(strategy) \(tracked ? "tracked" : "untracked")", series: strategy,
                                      samples: time.samples))
                }
            }
            return DistributionPlot(title: "Phase read: \(operation)", axisLabel: "time per read (log scale)",
                                    kind: .logarithmic, rows: rows, limit: limitLine, format: Self.time).render()
        }
    }

    /// Tracked read cost against fields walked, per strategy, with the limit line.
    func readScaling() -> String? {
        let series = lines(index.strategies, over: index.readScalingSizes) { strategy, size in
            median(index[.readScaling(strategy: strategy, fields: size)], Metric.wallTime.name)
        }
        guard !series.isEmpty else { return nil }
        return LineChart(title: "Read scaling: tracked phase read against fields walked", xLabel: "fields (log scale)",
                         yLabel: "time per read", xKind: .logarithmic, yKind: .logarithmic, series: series,
                         reference: limitLine, formatX: Self.count, formatY: Self.time).render()
    }

    /// Commit time, and mallocs, against retained handles, per strategy.
    func commitScaling() -> [String] {
        [(Metric.wallTime.name, "time per commit", Self.time),
         (Metric.mallocs.name, "mallocs per commit", Self.count)].compactMap { metric, label, format in
            let series = lines(index.strategies, over: index.commitScalingSizes.filter { $0 > 0 }) { strategy, size in
                median(index[.commitScaling(strategy: strategy, handles: size, touched: true)], metric)
            }
            guard !series.isEmpty else { return nil }
            return LineChart(title: "Commit scaling: \(label)", xLabel: "retained handles (log scale)", yLabel: label,
                             xKind: .logarithmic, yKind: .logarithmic, series: series, reference: nil,
                             formatX: Self.count, formatY: format).render()
        }
    }

    /// Per-field read cost against body size, per reader.
    func fieldRead() -> String? {
        let (readers, sizes) = index.fieldReaders
        let series = lines(readers, over: sizes) { reader, size in
            median(index[.fieldRead(reader: reader, fields: size)], Metric.wallTime.name).map { $0 / Double(size) }
        }
        guard !series.isEmpty else { return nil }
        return LineChart(title: "Field read: cost per field", xLabel: "fields in the body (log scale)",
                         yLabel: "time per field", xKind: .logarithmic, yKind: .logarithmic, series: series,
                         reference: nil, formatX: Self.count, formatY: Self.time).render()
    }

    /// Per operation: bodies re-run per commit kind, one bar per strategy.
    func bodyReruns() -> [String] {
        let strategies = index.strategies
        let (operations, commits) = index.bodyRerunCases
        return operations.map { operation in
            let groups = commits.map { commit in
                BarChart.Group(label: commit, values: strategies.map {
                    median(index[.bodyReruns(strategy: $0, operation: operation, commit: commit)],
                           SuiteBenchmark.CountName.bodies)
                })
            }
            return BarChart(title: "Body re-runs: \(operation)", axisLabel: "bodies re-run per commit",
                            series: strategies, groups: groups, format: Self.count).render()
        }
    }

    /// Mallocs per tracked phase read, per operation and strategy.
    func allocations() -> String? {
        let strategies = index.strategies
        let groups = index.phaseReadOperations.map { operation in
            BarChart.Group(label: operation, values: strategies.map {
                median(index[.phaseRead(strategy: $0, operation: operation, tracked: true)], Metric.mallocs.name)
            })
        }.filter { $0.values.contains { $0 != nil } }
        guard !groups.isEmpty else { return nil }
        return BarChart(title: "Allocations per tracked phase read", axisLabel: "mallocs per read",
                        series: strategies, groups: groups, format: Self.count).render()
    }

    /// Each strategy's figure for the first limit across the recorded runs. A time is drawn in
    /// paces once any run recorded them, so a change of machine does not read as a change of
    /// the code; runs recorded before paces were cannot be converted (no pace was kept) and are
    /// left off that chart, though the history table still lists their times.
    func historyChart() -> String? {
        guard let limit = findings.decision.limits.file.limits.first, history.entries.count >= 1 else { return nil }
        let strategies = StrategyName.ordered(history.entries.flatMap(\.figures.keys).compactMap { key in
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
                              series: series, reference: reference, formatX: Self.count, formatY: formatY)
        chart.xMinimumStep = 1
        return chart.render()
    }

    /// One line per name through the sizes that have a value; lines without points left out.
    private func lines(_ names: [String], over sizes: [Int], value: (String, Int) -> Double?) -> [LineChart.Series] {
        names.map { name in
            LineChart.Series(name: name, points: sizes.compactMap { size in value(name, size).map { (Double(size), $0) } })
        }.filter { !$0.points.isEmpty }
    }

    private func median(_ result: BenchmarkResult?, _ metric: String) -> Double? {
        result?.metric(named: metric)?.summary.median
    }
}
