import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing
import Lattice
import LatticeTesting

/// The interceptors against the loopback server (`scripts/server.py`): a token that expires
/// mid-session (`--require-token`, `POST /require-token/B`), a server that fails twice then
/// answers (`/flaky/KEY?fail=2`), an answer held past the deadline (`/slow`). Backoffs and
/// deadlines run on a `ManualScheduler`: the tests move its time, nothing waits on a clock.
@MainActor @Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct RequestInterceptorsTests {
    static let operation = "IssueAuthorCard"

    /// Hands out the current token; a refresh moves to the next one of `tokens`.
    final class TokenSource: Sendable {
        private let state: Mutex<(tokens: [String], index: Int, refreshes: Int)>
        init(_ tokens: [String]) { state = Mutex((tokens, 0, 0)) }
        var refreshes: Int { state.withLock { $0.refreshes } }
        func token(refresh: Bool) -> String {
            state.withLock { state in
                if refresh {
                    state.refreshes += 1
                    state.index = min(state.index + 1, state.tokens.count - 1)
                }
                return state.tokens[state.index]
            }
        }
    }

    static func environment(_ url: URL, clock: ManualScheduler = ManualScheduler(), logger: RecordingLogger? = nil,
                            _ interceptors: [any RequestInterceptor]) throws -> Environment {
        Environment(program: try SharedFixtures.get().program, transport: HTTPTransport(url: url),
                    configuration: .init(clock: clock, logger: logger?.logger, interceptors: interceptors))
    }

    static func fetch(_ environment: Environment, _ name: String = operation) async throws -> Result<Lens, Failure> {
        let spec = try SharedFixtures.get()
        let artifact = try spec.artifact(name)
        let variables = try spec.response(name).variables
        do throws(Failure) {
            return .success(try await environment.fetch(artifact, variables: variables))
        } catch {
            return .failure(error)
        }
    }

    static func succeeded(_ result: Result<Lens, Failure>) -> Bool {
        if case .success = result { return true }
        return false
    }

    static func requestEvents(_ logger: RecordingLogger) -> [RequestLogEvent] {
        logger.entries.compactMap { entry in
            if case .request(let event) = entry { return event }
            return nil
        }
    }

    /// The first fetches go with token A; then the server asks for B: the 401 is sent again,
    /// once, with the token the provider refreshed, and succeeds; later fetches send B.
    @Test func aTokenThatExpiresMidSessionIsRefreshedAndTheRequestReplayedOnce() async throws {
        let server = try await LoopbackServer.start(options: ["--require-token", "A"])
        defer { server.stop() }
        let tokens = TokenSource(["A", "B", "C"])
        let logger = RecordingLogger()
        let environment = try Self.environment(try server.url("/graphql"), logger: logger, [
            TokenInterceptor { refresh in tokens.token(refresh: refresh) }, LoggingInterceptor(),
        ])
        let first = try await Self.fetch(environment)
        #expect(Self.succeeded(first), "\(first)")
        var change = URLRequest(url: try server.url("/require-token/B"))
        change.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: change)
        let afterExpiry = try await Self.fetch(environment)
        #expect(Self.succeeded(afterExpiry), "\(afterExpiry)")
        let later = try await Self.fetch(environment)
        #expect(Self.succeeded(later), "\(later)")
        #expect(tokens.refreshes == 1)
        #expect(Self.requestEvents(logger).map(\.status) == [nil, 401, nil, nil])
        // Value-free: a logger that does not ask for values gets no headers (the token).
        #expect(Self.requestEvents(logger).allSatisfy { $0.headers == nil && $0.variables == nil })
    }

    /// Answers in parts (multipart over HTTP, events over SSE) are sent once, with the
    /// token the interceptors' `prepare` sets: without it the server answers 401.
    @Test(arguments: IncrementalOverHTTPTests.Wire.allCases)
    func anAnswerInPartsCarriesTheToken(_ wire: IncrementalOverHTTPTests.Wire) async throws {
        let server = try await LoopbackServer.start(options: ["--require-token", "A"])
        defer { server.stop() }
        let program = try IncrementalOverHTTPTests.program()
        let deferred = try #require(program["Deferred"])
        let variables: [String: JSONValue] = ["id": IncrementalOverHTTPTests.issueID]
        let tokens = TokenSource(["A"])
        let environment = Environment(program: program, transport: wire.transport(try server.url("/graphql")),
                                      configuration: .init(interceptors: [
                                          TokenInterceptor { refresh in tokens.token(refresh: refresh) },
                                      ]))
        let lens = try await environment.fetch(deferred, variables: variables)
        let node: Lens? = try lens.read("node")
        let body: String? = try node?.read("body")
        #expect(body != nil)
        let bare = Environment(program: program, transport: wire.transport(try server.url("/graphql")))
        await #expect(throws: Failure.self) { try await bare.fetch(deferred, variables: variables) }
    }

    /// A refreshed token the server refuses too is the request's failure: one replay only.
    @Test func aSecond401IsTheFailure() async throws {
        let server = try await LoopbackServer.start(options: ["--require-token", "Z"])
        defer { server.stop() }
        let tokens = TokenSource(["A", "B", "C"])
        let environment = try Self.environment(try server.url("/graphql"), [
            TokenInterceptor { refresh in tokens.token(refresh: refresh) },
        ])
        let result = try await Self.fetch(environment)
        guard case .failure(.httpStatus(let code, _)) = result else {
            Issue.record("expected http.status 401, got \(result)")
            return
        }
        #expect(code == 401)
        #expect(tokens.refreshes == 1)
    }

    /// The server answers 500 twice, then the query: the retry waits 1 s, then 2 s, on the
    /// environment's clock, and the third sending succeeds.
    @Test func aQueryIsRetriedWithBackoffUntilTheServerAnswers() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let clock = ManualScheduler()
        let logger = RecordingLogger()
        let environment = try Self.environment(try server.url("/flaky/twice?fail=2"), clock: clock, logger: logger, [
            RetryInterceptor(policy: RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1))), LoggingInterceptor(),
        ])
        let fetch = Task { try await Self.fetch(environment) }
        await clock.untilPending()
        #expect(clock.pendingDelays == [.seconds(1)])
        clock.advance(by: .seconds(1))
        await clock.untilPending()
        #expect(clock.pendingDelays == [.seconds(2)])
        clock.advance(by: .seconds(2))
        let result = try await fetch.value
        #expect(Self.succeeded(result), "\(result)")
        let events = Self.requestEvents(logger)
        #expect(events.map(\.attempt) == [1, 2, 3])
        #expect(events.map(\.status) == [500, 500, nil])
        #expect(events.map(\.duration) == [.zero, .zero, .zero])
    }

    /// A mutation is not sent again by default: its 500 is its failure, after one request.
    @Test func aMutationIsNotRetriedByDefault() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let environment = try Self.environment(try server.url("/flaky/mutation?fail=1"), [RetryInterceptor()])
        let spec = try SharedFixtures.get()
        let closeIssue = try spec.artifact("CloseIssue")
        let variables = try spec.response("CloseIssue").variables
        var failure: Failure?
        do throws(Failure) {
            _ = try await environment.mutate(closeIssue, variables: variables)
        } catch {
            failure = error
        }
        guard case .httpStatus(500, _)? = failure else {
            Issue.record("expected http.status 500, got \(String(describing: failure))")
            return
        }
        let (body, _) = try await URLSession.shared.data(from: try server.url("/flaky/mutation"))
        #expect(String(decoding: body, as: UTF8.self) == #"{"requests": 1}"#)
    }

    /// The failure of a fetch of an answer the server holds (`/slow`), under a 5 s deadline on
    /// a `ManualScheduler`, once the deadline is armed and `act` has run.
    static func heldFetchFailure(
        _ act: (ManualScheduler, Task<Result<Lens, Failure>, any Error>) -> Void
    ) async throws -> (Failure?, ManualScheduler) {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let clock = ManualScheduler()
        let environment = try environment(try server.url("/slow?ms=30000"), clock: clock, [
            DeadlineInterceptor(.seconds(5)),
        ])
        let fetch = Task { try await Self.fetch(environment) }
        await clock.untilPending()
        #expect(clock.pendingDelays == [.seconds(5)])
        act(clock, fetch)
        guard case .failure(let failure) = try await fetch.value else { return (nil, clock) }
        return (failure, clock)
    }

    /// An answer the server holds: when the deadline passes on the environment's clock, the
    /// fetch fails `timedOut` (not `cancelled`), and the request is cancelled.
    @Test func aDeadlineFailsAHeldAnswerWithTimedOut() async throws {
        let (failure, _) = try await Self.heldFetchFailure { clock, _ in clock.advance(by: .seconds(5)) }
        #expect(failure == .timedOut(after: .seconds(5)))
    }

    /// Cancelling the fetch before its deadline still says cancelled, and the deadline goes.
    @Test func aCancelBeforeTheDeadlineIsCancelled() async throws {
        let (failure, clock) = try await Self.heldFetchFailure { _, fetch in fetch.cancel() }
        #expect(failure == .cancelled)
        #expect(clock.pendingDelays.isEmpty)
    }
}
