/// Carries GraphQL requests to a server and its answers back.
///
/// The runtime knows nothing else about the network: `HTTPTransport` sends requests over
/// URLSession, `SSETransport` adds subscriptions as GraphQL over Server-Sent Events,
/// `FixtureTransport` answers from fixture files with scripted behaviour.
/// Every failure is thrown as a `Failure` kind, never as an untyped `Error`.
public protocol Transport: Sendable {
    /// Sends a query or mutation and returns the server's response.
    ///
    /// Throws `Failure.requestErrors` when the response has errors and no data; a response
    /// with data and errors (field errors) is returned. Task cancellation throws
    /// `Failure.cancelled`.
    ///
    /// Runs on the caller's executor (the main actor, for the runtime): a transport suspends
    /// where it waits (URLSession's answer), and one that answers at once (fixtures) answers
    /// without a hop to the global executor and back, so a fetch's work is the same every run.
    nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse

    /// Starts a subscription. The stream yields `.opened`, then `.next` per event, and ends
    /// with `.completed` or `.failed`; cancelling the iterating task ends it.
    func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent>
}
