import Foundation
import Testing
import Lattice
import LatticeTesting

/// Answers in parts, each payload landing when the test says (`FixtureTransport.enqueueInParts`),
/// under the three strategies: what each part reads as between payloads, and the answers a
/// broken server gives (an id announced twice, a part the store refuses, a keep-alive between
/// parts, a drop).
@MainActor @Suite(.hangGuard)
struct EnvironmentIncrementalTests {
    static let documents = """
    query Deferred($id: ID!) { node(id: $id) { id ... on Issue { title ... @defer(label: "body") { body } } } }
    query TwoLabels($id: ID!) {
      node(id: $id) { id ... on Issue { title ... @defer(label: "body") { body } ... @defer(label: "state") { state } } }
    }
    query Listed($ids: [ID!]!) {
      nodes(ids: $ids) { id ... on Issue { title } }
      viewer { id ... @defer(label: "name") { name } }
    }
    """
    static let initial = #"""
    {"data": {"node": {"__typename": "Issue", "id": "SXNzdWU6MQ==", "title": "Crash"}},
     "pending": [{"id": "0", "path": ["node"], "label": "body"}], "hasNext": true}
    """#
    static let body = #"{"incremental": [{"id": "0", "data": {"body": "It crashes"}}], "completed": [{"id": "0"}], "hasNext": false}"#

    /// An environment whose transport answers in parts the test sends, with the operation
    /// attached and its initial payload (`initial`) landed.
    struct Answering {
        let environment: Environment
        let handle: OperationHandle
        let transport: FixtureTransport
        let channel: IncrementalChannel
    }

    /// `operation` attached under `strategy`, ready with the initial payload, its `body` part
    /// pending. The handle is ready with the initial payload (its fetch answered), while
    /// `waitForFetch()` would wait for the last payload.
    static func answering(_ operation: String, _ strategy: PhaseStrategy,
                          variables: [String: JSONValue] = ["id": .string("SXNzdWU6MQ==")],
                          initial: String = initial, counting: Bool = true) async throws -> Answering {
        let spec = try SharedFixtures.get()
        let program = try Program(schema: spec.program.schema,
                                  documents: [GraphQLSource(text: documents, name: "Incremental.graphql")])
        let transport = FixtureTransport(responses: [])
        transport.enqueueInParts(operation)
        let environment = Environment(program: program, transport: transport,
                                      configuration: .init(strategy: strategy, clock: ManualScheduler(), counting: counting))
        let handle = environment.attach(try #require(program[operation]), variables: variables)
        let channel = await transport.incrementalChannel(for: operation)
        channel.send(json: initial)
        await waitUntil { handle.phase.lens != nil }
        return Answering(environment: environment, handle: handle, transport: transport, channel: channel)
    }

    /// The issue read through the ready phase.
    static func issue(_ handle: OperationHandle) throws -> Lens? {
        try handle.phase.lens?.read("node")
    }

    /// The test chooses when each payload lands: ready with the initial one and the part
    /// pending, the part arrived with the last, one request in all.
    @Test(arguments: PhaseStrategy.allCases)
    func eachPayloadLandsWhenTheTestSendsIt(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answering("Deferred", strategy)
        let (handle, channel) = (answering.handle, answering.channel)
        #expect(try Self.issue(handle)?.read("title") == "Crash")
        #expect(handle.part("body") == .pending)
        channel.send(json: Self.body)
        await waitUntil { handle.part("body") != .pending }
        #expect(handle.part("body") == .arrived)
        #expect(try Self.issue(handle)?.read("body") == "It crashes")
        #expect(answering.transport.requestCount(for: "Deferred") == 1)
    }

    /// A drop after the initial payload fails the part still pending with a lost connection.
    @Test(arguments: PhaseStrategy.allCases)
    func aDropFailsThePendingPart(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answering("Deferred", strategy)
        let (handle, channel) = (answering.handle, answering.channel)
        channel.drop()
        await waitUntil { handle.part("body") != .pending }
        guard case .failed(.transport(.connectionLost, _))? = handle.part("body") else {
            Issue.record("\(String(describing: handle.part("body")))")
            return
        }
        #expect(try Self.issue(handle)?.read("title") == "Crash")
    }

    /// An id announced twice while pending names two parts that cannot be told apart: both
    /// fail, saying so, and none stays pending once the answer ends (it stayed pending for ever).
    @Test(arguments: PhaseStrategy.allCases)
    func anIdAnnouncedTwiceFailsItsPartsInsteadOfLeavingOnePending(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answering("TwoLabels", strategy)
        let (handle, channel) = (answering.handle, answering.channel)
        channel.send(json: #"{"pending": [{"id": "0", "path": ["node"], "label": "state"}], "hasNext": true}"#)
        channel.send(json: #"""
            {"incremental": [{"id": "0", "data": {"state": "OPEN"}}], "completed": [{"id": "0"}], "hasNext": false}
            """#)
        await handle.waitForFetch() // the answer has ended
        #expect(!handle.parts.values.contains(.pending), "\(handle.parts)")
        for label in ["body", "state"] {
            guard case .failed(.undecodableResponse(let reason, _))? = handle.part(label) else {
                Issue.record("\(label): \(String(describing: handle.part(label)))")
                continue
            }
            #expect(reason.contains("announced twice"), "\(reason)")
        }
    }

    /// A part whose field has the wrong type is refused by the store: it reads failed with the
    /// store's reason (it read `arrived`, the reason lost), and the store keeps what it had.
    @Test(arguments: PhaseStrategy.allCases)
    func aPartTheStoreRefusesFailsWithTheStoresReason(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answering("Deferred", strategy)
        let (handle, channel) = (answering.handle, answering.channel)
        channel.send(json: #"{"incremental": [{"id": "0", "data": {"body": {"text": 1}}}], "completed": [{"id": "0"}], "hasNext": false}"#)
        await waitUntil { handle.part("body") != .pending }
        guard case .failed(let failure)? = handle.part("body") else {
            Issue.record("\(String(describing: handle.part("body")))")
            return
        }
        #expect(failure.description.contains("body"), "\(failure)")
        #expect(try Self.issue(handle)?.read("title") == "Crash")
    }

    /// `{"hasNext":true}` between parts carries nothing: a keep-alive, after which the part
    /// still lands (it failed the part, saying the payload "carries data of its own").
    @Test(arguments: PhaseStrategy.allCases)
    func aKeepAliveBetweenPartsIsAccepted(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answering("Deferred", strategy)
        let (handle, channel) = (answering.handle, answering.channel)
        channel.send(json: #"{"hasNext": true}"#)
        channel.send(json: Self.body)
        await waitUntil { handle.part("body") != .pending }
        #expect(handle.part("body") == .arrived)
        #expect(try Self.issue(handle)?.read("body") == "It crashes")
    }

    /// A request is shared until its last payload: a second handle attached while the part is
    /// coming (by policy, fetching or not, and by `refetch()`) sends nothing, reads ready with
    /// the part pending, and sees it land; the first handle's part is never failed by it (it
    /// read `failed(transport.connectionLost)`, the stream replaced by a second request).
    @Test(arguments: PhaseStrategy.allCases)
    func aSecondHandleJoinsTheAnswerInPartsInFlight(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answering("Deferred", strategy)
        let (environment, first, channel) = (answering.environment, answering.handle, answering.channel)
        let operation = try #require(environment.program["Deferred"])
        let variables: [String: JSONValue] = ["id": .string("SXNzdWU6MQ==")]
        let joiners = FetchPolicy.allCases.map { environment.attach(operation, variables: variables, policy: $0) }
        joiners[0].refetch()
        for (joiner, policy) in zip(joiners, FetchPolicy.allCases) {
            #expect(joiner.phase.name == "ready", "\(policy): \(joiner.phase)")
            #expect(joiner.part("body") == .pending, "\(policy)")
            #expect(!joiner.fetch.activity.isInFlight, "\(policy): answered with the first payload")
        }
        #expect(first.part("body") == .pending)
        #expect(answering.transport.requestCount(for: "Deferred") == 1)
        #expect(environment.counters?.total.requestsSent == 1)
        channel.send(json: Self.body)
        for joiner in joiners { await joiner.waitForFetch() }
        for joiner in [first] + joiners {
            #expect(joiner.part("body") == .arrived)
            #expect(try Self.issue(joiner)?.read("body") == "It crashes")
        }
        #expect(answering.transport.requestCount(for: "Deferred") == 1)
    }

    /// A field under a deferred fragment whose part is still coming is not missing: the check
    /// says available (it said missing, and `storeOnly` failed `notInStore`); once the answer
    /// ends without it, it is missing again.
    @Test(arguments: PhaseStrategy.allCases)
    func aPendingDeferredFieldIsNotMissing(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answering("Deferred", strategy)
        let (environment, handle, channel) = (answering.environment, answering.handle, answering.channel)
        let operation = try #require(environment.program["Deferred"])
        let variables: [String: JSONValue] = ["id": .string("SXNzdWU6MQ==")]
        #expect(environment.check(operation, variables: variables) == .available)
        #expect(handle.availability == .available)
        let storeOnly = environment.attach(operation, variables: variables, policy: .storeOnly)
        #expect(storeOnly.phase.name == "ready", "\(storeOnly.phase)")
        #expect(storeOnly.part("body") == .pending)
        channel.drop()
        await handle.waitForFetch()
        #expect(environment.check(operation, variables: variables) == .missing)
    }

    /// The store emptied while a part is coming cancels the request: the part fails
    /// `cancelled`, never a dropped connection, and what the server sends after is dropped.
    @Test(arguments: PhaseStrategy.allCases)
    func emptyingTheStoreCancelsThePendingPart(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answering("Deferred", strategy)
        let (environment, handle, channel) = (answering.environment, answering.handle, answering.channel)
        environment.removeAll()
        channel.drop()
        await handle.waitForFetch()
        #expect(handle.part("body") == .failed(.cancelled), "\(String(describing: handle.part("body")))")
        #expect(try Self.issue(handle)?.read("body") as String? == nil)
    }

    /// After the last payload the request is no longer shared: a refetch sends a new one.
    @Test(arguments: PhaseStrategy.allCases)
    func aRefetchAfterTheLastPayloadSendsAgain(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answering("Deferred", strategy)
        let (handle, channel, transport) = (answering.handle, answering.channel, answering.transport)
        channel.send(json: Self.body)
        await handle.waitForFetch()
        transport.enqueueInParts("Deferred")
        handle.refetch()
        let second = await transport.incrementalChannel(for: "Deferred", at: 1)
        second.send(json: Self.initial)
        second.send(json: Self.body)
        await handle.waitForFetch()
        #expect(transport.requestCount(for: "Deferred") == 2)
        #expect(handle.part("body") == .arrived)
    }

    // MARK: A part commits what it brings

    /// `Listed`'s variables and initial payload: `issues` issues in `nodes`, the viewer, and
    /// the `parts` parts announced at the viewer (labelled `name`, then `p1`, `p2`…).
    static func listed(issues: Int, parts: Int) -> (variables: [String: JSONValue], initial: String) {
        let ids = (0..<issues).map { JSONValue.string("Issue:\($0)") }
        let nodes = (0..<issues).map { number -> JSONValue in
            .object(["__typename": .string("Issue"), "id": .string("Issue:\(number)"), "title": .string("Issue \(number)")])
        }
        let pending = (0..<parts).map { number -> JSONValue in
            .object(["id": .string("\(number)"), "path": .array([.string("viewer")]),
                     "label": .string(number == 0 ? "name" : "p\(number)")])
        }
        let initial = JSONValue.object([
            "data": .object(["nodes": .array(nodes), "viewer": .object(["id": .string(viewerID)])]),
            "pending": .array(pending), "hasNext": .bool(true),
        ])
        return (["ids": .array(ids)], initial.jsonText)
    }

    /// `Listed` attached under `strategy`, counting, its initial payload (`listed`) landed.
    static func answeringListed(issues: Int, parts: Int, _ strategy: PhaseStrategy) async throws -> Answering {
        let listed = Self.listed(issues: issues, parts: parts)
        return try await answering("Listed", strategy, variables: listed.variables, initial: listed.initial, counting: true)
    }

    /// A part commits only what it brings: the viewer's record, not the 200 issues of the
    /// answer so far nor the root (the whole answer was committed again: 202 records), and a
    /// body reading an issue does not re-run.
    @Test(arguments: PhaseStrategy.allCases)
    func aPartCommitsOnlyTheRecordsItBrings(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answeringListed(issues: 200, parts: 1, strategy)
        let (handle, channel, environment) = (answering.handle, answering.channel, answering.environment)
        let lens = try #require(handle.phase.lens)
        let nodes: [Lens?] = try lens.read("nodes")
        let issue = try #require(nodes[7])
        let body = BodyProbe { () -> String? in
            let title: String? = try? issue.read("title")
            let count = (try? lens.read("nodes") as [Lens?])?.count
            return "\(title ?? "-") \(count ?? 0)"
        }
        environment.counters?.reset()
        channel.send(json: #"{"incremental": [{"id": "0", "data": {"name": "Octo Cat"}}], "completed": [{"id": "0"}], "hasNext": false}"#)
        await waitUntil { handle.part("name") != .pending }

        #expect(handle.part("name") == .arrived)
        let viewer: Lens? = try handle.phase.lens?.read("viewer")
        #expect(try viewer?.read("name") == "Octo Cat")
        #expect(environment.counters?.total.commits == 1)
        #expect(environment.counters?.total.recordsWritten == 1)
        #expect(!body.isDirty)
    }

    /// An error in a part is placed at its path, on the field the part brought.
    @Test(arguments: PhaseStrategy.allCases)
    func anErrorInAPartIsPlacedAtItsPath(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answeringListed(issues: 3, parts: 1, strategy)
        let (handle, channel, environment) = (answering.handle, answering.channel, answering.environment)
        channel.send(json: #"""
            {"incremental": [{"id": "0", "data": {"name": null}, "errors": [{"message": "hidden", "path": ["viewer", "name"]}]}],
             "completed": [{"id": "0"}], "hasNext": false}
            """#)
        await waitUntil { handle.part("name") != .pending }
        let state = environment.store.snapshot().records[DataID(viewerID)]?["name"]
        #expect(state?.value == .null)
        #expect(state?.errors?.map(\.message) == ["hidden"])
    }

    /// 300 empty parts (only `completed`) after a 2,000-issue payload commit nothing: no
    /// record is written (each committed the whole answer again: 300 × 2,002 records).
    @Test(arguments: PhaseStrategy.allCases)
    func emptyPartsCommitNothing(_ strategy: PhaseStrategy) async throws {
        let answering = try await Self.answeringListed(issues: 2_000, parts: 300, strategy)
        let (handle, channel, environment) = (answering.handle, answering.channel, answering.environment)
        environment.counters?.reset()
        for number in 0..<300 {
            channel.send(json: #"{"completed": [{"id": "\#(number)"}], "hasNext": \#(number < 299)}"#)
        }
        await waitUntil { handle.part("p299") != .pending }

        #expect(handle.parts.count == 300)
        #expect(!handle.parts.values.contains(.pending))
        #expect(environment.counters?.total.commits == 0)
        #expect(environment.counters?.total.recordsWritten == 0)
        #expect(handle.shown == "ready")
    }
}
