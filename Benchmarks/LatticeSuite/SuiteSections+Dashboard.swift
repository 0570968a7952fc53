import LatticeBench

/// Lattice's sections of the dashboard, in the order it shows them: the tables of the benchmarks
/// page with the charts drawn from the same results. A chart whose benchmarks the results lack (a
/// quick or filtered run) is left out with a note saying which.
extension SuiteSections {
    /// The dashboard's sections, between the decision and the flamegraph.
    /// - Complexity: that of the tables, plus O(samples) for the distributions.
    func dashboard() -> [ReportSection] {
        let bound = run.timeBound.map { ValueFormat.string($0, unit: .nanoseconds) } ?? "the limit"
        return [
            section("Phase read", tables.phaseRead(), [(charts.phaseReadDistributions(), "PhaseRead/*")]),
            section("Read scaling", tables.readScaling(), [(drawn(charts.readScaling()), "ReadScaling/*")],
                    note: crossoverSentences(series: { $0 }, bound: bound)),
            section("Commit scaling", tables.commitScaling(), [(charts.commitScaling(), "CommitScaling/*")]),
            section("Body re-runs", tables.bodyReruns(), [(charts.bodyReruns(), "BodyReruns/*")]),
            section("Tracked against untracked, per field", tables.fieldRead(),
                    [(drawn(charts.fieldRead()), "FieldRead/*")]),
            ReportSection("Goals", .goals(run.goals.filter { !SuiteTables.boundsResponsePath($0) })),
            ReportSection("Generated code: generating and compiling", .table(tables.generatedCompile())),
            section("The record's benchmark", tables.recordPage(),
                    [(charts.recordPage().map { $0.render() }, "benchmark of the record's table")]),
            section("Optimistic layers", tables.optimistic(),
                    [(drawn(charts.optimisticCycle()?.render()), "Optimistic/cycle/*"),
                     (drawn(charts.optimisticRebase()?.render()), "Optimistic/rebase/*"),
                     (drawn(charts.optimisticRows()?.render()), "Optimistic/rows/*")]),
            section("Pagination", tables.pagination(),
                    [(drawn(charts.paginationByPage()?.render()), "Pagination/load/* or Pagination/listBody/*")]),
            section("Lifetime", tables.lifetime(), [(charts.lifetimePlateau().map { $0.render() }, "Lifetime/scroll/*")]),
            section("Incremental delivery", tables.incremental(),
                    [(drawn(charts.incrementalChunks()?.render()), "Incremental/multipart/*"),
                     (drawn(charts.incrementalCommitsBySize()?.render()),
                      "Incremental/normalized/* or Incremental/partsAlone/*")]),
            section("Response path", tables.responsePath(),
                    [(charts.responsePathSteps().map { $0.render() }, "ResponsePath/*")]),
            ReportSection("Response path goals", .goals(SuiteTables.responsePathGoals(run.goals))),
            section("Allocations", tables.allocations(), [(drawn(charts.allocations()), "PhaseRead/*/tracked")]),
            ReportSection("Counters cost", .table(tables.countersCost()), note: tables.countersOutcome() ?? ""),
        ]
    }

    /// A section of `table` with the charts of `wanted` (each group's charts, and the benchmarks
    /// they draw), a group with none left out with a note naming what the results lack.
    private func section(_ title: String, _ table: TextTable, _ wanted: [(charts: [String], benchmarks: String)],
                         note: String = "") -> ReportSection {
        ReportSection(title, .table(table), charts: wanted.flatMap(\.charts), note: note,
                      omitted: wanted.filter(\.charts.isEmpty).map {
                          "No chart: the results hold no \($0.benchmarks) (a quick or filtered run)."
                      })
    }

    /// A chart drawn, or none.
    private func drawn(_ svg: String?) -> [String] { svg.map { [$0] } ?? [] }
}
