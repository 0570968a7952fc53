import Lattice
import SpecLenses
import Testing

/// A program as `lattice generate` writes one, by hand: spec/'s schema, and two documents, one
/// with a `@refetchable` fragment whose derived query no document defines; its compiled form
/// is the one `lattice generate` writes (empty if the documents do not compile, which the
/// tests below then find).
enum CommentsProgram: GeneratedProgram {
    static let schemaDigest = SpecProgram.schemaDigest
    static let program = Program(generated: CommentsProgram.self)
    static let compiled = (try? Program(schema: SchemaBuilder.build(sources: schema), documents: documents))?.compiledForms ?? [:]
    static var schema: [GraphQLSource] { SpecProgram.schema }
    static var documents: [GraphQLSource] {
        [GraphQLSource(text: """
            fragment IssueComments_issue on Issue @refetchable(queryName: "IssueCommentsPagination")
              @argumentDefinitions(count: {type: "Int", defaultValue: 2}, cursor: {type: "String"}) {
              comments(first: $count, after: $cursor) @connection(key: "IssueComments_comments") {
                edges { cursor node { id body } } pageInfo { endCursor hasNextPage } }
            }
            """, name: "IssueComments_issue.graphql"),
         GraphQLSource(text: "query IssueWithComments($id: ID!) { node(id: $id) { id ...IssueComments_issue } }",
                       name: "IssueWithComments.graphql")]
    }
}

/// `Program(generated:)` decodes each definition at its first use: whatever is asked for
/// first, a derived refetch query included, the program is the one compiled from the text.
@Suite struct GeneratedProgramTests {
    let text: Program

    init() throws {
        text = try Program(schema: try SchemaBuilder.build(sources: CommentsProgram.schema),
                           documents: CommentsProgram.documents)
    }

    @Test(arguments: ["IssueCommentsPagination", "IssueComments_issue", "IssueWithComments"])
    func whateverIsAskedForFirstTheProgramIsTheTextsProgram(first: String) throws {
        let program = Program(generated: CommentsProgram.self)
        let artifact = try #require(program[first])
        let expected = try #require(text[first])
        #expect(artifact.requestText == expected.requestText)
        #expect(artifact.requestFingerprint == expected.requestFingerprint)
        #expect(artifact.refetchQuery == expected.refetchQuery)
        #expect(Set(program.artifacts.keys) == Set(text.artifacts.keys))
        for (name, expected) in text.artifacts {
            #expect(program[name]?.requestFingerprint == expected.requestFingerprint, "\(name)")
        }
        #expect(program.manifest == text.manifest)
    }

    @Test func aNameNoDocumentDefinesIsNotThere() {
        let program = Program(generated: CommentsProgram.self)
        #expect(program["IssueCommentsPaginationX"] == nil)
        #expect(program["IssueWithComments"] != nil)
    }
}
