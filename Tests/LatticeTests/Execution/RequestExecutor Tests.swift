import Foundation
import Testing
import Lattice
import LatticeTesting

/// A request's life, as an app sees it through handles: one request for handles that share
/// it, a cancel that leaves the others their answer, a phase that follows the request through
/// failure and retry, and each commit ended once.
@MainActor @Suite(.hangGuard) struct RequestExecutorTests {
    @Test(arguments: PhaseStrategy.allCases)
    func aFetchSharedByTwoHandlesSendsOneRequestCommittedOnce(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy, counting: true)
        let gate = RequestBarrier()
        world.transport.enqueue("Dashboard", after: gate)
        let first = try world.attach("Dashboard")
        let second = try world.attach("Dashboard")
        await gate.arrival()
        #expect([first.shown, second.shown] == ["loading", "loading"])
        #expect(first.fetch.isInFlight && second.fetch.isInFlight)

        gate.open()
        await first.waitForFetch()
        await second.waitForFetch()

        #expect(world.transport.requestCount(for: "Dashboard") == 1)
        #expect(world.environment.counters?.total.requestsSent == 1)
        #expect(world.environment.counters?.total.requestsShared == 1)
        #expect(world.environment.counters?.total.commits == 1)
        #expect([first.shown, second.shown] == ["ready", "ready"])
        #expect(first.fetch.activity == .idle && second.fetch.activity == .idle)
    }

    /// Detaching one of two handles that share a request, or releasing it, cancels its fetch
    /// only: the request goes on, and the other handle gets its answer.
    @Test(arguments: [false, true])
    func cancellingOneOfTwoSharersLeavesTheOtherItsAnswer(releasing: Bool) async throws {
        let world = try World(.shipped, counting: true)
        let gate = RequestBarrier()
        world.transport.enqueue("Dashboard", after: gate)
        var first: OperationHandle? = try world.attach("Dashboard")
        let second = try world.attach("Dashboard")
        await gate.arrival()
        if releasing {
            first = nil
        } else {
            first?.detach()
            #expect(first?.fetch.failure == .cancelled)
            #expect(first?.isAttached == false)
        }
        #expect(second.fetch.isInFlight)

        gate.open()
        await second.waitForFetch()

        #expect(second.shown == "ready")
        #expect(world.transport.requestCount(for: "Dashboard") == 1)
        #expect(world.environment.counters?.total.commits == 1)
        withExtendedLifetime(first) {}
    }

    /// When every sharer leaves, the request is cancelled: its answer, let through later,
    /// is committed for nobody.
    @Test func theLastSharerLeavingCancelsTheRequest() async throws {
        let world = try World(.shipped, counting: true)
        let gate = RequestBarrier()
        world.transport.enqueue("Dashboard", after: gate)
        let first = try world.attach("Dashboard")
        let second = try world.attach("Dashboard")
        await gate.arrival()
        first.detach()
        second.detach()
        gate.open()
        await second.waitForFetch()
        #expect(world.environment.counters?.total.commits == 0)
        #expect([first.fetch.failure, second.fetch.failure] == [.cancelled, .cancelled])
    }

    /// Without data, the phase is what the request says: loading while it is on its way,
    /// failed with its failure, loading again on retry, ready with the answer; with data, a
    /// failed refetch stays in the fetch and the phase stays ready.
    @Test(arguments: PhaseStrategy.allCases)
    func thePhaseFollowsTheRequestThroughFailureAndRetry(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let failing = RequestBarrier()
        world.transport.enqueue("Dashboard", .fail(unreachable), after: failing)
        let handle = try world.attach("Dashboard")
        await failing.arrival()
        #expect(handle.shown == "loading")
        #expect(handle.fetch.isInFlight)
        failing.open()
        await handle.waitForFetch()
        #expect(handle.shown == "failed(transport.unreachable)")
        #expect(handle.fetch.failure == unreachable)
        #expect(!handle.hasData)

        let answering = RequestBarrier()
        world.transport.enqueue("Dashboard", after: answering)
        let retried = try #require(handle.retry())
        await answering.arrival()
        #expect(handle.shown == "loading")
        answering.open()
        await retried.value
        #expect(handle.shown == "ready")
        #expect(handle.fetch.activity == .idle)
        #expect(handle.retry() == nil, "nothing failed: nothing to retry")

        let failingBehindData = RequestBarrier()
        world.transport.enqueue("Dashboard", .fail(unreachable), after: failingBehindData)
        let refetched = handle.refetch()
        await failingBehindData.arrival()
        #expect(handle.shown == "ready refreshing")
        failingBehindData.open()
        await refetched.value
        #expect(handle.shown == "ready fetch:failed(transport.unreachable)")
        #expect(handle.phase.name == "ready")
    }

    /// Every kind of commit ends once: one count, one strategy pass (the stored strategy's
    /// reevaluate, for a change its verdicts read), one batch for the image.
    @Test func eachCommitEndsOnceThroughOnePath() async throws {
        let fixtures = try SharedFixtures.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-commit-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let transport = fixtures.transport()
        let environment = Environment(program: fixtures.program, transport: transport,
                                      configuration: .init(strategy: .stored, clock: ManualScheduler(), counting: true,
                                                           image: folder.appendingPathComponent("store.sqlite")))
        let counters = try #require(environment.counters)
        let dashboard = try fixtures.artifact("Dashboard")
        let ok = try fixtures.response("Dashboard")

        // An answer to a handle's fetch.
        transport.enqueue("Dashboard")
        let handle = environment.attach(dashboard, variables: ok.variables)
        counters.reset()
        await handle.waitForFetch()
        #expect(handle.shown == "ready")
        #expect(counters.total.commits == 1)
        #expect(counters.lastCommit.imageWrites == 1)
        #expect(counters.lastCommit.reevaluateCalls == 1)

        // A response committed without the network: it carries a field error.
        counters.reset()
        let fieldError = try fixtures.response("Dashboard", case: "field-error")
        try environment.commit(fieldError.response, for: dashboard, variables: fieldError.variables)
        #expect(counters.total.commits == 1)
        #expect(counters.lastCommit.imageWrites == 1)
        #expect(counters.lastCommit.reevaluateCalls == 1)

        // A local update that nulls a field.
        counters.reset()
        environment.commitUpdate { delta in
            delta.set(FieldState(value: .null), for: FieldKey("bio"), on: DataID(viewerID))
        }
        #expect(counters.total.commits == 1)
        #expect(counters.lastCommit.imageWrites == 1)
        #expect(counters.lastCommit.reevaluateCalls == 1)
        await environment.imageWritten()
        #expect(environment.imageLog.isEmpty)
    }
}
