import Observation

/// A view body's tracking scope, for benchmarks that measure tracked reads.
///
/// `run` calls a closure under `withObservationTracking`, as SwiftUI calls a body, then ends
/// the registrations the run made, as a re-render would: a benchmark that only read would
/// pile up one set of registrations per run and measure an ever larger registrar. The run
/// also reads a sentinel, and writing the sentinel afterwards fires the run's tracking,
/// which cancels every registration it made. Doing this on every run (rather than every
/// k-th) keeps each operation identical, so allocation counts stay exact.
///
/// The measured cost of a tracked read therefore includes installing its registrations,
/// cancelling them, and one tracked read and one write of the sentinel (a constant per run,
/// not per field: `FieldRead/observableTracked` against `observableUntracked` shows it).
@MainActor
public final class TrackedScope {
    private let sentinel = Sentinel()

    /// A scope with no registrations.
    public init() {}

    /// Runs `body` tracked, ends its registrations, and returns what it returned.
    /// - Complexity: the body's reads, plus installing and cancelling one registration per
    ///   distinct field it read.
    public func run<Value>(_ body: () -> Value) -> Value {
        let sentinel = self.sentinel
        let value = withObservationTracking({
            _ = sentinel.tick
            return body()
        }, onChange: {})
        sentinel.tick &+= 1
        return value
    }
}

/// The value every tracked run reads, written to end the run's registrations.
@MainActor
@Observable
private final class Sentinel {
    var tick = 0
}
