import Foundation

/// A handle's network activity as a value, with the errors of its last response that no
/// field in the store holds.
///
/// Views read it as it is: whether a request is in flight, or the last one failed and when.
/// A failure behind data is kept here, beside the data, instead of in the phase.
///
/// Times are `Date`s because they are shown to people ("failed 2 min ago") and compared
/// with `@expires` windows; nothing in the runtime waits on them.
public struct Fetch: Hashable, Sendable {
    /// What the handle's network is doing.
    public enum Activity: Hashable, Sendable {
        /// No request in flight, and the last one (if any) succeeded.
        case idle
        /// A request started at `since` has not answered yet.
        case inFlight(since: Date)
        /// The last request failed with `Failure` at the given time.
        case failed(Failure, at: Date)

        /// Whether a request is in flight. - Complexity: O(1).
        public var isInFlight: Bool {
            switch self {
            case .inFlight: true
            case .idle, .failed: false
            }
        }

        /// Whether the last request failed. - Complexity: O(1).
        public var isFailed: Bool {
            switch self {
            case .failed: true
            case .idle, .inFlight: false
            }
        }
    }

    /// What the network is doing now.
    public var activity: Activity
    /// Errors the last successful response carried that no field in the store holds. They
    /// stay until the next response replaces them: a request in flight or a failed one
    /// leaves them, since the data shown is still that response's.
    public var unplacedErrors: [GraphQLError]

    /// An idle fetch with no unplaced errors: a handle that has not fetched.
    public init(activity: Activity = .idle, unplacedErrors: [GraphQLError] = []) {
        self.activity = activity
        self.unplacedErrors = unplacedErrors
    }

    /// Whether a request is in flight (`activity.isInFlight`). - Complexity: O(1).
    public var isInFlight: Bool { activity.isInFlight }

    /// The last request's failure, if it failed.
    public var failure: Failure? {
        switch activity {
        case .failed(let failure, _): failure
        case .idle, .inFlight: nil
        }
    }

    /// A request started at `date`; unplaced errors of the last response stay.
    public mutating func start(at date: Date) {
        activity = .inFlight(since: date)
    }

    /// A response was committed; its unplaced errors replace the last ones.
    public mutating func succeed(unplacedErrors: [GraphQLError]) {
        activity = .idle
        self.unplacedErrors = unplacedErrors
    }

    /// The request failed at `date`; unplaced errors of the last response stay.
    public mutating func fail(_ failure: Failure, at date: Date) {
        activity = .failed(failure, at: date)
    }
}
