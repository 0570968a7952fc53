import GraphQLSyntax

/// The text of one GraphQL document and the name its diagnostics print (`NAME:LINE:COLUMN`):
/// what `SchemaBuilder.build(sources:)`, `Compiler.compile(sources:schema:)` and
/// `Program(schema:documents:)` take.
///
/// It is the syntax module's `Source`, named here so an app that imports only `Lattice` can
/// build a schema and a program without depending on `GraphQLSyntax` (whose parser and AST
/// stay out of the app's namespace). `GraphQLSource(text:name:)` copies the text's UTF-8
/// bytes: O(length).
public typealias GraphQLSource = GraphQLSyntax.Source

extension GraphQLSource {
    /// The last path component of a source's name (`Sources/App/Row.graphql` → `Row.graphql`):
    /// what generated code names a source by, so its text and its compiled form's locations do
    /// not depend on where the files were checked out. - Complexity: O(length of the name).
    package static func fileName(_ name: String) -> String {
        String(name.split(separator: "/").last ?? Substring(name))
    }
}
