import LatticeBench

/// Lattice's sections of the dashboard, in the order it shows them: the tables of the benchmarks
/// page with the charts drawn from the same results.
extension SuiteSections {
    /// The dashboard's sections, between the decision and the flamegraph.
    /// - Complexity: that of the tables, plus O(samples) for the distributions.
    func dashboard() -> [ReportSection] {
        let bound = run.timeBound.map { ValueFormat.string($0, unit: .nanoseconds) } ?? "the limit"
        return [
            ReportSection("Phase read", .table(tables.phaseRead()), charts: charts.phaseReadDistributions()),
            ReportSection("Read scaling", .table(tables.readScaling()), charts: charts.readScaling().map { [$0] } ?? [],
                          note: crossoverSentences(series: { $0 }, bound: bound)),
            ReportSection("Commit scaling", .table(tables.commitScaling()), charts: charts.commitScaling()),
            ReportSection("Body re-runs", .table(tables.bodyReruns()), charts: charts.bodyReruns()),
            ReportSection("Tracked against untracked, per field", .table(tables.fieldRead()),
                          charts: charts.fieldRead().map { [$0] } ?? []),
            ReportSection("Goals", .goals(run.goals.filter { !SuiteTables.boundsResponsePath($0) })),
            ReportSection("Generated code: generating and compiling", .table(tables.generatedCompile())),
            ReportSection("Optimistic layers", .table(tables.optimistic())),
            ReportSection("Pagination", .table(tables.pagination())),
            ReportSection("Lifetime", .table(tables.lifetime())),
            ReportSection("Incremental delivery", .table(tables.incremental())),
            ReportSection("Response path", .table(tables.responsePath())),
            ReportSection("Response path goals", .goals(SuiteTables.responsePathGoals(run.goals))),
            ReportSection("Allocations", .table(tables.allocations()), charts: charts.allocations().map { [$0] } ?? []),
            ReportSection("Counters cost", .table(tables.countersCost()), note: tables.countersOutcome() ?? ""),
        ]
    }
}
