import Foundation
import Testing
import Lattice
import LatticeTesting

/// Connections end to end over HTTP against the loopback server (`scripts/server.py`, the
/// fixture graph's real cursors): an issue's comments paged to the end, a posted comment
/// appended by `@appendEdge`, an optimistic comment the server refuses taken back, comments
/// deleted by `@deleteEdge` and `@deleteRecord`, and an optimistic deletion the server
/// refuses put back; under the three phase strategies. The documents are this test's, over spec/schema.graphql.
@MainActor @Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct PaginationOverHTTPTests {
    static let documents = """
    query Comments($id: ID!, $first: Int = 3, $after: String) {
      node(id: $id) { id ... on Issue {
        comments(first: $first, after: $after) @connection(key: "Comments_comments") {
          totalCount edges { cursor node { id body } } pageInfo { endCursor hasNextPage } } } }
    }
    query LastComments($id: ID!, $last: Int = 3, $before: String) {
      node(id: $id) { id ... on Issue {
        comments(last: $last, before: $before) @connection(key: "LastComments_comments") {
          totalCount edges { cursor node { id body } } pageInfo { startCursor hasPreviousPage } } } }
    }
    fragment IssueComments_issue on Issue @refetchable(queryName: "IssueCommentsPagination")
      @argumentDefinitions(count: {type: "Int", defaultValue: 2}, cursor: {type: "String"}) {
      comments(first: $count, after: $cursor) @connection(key: "IssueComments_comments") {
        totalCount edges { cursor node { id body } } pageInfo { endCursor hasNextPage } }
    }
    query IssueWithComments($id: ID!) { node(id: $id) { id ...IssueComments_issue } }
    mutation Comment($input: AddCommentInput!, $connections: [ID!]!) {
      addComment(input: $input) { commentEdge @appendEdge(connections: $connections) { cursor node { id body } } }
    }
    mutation DeleteCommentEdge($id: ID!, $connections: [ID!]!) {
      deleteIssueComment(input: {id: $id}) { deletedCommentId @deleteEdge(connections: $connections) }
    }
    mutation DeleteCommentRecord($id: ID!) {
      deleteIssueComment(input: {id: $id}) { deletedCommentId @deleteRecord }
    }
    """
    static let issueID = "SXNzdWU6MQ=="

    /// The comments' bodies as shown, and the total the server counts.
    static func shown(_ handle: OperationHandle) -> (bodies: [String], ids: [String], total: Int?) {
        guard case .ready(let data) = handle.phase, let issue: Lens = try? data.read("node"),
              let comments: Lens = try? issue.read("comments"),
              let edges: [Lens?] = try? comments.read("edges") else { return ([], [], nil) }
        let nodes = edges.map { edge -> Lens? in try? edge?.read("node") }
        return (nodes.map { (try? $0?.read("body") as String?) ?? "-" },
                nodes.map { (try? $0?.read("id") as String?) ?? "-" },
                try? comments.read("totalCount") as Int)
    }

    /// An environment over `server` with this test's documents.
    static func environment(_ server: LoopbackServer, _ strategy: PhaseStrategy) throws -> (Environment, Program) {
        let spec = try CompiledSpec.load()
        let program = try Program(schema: spec.program.schema,
                                  documents: [GraphQLSource(text: Self.documents, name: "Comments.graphql")])
        return (Environment(program: program, transport: HTTPTransport(url: try server.url("/graphql")),
                            configuration: .init(strategy: strategy, counting: true)), program)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aRefetchableFragmentWithArgumentsPagesOverHTTP(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let (environment, program) = try Self.environment(server, strategy)
        let handle = environment.attach(try #require(program["IssueWithComments"]), variables: ["id": .string(Self.issueID)])
        await handle.waitForFetch()
        guard case .ready(let data) = handle.phase, let issue: Lens = try data.read("node"),
              let fragment = try issue.fragment("IssueComments_issue") else {
            Issue.record("no data: \(handle.phase)")
            return
        }
        let pager = try environment.paginate(fragment: fragment)
        var pages = 1
        while pager.hasNext && pages < 50 {
            try await pager.loadNext(4)
            pages += 1
        }
        let comments: Lens = try fragment.read("comments")
        let edges: [Lens?] = try comments.read("edges")
        let total: Int = try comments.read("totalCount")
        #expect(pages > 1)
        #expect(edges.count == total)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func commentsPageBackwardFromTheEndToTheStart(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let (environment, program) = try Self.environment(server, strategy)
        let forward = environment.attach(try #require(program["Comments"]),
                                         variables: ["id": .string(Self.issueID), "first": .int(100)])
        await forward.waitForFetch()
        let backward = environment.attach(try #require(program["LastComments"]), variables: ["id": .string(Self.issueID)])
        await backward.waitForFetch()
        let pager = try environment.paginate(backward)
        #expect(Self.shown(backward).ids == Array(Self.shown(forward).ids.suffix(3)))
        var pages = 1
        while pager.hasPrevious && pages < 50 {
            try await pager.loadPrevious(2)
            pages += 1
        }
        #expect(pages > 1)
        #expect(Self.shown(backward).ids == Self.shown(forward).ids)
        #expect(environment.counters?.total.pagesDropped == 0)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func commentsPageToTheEndAndMutationsEditTheList(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let (environment, program) = try Self.environment(server, strategy)
        let handle = environment.attach(try #require(program["Comments"]), variables: ["id": .string(Self.issueID)])
        await handle.waitForFetch()
        #expect(Self.shown(handle).ids.count == 3)
        let pager = try environment.paginate(handle)
        var pages = 1
        while pager.hasNext && pages < 50 {
            try await pager.loadNext(3)
            pages += 1
        }
        let all = Self.shown(handle)
        #expect(pages > 1)
        #expect(all.ids.count == all.total)
        #expect(Set(all.ids).count == all.ids.count)
        #expect(environment.counters?.total.pagesDropped == 0)

        let connections: JSONValue = .array([.string(try #require(pager.connectionID).rawValue)])
        let comment = try #require(program["Comment"])
        _ = try await environment.mutate(comment, variables: [
            "input": .object(["subjectId": .string(Self.issueID), "body": "Posted over HTTP"]), "connections": connections,
        ])
        #expect(Self.shown(handle).bodies.last == "Posted over HTTP")
        #expect(Self.shown(handle).ids.count == all.ids.count + 1)

        // A blank comment: shown at once, then refused by the server (a field error nulls the
        // payload), and the optimistic edge goes with the layer.
        let pending = try environment.commitMutation(comment, variables: [
            "input": .object(["subjectId": .string(Self.issueID), "body": "   "]), "connections": connections,
        ], optimisticResponse: .object(["addComment": .object(["commentEdge": .object([
            "cursor": "optimistic", "node": .object(["id": "optimistic-comment", "body": "   "]),
        ])])]))
        #expect(Self.shown(handle).bodies.last == "   ")
        _ = try? await pending.answer()
        #expect(Self.shown(handle).bodies.last == "Posted over HTTP")
        #expect(Self.shown(handle).ids.count == all.ids.count + 1)
    }

    /// The id of the comment a `Comment` mutation posted, from its answer.
    static func posted(_ answer: Lens) throws -> String {
        let payload: Lens = try answer.read("addComment")
        let edge: Lens = try payload.read("commentEdge")
        let node: Lens = try edge.read("node")
        return try node.read("id")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func deletionsRemoveTheEdgeOrTheRecordAndARefusedOneIsPutBack(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let (environment, program) = try Self.environment(server, strategy)
        let handle = environment.attach(try #require(program["Comments"]),
                                        variables: ["id": .string(Self.issueID), "first": .int(100)])
        await handle.waitForFetch()
        let pager = try environment.paginate(handle)
        let connections: JSONValue = .array([.string(try #require(pager.connectionID).rawValue)])
        let before = Self.shown(handle)
        var posted: [String] = []
        for body in ["first to go", "second to go"] {
            let answer = try await environment.mutate(try #require(program["Comment"]), variables: [
                "input": .object(["subjectId": .string(Self.issueID), "body": .string(body)]), "connections": connections,
            ])
            posted.append(try Self.posted(answer))
        }
        #expect(Self.shown(handle).ids == before.ids + posted)

        // @deleteEdge: the edge leaves the list, the comment's record stays.
        _ = try await environment.mutate(try #require(program["DeleteCommentEdge"]),
                                         variables: ["id": .string(posted[0]), "connections": connections])
        #expect(Self.shown(handle).ids == before.ids + [posted[1]])
        #expect(environment.store.record(DataID(posted[0]))?.field(FieldKey("body"))?.value == .scalar("first to go"))

        // @deleteRecord: the record goes; the edge that held it shows no node until a refetch.
        _ = try await environment.mutate(try #require(program["DeleteCommentRecord"]), variables: ["id": .string(posted[1])])
        #expect(environment.store.record(DataID(posted[1]))?.fields.isEmpty ?? true)
        #expect(Self.shown(handle).ids == before.ids + ["-"])
        try await pager.refetch()
        #expect(Self.shown(handle).ids == before.ids)

        // Someone else's comment: removed at once by the optimistic response, put back when
        // the server refuses (FORBIDDEN nulls the payload).
        let others = try #require(before.ids.dropFirst().first)
        let list = BodyProbe { Self.shown(handle).ids }
        let pending = try environment.commitMutation(
            try #require(program["DeleteCommentEdge"]), variables: ["id": .string(others), "connections": connections],
            optimisticResponse: .object(["deleteIssueComment": .object(["deletedCommentId": .string(others)])]))
        #expect(list.flush())
        #expect(list.value == before.ids.filter { $0 != others })
        _ = try? await pending.answer()
        #expect(list.flush())
        #expect(list.value == before.ids)
    }
}
