import Foundation
import Testing
import Lattice
import LatticeTesting

/// `@connection` and `PaginationHandle`: pages merge into one list per key and filters,
/// deduplicated by node; `hasNext` follows the last page; a refetch replaces the list; a page
/// answering a cursor that is no longer the end is dropped and counted; a page re-runs the
/// list's body once and no row already shown. Answers are built here, one per request.
@MainActor @Suite(.hangGuard) struct PaginationTests {
    static let document = """
    query IssueList($first: Int = 2, $after: String, $last: Int, $before: String, $states: [IssueState!]) {
      repository(owner: "apple", name: "swift") {
        id
        issueConnection(first: $first, after: $after, last: $last, before: $before, states: $states)
          @connection(key: "IssueList_issueConnection") {
          totalCount
          edges { cursor node { id title } }
          pageInfo { endCursor hasNextPage startCursor hasPreviousPage }
        }
      }
    }
    """

    /// The answer of a page of the issues `numbers`, each with cursor `c<n>` and id `I<n>`.
    static func page(_ numbers: [Int], hasNext: Bool = true, hasPrevious: Bool = false,
                     title: (Int) -> String = { "Issue \($0)" }) -> GraphQLResponse {
        let edges: [JSONValue] = numbers.map { number in
            .object(["cursor": .string("c\(number)"),
                     "node": .object(["id": .string("I\(number)"), "title": .string(title(number))])])
        }
        let info: JSONValue = .object([
            "endCursor": numbers.last.map { .string("c\($0)") } ?? .null, "hasNextPage": .bool(hasNext),
            "startCursor": numbers.first.map { .string("c\($0)") } ?? .null, "hasPreviousPage": .bool(hasPrevious),
        ])
        return GraphQLResponse(data: .object(["repository": .object([
            "id": .string("R1"),
            "issueConnection": .object(["totalCount": .int(100), "edges": .array(edges), "pageInfo": info]),
        ])]))
    }

    /// The list as shown: the titles of the connection's nodes, read through the lens.
    static func titles(_ handle: OperationHandle) -> [String] {
        guard case .ready(let data) = handle.phase else { return [] }
        return titles(root: data)
    }

    /// The list as `data`, the query's root lens, reads it.
    static func titles(root data: Lens) -> [String] {
        guard let repository: Lens = try? data.read("repository") else { return [] }
        return titles(repository)
    }

    /// IssueList attached under `strategy`, its first page (`first`) answered, and its pager.
    func attached(_ strategy: PhaseStrategy, first: [Int] = [1, 2], variables: [String: JSONValue] = [:])
        async throws -> (world: DocumentWorld, handle: OperationHandle, pager: PaginationHandle) {
        let world = try DocumentWorld(Self.document, strategy: strategy, counting: true)
        world.transport.enqueue("IssueList", .respond(Self.page(first)))
        let handle = world.environment.attach(try world.artifact("IssueList"), variables: variables)
        await handle.waitForFetch()
        return (world, handle, try world.environment.paginate(handle))
    }

