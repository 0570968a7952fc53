import GraphQLSyntax
import Testing
@testable import Lattice

/// `SchemaBuilder`: a schema's type system documents built into a `Schema`, and a problem in
/// them refused with its place.
@Suite struct SchemaBuilderTests {
    @Test func aDirectiveExtensionNeedsADirectiveDefinedBeforeIt() throws {
        let schema = try SchemaBuilder.build(sources: [Source(text: """
        type Query { a: Int }
        directive @meta on DIRECTIVE_DEFINITION
        directive @d @meta on FIELD
        extend directive @d @meta
        extend directive @skip @meta
        """, name: "schema.graphql")])
        #expect(schema.directives["d"]?.locations == ["FIELD"])
        #expect(throws: CompileFailure(diagnostics: [Diagnostic(file: "schema.graphql", line: 1, column: 41,
                                                                problem: .unknownDirective("later"))])) {
            try SchemaBuilder.build(sources: [Source(text: "type Query { a: Int } extend directive @later @meta "
                                                     + "directive @later on FIELD directive @meta on DIRECTIVE_DEFINITION",
                                                     name: "schema.graphql")])
        }
    }
}
