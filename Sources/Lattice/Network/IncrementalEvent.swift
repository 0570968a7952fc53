import Foundation

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

extension IncrementalEvent {
    /// The event of the `number`th payload's bytes (a `kind`: "part", "event"), as the
    /// transports read each: the payload, or why it is not one. The first must carry data:
    /// its errors alone are the request's (`requestErrors`).
    /// - Complexity: O(bytes).
    public init(decoding bytes: Data, number: Int, of kind: String) {
        let payload: IncrementalPayload
        do { payload = try IncrementalPayload(decoding: bytes) } catch {
            self = .failed(.undecodableResponse(reason: "\(kind) \(number) of the answer: \(error)",
                                                snippet: GraphQLResponse.snippet(of: bytes)))
            return
        }
        if number == 1, let response = payload.response {
            do throws(Failure) { _ = try response.checked(snippet: GraphQLResponse.snippet(of: bytes)) } catch {
                self = .failed(error)
                return
            }
        }
        self = .payload(payload)
    }

    /// Whether the event is an answer's last: a failure, or the payload after which none follows.
    static func ends(_ event: IncrementalEvent) -> Bool {
        switch event {
        case .payload(let payload): !payload.hasNext
        case .failed: true
        }
    }
}
