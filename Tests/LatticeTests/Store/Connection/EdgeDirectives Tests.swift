import Foundation
import Testing
import Lattice
import LatticeTesting

/// The edge directives on a mutation's fields, applied in the commit of its answer and of its
/// optimistic response: `@appendEdge`, `@prependEdge`, `@appendNode`, `@prependNode`,
/// `@deleteEdge`, `@deleteRecord`, over the list of `PaginationTests.document`.
@MainActor @Suite(.hangGuard) struct EdgeDirectivesTests {
    static let mutations = """
    mutation AddEdge($title: String!, $connections: [ID!]!) {
      addIssue(title: $title) { issueEdge @appendEdge(connections: $connections) { cursor node { id title } } }
    }
    mutation PrependEdge($title: String!, $connections: [ID!]!) {
      addIssue(title: $title) { issueEdge @prependEdge(connections: $connections) { cursor node { id title } } }
    }
    mutation AddNode($title: String!, $connections: [ID!]!) {
      addIssue(title: $title) { issue @appendNode(connections: $connections, edgeTypeName: "IssueEdge") { id title } }
    }
    mutation PrependNode($title: String!, $connections: [ID!]!) {
      addIssue(title: $title) { issue @prependNode(connections: $connections, edgeTypeName: "IssueEdge") { id title } }
    }
    mutation RemoveEdge($id: ID!, $connections: [ID!]!) {
      removeIssue(id: $id) { removedIssueId @deleteEdge(connections: $connections) }
    }
    mutation RemoveRecord($id: ID!) {
      removeIssue(id: $id) { removedIssueId @deleteRecord }
    }
    """

    /// The list loaded with issues 1 and 2, and the id of its connection.
    func loaded(_ strategy: PhaseStrategy) async throws
        -> (world: DocumentWorld, handle: OperationHandle, connection: DataID) {
        let world = try DocumentWorld(PaginationTests.document + "\n" + Self.mutations, strategy: strategy)
        world.transport.enqueue("IssueList", .respond(PaginationTests.page([1, 2])))
        let handle = world.environment.attach(try world.artifact("IssueList"))
        await handle.waitForFetch()
        let connection = try #require(try world.environment.paginate(handle).connectionID)
        return (world, handle, connection)
    }

    static func edgeAnswer(_ number: Int) -> JSONValue {
        .object(["addIssue": .object(["issueEdge": .object([
            "cursor": .string("c\(number)"), "node": .object(["id": .string("I\(number)"), "title": .string("Issue \(number)")]),
        ])])])
    }

    static func nodeAnswer(_ number: Int) -> JSONValue {
        .object(["addIssue": .object(["issue": .object(["id": .string("I\(number)"), "title": .string("Issue \(number)")])])])
    }

    func run(_ world: DocumentWorld, _ mutation: String, answer: JSONValue, variables: [String: JSONValue]) async throws {
        world.transport.enqueue(mutation, .respond(GraphQLResponse(data: answer)))
        _ = try await world.environment.mutate(try world.artifact(mutation), variables: variables)
    }

