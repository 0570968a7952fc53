/// A named operation to measure, with the state it works on prepared outside the measured
/// region.
///
/// ```swift
/// Benchmark("sumArray", setUp: { Array(0..<1_000) }) { numbers in
///     blackHole(numbers.reduce(0, &+))
/// }
/// ```
///
/// The runner calls `setUp` once per measuring pass, then `operation` many times (in batches
/// whose size it calibrates), then `tearDown`; only the calls to `operation` are measured.
/// Every figure is reported per call of `operation`. State is passed by value: a benchmark that
/// mutates state keeps it in a class, so the measured call carries no exclusivity checks.
///
/// Custom exact counts (for example body re-runs) come from `counts`, which reads cumulative
/// totals from the state; the runner reads them before and after a batch, outside the timed
/// region, and reports the difference per operation as the metric `.count(name)`. The events
/// behind them come from `events`, run once after the measured pass on state of its own (the
/// runtime's event log on there, and off in the state measured), and are kept beside each
/// count (`MetricResult.events`).
///
/// An operation that uses up its state (a collection pass sweeping the records a commit
/// refilled) restores it in `setUpEach`, which runs before each operation and is never
/// measured: every mode then reads its figures around each operation alone, after its set-up
/// (the clocks, the allocation and custom counters, callgrind's instrumentation, the
/// profiler's sampling; see `Meter`). The set-ups still take the run's time: a sample of n
/// operations lasts n set-ups longer than its figure says, and each operation pays the
/// meters' start and stop (the clocks' about 0.5 µs, which the harness subtracts).
///
/// ```swift
/// Benchmark("collectNone", setUp: { try SweptStore(fixture) }, setUpEach: { $0.refillStore() }) { swept in
///     blackHole(swept.store.collectGarbage())
/// }
/// ```
public struct Benchmark: Sendable {
    /// The benchmark's name, unique within its executable; results prefix it with the
    /// executable's name (`HarnessExample/sumArray`).
    public let name: String
    /// The metrics it wants. `.instructions` is measured only in `--instructions` mode;
    /// custom counts need not be listed (every key `counts` returns is reported).
    public let metrics: [Metric]
    /// Prepares one measuring pass: runs `setUp` and binds the state into an instance.
    let instantiate: @MainActor @Sendable () throws -> BenchmarkInstance
    /// The events behind the counts, by count name, for one representative operation; nil
    /// when the benchmark records none.
    let events: (@MainActor @Sendable () throws -> [String: [CountEvent]])?

    /// The metrics measured when a benchmark does not choose: wall and CPU time, mallocs,
    /// bytes allocated, and instructions (in `--instructions` mode).
    public static let defaultMetrics: [Metric] = [
        .wallTime, .cpuTime, .mallocs, .bytesAllocated, .instructions,
    ]

    /// A benchmark whose operation works on state made by `setUp`.
    /// - Parameters:
    ///   - name: unique within the executable; must not be empty or contain a newline.
    ///   - metrics: what to measure (defaults to `defaultMetrics`).
    ///   - setUp: makes the state, unmeasured; called once per measuring pass.
    ///   - setUpEach: prepares the state for each operation, unmeasured; called before every
    ///     operation (nil, the default: the state serves every operation as it is). It cannot
    ///     throw: what may fail belongs in `setUp`, which checks the state it makes.
    ///   - tearDown: disposes of the state, unmeasured.
    ///   - counts: cumulative totals of the benchmark's own counters (e.g. body re-runs so far).
    ///   - observe: what the last operation observed of itself, by the name of a
    ///     `Metric.observed` in `metrics` (e.g. a child process's peak memory).
    ///   - events: the events behind the counts, by the name of a count of `counts`: one
    ///     representative operation run on state of its own with the runtime's event log on,
    ///     called once in the default mode after the measured pass (never in a measured region
    ///     nor under callgrind), so the figures are those of the state without a log.
    ///   - operation: the measured operation; keep its result alive with `blackHole(_:)`.
    public init<State>(
        _ name: String,
        metrics: [Metric] = Benchmark.defaultMetrics,
        setUp: @escaping @MainActor @Sendable () throws -> State,
        setUpEach: (@MainActor @Sendable (State) -> Void)? = nil,
        tearDown: @escaping @MainActor @Sendable (State) -> Void = { _ in },
        counts: @escaping @MainActor @Sendable (State) -> [String: Int] = { _ in [:] },
        observe: @escaping @MainActor @Sendable (State) -> [String: Double] = { _ in [:] },
        events: (@MainActor @Sendable () throws -> [String: [CountEvent]])? = nil,
        operation: @escaping @MainActor @Sendable (State) throws -> Void
    ) {
        self.name = name
        self.metrics = metrics
        self.events = events
        self.instantiate = {
            let state = try setUp()
            // Not throwing: a forwarder of the operation's shape would be merged with the
            // operation's, and every operation would pay the merged function's extra hop.
            var each: (@MainActor () -> Void)?
            if let setUpEach { each = { setUpEach(state) } }
            return BenchmarkInstance(
                callPath: each == nil ? .withState : .withSetUpEach,
                operation: { try operation(state) },
                setUpEach: each,
                tearDown: { tearDown(state) },
                readCounts: { counts(state) },
                readObservations: { observe(state) })
        }
    }

    /// A benchmark of an operation that needs no state.
    public init(
        _ name: String,
        metrics: [Metric] = Benchmark.defaultMetrics,
        operation: @escaping @MainActor @Sendable () throws -> Void
    ) {
        self.name = name
        self.metrics = metrics
        self.events = nil
        self.instantiate = {
            BenchmarkInstance(callPath: .direct, operation: operation, tearDown: {},
                              readCounts: { [:] })
        }
    }
}

extension Benchmark {
    /// The empty operation called through `callPath`: what the harness measures its own cost
    /// with (`HarnessOverhead`, and `InstructionCounter`'s baselines). Named `-`, which a
    /// declared benchmark may not be.
    static func empty(_ callPath: BenchmarkInstance.CallPath) -> Benchmark {
        switch callPath {
        case .direct: Benchmark("-") {}
        case .withState: Benchmark("-", setUp: {}, operation: { _ in })
        case .withSetUpEach: Benchmark("-", setUp: {}, setUpEach: { _ in }, operation: { _ in })
        }
    }

    /// Whether a run in `mode` reports this benchmark: `--instructions` counts those that want
    /// `.instructions`; the default mode measures those that want any other metric (a
    /// benchmark that wants only `.instructions` but returns custom counts is measured too,
    /// which only its state can tell); `--profile` profiles every benchmark. `--list` prints
    /// exactly the benchmarks this selects, so a script can tell which ones did not report.
    func reports(in mode: RunConfiguration.Mode) -> Bool {
        switch mode {
        case .measure: metrics.contains { $0 != .instructions }
        case .instructions: metrics.contains(.instructions)
        case .profile: true
        }
    }
}
