import Foundation
import Lattice
import Synchronization

/// One answer in parts (`@defer`, `@stream`) a `FixtureTransport` is giving, which a test
/// feeds: it chooses when the initial payload lands, each later one, the last (`hasNext`
/// false), and when the answer drops or ends instead, with nothing timed.
///
/// The events go to the environment as a server's would through `HTTPTransport` or
/// `SSETransport`: a payload is decoded as theirs are (`IncrementalEvent(decoding:)`), the
/// payload whose `hasNext` is false or a failure ends the answer, and `drop()` ends it without
/// its last payload (the runtime then says the connection was lost). Anything sent after the
/// end is dropped, as bytes after a closed connection are.
public final class IncrementalChannel: Sendable {
    /// The request the answer is for.
    public let request: GraphQLRequest
    private let continuation: AsyncStream<IncrementalEvent>.Continuation
    /// The payloads sent as text so far, for numbering the next in its failure's reason.
    private let sentTexts = Mutex(0)

    init(request: GraphQLRequest, continuation: AsyncStream<IncrementalEvent>.Continuation) {
        self.request = request
        self.continuation = continuation
    }

    /// Delivers `payload`; one whose `hasNext` is false ends the answer. - Complexity: O(1).
    public func send(_ payload: IncrementalPayload) {
        deliver(.payload(payload))
    }

    /// Delivers the payload `json` holds, read as a transport reads a part's bytes: one that
    /// does not decode (or a first payload with errors and no data) fails the answer with the
    /// failure a transport gives. - Complexity: O(text).
    public func send(json: String) {
        let number = sentTexts.withLock { count in
            count += 1
            return count
        }
        deliver(IncrementalEvent(decoding: Data(json.utf8), number: number, of: "part"))
    }

    /// Fails the answer with `failure` (a connection that drops with an error, a part the
    /// server could not send); what was sent before it stands. - Complexity: O(1).
    public func fail(_ failure: Failure) {
        deliver(.failed(failure))
    }

    /// Ends the answer without its last payload, as a connection that just goes away: the
    /// runtime fails the parts still pending with a lost connection. - Complexity: O(1).
    public func drop() {
        continuation.finish()
    }

    private func deliver(_ event: IncrementalEvent) {
        continuation.yield(event)
        switch event {
        case .payload(let payload) where payload.hasNext: break
        case .payload, .failed: continuation.finish()
        }
    }
}
