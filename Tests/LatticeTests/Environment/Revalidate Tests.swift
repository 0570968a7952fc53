import Foundation
import Testing
import Lattice
import LatticeTesting

@MainActor @Suite(.hangGuard) struct RevalidateTests {
    @Test(arguments: PhaseStrategy.allCases)
    func refetchesExactlyTheStaleAndTheFailed(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let fresh = try await world.attachLoaded("ViewerSidebar")          // expires in 600 s
        let expiring = try await world.attachLoaded("RepositoryOverview")  // expires in 60 s
        let storeOnly = try world.attach("RepositoryOverview", policy: .storeOnly)
        world.transport.enqueue("UserHovercard", .fail(unreachable))
        let failed = try world.attach("UserHovercard")
        await failed.waitForFetch()
        let failedBehindData = try await world.attachLoaded("UserProfile")
        world.transport.enqueue("UserProfile", .fail(unreachable))
        await failedBehindData.refetch().value
        let inFlightGate = RequestBarrier()
        world.transport.enqueue("Search", after: inFlightGate)
        let inFlight = try world.attach("Search")
        await inFlightGate.arrival()
        world.scheduler.advance(by: .seconds(61))
        #expect([fresh, expiring, storeOnly, failed, failedBehindData, inFlight].map(\.shown)
                == ["ready", "ready", "ready", "failed(transport.unreachable)",
                    "ready fetch:failed(transport.unreachable)", "loading"])
        let before = world.transport.requests.count

        let started = world.environment.revalidate()

        #expect(Set(started) == [expiring, failed, failedBehindData])
        #expect(started.allSatisfy { $0.fetch.isInFlight })
        #expect(!fresh.fetch.isInFlight && !storeOnly.fetch.isInFlight)
        for handle in started { await handle.waitForFetch() }
        #expect(world.transport.requests.count == before + 3)
        inFlightGate.open()
        await inFlight.waitForFetch()
        #expect(world.transport.requestCount(for: "Search") == 1)
        #expect([fresh, expiring, storeOnly, failed, failedBehindData, inFlight].map(\.shown)
                == Array(repeating: "ready", count: 6))
        #expect(world.environment.revalidate().map { $0.operation.name }.isEmpty)
    }

    @Test func noTimerRefetchesOrChangesAPhase() async throws {
        let world = try World(.shipped)
        let handle = try await world.attachLoaded("RepositoryOverview")
        let probe = BodyProbe { handle.shown }
        #expect(world.scheduler.pendingDelays.isEmpty)

        world.scheduler.advance(by: .seconds(3_600))
        await Task.yield()

        #expect(world.environment.check(try world.artifact("RepositoryOverview"),
                                        variables: try world.variables("RepositoryOverview")) == .stale)
        #expect(world.transport.requestCount(for: "RepositoryOverview") == 1)
        #expect(!probe.isDirty)
        #expect(handle.shown == "ready")
        #expect(world.environment.revalidate() == [handle])
        await handle.waitForFetch()
        #expect(world.transport.requestCount(for: "RepositoryOverview") == 2)
    }
}
