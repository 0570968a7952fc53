import Foundation

/// The clock the network side of the runtime reads and waits on: the time now, and an action
/// run after a delay.
///
/// `TaskScheduler` uses the real clock. Tests pass `ManualScheduler` (LatticeTesting), whose
/// time moves only when the test advances it, so nothing in a test waits on real time.
@MainActor
public protocol Scheduler: AnyObject {
    /// The current time, for the dates a handle shows (`open(since:)`, `lastEventAt`).
    var now: Date { get }
    /// Runs `action` on the main actor after `delay`, unless the returned value is cancelled.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction
}

/// A pending scheduled action; `cancel()` keeps it from running.
public struct ScheduledAction: Sendable {
    private let onCancel: @MainActor @Sendable () -> Void

    /// Wraps what cancelling does for a particular scheduler.
    public init(onCancel: @escaping @MainActor @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Keeps the action from running; does nothing if it already ran.
    @MainActor public func cancel() { onCancel() }
}

/// The real clock: `Date()` and a task that sleeps on the continuous clock.
@MainActor
public final class TaskScheduler: Scheduler {
    public init() {}

    public var now: Date { Date() }

    /// - Complexity: one task per scheduled action.
    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        let task = Task { @MainActor in
            do { try await Task.sleep(for: delay) } catch { return }
            action()
        }
        return ScheduledAction { task.cancel() }
    }
}
