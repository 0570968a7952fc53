import Foundation
import Testing
import Lattice
import LatticeTesting

/// A cancel says cancelled, everywhere: a task awaiting `Environment.fetch` or `mutate` that is
/// cancelled ends with `Failure.cancelled` at every point of the answer (before the request,
/// before its first byte, between payloads, with a part pending), and what comes after is not
/// committed. Each point is set up by an `IncrementalChannel` or a `RequestBarrier`, nothing
/// timed; whatever the fetch's task has read of the answer when the cancel reaches it, the
/// outcome is the same.
@MainActor @Suite(.hangGuard)
struct EnvironmentFetchTests {
    static let variables: [String: JSONValue] = ["id": .string("SXNzdWU6MQ==")]

    /// Where the answer is when the task is cancelled.
    enum Point: CaseIterable, Sendable {
        /// Before the fetch's task ran: nothing sent.
        case beforeSending
        /// Sent, no byte of the answer.
        case beforeTheFirstByte
        /// The initial payload and one later payload in, another still to come.
        case betweenPayloads
        /// The initial payload in, its part pending.
        case withAPartPending
    }

    /// An environment over a `FixtureTransport` that answers `TwoLabels` in parts.
    static func environment(_ strategy: PhaseStrategy) throws -> (Environment, FixtureTransport, Artifact) {
        let spec = try SharedFixtures.get()
        let program = try Program(schema: spec.program.schema,
                                  documents: [GraphQLSource(text: EnvironmentIncrementalTests.documents,
                                                            name: "Incremental.graphql")])
        let transport = FixtureTransport(responses: [])
        transport.enqueueInParts("TwoLabels")
        let environment = Environment(program: program, transport: transport,
                                      configuration: .init(strategy: strategy, clock: ManualScheduler()))
        return (environment, transport, try #require(program["TwoLabels"]))
    }

    static let initial = #"""
    {"data": {"node": {"__typename": "Issue", "id": "SXNzdWU6MQ==", "title": "Crash"}},
     "pending": [{"id": "0", "path": ["node"], "label": "body"}, {"id": "1", "path": ["node"], "label": "state"}],
     "hasNext": true}
    """#
    static let body = #"{"incremental": [{"id": "0", "data": {"body": "It crashes"}}], "completed": [{"id": "0"}], "hasNext": true}"#
    static let state = #"{"incremental": [{"id": "1", "data": {"state": "OPEN"}}], "completed": [{"id": "1"}], "hasNext": false}"#

    /// Cancels a `fetch` of a deferring query at `point`: it throws `cancelled` (it threw
    /// `transport.connectionLost` when the cancel ended the stream early), and the payloads
    /// sent after the cancel reach neither the store nor the caller.
    @Test(arguments: PhaseStrategy.allCases, Point.allCases)
    func aCancelledFetchOfAnAnswerInPartsSaysCancelled(_ strategy: PhaseStrategy, _ point: Point) async throws {
        let (environment, transport, operation) = try Self.environment(strategy)
        let fetching = Task { try await environment.fetch(operation, variables: Self.variables) }
        var channel: IncrementalChannel?
        if point != .beforeSending {
            let opened = await transport.incrementalChannel(for: "TwoLabels")
            channel = opened
            switch point {
            case .beforeSending, .beforeTheFirstByte: break
            case .betweenPayloads:
                opened.send(json: Self.initial)
                opened.send(json: Self.body)
            case .withAPartPending:
                opened.send(json: Self.initial)
            }
            await Task.yield() // the fetch's task may take what was sent; the outcome is the same
        }
        fetching.cancel()
        // The rest of the answer, after the cancel.
        let rest: [String] = switch point {
        case .beforeSending: []
        case .beforeTheFirstByte: [Self.initial, Self.body, Self.state]
        case .betweenPayloads: [Self.state]
        case .withAPartPending: [Self.body, Self.state]
        }
        for payload in rest { channel?.send(json: payload) }
        let result = await fetching.result
        guard case .failure(let failure) = result else {
            Issue.record("\(point): the cancelled fetch answered")
            return
        }
        #expect(failure as? Failure == .cancelled, "\(point): \(failure)")
        #expect(environment.check(operation, variables: Self.variables) == .missing, "\(point): nothing committed")
    }

    /// A cancelled `mutate` (the awaiting task cancelled while the answer is held) says
    /// `cancelled`, its optimistic layer is reverted, and the answer that comes later is
    /// dropped (it was committed, and `mutate` answered as though never cancelled).
    @Test(arguments: PhaseStrategy.allCases)
    func aCancelledMutateSaysCancelledRevertsItsLayerAndDropsTheLateAnswer(_ strategy: PhaseStrategy) async throws {
        let world = try World(strategy)
        _ = try await world.attachLoaded("IssueScreen")
        let issue = DataID("SXNzdWU6MQ==")
        let before = world.environment.store.record(issue)?.field(FieldKey("state"))
        #expect(before?.value == .scalar(.string("OPEN")))
        let gate = RequestBarrier()
        world.transport.enqueue("CloseIssue", .fixture(case: "ok"), after: gate)
        let operation = try world.artifact("CloseIssue")
        let variables = try world.variables("CloseIssue")
        let environment = world.environment
        let mutating = Task {
            try await environment.mutate(operation, variables: variables, optimisticUpdater: { delta in
                delta.set(FieldState(value: .scalar(.string("CLOSING"))), for: FieldKey("state"), on: issue)
            })
        }
        await gate.arrival()
        #expect(environment.store.optimisticLayers.count == 1)
        mutating.cancel()
        gate.open()
        let result = await mutating.result
        guard case .failure(let failure) = result else {
            Issue.record("the cancelled mutation answered")
            return
        }
        #expect(failure as? Failure == .cancelled, "\(failure)")
        #expect(environment.store.optimisticLayers.isEmpty)
        let state = environment.store.record(issue)?.field(FieldKey("state"))
        #expect(state?.value == before?.value, "the late answer was committed: \(String(describing: state))")
    }
}
