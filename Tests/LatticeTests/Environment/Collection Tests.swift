import Foundation
import Testing
import Lattice
import LatticeTesting

/// Retention as Relay has it: a released operation waits in the release buffer; collection is
/// scheduled on the clock when a root leaves the buffer or a commit drops a link, and runs
/// once per turn however many did, never inside the commit or the detach that asked for it.
@MainActor @Suite(.hangGuard) struct CollectionTests {
    static let documents = """
    query Repo($owner: String!) { repository(owner: $owner, name: "n") { name issues { title } } }
    """

    /// The repository of `owner` answered and attached.
    func attach(_ world: DocumentWorld, owner: String) async throws -> OperationHandle {
        world.transport.enqueue("Repo", .respond(GraphQLResponse(data: try .parse("""
        {"repository": {"id": "R-\(owner)", "name": "n", "issues": [{"id": "I-\(owner)", "title": "t"}]}}
        """))))
        let handle = world.environment.attach(try world.artifact("Repo"), variables: ["owner": .string(owner)])
        await handle.waitForFetch()
        return handle
    }

    func scheduler(_ world: DocumentWorld) throws -> ManualScheduler {
        try #require(world.environment.clock as? ManualScheduler)
    }

    @Test func rootsPushedOutOfTheBufferAreCollectedOnceInALaterTurn() async throws {
        let world = try DocumentWorld(Self.documents, strategy: .shipped, counting: true, releaseBufferSize: 1)
        var handles: [OperationHandle] = []
        for owner in ["a", "b", "c"] { handles.append(try await attach(world, owner: owner)) }
        let store = world.environment.store
        #expect(store.record(.root)?.fields.count == 3)
        // Three releases in one turn: "a" and "b" leave the buffer of one, "c" waits in it.
        for handle in handles { handle.detach() }
        #expect(store.bufferedCount == 1)
        #expect(try scheduler(world).pendingDelays == [.zero])
        #expect(store.record(DataID("R-a")) != nil)
        #expect(world.environment.counters?.total.collections == 0)

        try scheduler(world).advance(by: .zero)
        #expect(world.environment.counters?.total.collections == 1)
        #expect(world.environment.counters?.total.recordsCollected == 4)
        for gone in ["R-a", "I-a", "R-b", "I-b"] { #expect(store.record(DataID(gone)) == nil) }
        #expect(store.record(DataID("I-c")) != nil)
        // The root's fields of the repositories gone go with them: only "c"'s is left.
        #expect(store.record(.root)?.fields.count == 1)
    }

    @Test func aRootAttachedAgainLeavesTheBufferAndKeepsItsRecords() async throws {
        let world = try DocumentWorld(Self.documents, strategy: .shipped, releaseBufferSize: 1)
        try await attach(world, owner: "a").detach()
        #expect(world.environment.store.bufferedCount == 1)
        let again = world.environment.attach(try world.artifact("Repo"), variables: ["owner": "a"])
        #expect(world.environment.store.bufferedCount == 0)
        #expect(again.availability == .available)
        // Another released root fills the buffer; "a" is retained, not pushed out.
        try await attach(world, owner: "b").detach()
        _ = world.environment.collectGarbage()
        #expect(world.environment.store.record(DataID("I-a")) != nil)
        #expect(world.environment.store.record(DataID("I-b")) != nil)
    }

    @Test func aCommitThatDropsALinkSchedulesACollectionAndOneThatDoesNotSchedulesNone() async throws {
        let world = try DocumentWorld(Self.documents, strategy: .shipped, counting: true)
        let handle = try await attach(world, owner: "a")
        let repository = try #require(world.environment.store.record(DataID("R-a")))
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .scalar(.string("renamed"))), for: FieldKey("name"), on: repository.id)
        }
        #expect(try scheduler(world).pendingDelays.isEmpty)
        // The list of issues emptied: I-a is reachable no more.
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .links([])), for: FieldKey("issues"), on: repository.id)
        }
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: .links([])), for: FieldKey("issues"), on: repository.id)
        }
        #expect(try scheduler(world).pendingDelays == [.zero])
        #expect(world.environment.store.record(DataID("I-a")) != nil)
        try scheduler(world).advance(by: .zero)
        #expect(world.environment.store.record(DataID("I-a")) == nil)
        #expect(world.environment.store.record(DataID("R-a")) != nil)
        #expect(world.environment.counters?.total.collections == 1)
        #expect(handle.availability == .available)
    }

    @Test func aResponseThatDropsALinkSchedulesACollectionToo() async throws {
        let world = try DocumentWorld(Self.documents, strategy: .shipped, counting: true)
        let handle = try await attach(world, owner: "a")
        #expect(try scheduler(world).pendingDelays.isEmpty)
        // The refetch answers another issue: I-a is in no list any more.
        world.transport.enqueue("Repo", .respond(GraphQLResponse(data: try .parse("""
        {"repository": {"id": "R-a", "name": "n", "issues": [{"id": "I-z", "title": "t"}]}}
        """))))
        handle.refetch()
        await handle.waitForFetch()
        #expect(try scheduler(world).pendingDelays == [.zero])
        try scheduler(world).advance(by: .zero)
        #expect(world.environment.store.record(DataID("I-a")) == nil)
        #expect(world.environment.store.record(DataID("I-z")) != nil)
    }

    @Test func anExplicitCollectionTakesTheScheduledOnesTurn() async throws {
        let world = try DocumentWorld(Self.documents, strategy: .shipped, counting: true, releaseBufferSize: 0)
        try await attach(world, owner: "a").detach()
        #expect(try scheduler(world).pendingDelays == [.zero])
        #expect(world.environment.collectGarbage().contains(DataID("I-a")))
        #expect(try scheduler(world).pendingDelays.isEmpty)
        #expect(world.environment.counters?.total.collections == 1)
    }
}
