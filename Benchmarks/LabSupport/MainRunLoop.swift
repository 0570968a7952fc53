import Foundation

/// Runs the main run loop (which serves the main actor's queue) until `condition` holds:
/// how a synchronous benchmark operation waits for a fetch task it started. Each turn
/// sleeps until a source (the main queue's next job) is ready, handles it and returns, so the
/// wait is as short as the work and, since it never spins on a clock, the main thread runs
/// the same instructions however long the other threads take: instruction counts stay exact.
/// A turn gives up after a second without a source, and the condition is checked again.
/// - Complexity: the work the loop runs, plus one turn per main-queue job.
@MainActor
public func runMainLoop(until condition: () -> Bool) {
    while !condition() {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 1))
    }
}
