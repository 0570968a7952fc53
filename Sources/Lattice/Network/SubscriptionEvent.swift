/// What a transport's subscription stream delivers.
///
/// A stream ends after `.completed` or `.failed`; a stream that finishes without either is
/// read as a lost connection. Cancelling the task that iterates the stream tears it down.
public enum SubscriptionEvent: Hashable, Sendable {
    /// The server accepted the subscription; events may follow.
    case opened
    /// One event's payload.
    case next(GraphQLResponse)
    /// The server ended the subscription normally.
    case completed
    /// The stream failed: a drop, a status, a body that does not decode, request errors.
    case failed(Failure)
}
