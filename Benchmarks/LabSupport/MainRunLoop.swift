import Foundation

/// Runs the main run loop (which serves the main actor's queue) until `condition` holds:
/// how a synchronous benchmark operation waits for a fetch task it started. Each turn
/// sleeps until a source (the main queue's next job) is ready, handles it and returns, so the
/// wait is as short as the work and, since it never spins on a clock, the main thread runs
/// the same instructions however long the other threads take: instruction counts stay exact.
/// The turns have no deadline: a deadline is a dispatch timer, which a worker thread
/// releases, freeing memory the main thread allocated at a moment that varies from run to
/// run, and with it the allocator's later work on the main thread. A fetch that never ends
/// waits forever either way.
/// - Complexity: the work the loop runs, plus one turn per main-queue job.
@MainActor
public func runMainLoop(until condition: () -> Bool) {
    while !condition() {
        _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
}
