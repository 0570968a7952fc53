import Foundation
import Lattice
import LatticeTesting
import Testing

/// The event log as an app uses it: made by the environment's configuration, told by bodies,
/// read as events and as a trace that a reader of the published format opens.
@MainActor @Suite struct EventLogTests {
    static let schema = """
        enum RequiredAction { NONE LOG THROW }
        directive @required(action: RequiredAction! = NONE) on FIELD
        type Query { viewer: User }
        type User { id: ID! login: String bio: String status: String }
        """
    static let documents = """
        query Profile { viewer { login bio } }
        query Status { viewer { status @required(action: LOG) } }
        """

    /// An environment over the two documents, with a log as `eventLog` says and `logger`.
    static func environment(eventLog: EventLog.Configuration? = EventLog.Configuration(),
                            logger: RuntimeLogger? = nil,
                            transport: FixtureTransport = FixtureTransport(responses: [])) throws -> Environment {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schema, name: "schema.graphql")])
        let program = try Program(schema: schema, documents: [GraphQLSource(text: documents, name: "Profile.graphql")])
        return Environment(program: program, transport: transport,
                           configuration: .init(clock: ManualScheduler(), logger: logger, eventLog: eventLog))
    }

    static func viewer(login: String, bio: String, status: JSONValue = .null) -> GraphQLResponse {
        GraphQLResponse(data: .object(["viewer": .object([
            "__typename": .string("User"), "id": .string("U1"), "login": .string(login), "bio": .string(bio),
            "status": status,
        ])]))
    }

    static func operation(_ name: String, in environment: Environment) throws -> Artifact {
        try #require(environment.program[name])
    }

    /// What a body that shows the viewer's `key` reads.
    static func read(_ key: String, _ handle: OperationHandle) -> String {
        let viewer: Lens? = try? handle.phase.lens?.read("viewer")
        let value: String?? = try? viewer?.read(key)
        return value.flatMap { $0 } ?? "-"
    }

    // MARK: Why a body re-ran

    @Test func aFieldChangedReRunsTheOneBodyThatReadItAndTheTraceDrawsTheCommitToIt() async throws {
        let environment = try Self.environment()
        let profile = try Self.operation("Profile", in: environment)
        try environment.commit(Self.viewer(login: "mona", bio: "Writes GraphQL"), for: profile)
        let handle = environment.attach(profile, policy: .storeOnly)
        let log = try #require(environment.eventLog)
        let login = BodyProbe("Login", log: log) { Self.read("login", handle) }
        let bio = BodyProbe("Bio", log: log) { Self.read("bio", handle) }
        log.removeAll()

        let changes = environment.commitUpdate { delta in
            delta.set(FieldState(value: .scalar(.string("octocat"))), for: FieldKey("login"), on: DataID("U1"))
        }
        login.flush()
        bio.flush()

        #expect((login.reruns, login.value, bio.reruns) == (1, "octocat", 0))
        let kinds = log.events.map(\.kind)
        #expect(kinds.contains(.notified(commit: changes.epoch, field: "login", record: nil)))
        #expect(kinds.contains(.bodyInvalidated(body: "Login", commit: changes.epoch, field: "login")))
        #expect(!kinds.contains { if case .bodyInvalidated(body: "Bio", _, _) = $0 { true } else { false } })

        let trace = try await TraceReader.read(log)
        let commit = "commit \(changes.epoch) local update"
        #expect(trace.slices.contains { $0.name == commit && $0.args["changedFields"] == .int(1) })
        #expect(trace.instants.contains { $0.name == "notify login" && $0.args["commit"] == .int(changes.epoch) })
        #expect(trace.flows.count == 1)
        let flow = try #require(trace.flows.first)
        #expect(flow.from.name == commit)
        #expect(flow.to.name == "body Login")
        #expect(flow.to.args["field"] == .string("login"))
        #expect(flow.to.args["commit"] == .int(changes.epoch))
        #expect(!trace.slices.contains { $0.name == "body Bio" })
    }

    @Test func aBodyReachedByACommitThatNotifiesNoFieldNamesTheCommit() throws {
        let environment = try Self.environment()
        let profile = try Self.operation("Profile", in: environment)
        try environment.commit(Self.viewer(login: "mona", bio: "Writes GraphQL"), for: profile)
        let handle = environment.attach(profile, policy: .storeOnly)
        let log = try #require(environment.eventLog)
        let availability = BodyProbe("Availability", log: log) { handle.availability }
        log.removeAll()

        // An invalidation changes no field: the commit notifies the record's invalidation alone.
        environment.invalidate(DataID("U1"))
        availability.flush()

        let commit = environment.store.epoch
        #expect(availability.reruns == 1)
        let kinds = log.events.map(\.kind)
        #expect(!kinds.contains { if case .notified = $0 { true } else { false } })
        #expect(kinds.contains(.bodyInvalidated(body: "Availability", commit: commit, field: nil)))
        #expect(kinds.contains { if case .bodyRan("Availability", _, commit, nil) = $0 { true } else { false } })
    }

    // MARK: Bounded

    @Test func pastItsCapacityTheLogKeepsTheNewestAndCountsWhatItDropped() throws {
        let capacity = 16
        let environment = try Self.environment(eventLog: .init(capacity: capacity))
        let log = try #require(environment.eventLog)
        for index in 0..<200 {
            environment.commitUpdate { delta in
                delta.set(FieldState(value: .scalar(.int(index))), for: FieldKey("count"), on: DataID("C1"))
            }
        }
        let events = log.events
        #expect(log.count == capacity)
        #expect(events.count == capacity)
        // 200 commits, and a notification of the field by each but the first (which made the
        // record: nobody had read it).
        let heard = 200 + 199
        #expect(log.droppedCount == heard - capacity)
        #expect(events.map(\.sequence) == Array((heard - capacity + 1)...heard))
        guard case .committed(let last)? = events.last?.kind else {
            Issue.record("the newest event is not the last commit: \(String(describing: events.last))")
            return
        }
        #expect(last.commit == environment.store.epoch)

        log.removeAll()
        #expect((log.count, log.droppedCount, log.events) == (0, 0, []))
    }

    @Test func offByDefaultThereIsNoLog() throws {
        let environment = try Self.environment(eventLog: nil)
        #expect(environment.eventLog == nil)
        #expect(Environment.Configuration().eventLog == nil)
    }

    // MARK: Value-free

    @Test func eventsNameFieldsButCarryNoValueAndRecordsOnlyWhenAsked() throws {
        for includesValues in [false, true] {
            let environment = try Self.environment(eventLog: .init(includesValues: includesValues))
            let profile = try Self.operation("Profile", in: environment)
            try environment.commit(Self.viewer(login: "mona", bio: "a-secret-bio"), for: profile)
            let handle = environment.attach(profile, policy: .storeOnly)
            let log = try #require(environment.eventLog)
            let bio = BodyProbe("Bio", log: log) { Self.read("bio", handle) }
            try environment.commit(Self.viewer(login: "mona", bio: "another-secret"), for: profile)
            bio.flush()

            let text = log.chromeTrace().jsonText
            #expect(!text.contains("secret"))
            #expect(text.contains("notify bio"))
            #expect(text.contains("\"U1\"") == includesValues)
            #expect(log.events.contains { $0.kind == .notified(commit: environment.store.epoch, field: "bio",
                                                                   record: includesValues ? DataID("U1") : nil) })
        }
    }

    // MARK: Requests, the logger

    @Test func aRequestIsLoggedSentAndAnsweredAndItsCommitByItsOperation() async throws {
        let transport = FixtureTransport(responses: [])
        transport.enqueue("Profile", .respond(Self.viewer(login: "mona", bio: "hi")))
        transport.enqueue("Profile", .fail(.httpStatus(code: 503, body: "a body the log leaves out")))
        let environment = try Self.environment(transport: transport)
        let profile = try Self.operation("Profile", in: environment)
        let handle = environment.attach(profile, policy: .networkOnly)
        await handle.waitForFetch()
        await handle.refetch().value

        let kinds = try #require(environment.eventLog).events.map(\.kind)
        #expect(kinds.contains(.requestSent(request: 1, operation: "Profile")))
        #expect(kinds.contains(.payloadAnswered(request: 1, operation: "Profile", payload: 1)))
        #expect(kinds.contains { if case .committed(let commit) = $0 { commit.source == .response(operation: "Profile") } else { false } })
        #expect(kinds.contains(.requestSent(request: 2, operation: "Profile")))
        #expect(kinds.contains(.requestFailed(request: 2, operation: "Profile", failure: "http.status")))
        let trace = try await TraceReader.read(try #require(environment.eventLog))
        #expect(trace.slices.contains { $0.name == "request 1 Profile" })
    }

    @Test func aRequiredLogMissGoesToTheLogAndStillToTheAppsLogger() throws {
        let recording = RecordingLogger()
        let environment = try Self.environment(logger: recording.logger)
        let status = try Self.operation("Status", in: environment)
        try environment.commit(Self.viewer(login: "mona", bio: "hi", status: .null), for: status)
        let handle = environment.attach(status, policy: .storeOnly)
        let viewer: Lens?? = try? handle.phase.lens?.read("viewer")

        #expect(viewer == .some(nil))
        let missed = RequiredFieldEvent(document: "Status", path: ["viewer", "status"])
        #expect(recording.requiredFieldEvents == [missed])
        let kinds = try #require(environment.eventLog).events.map(\.kind)
        #expect(kinds.contains(.logged(.requiredFieldMissing(missed))))
    }

    // MARK: The reader

    @Test func theReaderRefusesATraceTheFormatDoesNotAllow() async throws {
        let flowToNothing: JSONValue = .object(["traceEvents": .array([
            .object(["ph": .string("X"), "name": .string("commit"), "pid": .int(1), "tid": .int(1), "ts": .double(0),
                     "dur": .double(10)]),
            .object(["ph": .string("s"), "name": .string("rerun"), "cat": .string("c"), "id": .int(1), "pid": .int(1),
                     "tid": .int(1), "ts": .double(5)]),
            .object(["ph": .string("f"), "bp": .string("e"), "name": .string("rerun"), "cat": .string("c"),
                     "id": .int(1), "pid": .int(1), "tid": .int(2), "ts": .double(5)]),
        ])])
        let (status, output) = try await TraceReader.run(flowToNothing)
        #expect(status == 1)
        #expect(output.contains("flow f binds to no slice of its thread"))
    }
}

