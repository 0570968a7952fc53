import Testing
import Lattice

/// Client schema files (`SchemaBuilder.build(sources:clientSources:)`): what they add is marked
/// client-only, left out of the sent text and of the digest; each bad file is refused at its
/// `FILE:LINE:COLUMN`.
@Suite struct ClientSchemaTests {
    static let server = GraphQLSource(text: """
    type Query { book(id: ID!): Book, books: [Book!]! }
    type Book { id: ID!, title: String!, author: Author }
    type Author { name: String! }
    interface Named { name: String! }
    """, name: "schema.graphql")

    static func build(_ client: String) throws(CompileFailure) -> Schema {
        try SchemaBuilder.build(sources: [server], clientSources: [GraphQLSource(text: client, name: "client.graphql")])
    }

    /// The one diagnostic building `client` gives, as `FILE:LINE:COLUMN: problem`.
    static func refusal(_ client: String) throws -> String {
        let failure = try #require(throws: CompileFailure.self) { try build(client) }
        #expect(failure.diagnostics.count == 1, "\(failure)")
        return try #require(failure.diagnostics.first).description
    }

    @Test func clientFieldsAndTypesAreMarkedAndTheDigestIsTheServers() throws {
        let schema = try Self.build("""
        extend type Book { isSelected: Boolean, shelf: Shelf }
        type Shelf { label: String! }
        enum Mood { HAPPY SAD }
        """)
        #expect(schema.field("isSelected", on: "Book")?.isClientOnly == true)
        #expect(schema.field("title", on: "Book")?.isClientOnly == false)
        #expect(schema.types["Shelf"]?.isClientOnly == true)
        #expect(schema.field("label", on: "Shelf")?.isClientOnly == true)
        #expect(schema.types["Mood"]?.isClientOnly == true)
        #expect(schema.types["Book"]?.isClientOnly == false)
        #expect(schema.digest == (try SchemaBuilder.build(sources: [Self.server])).digest)
        #expect(schema.clientSources.map(\.name) == ["client.graphql"])
    }

    @Test func badClientFilesAreRefusedWhereTheyAre() throws {
        #expect(try Self.refusal("extend type Shelf { label: String }")
                == "client.graphql:1:13: client schema: extends type Shelf, which the schema does not have")
        #expect(try Self.refusal("\nextend type Book { isSelected: Boolean, title: String }")
                == "client.graphql:2:41: client schema: client field Book.title collides with a field of the server's schema")
        #expect(try Self.refusal("extend type Book { a: Int }\nextend type Book { a: Int }")
                == "client.graphql:2:20: client schema: client field Book.a collides with an earlier client field")
        #expect(try Self.refusal("extend type Book { isSelected(on: Int): Boolean }")
                == "client.graphql:1:31: client schema: client field Book.isSelected takes arguments; client fields take none")
        #expect(try Self.refusal("extend type Book { shelf: Shelf }")
                == "client.graphql:1:27: unknown type Shelf")
        #expect(try Self.refusal("extend type Book implements Named { name: String! }")
                == "client.graphql:1:29: client schema: an extension of Book adds an interface; a client file adds fields only")
        #expect(try Self.refusal("extend interface Named { nick: String }")
                == "client.graphql:1:1: client schema: a client schema file holds `extend type`, `type` and `enum` definitions only")
        #expect(try Self.refusal("type Book { x: Int }").hasPrefix("client.graphql:1:6: "))
        #expect(try Self.refusal("extend type Book { isSelected: Boolean")
                .hasPrefix("client.graphql:1:39: "))
    }

    @Test func theSentTextLeavesClientFieldsOutAndTheCompiledFormKeepsTheirMark() throws {
        let program = try ClientSchemaProgram.compiledProgram()
        let books = try #require(program["Books"])
        #expect(books.requestText == """
        query Books {
          books {
            title
            author {
              __typename
            }
            id
          }
        }
        """)
        let set = try #require(books.selectionSet.selections.compactMap { node -> FieldNode? in
            if case .field(let field) = node { field } else { nil }
        }.first?.selectionSet)
        let fields = set.selections.compactMap { node -> FieldNode? in if case .field(let field) = node { field } else { nil } }
        #expect(fields.filter(\.isClientOnly).map(\.name) == ["isSelected"])
        #expect(fields.first { $0.name == "title" }?.isClientOnly == false)
        // The compiled form (what generated code carries) keeps the mark.
        let decoded = try #require(ClientSchemaProgram.program["Books"])
        #expect(decoded.requestText == books.requestText)
        let decodedSet = try #require(decoded.selectionSet.selections.compactMap { node -> FieldNode? in
            if case .field(let field) = node { field } else { nil }
        }.first?.selectionSet)
        #expect(decodedSet.selections.compactMap { node -> String? in
            if case .field(let field) = node, field.isClientOnly { field.name } else { nil }
        } == ["isSelected"])
        #expect(ClientSchemaProgram.program.schema.field("isSelected", on: "Book")?.isClientOnly == true)
    }
}

/// A generated program over `ClientSchemaTests.server` with client fields, its compiled forms
/// made by compiling the documents (as `lattice generate` does).
private enum ClientSchemaProgram: GeneratedProgram {
    static var schema: [GraphQLSource] { [ClientSchemaTests.server] }
    static var clientSchema: [GraphQLSource] {
        [GraphQLSource(text: "extend type Book { isSelected: Boolean }\nextend type Author { isFollowed: Boolean }",
                       name: "client.graphql")]
    }
    static var documents: [GraphQLSource] {
        [GraphQLSource(text: "query Books { books { title isSelected author { isFollowed } } }", name: "Books.graphql")]
    }
    static var schemaDigest: String { "" }
    static var compiled: [String: String] { (try? compiledProgram())?.compiledForms ?? [:] }
    static let program = Program(generated: ClientSchemaProgram.self)

    static func compiledProgram() throws -> Program {
        try Program(schema: try SchemaBuilder.build(sources: schema, clientSources: clientSchema), documents: documents)
    }
}
