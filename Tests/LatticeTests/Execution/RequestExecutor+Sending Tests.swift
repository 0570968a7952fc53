import Foundation
import Synchronization
import Testing
import Lattice

/// What each persisted-documents mode puts on the wire and when it sends again, through an
/// environment (its request executor sends) over a transport that records every request and
/// answers as its script says.
@MainActor @Suite(.hangGuard) struct RequestExecutorSendingTests {
    /// Records requests; answers "not found" to a request without text while `knowsNoIDs`.
    final class RecordingTransport: Transport {
        let sent = Mutex<[GraphQLRequest]>([])
        let knowsNoIDs: Bool

        init(knowsNoIDs: Bool) { self.knowsNoIDs = knowsNoIDs }

        nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
            sent.withLock { $0.append(request) }
            if knowsNoIDs && !request.sendsText {
                throw .requestErrors([GraphQLError(message: "PersistedQueryNotFound",
                                                   extensions: ["code": .string("PERSISTED_QUERY_NOT_FOUND")])])
            }
            return GraphQLResponse(data: .object(["greeting": .string("hello")]))
        }

        func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent> { AsyncStream { $0.finish() } }
    }

    let program: Program

    init() throws {
        let schema = try SchemaBuilder.build(sources: [
            GraphQLSource(text: "type Query { greeting: String }", name: "schema.graphql"),
        ])
        program = try Program(schema: schema, documents: [
            GraphQLSource(text: "query Greeting { greeting }", name: "Greeting.graphql"),
        ])
    }

    func environment(_ mode: PersistedDocumentPolicy, over transport: any Transport) -> Environment {
        Environment(program: program, transport: transport, configuration: .init(persistedDocuments: mode))
    }

    /// What went out, as [carries the id, carries the text].
    func wire(_ transport: RecordingTransport) -> [[Bool]] {
        transport.sent.withLock { $0.map { [$0.documentID != nil, $0.sendsText] } }
    }

    /// The greeting a fetch through `mode` reads back from the store.
    func fetchGreeting(_ mode: PersistedDocumentPolicy, over transport: any Transport) async throws -> String? {
        let environment = environment(mode, over: transport)
        let lens = try await environment.fetch(try #require(program["Greeting"]))
        return try lens.read("greeting")
    }

    @Test func textOnlySendsTheTextWithoutTheID() async throws {
        let transport = RecordingTransport(knowsNoIDs: true)
        #expect(try await fetchGreeting(.textOnly, over: transport) == "hello")
        #expect(wire(transport) == [[false, true]])
    }

    @Test func idOnlySendsTheIDAloneAndDoesNotFallBack() async throws {
        let transport = RecordingTransport(knowsNoIDs: true)
        await #expect(throws: Failure.self) { _ = try await fetchGreeting(.idOnly, over: transport) }
        #expect(wire(transport) == [[true, false]])
    }

    /// The round trip of the fallback: the id alone, the text once when the server does not
    /// know the id, and the answer committed; a server that knows it gets the id alone.
    @Test func theFallbackSendsTheTextOnlyWhenTheServerDoesNotKnowTheID() async throws {
        let unknown = RecordingTransport(knowsNoIDs: true)
        #expect(try await fetchGreeting(.idWithTextFallback, over: unknown) == "hello")
        #expect(wire(unknown) == [[true, false], [true, true]])
        let known = RecordingTransport(knowsNoIDs: false)
        #expect(try await fetchGreeting(.idWithTextFallback, over: known) == "hello")
        #expect(wire(known) == [[true, false]])
    }

    /// A handle's fetch is sent in the environment's mode too, and the id it carries is the
    /// program's for the document.
    @Test func aHandlesFetchCarriesTheProgramsID() async throws {
        let transport = RecordingTransport(knowsNoIDs: false)
        let environment = environment(.idOnly, over: transport)
        let handle = environment.attach(try #require(program["Greeting"]))
        await handle.waitForFetch()
        #expect(handle.phase.name == "ready")
        #expect(environment.persistedDocuments == .idOnly)
        let sentID = transport.sent.withLock { $0.first?.documentID }
        #expect(sentID == program.documents["Greeting"]?.id)
        #expect(wire(transport) == [[true, false]])
    }

    /// Another failure is not a reason to send the text: it is the caller's.
    @Test func theFallbackPassesOtherFailuresOn() async throws {
        struct Refusing: Transport {
            nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
                throw .requestErrors([GraphQLError(message: "Not authorized", extensions: ["code": .string("FORBIDDEN")])])
            }
            func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent> { AsyncStream { $0.finish() } }
        }
        await #expect(throws: Failure.requestErrors([GraphQLError(message: "Not authorized", extensions: ["code": .string("FORBIDDEN")])])) {
            _ = try await fetchGreeting(.idWithTextFallback, over: Refusing())
        }
    }

    /// Refuses every request without its text, as a server without persisted documents does:
    /// with Apollo Server's code, or strawberry's HTTP 400.
    final class IDRefusingTransport: Transport {
        let sent = Mutex<[GraphQLRequest]>([])
        let refusal: Failure

        init(_ refusal: Failure) { self.refusal = refusal }

        nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
            sent.withLock { $0.append(request) }
            if !request.sendsText { throw refusal }
            return GraphQLResponse(data: .object(["greeting": .string("hello")]))
        }

        func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent> { AsyncStream { $0.finish() } }
    }

    nonisolated static let refusals: [Failure] = [
        .requestErrors([GraphQLError(message: "PersistedQueryNotSupported",
                                     extensions: ["code": .string("PERSISTED_QUERY_NOT_SUPPORTED")])]),
        .httpStatus(code: 400, body: #"{"errors": [{"message": "No GraphQL query found in the request"}]}"#),
    ]

    /// A server that refuses ids gets the text at once, and from then on the text alone
    /// (no id): one-off fetches, and an answer in parts (`@defer`), which is sent through
    /// `sendIncrementally`.
    @Test(arguments: refusals)
    func aRefusalOfIDsSendsTheTextAloneFromThenOn(_ refusal: Failure) async throws {
        let schema = try SchemaBuilder.build(sources: [
            GraphQLSource(text: "type Query { greeting: String }", name: "schema.graphql"),
        ])
        let program = try Program(schema: schema, documents: [
            GraphQLSource(text: "query Greeting { greeting } query Deferred { ... @defer { greeting } }",
                          name: "Greeting.graphql"),
        ])
        let transport = IDRefusingTransport(refusal)
        let environment = Environment(program: program, transport: transport,
                                      configuration: .init(persistedDocuments: .idWithTextFallback))
        #expect(!environment.persistedIDsRefused)
        let greeting: String? = try await environment.fetch(try #require(program["Greeting"])).read("greeting")
        #expect(greeting == "hello")
        #expect(environment.persistedIDsRefused)
        _ = try await environment.fetch(try #require(program["Greeting"]))
        _ = try await environment.fetch(try #require(program["Deferred"]))
        let wire = transport.sent.withLock { $0.map { [$0.documentID != nil, $0.sendsText] } }
        #expect(wire == [[true, false], [false, true], [false, true], [false, true]])
    }

    /// The same refusal in an answer in parts, before anything was refused: the first event
    /// fails, the text follows, and the refusal is remembered.
    @Test(arguments: refusals)
    func aRefusalOfAnAnswerInPartsFallsBackToo(_ refusal: Failure) async throws {
        let schema = try SchemaBuilder.build(sources: [
            GraphQLSource(text: "type Query { greeting: String }", name: "schema.graphql"),
        ])
        let program = try Program(schema: schema, documents: [
            GraphQLSource(text: "query Deferred { ... @defer { greeting } }", name: "Deferred.graphql"),
        ])
        let transport = IDRefusingTransport(refusal)
        let environment = Environment(program: program, transport: transport,
                                      configuration: .init(persistedDocuments: .idWithTextFallback))
        _ = try await environment.fetch(try #require(program["Deferred"]))
        #expect(environment.persistedIDsRefused)
        let wire = transport.sent.withLock { $0.map { [$0.documentID != nil, $0.sendsText] } }
        #expect(wire == [[true, false], [false, true]])
    }

    /// The body on the wire: the id in `extensions.persistedQuery`, and no `query` key at all
    /// when the text stays home.
    @Test func theIDTravelsAsThePersistedQueryExtension() throws {
        var byID = GraphQLRequest(query: "query Q { a }", operationName: "Q", documentID: "abc")
        byID.sendsText = false
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let body = String(decoding: try encoder.encode(byID), as: UTF8.self)
        #expect(body == #"{"extensions":{"persistedQuery":{"sha256Hash":"abc","version":1}},"operationName":"Q","variables":{}}"#)
    }
}
