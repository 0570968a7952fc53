/// One measuring pass's view of a benchmark: its operation bound to state made by `setUp`.
///
/// The runner calls `operation` in its loops, `readCounts` around batches and
/// `readObservations` after timing samples (never inside a timed region), and `tearDown` once
/// at the end of the pass.
@MainActor
final class BenchmarkInstance {
    /// How the loop reaches the benchmark's closure. The harness measures the per-iteration
    /// overhead of each path with an empty operation, and subtracts the matching one.
    enum CallPath: String, CaseIterable, Sendable {
        /// The closure itself (a benchmark without state).
        case direct
        /// A closure binding the state, then the benchmark's closure (one more call, and a
        /// reabstraction thunk for the generic state).
        case withState
        /// As `withState`, each operation after its own set-up and metered on its own
        /// (`Benchmark(…, setUpEach:)`): the meter's start and stop are paid per operation.
        case withSetUpEach
    }

    /// How the loop reaches the benchmark's closure.
    let callPath: CallPath
    /// The measured operation, state already bound.
    let operation: @MainActor () throws -> Void
    /// Prepares the state for the next operation, unmeasured; nil for a benchmark without it.
    let setUpEach: (@MainActor () -> Void)?
    /// Disposes of the state.
    let tearDown: @MainActor () -> Void
    /// Cumulative totals of the benchmark's own counters.
    let readCounts: @MainActor () -> [String: Int]
    /// The figures the last operation observed of itself (`Metric.observed`), by name.
    let readObservations: @MainActor () -> [String: Double]

    init(callPath: CallPath,
         operation: @escaping @MainActor () throws -> Void,
         setUpEach: (@MainActor () -> Void)? = nil,
         tearDown: @escaping @MainActor () -> Void,
         readCounts: @escaping @MainActor () -> [String: Int],
         readObservations: @escaping @MainActor () -> [String: Double] = { [:] }) {
        precondition((setUpEach != nil) == (callPath == .withSetUpEach),
                     "BenchmarkInstance.init(): a set-up per operation goes with the call path `withSetUpEach` alone")
        self.callPath = callPath
        self.operation = operation
        self.setUpEach = setUpEach
        self.tearDown = tearDown
        self.readCounts = readCounts
        self.readObservations = readObservations
    }

    /// Calls the operation `iterations` times, each after its set-up if it has one; measures
    /// nothing (warm-ups).
    /// - Complexity: `iterations` calls of the operation (and of its set-up).
    @inline(__always)
    func run(_ iterations: Int) throws {
        // Local copies: calling the stored properties would retain and release their contexts
        // on every iteration.
        let operation = self.operation
        var remaining = iterations
        if let setUpEach {
            while remaining > 0 {
                setUpEach()
                try operation()
                remaining -= 1
            }
            return
        }
        while remaining > 0 {
            try operation()
            remaining -= 1
        }
    }

    /// Calls the operation `iterations` times with `meter` started before the measured part and
    /// stopped after it: around the whole batch, or around each operation after its set-up.
    /// - Complexity: `iterations` calls of the operation (and of its set-up), and one start and
    ///   stop of the meter (one per operation with a set-up per operation).
    @inline(__always)
    func run<Reading: Meter>(_ iterations: Int, metering meter: inout Reading) throws {
        guard let setUpEach else {
            meter.start()
            try run(iterations)
            meter.stop()
            return
        }
        let operation = self.operation
        var remaining = iterations
        while remaining > 0 {
            setUpEach()
            meter.start()
            try operation()
            meter.stop()
            remaining -= 1
        }
    }
}
