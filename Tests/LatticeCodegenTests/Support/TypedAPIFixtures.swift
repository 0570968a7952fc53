import Foundation
import Lattice
import LatticeTesting
import TypedAPILenses

/// Tests/Fixtures/TypedAPI: an app's documents over spec/'s schema, and its generated code
/// (Tests/Generated/TypedAPILenses), as an app uses them.
@MainActor
enum TypedAPIFixtures {
    /// The fixture's folder.
    static let root = CodegenFixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/TypedAPI")
    /// The issue the loopback server's graph has comments for (`Issue:1`).
    static let serverIssue = DataID("SXNzdWU6MQ==")

    /// The documents compiled from their text, for the generator.
    static func compiled() throws -> CompiledSpec {
        try CompiledSpec.load(spec: Spec(root: root))
    }

    /// An environment made from the generated program alone, as an app makes one, over a
    /// fixture transport answering from the fixture's responses unless scripted.
    static func environment(_ strategy: PhaseStrategy) throws -> (environment: Environment, transport: FixtureTransport) {
        let transport = try FixtureTransport(directory: root.appendingPathComponent("responses"))
        return (Environment(program: TypedAPIProgram.program, transport: transport,
                            configuration: .init(strategy: strategy, clock: ManualScheduler())), transport)
    }

    /// An environment over the loopback server, from the generated program alone.
    static func environment(_ server: LoopbackServer, _ strategy: PhaseStrategy) throws -> Environment {
        Environment(program: TypedAPIProgram.program, transport: HTTPTransport(url: try server.url("/graphql")),
                    configuration: .init(strategy: strategy))
    }

    /// A JSON value from its text, for answers a test writes out.
    static func json(_ text: String) throws -> JSONValue {
        try JSONReader.value(from: Data(text.utf8))
    }

    /// A response whose data is the JSON `text`.
    static func response(_ text: String) throws -> GraphQLResponse {
        GraphQLResponse(data: try json(text))
    }

    /// IssueList's page of the issues `numbers` (cursor `c<n>`, id `I<n>`, title `Issue <n>`).
    static func issuePage(_ numbers: [Int], hasNext: Bool) throws -> GraphQLResponse {
        let edges = numbers.map { #"{"cursor": "c\#($0)", "node": {"__typename": "Issue", "id": "I\#($0)", "title": "Issue \#($0)"}}"# }
        let end = numbers.last.map { "\"c\($0)\"" } ?? "null"
        return try response(#"""
            {"repository": {"__typename": "Repository", "id": "R1", "issues": {
              "edges": [\#(edges.joined(separator: ", "))],
              "pageInfo": {"endCursor": \#(end), "hasNextPage": \#(hasNext)}}}}
            """#)
    }

    /// The comments connection of issue `I1` with the comments `numbers` (`C<n>`, body `Comment <n>`).
    static func comments(_ numbers: [Int], hasNext: Bool, total: Int = 5) -> String {
        let edges = numbers.map { #"{"cursor": "k\#($0)", "node": {"__typename": "IssueComment", "id": "C\#($0)", "body": "Comment \#($0)"}}"# }
        let end = numbers.last.map { "\"k\($0)\"" } ?? "null"
        return #"""
            {"totalCount": \#(total), "edges": [\#(edges.joined(separator: ", "))],
             "pageInfo": {"endCursor": \#(end), "hasNextPage": \#(hasNext)}}
            """#
    }

    /// IssueDetail's whole answer for issue `I1`: its body arrived, its comments `numbers`.
    static func issueDetail(comments numbers: [Int], hasNext: Bool) throws -> GraphQLResponse {
        try response(#"""
            {"node": {"__typename": "Issue", "id": "I1", "title": "Crash on launch",
              "body": "It crashes.", "createdAt": "2026-12-01T10:00:00Z",
              "author": {"__typename": "User", "id": "U1", "login": "octo", "name": "Octo Cat"},
              "comments": \#(comments(numbers, hasNext: hasNext))}}
            """#)
    }

    /// The fragment's derived query's page for issue `I1`.
    static func commentsPage(_ numbers: [Int], hasNext: Bool) throws -> GraphQLResponse {
        try response(#"{"node": {"__typename": "Issue", "id": "I1", "comments": \#(comments(numbers, hasNext: hasNext))}}"#)
    }
}
