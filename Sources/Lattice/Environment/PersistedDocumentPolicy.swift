/// What of an operation's document (`PersistedDocument`) a request carries: its text, its
/// persisted id, or the id with the text as a fallback. A plain value: an environment's
/// choice (`Environment.Configuration.persistedDocuments`), which its request executor
/// applies to every request it sends.
public enum PersistedDocumentPolicy: Hashable, Sendable {
    /// The text only, for a server that knows no document by id. The default.
    case textOnly
    /// The id only, for a server that runs only the documents it was given (the manifest
    /// `lattice persisted-documents` writes); an id it does not know fails with its errors.
    case idOnly
    /// The id, and the id with the text when the server answers that it does not know the id
    /// (automatic persisted queries): the server learns each text once, and later requests
    /// carry the id alone. A subscription sends both at once: a stream is not sent twice.
    /// A server that refuses ids altogether (`PERSISTED_QUERY_NOT_SUPPORTED`, or HTTP 400 to
    /// a request without text, as strawberry answers "No GraphQL query found in the
    /// request") gets the text at once, and from then on the environment sends that server
    /// the text alone (`Environment.persistedIDsRefused`), as Apollo's persisted-queries
    /// link does.
    case idWithTextFallback

    /// Sends `request` through `transport` as this policy says, the fallback included.
    /// - Complexity: one round trip; two for an id the server does not know yet.
    @available(*, deprecated, message: "an environment's request executor sends requests: use Environment.fetch or mutate")
    public nonisolated(nonsending) func execute(_ request: GraphQLRequest,
                                                on transport: any Transport) async throws(Failure) -> GraphQLResponse {
        try await RequestExecutor.send(request, mode: self, on: transport)
    }

    /// Sends `request` through `transport` for an answer in parts, as `execute` does.
    /// - Complexity: as `execute`.
    @available(*, deprecated, message: "an environment's request executor sends requests: attach a handle, or use Environment.fetch")
    public func executeIncrementally(_ request: GraphQLRequest, on transport: any Transport) -> AsyncStream<IncrementalEvent> {
        RequestExecutor.sendIncrementally(request, mode: self, on: transport)
    }
}
