import Foundation
import Lattice
import LatticeTesting
import Testing
import TypedAPILenses

/// A generated mutation from the app's side: its typed optimistic response shown at once, its
/// typed updater run on the answer with the answer's data typed (never on a failure or a
/// cancellation); over the fixture transport under the three phase strategies, and over the
/// loopback server.
@MainActor @Suite(.timeLimit(.minutes(10))) struct TypedMutationTests {
    /// The answer the server gives for the comment `C9`.
    static let answer = #"""
    {"addComment": {"__typename": "AddCommentPayload", "commentEdge": {"__typename": "IssueCommentEdge", "cursor": "k9",
      "node": {"__typename": "IssueComment", "id": "C9", "body": "Thanks!"}}}}
    """#

    /// The comment as the app expects the server to answer it.
    static let expected = AddIssueCommentMutation.OptimisticResponse(addComment: .init(commentEdge: .init(
        cursor: "optimistic", node: .init(id: "C-optimistic", body: "Thanks!"))))

    /// IssueDetail answered whole (comments 1 and 2 of 5), and its comments paged.
    func issue(_ strategy: PhaseStrategy) async throws
        -> (Environment, FixtureTransport, TypedPagination<IssueComments_issue>) {
        let (environment, transport) = try TypedAPIFixtures.environment(strategy)
        transport.enqueue("IssueDetail", .respond(try TypedAPIFixtures.issueDetail(comments: [1, 2], hasNext: true)))
        let handle = environment.attach(IssueDetailQuery.self, variables: .init(id: "I1"))
        await handle.handle.waitForFetch()
        let issue = try #require(handle.data?.node?.asIssue)
        return (environment, transport, try environment.paginate(issue.issueComments_issue))
    }

    /// The mutation's variables: a comment on `I1`, appended to `connection`.
    static func variables(_ connection: DataID) -> AddIssueCommentMutation.Variables {
        .init(input: .init(body: "Thanks!", subjectId: "I1"), connections: [connection])
    }

    /// What the list shows: each comment's id, and the total.
    static func shown(_ comments: TypedPagination<IssueComments_issue>) -> String {
        let edges = comments.data.comments.edges ?? []
        let ids = edges.map { $0?.node?.id.rawValue ?? "-" }
        return ids.joined(separator: ",") + " of \(String(comments.data.comments.totalCount))"
    }

    @Test(arguments: PhaseStrategy.allCases)
    func theOptimisticResponseShowsAtOnceAndTheUpdaterRunsOnTheAnswer(_ strategy: PhaseStrategy) async throws {
        let (environment, transport, comments) = try await issue(strategy)
        let connection = try #require(comments.handle.connectionID)
        let list = BodyProbe { Self.shown(comments) }
        #expect(list.value == "C1,C2 of 5")
        let gate = RequestBarrier()
        transport.enqueue("AddIssueComment", .respond(try TypedAPIFixtures.response(Self.answer)), after: gate)
        let calls = Calls()
        let mutation = Task {
            try await environment.mutate(AddIssueCommentMutation.self, variables: Self.variables(connection),
                                         optimisticResponse: Self.expected, updater: { delta, data in
                guard let id = data.addComment?.commentEdge?.node?.id else { return }
                calls.ids.append(id)
                delta.set(FieldState(value: .scalar(.int(6))), for: FieldKey("totalCount"), on: connection)
            })
        }
        await gate.arrival()
        #expect(list.flush())
        #expect(list.value == "C1,C2,C-optimistic of 5")
        #expect(calls.ids.isEmpty)
        gate.open()
        let data = try await mutation.value
        #expect(data.addComment?.commentEdge?.node?.body == "Thanks!")
        #expect(calls.ids == ["C9"])
        #expect(list.flush())
        #expect(list.value == "C1,C2,C9 of 6")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func theUpdaterDoesNotRunWhenTheMutationFails(_ strategy: PhaseStrategy) async throws {
        let (environment, transport, comments) = try await issue(strategy)
        let connection = try #require(comments.handle.connectionID)
        transport.enqueue("AddIssueComment", .fail(.httpStatus(code: 503, body: "down")))
        let calls = Calls()
        await #expect(throws: Failure.httpStatus(code: 503, body: "down")) {
            try await environment.mutate(AddIssueCommentMutation.self, variables: Self.variables(connection),
                                         optimisticResponse: Self.expected, updater: { _, _ in calls.count += 1 })
        }
        #expect(calls.count == 0)
        #expect(Self.shown(comments) == "C1,C2 of 5")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aMutationCancelledWhileOptimisticRevertsAndNeverUpdates(_ strategy: PhaseStrategy) async throws {
        let (environment, transport, comments) = try await issue(strategy)
        let connection = try #require(comments.handle.connectionID)
        let gate = RequestBarrier()
        transport.enqueue("AddIssueComment", .respond(try TypedAPIFixtures.response(Self.answer)), after: gate)
        let calls = Calls()
        let mutation = Task {
            try await environment.mutate(AddIssueCommentMutation.self, variables: Self.variables(connection),
                                         optimisticResponse: Self.expected, updater: { _, _ in calls.count += 1 })
        }
        await gate.arrival()
        #expect(Self.shown(comments) == "C1,C2,C-optimistic of 5")
        mutation.cancel()
        await #expect(throws: Failure.cancelled) { try await mutation.value }
        #expect(Self.shown(comments) == "C1,C2 of 5")
        gate.open()
        await Task.yield()
        #expect(calls.count == 0)
        #expect(Self.shown(comments) == "C1,C2 of 5")
    }

    @Test(.enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)),
          arguments: PhaseStrategy.allCases)
    func theUpdaterRunsOnTheServersAnswerOverHTTP(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let environment = try TypedAPIFixtures.environment(server, strategy)
        let handle = environment.attach(IssueDetailQuery.self, variables: .init(id: TypedAPIFixtures.serverIssue))
        await handle.handle.waitForFetch()
        let issue = try #require(handle.data?.node?.asIssue, "\(handle.handle.phase)")
        let comments = try environment.paginate(issue.issueComments_issue)
        let connection = try #require(comments.handle.connectionID)
        let before = comments.data.comments.edges?.count ?? 0
        let calls = Calls()
        let data = try await environment.mutate(
            AddIssueCommentMutation.self,
            variables: .init(input: .init(body: "Typed over HTTP", subjectId: TypedAPIFixtures.serverIssue),
                             connections: [connection]),
            updater: { _, data in
                if let body = data.addComment?.commentEdge?.node?.body { calls.bodies.append(body) }
            })
        #expect(calls.bodies == ["Typed over HTTP"])
        #expect(data.addComment?.commentEdge?.node?.body == "Typed over HTTP")
        #expect(comments.data.comments.edges?.count == before + 1)
    }
}

/// What an updater saw, kept on the main actor where it runs.
@MainActor private final class Calls {
    var ids: [DataID] = []
    var bodies: [String] = []
    var count = 0
}
