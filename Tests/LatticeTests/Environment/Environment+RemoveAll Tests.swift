import Foundation
import Testing
import Lattice
import LatticeTesting

/// The phase after a sign-out (`removeAll()`), under the three strategies: every attached
/// handle reads `failed(.cancelled)`, fetching or not (it read `loading` with nothing in
/// flight when it was not fetching), no request is sent by itself, and `retry()` sends one.
@MainActor @Suite(.hangGuard) struct EnvironmentRemoveAllTests {
    /// Attach, fetch, `removeAll()`: the handle that was not fetching reads failed,
    /// `cancelled`, and nothing was sent; `retry()` sends the request and it lands.
    @Test(arguments: PhaseStrategy.allCases)
    func aHandleNotFetchingReadsCancelledAndSendsNothingUntilRetried(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy, counting: true)
        let handle = try await world.attachLoaded("ViewerSidebar")
        #expect(handle.shown == "ready")
        let sent = world.transport.requestCount(for: "ViewerSidebar")

        world.environment.removeAll()

        #expect(handle.shown == "failed(fetch.cancelled)")
        #expect(handle.fetch.failure == .cancelled)
        #expect(world.environment.counters?.total.requestsSent == 1)
        #expect(world.transport.requestCount(for: "ViewerSidebar") == sent)

        world.transport.enqueue("ViewerSidebar")
        await handle.retry()?.value
        #expect(world.transport.requestCount(for: "ViewerSidebar") == sent + 1)
        #expect(handle.shown == "ready")
    }

    /// A handle whose fetch was in flight reads the same: its request cancelled, failed,
    /// `cancelled`, and the late answer is not committed.
    @Test(arguments: PhaseStrategy.allCases)
    func aHandleFetchingReadsCancelledToo(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let gate = RequestBarrier()
        world.transport.enqueue("ViewerSidebar", after: gate)
        let handle = try world.attach("ViewerSidebar")
        await gate.arrival(count: 1)
        #expect(handle.shown == "loading")

        world.environment.removeAll()
        #expect(handle.shown == "failed(fetch.cancelled)")
        gate.open()
        await handle.waitForFetch()
        #expect(handle.shown == "failed(fetch.cancelled)")
    }

    /// A `storeOnly` handle, which never fetches by itself, reads `notInStore`, as with
    /// nothing stored.
    @Test(arguments: PhaseStrategy.allCases)
    func aStoreOnlyHandleReadsNotInStore(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        try world.load("ViewerSidebar")
        let handle = try world.attach("ViewerSidebar", policy: .storeOnly)
        #expect(handle.shown == "ready")
        world.environment.removeAll()
        #expect(handle.shown == "failed(store.notInStore)")
        #expect(world.transport.requestCount(for: "ViewerSidebar") == 0)
    }

    /// The body that read the phase re-runs once for the emptying (the end every commit
    /// shares settles each handle once).
    @Test(arguments: PhaseStrategy.allCases)
    func aBodyReadingThePhaseRerunsOnce(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let handle = try await world.attachLoaded("ViewerSidebar")
        let body = BodyProbe { handle.shown }
        world.environment.removeAll()
        #expect(body.flush())
        #expect(body.value == "failed(fetch.cancelled)")
        #expect(!body.flush(), "settled once: nothing left to re-run for")
    }
}
