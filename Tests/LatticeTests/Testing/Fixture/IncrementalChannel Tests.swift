import Foundation
import Testing
import Lattice
import LatticeTesting

/// `FixtureTransport` answers in parts when a test enqueues them: each payload lands when the
/// channel is sent it, the last (or a failure) ends the answer, `drop()` ends it short, and an
/// operation with none enqueued is answered in one piece.
@Suite(.hangGuard) struct IncrementalChannelTests {
    static let response = GraphQLResponse(data: .object(["a": .int(1)]))
    let transport = FixtureTransport(responses: [
        FixtureResponse(operation: "Deferred", variables: [:], case: "ok", response: response),
    ])
    let request = GraphQLRequest(query: "query Deferred { a ... @defer { b } }", operationName: "Deferred")

    static func events(_ stream: AsyncStream<IncrementalEvent>) async -> [IncrementalEvent] {
        var events: [IncrementalEvent] = []
        for await event in stream { events.append(event) }
        return events
    }

    @Test func payloadsLandWhenSentAndTheLastEndsTheAnswer() async throws {
        let first = try IncrementalPayload(decoding: Data(#"{"data": {"a": 1}, "pending": [{"id": "0", "path": []}], "hasNext": true}"#.utf8))
        transport.enqueueInParts("Deferred", [first])
        let stream = transport.executeIncrementally(request)
        let channel = await transport.incrementalChannel(for: "Deferred")
        #expect(channel.request == request)
        channel.send(json: #"{"hasNext": true}"#)
        channel.send(json: #"{"incremental": [{"id": "0", "data": {"b": 2}}], "completed": [{"id": "0"}], "hasNext": false}"#)
        channel.send(json: #"{"hasNext": false}"#)
        let events = await Self.events(stream)
        #expect(events.count == 3)
        #expect(events.first == .payload(first))
        #expect(transport.requestCount(for: "Deferred") == 1)
    }

    @Test func aDropEndsTheAnswerShortAndWhatDoesNotDecodeFailsIt() async throws {
        transport.enqueueInParts("Deferred")
        transport.enqueueInParts("Deferred")
        let dropped = transport.executeIncrementally(request)
        let undecodable = transport.executeIncrementally(request)
        await transport.incrementalChannel(for: "Deferred", at: 0).drop()
        await transport.incrementalChannel(for: "Deferred", at: 1).send(json: "{not json")
        #expect(await Self.events(dropped).isEmpty)
        guard case .failed(.undecodableResponse(let reason, _))? = await Self.events(undecodable).first else {
            Issue.record("no failure")
            return
        }
        #expect(reason.hasPrefix("part 1 of the answer"), "\(reason)")
        #expect(transport.incrementalChannels(for: "Deferred").count == 2)
    }

    @Test func withNothingEnqueuedTheAnswerComesInOnePiece() async {
        let events = await Self.events(transport.executeIncrementally(request))
        #expect(events == [.payload(IncrementalPayload(response: Self.response))])
        #expect(transport.incrementalChannels(for: "Deferred").isEmpty)
    }
}
