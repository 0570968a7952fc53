import Foundation
import Testing
import Lattice
import LatticeTesting

/// Identical requests in flight are shared: the handles of one operation with its variables
/// that fetch while a request of theirs is on its way wait for that one.
@MainActor @Suite(.hangGuard) struct SharedRequestsTests {
    @Test(arguments: PhaseStrategy.allCases)
    func revalidatingTwoHandlesOfOneOperationSendsOneRequest(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy, counting: true)
        let first = try await world.attachLoaded("ViewerSidebar")
        let second = try world.attach("ViewerSidebar")
        #expect(second.shown == "ready")
        world.environment.invalidate(DataID(viewerID))
        world.environment.counters?.reset()
        let before = world.transport.requestCount(for: "ViewerSidebar")
        world.transport.enqueue("ViewerSidebar")

        let started = world.environment.revalidate()

        #expect(Set(started) == [first, second])
        #expect(first.isRefreshing && second.isRefreshing)
        for handle in started { await handle.waitForFetch() }
        #expect(world.transport.requestCount(for: "ViewerSidebar") == before + 1)
        #expect(world.environment.counters?.total.requestsSent == 1)
        #expect(world.environment.counters?.total.requestsShared == 1)
        // One answer, committed once, answers both.
        #expect(world.environment.counters?.total.commits == 1)
        #expect([first.shown, second.shown] == ["ready", "ready"])
        #expect(world.environment.check(try world.artifact("ViewerSidebar"),
                                        variables: try world.variables("ViewerSidebar")) == .available)
    }

    @Test func aSharedRequestsFailureReachesEveryHandleWaiting() async throws {
        let world = try World(.shipped, counting: true)
        let gate = RequestBarrier()
        world.transport.enqueue("Dashboard", .fail(unreachable), after: gate)
        let first = try world.attach("Dashboard")
        let second = try world.attach("Dashboard")
        gate.open()
        await first.waitForFetch()
        await second.waitForFetch()
        #expect(world.transport.requestCount(for: "Dashboard") == 1)
        #expect(world.environment.counters?.total.requestsShared == 1)
        #expect([first.shown, second.shown] == ["failed(transport.unreachable)", "failed(transport.unreachable)"])
    }

    @Test func otherVariablesAreAnotherRequest() async throws {
        let world = try World(.shipped, counting: true)
        let variables = try world.variables("UserHovercard")
        let first = try world.attach("UserHovercard")
        var smaller = variables
        smaller["size"] = .int(64)
        let other = world.environment.attach(try world.artifact("UserHovercard"), variables: smaller)
        await first.waitForFetch()
        await other.waitForFetch()
        #expect(world.transport.requestCount(for: "UserHovercard") == 2)
        #expect(world.environment.counters?.total.requestsSent == 2)
        #expect(world.environment.counters?.total.requestsShared == 0)
    }
}
