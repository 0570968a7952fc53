import LatticeBench

/// A suite declared in the lab's tests, knowing nothing of Lattice's: two executables, the
/// chain's three strategies under roles and colours of its own, and sections of each kind (a
/// table of every benchmark with a chart, the goals, one never measured). The lab renders
/// whatever sections a suite gives; these tests hold it to that.
struct FixtureSuite: BenchmarkSuite {
    let executables = [SuiteExecutable("Alpha", budget: 1), SuiteExecutable("Beta", budget: 2.5, hashSeeds: 3)]
    let profiled = ProfiledBenchmark(executable: "Alpha", pattern: "Alpha/*")
    let strategies = [SuiteStrategy("stored", role: "the fixture's baseline", color: "#000001"),
                      SuiteStrategy("derived", role: "the fixture's candidate", color: "#000002"),
                      SuiteStrategy("rootVerdict", role: "the fixture's fallback", color: "#000003")]

    /// Every benchmark's median time, the goals, and an empty section; the gain names what ships;
    /// the history keeps how many benchmarks the run had.
    func report(of run: JudgedRun) -> SuiteReport {
        var table = TextTable(headers: ["benchmark", "time"], numericFrom: 1)
        for result in run.results.benchmarks {
            table.append([result.name, FigureText.figure(result.metric(named: Metric.wallTime.name))])
        }
        let chart = BarChart(title: "Fixture: times", axisLabel: "time", series: ["time"],
                             groups: run.results.benchmarks.map {
                                 BarChart.Group(label: $0.name, values: [$0.metric(named: Metric.wallTime.name)?.summary.median])
                             }, format: { "\($0)" }, palette: palette)
        let sections = [
            ReportSection("Every benchmark", about: "Each benchmark's time, as the fixture lists it.", .table(table),
                          charts: run.results.benchmarks.isEmpty ? [] : [chart.render()], note: "The fixture's note."),
            ReportSection("Fixture goals", about: "The goals, as the lab shows them.", .goals(run.goals)),
            ReportSection("Never measured", about: "Nothing.", .table(TextTable(headers: ["a"], numericFrom: 1))),
        ]
        return SuiteReport(page: sections, dashboard: sections,
                           gain: run.decided.map { "Shipping `\($0)` gains what the fixture says." },
                           historyFigures: ["fixtureBenchmarks": Double(run.results.benchmarks.count)])
    }
}
