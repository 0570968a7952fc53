import Foundation
import Testing
import Lattice
import LatticeTesting

/// Fragment arguments (`@argumentDefinitions`, `@arguments`): a fragment's own variables,
/// given by its spread or defaulted, read and written under their values, declared in the
/// sent operation as `<Fragment>_<name>` with their values sent; and a `@refetchable`
/// fragment with its own paging variables paged with its derived query.
@MainActor @Suite(.hangGuard) struct FragmentArgumentsTests {
    static let documents = """
    fragment UserAvatar on User @argumentDefinitions(size: {type: "Int", defaultValue: 40}) {
      avatarUrl(size: $size)
    }
    query Viewer($big: Int) { viewer { id ...UserAvatar @arguments(size: $big) } }
    query ViewerDefault { viewer { id ...UserAvatar } }
    """

    func avatar(_ world: DocumentWorld, _ operation: String, variables: [String: JSONValue]) throws -> String? {
        let bound = BoundArtifact(try world.artifact(operation), variables: variables)
        guard let root = world.environment.store.record(.root) else { return nil }
        let viewer: Lens = try Lens(bound, record: root).read("viewer")
        return try viewer.fragment("UserAvatar")?.read("avatarUrl")
    }

    @Test(arguments: PhaseStrategy.allCases)
    func aSpreadsArgumentsOrTheDefaultKeyTheFragmentsFields(_ strategy: PhaseStrategy) throws {
        let world = try DocumentWorld(Self.documents, strategy: strategy)
        let answer = { (url: String) in
            GraphQLResponse(data: .object(["viewer": .object(["id": "VXNlcjox", "avatarUrl": .string(url)])]))
        }
        try world.environment.store.commit(answer("big.png"), for: BoundArtifact(try world.artifact("Viewer"),
                                                                                 variables: ["big": .int(80)]))
        try world.environment.store.commit(answer("default.png"), for: BoundArtifact(try world.artifact("ViewerDefault")))
        let user = try #require(world.environment.store.record(DataID("VXNlcjox")))
        #expect(user.field(FieldKey("avatarUrl(size:80)"))?.value == .scalar("big.png"))
        #expect(user.field(FieldKey("avatarUrl(size:40)"))?.value == .scalar("default.png"))
        #expect(try avatar(world, "Viewer", variables: ["big": .int(80)]) == "big.png")
        #expect(try avatar(world, "ViewerDefault", variables: [:]) == "default.png")
    }

    @Test func theSentTextDeclaresTheFragmentsVariablesInTheOperationAndTheRequestGivesTheirValues() throws {
        let world = try DocumentWorld(Self.documents, strategy: .shipped)
        let request = world.environment.program.request(for: try world.artifact("Viewer"), variables: ["big": .int(80)])
        // $big is used only by the spread's @arguments, which the sent text leaves out: its
        // value goes as UserAvatar_size's, and a server would refuse it declared and unused.
        #expect(request.query.contains("query Viewer($UserAvatar_size: Int)"))
        #expect(request.query.contains("avatarUrl(size: $UserAvatar_size)"))
        #expect(!request.query.contains("@argument"))
        #expect(request.variables == ["big": .int(80), "UserAvatar_size": .int(80)])
        let byDefault = world.environment.program.request(for: try world.artifact("ViewerDefault"), variables: [:])
        #expect(byDefault.variables == ["UserAvatar_size": .int(40)])
    }

    @Test(arguments: [
        ("query Q { viewer { ...UserAvatar @arguments(sise: 1) } }", "unknown argument sise on field @arguments of ...UserAvatar"),
        ("query Q { viewer { ...UserAvatar @arguments(size: \"x\") } }", "size"),
        ("query Q { viewer { ...Needy } }", "@arguments of ...Needy"),
        ("query Q { viewer { ...UserAvatar ...UserAvatar @arguments(size: 2) } }", "UserAvatar, which has @argumentDefinitions, spread 2 times in Q"),
        ("fragment Bad on User @argumentDefinitions(n: {type: \"Nope\"}) { login } query Q { viewer { ...Bad } }", "Nope"),
    ])
    func badFragmentArgumentsAreLocatedCompileErrors(_ text: String, _ reason: String) throws {
        let fragments = """
        fragment UserAvatar on User @argumentDefinitions(size: {type: "Int", defaultValue: 40}) { avatarUrl(size: $size) }
        fragment Needy on User @argumentDefinitions(size: {type: "Int!"}) { avatarUrl(size: $size) }

        """
        do {
            _ = try TestDocuments.compile(fragments + text)
            Issue.record("compiled: \(text)")
        } catch {
            let message = "\(error)"
            #expect(message.contains("test.graphql:"), "\(message)")
            #expect(message.contains(reason), "\(message)")
        }
    }

    static let pagedDocuments = """
    fragment IssueListArgs_repository on Repository @refetchable(queryName: "IssueListArgsPagination")
      @argumentDefinitions(count: {type: "Int", defaultValue: 2}, cursor: {type: "String"}) {
      issueConnection(first: $count, after: $cursor) @connection(key: "IssueListArgs_issueConnection") {
        edges { cursor node { id title } } pageInfo { endCursor hasNextPage }
      }
    }
    query RepositoryArgs { repository(owner: "apple", name: "swift") { id ...IssueListArgs_repository } }
    """

    @Test(arguments: PhaseStrategy.allCases)
    func aRefetchableFragmentPagesWithItsOwnVariables(_ strategy: PhaseStrategy) async throws {
        let world = try DocumentWorld(Self.pagedDocuments, strategy: strategy)
        #expect(try world.artifact("RepositoryArgs").requestText.contains("$IssueListArgs_repository_count: Int"))
        world.transport.enqueue("RepositoryArgs", .respond(PaginationTests.page([1, 2])))
        let screen = world.environment.attach(try world.artifact("RepositoryArgs"))
        await screen.waitForFetch()
        #expect(world.transport.requests.last?.variables["IssueListArgs_repository_count"] == .int(2))
        guard case .ready(let data) = screen.phase, let repository: Lens = try data.read("repository"),
              let fragment = try repository.fragment("IssueListArgs_repository") else {
            throw ReadError.missing(record: .root, field: "repository")
        }
        let pager = try world.environment.paginate(fragment: fragment)
        guard case .object(var answer)? = PaginationTests.page([3, 4], hasNext: false).data,
              case .object(var node)? = answer.removeValue(forKey: "repository") else { throw ReadError.missing(record: .root, field: "page") }
        node["__typename"] = "Repository"
        world.transport.enqueue("IssueListArgsPagination", .respond(GraphQLResponse(data: .object(["node": .object(node)]))))
        try await pager.loadNext(5)
        let sent = try #require(world.transport.requests.last)
        #expect(sent.query.contains("...IssueListArgs_repository\n"))
        #expect(sent.variables["count"] == .int(5))
        #expect(sent.variables["IssueListArgs_repository_cursor"] == .string("c2"))
        #expect(sent.variables["IssueListArgs_repository_count"] == .int(5))
        #expect(PaginationTests.titles(fragment) == ["Issue 1", "Issue 2", "Issue 3", "Issue 4"])
    }
}
