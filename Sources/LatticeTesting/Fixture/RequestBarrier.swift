import Lattice
import Synchronization

/// A barrier a test holds requests at, and opens when it chooses: the deterministic stand-in
/// for a slow network. Requests that reach a closed gate wait; `open()` lets them, and every
/// later one, through. A waiting request whose task is cancelled leaves with `.cancelled`.
public final class RequestBarrier: Sendable {
    private struct State {
        var isOpen = false
        var nextID = 0
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        var arrivals = 0
        var arrivalWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// A closed gate.
    public init() {}

    /// How many requests have reached the gate, waiting or let through.
    public var arrivals: Int { state.withLock { $0.arrivals } }

    /// Lets every waiting request through, and every later one.
    public func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once `count` requests in total have reached the gate: a test awaits this to
    /// know a request is in flight before it acts.
    public func arrival(count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.arrivals >= count { return true }
                state.arrivalWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Waits until the gate is open. - Throws: `.cancelled` if the task is cancelled first.
    func pass() async throws(Failure) {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (pass, arrived) = state.withLock { state in
                    state.arrivals += 1
                    let arrived = state.arrivalWaiters.filter { $0.count <= state.arrivals }
                    state.arrivalWaiters.removeAll { $0.count <= state.arrivals }
                    if state.isOpen || Task.isCancelled { return (true, arrived) }
                    state.waiting[id] = continuation
                    return (false, arrived)
                }
                for waiter in arrived { waiter.continuation.resume() }
                if pass { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
        }
        if Task.isCancelled { throw .cancelled }
    }
}
