import Synchronization

/// One subscription stream a `FixtureTransport` opened, which a test or the lab feeds:
/// events, a drop, the end.
public final class SubscriptionChannel: Sendable {
    /// The request the stream was opened for.
    public let request: GraphQLRequest
    private let continuation: AsyncStream<SubscriptionEvent>.Continuation
    private let terminated = Mutex(false)

    init(request: GraphQLRequest, continuation: AsyncStream<SubscriptionEvent>.Continuation) {
        self.request = request
        self.continuation = continuation
        continuation.onTermination = { [weak self] _ in self?.terminated.withLock { $0 = true } }
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
    public var isTerminated: Bool { terminated.withLock { $0 } }
}