    @Test(arguments: PhaseStrategy.allCases)
    func pagesMergeInOrderAndDeduplicateByNode(_ strategy: PhaseStrategy) async throws {
        let (world, handle, pager) = try await attached(strategy)
        #expect(Self.titles(handle) == ["Issue 1", "Issue 2"])
        // The second page repeats issue 2 (the list moved on the server): it keeps its place.
        world.transport.enqueue("IssueList", .respond(Self.page([2, 3, 4], title: { "Issue \($0)'" })))
        try await pager.loadNext(3)
        #expect(Self.titles(handle) == ["Issue 1", "Issue 2'", "Issue 3'", "Issue 4'"])
        let sent = world.transport.requests.last?.variables
        #expect(sent?["after"] == .string("c2"))
        #expect(sent?["first"] == .int(3))
        #expect(pager.hasNext)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func hasNextTurnsFalseAtTheEndAndLoadNextThenSendsNothing(_ strategy: PhaseStrategy) async throws {
        let (world, handle, pager) = try await attached(strategy)
        let flag = BodyProbe { pager.hasNext }
        world.transport.enqueue("IssueList", .respond(Self.page([3], hasNext: false)))
        try await pager.loadNext(2)
        #expect(flag.flush())
        #expect(flag.value == false)
        #expect(Self.titles(handle) == ["Issue 1", "Issue 2", "Issue 3"])
        let requests = world.transport.requestCount(for: "IssueList")
        try await pager.loadNext(2)
        #expect(world.transport.requestCount(for: "IssueList") == requests)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func loadingFlagsAreTrackedAndSetWhileAPageIsInFlight(_ strategy: PhaseStrategy) async throws {
        let (world, _, pager) = try await attached(strategy)
        let gate = RequestBarrier()
        world.transport.enqueue("IssueList", .respond(Self.page([3])), after: gate)
        let loading = BodyProbe { pager.isLoadingNext }
        let task = Task { try await pager.loadNext(1) }
        await waitUntil { pager.isLoadingNext }
        #expect(loading.flush())
        #expect(loading.value)
        gate.open()
        #expect(try await task.value == .merged)
        #expect(loading.flush())
        #expect(loading.value == false)
        #expect(pager.isLoadingPrevious == false)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aRefetchReplacesTheList(_ strategy: PhaseStrategy) async throws {
        let (world, handle, pager) = try await attached(strategy)
        world.transport.enqueue("IssueList", .respond(Self.page([3, 4])))
        try await pager.loadNext(2)
        world.transport.enqueue("IssueList", .respond(Self.page([9, 8])))
        try await pager.refetch()
        #expect(Self.titles(handle) == ["Issue 9", "Issue 8"])
        #expect(world.transport.requests.last?.variables["after"] == nil)
        // The list's end is the refetch's: the next page goes after it.
        world.transport.enqueue("IssueList", .respond(Self.page([7])))
        try await pager.loadNext(1)
        #expect(world.transport.requests.last?.variables["after"] == .string("c8"))
        #expect(Self.titles(handle) == ["Issue 9", "Issue 8", "Issue 7"])
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aRefetchThatChangesTheFiltersPagesTheNewListAndShowsItInData(_ strategy: PhaseStrategy) async throws {
        let (world, handle, pager) = try await attached(strategy)
        let old = try #require(pager.connectionID)
        let list = BodyProbe { Self.titles(root: pager.data) }
        let more = BodyProbe { pager.hasNext }
        #expect(list.value == ["Issue 1", "Issue 2"])
        world.transport.enqueue("IssueList", .respond(Self.page([7, 8])))
        try await pager.refetch(["states": .array([.string("CLOSED")])])
        #expect(world.transport.requests.last?.variables["states"] == .array([.string("CLOSED")]))
        // Another connection record (other filters); the attached handle keeps its own list.
        #expect(pager.connectionID != old)
        #expect(list.flush())
        #expect(list.value == ["Issue 7", "Issue 8"])
        #expect(Self.titles(handle) == ["Issue 1", "Issue 2"])
        // Pages go on under the new filters, after the new list's end.
        world.transport.enqueue("IssueList", .respond(Self.page([9], hasNext: false)))
        try await pager.loadNext(1)
        let sent = world.transport.requests.last?.variables
        #expect(sent?["states"] == .array([.string("CLOSED")]))
        #expect(sent?["after"] == .string("c8"))
        #expect(Self.titles(root: pager.data) == ["Issue 7", "Issue 8", "Issue 9"])
        #expect(Self.titles(handle) == ["Issue 1", "Issue 2"])
        // The pager retains the list it moved to: a collection keeps both lists.
        _ = world.environment.collectGarbage()
        #expect(Self.titles(root: pager.data) == ["Issue 7", "Issue 8", "Issue 9"])
        #expect(Self.titles(handle) == ["Issue 1", "Issue 2"])
        #expect(more.flush())
        #expect(more.value == false)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aFailedRefetchKeepsTheListAndTheVariables(_ strategy: PhaseStrategy) async throws {
        let (world, _, pager) = try await attached(strategy)
        let list = BodyProbe { Self.titles(root: pager.data) }
        world.transport.enqueue("IssueList", .fail(.transport(.unreachable, underlying: "down")))
        await #expect(throws: Failure.self) { try await pager.refetch(["states": .array([.string("CLOSED")])]) }
        #expect(!list.flush())
        #expect(list.value == ["Issue 1", "Issue 2"])
        world.transport.enqueue("IssueList", .respond(Self.page([3])))
        try await pager.loadNext(1)
        #expect(world.transport.requests.last?.variables["states"] == nil)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aPageForAnEndNoLongerThereIsDroppedAndCounted(_ strategy: PhaseStrategy) async throws {
        let (world, handle, pager) = try await attached(strategy)
        let gate = RequestBarrier()
        world.transport.enqueue("IssueList", .respond(Self.page([3, 4])), after: gate)
        let late = Task { try await pager.loadNext(2) }
        await waitUntil { pager.isLoadingNext }
        world.transport.enqueue("IssueList", .respond(Self.page([9, 8])))
        try await pager.refetch()
        gate.open()
        #expect(try await late.value == .dropped)
        #expect(Self.titles(handle) == ["Issue 9", "Issue 8"])
        #expect(world.environment.counters?.total.pagesDropped == 1)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func loadPreviousPutsThePageBeforeTheStart(_ strategy: PhaseStrategy) async throws {
        let world = try DocumentWorld(Self.document, strategy: strategy)
        world.transport.enqueue("IssueList", .respond(Self.page([5, 6], hasNext: false, hasPrevious: true)))
        let handle = world.environment.attach(try world.artifact("IssueList"),
                                              variables: ["first": .null, "last": .int(2)])
        await handle.waitForFetch()
        let pager = try world.environment.paginate(handle)
        #expect(pager.hasPrevious)
        world.transport.enqueue("IssueList", .respond(Self.page([3, 4, 5], hasNext: true, hasPrevious: false)))
        try await pager.loadPrevious(3)
        #expect(world.transport.requests.last?.variables["before"] == .string("c5"))
        #expect(Self.titles(handle) == ["Issue 3", "Issue 4", "Issue 5", "Issue 6"])
        #expect(pager.hasPrevious == false)
        // A page before the start moves only the start: the end is the first page's.
        #expect(pager.hasNext == false)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aPageReRunsTheListBodyOnceAndNoRowAlreadyShown(_ strategy: PhaseStrategy) async throws {
        let (world, handle, pager) = try await attached(strategy)
        let list = BodyProbe { Self.titles(handle).count }
        func rows() -> [BodyProbe<String>] {
            guard case .ready(let data) = handle.phase, let repository: Lens = try? data.read("repository"),
                  let connection: Lens = try? repository.read("issueConnection"),
                  let edges: [Lens?] = try? connection.read("edges") else { return [] }
            return edges.map { edge in
                BodyProbe { ((try? edge?.read("node") as Lens?)?.flatMap { try? $0.read("title") as String? }) ?? "-" }
            }
        }
        let shown = rows()
        world.transport.enqueue("IssueList", .respond(Self.page([3, 4])))
        try await pager.loadNext(2)
        #expect(list.flush())
        #expect(list.value == 4)
        #expect(shown.filter { $0.flush() }.isEmpty)
        #expect(shown.map(\.value) == ["Issue 1", "Issue 2"])
        // A lazy list reads the count and the rows it has not shown.
        guard case .ready(let data) = handle.phase, let repository: Lens = try data.read("repository"),
              let connection: Lens = try repository.read("issueConnection") else { throw ReadError.missing(record: .root, field: "repository") }
        let (count, new) = try connection.read("edges", from: 2)
        #expect(count == 4)
        #expect(try new.map { try $0?.read("node").flatMap { (node: Lens) in try node.read("title") as String? } } == ["Issue 3", "Issue 4"])
        #expect(try connection.read("edges", from: 9).items.isEmpty)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aPageLandingUnderAnOptimisticLayerMergesIntoTheBase(_ strategy: PhaseStrategy) async throws {
        let (world, handle, pager) = try await attached(strategy)
        var delta = RecordSourceDelta()
        delta.set(FieldState(value: .scalar(.string("Retitled"))), for: FieldKey("title"), on: DataID("I1"))
        let layer = world.environment.store.applyOptimistic(delta).layer
        world.transport.enqueue("IssueList", .respond(Self.page([3])))
        try await pager.loadNext(1)
        #expect(Self.titles(handle) == ["Retitled", "Issue 2", "Issue 3"])
        world.environment.store.removeOptimistic(layer)
        #expect(Self.titles(handle) == ["Issue 1", "Issue 2", "Issue 3"])
    }

    // MARK: A @refetchable fragment

    static let fragmentDocument = """
    fragment IssueList_repository on Repository @refetchable(queryName: "IssueListPagination") {
      issueConnection(first: $count, after: $cursor) @connection(key: "IssueList_issueConnection") {
        edges { cursor node { id title } } pageInfo { endCursor hasNextPage }
      }
    }
    query RepositoryScreen($count: Int = 2, $cursor: String) {
      repository(owner: "apple", name: "swift") { id ...IssueList_repository }
    }
    """

    /// The titles the fragment's lens shows.
    static func titles(_ fragment: Lens) -> [String] {
        guard let connection: Lens = try? fragment.read("issueConnection"),
              let edges: [Lens?] = try? connection.read("edges") else { return [] }
        return edges.map { edge in ((try? edge?.read("node") as Lens?)?.flatMap { try? $0.read("title") as String? }) ?? "-" }
    }

    /// RepositoryScreen attached in `world` (made of `fragmentDocument`), its first page
    /// answered, and the pager of its fragment.
    static func fragmentPager(in world: DocumentWorld) async throws -> (fragment: Lens, pager: PaginationHandle) {
        world.transport.enqueue("RepositoryScreen", .respond(Self.page([1, 2])))
        let screen = world.environment.attach(try world.artifact("RepositoryScreen"))
        await screen.waitForFetch()
        guard case .ready(let data) = screen.phase, let repository: Lens = try data.read("repository"),
              let fragment = try repository.fragment("IssueList_repository") else {
            throw ReadError.missing(record: .root, field: "repository")
        }
        return (fragment, try world.environment.paginate(fragment: fragment))
    }

    /// The derived query's answer of a page: `page`'s repository as `node`, of record `id`.
    static func nodePage(_ numbers: [Int], hasNext: Bool, id: String = "R1") throws -> GraphQLResponse {
        guard case .object(var answer)? = Self.page(numbers, hasNext: hasNext).data,
              case .object(var node)? = answer.removeValue(forKey: "repository") else { throw ReadError.missing(record: .root, field: "page") }
        node["__typename"] = "Repository"
        node["id"] = .string(id)
        return GraphQLResponse(data: .object(["node": .object(node)]))
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aRefetchableFragmentPagesWithItsDerivedQuery(_ strategy: PhaseStrategy) async throws {
        let world = try DocumentWorld(Self.fragmentDocument, strategy: strategy)
        let derived = try world.artifact("IssueListPagination")
        #expect(derived.requestText.contains("query IssueListPagination($count: Int, $cursor: String, $id: ID!)"))
        #expect(derived.requestText.contains("node(id: $id)"))
        let (fragment, pager) = try await Self.fragmentPager(in: world)
        #expect(Self.titles(fragment) == ["Issue 1", "Issue 2"])
        world.transport.enqueue("IssueListPagination", .respond(try Self.nodePage([3, 4], hasNext: false)))
        try await pager.loadNext(2)
        let sent = world.transport.requests.last
        #expect(sent?.operationName == "IssueListPagination")
        #expect(sent?.variables == ["count": .int(2), "cursor": .string("c2"), "id": .string("R1")])
        #expect(Self.titles(fragment) == ["Issue 1", "Issue 2", "Issue 3", "Issue 4"])
        #expect(pager.hasNext == false)
    }

    @Test func refetchableOnAFragmentNoQueryCanFetchAgainIsACompileError() throws {
        do {
            _ = try TestDocuments.compile("fragment S on Status @refetchable(queryName: \"Q\") { message }")
            Issue.record("compiled")
        } catch {
            #expect("\(error)".contains("@refetchable on S: the fragment must be on Query, or on a type with an id"))
        }
        let onQuery = try TestDocuments.compile("fragment V on Query @refetchable(queryName: \"VQ\") { viewer { login } }")
        #expect(onQuery["VQ"]?.requestText.contains("...V") == true)
        #expect(onQuery["VQ"]?.requestText.contains("node") == false)
    }

    // MARK: Bad input

    @Test func aPageWithoutPageInfoOrAnEdgeWithoutACursorIsRefusedWithItsPathAndTheStoreKept() async throws {
        let (world, _, pager) = try await attached(.shipped)
        let before = world.environment.store.snapshot()
        guard case .object(var data)? = Self.page([3]).data, case .object(var repository)? = data["repository"],
              case .object(var connection)? = repository["issueConnection"] else { throw ReadError.missing(record: .root, field: "page") }
        connection["pageInfo"] = .null
        repository["issueConnection"] = .object(connection)
        data["repository"] = .object(repository)
        world.transport.enqueue("IssueList", .respond(GraphQLResponse(data: .object(data))))
        await #expect(throws: Failure.self) { try await pager.loadNext(1) }
        #expect(world.environment.store.snapshot() == before)

        let artifact = try world.artifact("IssueList")
        var noCursor = Self.page([3])
        if case .object(var data)? = noCursor.data, case .object(var repository)? = data["repository"],
           case .object(var connection)? = repository["issueConnection"], case .array(var edges)? = connection["edges"],
           case .object(var edge)? = edges.first {
            edge["cursor"] = .null
            edges[0] = .object(edge)
            connection["edges"] = .array(edges)
            repository["issueConnection"] = .object(connection)
            data["repository"] = .object(repository)
            noCursor = GraphQLResponse(data: .object(data))
        }
        #expect(throws: NormalizeError.edgeWithoutCursor(path: "repository.issueConnection.edges.0")) {
            try world.environment.store.commit(noCursor, for: BoundArtifact(artifact))
        }
        #expect(world.environment.store.snapshot() == before)
    }

    @Test func paginateRefusesAQueryWithoutAConnectionOrWithConstantCursors() throws {
        let world = try DocumentWorld("""
            query Plain { viewer { login } }
            query Fixed { repository(owner: "a", name: "b") { id
              issueConnection(first: 2) @connection(key: "Fixed_issueConnection") {
                edges { cursor node { id } } pageInfo { endCursor hasNextPage } } } }
            """, strategy: .shipped)
        for name in ["Plain", "Fixed"] {
            let handle = world.environment.attach(try world.artifact(name), policy: .storeOnly)
            #expect(throws: PaginationHandle.Unpageable.self) { try world.environment.paginate(handle) }
        }
    }

    @Test(arguments: [
        ("issueConnection(first: 2) @connection(key: \"issues\") { edges { cursor node { id } } pageInfo { endCursor hasNextPage } }",
         "must end with _issueConnection"),
        ("issueConnection(states: [OPEN]) @connection(key: \"L_issueConnection\") { edges { cursor node { id } } pageInfo { endCursor hasNextPage } }",
         "needs a first or a last argument"),
        ("issueConnection(first: 2) @connection(key: \"L_issueConnection\") { edges { node { id } } pageInfo { endCursor hasNextPage } }",
         "edges { cursor node"),
        ("issueConnection(first: 2) @connection(key: \"L_issueConnection\") { edges { cursor node { id } } pageInfo { endCursor } }",
         "hasNextPage is missing"),
        ("issueConnection(first: 2) @connection(key: \"L_issueConnection\", filters: [\"after\"]) { edges { cursor node { id } } pageInfo { endCursor hasNextPage } }",
         "filters names \"after\""),
        ("issues(first: 2) @connection(key: \"L_issues\") { id }", "a single object"),
    ])
    func aConnectionThatCannotMergeIsACompileErrorAtTheDirective(_ selection: String, _ reason: String) throws {
        let text = "query L { repository(owner: \"a\", name: \"b\") { id \(selection) } }"
        do {
            _ = try TestDocuments.compile(text)
            Issue.record("compiled: \(selection)")
        } catch {
            let message = "\(error)"
            #expect(message.contains("@connection on "), "\(message)")
            #expect(message.contains(reason), "\(message)")
            #expect(message.contains("test.graphql:1:"), "\(message)")
        }
    }

    @Test func theConnectionIsKeyedByItsKeyAndFiltersNotItsPage() throws {
        let artifacts = try TestDocuments.compile(Self.document)
        let world = try DocumentWorld(Self.document, strategy: .shipped)
        try world.environment.store.commit(Self.page([1]), for: BoundArtifact(try #require(artifacts["IssueList"]),
                                                                               variables: ["states": .array([.string("OPEN")])]))
        let ids = world.environment.store.source.ids.map(\.rawValue)
        #expect(ids.contains("client:R1:__IssueList_issueConnection_connection(states:[\"OPEN\"])"))
        #expect(ids.contains("client:R1:__IssueList_issueConnection_connection(states:[\"OPEN\"]):edges:I1"))
        #expect(!ids.contains { $0.contains("first:") || $0.contains("after:") })
    }
}
