import Foundation
import Testing
import Lattice
import LatticeTesting

/// Pages a broken or hostile server sends (issue 36): one that says there is more with no
/// cursor to ask for it from, one that answers for another parent record than the list's.
/// Each is refused with an error at its path that the caller of `loadNext` sees, the list kept;
/// and `loadNext` tells its caller what it did with its page (merged, dropped, not sent).
@MainActor @Suite(.hangGuard) struct PaginationHostilePagesTests {
    /// `PaginationTests`' IssueList attached under `strategy`, its first page answered.
    func attached(_ strategy: PhaseStrategy) async throws
        -> (world: DocumentWorld, handle: OperationHandle, pager: PaginationHandle) {
        try await PaginationTests().attached(strategy)
    }

    /// `page`'s data with `edit` applied to its `repository` object.
    static func edited(_ page: GraphQLResponse, _ edit: (inout [String: JSONValue]) -> Void) throws -> GraphQLResponse {
        guard case .object(var data)? = page.data, case .object(var repository)? = data["repository"] else {
            throw ReadError.missing(record: .root, field: "repository")
        }
        edit(&repository)
        data["repository"] = .object(repository)
        return GraphQLResponse(data: .object(data))
    }

    /// A page of `numbers` whose `pageInfo` says there is a next page and has no `endCursor`.
    static func pageWithoutEndCursor(_ numbers: [Int]) throws -> GraphQLResponse {
        try edited(PaginationTests.page(numbers, hasNext: true)) { repository in
            guard case .object(var connection)? = repository["issueConnection"],
                  case .object(var info)? = connection["pageInfo"] else { return }
            info["endCursor"] = .null
            connection["pageInfo"] = .object(info)
            repository["issueConnection"] = .object(connection)
        }
    }

    /// The reason of an `undecodableResponse` failure, or the failure's description.
    static func reason(_ failure: Failure) -> String {
        if case .undecodableResponse(let reason, _) = failure { return reason }
        return failure.description
    }

    /// Before: the page merged, `endCursor` became null with `hasNextPage` true, `loadNext`
    /// then returned at once with nothing sent while `hasNext` stayed true: `while hasNext`
    /// spun. Now the page is refused at the cursor's path, and the list keeps its end.
    @Test(arguments: PhaseStrategy.allCases)
    func aPageSayingMoreWithoutACursorIsRefusedAtItsPath(_ strategy: PhaseStrategy) async throws {
        let (world, handle, pager) = try await attached(strategy)
        let before = world.environment.store.snapshot()
        world.transport.setDefault("IssueList", .respond(try Self.pageWithoutEndCursor([3])))
        // A caller's `while hasNext` loop ends, with the failure, on the first page.
        var loads = 0
        var failure: Failure?
        while pager.hasNext, loads < 3, failure == nil {
            loads += 1
            do { try await pager.loadNext(1) } catch { failure = error }
        }
        #expect(loads == 1)
        let refused = try #require(failure)
        #expect(refused.name == "response.undecodable")
        #expect(Self.reason(refused).contains(
            "repository.issueConnection.pageInfo.endCursor: null while hasNextPage is true"), "\(refused)")
        #expect(world.environment.store.snapshot() == before)
        #expect(PaginationTests.titles(handle) == ["Issue 1", "Issue 2"])
    }

    @Test func aFirstPageSayingMoreWithoutACursorIsRefusedByTheStore() throws {
        let world = try DocumentWorld(PaginationTests.document, strategy: .shipped)
        let bound = BoundArtifact(try world.artifact("IssueList"))
        #expect(throws: NormalizeError.pageWithoutCursor(path: "repository.issueConnection.pageInfo.endCursor",
                                                         flag: "hasNextPage")) {
            try world.environment.store.commit(try Self.pageWithoutEndCursor([1]), for: bound)
        }
        // No next page, no cursor: nothing to ask for, nothing wrong.
        try world.environment.store.commit(PaginationTests.page([], hasNext: false), for: bound)
    }

    /// Before: the page was staged for R2's list, which the store does not hold, and dropped
    /// (counted only), while the query's `repository` link moved to R2: the list read missing.
    /// Now the answer is refused at the connection's path, and the list is kept.
    @Test(arguments: PhaseStrategy.allCases)
    func aPageForAnotherParentRecordIsRefusedAndTheListKept(_ strategy: PhaseStrategy) async throws {
        let (world, handle, pager) = try await attached(strategy)
        let before = world.environment.store.snapshot()
        world.transport.enqueue("IssueList", .respond(try Self.edited(PaginationTests.page([3, 4])) { repository in
            repository["id"] = .string("R2")
        }))
        var failure: Failure?
        do { try await pager.loadNext(2) } catch { failure = error }
        let refused = try #require(failure)
        #expect(Self.reason(refused).contains(
            "repository.issueConnection: a page asked from cursor \"c2\" answers for a list the store does not hold"),
            "\(refused)")
        #expect(Self.reason(refused).contains("another parent record"))
        #expect(world.environment.store.snapshot() == before)
        #expect(PaginationTests.titles(handle) == ["Issue 1", "Issue 2"])
        #expect(pager.hasNext)
    }

    /// A `@refetchable` fragment's page asks `node(id: "R1")`; an answer for R2 is refused.
    @Test(arguments: PhaseStrategy.allCases)
    func aFragmentPageAnsweredByAnotherNodeIsRefused(_ strategy: PhaseStrategy) async throws {
        let world = try DocumentWorld(PaginationTests.fragmentDocument, strategy: strategy, counting: true)
        let (fragment, pager) = try await PaginationTests.fragmentPager(in: world)
        world.transport.enqueue("IssueListPagination", .respond(try PaginationTests.nodePage([3, 4], hasNext: true, id: "R2")))
        let before = world.environment.store.snapshot()
        var failure: Failure?
        do { try await pager.loadNext(2) } catch { failure = error }
        let refused = try #require(failure)
        #expect(Self.reason(refused).contains("node.issueConnection: a page asked from cursor \"c2\""), "\(refused)")
        #expect(world.environment.store.snapshot() == before)
        #expect(world.environment.counters?.total.pagesDropped == 0)
        #expect(PaginationTests.titles(fragment) == ["Issue 1", "Issue 2"])
    }

    /// Before: `loadNext` returned normally whatever became of its page; a page dropped as
    /// stale was told only by `counters.pagesDropped`. Now it answers `.merged`, `.notSent`
    /// or `.dropped` (`PaginationTests.aPageForAnEndNoLongerThereIsDroppedAndCounted`).
    @Test(arguments: PhaseStrategy.allCases)
    func loadNextTellsItsCallerWhatBecameOfItsPage(_ strategy: PhaseStrategy) async throws {
        let (world, handle, pager) = try await attached(strategy)
        let gate = RequestBarrier()
        world.transport.enqueue("IssueList", .respond(PaginationTests.page([3], hasNext: false)), after: gate)
        let first = Task { try await pager.loadNext(1) }
        await waitUntil { pager.isLoadingNext }
        // One on its way: a second load sends nothing.
        #expect(try await pager.loadNext(1) == .notSent)
        gate.open()
        #expect(try await first.value == .merged)
        #expect(PaginationTests.titles(handle) == ["Issue 1", "Issue 2", "Issue 3"])
        // No page after the end, none before the start.
        #expect(try await pager.loadNext(1) == .notSent)
        #expect(try await pager.loadPrevious(1) == .notSent)
        #expect(world.transport.requestCount(for: "IssueList") == 2)
    }
}
