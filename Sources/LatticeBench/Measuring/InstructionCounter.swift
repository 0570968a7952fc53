import CCallgrind

/// The in-process half of instruction counting: run under callgrind, it marks measured
/// regions with callgrind's client requests; `CallgrindLauncher` reads the counts back.
///
/// Every benchmark is counted under `layouts` heap layouts (`HeapLayout`): for each, it is set
/// up, warmed up with `iterations` operations, then counted twice: `iterations` and
/// `2 × iterations` operations, each region zeroed before and dumped after under its
/// `InstructionRegion` label. The difference of the two regions cancels the fixed cost of a
/// region (zeroing, dumping, the loop's entry); the difference of an empty baseline with the
/// same call path (counted once, in layout 0) cancels the loop's per-iteration cost. Nothing
/// here depends on a clock. Set-up, warm-up and tear-down run uninstrumented (valgrind then
/// runs the code several times faster and counts nothing), so a suite that builds thousands
/// of handles per benchmark stays affordable; so does a set-up per operation
/// (`Benchmark(…, setUpEach:)`): instrumentation stops before it and starts again after it
/// (`CallgrindMeter`), and its instructions are neither counted nor simulated.
@MainActor
enum InstructionCounter {
    /// Whether the process runs under valgrind.
    static var isRunningUnderValgrind: Bool {
        lattice_running_on_valgrind() != 0
    }

    /// Runs and marks the regions of `benchmarks` under `layouts` heap layouts, labelled with
    /// their own names (the parent adds the executable's name, which a symbolic link could
    /// change).
    /// - Throws: whatever a benchmark's `setUp` or operation throws.
    /// - Complexity: `layouts` set-ups and `4 × iterations` operations per layout and
    ///   benchmark, three of them at callgrind's speed.
    static func markRegions(_ benchmarks: [Benchmark], iterations: Int, layouts: Int, progress: Progress) throws {
        for path in BenchmarkInstance.CallPath.allCases {
            try measure(Benchmark.empty(path), name: nil, layout: 0, iterations: iterations)
        }
        for benchmark in benchmarks {
            progress.line("\(benchmark.name): counting instructions")
            for layout in 0..<layouts {
                try measure(benchmark, name: benchmark.name, layout: layout, iterations: iterations)
            }
        }
    }

    private static func measure(_ benchmark: Benchmark, name: String?, layout: Int, iterations: Int) throws {
        let heap = HeapLayout(layout)
        defer { heap.release() }
        let instance = try benchmark.instantiate()
        defer { instance.tearDown() }
        try instance.run(iterations)
        var meter = CallgrindMeter(switching: InstructionRegion.switchesInstrumentation(instance.callPath))
        if !meter.switching { lattice_callgrind_start_instrumentation() }
        defer { lattice_callgrind_stop_instrumentation() }
        for count in [iterations, 2 * iterations] {
            let region = InstructionRegion(benchmark: name, callPath: instance.callPath, layout: layout,
                                           iterations: count)
            try region.label.withCString { label in
                lattice_callgrind_zero_stats()
                try instance.run(count, metering: &meter)
                lattice_callgrind_dump_stats_at(label)
            }
        }
    }
}

/// Callgrind's instrumentation, on for the measured parts only, when it `switching`: around
/// each operation of a benchmark with a set-up per operation, whose set-ups then run
/// uninstrumented. Otherwise it stays on across both regions of a benchmark and this meter
/// does nothing: each start resets callgrind's counters, which a region's summary reads
/// (`InstructionRegion.switchesInstrumentation`). A start also makes valgrind flush its
/// translations, which costs time, never instructions counted.
private struct CallgrindMeter: Meter {
    let switching: Bool

    func start() {
        if switching { lattice_callgrind_start_instrumentation() }
    }

    func stop() {
        if switching { lattice_callgrind_stop_instrumentation() }
    }
}
