import Foundation
import Lattice
import LatticeCodegen
import LatticeTesting
import Testing
import TypedAPILenses

/// Typed pagination from the app's side: a generated query's connection paged through its
/// `QueryHandle` and its `QueryModel`, a generated `@refetchable` fragment paged through its
/// reference, `data` typed as the generated type; over the fixture transport under the three
/// phase strategies, and over the loopback server.
@MainActor @Suite(.timeLimit(.minutes(10))) struct TypedPaginationTests {
    static let apple = IssueListQuery.Variables(owner: "apple", name: "swift")

    /// The titles the typed data shows.
    static func titles(_ data: IssueListQuery.Data) -> [String] {
        let edges = data.repository?.issues.edges
        return (edges ?? []).map { $0?.node?.title ?? "-" }
    }

    /// The comment bodies the typed fragment shows.
    static func bodies(_ fragment: IssueComments_issue) -> [String] {
        let edges = fragment.comments.edges
        return (edges ?? []).map { $0?.node?.body ?? "-" }
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aGeneratedQuerysConnectionPagesWithTypedData(_ strategy: PhaseStrategy) async throws {
        let (environment, transport) = try TypedAPIFixtures.environment(strategy)
        let handle = environment.attach(IssueListQuery.self, variables: Self.apple)
        await handle.handle.waitForFetch()
        let pages = try environment.paginate(handle)
        let list = BodyProbe { Self.titles(pages.data) }
        let flag = BodyProbe { pages.isLoadingNext }
        #expect(list.value == ["Issue 1", "Issue 2"])
        #expect(pages.hasNext)
        let gate = RequestBarrier()
        transport.enqueue("IssueList", .respond(try TypedAPIFixtures.issuePage([3, 4], hasNext: false)), after: gate)
        let load = Task { try await pages.loadNext(2) }
        await gate.arrival()
        #expect(pages.isLoadingNext)
        #expect(try await pages.loadNext(2) == .notSent)
        gate.open()
        #expect(try await load.value == .merged)
        #expect(flag.flush())
        #expect(flag.value == false)
        #expect(list.flush())
        #expect(list.value == ["Issue 1", "Issue 2", "Issue 3", "Issue 4"])
        #expect(transport.requests.last?.variables["after"] == .string("c2"))
        #expect(transport.requests.last?.variables["first"] == .int(2))
        #expect(!pages.hasNext)
        // At the end nothing more is sent.
        #expect(try await pages.loadNext(2) == .notSent)
        #expect(transport.requestCount(for: "IssueList") == 2)
        #expect(Self.titles(try #require(handle.data)) == list.value)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aQueryModelKeepsOnePaginationForItsLife(_ strategy: PhaseStrategy) async throws {
        let (environment, transport) = try TypedAPIFixtures.environment(strategy)
        let model = QueryModel(IssueListQuery.self, environment: environment, variables: Self.apple)
        let pages = try model.paginate()
        await model.handle.handle.waitForFetch()
        #expect(try model.paginate() == pages)
        #expect(Self.titles(pages.data) == ["Issue 1", "Issue 2"])
        transport.enqueue("IssueList", .respond(try TypedAPIFixtures.issuePage([3], hasNext: true)))
        try await model.paginate().loadNext(1)
        #expect(Self.titles(pages.data) == ["Issue 1", "Issue 2", "Issue 3"])
        #expect(Self.titles(try #require(model.data)) == ["Issue 1", "Issue 2", "Issue 3"])
        #expect(pages.hasNext)
    }

    /// IssueDetail attached and answered whole, and its comments fragment paged.
    func pagedFragment(_ strategy: PhaseStrategy) async throws
        -> (Environment, FixtureTransport, QueryHandle<IssueDetailQuery>, TypedPagination<IssueComments_issue>) {
        let (environment, transport) = try TypedAPIFixtures.environment(strategy)
        transport.enqueue("IssueDetail", .respond(try TypedAPIFixtures.issueDetail(comments: [1, 2], hasNext: true)))
        let handle = environment.attach(IssueDetailQuery.self, variables: .init(id: DataID("I1")))
        await handle.handle.waitForFetch()
        let issue = try #require(handle.data?.node?.asIssue, "\(handle.handle.phase)")
        return (environment, transport, handle, try environment.paginate(issue.issueComments_issue))
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aRefetchableFragmentPagesThroughItsReference(_ strategy: PhaseStrategy) async throws {
        let (_, transport, handle, pages) = try await pagedFragment(strategy)
        let list = BodyProbe { Self.bodies(pages.data) }
        #expect(list.value == ["Comment 1", "Comment 2"])
        transport.enqueue("IssueCommentsPagination", .respond(try TypedAPIFixtures.commentsPage([3, 4], hasNext: false)))
        #expect(try await pages.loadNext(2) == .merged)
        #expect(list.flush())
        #expect(list.value == ["Comment 1", "Comment 2", "Comment 3", "Comment 4"])
        let sent = try #require(transport.requests.last)
        #expect(sent.variables["id"] == .string("I1"))
        #expect(sent.variables["cursor"] == .string("k2"))
        #expect(!pages.hasNext)
        // The parent's own reference reads the same merged list.
        let issue = try #require(handle.data?.node?.asIssue)
        #expect(Self.bodies(IssueComments_issue(issue.issueComments_issue)) == list.value)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aPagedFragmentWhoseRecordWasDeletedSendsNothing(_ strategy: PhaseStrategy) async throws {
        let (environment, transport, _, pages) = try await pagedFragment(strategy)
        let flag = BodyProbe { pages.hasNext }
        #expect(flag.value)
        environment.commitUpdate { $0.delete(DataID("I1")) }
        #expect(flag.flush())
        #expect(flag.value == false)
        #expect(try await pages.loadNext(2) == .notSent)
        #expect(transport.requestCount(for: "IssueCommentsPagination") == 0)
        // The record is gone: a read gives its stand-in, never stops the app (decision record 0010).
        #expect(pages.data.comments.totalCount == 0)
    }

    /// The generator conforms only `@refetchable` fragments, so `paginate` of another does not
    /// compile: the conformance is what the type system checks.
    @Test func onlyRefetchableFragmentsAreGeneratedPageable() throws {
        let output = try SwiftGenerator.generate(try TypedAPIFixtures.compiled().program, isPublic: true,
                                                 programName: "TypedAPIProgram")
        let text = { (name: String) in output.files.first { $0.name == name }?.text ?? "" }
        #expect(text("IssueComments_issue.graphql.swift").contains("struct IssueComments_issue: TypedRefetchableFragment"))
        #expect(text("IssueBody_issue.graphql.swift").contains("struct IssueBody_issue: TypedFragment"))
        #expect(IssueComments_issue.self as Any.Type is any TypedRefetchableFragment.Type)
        #expect(!(IssueBody_issue.self as Any.Type is any TypedRefetchableFragment.Type))
    }

    @Test(.enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)),
          arguments: PhaseStrategy.allCases)
    func aRefetchableFragmentPagesToTheEndOverHTTP(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let environment = try TypedAPIFixtures.environment(server, strategy)
        let handle = environment.attach(IssueDetailQuery.self, variables: .init(id: TypedAPIFixtures.serverIssue))
        await handle.handle.waitForFetch()
        let issue = try #require(handle.data?.node?.asIssue, "\(handle.handle.phase)")
        let pages = try environment.paginate(issue.issueComments_issue)
        var loads = 0
        while pages.hasNext && loads < 50 {
            try await pages.loadNext(4)
            loads += 1
        }
        let total = pages.data.comments.totalCount
        #expect(loads > 0)
        #expect(pages.data.comments.edges?.count == total)
        let ids = (pages.data.comments.edges ?? []).map { $0?.node?.id }
        #expect(Set(ids).count == total)
    }
}
