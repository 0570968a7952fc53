import Foundation
import Lattice

/// A `Scheduler` whose time moves only when the test says: scheduled actions run on
/// `advance(by:)`, in the order they fall due. Nothing waits on a real clock.
@MainActor
public final class ManualScheduler: Scheduler {
    private struct Pending {
        var id: Int
        var due: Duration
        var delay: Duration
        var action: @MainActor () -> Void
    }

    private let start: Date
    private var elapsed: Duration = .zero
    private var pending: [Pending] = []
    private var nextID = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A scheduler whose time starts at `now`.
    public init(now: Date = Date(timeIntervalSince1970: 0)) {
        start = now
    }

    /// The start time plus the time advanced so far.
    public var now: Date { start.addingTimeInterval(elapsed / .seconds(1)) }

    /// The delays of the actions not yet run nor cancelled, in the order they were scheduled.
    public var pendingDelays: [Duration] { pending.map(\.delay) }

    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        let id = nextID
        nextID += 1
        pending.append(Pending(id: id, due: elapsed + delay, delay: delay, action: action))
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter.resume() }
        return ScheduledAction { [weak self] in self?.pending.removeAll { $0.id == id } }
    }

    /// Returns once `pendingDelays` has `count` actions or more (at once if it has): how a
    /// test waits for work off the main actor (a request's answer) to schedule its next step
    /// (a retry's backoff, a deadline) without waiting on a clock. Bound the test with a
    /// time limit: it waits as long as nothing is scheduled.
    public func untilPending(_ count: Int = 1) async {
        while pending.count < count {
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    /// Moves time forward by `duration`, running each action that falls due, earliest first
    /// (actions they schedule run too if they fall due in the window).
    /// - Complexity: O(pending actions) per action run.
    public func advance(by duration: Duration) {
        let target = elapsed + duration
        while let next = pending.filter({ $0.due <= target }).min(by: { ($0.due, $0.id) < ($1.due, $1.id) }) {
            pending.removeAll { $0.id == next.id }
            elapsed = max(elapsed, next.due)
            next.action()
        }
        elapsed = target
    }
}
