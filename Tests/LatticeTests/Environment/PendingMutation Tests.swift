import Foundation
import Testing
import Lattice
import LatticeTesting

/// `PendingMutation.cancel()`: a mutation cancelled before its answer reverts its optimistic
/// layer in the call's turn, `answer()` throws `cancelled`, and the answer that comes later is
/// dropped; after the answer, it does nothing.
@MainActor @Suite(.hangGuard)
struct PendingMutationTests {
    let issueID = DataID("SXNzdWU6MQ==")

    /// The issue shown (its state read through the issue screen's lens, tracked), CloseIssue
    /// sent with an optimistic state, its answer held at the gate.
    func closing(_ world: World) async throws -> (pending: PendingMutation, gate: RequestBarrier, probe: BodyProbe<String>) {
        let screen = try await world.attachLoaded("IssueScreen")
        guard case .ready(let data) = screen.phase, let header = try data.fragment("IssueHeader_query") else {
            throw ReadError.missing(record: .root, field: "IssueHeader_query")
        }
        let repository: Lens = try header.read("repository")
        let issue: Lens = try repository.read("issue")
        let probe = BodyProbe { ((try? issue.read("state")) as String?).flatMap { $0 } ?? "-" }
        let gate = RequestBarrier()
        world.transport.enqueue("CloseIssue", .fixture(case: "ok"), after: gate)
        let id = issueID
        let pending = try world.environment.commitMutation(try world.artifact("CloseIssue"),
                                                           variables: try world.variables("CloseIssue"),
                                                           optimisticUpdater: { delta in
            delta.set(FieldState(value: .scalar(.string("CLOSING"))), for: FieldKey("state"), on: id)
        })
        return (pending, gate, probe)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func cancelRevertsTheLayerAtOnceAndDropsTheLateAnswer(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let (pending, gate, probe) = try await closing(world)
        #expect(probe.flush() && probe.value == "CLOSING")
        await gate.arrival()
        pending.cancel()
        // In the call's turn: the layer is gone.
        #expect(world.environment.store.optimisticLayers.isEmpty)
        #expect(probe.flush() && probe.value == "OPEN")
        gate.open()
        await #expect(throws: Failure.cancelled) { try await pending.answer() }
        #expect(!probe.flush(), "the late answer was committed: \(probe.value)")
        #expect(probe.value == "OPEN")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func cancelAfterTheAnswerDoesNothing(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let (pending, gate, probe) = try await closing(world)
        gate.open()
        _ = try await pending.answer()
        #expect(probe.flush() && probe.value == "CLOSED")
        pending.cancel()
        #expect(!probe.flush())
        _ = try await pending.answer()
    }
}
