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

    /// Every operation has a persisted document: the text a request sends, and an id that is
    /// a SHA-256 (64 hex digits) the request carries; fragments have none; the manifest maps
    /// each id to its text; and compiling the same sources again gives the same ids.
    @Test func everyOperationHasAStableDocumentIDOfTheTextItSends() throws {
        let program = try SharedFixtures.get().program
        let operations = program.artifacts.values.filter { $0.kind != .fragment }
        #expect(Set(program.documents.keys) == Set(operations.map(\.name)))
        for operation in operations {
            let document = try #require(program.documents[operation.name])
            let request = program.request(for: operation, variables: [:])
            #expect(document.text == request.query)
            #expect(request.documentID == document.id)
            #expect(document.id.count == 64 && document.id.allSatisfy(\.isHexDigit))
            #expect(program.manifest[document.id] == document.text)
        }
        #expect(program.manifest.count == operations.count)
        #expect(try CompiledSpec.load().program.documents == program.documents)
    }

    /// An operation's id follows its text: an edit changes that one id, and another
    /// operation's stays.
    @Test func editingAnOperationChangesItsIDOnly() throws {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: "type Query { a: Int b: Int }", name: "s.graphql")])
        let before = try Program(schema: schema, documents: [GraphQLSource(text: "query A { a } query B { b }", name: "d.graphql")])
        let after = try Program(schema: schema, documents: [GraphQLSource(text: "query A { a b } query B { b }", name: "d.graphql")])
        #expect(before.documents["A"]?.id != after.documents["A"]?.id)
        #expect(before.documents["B"]?.id == after.documents["B"]?.id)
    }
}
