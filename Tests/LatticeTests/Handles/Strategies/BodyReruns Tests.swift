import Foundation
import Testing
import Lattice
import LatticeTesting

/// What one commit or fetch does to a body that reads only a handle's phase, with the
/// re-runs each strategy makes, where the decision record states them.
struct RerunCase: Sendable, CustomTestStringConvertible {
    let name: String
    let operation: String
    /// Re-runs of the phase-only body, by strategy.
    let reruns: [PhaseStrategy: Int]
    /// The phase after, the same under every strategy.
    let phase: String
    let act: @MainActor @Sendable (World, OperationHandle) async throws -> Void

    var testDescription: String { name }

    @MainActor static func set(_ value: FieldValue, errors: [GraphQLError]? = nil, _ key: String, on id: String,
                    in world: World) {
        world.environment.commitUpdate { delta in
            delta.set(FieldState(value: value, errors: errors), for: FieldKey(key), on: DataID(id))
        }
    }

    static let issueID = "SXNzdWU6MQ=="

    static let table: [RerunCase] = [
        RerunCase(name: "refetch behind data: in flight, then failed", operation: "Dashboard",
                  reruns: [.stored: 0, .derived: 0, .rootVerdict: 0], phase: "ready") { world, handle in
            world.transport.enqueue("Dashboard", .fail(unreachable))
            await handle.refetch().value
        },
        RerunCase(name: "refetch behind data: the same answer", operation: "Dashboard",
                  reruns: [.stored: 0, .derived: 0, .rootVerdict: 0], phase: "ready") { _, handle in
            await handle.refetch().value
        },
        RerunCase(name: "a value the verdict read changes, the phase stays", operation: "Dashboard",
                  reruns: [.stored: 0, .derived: 1, .rootVerdict: 0], phase: "ready") { world, _ in
            set(.scalar("Writes a GraphQL client"), "bio", on: viewerID, in: world)
        },
        RerunCase(name: "a value the verdict read goes null (noted), the phase stays", operation: "Dashboard",
                  reruns: [.stored: 0, .derived: 1, .rootVerdict: 0], phase: "ready") { world, _ in
            set(.null, "bio", on: viewerID, in: world)
        },
        RerunCase(name: "a field the verdict did not read changes", operation: "Dashboard",
                  reruns: [.stored: 0, .derived: 0, .rootVerdict: 0], phase: "ready") { world, _ in
            set(.scalar("unread"), "pronouns", on: viewerID, in: world)
        },
        RerunCase(name: "a field error lands in the own selection", operation: "Dashboard",
                  reruns: [.stored: 1, .derived: 1, .rootVerdict: 1], phase: "failed") { world, _ in
            set(.null, errors: [GraphQLError(message: "gone", path: [.key("viewer"), .key("bio")])],
                "bio", on: viewerID, in: world)
        },
        RerunCase(name: "spreads only: a value inside a spread changes", operation: "IssueScreen",
                  reruns: [.stored: 0, .derived: 0, .rootVerdict: 0], phase: "ready") { world, _ in
            set(.scalar("Renamed"), "title", on: issueID, in: world)
        },
        RerunCase(name: "spreads only: a field error lands inside a spread", operation: "IssueScreen",
                  reruns: [.stored: 0, .derived: 0, .rootVerdict: 0], phase: "ready") { world, _ in
            set(.null, errors: [GraphQLError(message: "gone", path: [.key("repository"), .key("issue"), .key("body")])],
                "body", on: issueID, in: world)
        },
    ]
}

@MainActor @Suite(.hangGuard) struct BodyRerunsTests {
    @Test(arguments: RerunCase.table, PhaseStrategy.allCases)
    func phaseOnlyBody(_ rerun: RerunCase, strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let handle = try await world.attachLoaded(rerun.operation)
        let probe = BodyProbe { handle.phase.name }
        #expect(probe.value == "ready")
        try await rerun.act(world, handle)
        probe.flush()
        #expect(probe.reruns == rerun.reruns[strategy])
        #expect(handle.phase.name == rerun.phase)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aBodyThatReadsTheFetchSeesEveryTransition(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let handle = try await world.attachLoaded("Dashboard")
        let probe = BodyProbe { handle.fetch.activity }
        let gate = RequestBarrier()
        world.transport.enqueue("Dashboard", .fail(unreachable), after: gate)
        handle.refetch()
        #expect(probe.flush())
        #expect(probe.value == .inFlight(since: world.scheduler.now))
        gate.open()
        await handle.waitForFetch()
        #expect(probe.flush())
        #expect(probe.value == .failed(unreachable, at: world.scheduler.now))
    }
}
