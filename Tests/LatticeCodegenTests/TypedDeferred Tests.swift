import Foundation
import Lattice
import LatticeCodegen
import LatticeTesting
import Testing
import TypedAPILenses

/// A fragment under `@defer` as typed state on the generated lens, from the app's side:
/// pending, then arrived with its reference, or failed with the part's failure; a body that
/// reads the state re-runs when the part lands, one that does not read it does not. Over the
/// fixture transport's answers in parts under the three phase strategies, and over the
/// loopback server.
@MainActor @Suite(.timeLimit(.minutes(10))) struct TypedDeferredTests {
    static let initial = #"""
    {"data": {"node": {"__typename": "Issue", "id": "I1", "title": "Crash on launch",
      "author": {"__typename": "User", "id": "U1", "login": "octo"},
      "comments": {"totalCount": 0, "edges": [], "pageInfo": {"endCursor": null, "hasNextPage": false}}}},
     "pending": [{"id": "0", "path": ["node"], "label": "body"}, {"id": "1", "path": ["node", "author"], "label": "profile"}],
     "hasNext": true}
    """#
    static let body = #"""
    {"incremental": [{"id": "0", "data": {"body": "It crashes.", "createdAt": "2026-12-01T10:00:00Z"}}],
     "completed": [{"id": "0"}], "hasNext": true}
    """#
    static let profile = #"""
    {"incremental": [{"id": "1", "data": {"name": "Octo Cat"}}], "completed": [{"id": "1"}], "hasNext": false}
    """#

    /// What a view shows for the issue's body.
    static func shown(_ issue: IssueDetailQuery.Data.Node.AsIssue) -> String {
        switch issue.issueBody_issue {
        case .pending: "pending"
        case .arrived(let body): IssueBody_issue(body).body
        case .failed(let failure): "failed: \(failure.errors.map(\.message).joined())"
        }
    }

    /// IssueDetail attached under `strategy`, answered in parts: its initial payload landed.
    func answering(_ strategy: PhaseStrategy) async throws
        -> (QueryHandle<IssueDetailQuery>, IncrementalChannel, IssueDetailQuery.Data.Node.AsIssue) {
        let (environment, transport) = try TypedAPIFixtures.environment(strategy)
        transport.enqueueInParts("IssueDetail")
        let handle = environment.attach(IssueDetailQuery.self, variables: .init(id: DataID("I1")))
        let channel = await transport.incrementalChannel(for: "IssueDetail")
        channel.send(json: Self.initial)
        await waitUntil { handle.data != nil }
        let issue = try #require(handle.data?.node?.asIssue)
        return (handle, channel, issue)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aDeferredFragmentIsPendingThenArrivesAndOnlyItsReaderReruns(_ strategy: PhaseStrategy) async throws {
        let (handle, channel, issue) = try await answering(strategy)
        let body = BodyProbe { Self.shown(issue) }
        let title = BodyProbe { issue.title }
        #expect(body.value == "pending")
        #expect(title.value == "Crash on launch")
        channel.send(json: Self.body)
        await waitUntil { handle.handle.part("body") == .arrived }
        #expect(body.flush())
        #expect(body.value == "It crashes.")
        #expect(!title.flush())
        // The other part landing re-runs no body that read the first.
        channel.send(json: Self.profile)
        await handle.handle.waitForFetch()
        #expect(!title.flush())
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aDeferredInlineFragmentIsTypedStateToo(_ strategy: PhaseStrategy) async throws {
        let (handle, channel, issue) = try await answering(strategy)
        let author = try #require(issue.author)
        let name = BodyProbe { () -> String in
            guard let state = author.asUser else { return "not a user" }
            switch state {
            case .pending: return "pending"
            case .arrived(let user): return user.name ?? "no name"
            case .failed: return "failed"
            }
        }
        #expect(name.value == "pending")
        channel.send(json: Self.body)
        channel.send(json: Self.profile)
        await handle.handle.waitForFetch()
        #expect(name.flush())
        #expect(name.value == "Octo Cat")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aPartThatFailsReadsFailedWithItsErrors(_ strategy: PhaseStrategy) async throws {
        let (handle, channel, issue) = try await answering(strategy)
        let body = BodyProbe { Self.shown(issue) }
        channel.send(json: #"""
            {"completed": [{"id": "0", "errors": [{"message": "Body store down", "path": ["node"]}]}], "hasNext": true}
            """#)
        await waitUntil { handle.handle.part("body") != .pending }
        #expect(body.flush())
        #expect(body.value == "failed: Body store down")
        // What arrived stays: the title reads, and the other part still lands.
        #expect(issue.title == "Crash on launch")
        channel.send(json: Self.profile)
        await handle.handle.waitForFetch()
        #expect(handle.handle.part("profile") == .arrived)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aDroppedConnectionFailsThePartsStillPending(_ strategy: PhaseStrategy) async throws {
        let (handle, channel, issue) = try await answering(strategy)
        channel.drop()
        await handle.handle.waitForFetch()
        guard case .failed(let failure)? = issue.issueBody_issue as Deferred? else {
            Issue.record("\(Self.shown(issue))")
            return
        }
        #expect(failure.name == "transport.connectionLost")
    }

    /// A lens read outside a handle has no part to ask: its fields' presence decides, tracked,
    /// so a body re-runs when they land.
    @Test func outsideAHandleTheFieldsPresenceDecides() throws {
        let store = Store()
        let bound = BoundArtifact(IssueDetailQuery.artifact, variables: ["id": .string("I1")])
        let initial = try TypedAPIFixtures.response(#"""
            {"node": {"__typename": "Issue", "id": "I1", "title": "Crash on launch", "author": null,
              "comments": {"totalCount": 0, "edges": [], "pageInfo": {"endCursor": null, "hasNextPage": false}}}}
            """#)
        try store.commit(initial, for: bound)
        let data = IssueDetailQuery.Data(lens: Lens(bound, record: try #require(store.record(.root))))
        let issue = try #require(data.node?.asIssue)
        let body = BodyProbe { Self.shown(issue) }
        #expect(body.value == "pending")
        store.commit { delta in
            delta.set(FieldState(value: .scalar(.string("Written later"))), for: FieldKey("body"), on: DataID("I1"))
            delta.set(FieldState(value: .scalar(.string("2026-12-02"))), for: FieldKey("createdAt"), on: DataID("I1"))
        }
        #expect(body.flush())
        #expect(body.value == "Written later")
    }

    /// A schema type named `Deferred` gets another name, so the accessors' `Deferred` is
    /// Lattice's.
    @Test func aTypeNamedDeferredDoesNotHideLatticesDeferred() throws {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(
            text: "type Query { deferred: Deferred } type Deferred { id: ID! text: String }", name: "schema.graphql")])
        let program = try Program(schema: schema, documents: [GraphQLSource(text: #"""
            query Note { deferred { id ...Note_deferred @defer(label: "text") } }
            fragment Note_deferred on Deferred { text }
            """#, name: "Note.graphql")])
        let text = try SwiftGenerator.generate(program, isPublic: true).files.map(\.text).joined()
        #expect(text.contains("var note_deferred: Deferred<FragmentReference<Note_deferred>>"))
        #expect(!text.contains("struct Deferred:"))
    }

    @Test(.enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)),
          arguments: PhaseStrategy.allCases)
    func aDeferredFragmentLandsOverHTTP(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let environment = try TypedAPIFixtures.environment(server, strategy)
        let handle = environment.attach(IssueDetailQuery.self, variables: .init(id: TypedAPIFixtures.serverIssue))
        await handle.handle.waitForFetch()
        let issue = try #require(handle.data?.node?.asIssue, "\(handle.handle.phase)")
        guard case .arrived(let reference) = issue.issueBody_issue else {
            Issue.record("the body did not land: \(Self.shown(issue)), parts \(handle.handle.parts)")
            return
        }
        #expect(!IssueBody_issue(reference).body.isEmpty)
        #expect(handle.handle.part("body") == .arrived)
    }
}
