import Foundation

/// A subscription's stream, as a value a view reads. A subscription has no phase: this is
/// what it shows instead.
public enum SubscriptionState: Hashable, Sendable {
    /// Why a subscription's stream ended for good.
    public enum EndReason: Hashable, Sendable {
        /// The server completed the subscription.
        case completed
        /// The app cancelled it.
        case cancelled
        /// It failed in a way not worth retrying, or the reconnect policy gave up.
        case failed(Failure)
    }

    /// A connection is being made (the first one, or a reconnect attempt).
    case connecting
    /// The stream is open and delivering events, since the given time.
    case open(since: Date)
    /// The stream dropped; reconnect attempt `attempt` (1-based) is scheduled for `at`.
    case waitingToReconnect(attempt: Int, at: Date)
    /// The stream ended and will not reconnect.
    case ended(EndReason)
}
