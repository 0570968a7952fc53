import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession task of one request, so that the Swift task's cancellation handler (which
/// may run before the URLSession task exists, or at the same time) and the transport's
/// timeout can cancel it.
final class RunningTask: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var isCancelled = false
        var didTimeOut = false
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

    /// Cancels the task because its time ran out; `didTimeOut` tells the two apart after.
    func timeOut() {
        state.withLock { $0.didTimeOut = true }
        cancel()
    }

    /// Whether `timeOut()` cancelled the task.
    var didTimeOut: Bool { state.withLock { $0.didTimeOut } }
}
