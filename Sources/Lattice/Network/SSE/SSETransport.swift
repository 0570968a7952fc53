import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that streams subscriptions as GraphQL over Server-Sent Events (the graphql-sse
/// protocol's distinct connections mode), and sends queries and mutations as `HTTPTransport`
/// does, to the same endpoint.
///
/// Each subscription is one POST of the request with `Accept: text/event-stream`; the server
/// answers with a `next` event per result and a `complete` at the end, and the client ends a
/// subscription by closing its connection. It is built on URLSession's data delegate, which
/// swift-corelibs-foundation streams on Linux as Apple's Foundation does; WebSocket is not an
/// option there (docs/decisions/0004-subscriptions-over-server-sent-events.md). How each
/// answer becomes events and failures: `SubscriptionEventStream`; an answer in parts
/// (`@defer`, `@stream`) streams the same way, a payload an event (`IncrementalEventStream`).
///
/// Cost: a URLSession (with its own delegate queue) and one HTTP connection per open
/// subscription, released when the stream ends; decoding is O(event size) per event.
public final class SSETransport: Transport {
    /// The GraphQL endpoint, for requests and event streams alike.
    public var url: URL { http.url }
    /// How long a stream may stay silent (no event, no keep-alive comment) before it counts
    /// as dropped. Defaults to 5 minutes; servers send keep-alives well within that.
    public let idleTimeout: Duration
    private let http: HTTPTransport

    /// How long an event of a stream may be (`eventBytes`, 64 MiB by default): a line that
    /// never ends fails the stream, naming the limit, and a subscription does not reconnect.
    public var limits: StreamLimits { http.limits }

    /// A transport to `url`. `timeout` bounds a query or mutation (as `HTTPTransport`'s does),
    /// `idleTimeout` a stream's silence; `headers` go with every request; `limits` bound an
    /// event of a stream (`StreamLimits.default`).
    public init(url: URL, timeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(300),
                headers: [String: String] = [:], limits: StreamLimits = .default) {
        self.idleTimeout = idleTimeout
        http = HTTPTransport(url: url, timeout: timeout, headers: headers, limits: limits)
    }

    /// One HTTP round trip, as `HTTPTransport.execute`. - Complexity: O(body size) to decode.
    public nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
        try await http.execute(request)
    }

    /// Opens an event stream for `request`; ending the iteration closes the connection.
    /// - Complexity: one connection for the stream's life; O(event size) per event.
    public func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent> {
        http.stream(request, accept: "text/event-stream", idleTimeout: idleTimeout, as: SubscriptionEventStream.self)
    }

    /// Streams the answer to `request` as Server-Sent Events, a payload an event (a server
    /// that does not stream answers in one piece: one payload).
    /// - Complexity: one connection for the answer's life; O(event size) per payload.
    public func executeIncrementally(_ request: GraphQLRequest) -> AsyncStream<IncrementalEvent> {
        http.stream(request, accept: "text/event-stream", idleTimeout: idleTimeout, as: IncrementalEventStream.self)
    }
}
