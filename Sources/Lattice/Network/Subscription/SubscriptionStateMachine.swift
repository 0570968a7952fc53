import Foundation

/// The rules of a subscription's stream, as a pure value: given what happened and when, it
/// moves its state and says what to do, and does nothing itself.
///
/// `SubscriptionHandle` drives it with a transport and a scheduler; tests drive it directly,
/// without time. Inputs that do not apply to the current state (an event from a stream that
/// was already replaced, anything after the end) are ignored and produce no effects.
public struct SubscriptionStateMachine: Sendable {
    /// What happened to the subscription.
    public enum Input: Hashable, Sendable {
        /// The app asked for the subscription; the first connection should be made.
        case start
        /// The transport reported the stream open.
        case opened
        /// The transport delivered an event.
        case next(GraphQLResponse)
        /// The server completed the stream.
        case completed
        /// The stream failed or dropped.
        case failed(Failure)
        /// The scheduled reconnect delay has passed.
        case reconnectDue
        /// The app cancelled the subscription.
        case cancel
    }

    /// What the driver must do after an input, in order.
    public enum Effect: Hashable, Sendable {
        /// Open a new stream on the transport.
        case connect
        /// Tear down the current stream and any scheduled reconnect.
        case disconnect
        /// Deliver `.reconnectDue` after this delay.
        case scheduleReconnect(after: Duration)
        /// Commit this event to the store.
        case commit(GraphQLResponse)
    }

    /// Where the stream is.
    public private(set) var state: SubscriptionState = .connecting
    /// When the last event arrived, if any has.
    public private(set) var lastEventAt: Date?
    /// Reconnect attempts made since a stream last proved healthy by delivering an event with
    /// data. A stream that opens and ends without one (at once, or with a `complete` the
    /// server sends to every request) does not reset it, so its reconnects back off and stop
    /// at `maxAttempts` instead of hammering the server.
    public private(set) var failedAttempts = 0

    private let policy: ReconnectPolicy
    private var random: any RandomNumberGenerator & Sendable
    private var started = false

    /// A machine in `.connecting`, waiting for `.start`. `random` supplies the jitter samples;
    /// pass a seeded generator for repeatable delays.
    public init(policy: ReconnectPolicy = .default,
                random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()) {
        self.policy = policy
        self.random = random
    }

    /// Applies `input`, which happened at `now`, and returns the effects to perform.
    /// - Complexity: O(1).
    public mutating func handle(_ input: Input, at now: Date) -> [Effect] {
        switch (input, state) {
        case (.start, .connecting) where !started:
            started = true
            return [.connect]
        case (.opened, .connecting):
            state = .open(since: now)
            return []
        case (.next(let response), .connecting), (.next(let response), .open):
            if case .connecting = state { state = .open(since: now) }
            if let data = response.data, data != .null { failedAttempts = 0 }
            lastEventAt = now
            return [.commit(response)]
        case (.completed, .connecting), (.completed, .open):
            state = .ended(.completed)
            return [.disconnect]
        case (.failed(let failure), .connecting), (.failed(let failure), .open):
            return drop(failure, at: now)
        case (.reconnectDue, .waitingToReconnect):
            state = .connecting
            return [.connect]
        case (.cancel, .connecting), (.cancel, .open), (.cancel, .waitingToReconnect):
            state = .ended(.cancelled)
            return [.disconnect]
        case (.start, _), (.opened, _), (.next, _), (.completed, _), (.failed, _),
             (.reconnectDue, _), (.cancel, _):
            return []
        }
    }

    /// The stream failed: wait and reconnect if the failure and the policy allow, else end.
    private mutating func drop(_ failure: Failure, at now: Date) -> [Effect] {
        let attempt = failedAttempts + 1
        guard ReconnectPolicy.isRetryable(failure),
              let delay = policy.delay(beforeAttempt: attempt,
                                       sample: sample())
        else {
            state = .ended(.failed(failure))
            return [.disconnect]
        }
        failedAttempts = attempt
        state = .waitingToReconnect(attempt: attempt, at: now.addingTimeInterval(delay.seconds))
        return [.disconnect, .scheduleReconnect(after: delay)]
    }

    /// A uniform sample in `0..<1` from the top 53 bits of the generator's next value.
    private mutating func sample() -> Double {
        Double(random.next() >> 11) * 0x1p-53
    }
}
