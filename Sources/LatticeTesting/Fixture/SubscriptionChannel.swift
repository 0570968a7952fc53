import Lattice
import Synchronization

/// One subscription stream a `FixtureTransport` opened, which a test or the lab feeds:
/// events, a drop, the end.
public final class SubscriptionChannel: Sendable {
    /// The request the stream was opened for.
    public let request: GraphQLRequest
    private let continuation: AsyncStream<SubscriptionEvent>.Continuation
    /// Whether the stream ended, and who waits for it to (its consumer's cancellation
    /// reaches `onTermination` asynchronously, after the consuming task notices it).
    private let termination = Mutex<(ended: Bool, waiters: [CheckedContinuation<Void, Never>])>(
        (false, []))

    init(request: GraphQLRequest, continuation: AsyncStream<SubscriptionEvent>.Continuation) {
        self.request = request
        self.continuation = continuation
        continuation.onTermination = { [weak self] _ in self?.markTerminated() }
    }

    /// Delivers `event`; `.completed` and `.failed` also end the stream.
    public func send(_ event: SubscriptionEvent) {
        continuation.yield(event)
        switch event {
        case .completed, .failed: continuation.finish()
        case .opened, .next: break
        }
    }

    /// Ends the stream without a closing event, as a connection that just goes away.
    public func finish() {
        continuation.finish()
    }

    /// Whether the stream has ended: finished here or cancelled by its consumer.
    public var isTerminated: Bool { termination.withLock { $0.ended } }

    /// Returns once the stream has ended. Bound the calling test with a `.timeLimit`.
    public func terminated() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ended = termination.withLock { state in
                if !state.ended { state.waiters.append(waiter) }
                return state.ended
            }
            if ended { waiter.resume() }
        }
    }

    private func markTerminated() {
        let waiters = termination.withLock { state in
            state.ended = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
