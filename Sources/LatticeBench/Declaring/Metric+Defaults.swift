extension Metric {
    /// Elapsed time on a monotonic clock, nanoseconds per operation, `.prefersSmaller`, noisy.
    public static let wallTime = Metric(name: "wallTime", unit: .nanoseconds,
                                        polarity: .prefersSmaller, exact: false)

    /// CPU time (user + system) of the measuring thread, nanoseconds per operation,
    /// `.prefersSmaller`, noisy.
    public static let cpuTime = Metric(name: "cpuTime", unit: .nanoseconds,
                                       polarity: .prefersSmaller, exact: false)

    /// The machine's speed when each timing sample was taken: nanoseconds of `MachinePace`'s
    /// fixed workload run right before the sample (`.prefersSmaller`, noisy). It describes the
    /// machine, not the benchmark; a comparison matches samples by it and never judges it.
    public static let machinePace = Metric(name: "machinePace", unit: .nanoseconds,
                                           polarity: .prefersSmaller, exact: false)

    /// jemalloc allocation requests (small + large), count per operation, `.prefersSmaller`, exact.
    public static let mallocs = Metric(name: "mallocs", unit: .count,
                                       polarity: .prefersSmaller, exact: true)

    /// Bytes allocated (jemalloc `thread.allocatedp`), bytes per operation, `.prefersSmaller`, exact.
    public static let bytesAllocated = Metric(name: "bytesAllocated", unit: .bytes,
                                              polarity: .prefersSmaller, exact: true)

    /// Instructions counted by callgrind inside the measured region, instructions per
    /// operation, `.prefersSmaller`, exact (same binary and input give the same count).
    public static let instructions = Metric(name: "instructions", unit: .instructions,
                                            polarity: .prefersSmaller, exact: true)

    /// A benchmark's own exact count (e.g. body re-runs), count per operation, `.prefersSmaller`.
    public static func count(_ name: String) -> Metric {
        Metric(name: name, unit: .count, polarity: .prefersSmaller, exact: true)
    }

    /// A figure an operation observes of itself while it runs, such as the peak memory of a
    /// child process it waited for, in `unit`, `.prefersSmaller`, noisy. The benchmark reports
    /// it (`Benchmark`'s `observe`) and the harness reads it after each timing sample: the
    /// value of the sample's last operation, not divided by the batch (a peak is no sum).
    public static func observed(_ name: String, unit: Unit) -> Metric {
        Metric(name: name, unit: unit, polarity: .prefersSmaller, exact: false)
    }

    /// The metrics the harness measures itself; any other non-exact metric a benchmark wants
    /// is one it observes.
    static let measuredByHarness: Set<Metric> = [.wallTime, .cpuTime, .machinePace, .mallocs, .bytesAllocated, .instructions]
}
