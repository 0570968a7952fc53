/// What a transport's incremental execution delivers (`Transport.executeIncrementally`).
///
/// The stream ends after the payload whose `hasNext` is false, or after `.failed`; a stream
/// that ends otherwise lost its connection. Cancelling the iterating task tears it down.
public enum IncrementalEvent: Hashable, Sendable {
    /// One payload, in the order the server sent them.
    case payload(IncrementalPayload)
    /// The answer failed: before its first payload (the request's failure), or after some
    /// (a dropped connection, a part that does not decode); what came before stands.
    case failed(Failure)
}
