import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Lattice
import LatticeTesting

/// Lookups from the app's side, against the loopback server (`scripts/server.py`), under the
/// three phase strategies: `node(id:)` of an issue another query wrote is answered from the
/// store with no request under `storeOrNetwork`; one whose record is not there fetches as
/// without lookups. The server's `/documents` count of requests by text says what was sent.
@MainActor @Suite(.hangGuard, .enabled(if: LoopbackServer.isAvailable, Comment(rawValue: LoopbackServer.howToEnable)))
struct LookupsOverHTTPTests {
    static let documents = """
    query LookupIssueList($owner: String!, $name: String!) {
      repository(owner: $owner, name: $name) { issues(first: 3) { nodes { id number title } } }
    }
    query LookupIssue($id: ID!) {
      node(id: $id) { id ... on Issue { number title } }
    }
    """

    /// spec/'s schema with the documents above, `Query.node` a lookup.
    static func program() throws -> Program {
        let schema = try SharedFixtures.get().program.schema
        return try Program(schema: schema, documents: [GraphQLSource(text: documents, name: "lookups.graphql")],
                           lookups: try Lookups(["Query.node"], schema: schema))
    }

    /// The requests the server ran by their text.
    static func requestsSent(_ server: LoopbackServer) async throws -> Int {
        struct Counts: Decodable { var text: Int }
        let (body, _) = try await URLSession.shared.data(from: try server.url("/documents"))
        return try JSONDecoder().decode(Counts.self, from: body).text
    }

    static func environment(_ server: LoopbackServer, _ strategy: PhaseStrategy, image: URL? = nil) throws -> Environment {
        Environment(program: try program(), transport: HTTPTransport(url: try server.url("/graphql")),
                    configuration: .init(strategy: strategy, image: image))
    }

    /// The first issue of the fixture repository's list, fetched in `environment`: its id and title.
    static func firstIssue(in environment: Environment) async throws -> (id: String, title: String) {
        let list = environment.attach(try #require(environment.program["LookupIssueList"]),
                                      variables: ["owner": "lattice-labs", "name": "lattice"])
        await list.waitForFetch()
        guard case .ready(let lens) = list.phase else { throw LookupTestError.notReady("\(list.phase)") }
        let issues: [Lens?] = try lens.read("repository").read("issues").read("nodes")
        let first = try #require(issues.first ?? nil)
        return (first.id.rawValue, try first.read("title"))
    }

    @Test(arguments: PhaseStrategy.allCases)
    func nodeOfARecordInTheStoreSendsNothing(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let environment = try Self.environment(server, strategy)
        let issue = try await Self.firstIssue(in: environment)
        #expect(try await Self.requestsSent(server) == 1)

        let node = environment.attach(try #require(environment.program["LookupIssue"]),
                                      variables: ["id": .string(issue.id)], policy: .storeOrNetwork)
        #expect(node.availability == .available)
        #expect(!node.fetch.activity.isInFlight)
        guard case .ready(let lens) = node.phase else {
            Issue.record("the lookup is not answered: \(node.phase)")
            return
        }
        let read: Lens = try lens.read("node")
        #expect(read.id.rawValue == issue.id)
        #expect(try read.read("title") == issue.title)
        await node.waitForFetch()
        #expect(try await Self.requestsSent(server) == 1)
    }

    @Test(arguments: PhaseStrategy.allCases)
    func nodeOfARecordNotInTheStoreFetches(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let issue = try await Self.firstIssue(in: try Self.environment(server, strategy))
        // Another environment, whose store is empty: the lookup has nothing to answer with.
        let environment = try Self.environment(server, strategy)
        let node = environment.attach(try #require(environment.program["LookupIssue"]),
                                      variables: ["id": .string(issue.id)], policy: .storeOrNetwork)
        #expect(node.availability == .missing)
        await node.waitForFetch()
        #expect(try await Self.requestsSent(server) == 2)
        guard case .ready(let lens) = node.phase else {
            Issue.record("the fetched lookup is not ready: \(node.phase)")
            return
        }
        #expect(try lens.read("node").read("title") == issue.title)
    }
}

extension LookupsOverHTTPTests {
    /// A record the last launch wrote to the image and this launch has not read yet: the
    /// lookup reads its row at the attach and is answered from it, with no request.
    @Test(arguments: PhaseStrategy.allCases)
    func nodeOfARecordInTheImageSendsNothingAfterARelaunch(_ strategy: PhaseStrategy) async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-lookups-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("store.sqlite")
        let issue: (id: String, title: String)
        do {
            let environment = try Self.environment(server, strategy, image: image)
            issue = try await Self.firstIssue(in: environment)
            await environment.imageWritten()
            await environment.closeImage()
        }
        #expect(try await Self.requestsSent(server) == 1)

        let relaunched = try Self.environment(server, strategy, image: image)
        #expect(relaunched.store.record(DataID(issue.id)) == nil)
        let node = relaunched.attach(try #require(relaunched.program["LookupIssue"]),
                                     variables: ["id": .string(issue.id)], policy: .storeOrNetwork)
        #expect(node.availability == .available)
        guard case .ready(let lens) = node.phase else {
            Issue.record("the lookup is not answered from the image: \(node.phase)")
            return
        }
        #expect(try lens.read("node").read("title") == issue.title)
        await node.waitForFetch()
        #expect(try await Self.requestsSent(server) == 1)
    }
}

enum LookupTestError: Error {
    case notReady(String)
}
