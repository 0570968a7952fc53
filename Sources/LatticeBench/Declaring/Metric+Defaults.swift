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

    /// How long the measuring thread waited to run while each timing sample was taken: the
    /// kernel's run-queue delay of the thread (`SchedulerReading`), nanoseconds per operation
    /// like the sample's times, `.prefersSmaller`, noisy. Like the pace it describes the
    /// machine: a sample with more than a sliver of it was preempted (`Disturbance`), and its
    /// wall time says how busy the neighbours were, not what the code costs.
    public static let runQueueWait = Metric(name: "runQueueWait", unit: .nanoseconds,
                                            polarity: .prefersSmaller, exact: false)

    /// Involuntary context switches of the measuring thread during each timing sample
    /// (`SchedulerReading`), a count per sample (not per operation), `.prefersSmaller`, noisy.
    /// It describes the machine, as `runQueueWait` does, and says how often, where that says how long.
    public static let preemptions = Metric(name: "preemptions", unit: .count,
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

    /// Strong retains per operation (`swift_retain` and its variants: `_n`, nonatomic,
    /// bridge-object, unknown-object), calls counted by callgrind in the instruction pass
    /// (`ReferenceCounting`), `.prefersSmaller`, exact. A `_n` variant is one call however many
    /// it adds; a variant forwarding to another is counted once.
    public static let retains = Metric(name: "retains", unit: .count, polarity: .prefersSmaller, exact: true)

    /// Releases per operation (`swift_release` and the same variants as `retains`), counted
    /// as `retains` is, `.prefersSmaller`, exact.
    public static let releases = Metric(name: "releases", unit: .count, polarity: .prefersSmaller, exact: true)

    /// Bytes the measuring thread passed to `read`-family system calls per operation (the
    /// kernel's `rchar` of the thread, `ThreadIO`), `.prefersSmaller`, exact. Reported where
    /// the operation read anything.
    public static let bytesRead = Metric(name: "bytesRead", unit: .bytes, polarity: .prefersSmaller, exact: true)

    /// Bytes the measuring thread passed to `write`-family system calls per operation (the
    /// kernel's `wchar`, `ThreadIO`), `.prefersSmaller`, exact. Reported where the operation
    /// wrote anything.
    public static let bytesWritten = Metric(name: "bytesWritten", unit: .bytes, polarity: .prefersSmaller, exact: true)

    /// The most memory the process held resident while a batch of the benchmark ran, above
    /// what it held before the benchmark was set up (`ResidentPeak`), bytes per sample (a peak
    /// is no sum, so not per operation), `.prefersSmaller`, noisy (pages, the allocator's
    /// caching).
    public static let peakResident = Metric(name: "peakResident", unit: .bytes, polarity: .prefersSmaller,
                                            exact: false)

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
    static let measuredByHarness = Set<Metric>([
        .wallTime, .cpuTime, .mallocs, .bytesAllocated, .instructions, .retains, .releases, .bytesRead, .bytesWritten,
        .peakResident,
    ])
        .union(describingTheMachine)

    /// The metrics recorded beside each timing sample that describe the machine, not the
    /// benchmark: the pace and what the scheduler did. Samples are kept or set aside by them;
    /// no comparison, limit or pace filter judges them as figures of the code.
    public static let describingTheMachine: Set<Metric> = [.machinePace, .runQueueWait, .preemptions]
}
