/// A region of a callgrind run whose instruction count the harness reads back: which
/// benchmark (nil for an empty baseline), the path the loop called it through, and how many
/// operations it ran.
///
/// The region travels as its dump label (`CALLGRIND_DUMP_STATS_AT`), which callgrind writes
/// on the dump file's `desc: Trigger: Client Request:` line.
struct InstructionRegion: Hashable, Sendable {
    /// The benchmark's name (as declared, without the executable's); nil for the empty
    /// operation the harness subtracts.
    var benchmark: String?
    /// How the loop called the operation.
    var callPath: BenchmarkInstance.CallPath
    /// Operations run inside the region.
    var iterations: Int

    private static let prefix = "lattice-bench"
    private static let baselineName = "-"

    /// `lattice-bench <iterations> <call path> <name>`, with `-` naming the baseline (a
    /// benchmark named `-` is refused by `BenchmarkMain`).
    var label: String {
        "\(Self.prefix) \(iterations) \(callPath.rawValue) \(benchmark ?? Self.baselineName)"
    }

    /// Reads a label written by `label`; nil for any other dump (e.g. the final one at exit).
    init?(label: String) {
        let parts = label.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.prefix, let iterations = Int(parts[1]),
              iterations > 0, let callPath = BenchmarkInstance.CallPath(rawValue: String(parts[2])),
              !parts[3].isEmpty else { return nil }
        self.iterations = iterations
        self.callPath = callPath
        benchmark = parts[3] == Self.baselineName ? nil : String(parts[3])
    }

    /// A region of `iterations` operations of `benchmark` (nil: the baseline) called through
    /// `callPath`.
    init(benchmark: String?, callPath: BenchmarkInstance.CallPath, iterations: Int) {
        self.benchmark = benchmark
        self.callPath = callPath
        self.iterations = iterations
    }
}
