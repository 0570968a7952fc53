import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Lattice
import LatticeTesting

/// SSETransport against the loopback server's event streams (`scripts/server.py`, graphql-sse
/// distinct connections mode over graphql-core's `subscribe`), one server per test. The
/// server's query-string controls drive each case: `drop-after`, `close-after`,
/// `complete-after`, `fail-after` (each after N events), `once` (the control acts on the first
/// stream only) and `step` (each event waits for `POST /step/KEY`). Nothing waits on a clock:
/// the tests wait on the handle's state and on events, and reconnect delays run on a
/// `ManualScheduler`.
@MainActor @Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct SSETransportTests {
    static let issueID = DataID("SXNzdWU6MQ==")
    static let title = "Add a benchmark for the parser"
    static let renamed = " (regression in v0.8)"

    /// The running subscription of one test: its environment, handle and clock.
    struct Live {
        let environment: Environment
        let handle: SubscriptionHandle
        let scheduler: ManualScheduler

        /// A stored scalar of the issue the subscription updates, as text; untracked.
        @MainActor func issue(_ field: String) -> String? {
            switch Self.record(environment)?.field(FieldKey(field))?.value {
            case .scalar(.string(let text))?: text
            case .null?: "null"
            default: nil
            }
        }

        @MainActor static func record(_ environment: Environment) -> Record? {
            environment.store.record(SSETransportTests.issueID)
        }

        /// Waits for the next event: the clock moves 1 ms first, so the event's
        /// `lastEventAt` (a tracked value) says it arrived.
        @MainActor func nextEvent(_ release: () async throws -> Void) async throws {
            scheduler.advance(by: .milliseconds(1))
            try await release()
            await waitUntil { handle.lastEventAt == scheduler.now }
        }
    }

    /// The IssueUpdates subscription of the fixture issue over `SSETransport` to
    /// `server`'s `/graphql` with `controls`, reconnecting 1 s after a drop (no jitter).
    func subscribe(_ server: LoopbackServer, _ controls: String) throws -> Live {
        let spec = try CompiledSpec.load()
        let scheduler = ManualScheduler()
        let environment = Environment(program: spec.program,
                                      transport: SSETransport(url: try server.url("/graphql?\(controls)")),
                                      configuration: .init(clock: scheduler,
                                                           reconnectPolicy: ReconnectPolicy(baseDelay: .seconds(1), jitter: 0)))
        let variables = try spec.response("IssueUpdates", case: "event-1").variables
        let handle = environment.subscribe(try spec.artifact("IssueUpdates"), variables: variables)
        return Live(environment: environment, handle: handle, scheduler: scheduler)
    }

    func withServer(_ body: (LoopbackServer) async throws -> Void) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        try await body(server)
    }

    static func name(_ state: SubscriptionState) -> String {
        switch state {
        case .connecting: "connecting"
        case .open: "open"
        case .waitingToReconnect(let attempt, _): "waitingToReconnect(\(attempt))"
        case .ended(.completed): "ended(completed)"
        case .ended(.cancelled): "ended(cancelled)"
        case .ended(.failed(let failure)): "ended(\(failure.name))"
        }
    }

    static func isWaiting(_ state: SubscriptionState) -> Bool {
        if case .waitingToReconnect = state { return true }
        return false
    }

    /// The issue's acceptance test: connecting -> open -> an event -> the connection drops
    /// mid-event -> waitingToReconnect -> the policy's delay -> connecting -> open -> three
    /// events -> complete -> ended, with the store updated by each event. The server holds
    /// each event until the test lets it go, so every state and every commit is seen.
    @Test func aDroppedStreamReconnectsAndRunsToCompletion() async throws {
        try await withServer { server in
            let live = try subscribe(server, "drop-after=1&once=main&step=main")
            let handle = live.handle
            var log = [Self.name(handle.state)]
            @MainActor func note(_ entry: String) { if log.last != entry { log.append(entry) } }
            @MainActor func event() async throws {
                try await live.nextEvent { try await server.release("main") }
                note("event(\(live.issue("updatedAt") ?? "?"))")
            }

            await waitUntil { handle.state != .connecting }
            note(Self.name(handle.state))
            try await event()
            #expect(live.issue("title") == Self.title + Self.renamed)
            #expect(live.issue("updatedAt") == "2024-06-01T12:01:00Z")
            await waitUntil { Self.isWaiting(handle.state) }
            note(Self.name(handle.state))
            #expect(handle.state == .waitingToReconnect(attempt: 1, at: live.scheduler.now.addingTimeInterval(1)))
            #expect(live.issue("title") == Self.title + Self.renamed, "the cut event changed nothing")

            live.scheduler.advance(by: .seconds(1))
            note(Self.name(handle.state))
            await waitUntil { handle.state != .connecting }
            note(Self.name(handle.state))
            let reopenedAt = live.scheduler.now
            try await event()
            #expect(live.issue("title") == Self.title + Self.renamed + Self.renamed)
            #expect(live.issue("updatedAt") == "2024-06-01T12:02:00Z")
            try await event()
            #expect(live.issue("updatedAt") == "2024-06-01T12:03:00Z")
            #expect(live.issue("state") == "OPEN")
            try await event()
            #expect(live.issue("updatedAt") == "2024-06-01T12:04:00Z")
            #expect(live.issue("state") == "CLOSED")
            #expect(handle.state == .open(since: reopenedAt))

            try await server.release("main")
            await waitUntil { if case .ended = handle.state { true } else { false } }
            note(Self.name(handle.state))
            #expect(log == ["connecting", "open", "event(2024-06-01T12:01:00Z)", "waitingToReconnect(1)",
                            "connecting", "open", "event(2024-06-01T12:02:00Z)", "event(2024-06-01T12:03:00Z)",
                            "event(2024-06-01T12:04:00Z)", "ended(completed)"])
            print("SSE subscription states: \(log.joined(separator: " -> "))")
            #expect(live.environment.lastRejectedEvent == nil)
        }
    }

    @Test func aStreamRunsToTheServersCompleteWithEachEventCommitted() async throws {
        try await withServer { server in
            let live = try subscribe(server, "")
            await waitUntil { if case .ended = live.handle.state { true } else { false } }
            #expect(live.handle.state == .ended(.completed))
            #expect(live.issue("title") == Self.title + Self.renamed)
            #expect(live.issue("state") == "CLOSED")
            #expect(live.issue("updatedAt") == "2024-06-01T12:03:00Z", "all three events")
            #expect(live.handle.lastEventAt == live.scheduler.now)
        }
    }

    @Test func theServerEndingTheSubscriptionEarlyCompletesItAfterItsEvents() async throws {
        try await withServer { server in
            let live = try subscribe(server, "complete-after=1")
            await waitUntil { if case .ended = live.handle.state { true } else { false } }
            #expect(live.handle.state == .ended(.completed))
            #expect(live.issue("updatedAt") == "2024-06-01T12:01:00Z", "one event, then complete")
            #expect(live.issue("state") == "OPEN")
        }
    }

    /// A body that ends without `complete` is a lost connection: the policy reconnects.
    @Test func theServerClosingTheStreamWithoutCompleteIsADropThatReconnects() async throws {
        try await withServer { server in
            let live = try subscribe(server, "close-after=1&once=close")
            await waitUntil { Self.isWaiting(live.handle.state) }
            #expect(live.handle.state == .waitingToReconnect(attempt: 1, at: live.scheduler.now.addingTimeInterval(1)))
            #expect(live.issue("updatedAt") == "2024-06-01T12:01:00Z")
            live.scheduler.advance(by: .seconds(1))
            #expect(live.handle.state == .connecting)
            await waitUntil { if case .ended = live.handle.state { true } else { false } }
            #expect(live.handle.state == .ended(.completed))
            #expect(live.issue("updatedAt") == "2024-06-01T12:04:00Z")
            #expect(live.issue("title") == Self.title + Self.renamed + Self.renamed)
        }
    }

    /// A `next` with errors and no data: request errors, not retried, with the server's
    /// message; the event before it stays committed.
    @Test func aServerErrorEndsTheSubscriptionFailedWithTheServersMessage() async throws {
        try await withServer { server in
            let live = try subscribe(server, "fail-after=1")
            await waitUntil { if case .ended = live.handle.state { true } else { false } }
            guard case .ended(.failed(.requestErrors(let errors))) = live.handle.state else {
                Issue.record("expected ended(requestErrors), got \(live.handle.state)")
                return
            }
            #expect(errors.map(\.message) == ["The event source failed after 1 events, as asked (fail-after)."])
            #expect(live.issue("updatedAt") == "2024-06-01T12:01:00Z")
        }
    }

    /// A malformed event: a clear failure that names it, not retried (it would come again);
    /// the events before it stay committed.
    @Test func aMalformedEventEndsTheSubscriptionUndecodableNamingTheEvent() async throws {
        try await withServer { server in
            let live = try subscribe(server, "garble-after=1")
            await waitUntil { if case .ended = live.handle.state { true } else { false } }
            guard case .ended(.failed(.undecodableResponse(let reason, let snippet))) = live.handle.state else {
                Issue.record("expected ended(undecodableResponse), got \(live.handle.state)")
                return
            }
            #expect(reason.hasPrefix("event 2 of the stream: "), "\(reason)")
            #expect(snippet == #"{"data": {"issueUpdated": "#)
            #expect(live.issue("updatedAt") == "2024-06-01T12:01:00Z")
            #expect(live.environment.lastRejectedEvent == nil)
        }
    }

    /// The transport's own events: a drop mid-event yields nothing of the cut event, then the
    /// lost connection.
    @Test func aConnectionDroppedMidEventDeliversTheWholeEventsThenConnectionLost() async throws {
        try await withServer { server in
            let spec = try CompiledSpec.load()
            let request = spec.program.request(for: try spec.artifact("IssueUpdates"),
                                               variables: try spec.response("IssueUpdates", case: "event-1").variables)
            var events: [SubscriptionEvent] = []
            for await event in SSETransport(url: try server.url("/graphql?drop-after=1")).subscribe(request) {
                events.append(event)
            }
            #expect(events.count == 3)
            #expect(events.first == .opened)
            if case .next(let response)? = events.dropFirst().first {
                #expect(response.errors == nil)
            } else {
                Issue.record("expected one event, got \(events)")
            }
            #expect(events.last.flatMap { if case .failed(let failure) = $0 { failure.name } else { nil } }
                    == "transport.connectionLost", "\(events)")
        }
    }

    /// A stream silent for longer than `idleTimeout` (the server holds its first event) times
    /// out: a failure worth retrying. It waits the timeout out on the real clock (1 s, given
    /// to URLSession as 2 s: `HTTPTransport.sessionTimeout`'s margin), on the stream's events.
    @Test func aStreamSilentPastItsIdleTimeoutIsTimedOut() async throws {
        try await withServer { server in
            let spec = try CompiledSpec.load()
            let request = spec.program.request(for: try spec.artifact("IssueUpdates"),
                                               variables: try spec.response("IssueUpdates", case: "event-1").variables)
            let transport = SSETransport(url: try server.url("/graphql?step=never"), idleTimeout: .seconds(1))
            var events: [SubscriptionEvent] = []
            for await event in transport.subscribe(request) { events.append(event) }
            #expect(events == [.opened, .failed(.timedOut(after: .seconds(1)))])
            #expect(ReconnectPolicy.isRetryable(.timedOut(after: .seconds(1))))
        }
    }

    @Test func aSubscriptionTheServerRejectsIsRequestErrorsAndAStatusIsHTTPStatus() async throws {
        try await withServer { server in
            let bad = GraphQLRequest(query: "subscription Bad { noSuchField }", operationName: "Bad")
            var events: [SubscriptionEvent] = []
            for await event in SSETransport(url: try server.url("/graphql")).subscribe(bad) { events.append(event) }
            guard events.count == 2, case .failed(.requestErrors(let errors)) = events[1] else {
                Issue.record("expected opened, requestErrors; got \(events)")
                return
            }
            #expect(errors.first?.message == "Cannot query field 'noSuchField' on type 'Subscription'.")
            var statuses: [SubscriptionEvent] = []
            for await event in SSETransport(url: try server.url("/status/503")).subscribe(bad) { statuses.append(event) }
            guard case .failed(.httpStatus(let code, _))? = statuses.last, statuses.count == 1 else {
                Issue.record("expected httpStatus, got \(statuses)")
                return
            }
            #expect(code == 503)
        }
    }

    /// A server that answers with plain JSON (here `/slow`, which never streams): its one
    /// response is one event, then the stream completes.
    @Test func aPlainJSONAnswerIsOneEventThenCompleted() async throws {
        try await withServer { server in
            let query = GraphQLRequest(query: "query Echo { __typename }", operationName: "Echo")
            var events: [SubscriptionEvent] = []
            for await event in SSETransport(url: try server.url("/slow?ms=0")).subscribe(query) { events.append(event) }
            #expect(events == [.opened, .next(GraphQLResponse(data: .object(["__typename": .string("Query")]))), .completed])
        }
    }
}
