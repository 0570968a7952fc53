import Foundation
import Testing
import Lattice
import LatticeTesting

/// A subscription retains the records its selection reaches while it is open, as an attached
/// handle does, and releases them when it ends (no release buffer here: released is collected).
@MainActor @Suite(.hangGuard) struct SubscriptionRetentionTests {
    static let documents = #"subscription IssueUpdated { issueUpdated(id: "I") { id title } }"#
    static let event = GraphQLResponse(data: .object(["issueUpdated": .object([
        "id": .string("I"), "title": .string("Crash"),
    ])]))

    /// Subscribes and waits for the first event to be committed.
    func subscribed(_ world: DocumentWorld) async throws -> SubscriptionHandle {
        world.transport.enqueueStream("IssueUpdated", [.opened, .next(Self.event)])
        let handle = world.environment.subscribe(try world.artifact("IssueUpdated"))
        await waitUntil { handle.lastEventAt != nil }
        return handle
    }

    @Test func anOpenSubscriptionKeepsItsRecordsAndACancelledOneReleasesThem() async throws {
        let world = try DocumentWorld(Self.documents, strategy: .shipped, releaseBufferSize: 0)
        let handle = try await subscribed(world)
        #expect(world.environment.store.record(DataID("I")) != nil)

        #expect(!world.environment.collectGarbage().contains(DataID("I")))

        handle.cancel()
        #expect(world.environment.collectGarbage().contains(DataID("I")))
    }

    @Test func aSubscriptionTheServerCompletedReleasesItsRecords() async throws {
        let world = try DocumentWorld(Self.documents, strategy: .shipped, releaseBufferSize: 0)
        let handle = try await subscribed(world)
        #expect(!world.environment.collectGarbage().contains(DataID("I")))
        world.transport.channels(for: "IssueUpdated").first?.send(.completed)
        await waitUntil { handle.state == .ended(.completed) }

        #expect(world.environment.collectGarbage().contains(DataID("I")))
    }

    @Test func aReleasedSubscriptionReleasesItsRecords() async throws {
        let world = try DocumentWorld(Self.documents, strategy: .shipped, releaseBufferSize: 0)
        var handle: SubscriptionHandle? = try await subscribed(world)
        #expect(handle?.state != nil)
        #expect(!world.environment.collectGarbage().contains(DataID("I")))
        handle = nil

        #expect(world.environment.collectGarbage().contains(DataID("I")))
    }
}
