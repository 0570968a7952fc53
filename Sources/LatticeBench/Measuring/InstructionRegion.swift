/// A region of a callgrind run whose instruction count the harness reads back: which
/// benchmark (nil for an empty baseline), the path the loop called it through, the heap
/// layout it was set up in (`HeapLayout`), and how many operations it ran.
///
/// The region travels as its dump label (`CALLGRIND_DUMP_STATS_AT`), which callgrind writes
/// on the dump file's `desc: Trigger: Client Request:` line.
struct InstructionRegion: Hashable, Sendable {
    /// The benchmark's name (as declared, without the executable's); nil for the empty
    /// operation the harness subtracts.
    var benchmark: String?
    /// How the loop called the operation.
    var callPath: BenchmarkInstance.CallPath
    /// The heap layout the benchmark was set up in (0: unshifted).
    var layout: Int
    /// Operations run inside the region.
    var iterations: Int

    /// Whether callgrind's instrumentation stops and starts again inside the region: around
    /// each operation of a benchmark with a set-up per operation (`InstructionCounter`). Each
    /// start resets callgrind's counters, so such a region's count is the sum of its dump's
    /// cost lines (`CallgrindOutput.total(of:summingCostLines:)`), not its summary.
    var switchesInstrumentation: Bool {
        Self.switchesInstrumentation(callPath)
    }

    /// Whether the regions of benchmarks called through `path` switch instrumentation.
    static func switchesInstrumentation(_ path: BenchmarkInstance.CallPath) -> Bool {
        path == .withSetUpEach
    }

    private static let prefix = "lattice-bench"
    private static let baselineName = "-"

    /// `lattice-bench <iterations> <call path> <layout> <name>`, with `-` naming the baseline
    /// (a benchmark named `-` is refused by `BenchmarkMain`).
    var label: String {
        "\(Self.prefix) \(iterations) \(callPath.rawValue) \(layout) \(benchmark ?? Self.baselineName)"
    }

    /// Reads a label written by `label`; nil for any other dump (e.g. the final one at exit).
    init?(label: String) {
        let parts = label.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == Self.prefix, let iterations = Int(parts[1]),
              iterations > 0, let callPath = BenchmarkInstance.CallPath(rawValue: String(parts[2])),
              let layout = Int(parts[3]), layout >= 0, !parts[4].isEmpty else { return nil }
        self.iterations = iterations
        self.callPath = callPath
        self.layout = layout
        benchmark = parts[4] == Self.baselineName ? nil : String(parts[4])
    }

    /// A region of `iterations` operations of `benchmark` (nil: the baseline) called through
    /// `callPath`, set up in heap layout `layout`.
    init(benchmark: String?, callPath: BenchmarkInstance.CallPath, layout: Int = 0, iterations: Int) {
        self.benchmark = benchmark
        self.callPath = callPath
        self.layout = layout
        self.iterations = iterations
    }
}
