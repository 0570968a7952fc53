import Foundation
import Testing
import Lattice
import LatticeTesting

/// Each policy with the data available, missing or stale: whether attaching fetches, and
/// what the handle shows while the fetch is held.
struct PolicyCase: Sendable, CustomTestStringConvertible {
    let policy: FetchPolicy
    let store: OperationAvailability
    let fetches: Bool
    let meanwhile: String

    var testDescription: String { "\(policy) with data \(store.rawValue)" }

    static let table: [PolicyCase] = [
        PolicyCase(policy: .storeOnly, store: .available, fetches: false, meanwhile: "ready"),
        PolicyCase(policy: .storeOnly, store: .stale, fetches: false, meanwhile: "ready"),
        PolicyCase(policy: .storeOnly, store: .missing, fetches: false, meanwhile: "failed(store.notInStore)"),
        PolicyCase(policy: .storeOrNetwork, store: .available, fetches: false, meanwhile: "ready"),
        PolicyCase(policy: .storeOrNetwork, store: .stale, fetches: true, meanwhile: "loading"),
        PolicyCase(policy: .storeOrNetwork, store: .missing, fetches: true, meanwhile: "loading"),
        PolicyCase(policy: .storeAndNetwork, store: .available, fetches: true, meanwhile: "ready refreshing"),
        PolicyCase(policy: .storeAndNetwork, store: .stale, fetches: true, meanwhile: "loading"),
        PolicyCase(policy: .storeAndNetwork, store: .missing, fetches: true, meanwhile: "loading"),
        PolicyCase(policy: .networkOnly, store: .available, fetches: true, meanwhile: "loading"),
        PolicyCase(policy: .networkOnly, store: .stale, fetches: true, meanwhile: "loading"),
        PolicyCase(policy: .networkOnly, store: .missing, fetches: true, meanwhile: "loading"),
    ]
}

@MainActor @Suite(.hangGuard) struct FetchPolicyTests {
    /// ViewerSidebar expires 600 s after it is written.
    let operation = "ViewerSidebar"

    @Test(arguments: PolicyCase.table)
    func attach(_ policyCase: PolicyCase) async throws {
        let world = try World(.shipped)
        switch policyCase.store {
        case .available:
            try world.load(operation)
        case .stale:
            try world.load(operation)
            world.scheduler.advance(by: .seconds(600))
        case .missing:
            break
        }
        let artifact = try world.artifact(operation)
        #expect(world.environment.check(artifact, variables: try world.variables(operation)) == policyCase.store)

        let gate = RequestBarrier()
        world.transport.setDefault(operation, .fixture(case: "ok"), after: gate)
        let handle = try world.attach(operation, policy: policyCase.policy)
        #expect(handle.fetch.isInFlight == policyCase.fetches)
        if policyCase.fetches { await gate.arrival() }
        #expect(world.transport.requestCount(for: operation) == (policyCase.fetches ? 1 : 0))
        #expect(handle.shown == policyCase.meanwhile)
        gate.open()
        await handle.waitForFetch()
        let after = policyCase.policy == .storeOnly && policyCase.store == .missing
            ? "failed(store.notInStore)" : "ready"
        #expect(handle.shown == after)
    }

    @Test func aStoreOnlyHandleShowsTheDataOnceItsOwnRefetchBringsIt() async throws {
        let world = try World(.shipped)
        let handle = try world.attach(operation, policy: .storeOnly)
        #expect(handle.shown == "failed(store.notInStore)")
        await handle.refetch().value
        #expect(handle.shown == "ready")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aResponseOfTheOperationBringsTheDataToEveryHandleOfItButNetworkOnly(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let storeOnly = try world.attach(operation, policy: .storeOnly)
        let gate = RequestBarrier()
        world.transport.enqueue(operation, after: gate)
        let networkOnly = try world.attach(operation, policy: .networkOnly)
        let probe = BodyProbe { storeOnly.phase.name }
        #expect(probe.value == "failed")

        // Another response of the operation (not a fetch: one would share the request held).
        try world.load(operation)
        let loaded = try world.attach(operation, policy: .storeOrNetwork)
        #expect(probe.flush())
        #expect(probe.value == "ready")
        #expect([storeOnly, networkOnly, loaded].map(\.shown) == ["ready", "loading", "ready"])
        gate.open()
        await networkOnly.waitForFetch()
        #expect(networkOnly.shown == "ready")
    }
}
