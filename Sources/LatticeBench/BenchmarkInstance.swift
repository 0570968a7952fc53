/// One measuring pass's view of a benchmark: its operation bound to state made by `setUp`.
///
/// The runner calls `operation` in its loops, `readCounts` around batches (never inside a
/// timed region), and `tearDown` once at the end of the pass.
@MainActor
final class BenchmarkInstance {
    /// The measured operation, state already bound.
    let operation: @MainActor () throws -> Void
    /// Disposes of the state.
    let tearDown: @MainActor () -> Void
    /// Cumulative totals of the benchmark's own counters.
    let readCounts: @MainActor () -> [String: Int]

    init(operation: @escaping @MainActor () throws -> Void,
         tearDown: @escaping @MainActor () -> Void,
         readCounts: @escaping @MainActor () -> [String: Int]) {
        self.operation = operation
        self.tearDown = tearDown
        self.readCounts = readCounts
    }

    /// Calls the operation `iterations` times.
    /// - Complexity: `iterations` calls of the operation.
    @inline(__always)
    func run(_ iterations: Int) throws {
        var remaining = iterations
        while remaining > 0 {
            try operation()
            remaining -= 1
        }
    }
}
