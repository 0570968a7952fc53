/// A suite of benchmark executables as the lab runs and reports it: the one declaration a suite
/// makes of itself (Lattice's is `LatticeSuite`, beside its benchmarks). The lab (LatticeLab)
/// runs the executables, judges their results against a limits file and writes the benchmarks
/// page and the dashboard around the sections the suite gives it; the suite knows its
/// benchmarks' names and what they measure, the lab knows neither.
///
/// A suite's declaration lives where its executables import it, and they import the harness and
/// nothing of the lab, so what a suite hands the lab is made of the harness's types: plain values
/// (`SuiteExecutable`, `ProfiledBenchmark`, `SuiteStrategy`) and the sections of one judged run
/// (`JudgedRun` in, `SuiteReport` out).
public protocol BenchmarkSuite: Sendable {
    /// The executables, in the order a run measures them.
    var executables: [SuiteExecutable] { get }
    /// The benchmark the dashboard's flamegraph shows.
    var profiled: ProfiledBenchmark { get }
    /// The strategies the suite's benchmarks carry in their names, in the order the reports list
    /// them, each with what it is and its colour in the charts.
    var strategies: [SuiteStrategy] { get }

    /// The suite's part of the report on `run`: its sections of the benchmarks page and of the
    /// dashboard, what shipping the decided strategy gains, and its figures for the history.
    /// - Complexity: the suite's; it renders every table and chart of its sections.
    func report(of run: JudgedRun) -> SuiteReport
}

extension BenchmarkSuite {
    /// The executable named `name`, if the suite has it. - Complexity: O(executables).
    public func executable(named name: String) -> SuiteExecutable? {
        executables.first { $0.name == name }
    }

    /// `names` without repeats: the suite's strategies first, in their order, then any other
    /// name alphabetically. - Complexity: O(n log n).
    public func ordered(strategies names: some Sequence<String>) -> [String] {
        let known = strategies.map(\.name)
        let unique = Set(names)
        return known.filter(unique.contains) + unique.subtracting(known).sorted()
    }

    /// What `strategy` is, for the chain's headings; "a strategy of the chain" for a name the
    /// suite does not know. - Complexity: O(strategies).
    public func role(of strategy: String) -> String {
        strategies.first { $0.name == strategy }?.role ?? "a strategy of the chain"
    }

    /// The charts' colours: each strategy's own. - Complexity: O(strategies).
    public var palette: Palette {
        Palette(fixed: Dictionary(strategies.map { ($0.name, $0.color) }, uniquingKeysWith: { first, _ in first }))
    }
}
