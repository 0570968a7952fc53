/// The benchmark whose sampled stacks the dashboard's flamegraph shows: the first that
/// `executable` lists under `pattern` (the harness's `--filter`).
public struct ProfiledBenchmark: Sendable, Hashable {
    /// The executable that declares it, one of the suite's.
    public let executable: String
    /// A name pattern as the harness's `--filter` takes it (a substring, a glob or `A|B`).
    public let pattern: String

    /// The first benchmark of `executable` that `pattern` selects.
    public init(executable: String, pattern: String) {
        self.executable = executable
        self.pattern = pattern
    }
}
