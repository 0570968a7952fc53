import LatticeBench

/// The suite's charts on the dashboard, each an `<svg>` element drawn from the results:
/// distributions from raw samples, scaling curves with the read limit, counts as bars. A chart
/// whose data was not measured is absent (nil or empty), never drawn empty.
struct SuiteCharts {
    /// The run's benchmarks, by what they measure.
    let index: SuiteIndex
    /// The phase read's limit (`JudgedRun.timeBound`), drawn on the read charts.
    let timeBound: Double?
    /// Each strategy's colour.
    let palette: Palette

    private var limitLine: LineChart.ReferenceLine? {
        timeBound.map { .init(value: $0, label: "limit \(ValueFormat.string($0, unit: .nanoseconds))") }
    }
    static let time: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .nanoseconds) }
    static let count: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .count) }
    static let bytes: @Sendable (Double) -> String = { value in ValueFormat.string(value, unit: .bytes) }

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
                                    kind: .logarithmic, rows: rows, limit: limitLine, format: Self.time, palette: palette).render()
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
                         reference: limitLine, formatX: Self.count, formatY: Self.time, palette: palette).render()
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
                             formatX: Self.count, formatY: format, palette: palette).render()
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
                         reference: nil, formatX: Self.count, formatY: Self.time, palette: palette).render()
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
                            series: strategies, groups: groups, format: Self.count, palette: palette).render()
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
                        series: strategies, groups: groups, format: Self.count, palette: palette).render()
    }

    /// One line per name through the sizes that have a value; lines without points left out.
    func lines(_ names: [String], over sizes: [Int], value: (String, Int) -> Double?) -> [LineChart.Series] {
        names.map { name in
            LineChart.Series(name: name, points: sizes.compactMap { size in value(name, size).map { (Double(size), $0) } })
        }.filter { !$0.points.isEmpty }
    }

    /// One line per step of `steps` through the sizes `recognize` names it at (`SuiteIndex.steps`),
    /// of `metric`'s median; lines without points left out.
    /// - Complexity: O(benchmarks log benchmarks).
    func stepLines(_ steps: [String], metric: String,
                   _ recognize: (SuiteBenchmark) -> (step: String, size: Int)?) -> [LineChart.Series] {
        let found = index.steps(recognize)
        return steps.map { step in
            LineChart.Series(name: step, points: found.filter { $0.step == step }.compactMap { entry in
                median(entry.result, metric).map { (Double(entry.size), $0) }
            })
        }.filter { !$0.points.isEmpty }
    }

    /// `metric`'s median in `result`; nil when either is missing.
    func median(_ result: BenchmarkResult?, _ metric: String) -> Double? {
        result?.metric(named: metric)?.summary.median
    }
}
