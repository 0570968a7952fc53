import Foundation
import Testing
import Lattice
import LatticeTesting

/// Optimistic layers (`Environment.commitMutation`, `Store.applyOptimistic`): shown in the
/// call's turn, written under by every commit while pending, replaced by the answer, reverted
/// by a failure, overlapping layers confirmed and reverted independently; one notification per
/// field whose shown value changed, none for a rebase that leaves it equal.
@MainActor @Suite(.hangGuard) struct OptimisticTests {
    let issueID = DataID("SXNzdWU6MQ==")
    let milestoneID = DataID("TWlsZXN0b25lOjI=")
    let unreachable = Failure.transport(.unreachable, underlying: "held for the test")

    /// The issue screen, loaded, and its issue's lens.
    func shownIssue(_ world: World) async throws -> (screen: OperationHandle, issue: Lens) {
        let screen = try await world.attachLoaded("IssueScreen")
        guard case .ready(let data) = screen.phase, let header = try data.fragment("IssueHeader_query") else {
            throw ReadError.missing(record: .root, field: "IssueHeader_query")
        }
        let repository: Lens = try header.read("repository")
        return (screen, try repository.read("issue"))
    }

    /// A body showing `keys` of `lens`, `-` for a null or missing one.
    func body(_ lens: Lens, _ keys: String...) -> BodyProbe<String> {
        BodyProbe { keys.map { key in ((try? lens.read(key)) as String?).flatMap { $0 } ?? "-" }.joined(separator: " ") }
    }

    /// CloseIssue's `ok` answer with its issue's `closedAt` replaced: an optimistic response.
    func closeAnswer(_ world: World, closedAt: String) throws -> JSONValue {
        guard case .object(var data)? = try world.fixtures.response("CloseIssue").response.data,
              case .object(var payload)? = data["closeIssue"], case .object(var issue)? = payload["issue"] else {
            throw ReadError.missing(record: .root, field: "closeIssue.issue in CloseIssue.ok")
        }
        issue["closedAt"] = .string(closedAt)
        payload["issue"] = .object(issue)
        data["closeIssue"] = .object(payload)
        return .object(data)
    }

    /// CloseIssue sent with an optimistic answer closing the issue at noon, its reply held
    /// at the returned gate.
    func closeHeld(_ world: World, _ reply: FixtureTransport.Reply = .fixture(case: "ok")) throws
        -> (pending: PendingMutation, gate: RequestBarrier) {
        let gate = RequestBarrier()
        world.transport.enqueue("CloseIssue", reply, after: gate)
        let pending = try world.environment.commitMutation(
            try world.artifact("CloseIssue"), variables: try world.variables("CloseIssue"),
            optimisticResponse: try closeAnswer(world, closedAt: "2024-06-01T12:00:00Z"))
        return (pending, gate)
    }

