import LatticeBench

/// Lattice's benchmark suite, declared once beside its executables: what `lattice bench` runs
/// (`executables`, which `lattice bench --executables` prints for the `swift package bench`
/// plugin), the benchmark its flamegraph profiles, the three phase strategies its benchmarks
/// carry, and its sections of BENCHMARKS.md and the dashboard (`report(of:)`). Each benchmark's
/// name is built and parsed by `SuiteBenchmark`. The CLI hands it to the lab.
///
/// Budgets: ResponsePath's large list takes up to 0.4 s a sample (1.4 s for JSONDecoder), so 4 s
/// give its steps the eight samples at pace a figure needs; counts need no long sampling
/// (BodyReruns). BodyReruns counts under one heap layout: its commit cycles are judged with
/// tolerances that cover what the layouts would show, and one layout takes its instruction pass
/// from 191 s to about 107 s. RecordPage's timing pass took about 29 s at 3 s a benchmark for its eleven
/// steps, and issue 38's six rows add about 18 s (`collectNone`'s samples, a refill of 50,004
/// records and a pass, are the longest: about 0.2 s of CPU); one heap layout takes its
/// instruction pass from 60 s to 27 s before those rows, which add about 56 s to it (most of
/// it `collectNone`'s 838 million instructions an operation); issue 38's floor, `referenceParse`, adds its
/// 3 s of samples and 6 million instructions an operation. GeneratedCompile's samples are
/// whole compiles of 1 to 2 s: 16 s give each of its two figures the ten or so samples a figure
/// at pace needs; GenerateScaling's larger samples take about 1 s, so 12 s.
public struct LatticeSuite: BenchmarkSuite {
    /// The suite. A value of constants: making one costs nothing.
    public init() {}

    /// The executables, in the order a run measures them.
    public let executables = [
        SuiteExecutable("FieldRead", budget: 2, hashSeeds: 6),
        SuiteExecutable("PhaseRead", budget: 3, hashSeeds: 6),
        SuiteExecutable("BodyReruns", budget: 0.2, heapLayouts: 1),
        SuiteExecutable("ReadScaling", budget: 2, hashSeeds: 6),
        SuiteExecutable("CommitScaling", budget: 2),
        SuiteExecutable("ResponsePath", budget: 4),
        SuiteExecutable("FanOut", budget: 0.5),
        SuiteExecutable("RecordPage", budget: 3, heapLayouts: 1),
        SuiteExecutable("Optimistic", budget: 1, heapLayouts: 1),
        SuiteExecutable("Pagination", budget: 1, heapLayouts: 1),
        SuiteExecutable("Lifetime", budget: 1, heapLayouts: 1),
        SuiteExecutable("Incremental", budget: 1, heapLayouts: 1),
        SuiteExecutable("GeneratedCompile", budget: 16),
        SuiteExecutable("GenerateScaling", budget: 12),
    ]

    /// The first derived tracked phase read PhaseRead lists: the limited read, on the largest
    /// `@throwOnFieldError` operation, which it measures first.
    public let profiled = ProfiledBenchmark(executable: "PhaseRead", pattern: "PhaseRead/\(StrategyName.derived)/*/tracked")

    /// The phase strategies, today's runtime first.
    public let strategies = [
        SuiteStrategy(StrategyName.stored, role: "the phase stored and settled after every commit (as built)",
                      color: "#4e79a7"),
        SuiteStrategy(StrategyName.derived, role: "the phase derived when read (decision record 0001)", color: "#e15759"),
        SuiteStrategy(StrategyName.rootVerdict,
                      role: "the verdict settled at the commit, kept on the root, the phase derived from it",
                      color: "#59a14f"),
    ]

    /// The suite's sections of the benchmarks page and the dashboard (`SuiteSections+Page`,
    /// `SuiteSections+Dashboard`), the gain of the decided strategy over `stored`, and the history's
    /// commit figures at the most retained handles and `derived`'s crossover.
    /// - Complexity: O(benchmarks · metrics), plus the charts' samples.
    public func report(of run: JudgedRun) -> SuiteReport {
        let sections = SuiteSections(run: run, suite: self)
        let history = sections.historyFigures()
        return SuiteReport(page: sections.page(), dashboard: sections.dashboard(), gain: sections.gainLine(),
                           historyFigures: history.figures, historyPaces: history.paces)
    }
}
