import LatticeBench

/// The tables of the suite's sections, built once from a `SuiteIndex` and shown by both
/// BENCHMARKS.md and the dashboard (`SuiteSections`); each benchmark's own in
/// `SuiteTables+<Benchmark>.swift`.
struct SuiteTables {
    /// Decision record 0001's figures for the eight-field row body on an Apple M1 Pro (its
    /// Evidence), by field-read reader: medians per field, of its generated accessors.
    static let decisionRecordFigures: [String: String] = ["generatedTracked": "638 ns", "generatedUntracked": "25.9 ns"]
    /// The body size decision record 0001 measured.
    static let decisionRecordBodyFields = 8

    let index: SuiteIndex

    /// Phase read per operation (largest first) and strategy: tracked and untracked time,
    /// allocations and instructions per tracked read.
    func phaseRead() -> TextTable {
        var table = TextTable(headers: ["operation", "strategy", "tracked (median [95% CI])", "untracked",
                                          "mallocs / read", "bytes / read", "instructions / read"],
                                numericFrom: 2)
        for operation in index.phaseReadOperations {
            for strategy in index.strategies {
                let tracked = index[.phaseRead(strategy: strategy, operation: operation, tracked: true)]
                let untracked = index[.phaseRead(strategy: strategy, operation: operation, tracked: false)]
                guard tracked != nil || untracked != nil else { continue }
                table.append([operation, strategy,
                                   FigureText.figure(tracked?.metric(named: Metric.wallTime.name)),
                                   FigureText.figure(untracked?.metric(named: Metric.wallTime.name)),
                                   FigureText.figure(tracked?.metric(named: Metric.mallocs.name)),
                                   FigureText.figure(tracked?.metric(named: Metric.bytesAllocated.name)),
                                   FigureText.figure(tracked?.metric(named: Metric.instructions.name))])
            }
        }
        return table
    }

    /// Field reads per body size and reader, per body and per field, beside decision record
    /// 0001's figures.
    func fieldRead() -> TextTable {
        var table = TextTable(headers: ["body fields", "reader", "per body", "per field",
                                          "record, M1 Pro, per field"], numericFrom: 2)
        let (readers, sizes) = index.fieldReaders
        for size in sizes {
            for reader in readers {
                guard let result = index[.fieldRead(reader: reader, fields: size)] else { continue }
                let time = result.metric(named: Metric.wallTime.name)
                let recorded = size == Self.decisionRecordBodyFields ? Self.decisionRecordFigures[reader] ?? "" : ""
                table.append([size.grouped, reader, FigureText.figure(time),
                                   FigureText.figure(time, scale: Double(size)), recorded])
            }
        }
        return table
    }

    /// Body re-runs per operation and commit kind: each strategy's count, then each
    /// non-stored strategy's extra bodies against `stored`.
    func bodyReruns() -> TextTable {
        let strategies = index.strategies
        let others = strategies.filter { $0 != StrategyName.stored }
        var table = TextTable(headers: ["operation", "commit"] + strategies.map { "bodies: \($0)" }
                                    + others.map { "extra: \($0)" }, numericFrom: 2)
        let (operations, commits) = index.bodyRerunCases
        for operation in operations {
            for commit in commits {
                let results = strategies.map {
                    index[.bodyReruns(strategy: $0, operation: operation, commit: commit)]
                }
                guard results.contains(where: { $0 != nil }) else { continue }
                let bodies = results.map { FigureText.figure($0?.metric(named: SuiteBenchmark.CountName.bodies)) }
                let extra = others.map {
                    FigureText.figure(index[.bodyReruns(strategy: $0, operation: operation, commit: commit)]?
                        .metric(named: SuiteBenchmark.CountName.extraBodies))
                }
                table.append([operation, commit] + bodies + extra)
            }
        }
        return table
    }

    /// Tracked phase read time against the number of fields the verdict walks, per strategy.
    func readScaling() -> TextTable {
        let strategies = index.strategies
        var table = TextTable(headers: ["fields"] + strategies, numericFrom: 0)
        for size in index.readScalingSizes {
            table.append([size.grouped] + strategies.map {
                FigureText.figure(index[.readScaling(strategy: $0, fields: size)]?.metric(named: Metric.wallTime.name))
            })
        }
        return table
    }

    /// One commit's time, instructions, allocations and the runtime's counters against
    /// retained handles, per strategy: a commit one handle reads, and one that no handle reads.
    func commitScaling() -> TextTable {
        let counters = countMetrics(of: index.entries.filter {
            if case .commitScaling = $0.benchmark { true } else { false }
        }.map(\.result))
        var table = TextTable(headers: ["retained handles", "commit", "strategy", "time / commit", "instructions / commit",
                                          "mallocs / commit", "bytes / commit"] + counters, numericFrom: 3)
        for touched in [true, false] {
            for size in index.commitScalingSizes {
                for strategy in index.strategies {
                    guard let result = index[.commitScaling(strategy: strategy, handles: size, touched: touched)]
                    else { continue }
                    table.append([size.grouped, touched ? "read by one handle" : "read by none", strategy,
                                  FigureText.figure(result.metric(named: Metric.wallTime.name)),
                                  FigureText.figure(result.metric(named: Metric.instructions.name)),
                                  FigureText.figure(result.metric(named: Metric.mallocs.name)),
                                  FigureText.figure(result.metric(named: Metric.bytesAllocated.name))]
                                 + counters.map { FigureText.figure(result.metric(named: $0)) })
                }
            }
        }
        return table
    }

