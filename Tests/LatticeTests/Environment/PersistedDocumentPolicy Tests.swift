import Foundation
import Synchronization
import Testing
import Lattice

/// What each policy puts on the wire and when it sends again, against a transport that
/// records every request and answers as its script says.
struct PersistedDocumentPolicyTests {
    /// Records requests; answers "not found" to a request without text while `knowsNoIDs`.
    final class RecordingTransport: Transport {
        let sent = Mutex<[GraphQLRequest]>([])
        let knowsNoIDs: Bool
        let answer = GraphQLResponse(data: .object(["a": .int(1)]))

        init(knowsNoIDs: Bool) { self.knowsNoIDs = knowsNoIDs }

        nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
            sent.withLock { $0.append(request) }
            if knowsNoIDs && !request.sendsText {
                throw .requestErrors([GraphQLError(message: "PersistedQueryNotFound",
                                                   extensions: ["code": .string("PERSISTED_QUERY_NOT_FOUND")])])
            }
            return answer
        }

        func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent> { AsyncStream { $0.finish() } }
    }

    let request = GraphQLRequest(query: "query Q { a }", operationName: "Q", documentID: "abc")

    /// What went out, as (carries the id, carries the text).
    func wire(_ transport: RecordingTransport) -> [(id: Bool, text: Bool)] {
        transport.sent.withLock { $0.map { ($0.documentID != nil, $0.sendsText) } }
    }

    @Test func textOnlySendsTheTextWithoutTheID() async throws {
        let transport = RecordingTransport(knowsNoIDs: true)
        _ = try await PersistedDocumentPolicy.textOnly.execute(request, on: transport)
        #expect(wire(transport).map { [$0.id, $0.text] } == [[false, true]])
    }

    @Test func idOnlySendsTheIDAloneAndDoesNotFallBack() async {
        let transport = RecordingTransport(knowsNoIDs: true)
        await #expect(throws: Failure.self) { try await PersistedDocumentPolicy.idOnly.execute(request, on: transport) }
        #expect(wire(transport).map { [$0.id, $0.text] } == [[true, false]])
    }

    @Test func theFallbackSendsTheTextOnlyWhenTheServerDoesNotKnowTheID() async throws {
        let unknown = RecordingTransport(knowsNoIDs: true)
        _ = try await PersistedDocumentPolicy.idWithTextFallback.execute(request, on: unknown)
        #expect(wire(unknown).map { [$0.id, $0.text] } == [[true, false], [true, true]])
        let known = RecordingTransport(knowsNoIDs: false)
        _ = try await PersistedDocumentPolicy.idWithTextFallback.execute(request, on: known)
        #expect(wire(known).map { [$0.id, $0.text] } == [[true, false]])
    }

    /// Another failure is not a reason to send the text: it is the caller's.
    @Test func theFallbackPassesOtherFailuresOn() async {
        struct Refusing: Transport {
            nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
                throw .requestErrors([GraphQLError(message: "Not authorized", extensions: ["code": .string("FORBIDDEN")])])
            }
            func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent> { AsyncStream { $0.finish() } }
        }
        await #expect(throws: Failure.requestErrors([GraphQLError(message: "Not authorized", extensions: ["code": .string("FORBIDDEN")])])) {
            try await PersistedDocumentPolicy.idWithTextFallback.execute(request, on: Refusing())
        }
    }

    /// The body on the wire: the id in `extensions.persistedQuery`, and no `query` key at all
    /// when the text stays home.
    @Test func theIDTravelsAsThePersistedQueryExtension() throws {
        var byID = request
        byID.sendsText = false
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let body = String(decoding: try encoder.encode(byID), as: UTF8.self)
        #expect(body == #"{"extensions":{"persistedQuery":{"sha256Hash":"abc","version":1}},"operationName":"Q","variables":{}}"#)
    }
}
