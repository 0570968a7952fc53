import Observation
import Synchronization

/// Counts the onChange calls of one `withObservationTracking` scope (one-shot, as a body).
final class ChangeCounter: Sendable {
    private let count = Mutex(0)

    /// Runs `read` tracked; the returned counter counts the changes that invalidate it.
    @MainActor
    static func track(_ read: () -> Void) -> ChangeCounter {
        let counter = ChangeCounter()
        withObservationTracking(read) { counter.count.withLock { $0 += 1 } }
        return counter
    }

    var value: Int { count.withLock { $0 } }
    var fired: Bool { value > 0 }
}
