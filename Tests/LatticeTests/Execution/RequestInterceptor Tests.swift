import Foundation
import Synchronization
import Testing
import Lattice
import LatticeTesting

/// The pipeline itself, with scripted interceptors and a transport that records what reached it:
/// the order they run in, what each one's change does to the request, and that streams get
/// `prepare` alone.
@MainActor @Suite(.hangGuard)
struct RequestInterceptorTests {
    /// What the transport was sent, and what the scripted interceptors saw, in order.
    final class Trace: Sendable {
        let steps = Mutex<[String]>([])
        let sent = Mutex<[GraphQLRequest]>([])
        var recorded: [String] { steps.withLock { $0 } }
        func note(_ step: String) { steps.withLock { $0.append(step) } }
    }

    /// Answers every request `{"greeting": "hi"}`, keeping it.
    struct RecordingTransport: Transport {
        let trace: Trace
        nonisolated(nonsending) func execute(_ request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
            trace.sent.withLock { $0.append(request) }
            trace.note("transport")
            return GraphQLResponse(data: .object(["greeting": .string("hi")]))
        }
        func subscribe(_ request: GraphQLRequest) -> AsyncStream<SubscriptionEvent> {
            trace.sent.withLock { $0.append(request) }
            return AsyncStream { $0.finish() }
        }
    }

    /// Notes its name on the way in and out, and sets header `x-order` to what it was plus its name.
    struct Scripted: RequestInterceptor {
        let name: String
        let trace: Trace
        nonisolated(nonsending) func intercept(_ request: OutgoingRequest, next: RequestPipeline) async throws(Failure)
            -> GraphQLResponse {
            trace.note("\(name) in")
            defer { trace.note("\(name) out") }
            return try await next.proceed(try await prepare(request))
        }
        nonisolated(nonsending) func prepare(_ request: OutgoingRequest) async throws(Failure) -> OutgoingRequest {
            var request = request
            request.request.headers["x-order", default: ""] += name
            return request
        }
    }

    static func program() throws -> Program {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(
            text: "type Query { greeting: String } type Subscription { greeting: String }", name: "schema.graphql")])
        return try Program(schema: schema, documents: [GraphQLSource(
            text: "query Greeting { greeting } subscription Greetings { greeting }", name: "Greeting.graphql")])
    }

    @Test func interceptorsRunInOrderTheFirstOutermost() async throws {
        let program = try Self.program()
        let trace = Trace()
        let environment = Environment(program: program, transport: RecordingTransport(trace: trace), configuration: .init(
            interceptors: [Scripted(name: "a", trace: trace), Scripted(name: "b", trace: trace)]))
        let lens = try await environment.fetch(try #require(program["Greeting"]))
        let greeting: String? = try lens.read("greeting")
        #expect(greeting == "hi")
        #expect(trace.recorded == ["a in", "b in", "transport", "b out", "a out"])
        #expect(trace.sent.withLock { $0.map(\.headers) } == [["x-order": "ab"]])
    }

    @Test func withoutInterceptorsTheRequestGoesAsItWas() async throws {
        let program = try Self.program()
        let trace = Trace()
        let environment = Environment(program: program, transport: RecordingTransport(trace: trace))
        _ = try await environment.fetch(try #require(program["Greeting"]))
        #expect(trace.sent.withLock { $0.map(\.headers) } == [[:]])
    }

    /// A subscription is sent once: every interceptor's `prepare`, in order, and no `intercept`.
    @Test func aSubscriptionGetsThePreparedHeadersOnly() async throws {
        let program = try Self.program()
        let trace = Trace()
        let environment = Environment(program: program, transport: RecordingTransport(trace: trace), configuration: .init(
            interceptors: [Scripted(name: "a", trace: trace), Scripted(name: "b", trace: trace)]))
        let handle = environment.subscribe(try #require(program["Greetings"]))
        defer { handle.cancel() }
        while trace.sent.withLock({ $0.isEmpty }) { await Task.yield() }
        #expect(trace.sent.withLock { $0.map(\.headers) } == [["x-order": "ab"]])
        #expect(trace.recorded.isEmpty)
    }

    /// The log is value-free unless the logger asks for values: then the variables and the
    /// headers the pipeline set come too. The interceptors before the logging one set them.
    @Test(arguments: [false, true])
    func loggingCarriesValuesOnlyWhenAsked(_ includesValues: Bool) async throws {
        let program = try Self.program()
        let trace = Trace()
        let logger = RecordingLogger(includesValues: includesValues)
        let environment = Environment(program: program, transport: RecordingTransport(trace: trace), configuration: .init(
            logger: logger.logger,
            interceptors: [HeaderInterceptor { _ in ["x-client": "tests"] }, LoggingInterceptor()]))
        _ = try await environment.fetch(try #require(program["Greeting"]))
        let events = logger.entries.compactMap { entry -> RequestLogEvent? in
            if case .request(let event) = entry { return event }
            return nil
        }
        #expect(events.map(\.operation) == ["Greeting"])
        #expect(events.map(\.kind) == [.query])
        #expect(events.first?.failure == nil)
        #expect(events.first?.headers == (includesValues ? ["x-client": "tests"] : nil))
        #expect(events.first?.variables == (includesValues ? [:] : nil))
    }

    @Test func theRetryPolicyRetriesQueriesOnTransportFailuresAndServerErrorsOnly() {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1), multiplier: 2)
        let unreachable = Failure.transport(.unreachable, underlying: "refused")
        #expect(policy.delay(after: 1, of: .query, failedWith: unreachable) == .seconds(1))
        #expect(policy.delay(after: 2, of: .query, failedWith: .httpStatus(code: 503, body: "")) == .seconds(2))
        #expect(policy.delay(after: 3, of: .query, failedWith: unreachable) == nil)
        #expect(policy.delay(after: 1, of: .mutation, failedWith: unreachable) == nil)
        #expect(RetryPolicy(retriesMutations: true).delay(after: 1, of: .mutation, failedWith: unreachable) != nil)
        #expect(policy.delay(after: 1, of: .query, failedWith: .httpStatus(code: 401, body: "")) == nil)
        #expect(policy.delay(after: 1, of: .query, failedWith: .requestErrors([GraphQLError(message: "no")])) == nil)
        #expect(policy.delay(after: 1, of: .query, failedWith: .cancelled) == nil)
    }
}