    @Test func theConnectionIDIsTheOneTheStoreKeeps() {
        #expect(DataID.connection(parent: DataID("R1"), key: "IssueList_issueConnection")
                == DataID("client:R1:__IssueList_issueConnection_connection"))
        #expect(DataID.connection(parent: .root, key: "K_f", filters: ["states": .array([.string("OPEN")])]).rawValue
                == "client:root:__K_f_connection(states:[\"OPEN\"])")
    }

    @Test func aConnectionNobodyHoldsIsLeftAloneAndTheAnswerStillCommits() async throws {
        let (world, handle, _) = try await loaded(.shipped)
        let nobody = DataID.connection(parent: DataID("R1"), key: "Nobody_issueConnection")
        for (mutation, answer) in [("AddEdge", Self.edgeAnswer(9)), ("AddNode", Self.nodeAnswer(8)),
                                   ("RemoveEdge", .object(["removeIssue": .object(["removedIssueId": "I1"])]))] {
            try await run(world, mutation, answer: answer, variables: ["title": "New", "id": "I1",
                                                                       "connections": .array([.string(nobody.rawValue)])])
        }
        #expect(world.environment.store.record(nobody) == nil)
        #expect(PaginationTests.titles(handle) == ["Issue 1", "Issue 2"])
        #expect(world.environment.store.record(DataID("I9"))?.field(FieldKey("title"))?.value == .scalar("Issue 9"))
    }

    @Test(arguments: PhaseStrategy.allCases)
    func appendAndPrependEdgeAndNodePutTheAnswerAtEitherEndOnce(_ strategy: PhaseStrategy) async throws {
        let (world, handle, connection) = try await loaded(strategy)
        let variables: [String: JSONValue] = ["title": "New", "connections": .array([.string(connection.rawValue)])]
        try await run(world, "AddEdge", answer: Self.edgeAnswer(9), variables: variables)
        #expect(PaginationTests.titles(handle) == ["Issue 1", "Issue 2", "Issue 9"])
        try await run(world, "PrependEdge", answer: Self.edgeAnswer(8), variables: variables)
        #expect(PaginationTests.titles(handle) == ["Issue 8", "Issue 1", "Issue 2", "Issue 9"])
        try await run(world, "AddNode", answer: Self.nodeAnswer(7), variables: variables)
        try await run(world, "PrependNode", answer: Self.nodeAnswer(6), variables: variables)
        #expect(PaginationTests.titles(handle) == ["Issue 6", "Issue 8", "Issue 1", "Issue 2", "Issue 9", "Issue 7"])
        // A node the list holds already keeps its one place.
        try await run(world, "AddNode", answer: Self.nodeAnswer(1), variables: variables)
        #expect(PaginationTests.titles(handle) == ["Issue 6", "Issue 8", "Issue 1", "Issue 2", "Issue 9", "Issue 7"])
    }

    @Test(arguments: PhaseStrategy.allCases)
    func deleteEdgeRemovesTheEdgeAndKeepsTheNodeDeleteRecordRemovesTheRecord(_ strategy: PhaseStrategy) async throws {
        let (world, handle, connection) = try await loaded(strategy)
        try await run(world, "RemoveEdge", answer: .object(["removeIssue": .object(["removedIssueId": "I1"])]),
                      variables: ["id": "I1", "connections": .array([.string(connection.rawValue)])])
        #expect(PaginationTests.titles(handle) == ["Issue 2"])
        #expect(world.environment.store.record(DataID("I1"))?.field(FieldKey("title"))?.value == .scalar("Issue 1"))
        try await run(world, "RemoveRecord", answer: .object(["removeIssue": .object(["removedIssueId": "I2"])]),
                      variables: ["id": "I2"])
        #expect(world.environment.store.record(DataID("I2"))?.fields.isEmpty == true)
        #expect(PaginationTests.titles(handle) == ["-"])
    }

    @Test(arguments: PhaseStrategy.allCases)
    func anOptimisticAppendShowsInTheCallsTurnAndARevertTakesItBack(_ strategy: PhaseStrategy) async throws {
        let (world, handle, connection) = try await loaded(strategy)
        let gate = RequestBarrier()
        world.transport.enqueue("AddEdge", .fail(.transport(.unreachable, underlying: "held")), after: gate)
        let list = BodyProbe { PaginationTests.titles(handle) }
        let pending = try world.environment.commitMutation(
            try world.artifact("AddEdge"), variables: ["title": "New", "connections": .array([.string(connection.rawValue)])],
            optimisticResponse: Self.edgeAnswer(9))
        #expect(list.flush())
        #expect(list.value == ["Issue 1", "Issue 2", "Issue 9"])
        gate.open()
        await #expect(throws: Failure.self) { _ = try await pending.answer() }
        #expect(list.flush())
        #expect(list.value == ["Issue 1", "Issue 2"])
        // The list pages on from where the server left it.
        world.transport.enqueue("IssueList", .respond(PaginationTests.page([3])))
        try await world.environment.paginate(handle).loadNext(1)
        #expect(PaginationTests.titles(handle) == ["Issue 1", "Issue 2", "Issue 3"])
    }

    @Test(arguments: [
        ("removeIssue(id: \"I1\") { title @deleteRecord }", "must be an ID"),
        ("addIssue(title: \"t\") { issueEdge @appendEdge(connections: []) { node { id } } }", "has cursor and node"),
        ("addIssue(title: \"t\") { issue @appendNode(connections: [], edgeTypeName: \"PageInfo\") { id } }", "edgeTypeName must name"),
        ("removeIssue(id: \"I1\") { removedIssueId @deleteRecord @deleteEdge(connections: []) }", "one edge directive"),
    ])
    func anEdgeDirectiveOnAFieldItCannotUseIsACompileErrorAtTheDirective(_ selection: String, _ reason: String) throws {
        do {
            _ = try TestDocuments.compile("mutation M { \(selection) }")
            Issue.record("compiled: \(selection)")
        } catch {
            let message = "\(error)"
            #expect(message.contains("test.graphql:1:"), "\(message)")
            #expect(message.contains(reason), "\(message)")
        }
    }

    @Test func theSentTextLeavesTheEdgeDirectivesAndTheirOwnVariablesOut() throws {
        let world = try DocumentWorld(PaginationTests.document + "\n" + Self.mutations, strategy: .shipped)
        for name in ["AddEdge", "PrependEdge", "AddNode", "PrependNode", "RemoveEdge", "RemoveRecord", "IssueList"] {
            let text = try world.artifact(name).requestText
            #expect(!text.contains("@"), "\(name): \(text)")
            // A variable only the edge directives use is not declared either: a server refuses
            // a variable nothing uses (graphql-js's NoUnusedVariables).
            #expect(!text.contains("$connections"), "\(name): \(text)")
        }
        #expect(try world.artifact("RemoveEdge").requestText.contains("$id: ID!"))
    }
}
