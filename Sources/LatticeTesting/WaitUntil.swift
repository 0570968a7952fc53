import Observation

/// Returns once `condition` holds, re-checking it only when something it read changes.
///
/// For tests that must wait for work another task does on the main actor (a stream's events
/// reaching a handle), without sleeping or polling. `condition` must read observable state,
/// or a change will never wake the wait; bound the test with a `.timeLimit` trait.
@MainActor
public func waitUntil(_ condition: @MainActor () -> Bool) async {
    while !condition() {
        await withCheckedContinuation { continuation in
            _ = withObservationTracking(condition) { continuation.resume() }
        }
    }
}
