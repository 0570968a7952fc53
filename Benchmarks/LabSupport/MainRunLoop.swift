import Foundation

/// Runs the main run loop (which serves the main actor's queue) until `condition` holds:
/// how a synchronous benchmark operation waits for a fetch task it started. Each turn
/// handles whatever is ready and returns at once, so the wait is as short as the work.
/// - Complexity: the work the loop runs, plus one turn per pass.
@MainActor
public func runMainLoop(until condition: () -> Bool) {
    while !condition() {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
    }
}
