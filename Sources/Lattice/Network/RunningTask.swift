import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession task of one request, so that the Swift task's cancellation handler (which
/// may run before the URLSession task exists, or at the same time) can cancel it.
final class RunningTask: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var isCancelled = false
    }

    private let state = Mutex(State())

    /// Starts `task`, and cancels it at once if cancellation came first (a task cancelled
    /// before it resumes may never call its completion handler).
    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    /// Cancels the task, now or when it starts.
    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
