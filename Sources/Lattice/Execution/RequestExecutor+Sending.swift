import Synchronization

/// Sending in the persisted-documents mode (`PersistedDocumentPolicy`): what of a document a
/// request carries, the id's fallback to the text, and an answer in parts taken whole.
/// Nonisolated: they run on the caller's executor, as `Transport.execute` does.
extension RequestExecutor {
    /// Sends `request` through `transport` as `mode` says, the fallback included: with
    /// `.idWithTextFallback`, an id the server does not know, or a server that refuses ids
    /// (`refusesIDs`), is followed by the request with its text; a refusal is remembered in
    /// `memory`, and from then on requests carry the text alone.
    /// - Complexity: one round trip; two for an id the server does not know yet, or the first
    ///   one it refuses.
    nonisolated(nonsending) static func send(_ request: GraphQLRequest, mode: PersistedDocumentPolicy,
                                             memory: PersistedIDMemory? = nil,
                                             on transport: any Transport) async throws(Failure) -> GraphQLResponse {
        let shaped = first(request, mode: mode, memory: memory)
        do {
            return try await transport.execute(shaped)
        } catch {
            guard mode == .idWithTextFallback, !shaped.sendsText, asksForText(error) else { throw error }
            if refusesIDs(error) { memory?.noteRefusal() }
            var withText = request
            withText.sendsText = true
            if memory?.idsRefused == true { withText.documentID = nil }
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
                                              mode: PersistedDocumentPolicy, memory: PersistedIDMemory? = nil,
                                              on transport: any Transport) async throws(Failure) -> GraphQLResponse {
        do throws(Failure) {
            guard operation.defersOrStreams else { return try await send(request, mode: mode, memory: memory, on: transport) }
            var answer: IncrementalResponse?
            for await event in sendIncrementally(request, mode: mode, memory: memory, on: transport) {
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

    /// Sends `request` through `transport` for an answer in parts, as `send` does: with
    /// the fallback, an unknown or refused id's failure (the first event) is followed by the
    /// sending with the text, whose events take its place. - Complexity: as `send`.
    nonisolated static func sendIncrementally(_ request: GraphQLRequest, mode: PersistedDocumentPolicy,
                                              memory: PersistedIDMemory? = nil,
                                              on transport: any Transport) -> AsyncStream<IncrementalEvent> {
        let shaped = first(request, mode: mode, memory: memory)
        let events = transport.executeIncrementally(shaped)
        guard mode == .idWithTextFallback, !shaped.sendsText else { return events }
        let retry = { @Sendable in
            var withText = request
            withText.sendsText = true
            if memory?.idsRefused == true { withText.documentID = nil }
            return transport.executeIncrementally(withText)
        }
        return AsyncStream { continuation in
            let task = Task { await forward(events, orElse: retry, memory: memory, to: continuation) }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Yields `events` into `continuation`, unless the first is a failure that asks for the
    /// text (`asksForText`): then those of `retry()` instead.
    private nonisolated static func forward(_ events: AsyncStream<IncrementalEvent>,
                                            orElse retry: @Sendable () -> AsyncStream<IncrementalEvent>,
                                            memory: PersistedIDMemory?,
                                            to continuation: AsyncStream<IncrementalEvent>.Continuation) async {
        var isFirst = true
        for await event in events {
            if isFirst, case .failed(let failure) = event, asksForText(failure) {
                if refusesIDs(failure) { memory?.noteRefusal() }
                for await retried in retry() { continuation.yield(retried) }
                break
            }
            isFirst = false
            continuation.yield(event)
        }
        continuation.finish()
    }

    /// `request` as first sent in `mode`: a subscription's only sending, a query's or
    /// mutation's first; the text alone once `memory` holds the server's refusal of ids.
    /// - Complexity: O(1).
    nonisolated static func first(_ request: GraphQLRequest, mode: PersistedDocumentPolicy,
                                  memory: PersistedIDMemory? = nil) -> GraphQLRequest {
        var shaped = request
        switch mode {
        case .idWithTextFallback where memory?.idsRefused == true, .textOnly:
            shaped.documentID = nil
            shaped.sendsText = true
        case .idOnly, .idWithTextFallback:
            shaped.sendsText = request.documentID == nil
        }
        return shaped
    }

    /// A subscription's request: as `first`, except that the fallback sends the text along
    /// (a stream is not sent twice).
    nonisolated static func subscription(_ request: GraphQLRequest, mode: PersistedDocumentPolicy,
                                         memory: PersistedIDMemory? = nil) -> GraphQLRequest {
        mode == .idWithTextFallback && memory?.idsRefused != true ? request : first(request, mode: mode, memory: memory)
    }

    /// Whether `failure`, the answer to a request without its text, asks for the text: the
    /// server does not know the id (`saysDocumentUnknown`) or takes no ids (`refusesIDs`).
    nonisolated static func asksForText(_ failure: Failure) -> Bool {
        if case .requestErrors(let errors) = failure, errors.contains(where: saysDocumentUnknown) { return true }
        return refusesIDs(failure)
    }

    /// Whether `failure`, the answer to a request without its text, says that the server
    /// takes no persisted ids at all: Apollo's `PERSISTED_QUERY_NOT_SUPPORTED` code (or its
    /// message alone), or HTTP 400, a server that finds no document in a request with none
    /// (strawberry's "No GraphQL query found in the request").
    nonisolated static func refusesIDs(_ failure: Failure) -> Bool {
        switch failure {
        case .requestErrors(let errors):
            errors.contains {
                $0.extensions?["code"] == .string("PERSISTED_QUERY_NOT_SUPPORTED")
                    || $0.message == "PersistedQueryNotSupported"
            }
        case .httpStatus(let code, _):
            code == 400
        case .transport, .undecodableResponse, .fieldErrors, .requiredFieldMissing, .notInStore, .cancelled,
             .timedOut:
            false
        }
    }

    /// Whether `error` is a server's "no document with this id" (Apollo's
    /// `PERSISTED_QUERY_NOT_FOUND` code, or its message alone).
    nonisolated static func saysDocumentUnknown(_ error: GraphQLError) -> Bool {
        error.extensions?["code"] == .string("PERSISTED_QUERY_NOT_FOUND") || error.message == "PersistedQueryNotFound"
    }
}

/// What a request executor learnt of its server's persisted ids: whether the server refused
/// them (`PERSISTED_QUERY_NOT_SUPPORTED`, or HTTP 400 to a request without text). Once it
/// has, `.idWithTextFallback` sends every later request with its text alone, as Apollo's
/// persisted-queries link stops sending hashes; it is never forgotten (one per environment).
///
/// Shared with the sendings in flight, which run off the main actor (an answer in parts is
/// forwarded by a task of its own): an atomic flag. - Complexity: one atomic load a request.
final class PersistedIDMemory: Sendable {
    private let refused = Atomic<Bool>(false)

    /// Whether the server refused ids.
    var idsRefused: Bool { refused.load(ordering: .relaxed) }

    /// Remembers that the server refused ids.
    func noteRefusal() { refused.store(true, ordering: .relaxed) }
}
