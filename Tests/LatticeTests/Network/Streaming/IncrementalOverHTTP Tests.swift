import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Lattice
import LatticeTesting

/// `@defer` and `@stream` end to end against the loopback server, which runs graphql-core
/// 3.3.2's own incremental execution, over both wires (`multipart/mixed` parts with
/// `HTTPTransport`, `next` events with `SSETransport`) and under the three phase strategies. The server's `step` control holds each later payload until the test
/// lets it go, so the state between payloads is seen; `drop-after` cuts the connection.
@MainActor @Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct IncrementalOverHTTPTests {
    static let documents = """
    query Deferred($id: ID!) { node(id: $id) { id ... on Issue { title ... @defer(label: "body") { body } } } }
    query TwoLabels($id: ID!) {
      node(id: $id) { id ... on Issue { title ... @defer(label: "body") { body } ... @defer(label: "state") { state } } }
    }
    query Nested($id: ID!) {
      node(id: $id) { id ... on Issue { ... @defer(label: "outer") { title ... @defer(label: "inner") { body } } } }
    }
    query Whole($id: ID!) { node(id: $id) { id ... on Issue { title body state comments(first: 3) { edges { cursor } } } } }
    query StreamNone($id: ID!) {
      node(id: $id) { id ... on Issue { comments(first: 3) { edges @stream(initialCount: 0, label: "edges") { cursor node { id } } } } }
    }
    query StreamTwo($id: ID!) {
      node(id: $id) { id ... on Issue { comments(first: 3) { edges @stream(initialCount: 2, label: "edges") { cursor node { id } } } } }
    }
    query PartErrors { viewer { login } ... @defer(label: "repository") { repository(owner: "nobody", name: "nothing") { id } } }
    """
    static let issueID: JSONValue = .string("SXNzdWU6MQ==")

    /// How the parts travel. Both wires allow a stream the same silence (`SSETransport`'s
    /// default idle timeout): the server holds each part until the test lets it go, and a
    /// loaded machine (the whole suite under a sanitizer) can take longer than `HTTPTransport`'s
    /// 30 seconds to get there, which failed the multipart cases alone with `timedOut`.
    enum Wire: CaseIterable, Sendable {
        case multipart, serverSentEvents

        func transport(_ url: URL) -> any Transport {
            switch self {
            case .multipart: HTTPTransport(url: url, timeout: .seconds(300))
            case .serverSentEvents: SSETransport(url: url)
            }
        }
    }

    static func program() throws -> Program {
        let spec = try SharedFixtures.get()
        return try Program(schema: spec.program.schema,
                           documents: [GraphQLSource(text: documents, name: "Incremental.graphql")])
    }

    /// An environment over `server`'s `/graphql` with the stream `controls`, and `operation` attached.
    static func attach(_ operation: String, _ server: LoopbackServer, _ strategy: PhaseStrategy, _ wire: Wire,
                       controls: String = "") throws -> (Environment, OperationHandle) {
        let program = try program()
        let environment = Environment(program: program, transport: wire.transport(try server.url("/graphql?\(controls)")),
                                      strategy: strategy)
        let variables: [String: JSONValue] = operation == "PartErrors" ? [:] : ["id": issueID]
        return (environment, environment.attach(try #require(program[operation]), variables: variables))
    }

    static func isReady(_ handle: OperationHandle) -> Bool {
        if case .ready = handle.phase { return true }
        return false
    }

    /// The issue's lens in a ready phase.
    static func issue(_ handle: OperationHandle) -> Lens? {
        guard case .ready(let data) = handle.phase else { return nil }
        return try? data.read("node")
    }

    /// The issue as the answer in one piece has it, for what the parts must add up to.
    struct Whole {
        var title = "", body = "", state = ""
        var cursors: [String] = []
    }

    static func whole(_ server: LoopbackServer) async throws -> Whole {
        let program = try program()
        let environment = Environment(program: program, transport: HTTPTransport(url: try server.url("/graphql")))
        let issue: Lens = try await environment.fetch(try #require(program["Whole"]), variables: ["id": issueID]).read("node")
        let edges: [Lens?] = try (try issue.read("comments") as Lens).read("edges")
        return Whole(title: try issue.read("title"), body: try issue.read("body"), state: try issue.read("state"),
                     cursors: try edges.map { edge throws -> String in try #require(edge).read("cursor") })
    }

    /// The issue's acceptance case: the phase is ready with the initial payload, the deferred
    /// fragment reads as pending (neither failed nor loading), and when its part lands the
    /// body shows, re-running the bodies that read it or the part's state, not the one that
    /// read the title.
    @Test(arguments: PhaseStrategy.allCases, Wire.allCases)
    func theDeferredFragmentArrivesAfterTheReadyPhase(_ strategy: PhaseStrategy, _ wire: Wire) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let whole = try await Self.whole(server)
        let (wholeTitle, wholeBody) = (whole.title, whole.body)
        let (_, handle) = try Self.attach("Deferred", server, strategy, wire, controls: "step=body")
        await waitUntil { Self.isReady(handle) }
        #expect(handle.part("body") == .pending)
        #expect(handle.fetch.activity == .idle)
        let title = BodyProbe { Self.issue(handle).flatMap { try? $0.read("title") as String } }
        let body = BodyProbe { Self.issue(handle).flatMap { try? $0.read("body") as String } }
        let part = BodyProbe { handle.part("body") }
        #expect(title.value == wholeTitle)
        #expect(body.value == nil, "not arrived: the body reads as missing")

        try await server.release("body")
        await handle.waitForFetch()
        #expect(handle.part("body") == .arrived)
        #expect(body.flush() && body.value == wholeBody)
        #expect(part.flush() && part.value == .arrived)
        #expect(!title.flush(), "the title's body did not re-run")
    }

    @Test(arguments: PhaseStrategy.allCases, Wire.allCases)
    func twoLabelsAndANestedDeferEachArrive(_ strategy: PhaseStrategy, _ wire: Wire) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let whole = try await Self.whole(server)
        let (wholeTitle, wholeBody, wholeState) = (whole.title, whole.body, whole.state)
        let (_, two) = try Self.attach("TwoLabels", server, strategy, wire)
        await two.waitForFetch()
        #expect(two.parts == ["body": .arrived, "state": .arrived])
        #expect(try Self.issue(two)?.read("body") as String? == wholeBody)
        #expect(try Self.issue(two)?.read("state") as String? == wholeState)

        let (_, nested) = try Self.attach("Nested", server, strategy, wire)
        await nested.waitForFetch()
        #expect(nested.parts == ["outer": .arrived, "inner": .arrived])
        #expect(try Self.issue(nested)?.read("title") as String? == wholeTitle)
        #expect(try Self.issue(nested)?.read("body") as String? == wholeBody)
    }

    /// A one-off fetch (no handle) takes every part before it commits, once.
    @Test(arguments: PhaseStrategy.allCases, Wire.allCases)
    func aOneOffFetchTakesEveryPart(_ strategy: PhaseStrategy, _ wire: Wire) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let whole = try await Self.whole(server)
        let (environment, _) = try Self.attach("Nested", server, strategy, wire)
        let root = try await environment.fetch(try #require(environment.program["TwoLabels"]), variables: ["id": Self.issueID])
        let issue: Lens = try root.read("node")
        #expect(try issue.read("body") as String == whole.body)
        #expect(try issue.read("state") as String == whole.state)
    }

    /// A stream's first `initialCount` items come with the initial payload, the rest append
    /// in order when their payload lands.
    @Test(arguments: PhaseStrategy.allCases, Wire.allCases)
    func aStreamsItemsAppendInOrder(_ strategy: PhaseStrategy, _ wire: Wire) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let cursors = try await Self.whole(server).cursors
        for (operation, initial) in [("StreamNone", 0), ("StreamTwo", 2)] {
            let key = "\(operation)-\(strategy)-\(wire)"
            let (_, handle) = try Self.attach(operation, server, strategy, wire, controls: "step=\(key)")
            func shown() -> [String] {
                guard let comments: Lens = try? Self.issue(handle)?.read("comments"),
                      let edges: [Lens?] = try? comments.read("edges") else { return ["-"] }
                return edges.map { (try? $0?.read("cursor") as String?) ?? "-" }
            }
            await waitUntil { Self.isReady(handle) }
            #expect(shown() == Array(cursors.prefix(initial)), "\(operation): the initial payload's items")
            #expect(handle.part("edges") == .pending)
            try await server.release(key)
            await handle.waitForFetch()
            #expect(shown() == cursors, "\(operation): every item, in order")
            #expect(handle.part("edges") == .arrived)
        }
    }

    /// A part's errors land on its fields, as a whole response's do.
    @Test(arguments: PhaseStrategy.allCases, Wire.allCases)
    func aPartsErrorsLandOnItsFields(_ strategy: PhaseStrategy, _ wire: Wire) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let (environment, handle) = try Self.attach("PartErrors", server, strategy, wire)
        await handle.waitForFetch()
        #expect(handle.part("repository") == .arrived)
        #expect(Self.isReady(handle), "\(handle.phase)")
        let key = FieldKey(StorageKey.make(name: "repository", arguments: [("owner", .string("nobody")), ("name", .string("nothing"))]))
        let field = environment.store.record(.root)?.field(key)
        #expect(field?.value == .null)
        #expect(field?.errors?.first?.path == [.key("repository")], "\(String(describing: field))")
    }

    /// The connection dropping after the initial payload fails the parts still pending with
    /// the transport's failure; the data that arrived stays, and the phase stays ready.
    @Test(arguments: PhaseStrategy.allCases, Wire.allCases)
    func aDropAfterTheInitialPayloadFailsThePendingParts(_ strategy: PhaseStrategy, _ wire: Wire) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let (_, handle) = try Self.attach("TwoLabels", server, strategy, wire, controls: "drop-after=1")
        await handle.waitForFetch()
        #expect(Self.isReady(handle), "\(handle.phase)")
        #expect(try Self.issue(handle)?.read("title") as String? != nil)
        for label in ["body", "state"] {
            guard case .failed(.transport(.connectionLost, _))? = handle.part(label) else {
                Issue.record("\(label): \(String(describing: handle.part(label)))")
                continue
            }
        }
    }

    /// An environment (counting) over `server`'s `/graphql` that holds each later payload until
    /// `POST /step/<key>`, and `Deferred`.
    static func holdingParts(_ key: String, _ server: LoopbackServer, _ strategy: PhaseStrategy,
                             _ wire: Wire) throws -> (Environment, Artifact) {
        let program = try program()
        let environment = Environment(program: program, transport: wire.transport(try server.url("/graphql?step=\(key)")),
                                      configuration: .init(strategy: strategy, counting: true))
        return (environment, try #require(program["Deferred"]))
    }

    /// A request is shared until its last payload, over both wires: a second handle attached
    /// while the part is held (`networkOnly`, so it would send were nothing in flight) sends
    /// nothing, reads ready with the part pending, and sees it land; the first handle's part is
    /// not failed by it (it read `failed(transport.connectionLost)`: a second request replaced
    /// the first one's stream).
    @Test(arguments: PhaseStrategy.allCases, Wire.allCases)
    func aSecondHandleJoinsTheAnswerWhileItsPartsAreComing(_ strategy: PhaseStrategy, _ wire: Wire) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let key = "join-\(strategy)-\(wire)"
        let (environment, operation) = try Self.holdingParts(key, server, strategy, wire)
        let first = environment.attach(operation, variables: ["id": Self.issueID])
        await waitUntil { Self.isReady(first) }
        let second = environment.attach(operation, variables: ["id": Self.issueID], policy: .networkOnly)
        #expect(Self.isReady(second), "\(second.phase)")
        #expect(second.part("body") == .pending)
        #expect(first.part("body") == .pending)
        #expect(environment.counters?.total.requestsSent == 1)
        #expect(environment.counters?.total.requestsShared == 1)
        // Twice: a second stream, were one sent, is not left holding its part for ever.
        try await server.release(key)
        try await server.release(key)
        await first.waitForFetch()
        await second.waitForFetch()
        for handle in [first, second] {
            #expect(handle.part("body") == .arrived, "\(String(describing: handle.part("body")))")
            #expect(try Self.issue(handle)?.read("body") as String? != nil)
        }
    }

    /// A cancelled `fetch` of a deferring query says `cancelled` over both wires, cancelled
    /// before its first byte and with its part held by the server. (Over these two wires the
    /// transports' own teardown said `cancelled` before too; the stream ending early under a
    /// cancel, which read `transport.connectionLost`, is `EnvironmentFetchTests`'.)
    @Test(arguments: PhaseStrategy.allCases, Wire.allCases)
    func aCancelledFetchSaysCancelled(_ strategy: PhaseStrategy, _ wire: Wire) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let key = "cancel-\(strategy)-\(wire)"
        let (environment, operation) = try Self.holdingParts(key, server, strategy, wire)
        let variables: [String: JSONValue] = ["id": Self.issueID]
        let early = Task { try await environment.fetch(operation, variables: variables) }
        early.cancel()
        let held = Task { try await environment.fetch(operation, variables: variables) }
        // A handle of its own request shows when the server has sent the initial payload and
        // holds the part: the fetch's answer is as far by then, or nearly.
        let probe = environment.attach(operation, variables: variables, policy: .networkOnly)
        await waitUntil { Self.isReady(probe) }
        held.cancel()
        for (name, task) in [("before the first byte", early), ("with the part held", held)] {
            guard case .failure(let failure) = await task.result else {
                Issue.record("\(name): the cancelled fetch answered")
                continue
            }
            #expect(failure as? Failure == .cancelled, "\(name): \(failure)")
        }
        for _ in 0..<3 { try await server.release(key) }
        await probe.waitForFetch()
    }
}
