import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Lattice
import LatticeTesting

/// Client-only fields from the app's side, over HTTP against the loopback server
/// (`scripts/server.py`, which runs spec/schema.graphql and knows nothing of them): the field
/// is left out of the text the server receives, the answer without it is available, a local
/// update re-runs only the bodies that read it, a later server commit of the record keeps it,
/// and it reaches the image; under the three phase strategies.
@MainActor @Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct ClientFieldsOverHTTPTests {
    static let clientSchema = """
    extend type Issue { isSelected: Boolean, note: String, priority: ClientPriority }
    enum ClientPriority { LOW HIGH }
    """
    static let documents = """
    query SelectedIssue($id: ID!) { node(id: $id) { id ... on Issue { title closed isSelected note } } }
    fragment IssuePriority on Issue { priority }
    query IssueWithPriority($id: ID!) { node(id: $id) { id ...IssuePriority } }
    mutation CloseIssue($id: ID!) { closeIssue(input: {issueId: $id}) { issue { id closed title } } }
    """
    static let issueID = "SXNzdWU6MQ=="

    /// The program of this test's documents over spec's schema and the client schema above.
    static func program() throws -> Program {
        let spec = try CompiledSpec.load()
        let schema = try SchemaBuilder.build(sources: spec.program.schema.sources,
                                             clientSources: [GraphQLSource(text: clientSchema, name: "client.graphql")])
        return try Program(schema: schema, documents: [GraphQLSource(text: documents, name: "Selected.graphql")])
    }

    static func environment(_ server: LoopbackServer, _ program: Program, _ strategy: PhaseStrategy,
                            image: URL? = nil) throws -> Environment {
        Environment(program: program, transport: HTTPTransport(url: try server.url("/graphql")),
                    configuration: .init(strategy: strategy, image: image, eventLog: .init()))
    }

    /// The texts of the documents the server ran, in order.
    static func received(_ server: LoopbackServer) async throws -> [String] {
        let (data, _) = try await URLSession.shared.data(from: try server.url("/received"))
        let object = try JSONDecoder().decode([String: [String]].self, from: data)
        return object["queries"] ?? []
    }

    /// The issue's lens as `handle` shows it, if ready.
    static func issue(_ handle: OperationHandle) -> Lens? {
        guard case .ready(let data) = handle.phase else { return nil }
        return try? data.read("node")
    }

    static func issueRecord(_ handle: OperationHandle) throws -> DataID {
        try #require(issue(handle)).id
    }

    /// The issue's field `field` as `handle` shows it; nil for a null, or no issue shown.
    static func read<T: ScalarDecodable>(_ handle: OperationHandle, _ field: String) -> T? {
        guard let issue = issue(handle) else { return nil }
        let value: T?? = try? issue.read(field)
        return value ?? nil
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aClientFieldUpdateRerunsOnlyItsReadersAndSurvivesAServerCommit(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let program = try Self.program()
        let environment = try Self.environment(server, program, strategy)
        let handle = environment.attach(try #require(program["SelectedIssue"]), variables: ["id": .string(Self.issueID)])
        await handle.waitForFetch()
        // Sent without the client fields, and available without them in the answer.
        let sent = try await Self.received(server)
        #expect(sent.count == 1)
        #expect(sent.first?.contains("title") == true)
        #expect(sent.first?.contains("isSelected") == false)
        #expect(sent.first?.contains("note") == false)
        #expect(environment.check(try #require(program["SelectedIssue"]), variables: ["id": .string(Self.issueID)]) == .available)
        let issueID = try Self.issueRecord(handle)
        let unset: Bool? = try #require(Self.issue(handle)).read("isSelected")
        #expect(unset == nil)

        let titleReader = BodyProbe { Self.read(handle, "title") as String? }
        let selectionReader = BodyProbe { Self.read(handle, "isSelected") as Bool? }
        let closedReader = BodyProbe { Self.read(handle, "closed") as Bool? }
        #expect(selectionReader.value == nil)

        let commitsBefore = environment.eventLog?.events.count ?? 0
        try environment.commitLocalUpdate { update in
            try update.set("isSelected", of: issueID, to: .bool(true))
        }
        #expect(selectionReader.flush())
        #expect(selectionReader.value == true)
        #expect(!titleReader.flush())
        #expect(!closedReader.flush())
        #expect(titleReader.reruns == 0)
        // In a commit of its own, recorded as a local update.
        let commits = (environment.eventLog?.events.dropFirst(commitsBefore) ?? []).compactMap { event -> CommitEvent? in
            if case .committed(let commit) = event.kind { commit } else { nil }
        }
        #expect(commits.map(\.source) == [.localUpdate])
        #expect(commits.first?.changedFields == 1)
        // Writing the same value again changes nothing and re-runs nothing.
        try environment.commitLocalUpdate { update in try update.set("isSelected", of: issueID, to: .bool(true)) }
        #expect(!selectionReader.flush())

        // A server commit of the same record: the mutation's answer writes `closed` and `title`.
        _ = try await environment.mutate(try #require(program["CloseIssue"]), variables: ["id": .string(Self.issueID)])
        #expect(closedReader.flush())
        #expect(closedReader.value == true)
        #expect(!selectionReader.flush())
        #expect(Self.read(handle, "isSelected") as Bool? == true)
        // A refetch of the query itself leaves it too.
        _ = try await environment.fetch(try #require(program["SelectedIssue"]), variables: ["id": .string(Self.issueID)])
        #expect(Self.read(handle, "isSelected") as Bool? == true)
        #expect(!selectionReader.flush())
        #expect(try await Self.received(server).allSatisfy { !$0.contains("isSelected") })
    }

    @Test func aClientFieldInAFragmentIsLeftOutOfTheFragmentsTextAndReadThroughIt() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let program = try Self.program()
        let environment = try Self.environment(server, program, .shipped)
        let handle = environment.attach(try #require(program["IssueWithPriority"]), variables: ["id": .string(Self.issueID)])
        await handle.waitForFetch()
        let sent = try #require(try await Self.received(server).first)
        // The fragment's set, left empty by the client field, selects `__typename` instead.
        #expect(sent.contains("fragment IssuePriority on Issue {\n  __typename\n}"))
        #expect(!sent.contains("priority"))
        let issue = try #require(Self.issue(handle))
        let fragment = try #require(try issue.fragment("IssuePriority"))
        let unset: String? = try fragment.read("priority")
        #expect(unset == nil)
        try environment.commitLocalUpdate { try $0.set("priority", of: issue.id, to: .string("HIGH")) }
        let set: String? = try fragment.read("priority")
        #expect(set == "HIGH")
    }

    @Test func badLocalUpdatesAreRefusedWhereTheyAreAndCommitNothing() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let program = try Self.program()
        let environment = try Self.environment(server, program, .shipped)
        let handle = environment.attach(try #require(program["SelectedIssue"]), variables: ["id": .string(Self.issueID)])
        await handle.waitForFetch()
        let issueID = try Self.issueRecord(handle)
        let epoch = environment.store.epoch
        typealias Body = (inout LocalUpdate) throws(LocalUpdateError) -> Void
        let cases: [(Body, LocalUpdateError)] = [
            ({ update throws(LocalUpdateError) in try update.set("isSelected", of: DataID("nowhere"), to: .bool(true)) },
             .noRecord(DataID("nowhere"))),
            ({ update throws(LocalUpdateError) in try update.set("isPinned", of: issueID, to: .bool(true)) },
             .unknownField(record: issueID, type: "Issue", field: "isPinned")),
            ({ update throws(LocalUpdateError) in try update.set("title", of: issueID, to: .string("mine")) },
             .serverField(record: issueID, type: "Issue", field: "title")),
            ({ update throws(LocalUpdateError) in try update.set("isSelected", of: issueID, to: .string("yes")) },
             .valueDoesNotFit(record: issueID, field: "isSelected", expected: "Boolean", found: "a string")),
            ({ update throws(LocalUpdateError) in try update.set("priority", of: issueID, to: .string("URGENT")) },
             .valueDoesNotFit(record: issueID, field: "priority", expected: "ClientPriority", found: "a string")),
            // A good write before a bad one: the whole update is refused.
            ({ update throws(LocalUpdateError) in
                try update.set("note", of: issueID, to: .string("kept out"))
                try update.set("isSelected", of: issueID, to: .int(1))
            }, .valueDoesNotFit(record: issueID, field: "isSelected", expected: "Boolean", found: "an integer")),
        ]
        for (body, expected) in cases {
            #expect(throws: expected) { try environment.commitLocalUpdate(body) }
        }
        #expect(environment.store.epoch == epoch)
        #expect(Self.read(handle, "note") as String? == nil)
        #expect(Self.read(handle, "title") as String? != "mine")
    }

    /// Decided (docs/runtime-api.md): client fields reach the image, as every confirmed write
    /// does, so a selection made before a relaunch shows after it.
    @Test(arguments: PhaseStrategy.allCases)
    func aClientFieldIsInTheImageAfterARelaunch(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let program = try Self.program()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-client-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("store.sqlite")
        let query = try #require(program["SelectedIssue"])
        do {
            let first = try Self.environment(server, program, strategy, image: url)
            let handle = first.attach(query, variables: ["id": .string(Self.issueID)])
            await handle.waitForFetch()
            try first.commitLocalUpdate { try $0.set("isSelected", of: try Self.issueRecord(handle), to: .bool(true)) }
            await first.imageWritten()
            #expect(first.imageLog.isEmpty)
            // Released now, not when the last task holding the environment ends.
            await first.closeImage()
        }
        let second = try Self.environment(server, program, strategy, image: url)
        let handle = second.attach(query, variables: ["id": .string(Self.issueID)], policy: .storeOnly)
        #expect(second.imageLog.isEmpty)
        #expect(Self.read(handle, "isSelected") as Bool? == true)
        #expect(try await Self.received(server).count == 1)
    }
}
