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
}
