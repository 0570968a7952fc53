import Foundation
import Testing
import Lattice
import LatticeTesting

/// One scenario of the phase table: it drives a handle and records what it shows at each
/// checkpoint (`OperationHandle.shown`, or an availability). The expected trace is written
/// by hand from the semantics, and must hold under every strategy.
struct PhaseScenario: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: [String]
    let run: @MainActor @Sendable (World) async throws -> [String]

    init(_ name: String, _ expected: [String], run: @escaping @MainActor @Sendable (World) async throws -> [String]) {
        self.name = name
        self.expected = expected
        self.run = run
    }

    var testDescription: String { name }
}

extension PhaseScenario {
    static let table: [PhaseScenario] = [
        PhaseScenario("no data + in flight", ["loading", "ready"]) { world in
            let (held, handle) = try await world.whileHeldAttach("Dashboard")
            return [held, handle.shown]
        },
        PhaseScenario("no data + failed", ["failed(transport.unreachable)"]) { world in
            world.transport.enqueue("Dashboard", .fail(unreachable))
            let handle = try world.attach("Dashboard")
            await handle.waitForFetch()
            return [handle.shown]
        },
        PhaseScenario("no data + request errors", ["failed(response.requestErrors)"]) { world in
            [try await world.attachLoaded("Dashboard", case: "request-error").shown]
        },
        PhaseScenario("data + fine", ["ready"]) { world in
            [try await world.attachLoaded("Dashboard").shown]
        },
        PhaseScenario("data + field error in own selection", ["failed(read.fieldErrors)"]) { world in
            [try await world.attachLoaded("Dashboard", case: "field-error").shown]
        },
        PhaseScenario("data + error only inside a spread", ["ready"]) { world in
            [try await world.attachLoaded("IssueScreen", case: "field-error").shown]
        },
        PhaseScenario("data + root bubbled (THROW)", ["failed(read.requiredFieldMissing)"]) { world in
            [try await world.attachLoaded("IssueAuthorCard", case: "required-null").shown]
        },
        PhaseScenario("data + root bubbled (LOG)", ["failed(read.requiredFieldMissing)"]) { world in
            [try await world.attachLoaded("OrganizationProfile", case: "required-null").shown]
        },
        PhaseScenario("data + unplaced error under @throwOnFieldError", ["failed(read.fieldErrors)"]) { world in
            [try await world.attachLoaded("Dashboard", case: "unplaced-error").shown]
        },
        PhaseScenario("data + unplaced error without @throwOnFieldError", ["ready"]) { world in
            [try await world.attachLoaded("RepositoryIssues", case: "unplaced-error").shown]
        },
        PhaseScenario("data + refetch in flight", ["ready refreshing", "ready"]) { world in
            let handle = try await world.attachLoaded("Dashboard")
            let held = await world.whileHeld("Dashboard", handle) { handle.refetch() }
            return [held, handle.shown]
        },
        PhaseScenario("data + refetch failed", ["ready", "ready fetch:failed(transport.unreachable)"]) { world in
            let handle = try await world.attachLoaded("Dashboard")
            let before = handle.shown
            world.transport.enqueue("Dashboard", .fail(unreachable))
            await handle.refetch().value
            return [before, handle.shown]
        },
        PhaseScenario("retry behind data", ["ready fetch:failed(transport.unreachable)", "ready refreshing", "ready"]) { world in
            let handle = try await world.attachLoaded("Dashboard")
            world.transport.enqueue("Dashboard", .fail(unreachable))
            await handle.refetch().value
            let failed = handle.shown
            let held = await world.whileHeld("Dashboard", handle) { handle.retry() }
            return [failed, held, handle.shown]
        },
        PhaseScenario("retry without data", ["failed(transport.unreachable)", "loading", "ready"]) { world in
            world.transport.enqueue("Dashboard", .fail(unreachable))
            let handle = try world.attach("Dashboard")
            await handle.waitForFetch()
            let failed = handle.shown
            let held = await world.whileHeld("Dashboard", handle) { handle.retry() }
            return [failed, held, handle.shown]
        },
        PhaseScenario("storeOnly + nothing", ["failed(store.notInStore)", "requests: 0"]) { world in
            let handle = try world.attach("Dashboard", policy: .storeOnly)
            return [handle.shown, "requests: \(world.transport.requests.count)"]
        },
        PhaseScenario("past @expires", ["stale", "ready", "ready refreshing", "ready", "available"]) { world in
            try await world.staleThenRevalidated("ViewerSidebar") {     // expires in 600 s
                world.scheduler.advance(by: .seconds(600))
            }
        },
        PhaseScenario("invalidated record", ["stale", "ready", "ready refreshing", "ready", "available"]) { world in
            try await world.staleThenRevalidated("ViewerSidebar") {
                world.environment.invalidate(DataID(viewerID))
            }
        },
        PhaseScenario("invalidated store", ["stale", "ready", "ready refreshing", "ready", "available"]) { world in
            try await world.staleThenRevalidated("ViewerSidebar") {
                world.environment.invalidateStore()
            }
        },
        PhaseScenario("handle invalidated", ["ready refreshing", "ready", "requests: 2"]) { world in
            let handle = try await world.attachLoaded("Dashboard")
            let held = await world.whileHeld("Dashboard", handle) { handle.invalidate() }
            return [held, handle.shown, "requests: \(world.transport.requestCount(for: "Dashboard"))"]
        },
        PhaseScenario("field error written by a local update", ["ready", "failed(read.fieldErrors)"]) { world in
            let handle = try await world.attachLoaded("Dashboard")
            let before = handle.shown
            world.environment.commitUpdate { delta in
                delta.set(FieldState(value: .null, errors: [GraphQLError(message: "gone", path: [.key("viewer"), .key("name")])]),
                          for: FieldKey("name"), on: DataID(viewerID))
            }
            return [before, handle.shown]
        },
    ]
}

extension World {
    /// Attaches `operation` with its answer held: returns what the handle shows meanwhile,
    /// then lets the answer through and waits for it.
    func whileHeldAttach(_ operation: String) async throws -> (shown: String, handle: OperationHandle) {
        let gate = RequestBarrier()
        transport.enqueue(operation, after: gate)
        let handle = try attach(operation)
        let shown = handle.shown
        gate.open()
        await handle.waitForFetch()
        return (shown, handle)
    }

    /// Loads `operation`, makes it stale with `makeStale`, and returns: `check`'s answer,
    /// what the handle shows, what it shows while `revalidate()`'s refetch is held, after it,
    /// and `check`'s answer after.
    func staleThenRevalidated(_ operation: String, _ makeStale: () -> Void) async throws -> [String] {
        let handle = try await attachLoaded(operation)
        let artifact = try artifact(operation)
        let variables = try variables(operation)
        makeStale()
        let stale = environment.check(artifact, variables: variables)
        let shown = handle.shown
        let held = await whileHeld(operation, handle) { environment.revalidate() }
        let after = environment.check(artifact, variables: variables)
        return [stale.rawValue, shown, held, handle.shown, after.rawValue]
    }
}

@MainActor @Suite(.hangGuard) struct PhaseScenarioTests {
    @Test(arguments: PhaseScenario.table, PhaseStrategy.allCases)
    func phaseTable(_ scenario: PhaseScenario, strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let trace = try await scenario.run(world)
        #expect(trace == scenario.expected)
    }
}
