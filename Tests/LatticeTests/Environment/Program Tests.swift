import Foundation
import Testing
import Lattice
import LatticeTesting

/// Written as an app would, with `import Lattice` only (no GraphQLSyntax): `GraphQLSource`.
@Suite struct ProgramTests {
    @Test func aRequestSendsTheOperationThenEveryFragmentItReachesInNameOrder() throws {
        let program = try SharedFixtures.get().program
        let screen = try #require(program["IssueScreen"])
        let request = program.request(for: screen, variables: ["number": .int(1)])
        #expect(request.operationName == "IssueScreen")
        #expect(request.variables == ["number": .int(1)])
        #expect(request.query.hasPrefix("query IssueScreen("))
        let fragments = request.query.split(separator: "\n")
            .filter { $0.hasPrefix("fragment ") }
            .map { $0.split(separator: " ")[1] }
        #expect(fragments == ["ActorAvatar_actor", "CommentCard_comment", "IssueComments_query",
                              "IssueHeader_query", "LabelChip_label", "ReactionGroups_reactable"])
    }

    @Test func syntaxAndValidationErrorsAreAllReportedWithTheirPlace() throws {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: "type Query { a: Int }", name: "s.graphql")])
        #expect(throws: CompileFailure.self) {
            try Program(schema: schema, documents: [GraphQLSource(text: "query { a ", name: "bad.graphql")])
        }
        do {
            _ = try Program(schema: schema, documents: [GraphQLSource(text: "query Q { b }", name: "q.graphql")])
            Issue.record("expected a validation error")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["q.graphql:1:11: unknown field b on type Query"])
        }
    }
}