/// Runs the trace reader (scripts/lab/check_trace.py, a reader of the published Trace Event
/// Format) on a trace, and reads back what it read.
@MainActor
enum TraceReader {
    struct Slice {
        let name: String
        let args: [String: JSONValue]
    }

    struct Trace {
        let slices: [Slice]
        let instants: [Slice]
        let flows: [(from: Slice, to: Slice)]
    }

    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/lab/check_trace.py")

    /// `log`'s trace as the reader read it. - Throws: `Refused` with what the reader said.
    static func read(_ log: EventLog) async throws -> Trace {
        let (status, output) = try await run(log.chromeTrace())
        guard status == 0 else { throw Refused(description: "check_trace.py refused the trace: \(output)") }
        let summary = try JSONReader.value(from: Data(output.utf8))
        return Trace(slices: slices(summary["slices"]), instants: slices(summary["instants"]),
                     flows: summary["flows"].items.map { (slice($0["from"]), slice($0["to"])) })
    }

    /// The reader's exit status and what it printed, on `trace` written to a file. Run off
    /// the main actor, its output into a file, not a pipe: other tests' loopback servers,
    /// started meanwhile, inherit a pipe's end and keep it open, and a read to its end on the
    /// main actor would then wait for them while they wait for the main actor.
    static func run(_ trace: JSONValue) async throws -> (status: Int32, output: String) {
        let script = script
        return try await Task.detached {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("EventLogTests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("trace.json")
            let printedFile = folder.appendingPathComponent("printed.txt")
            try Data(trace.jsonText.utf8).write(to: file, options: .atomic)
            guard FileManager.default.createFile(atPath: printedFile.path, contents: nil),
                  let printed = FileHandle(forWritingAtPath: printedFile.path) else {
                throw Refused(description: "could not make \(printedFile.path)")
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try LoopbackServer.python())
            process.arguments = [script.path, file.path]
            process.standardOutput = printed
            process.standardError = printed
            try process.run()
            // Not `waitUntilExit`: Foundation's news of the exit waits behind the other tests'
            // loopback servers (the children were left unreaped, the run hung, under ASan).
            let status = ChildExitStatus.of(process)
            try printed.close()
            return (status, String(decoding: try Data(contentsOf: printedFile), as: UTF8.self))
        }.value
    }

    private static func slices(_ value: JSONValue?) -> [Slice] { value.items.map(slice) }

    private static func slice(_ value: JSONValue?) -> Slice {
        guard case .string(let name)? = value?["name"], case .object(let args)? = value?["args"] else {
            return Slice(name: "", args: [:])
        }
        return Slice(name: name, args: args)
    }
}

private extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }
}

private extension Optional<JSONValue> {
    subscript(key: String) -> JSONValue? { self?[key] }

    var items: [JSONValue] {
        if case .array(let items)? = self { items } else { [] }
    }
}
