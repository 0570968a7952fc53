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
    static func answering(_ operation: String, _ strategy: PhaseStrategy) async throws -> Answering {
        let spec = try SharedFixtures.get()
        let program = try Program(schema: spec.program.schema,
                                  documents: [GraphQLSource(text: documents, name: "Incremental.graphql")])
        let transport = FixtureTransport(responses: [])
        transport.enqueueInParts(operation)
        let environment = Environment(program: program, transport: transport,
                                      configuration: .init(strategy: strategy, clock: ManualScheduler(), counting: true))
        let handle = environment.attach(try #require(program[operation]), variables: ["id": .string("SXNzdWU6MQ==")])
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
}
