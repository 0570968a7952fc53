/// What a measuring mode reads around the measured part of a batch: the clocks (`TimingSample`),
/// the allocation and custom counters (`ExactSampling`), callgrind's instrumentation
/// (`InstructionCounter`), the profiler's sampling (`ProfilingSession`).
///
/// `BenchmarkInstance.run(_:metering:)` starts it before the measured part and stops it after:
/// once around the whole batch, or around each operation of a benchmark that sets each one up
/// (`Benchmark(…, setUpEach:)`), after that set-up. A meter adds up what it reads over the
/// starts and stops of a batch, so a set-up per operation falls outside every figure.
@MainActor
protocol Meter {
    /// Begins a measured part.
    mutating func start()
    /// Ends the measured part `start()` began.
    mutating func stop()
}
