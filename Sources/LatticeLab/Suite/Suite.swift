/// The benchmark suite the lab runs: its executables in the order they run, and which of
/// them the dashboard's flamegraph profiles. The one declaration of the suite: `lattice bench`
/// runs it, `lattice bench --executables` lists it (for the `swift package bench` plugin), and
/// each benchmark's name within it is built and parsed by `SuiteBenchmark`.
public struct Suite: Sendable {
    /// The executables, in the order a run measures them.
    public let executables: [SuiteExecutable]
    /// The executable whose first derived tracked read the dashboard's flamegraph shows (the
    /// limited phase read on the largest `@throwOnFieldError` operation, which it lists first).
    public let profiled: String

    /// The executable named `name`, if the suite has it.
    public func executable(named name: String) -> SuiteExecutable? {
        executables.first { $0.name == name }
    }

    /// Lattice's suite. Budgets: ResponsePath's large list takes up to 0.4 s a sample (1.4 s for
    /// JSONDecoder), so 4 s give its steps the eight samples at pace a figure needs; counts
    /// need no long sampling (BodyReruns). BodyReruns counts under one heap layout: its commit
    /// cycles are judged with tolerances that cover what the layouts would show, and one
    /// layout takes its instruction pass from 191 s to about 107 s. RecordPage's timing pass takes
    /// about 29 s at 3 s a benchmark, and one heap layout takes its instruction pass from 60 s to
    /// 27 s. GeneratedCompile's samples are whole compiles of 1 to 2 s: 16 s give each of its
    /// two figures the ten or so samples a figure at pace needs.
    public static let lattice = Suite(
        executables: [
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
        ],
        profiled: "PhaseRead")
}
