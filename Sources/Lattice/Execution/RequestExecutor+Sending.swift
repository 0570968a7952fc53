/// Sending in the persisted-documents mode (`PersistedDocumentPolicy`): what of a document a
/// request carries, the id's fallback to the text, and an answer in parts taken whole.
/// Nonisolated: they run on the caller's executor, as `Transport.execute` does.
extension RequestExecutor {
    /// Sends `request` through `transport` as `mode` says, the fallback included.
    /// - Complexity: one round trip; two for an id the server does not know yet.
    nonisolated(nonsending) static func send(_ request: GraphQLRequest, mode: PersistedDocumentPolicy,
                                             on transport: any Transport) async throws(Failure) -> GraphQLResponse {
        do {
            return try await transport.execute(first(request, mode: mode))
        } catch {
            guard mode == .idWithTextFallback, case .requestErrors(let errors) = error,
                  errors.contains(where: saysDocumentUnknown) else { throw error }
            var withText = request
            withText.sendsText = true
            return try await transport.execute(withText)
        }
    }

    /// The whole answer to `request` for `operation`: `send`'s, or, for an operation that
    /// defers or streams, every payload of `sendIncrementally` merged, once the last came
    /// (for a one-off fetch or a mutation, which commit once).
    /// - Throws: the transport's failure, also one that comes after some payloads, and
    ///   `transport(.connectionLost)` for an answer that ends before its last payload;
    ///   `cancelled`, whatever else ended it, once the calling task is cancelled (the
    ///   promise of `Transport.execute`, kept for the transports and the parts alike).
    nonisolated(nonsending) static func whole(_ request: GraphQLRequest, for operation: Artifact,
                                              mode: PersistedDocumentPolicy,
                                              on transport: any Transport) async throws(Failure) -> GraphQLResponse {
        do throws(Failure) {
            guard operation.defersOrStreams else { return try await send(request, mode: mode, on: transport) }
            var answer: IncrementalResponse?
            for await event in sendIncrementally(request, mode: mode, on: transport) {
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
        } catch {
            // A cancel tears the answer down: what it looks like then (a stream ended early,
            // a dropped connection) is the cancel's doing.
            throw Task.isCancelled ? .cancelled : error
        }
    }

    /// Sends `request` through `transport` for an answer in parts, as `send` does: with the
    /// fallback, an unknown id's failure (the first event) is followed by the sending with
    /// the text, whose events take its place. - Complexity: as `send`.
    nonisolated static func sendIncrementally(_ request: GraphQLRequest, mode: PersistedDocumentPolicy,
                                              on transport: any Transport) -> AsyncStream<IncrementalEvent> {
        let events = transport.executeIncrementally(first(request, mode: mode))
        guard mode == .idWithTextFallback else { return events }
        var withText = request
        withText.sendsText = true
        let retry = { @Sendable [withText] in transport.executeIncrementally(withText) }
        return AsyncStream { continuation in
            let task = Task { await forward(events, orElse: retry, to: continuation) }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Yields `events` into `continuation`, unless the first is an unknown id's failure: then
    /// those of `retry()` instead.
    private nonisolated static func forward(_ events: AsyncStream<IncrementalEvent>,
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

    /// `request` as first sent in `mode`: a subscription's only sending, a query's or
    /// mutation's first. - Complexity: O(1).
    nonisolated static func first(_ request: GraphQLRequest, mode: PersistedDocumentPolicy) -> GraphQLRequest {
        var shaped = request
        switch mode {
        case .textOnly:
            shaped.documentID = nil
            shaped.sendsText = true
        case .idOnly, .idWithTextFallback:
            shaped.sendsText = request.documentID == nil
        }
        return shaped
    }

    /// A subscription's request: as `first`, except that the fallback sends the text along
    /// (a stream is not sent twice).
    nonisolated static func subscription(_ request: GraphQLRequest, mode: PersistedDocumentPolicy) -> GraphQLRequest {
        mode == .idWithTextFallback ? request : first(request, mode: mode)
    }

    /// Whether `error` is a server's "no document with this id" (Apollo's
    /// `PERSISTED_QUERY_NOT_FOUND` code, or its message alone).
    nonisolated static func saysDocumentUnknown(_ error: GraphQLError) -> Bool {
        error.extensions?["code"] == .string("PERSISTED_QUERY_NOT_FOUND") || error.message == "PersistedQueryNotFound"
    }
}
