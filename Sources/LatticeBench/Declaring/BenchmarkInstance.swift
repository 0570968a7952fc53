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
    }

    /// How the loop reaches the benchmark's closure.
    let callPath: CallPath
    /// The measured operation, state already bound.
    let operation: @MainActor () throws -> Void
    /// Disposes of the state.
    let tearDown: @MainActor () -> Void
    /// Cumulative totals of the benchmark's own counters.
    let readCounts: @MainActor () -> [String: Int]
    /// The figures the last operation observed of itself (`Metric.observed`), by name.
    let readObservations: @MainActor () -> [String: Double]

    init(callPath: CallPath,
         operation: @escaping @MainActor () throws -> Void,
         tearDown: @escaping @MainActor () -> Void,
         readCounts: @escaping @MainActor () -> [String: Int],
         readObservations: @escaping @MainActor () -> [String: Double] = { [:] }) {
        self.callPath = callPath
        self.operation = operation
        self.tearDown = tearDown
        self.readCounts = readCounts
        self.readObservations = readObservations
    }

    /// Calls the operation `iterations` times.
    /// - Complexity: `iterations` calls of the operation.
    @inline(__always)
    func run(_ iterations: Int) throws {
        // A local copy: calling the stored property would retain and release its context
        // on every iteration.
        let operation = self.operation
        var remaining = iterations
        while remaining > 0 {
            try operation()
            remaining -= 1
        }
    }
}
