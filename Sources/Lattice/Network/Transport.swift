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

    /// Sends a query or mutation whose document may defer or stream (`@defer`, `@stream`) and
    /// yields each payload of the answer as it arrives. A transport that cannot stream
    /// answers with one payload, the whole response (the default, over `execute`).
    func executeIncrementally(_ request: GraphQLRequest) -> AsyncStream<IncrementalEvent>

    /// Starts a subscription. The stream yields `.opened`, then `.next` per event, and ends
    /// with `.completed` or `.failed`; cancelling the iterating task ends it.
    func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent>
}

extension Transport {
    /// The whole response of `execute` as the only payload (`executeInOnePiece`).
    /// - Complexity: as `execute`.
    public func executeIncrementally(_ request: GraphQLRequest) -> AsyncStream<IncrementalEvent> {
        executeInOnePiece(request)
    }

    /// The whole response of `execute` as the only payload of an answer in parts: what a
    /// transport that cannot stream answers, and one that streams only some answers
    /// (`FixtureTransport`, unless a test scripts the parts) answers the others with.
    /// - Complexity: as `execute`.
    public func executeInOnePiece(_ request: GraphQLRequest) -> AsyncStream<IncrementalEvent> {
        AsyncStream { continuation in
            let task = Task {
                do throws(Failure) {
                    continuation.yield(.payload(IncrementalPayload(response: try await execute(request))))
                } catch {
                    continuation.yield(.failed(error))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
