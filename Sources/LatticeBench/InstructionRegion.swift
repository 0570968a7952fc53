/// A region of a callgrind run whose instruction count the harness reads back: which
/// benchmark (nil for the empty baseline) and how many operations it ran.
///
/// The region travels as its dump label (`CALLGRIND_DUMP_STATS_AT`), which callgrind writes
/// on the dump file's `desc: Trigger: Client Request:` line.
struct InstructionRegion: Hashable, Sendable {
    /// The benchmark's result name; nil for the empty operation the harness subtracts.
    var benchmark: String?
    /// Operations run inside the region.
    var iterations: Int

    private static let prefix = "lattice-bench"
    private static let baselineName = "-"

    /// `lattice-bench <iterations> <name>`, with `-` naming the baseline (benchmark names
    /// are never `-`: they carry the executable's name first).
    var label: String {
        "\(Self.prefix) \(iterations) \(benchmark ?? Self.baselineName)"
    }

    /// Reads a label written by `label`; nil for any other dump (e.g. the final one at exit).
    init?(label: String) {
        let parts = label.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == Self.prefix, let iterations = Int(parts[1]),
              iterations > 0, !parts[2].isEmpty else { return nil }
        self.iterations = iterations
        benchmark = parts[2] == Self.baselineName ? nil : String(parts[2])
    }

    /// A region of `iterations` operations of `benchmark` (nil: the baseline).
    init(benchmark: String?, iterations: Int) {
        self.benchmark = benchmark
        self.iterations = iterations
    }
}
