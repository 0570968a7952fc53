import CCallgrind

/// The in-process half of instruction counting: run under callgrind, it marks measured
/// regions with callgrind's client requests; `CallgrindLauncher` reads the counts back.
///
/// Every benchmark (and an empty baseline for each `CallPath`) is warmed up with `iterations` uncounted
/// operations, then counted twice: `iterations` and `2 × iterations` operations, each region
/// zeroed before and dumped after under its `InstructionRegion` label. The difference of the
/// two regions cancels the fixed cost of a region (zeroing, dumping, the loop's entry); the
/// difference of the baseline with the same call path cancels the loop's per-iteration cost. Nothing here depends on a
/// clock, so the same binary and input give the same counts. Set-up and tear-down run
/// uninstrumented, so a suite that builds thousands of handles per benchmark stays fast.
@MainActor
enum InstructionCounter {
    /// Whether the process runs under valgrind.
    static var isRunningUnderValgrind: Bool {
        lattice_running_on_valgrind() != 0
    }

    /// Runs and marks the regions of `benchmarks`, labelled with their own names (the parent
    /// adds the executable's name, which a symbolic link could change).
    /// - Throws: whatever a benchmark's `setUp` or operation throws.
    /// - Complexity: `4 × iterations` operations per benchmark, at callgrind's speed.
    static func markRegions(_ benchmarks: [Benchmark], iterations: Int, progress: Progress) throws {
        for baseline in [Benchmark("-") {}, Benchmark("-", setUp: {}, operation: { _ in })] {
            try measure(baseline, name: nil, iterations: iterations)
        }
        for benchmark in benchmarks {
            progress.line("\(benchmark.name): counting instructions")
            try measure(benchmark, name: benchmark.name, iterations: iterations)
        }
    }

    /// Sets `benchmark` up and tears it down uninstrumented (callgrind then runs the code
    /// several times faster and counts nothing), and instruments only its warm-up and regions.
    private static func measure(_ benchmark: Benchmark, name: String?, iterations: Int) throws {
        let instance = try benchmark.instantiate()
        defer { instance.tearDown() }
        lattice_callgrind_start_instrumentation()
        defer { lattice_callgrind_stop_instrumentation() }
        try measure(instance, name: name, iterations: iterations)
    }

    private static func measure(_ instance: BenchmarkInstance, name: String?, iterations: Int) throws {
        try instance.run(iterations)
        for count in [iterations, 2 * iterations] {
            let region = InstructionRegion(benchmark: name, callPath: instance.callPath, iterations: count)
            try region.label.withCString { label in
                lattice_callgrind_zero_stats()
                try instance.run(count)
                lattice_callgrind_dump_stats_at(label)
            }
        }
    }
}
