import Foundation
import Testing
import Lattice
import LatticeTesting

@MainActor @Suite(.timeLimit(.minutes(1))) struct RevalidateTests {
    @Test(arguments: PhaseStrategy.allCases)
    func refetchesExactlyTheStaleAndTheFailed(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let fresh = try await world.attachLoaded("ViewerSidebar")          // expires in 600 s
        let expiring = try await world.attachLoaded("RepositoryIssues")    // expires in 300 s
        world.transport.enqueue("Dashboard", .fail(unreachable))
        let failed = try world.attach("Dashboard")
        await failed.settled()
        world.transport.enqueue("UserProfile", .fail(unreachable))
        let failedBehindData = try await world.attachLoaded("UserProfile")
        await failedBehindData.refetch().value
        let storeOnly = try world.attach("RepositoryOverview", policy: .storeOnly)
        let inFlightGate = Gate()
        world.transport.enqueue("Search", after: inFlightGate)
        let inFlight = try world.attach("Search")
        world.scheduler.advance(by: .seconds(301))
        let before = world.transport.requests.count

        let started = world.environment.revalidate()

        let ids = Set(started.map(ObjectIdentifier.init))
        #expect(ids == Set([expiring, failed, failedBehindData].map(ObjectIdentifier.init)))
        #expect(world.transport.requests.count == before + 3)
        #expect(!fresh.fetch.isInFlight && !storeOnly.fetch.isInFlight)
        inFlightGate.open()
        for handle in started + [inFlight] { await handle.settled() }
        #expect(world.transport.requestCount(for: "Search") == 1)
        #expect([fresh, expiring, failed, failedBehindData, inFlight].map(\.shown) == Array(repeating: "ready", count: 5))
        #expect(world.environment.revalidate().isEmpty)
    }

    @Test func noTimerRefetchesOrChangesAPhase() async throws {
        let world = try World(.shipped)
        let handle = try await world.attachLoaded("RepositoryIssues")
        let probe = BodyProbe { handle.shown }
        #expect(world.scheduler.pendingDelays.isEmpty)

        world.scheduler.advance(by: .seconds(3_600))
        await Task.yield()

        #expect(world.environment.check(try world.artifact("RepositoryIssues"),
                                        variables: try world.variables("RepositoryIssues")) == .stale)
        #expect(world.transport.requestCount(for: "RepositoryIssues") == 1)
        #expect(!probe.isDirty)
        #expect(handle.shown == "ready")
        #expect(world.environment.revalidate().map(ObjectIdentifier.init) == [ObjectIdentifier(handle)])
        #expect(world.transport.requestCount(for: "RepositoryIssues") == 2)
    }
}