    func set(_ value: String, _ key: String, on id: DataID) -> RecordSourceDelta {
        var delta = RecordSourceDelta()
        delta.set(FieldState(value: .scalar(.string(value))), for: FieldKey(key), on: id)
        return delta
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aLayerShowsInTheCallsTurnAndTheAnswerReplacesIt(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let (screen, issue) = try await shownIssue(world)
        let probe = body(issue, "state", "closedAt")
        #expect(probe.value == "OPEN -")
        let (pending, gate) = try closeHeld(world)
        // No suspension since the call: the layer is shown already.
        #expect(probe.flush())
        #expect(probe.value == "CLOSED 2024-06-01T12:00:00Z")
        #expect(world.environment.store.optimisticLayers == [try #require(pending.layer)])
        gate.open()
        let answer = try await pending.answer()
        let payload: Lens = try answer.read("closeIssue")
        #expect(try payload.read("clientMutationId") == "close-1")
        #expect(probe.flush())
        #expect(probe.value == "CLOSED 2024-06-01T12:01:00Z")
        #expect(world.environment.store.optimisticLayers.isEmpty)
        #expect(screen.phase.name == "ready")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func commitsWhileALayerIsPendingGoUnderItAndAFailureShowsThem(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let (screen, issue) = try await shownIssue(world)
        let probe = body(issue, "state", "closedAt", "title")
        let (pending, gate) = try closeHeld(world, .fail(unreachable))
        #expect(probe.flush())
        // A field the layer does not write: shown at once, one notification.
        let renamed = world.environment.commitUpdate { $0 = set("Renamed", "title", on: issueID) }
        #expect(renamed.notifications == 1)
        #expect(probe.flush())
        #expect(probe.value == "CLOSED 2024-06-01T12:00:00Z Renamed")
        // A field the layer writes: written under it, nothing shown changes, nobody hears.
        let under = world.environment.commitUpdate { $0 = set("2024-05-31T00:00:00Z", "closedAt", on: issueID) }
        #expect(under.notifications == 0)
        #expect(!probe.flush())
        gate.open()
        await #expect(throws: Failure.self) { try await pending.answer() }
        // Reverted: the base as the commits left it.
        #expect(probe.flush())
        #expect(probe.value == "OPEN 2024-05-31T00:00:00Z Renamed")
        #expect(world.environment.store.optimisticLayers.isEmpty)
        #expect(screen.phase.name == "ready")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func overlappingMutationsConfirmAndRevertIndependently(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        let (_, issue) = try await shownIssue(world)
        let probe = body(issue, "title")
        let closing = RequestBarrier()
        let reacting = RequestBarrier()
        world.transport.enqueue("CloseIssue", .fail(unreachable), after: closing)
        world.transport.enqueue("AddReaction", after: reacting)
        let close = try world.environment.commitMutation(
            try world.artifact("CloseIssue"), variables: try world.variables("CloseIssue"),
            optimisticUpdater: { $0 = set("Closing", "title", on: issueID) })
        let react = try world.environment.commitMutation(
            try world.artifact("AddReaction"), variables: try world.variables("AddReaction"),
            optimisticUpdater: { $0 = set("Reacting", "title", on: issueID) })
        #expect(probe.flush())
        #expect(probe.value == "Reacting")
        // The later layer confirmed first: the earlier one shows again.
        reacting.open()
        _ = try await react.answer()
        #expect(probe.flush())
        #expect(probe.value == "Closing")
        closing.open()
        await #expect(throws: Failure.self) { try await close.answer() }
        #expect(probe.flush())
        #expect(probe.value == "Add a benchmark for the parser")
        #expect(world.environment.store.optimisticLayers.isEmpty)
    }

    @Test func layersConfirmAndRevertInEitherOrderNotifyingOnlyWhatTheyShowDifferently() throws {
        for confirmFirst in [true, false] {
            let store = Store()
            store.publish(set("Base", "title", on: issueID))
            let first = store.applyOptimistic(set("First", "title", on: issueID))
            var second = set("Second", "title", on: issueID)
            second.set(FieldState(value: .scalar(.bool(true))), for: FieldKey("locked"), on: issueID)
            let last = store.applyOptimistic(second)
            #expect(first.changes.notifications == 1)
            #expect(last.changes.notifications == 2)
            #expect(store.record(issueID)?.field(FieldKey("title"))?.value == .scalar("Second"))
            if confirmFirst {
                // Confirmed under the later layer: nothing shown changes.
                let confirmed = store.removeOptimistic(first.layer, replacingWith: set("First, confirmed", "title", on: issueID))
                #expect(confirmed.notifications == 0)
                let reverted = store.removeOptimistic(last.layer)
                #expect(reverted.notifications == 2)
                #expect(store.record(issueID)?.field(FieldKey("title"))?.value == .scalar("First, confirmed"))
            } else {
                let reverted = store.removeOptimistic(last.layer)
                #expect(reverted.notifications == 2)
                #expect(store.record(issueID)?.field(FieldKey("title"))?.value == .scalar("First"))
                let confirmed = store.removeOptimistic(first.layer, replacingWith: set("First, confirmed", "title", on: issueID))
                #expect(confirmed.notifications == 1)
            }
            // `locked` came from a layer only: with the layers gone it is missing again.
            #expect(store.record(issueID)?.field(FieldKey("locked")) == nil)
            #expect(store.optimisticLayers.isEmpty)
        }
    }

    @Test func anOptimisticResponseThatDoesNotFitIsRefusedAtItsPathWithNothingShownOrSent() throws {
        let world = try World(.shipped)
        let before = world.environment.store.snapshot()
        let close = try world.artifact("CloseIssue")
        let variables = try world.variables("CloseIssue")
        do throws(Failure) {
            _ = try world.environment.commitMutation(
                close, variables: variables,
                optimisticResponse: .object(["closeIssue": .object(["clientMutationId": .string("close-1"),
                                                                     "issue": .string("not an object")])]))
            Issue.record("expected the optimistic response to be refused")
        } catch {
            #expect(error.name == "response.undecodable")
            #expect("\(error)".contains("closeIssue.issue"))
        }
        #expect(world.environment.store.snapshot() == before)
        #expect(world.environment.store.optimisticLayers.isEmpty)
        #expect(world.transport.requestCount(for: "CloseIssue") == 0)
    }

    @Test func collectionKeepsWhatTheBaseReachesUnderALayer() async throws {
        let world = try World(.shipped)
        let (screen, issue) = try await shownIssue(world)
        var unlink = RecordSourceDelta()
        unlink.set(FieldState(value: .null), for: FieldKey("milestone"), on: issueID)
        let layer = world.environment.store.applyOptimistic(unlink).layer
        let milestone: Lens? = try issue.read("milestone")
        #expect(milestone == nil)
        world.environment.collectGarbage()
        world.environment.store.removeOptimistic(layer)
        let shown: Lens = try #require(try issue.read("milestone") as Lens?)
        #expect(try shown.read("title") == "v0.8")
        #expect(world.environment.store.record(milestoneID)?.field(FieldKey("title"))?.value == .scalar("v0.8"))
        _ = screen
    }
}
