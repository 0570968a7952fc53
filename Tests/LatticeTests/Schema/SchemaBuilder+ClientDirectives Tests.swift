import GraphQLSyntax
import Lattice
import LatticeTesting
import Testing

/// `SchemaBuilder`'s built-in client directives (`ClientDirective.declarations`): a schema needs
/// no declaration of them, may repeat Lattice's, and is refused at a declaration that differs.
@Suite struct SchemaBuilderClientDirectivesTests {
    static let schemaSDL = """
    type Query { issues(first: Int, after: String): IssueConnection! viewer: User }
    type User { id: ID! login: String }
    type IssueConnection { edges: [IssueEdge!]! pageInfo: PageInfo! }
    type IssueEdge { cursor: String! node: User }
    type PageInfo { hasNextPage: Boolean! endCursor: String }
    """

    static let document = GraphQLSource(text: """
    query Issues @throwOnFieldError @expires(seconds: 60) {
      viewer { login @required(action: LOG) }
      issues(first: 10) @connection(key: "Issues_issues") @catch(to: RESULT) {
        edges { cursor node { id } }
        pageInfo { hasNextPage endCursor }
      }
    }
    """, name: "Issues.graphql")

    @Test func aSchemaWithoutTheDirectivesCompilesDocumentsThatUseThem() throws {
        let schema = try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schemaSDL, name: "schema.graphql")])
        for name in ClientDirective.names { #expect(schema.directives[name] != nil, "@\(name) is not built in") }
        #expect(schema.types["RequiredAction"] != nil && schema.types["CatchTarget"] != nil)
        let program = try Program(schema: schema, documents: [Self.document])
        #expect(program["Issues"] != nil)
    }

    @Test func theBuiltInDeclarationsAreSpecsDirectivesFile() throws {
        #expect(ClientDirective.declarations == (try Spec.locate().directives()))
    }

    @Test func aSchemaThatDeclaresThemAsLatticeDoesBuildsAsOneThatDoesNot() throws {
        let declaring = try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schemaSDL, name: "schema.graphql"),
                                                          GraphQLSource(text: try Spec.locate().directives(),
                                                                        name: "directives.graphql")])
        let bare = try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schemaSDL, name: "schema.graphql")])
        #expect(declaring.digest == bare.digest)
        #expect(Set(declaring.directives.keys) == Set(bare.directives.keys))
        // Order, descriptions and an enum's value order aside, it is the same declaration.
        _ = try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schemaSDL + """

            "Said otherwise."
            directive @catch(to: CatchTarget = RESULT) on QUERY | MUTATION | FIELD | FRAGMENT_DEFINITION
            enum CatchTarget { NULL RESULT }
            """, name: "schema.graphql")])
    }

    @Test(arguments: [
        ("directive @required(action: RequiredAction! = LOG) on FIELD", "@required", 1, 12),
        ("directive @connection(key: String!) on FIELD", "@connection", 1, 12),
        ("directive @expires(seconds: Int!) on QUERY | FIELD", "@expires", 1, 12),
        ("directive @deleteRecord repeatable on FIELD", "@deleteRecord", 1, 12),
        ("enum CatchTarget { RESULT }", "CatchTarget", 1, 6),
        ("type RequiredAction { level: Int }", "RequiredAction", 1, 6),
    ])
    func aDeclarationOtherThanLatticesIsRefusedWhereItIs(declaration: String, name: String, line: Int, column: Int) throws {
        let failure = try #require(throws: CompileFailure.self) {
            try SchemaBuilder.build(sources: [GraphQLSource(text: Self.schemaSDL, name: "schema.graphql"),
                                              GraphQLSource(text: declaration, name: "mine.graphql")])
        }
        let diagnostic = try #require(failure.diagnostics.first)
        #expect(failure.diagnostics.count == 1)
        #expect(diagnostic.file == "mine.graphql" && diagnostic.line == line && diagnostic.column == column)
        guard case .conflictingClientDeclaration(let conflicting, let builtIn) = diagnostic.problem else {
            Issue.record("\(diagnostic.problem)")
            return
        }
        #expect(conflicting == name)
        #expect(builtIn.contains(name.hasPrefix("@") ? "directive \(name)" : "enum \(name)"))
        #expect(diagnostic.problem.description.contains("declared otherwise here"))
    }
}