    /// The same commit with the runtime's counters in each setting, then with the event log
    /// in each.
    func countersCost() -> TextTable {
        var table = TextTable(headers: ["setting", "time / commit", "instructions / commit", "mallocs / commit"],
                              numericFrom: 1)
        let settings = index.counterSettings.map { ("counters \($0)", SuiteBenchmark.countersCost(setting: $0)) }
            + index.eventLogSettings.map { ("event log \($0)", SuiteBenchmark.eventLogCost(setting: $0)) }
        for (setting, benchmark) in settings {
            let result = index[benchmark]
            table.append([setting, FigureText.figure(result?.metric(named: Metric.wallTime.name)),
                          FigureText.figure(result?.metric(named: Metric.instructions.name)),
                          FigureText.figure(result?.metric(named: Metric.mallocs.name))])
        }
        return table
    }

    /// Whether counting costs anything: counters on against off, by the comparison's test
    /// (nil when either was not measured).
    func countersOutcome() -> String? {
        let settings = index.counterSettings
        guard settings.contains("off"), settings.contains("on"),
              let off = index[.countersCost(setting: "off")]?.metric(named: Metric.wallTime.name),
              let on = index[.countersCost(setting: "on")]?.metric(named: Metric.wallTime.name),
              let comparison = try? Comparison(metric: .wallTime, baseline: off.samples, candidate: on.samples)
        else { return nil }
        // Measured one after the other, the two drift apart on a busy machine: say so rather
        // than call the drift a cost.
        if FigureText.isUndecided(off) || FigureText.isUndecided(on) {
            return "Counters on against off: undecided, too noisy to compare (robust CV \(FigureText.percent(off.summary.robustCV)) "
                + "and \(FigureText.percent(on.summary.robustCV)))."
        }
        let p = comparison.pValue.map { ", " + ValueFormat.probability($0) } ?? ""
        let change = comparison.relativeChange.map(ValueFormat.percent) ?? "?"
        switch comparison.outcome {
        case .noChange, .undecided: // a plain sample comparison is never undecided
            return "Counters on against off: no change beyond the noise band (\(change)\(p)); off, which does less, costs nothing measurable."
        case .regression, .improvement:
            return "Counters on against off: \(change)\(p); off skips every counting site."
        }
    }

    /// The tracked read of the cheapest strategy's phase on the first operation: close to the
    /// cost of the tracking scope itself (one field registered and cancelled).
    func scopeBaseline() -> String? {
        guard let operation = index.phaseReadOperations.first else { return nil }
        let medians = index.strategies.compactMap {
            index[.phaseRead(strategy: $0, operation: operation, tracked: true)]?
                .metric(named: Metric.wallTime.name)?.summary.median
        }
        return medians.min().map { ValueFormat.string($0, unit: .nanoseconds) }
    }

    /// Allocations per operation of every benchmark that counted them.
    func allocations() -> TextTable {
        var table = TextTable(headers: ["benchmark", "mallocs / op", "bytes / op", "retains / op", "releases / op",
                                        "peak resident", "most allocations at (per op)"], numericFrom: 1)
        for result in index.results.benchmarks {
            let mallocs = result.metric(named: Metric.mallocs.name)
            let bytes = result.metric(named: Metric.bytesAllocated.name)
            guard mallocs != nil || bytes != nil else { continue }
            table.append([result.name, FigureText.figure(mallocs), FigureText.figure(bytes),
                          FigureText.figure(result.metric(named: Metric.retains.name)),
                          FigureText.figure(result.metric(named: Metric.releases.name)),
                          FigureText.figure(result.metric(named: Metric.peakResident.name)),
                          Self.sites(result.metric(named: Metric.instructions.name)?.allocationSites)])
        }
        return table
    }

    /// How many sites of a benchmark the allocations table names.
    static let sitesShown = 3

    /// The first `sitesShown` allocation sites: `` `Lattice.Store.publish(_:)` 3, … ``; `–` when
    /// not counted, `none` when the operation allocated nothing.
    static func sites(_ sites: [AllocationSite]?) -> String {
        guard let sites else { return FigureText.missing }
        guard !sites.isEmpty else { return "none" }
        return sites.prefix(sitesShown).map { "`\($0.function)` \(FigureText.significant($0.allocations))" }
            .joined(separator: ", ")
    }

    /// Bytes read and written per operation, for the benchmarks that read or wrote anything.
    func inputOutput() -> TextTable {
        var table = TextTable(headers: ["benchmark", "read / op", "written / op"], numericFrom: 1)
        for result in index.results.benchmarks {
            let read = result.metric(named: Metric.bytesRead.name)
            let written = result.metric(named: Metric.bytesWritten.name)
            guard read != nil || written != nil else { continue }
            table.append([result.name, FigureText.figure(read), FigureText.figure(written)])
        }
        return table
    }

    /// Every metric of the benchmarks outside the suite's naming scheme.
    func otherBenchmarks() -> TextTable {
        var table = TextTable(headers: ["benchmark", "metric", "median"], numericFrom: 2)
        for result in index.others {
            for metric in result.metrics {
                table.append([result.name, metric.metric.name, FigureText.figure(metric)])
            }
        }
        return table
    }

    /// Count metrics other than the harness's (the runtime's counters), in first-seen order.
    private func countMetrics(of results: [BenchmarkResult]) -> [String] {
        var seen = Set<String>()
        return results.flatMap(\.metrics).map(\.metric)
            .filter { $0.unit == .count && ![Metric.mallocs, .retains, .releases].contains($0) }
            .map(\.name)
            .filter { seen.insert($0).inserted }
    }
}
