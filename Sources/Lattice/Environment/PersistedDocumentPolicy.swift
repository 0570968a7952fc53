/// What of an operation's document (`PersistedDocument`) a request carries: its text, its
/// persisted id, or the id with the text as a fallback. An environment's choice, applied to
/// every request it sends (`Environment.persistedDocuments`).
public enum PersistedDocumentPolicy: Hashable, Sendable {
    /// The text only, for a server that knows no document by id. The default.
    case textOnly
    /// The id only, for a server that runs only the documents it was given (the manifest
    /// `lattice persisted-documents` writes); an id it does not know fails with its errors.
    case idOnly
    /// The id, and the id with the text when the server answers that it does not know the id
    /// (automatic persisted queries): the server learns each text once, and later requests
    /// carry the id alone. A subscription sends both at once: a stream is not sent twice.
    case idWithTextFallback

    /// Sends `request` through `transport` as this policy says, the fallback included.
    /// - Complexity: one round trip; two for an id the server does not know yet.
    public nonisolated(nonsending) func execute(_ request: GraphQLRequest, on transport: any Transport) async throws(Failure) -> GraphQLResponse {
        do {
            return try await transport.execute(first(request))
        } catch {
            guard self == .idWithTextFallback, case .requestErrors(let errors) = error,
                  errors.contains(where: Self.saysDocumentUnknown) else { throw error }
            var withText = request
            withText.sendsText = true
            return try await transport.execute(withText)
        }
    }

    /// The whole answer to `request` for `operation`: `execute`'s, or, for an operation that
    /// defers or streams, every payload of `executeIncrementally` merged, once the last came
    /// (for a one-off fetch or a mutation, which commit once).
    /// - Throws: the transport's failure, also one that comes after some payloads, and
    ///   `transport(.connectionLost)` for an answer that ends before its last payload.
    nonisolated(nonsending) func answer(_ request: GraphQLRequest, for operation: Artifact,
                                        on transport: any Transport) async throws(Failure) -> GraphQLResponse {
        guard operation.defersOrStreams else { return try await execute(request, on: transport) }
        var answer: IncrementalResponse?
        for await event in executeIncrementally(request, on: transport) {
            switch event {
            case .payload(let payload):
                if var current = answer {
                    try current.apply(payload)
                    answer = current
                } else {
                    answer = try IncrementalResponse(payload)
                }
            case .failed(let failure):
                throw failure
            }
        }
        guard let answer, !answer.hasNext else {
            throw .transport(.connectionLost, underlying: "the answer ended before its last payload")
        }
        return answer.response
    }

    /// Sends `request` through `transport` for an answer in parts, as `execute` does: with the
    /// fallback, an unknown id's failure (the first event) is followed by the sending with
    /// the text, whose events take its place. - Complexity: as `execute`.
    public func executeIncrementally(_ request: GraphQLRequest, on transport: any Transport) -> AsyncStream<IncrementalEvent> {
        let events = transport.executeIncrementally(first(request))
        guard self == .idWithTextFallback else { return events }
        var withText = request
        withText.sendsText = true
        let retry = { @Sendable [withText] in transport.executeIncrementally(withText) }
        return AsyncStream { continuation in
            let task = Task { await Self.forward(events, orElse: retry, to: continuation) }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Yields `events` into `continuation`, unless the first is an unknown id's failure: then
    /// those of `retry()` instead.
    private static func forward(_ events: AsyncStream<IncrementalEvent>,
                                orElse retry: @Sendable () -> AsyncStream<IncrementalEvent>,
                                to continuation: AsyncStream<IncrementalEvent>.Continuation) async {
        var isFirst = true
        for await event in events {
            if isFirst, case .failed(.requestErrors(let errors)) = event, errors.contains(where: saysDocumentUnknown) {
                for await retried in retry() { continuation.yield(retried) }
                break
            }
            isFirst = false
            continuation.yield(event)
        }
        continuation.finish()
    }

    /// `request` as first sent: a subscription's only sending, a query's or mutation's first.
    /// - Complexity: O(1).
    func first(_ request: GraphQLRequest) -> GraphQLRequest {
        var shaped = request
        switch self {
        case .textOnly:
            shaped.documentID = nil
            shaped.sendsText = true
        case .idOnly, .idWithTextFallback:
            shaped.sendsText = request.documentID == nil
        }
        return shaped
    }

    /// A subscription's request: as `first`, except that the fallback sends the text along.
    func subscription(_ request: GraphQLRequest) -> GraphQLRequest {
        self == .idWithTextFallback ? request : first(request)
    }

    /// Whether `error` is a server's "no document with this id" (Apollo's
    /// `PERSISTED_QUERY_NOT_FOUND` code, or its message alone).
    static func saysDocumentUnknown(_ error: GraphQLError) -> Bool {
        error.extensions?["code"] == .string("PERSISTED_QUERY_NOT_FOUND") || error.message == "PersistedQueryNotFound"
    }
}
