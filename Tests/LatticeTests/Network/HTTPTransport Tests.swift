import Foundation
import Testing
import Lattice
import LatticeTesting

/// HTTPTransport against the real loopback server (`scripts/server.py`): one server per test,
/// stopped at its end. The server needs a Python with its packages: `LATTICE_PYTHON`, or the
/// `.venv/` that scripts/test.sh makes. Without one (a fresh clone's first `swift test`) the
/// suite is skipped, saying so; scripts/test.sh runs it.
@Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct HTTPTransportTests {
    let query = GraphQLRequest(query: "query Echo { __typename }", operationName: "Echo")

    /// Runs `body` with a started server, and stops it however `body` ends.
    func withServer(_ body: (LoopbackServer) async throws -> Void) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await body(server)
    }

    func failure(of transport: HTTPTransport, _ request: GraphQLRequest? = nil) async -> Failure? {
        do {
            _ = try await transport.execute(request ?? query)
            return nil
        } catch {
            return error
        }
    }

    /// The server runs the fixture graph, so its answer to what the runtime sends for an
    /// operation (`Program.request(for:)`, the compiler's `id` and `__typename` included) is
    /// the recorded `ok` fixture, and FixtureTransport loading spec/responses answers the same.
    @Test func aQueryRoundTripsToTheFixtureGraphsAnswer() async throws {
        let spec = try CompiledSpec.load()
        let recorded = try spec.response("IssueAuthorCard")
        let request = spec.program.request(for: try spec.artifact("IssueAuthorCard"), variables: recorded.variables)
        try await withServer { server in
            let answer = try await HTTPTransport(url: try server.url("/graphql")).execute(request)
            #expect(answer == recorded.response)
        }
        let fixtures = try FixtureTransport(directory: spec.spec.responsesDirectory)
        #expect(try await fixtures.execute(request) == recorded.response)
    }

    @Test func aServerErrorStatusIsHTTPStatusWithTheBody() async throws {
        try await withServer { server in
            let failure = await failure(of: HTTPTransport(url: try server.url("/status/500")))
            guard case .httpStatus(let code, _)? = failure else {
                Issue.record("expected http.status, got \(String(describing: failure))")
                return
            }
            #expect(code == 500)
        }
    }

    @Test func aClosedConnectionIsConnectionLost() async throws {
        try await withServer { server in
            let failure = await failure(of: HTTPTransport(url: try server.url("/close")))
            #expect(failure?.name == "transport.connectionLost", "\(String(describing: failure))")
        }
    }

    @Test func anAnswerSlowerThanTheTimeoutIsTimedOut() async throws {
        try await withServer { server in
            let transport = HTTPTransport(url: try server.url("/slow?ms=60000"), timeout: .milliseconds(500))
            let failure = await failure(of: transport)
            #expect(failure == .timedOut(after: .milliseconds(500)), "\(String(describing: failure))")
        }
    }

    /// swift-corelibs-foundation truncates URLSession timeouts to whole seconds, so a 0.9 s
    /// timeout left to URLSession fires at once; the transport keeps its own timer. The 50 ms
    /// answer comes in time, or, on a machine so loaded (AddressSanitizer, a parallel suite)
    /// that it is handled after 0.9 s, the timeout fired no sooner than 0.9 s: what a truncated
    /// one cannot do, and what no load can make fail.
    @Test func aSubSecondTimeoutIsNotTruncated() async throws {
        try await withServer { server in
            let transport = HTTPTransport(url: try server.url("/slow?ms=50"), timeout: .milliseconds(900))
            let started = ContinuousClock.now
            let failure = await failure(of: transport)
            let waited = ContinuousClock.now - started
            #expect(failure?.name != "fetch.timedOut" || waited >= .milliseconds(900),
                    "\(String(describing: failure)) after \(waited)")
        }
    }

    @Test func aBodyThatIsNotJSONIsUndecodableWithItsStart() async throws {
        try await withServer { server in
            let failure = await failure(of: HTTPTransport(url: try server.url("/not-json")))
            guard case .undecodableResponse(let reason, let snippet)? = failure else {
                Issue.record("expected response.undecodable, got \(String(describing: failure))")
                return
            }
            #expect(!reason.isEmpty)
            #expect(!snippet.isEmpty)
            #expect(!snippet.hasPrefix("{"))
        }
    }

    @Test func aPortNobodyListensOnIsUnreachable() async throws {
        let server = try await LoopbackServer.start()
        let url = try server.url("/graphql")
        server.stop()
        let failure = await failure(of: HTTPTransport(url: url))
        #expect(failure?.name == "transport.unreachable", "\(String(describing: failure))")
    }

    @Test func cancellingTheTaskIsCancelled() async throws {
        try await withServer { server in
            let transport = HTTPTransport(url: try server.url("/slow?ms=60000"), timeout: .seconds(90))
            let pending = Task { [query] () async throws(Failure) -> GraphQLResponse in
                try await transport.execute(query)
            }
            pending.cancel()
            let result = await pending.result
            #expect(throws: Failure.cancelled) { try result.get() }
        }
    }

    @Test func anInvalidQueryIsRequestErrorsWithTheServersMessage() async throws {
        try await withServer { server in
            let bad = GraphQLRequest(query: "query Bad { noSuchField }", operationName: "Bad")
            let failure = await failure(of: HTTPTransport(url: try server.url("/graphql")), bad)
            guard case .requestErrors(let errors)? = failure else {
                Issue.record("expected response.requestErrors, got \(String(describing: failure))")
                return
            }
            #expect(!errors.isEmpty)
        }
    }

    @Test func aSubscriptionOverHTTPEndsWithTheRequestsFailure() async throws {
        try await withServer { server in
            let transport = HTTPTransport(url: try server.url("/status/500"))
            var events: [SubscriptionEvent] = []
            for await event in transport.subscribe(query) { events.append(event) }
            #expect(events.count == 1)
            #expect(events.first.map { if case .failed(.httpStatus(500, _)) = $0 { true } else { false } } == true,
                    "\(events)")
        }
    }
}
